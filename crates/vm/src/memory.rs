//! Graph-organised memory (DiVM §3.2): every allocation is a separate object; pointers are
//! (object id, offset) pairs; the set of pointers stored in an object is recorded in its shadow,
//! so the pointer graph can be recovered from memory alone.
//!
//! # Invariants
//!
//! * An [`Object`] holds `data` and `def` of equal length: bit *i* of `def` says whether bit *i*
//!   of `data` is defined (bit-precise definedness, so bitfields written one at a time stay
//!   defined).
//! * `ptrs` is sorted by offset and lists the [`PtrSlot`]s: the places where a whole pointer is
//!   stored. A store that overlaps a slot without being that same whole slot removes the entry
//!   (the bytes that remain are a plain integer).
//! * Two slot widths (ILP32 support, `--m32`): an 8-byte slot (LP64 memory, and every register of
//!   a frame) holds the whole pointer value `(obj << 32) | offset` in its bytes; a 4-byte slot
//!   (ILP32 memory) holds only the offset in its bytes and keeps the object id in the shadow
//!   entry. Either way the program sees a plausible address in the bytes, and the VM recovers the
//!   object from the shadow. A load of 4 bytes from a 4-byte slot gives back the full pointer; a
//!   load of any other width gives plain bits. The VM's registers are always 64 bits wide.
//! * A pointer value is `(obj << 32) | offset` with the pointer flag set in the register or shadow.
//!   Object id 0 is the null object (never allocated). Ids with [`CODE_TAG`] set are code pointers
//!   (function ids); [`INVALID_OBJ`] marks a pointer whose offset overflowed — it never becomes
//!   valid again.
//! * Object ids are never reused along an execution path, so a dangling pointer is recognised
//!   exactly. Objects are shared between states (`Rc`) and copied on first write.

use std::rc::Rc;

pub use vigil_semantics::scalar::{decode, encode, mask, Scalar, INVALID_OBJ};

/// Marks code pointers: `obj = CODE_TAG | function id`.
pub const CODE_TAG: u32 = 0x8000_0000;
/// The object id that pointers to freed objects get when a state is rebuilt from its canonical
/// form: never live, but counted as allocated (accesses are use-after-free).
pub const DANGLING_OBJ: u32 = 0x7fff_fffe;
/// Bytes of a pointer in a register slot and in LP64 memory.
pub const PTR_BYTES: u32 = 8;
/// Bytes of a pointer in ILP32 memory.
pub const NARROW_PTR_BYTES: u32 = 4;
/// The `obj` of a [`PtrSlot`] that is 8 bytes wide (the object id is in the bytes).
pub const WIDE: u32 = u32::MAX;
/// Marks a *symbolic slot* (`machine::symdata`): `obj = SYM_TAG | (len - 1) << 27 | handle`,
/// bytes `[off, off+len)` hold the value of bit-vector term number `handle`. Its data bytes are
/// zero and undefined, so code that does not know symbolic values reads them as uninitialised
/// (a sound fallback). Includes [`CODE_TAG`], so the canonical walk leaves it alone.
pub const SYM_TAG: u32 = 0xC000_0000;
/// The largest handle of a symbolic slot (the bits below the length; [`WIDE`] is excluded).
pub const SYM_MAX_HANDLE: u32 = (1 << 27) - 2;

/// Where a pointer is stored in an object.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct PtrSlot {
    pub off: u32,
    /// [`WIDE`] for an 8-byte slot, else the object id of a 4-byte slot's pointer.
    pub obj: u32,
}

impl PtrSlot {
    /// Width in bytes.
    #[inline]
    pub fn len(&self) -> u32 {
        if self.obj == WIDE {
            PTR_BYTES
        } else if let Some((len, _)) = self.sym() {
            len
        } else {
            NARROW_PTR_BYTES
        }
    }

    /// A symbolic slot of `len` (1..=8) bytes holding term `handle` (≤ [`SYM_MAX_HANDLE`]).
    pub fn symbolic(off: u32, len: u32, handle: u32) -> PtrSlot {
        debug_assert!((1..=8).contains(&len) && handle <= SYM_MAX_HANDLE);
        PtrSlot { off, obj: SYM_TAG | ((len - 1) << 27) | handle }
    }

    /// `(length in bytes, term handle)` of a symbolic slot; None for a pointer slot.
    #[inline]
    pub fn sym(&self) -> Option<(u32, u32)> {
        if self.obj & SYM_TAG == SYM_TAG && self.obj != WIDE {
            Some((((self.obj >> 27) & 7) + 1, self.obj & ((1 << 27) - 1)))
        } else {
            None
        }
    }

