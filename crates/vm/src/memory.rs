//! Graph-organised memory (DiVM §3.2): every allocation is a separate object; pointers are
//! (object id, offset) pairs; the set of pointers stored in an object is recorded in its shadow,
//! so the pointer graph can be recovered from memory alone.
//!
//! # Invariants
//!
//! * An [`Object`] holds `data` and `def` of equal length: bit *i* of `def` says whether bit *i*
//!   of `data` is defined (bit-precise definedness, so bitfields written one at a time stay
//!   defined).
//! * `ptrs` is sorted and lists the offsets at which a whole 8-byte pointer is stored; a store
//!   that overlaps such a slot without being that same whole slot removes the entry (the bytes
//!   that remain are a plain integer).
//! * A pointer value is `(obj << 32) | offset` with the pointer flag set in the register or shadow.
//!   Object id 0 is the null object (never allocated). Ids with [`CODE_TAG`] set are code pointers
//!   (function ids); [`INVALID_OBJ`] marks a pointer whose offset overflowed — it never becomes
//!   valid again.
//! * Object ids are never reused along an execution path, so a dangling pointer is recognised
//!   exactly. Objects are shared between states (`Rc`) and copied on first write.

use std::rc::Rc;

/// Marks code pointers: `obj = CODE_TAG | function id`.
pub const CODE_TAG: u32 = 0x8000_0000;
/// The object id of pointers whose offset left the 32-bit range.
pub const INVALID_OBJ: u32 = 0x7fff_ffff;
/// The object id that pointers to freed objects get when a state is rebuilt from its canonical
/// form: never live, but counted as allocated (accesses are use-after-free).
pub const DANGLING_OBJ: u32 = 0x7fff_fffe;
/// Bytes of a pointer in memory (vigil's VM runs LP64 programs).
pub const PTR_BYTES: u32 = 8;

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
}

/// One object of the graph.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Object {
    pub kind: ObjKind,
    pub data: Vec<u8>,
    pub def: Vec<u8>,
    pub ptrs: Vec<u32>,
}

impl Object {
    /// A new object of `size` bytes, all undefined (or all zero and defined if `zeroed`).
    pub fn new(kind: ObjKind, size: usize, zeroed: bool) -> Object {
        Object {
            kind,
            data: vec![0; size],
            def: vec![if zeroed { 0xff } else { 0 }; size],
            ptrs: Vec::new(),
        }
    }

    pub fn size(&self) -> u32 {
        self.data.len() as u32
    }

    /// Removes pointer entries overlapping `[off, off+len)`.
    fn clear_ptrs(&mut self, off: u32, len: u32) {
        if self.ptrs.is_empty() {
            return;
        }
        let lo = off.saturating_sub(PTR_BYTES - 1);
        let end = off + len;
        self.ptrs.retain(|&p| p < lo || p >= end);
    }

    fn add_ptr(&mut self, off: u32) {
        match self.ptrs.binary_search(&off) {
            Ok(_) => {}
            Err(i) => self.ptrs.insert(i, off),
        }
    }

    pub fn has_ptr_at(&self, off: u32) -> bool {
        self.ptrs.binary_search(&off).is_ok()
    }

    /// Reads `len` ≤ 8 bytes little-endian at `off` (bounds already checked) as a scalar.
    #[inline]
    pub fn read(&self, off: u32, len: u32) -> Scalar {
        let (o, l) = (off as usize, len as usize);
        let mut bits = [0u8; 8];
        let mut def = [0u8; 8];
        bits[..l].copy_from_slice(&self.data[o..o + l]);
        def[..l].copy_from_slice(&self.def[o..o + l]);
        let ptr = len == PTR_BYTES && !self.ptrs.is_empty() && self.has_ptr_at(off);
        Scalar { bits: u64::from_le_bytes(bits), def: u64::from_le_bytes(def), ptr }
    }

    /// Reads the low `len` ≤ 8 bytes of the 8-byte register slot at `off` (a frame's register
    /// slots are 8-aligned and at least 8 bytes long, so a whole word can be loaded).
    #[inline]
    pub fn read_slot(&self, off: u32, len: u32) -> Scalar {
        let o = off as usize;
        let m = mask(len * 8);
        let word = |v: &[u8]| u64::from_le_bytes(v[o..o + 8].try_into().expect("register slots are 8 bytes"));
        let ptr = len == 8 && !self.ptrs.is_empty() && self.has_ptr_at(off);
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
        if v.ptr && len == 8 {
            self.add_ptr(off);
        }
    }

    /// Writes the low `len` ≤ 8 bytes of a scalar at `off` (bounds already checked).
    #[inline]
    pub fn write(&mut self, off: u32, len: u32, v: Scalar) {
        let (o, l) = (off as usize, len as usize);
        self.data[o..o + l].copy_from_slice(&v.bits.to_le_bytes()[..l]);
        self.def[o..o + l].copy_from_slice(&v.def.to_le_bytes()[..l]);
        self.clear_ptrs(off, len);
        if v.ptr && len == PTR_BYTES {
            self.add_ptr(off);
        }
    }