    /// Always false (a slot has a width); for clippy's `len` convention.
    pub fn is_empty(&self) -> bool {
        false
    }
}

/// What an object is, for bounds of what the program may do with it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ObjKind {
    /// `malloc` and friends (`__vm_obj_make`): may be freed by the program.
    Heap,
    /// A global variable.
    Global,
    /// A read-only global (`const`, string literals).
    Constant,
    /// A function frame: header, registers, alloca list.
    Frame,
    /// Stack memory of an `alloca`, freed with its frame.
    Alloca,
    /// An alloca between `llvm.lifetime.end` and the next `llvm.lifetime.start` (a block-scoped
    /// local whose block was left): still owned by its frame, but any access is through a
    /// dangling pointer. Its bytes are cleared (undefined, no pointers), so it keeps nothing
    /// reachable and states that differ only in a dead variable's last value are equal.
    OutOfScope,
    /// An earlier instance of a block-scoped local: when the block is entered again
    /// (`llvm.lifetime.start` on an [`ObjKind::OutOfScope`] alloca), the pointers into it that
    /// memory still holds point to the instance whose lifetime ended (C11 6.2.4p6: a new instance
    /// each time the block is entered; p2: a pointer to an ended object is indeterminate), so they
    /// are moved to an object of this kind, empty and owned by no frame. Any access through them,
    /// or comparison, is undefined behaviour; natively they reach the new instance at the same
    /// address, which no sanitizer reports. Unreachable once no pointer leads to it.
    EarlierInstance,
    /// The extra arguments of a variadic call (x86-64's overflow area, i386's argument slots),
    /// owned by the callee's frame like an alloca; `va_list`s point into it. An access past its
    /// end is `va_arg` beyond the arguments passed ([`crate::FaultKind::VaArgBeyondArguments`]).
    VarArgs,
    /// Heap memory of the runtime's own bookkeeping (`__vm_obj_make_internal`): a thread's
    /// thread-specific values, the `atexit` handler list, `qsort`'s buffer, a memory stream's
    /// read buffer. glibc keeps such things in static storage or in allocations of its own that
    /// are no program's business, so they are never memory the program failed to free
    /// (`valid-memcleanup`) nor memory it lost (`valid-memtrack`); what they point to is
    /// reachable through them. The runtime frees them with `__vm_obj_free`, as heap objects.
    Internal,
}

/// One object of the graph.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Object {
    pub kind: ObjKind,
    pub data: Vec<u8>,
    pub def: Vec<u8>,
    pub ptrs: Vec<PtrSlot>,
    /// Undefined bytes were copied out of or into this object (`memcpy`, struct copies): a value
    /// chosen for them here need not be the one chosen for the copy elsewhere (see
    /// `machine`, "Uninitialised values"). Cleared with the contents ([`Object::clear`]).
    pub undef_copied: bool,
    /// Reachable from more than one thread (DiVM's dynamic sharedness, see `machine::sharing`):
    /// accesses to it are visible actions once the program has several threads. Globals start
    /// shared; other objects become shared when a pointer to them is stored into a shared object
    /// or handed to another thread, and stay shared. Not cleared with the contents.
    pub shared: bool,
}

impl Object {
    /// A new object of `size` bytes, all undefined (or all zero and defined if `zeroed`).
    pub fn new(kind: ObjKind, size: usize, zeroed: bool) -> Object {
        Object {
            kind,
            data: vec![0; size],
            def: vec![if zeroed { 0xff } else { 0 }; size],
            ptrs: Vec::new(),
            undef_copied: false,
            shared: false,
        }
    }

    pub fn size(&self) -> u32 {
        self.data.len() as u32
    }

    /// Removes pointer slots overlapping `[off, off+len)`.
    #[inline]
    fn clear_ptrs(&mut self, off: u32, len: u32) {
        if self.ptrs.is_empty() {
            return;
        }
        // Slots are sorted by offset and do not overlap, so their ends are sorted too: the
        // slots overlapping the range are one run, found by two binary searches.
        let end = off + len;
        let first = self.ptrs.partition_point(|p| p.off + p.len() <= off);
        let last = first + self.ptrs[first..].partition_point(|p| p.off < end);
        if first < last {
            self.ptrs.drain(first..last);
        }
    }

    fn add_ptr(&mut self, slot: PtrSlot) {
        match self.ptrs.binary_search_by_key(&slot.off, |p| p.off) {
            Ok(i) => self.ptrs[i] = slot,
            Err(i) => self.ptrs.insert(i, slot),
        }
    }

    /// The pointer slot starting at `off`.
    pub fn slot_at(&self, off: u32) -> Option<PtrSlot> {
        if self.ptrs.is_empty() {
            return None;
        }
        self.ptrs.binary_search_by_key(&off, |p| p.off).ok().map(|i| self.ptrs[i])
    }

    /// Does a read of `[off, off+len)` see part of a 4-byte pointer slot without being exactly
    /// that slot (so it gets offset bytes without the object they belong to)?
    pub fn splits_narrow_pointer(&self, off: u32, len: u32) -> bool {
        let end = off + len;
        self.ptrs.iter().any(|p| {
            p.obj != WIDE && p.sym().is_none() && p.off < end && off < p.off + NARROW_PTR_BYTES && !(p.off == off && len == NARROW_PTR_BYTES)
        })
    }

    pub fn has_ptr_at(&self, off: u32) -> bool {
        self.slot_at(off).is_some()
    }

    /// The pointer stored in `slot`, as `(object, offset)`.
    pub fn pointer_in(&self, slot: PtrSlot) -> (u32, u32) {
        let o = slot.off as usize;
        if slot.sym().is_some() {
            // Not a pointer: the tag (a code-pointer id to the canonical walk) and no offset.
            (slot.obj, 0)
        } else if slot.obj == WIDE {
            decode(u64::from_le_bytes(self.data[o..o + 8].try_into().expect("slot in bounds")))
        } else {
            (slot.obj, u32::from_le_bytes(self.data[o..o + 4].try_into().expect("slot in bounds")))
        }
    }

    /// Replaces the object id of the pointer in `slot` (canonical renumbering).
    pub fn set_pointer_object(&mut self, slot: PtrSlot, obj: u32) {
        let (_, off) = self.pointer_in(slot);
        if slot.obj == WIDE {
            let o = slot.off as usize;
            self.data[o..o + 8].copy_from_slice(&encode(obj, off).to_le_bytes());
        } else {
            self.add_ptr(PtrSlot { off: slot.off, obj });
        }
    }

    /// Reads `len` ≤ 8 bytes little-endian at `off` (bounds already checked) as a scalar.
    #[inline]
    pub fn read(&self, off: u32, len: u32) -> Scalar {
        let (o, l) = (off as usize, len as usize);
        let mut bits = [0u8; 8];
        let mut def = [0u8; 8];
        bits[..l].copy_from_slice(&self.data[o..o + l]);
        def[..l].copy_from_slice(&self.def[o..o + l]);
        let mut v = Scalar { bits: u64::from_le_bytes(bits), def: u64::from_le_bytes(def), ptr: false };
        if len == PTR_BYTES || len == NARROW_PTR_BYTES {
            match self.slot_at(off) {
                Some(s) if s.obj == WIDE && len == PTR_BYTES => v.ptr = true,
                Some(s) if s.obj != WIDE && s.sym().is_none() && len == NARROW_PTR_BYTES => {
                    v.bits = encode(s.obj, v.bits as u32);
                    // A pointer is defined when all its bytes are.
                    v.def = if v.def == 0xffff_ffff { u64::MAX } else { v.def };
                    v.ptr = true;
                }
                _ => {}
            }
        }
        v
    }

    /// Reads the low `len` ≤ 8 bytes of the 8-byte register slot at `off` (a frame's register
    /// slots are 8-aligned and at least 8 bytes long, so a whole word can be loaded).
    #[inline]
    pub fn read_slot(&self, off: u32, len: u32) -> Scalar {
        let o = off as usize;
        let m = mask(len * 8);
        let word = |v: &[u8]| u64::from_le_bytes(v[o..o + 8].try_into().expect("register slots are 8 bytes"));
        let ptr = len == PTR_BYTES && self.slot_at(off).is_some_and(|s| s.obj == WIDE);
        Scalar { bits: word(&self.data) & m, def: word(&self.def) & m, ptr }
    }

    /// Writes a scalar of `len` ≤ 8 bytes into the 8-byte register slot at `off`; the slot's
    /// bytes beyond `len` become zero and undefined.
    #[inline]
    pub fn write_slot(&mut self, off: u32, len: u32, v: Scalar) {
        let o = off as usize;
        let m = mask(len * 8);
        self.data[o..o + 8].copy_from_slice(&(v.bits & m).to_le_bytes());
        self.def[o..o + 8].copy_from_slice(&(v.def & m).to_le_bytes());
        self.clear_ptrs(off, 8);
        if v.ptr && len == PTR_BYTES {
            self.add_ptr(PtrSlot { off, obj: WIDE });
        }
    }