    /// Copies `len` bytes with their shadows from `src[soff..]` to `self[doff..]` (bounds
    /// already checked; the ranges may belong to the same object and overlap).
    pub fn copy_from(&mut self, doff: u32, src: &Object, soff: u32, len: u32) {
        let (d, s, l) = (doff as usize, soff as usize, len as usize);
        self.data[d..d + l].copy_from_slice(&src.data[s..s + l]);
        self.def[d..d + l].copy_from_slice(&src.def[s..s + l]);
        self.clear_ptrs(doff, len);
        for &p in &src.ptrs {
            if p >= soff && p + PTR_BYTES <= soff + len {
                self.add_ptr(p - soff + doff);
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
        let moved: Vec<u32> = self
            .ptrs
            .iter()
            .copied()
            .filter(|&p| p >= soff && p + PTR_BYTES <= soff + len)
            .map(|p| p - soff + doff)
            .collect();
        self.clear_ptrs(doff, len);
        for p in moved {
            self.add_ptr(p);
        }
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
        self.ptrs.retain(|&p| p + PTR_BYTES <= size);
    }
}

/// A value of at most 64 bits: its bits, which bits are defined, and whether it is a pointer.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Scalar {
    pub bits: u64,
    pub def: u64,
    pub ptr: bool,
}

impl Scalar {
    /// A defined integer.
    pub fn int(bits: u64) -> Scalar {
        Scalar { bits, def: u64::MAX, ptr: false }
    }

    pub fn undef() -> Scalar {
        Scalar { bits: 0, def: 0, ptr: false }
    }

    /// A pointer to `obj + off`.
    pub fn pointer(obj: u32, off: u32) -> Scalar {
        Scalar { bits: encode(obj, off), def: u64::MAX, ptr: true }
    }

    pub fn null() -> Scalar {
        Scalar { bits: 0, def: u64::MAX, ptr: true }
    }

    /// Are all of the low `width` bits defined?
    pub fn is_defined(&self, width: u32) -> bool {
        let m = mask(width);
        self.def & m == m
    }
}

/// Bit mask of the low `width` bits.
pub fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

pub fn encode(obj: u32, off: u32) -> u64 {
    (u64::from(obj) << 32) | u64::from(off)
}

pub fn decode(bits: u64) -> (u32, u32) {
    ((bits >> 32) as u32, bits as u32)
}

/// The heap: all objects of one state, indexed by id.
#[derive(Debug, Default)]
pub struct Heap {
    objects: Vec<Option<Rc<Object>>>,
}

/// Room left for new objects when a heap is copied or rebuilt, so that the allocations of a
/// transition (frames of the calls it makes) rarely grow the table.
const SPARE_IDS: usize = 16;

impl Clone for Heap {
    fn clone(&self) -> Heap {
        let mut objects = Vec::with_capacity(self.objects.len() + SPARE_IDS);
        objects.extend(self.objects.iter().cloned());
        Heap { objects }
    }
}

impl Heap {
    pub fn new() -> Heap {
        // Object 0 is the null object and never exists.
        Heap { objects: vec![None] }
    }

    /// Allocates a new object and returns its id (never reused).
    pub fn alloc(&mut self, obj: Object) -> u32 {
        let id = self.objects.len() as u32;
        self.objects.push(Some(Rc::new(obj)));
        id
    }

    /// A heap whose objects 1..=n are the given shared objects (a state rebuilt from its
    /// canonical form; objects are copied only when written).
    pub fn from_shared(objects: impl IntoIterator<Item = Rc<Object>>) -> Heap {
        let objects = objects.into_iter();
        let mut v = Vec::with_capacity(1 + objects.size_hint().0 + SPARE_IDS);
        v.push(None);
        v.extend(objects.map(Some));
        Heap { objects: v }
    }

    /// The shared object itself.
    pub fn get_rc(&self, id: u32) -> Option<&Rc<Object>> {
        self.objects.get(id as usize).and_then(|o| o.as_ref())
    }

    pub fn get(&self, id: u32) -> Option<&Object> {
        self.objects.get(id as usize).and_then(|o| o.as_deref())
    }

    /// Mutable access, copying the object if a snapshot shares it.
    pub fn get_mut(&mut self, id: u32) -> Option<&mut Object> {
        self.objects.get_mut(id as usize).and_then(|o| o.as_mut()).map(Rc::make_mut)
    }

    /// Removes an object; pointers to it become dangling.
    pub fn free(&mut self, id: u32) -> bool {
        match self.objects.get_mut(id as usize) {
            Some(slot @ Some(_)) => {
                *slot = None;
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
        self.objects.iter().enumerate().filter(|(_, o)| o.is_some()).map(|(i, _)| i as u32)
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
}