    /// Writes the low `len` ≤ 8 bytes of a scalar at `off` (bounds already checked). A pointer
    /// written with 8 bytes takes an 8-byte slot; with 4 bytes (an ILP32 pointer store) a 4-byte
    /// slot whose bytes are the offset.
    #[inline]
    pub fn write(&mut self, off: u32, len: u32, v: Scalar) {
        let (o, l) = (off as usize, len as usize);
        self.data[o..o + l].copy_from_slice(&v.bits.to_le_bytes()[..l]);
        self.def[o..o + l].copy_from_slice(&v.def.to_le_bytes()[..l]);
        self.clear_ptrs(off, len);
        if v.ptr {
            if len == PTR_BYTES {
                self.add_ptr(PtrSlot { off, obj: WIDE });
            } else if len == NARROW_PTR_BYTES {
                self.add_ptr(PtrSlot { off, obj: decode(v.bits).0 });
            }
        }
    }

    /// Writes a symbolic slot: `len` bytes at `off` hold term `handle` (bytes zero and
    /// undefined underneath, see [`SYM_TAG`]).
    pub fn write_sym(&mut self, off: u32, len: u32, handle: u32) {
        let (o, l) = (off as usize, len as usize);
        self.data[o..o + l].fill(0);
        self.def[o..o + l].fill(0);
        self.clear_ptrs(off, len);
        self.add_ptr(PtrSlot::symbolic(off, len, handle));
    }

    /// The symbolic slots overlapping `[off, off+len)`.
    pub fn syms_in(&self, off: u32, len: u32) -> impl Iterator<Item = PtrSlot> + '_ {
        let end = off + len;
        self.ptrs.iter().copied().filter(move |p| p.sym().is_some() && p.off < end && off < p.off + p.len())
    }

    /// Whether any of the bytes `[off, off+len)` (bounds already checked) has an undefined bit.
    /// Bytes of a symbolic slot (shadow 0) hold a value, not an undefined one.
    pub fn has_undefined(&self, off: u32, len: u32) -> bool {
        let undefined = |i: u32| self.def[i as usize] != 0xff;
        if self.syms_in(off, len).next().is_none() {
            return (off..off + len).any(undefined);
        }
        (off..off + len).any(|i| undefined(i) && self.syms_in(i, 1).next().is_none())
    }

    /// Copies `len` bytes with their shadows from `src[soff..]` to `self[doff..]` (bounds
    /// already checked; the ranges may belong to the same object and overlap).
    pub fn copy_from(&mut self, doff: u32, src: &Object, soff: u32, len: u32) {
        let (d, s, l) = (doff as usize, soff as usize, len as usize);
        self.data[d..d + l].copy_from_slice(&src.data[s..s + l]);
        self.def[d..d + l].copy_from_slice(&src.def[s..s + l]);
        self.clear_ptrs(doff, len);
        for p in &src.ptrs {
            if p.off >= soff && p.off + p.len() <= soff + len {
                self.add_ptr(PtrSlot { off: p.off - soff + doff, obj: p.obj });
            }
        }
    }

    /// The bytes `[off, off+len)` with their shadows, as a new object (bounds already checked).
    pub fn slice(&self, off: u32, len: u32) -> Object {
        let mut out = Object::new(self.kind, len as usize, false);
        out.copy_from(0, self, off, len);
        out
    }

    /// Copies within one object (memmove semantics).
    pub fn copy_within(&mut self, doff: u32, soff: u32, len: u32) {
        let (d, s, l) = (doff as usize, soff as usize, len as usize);
        self.data.copy_within(s..s + l, d);
        self.def.copy_within(s..s + l, d);
        let moved: Vec<PtrSlot> = self
            .ptrs
            .iter()
            .filter(|p| p.off >= soff && p.off + p.len() <= soff + len)
            .map(|p| PtrSlot { off: p.off - soff + doff, obj: p.obj })
            .collect();
        self.clear_ptrs(doff, len);
        for p in moved {
            self.add_ptr(p);
        }
    }

    /// No byte defined or set, no pointer slot: what [`Object::clear`] leaves.
    pub fn is_clear(&self) -> bool {
        self.ptrs.is_empty() && !self.undef_copied && self.data.iter().all(|b| *b == 0) && self.def.iter().all(|b| *b == 0)
    }

    /// Makes every byte undefined and drops every pointer (an alloca entering or leaving its
    /// scope).
    pub fn clear(&mut self) {
        self.data.fill(0);
        self.def.fill(0);
        self.ptrs.clear();
        self.undef_copied = false;
    }

    /// Sets `len` bytes at `off` to `byte` (with the definedness of `def`).
    pub fn fill(&mut self, off: u32, len: u32, byte: u8, def: u8) {
        let (o, l) = (off as usize, len as usize);
        self.data[o..o + l].fill(byte);
        self.def[o..o + l].fill(def);
        self.clear_ptrs(off, len);
    }

    /// Grows or shrinks the object; new bytes are undefined.
    pub fn resize(&mut self, size: u32) {
        self.data.resize(size as usize, 0);
        self.def.resize(size as usize, 0);
        self.ptrs.retain(|p| p.off + p.len() <= size);
    }
}

/// The heap: all objects of one state, indexed by id.
///
/// Invariant: bit `id` of `live` is set exactly when `objects[id]` is `Some`. Ids are never
/// reused, so a long transition (a call makes a frame object) leaves many freed ids behind; the
/// bitmap lets [`Heap::live_ids_after`] skip them 64 at a time instead of reading each slot.
#[derive(Debug, Default)]
pub struct Heap {
    objects: Vec<Option<Rc<Object>>>,
    live: Vec<u64>,
}

/// Room left for new objects when a heap is copied or rebuilt, so that the allocations of a
/// transition (frames of the calls it makes) rarely grow the table.
const SPARE_IDS: usize = 16;

impl Clone for Heap {
    fn clone(&self) -> Heap {
        let mut objects = Vec::with_capacity(self.objects.len() + SPARE_IDS);
        objects.extend(self.objects.iter().cloned());
        Heap { objects, live: self.live.clone() }
    }
}

impl Heap {
    pub fn new() -> Heap {
        // Object 0 is the null object and never exists.
        Heap { objects: vec![None], live: vec![0] }
    }

    /// Sets or clears the live bit of `id`.
    fn mark_live(&mut self, id: usize, live: bool) {
        let word = id / 64;
        if word >= self.live.len() {
            self.live.resize(word + 1, 0);
        }
        if live {
            self.live[word] |= 1 << (id % 64);
        } else {
            self.live[word] &= !(1 << (id % 64));
        }
    }

    /// Allocates a new object and returns its id (never reused).
    pub fn alloc(&mut self, obj: Object) -> u32 {
        let id = self.objects.len();
        self.objects.push(Some(Rc::new(obj)));
        self.mark_live(id, true);
        id as u32
    }

    /// A heap whose objects 1..=n are the given shared objects (a state rebuilt from its
    /// canonical form; objects are copied only when written).
    pub fn from_shared(objects: impl IntoIterator<Item = Rc<Object>>) -> Heap {
        let objects = objects.into_iter();
        let mut v = Vec::with_capacity(1 + objects.size_hint().0 + SPARE_IDS);
        v.push(None);
        v.extend(objects.map(Some));
        // Ids 1..n are live, id 0 (null) is not.
        let n = v.len();
        let mut live = vec![u64::MAX; n.div_ceil(64)];
        if n % 64 != 0 {
            *live.last_mut().expect("n > 0") = (1 << (n % 64)) - 1;
        }
        live[0] &= !1;
        Heap { objects: v, live }
    }

    /// The shared object itself.
    pub fn get_rc(&self, id: u32) -> Option<&Rc<Object>> {
        self.objects.get(id as usize).and_then(|o| o.as_ref())
    }

    pub fn get(&self, id: u32) -> Option<&Object> {
        self.objects.get(id as usize).and_then(|o| o.as_deref())
    }

    /// Mutable access, copying the object if a snapshot shares it.
    #[inline]
    pub fn get_mut(&mut self, id: u32) -> Option<&mut Object> {
        self.objects.get_mut(id as usize).and_then(|o| o.as_mut()).map(Rc::make_mut)
    }

    /// Sets object `id`'s kind and clears its contents ([`Object::clear`]). An object another
    /// state shares is replaced by a new one rather than copied first, and one that already
    /// has that kind and no contents is left as it is (so it stays shared).
    pub fn reset(&mut self, id: u32, kind: ObjKind) {
        let Some(Some(rc)) = self.objects.get_mut(id as usize) else { return };
        if rc.kind == kind && rc.is_clear() {
            return;
        }
        if let Some(o) = Rc::get_mut(rc) {
            o.kind = kind;
            o.clear();
        } else {
            let mut fresh = Object::new(kind, rc.data.len(), false);
            fresh.shared = rc.shared;
            *rc = Rc::new(fresh);
        }
    }

    /// Moves every pointer into `obj` that an object other than a frame holds (offsets kept) to
    /// one new [`ObjKind::EarlierInstance`] object of `obj`'s size, shared if a holder is, and
    /// returns its id (None when no such pointer exists). Frames are skipped: their registers
    /// hold the alloca itself. See `machine::intrinsic` (`lifetime`).
    pub fn retire_instance(&mut self, obj: u32) -> Option<u32> {
        let mut earlier: Option<u32> = None;
        let holds = |o: &Object| {
            o.kind != ObjKind::Frame && o.ptrs.iter().any(|s| s.sym().is_none() && o.pointer_in(*s).0 == obj)
        };
        let holders: Vec<u32> = self.live_ids().filter(|&id| self.get(id).is_some_and(|o| !o.ptrs.is_empty() && holds(o))).collect();
        for id in holders {
            let Some(o) = self.get(id) else { continue };
            let slots: Vec<PtrSlot> = o.ptrs.iter().copied().filter(|s| s.sym().is_none() && o.pointer_in(*s).0 == obj).collect();
            if slots.is_empty() {
                continue;
            }
            let shared = o.shared;
            let to = match earlier {
                Some(e) => e,
                None => {
                    let size = self.get(obj).map_or(0, |o| o.size() as usize);
                    let e = self.alloc(Object::new(ObjKind::EarlierInstance, size, false));
                    earlier = Some(e);
                    e
                }
            };
            if shared {
                if let Some(e) = self.get_mut(to) {
                    e.shared = true;
                }
            }
            let o = self.get_mut(id).expect("live object");
            for s in slots {
                o.set_pointer_object(s, to);
            }
        }
        earlier
    }

    /// Removes an object; pointers to it become dangling.
    pub fn free(&mut self, id: u32) -> bool {
        match self.objects.get_mut(id as usize) {
            Some(slot @ Some(_)) => {
                *slot = None;
                self.mark_live(id as usize, false);
                true
            }
            _ => false,
        }
    }

    pub fn is_live(&self, id: u32) -> bool {
        self.get(id).is_some()
    }

    /// Whether `id` was allocated at some point (live or freed).
    pub fn was_allocated(&self, id: u32) -> bool {
        id == DANGLING_OBJ || (id != 0 && (id as usize) < self.objects.len())
    }

    /// Ids of live objects.
    pub fn live_ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.live_ids_after(0)
    }

    /// Ids of live objects above `id` (after the globals, with `id` their number).
    pub fn live_ids_after(&self, id: u32) -> impl Iterator<Item = u32> + '_ {
        let first = id as usize + 1;
        let words = self.live.iter().enumerate().skip(first / 64);
        words.flat_map(move |(w, &bits)| {
            // The bits of this word at `first` or above.
            let mut bits = if w == first / 64 { bits & (u64::MAX << (first % 64)) } else { bits };
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros();
                    bits &= bits - 1;
                    (w * 64) as u32 + b
                })
            })
        })
    }

    /// Number of ids handed out so far (live or freed, plus the null id).
    pub fn id_bound(&self) -> u32 {
        self.objects.len() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointer_shadow_survives_copies_and_dies_on_partial_overwrite() {
        let mut a = Object::new(ObjKind::Heap, 24, true);
        a.write(8, 8, Scalar::pointer(3, 4));
        assert!(a.read(8, 8).ptr);
        let mut b = Object::new(ObjKind::Heap, 32, false);
        b.copy_from(16, &a, 8, 8);
        let v = b.read(16, 8);
        assert!(v.ptr && v.bits == encode(3, 4) && v.is_defined(64));
        // A copy of only part of the pointer does not carry the pointer.
        let mut c = Object::new(ObjKind::Heap, 8, false);
        c.copy_from(0, &a, 8, 4);
        assert!(!c.read(0, 8).ptr);
        // Overwriting one byte inside the slot destroys the pointer.
        a.write(11, 1, Scalar::int(0));
        assert!(!a.read(8, 8).ptr);
    }

    #[test]
    fn live_ids_skip_freed_ids_across_words() {
        let mut heap = Heap::new();
        let ids: Vec<u32> = (0..200).map(|_| heap.alloc(Object::new(ObjKind::Heap, 1, false))).collect();
        assert_eq!(ids, (1..=200).collect::<Vec<_>>());
        for id in (1..=200).filter(|id| id % 3 != 0 && *id != 64 && *id != 128) {
            assert!(heap.free(id));
        }
        assert!(!heap.free(5), "already freed");
        let expected: Vec<u32> = (1..=200).filter(|id| id % 3 == 0 || *id == 64 || *id == 128).collect();
        assert_eq!(heap.live_ids().collect::<Vec<_>>(), expected);
        for after in [0, 1, 62, 63, 64, 65, 127, 128, 191, 199, 200, 500] {
            let want: Vec<u32> = expected.iter().copied().filter(|&id| id > after).collect();
            assert_eq!(heap.live_ids_after(after).collect::<Vec<_>>(), want, "after {after}");
        }
        // A rebuilt heap and a copy agree with the original.
        for n in [0, 1, 62, 63, 64, 127, 130] {
            let mut rebuilt = Heap::from_shared((0..n).map(|_| Rc::new(Object::new(ObjKind::Heap, 1, false))));
            assert_eq!(rebuilt.live_ids().collect::<Vec<_>>(), (1..=n).collect::<Vec<_>>(), "{n} objects");
            let next = rebuilt.alloc(Object::new(ObjKind::Heap, 1, false));
            assert_eq!((next, rebuilt.live_ids().last()), (n + 1, Some(n + 1)), "{n} objects, then one more");
        }
        assert_eq!(heap.clone().live_ids().collect::<Vec<_>>(), expected);
    }

    #[test]
    fn retire_instance_moves_kept_pointers_but_not_the_frames() {
        let mut heap = Heap::new();
        let x = heap.alloc(Object::new(ObjKind::OutOfScope, 4, false));
        let other = heap.alloc(Object::new(ObjKind::Alloca, 4, false));
        let mut holder = Object::new(ObjKind::Alloca, 16, false);
        holder.write(0, 8, Scalar::pointer(x, 2));
        holder.write(8, 8, Scalar::pointer(other, 0));
        let holder = heap.alloc(holder);
        let mut frame = Object::new(ObjKind::Frame, 8, false);
        frame.write(0, 8, Scalar::pointer(x, 0));
        let frame = heap.alloc(frame);
        let e = heap.retire_instance(x).expect("a kept pointer");
        let o = heap.get(e).expect("the earlier instance");
        assert_eq!((o.kind, o.size()), (ObjKind::EarlierInstance, 4));
        let h = heap.get(holder).expect("holder");
        assert_eq!(decode(h.read(0, 8).bits), (e, 2), "moved, offset kept");
        assert_eq!(decode(h.read(8, 8).bits), (other, 0), "another object's pointer stays");
        assert_eq!(decode(heap.get(frame).expect("frame").read(0, 8).bits), (x, 0), "the frame's register stays");
        assert_eq!(heap.retire_instance(x), None, "nothing left to move");
    }

    #[test]
    fn reset_clears_in_place_or_replaces_a_shared_object() {
        let mut a = Object::new(ObjKind::Alloca, 16, false);
        a.write(0, 8, Scalar::pointer(3, 0));
        a.write(8, 4, Scalar::int(7));
        a.shared = true;
        let mut heap = Heap::from_shared([Rc::new(a)]);
        let id = heap.id_bound() - 1;
        // Another state holds the same object: it keeps the contents.
        let other = heap.clone();
        heap.reset(id, ObjKind::OutOfScope);
        let o = heap.get(id).expect("live");
        assert_eq!((o.kind, o.size(), o.shared), (ObjKind::OutOfScope, 16, true));
        assert!(o.is_clear() && !o.read(8, 4).is_defined(32));
        let kept = other.get(id).expect("live");
        assert_eq!((kept.kind, kept.read(8, 4).bits), (ObjKind::Alloca, 7));
        assert!(kept.read(0, 8).ptr);
        // Alone, it is cleared where it is; already clear and of that kind, it is left shared.
        drop(other);
        heap.get_mut(id).expect("live").write(0, 1, Scalar::int(1));
        heap.reset(id, ObjKind::Alloca);
        assert!(heap.get(id).is_some_and(|o| o.kind == ObjKind::Alloca && o.is_clear()));
        let copy = heap.clone();
        heap.reset(id, ObjKind::Alloca);
        assert!(std::ptr::eq(heap.get(id).expect("live"), copy.get(id).expect("live")));
    }

    #[test]
    fn definedness_is_per_bit_through_copies() {
        let mut a = Object::new(ObjKind::Heap, 4, false);
        a.write(0, 1, Scalar { bits: 0x5, def: 0x7, ptr: false });
        let v = a.read(0, 4);
        assert_eq!(v.def, 0x7);
        assert!(!v.is_defined(8));
        let mut b = Object::new(ObjKind::Heap, 4, true);
        b.copy_from(0, &a, 0, 4);
        assert_eq!(b.read(0, 4).def, 0x7);
        b.fill(1, 3, 0xab, 0xff);
        assert_eq!(b.read(0, 4).def, 0xffff_ff07);
    }

    #[test]
    fn register_slots_hold_scalars_and_pointers() {
        let mut f = Object::new(ObjKind::Frame, 24, false);
        f.write_slot(8, 8, Scalar::pointer(4, 2));
        let p = f.read_slot(8, 8);
        assert!(p.ptr && p.bits == encode(4, 2) && p.is_defined(64));
        f.write_slot(8, 2, Scalar { bits: 0x1_2345, def: 0xff, ptr: false });
        let v = f.read_slot(8, 2);
        assert_eq!((v.bits, v.def, v.ptr), (0x2345, 0xff, false));
        // The same bytes read through the general path agree.
        assert_eq!(f.read(8, 2), v);
        assert!(!f.read(8, 8).ptr);
    }

    #[test]
    fn narrow_pointer_slots_keep_the_object_in_the_shadow() {
        let mut a = Object::new(ObjKind::Heap, 12, true);
        a.write(4, 4, Scalar::pointer(9, 3));
        // The bytes are the offset; a 4-byte load gives the pointer back.
        assert_eq!(a.read(4, 4).bits & 0xffff_ffff, 3);
        let p = a.read(4, 4);
        assert!(p.ptr && p.bits == encode(9, 3) && p.is_defined(64));
        // An 8-byte load over it, or a 1-byte one, is plain bits.
        assert!(!a.read(4, 8).ptr && !a.read(4, 1).ptr);
        // Copies carry it, partial overwrites destroy it.
        let mut b = Object::new(ObjKind::Heap, 8, false);
        b.copy_from(0, &a, 4, 4);
        assert_eq!(b.read(0, 4), p);
        b.write(2, 1, Scalar::int(0));
        assert!(!b.read(0, 4).ptr);
        // Reading part of the slot (or more than it) sees offset bytes without their object.
        assert!(a.splits_narrow_pointer(4, 1) && a.splits_narrow_pointer(2, 4) && a.splits_narrow_pointer(0, 8));
        assert!(!a.splits_narrow_pointer(4, 4) && !a.splits_narrow_pointer(0, 4) && !a.splits_narrow_pointer(8, 4));
        // Canonical renumbering changes only the shadow.
        let s = a.slot_at(4).expect("slot");
        a.set_pointer_object(s, 2);
        assert_eq!(a.read(4, 4).bits, encode(2, 3));
    }

    #[test]
    fn memmove_within_an_object_moves_pointers() {
        let mut a = Object::new(ObjKind::Heap, 32, true);
        a.write(0, 8, Scalar::pointer(5, 0));
        a.copy_within(8, 0, 16);
        assert!(a.read(8, 8).ptr && a.read(0, 8).ptr);
        assert!(!a.read(16, 8).ptr);
    }

    #[test]
    fn ids_are_not_reused_and_snapshots_are_copy_on_write() {
        let mut h = Heap::new();
        let a = h.alloc(Object::new(ObjKind::Heap, 4, true));
        let snapshot = h.clone();
        h.get_mut(a).expect("live").write(0, 4, Scalar::int(7));
        assert_eq!(snapshot.get(a).expect("live").read(0, 4).bits, 0);
        assert!(h.free(a));
        assert!(!h.free(a));
        let b = h.alloc(Object::new(ObjKind::Heap, 4, true));
        assert_ne!(a, b);
        assert!(h.was_allocated(a) && !h.is_live(a));
    }

    /// Removing the slots that overlap a range (two binary searches) removes exactly those that
    /// a linear scan would, for every range over objects with mixed 8- and 4-byte slots.
    #[test]
    fn clearing_a_range_removes_exactly_the_overlapping_slots() {
        let layouts: [&[(u32, u32)]; 3] = [&[(0, WIDE), (8, 3), (12, 5), (24, WIDE)], &[(4, 7), (16, WIDE)], &[]];
        for layout in layouts {
            for off in 0..34 {
                for len in 1..=9 {
                    let mut o = Object::new(ObjKind::Heap, 40, true);
                    o.ptrs = layout.iter().map(|&(off, obj)| PtrSlot { off, obj }).collect();
                    let end = off + len;
                    let expect: Vec<PtrSlot> =
                        o.ptrs.iter().copied().filter(|p| p.off + p.len() <= off || p.off >= end).collect();
                    o.clear_ptrs(off, len);
                    assert_eq!(o.ptrs, expect, "layout {layout:?}, range {off}+{len}");
                }
            }
        }
    }
}
