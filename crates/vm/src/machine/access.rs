//! Memory access by the program: [`Machine::check_access`] decides whether an access of some
//! bytes through a pointer value is valid, and loads, stores, copies and string reads go
//! through it.
//!
//! Invariants: every access to program memory is checked here first, and a failed check is a
//! fault that names the undefined behaviour (null, freed, out of bounds, constant, invalid
//! pointer) — except for a pointer that lost its provenance through integers or bytes, which
//! makes the run inconclusive ([`FaultKind::Undefined`]) rather than a violation, so vigil never
//! answers a wrong `false`. Frames are objects too but never accessible through a pointer, and
//! an alloca whose block has ended ([`ObjKind::OutOfScope`]) is dangling. A pointer turned into
//! an integer narrower than 64 bits raises [`flags::ADDRESS_AS_INT`] (module `addresses`).
//!
//! Loads of uninitialised memory choose its value once and write it back
//! ([`Machine::freeze_loaded`]); copies carry undefined bytes and say so in the state
//! ([`Machine::note_undefined_copy`]); see the module doc of `machine`, "Uninitialised values".

use super::*;

/// An access through a pointer kept from an earlier execution of a block into the local it
/// declares ([`ObjKind::EarlierInstance`]): undefined (C11 6.2.4p2, p6), but natively the same
/// address as the new instance, so not a violation the platform shows.
pub(super) const EARLIER_INSTANCE: &str =
    "access through a pointer to an earlier instance of a block-scoped local (its lifetime ended when its block was left; the block was entered again)";

impl Machine<'_> {
    /// Checks an access of `size` bytes through `p`; returns (object, offset).
    pub fn check_access(&self, p: Scalar, size: u32, write: bool) -> VmResult<(u32, u32)> {
        if !p.is_defined(64) {
            return Err(FaultKind::Undefined("address"));
        }
        let (obj, off) = decode(p.bits);
        if p.bits == 0 {
            return Err(FaultKind::NullDeref);
        }
        let ilp32_int = self.prog.ptr_bytes == NARROW_PTR_BYTES && !p.ptr;
        if ilp32_int || (!p.ptr && obj != 0 && obj & CODE_TAG == 0 && self.state.heap.was_allocated(obj)) {
            // ILP32: a pointer that went through a 32-bit integer keeps only its offset, so any
            // non-null integer may have been a valid pointer.
            // An integer that encodes a real object: a pointer that went through bytes or
            // arithmetic the VM does not track. The access may well be valid, so this is not
            // reported as a violation (never a wrong `false`); it makes the run inconclusive.
            return Err(FaultKind::Undefined("pointer whose provenance was lost (copied through integers or bytes)"));
        }
        if !p.ptr || obj & CODE_TAG != 0 {
            return Err(FaultKind::InvalidPointer);
        }
        let Some(o) = self.state.heap.get(obj) else {
            return Err(if self.state.heap.was_allocated(obj) {
                FaultKind::UseAfterFree
            } else {
                FaultKind::InvalidPointer
            });
        };
        if o.kind == ObjKind::Frame {
            return Err(FaultKind::InvalidPointer);
        }
        if o.kind == ObjKind::OutOfScope {
            return Err(FaultKind::UseAfterFree);
        }
        if o.kind == ObjKind::EarlierInstance {
            return Err(FaultKind::Undefined(EARLIER_INSTANCE));
        }
        if u64::from(off) + u64::from(size) > u64::from(o.size()) {
            if o.kind == ObjKind::VarArgs {
                return Err(FaultKind::VaArgBeyondArguments);
            }
            if let Some(why) = self.unreadable_global(obj) {
                return Err(FaultKind::Unsupported(why));
            }
            return Err(FaultKind::OutOfBounds);
        }
        if write && o.kind == ObjKind::Constant {
            return Err(FaultKind::WriteToConstant);
        }
        Ok((obj, off))
    }

    /// For the object of a global laid out empty because its contents are unknown (an
    /// initialiser that was not lowered, or an external global defined nowhere): why.
    fn unreadable_global(&self, obj: u32) -> Option<String> {
        let g = (obj as usize).checked_sub(1)?;
        let gl = self.prog.module.globals.get(g)?;
        (self.prog.global_object(vigil_ir::GlobalId(g as u32)) == obj).then(|| gl.init_unsupported.clone())?
    }

    /// A load of `size` bytes at `p` (already checked) that reads part of an ILP32 pointer
    /// slot, whose bytes are only the offset.
    pub(super) fn note_partial_pointer_read(&mut self, p: Scalar, size: u32) {
        let (obj, off) = decode(p.bits);
        if self.state.heap.get(obj).is_some_and(|o| o.splits_narrow_pointer(off, size)) {
            self.note_address_use("part of a 32-bit pointer's bytes was read as an integer");
        }
    }

    /// `len` bytes of object `src` at `off` are about to be copied (into `dst`, when the copy
    /// goes to memory): if any of them is undefined, both objects are marked
    /// (`Object::undef_copied`; see the module doc of `machine`, "Uninitialised values").
    pub(super) fn note_undefined_copy(&mut self, src: u32, off: u32, len: u32, dst: Option<u32>) {
        if !self.state.heap.get(src).expect("checked").has_undefined(off, len) {
            return;
        }
        for obj in std::iter::once(src).chain(dst) {
            // Only an object not yet marked is copied (copy on write) to be marked.
            if self.state.heap.get(obj).is_some_and(|o| !o.undef_copied) {
                self.state.heap.get_mut(obj).expect("live").undef_copied = true;
            }
        }
    }

    /// Freeze at load: `v`, just read from `size` bytes at `p` (checked) for a `width`-bit
    /// register, has undefined bits; chooses them and writes the value back, so every later read
    /// agrees: every value for up to 8 undefined bits, else all zero or all one (samples); a pointer load
    /// (`pointer`) of a wholly undefined pointer gives an invalid address (a sample). Returns `v`
    /// unchanged where the VM makes no choices (the OS, trace-only code) and when uninitialised
    /// values are over-approximated.
    pub(super) fn freeze_loaded(&mut self, p: Scalar, size: u32, width: u32, v: Scalar, pointer: bool) -> Scalar {
        let undefined = !v.def & crate::memory::mask(width);
        if undefined == 0 || !self.interruptible() || self.config.uninitialised_over_approximated {
            return v;
        }
        let frozen = if pointer && undefined == crate::memory::mask(width) {
            // An uninitialised pointer: an address of no object (INVALID_OBJ never becomes
            // valid), so a dereference is invalid. It could also be NULL or happen to equal a
            // valid address: one value of many (a sample).
            self.trans_flags |= flags::INCOMPLETE | flags::UNDEF_SAMPLED;
            Scalar::pointer(crate::memory::INVALID_OBJ, 0)
        } else if undefined.count_ones() <= 8 {
            // Every value of the undefined bits.
            let chosen = deposit_bits(u64::from(self.choose(1 << undefined.count_ones())), undefined);
            Scalar::int((v.bits & !undefined) | chosen)
        } else {
            // Two values of many: the undefined bits all zero, or all one (so both outcomes of a
            // test against zero are seen). Most uninitialised reads are incidental (a return
            // value nobody sets on some path), and more samples would multiply the transitions
            // for little; a proof comes from the over-approximating search
            // (Config::uninitialised_over_approximated) anyway.
            self.trans_flags |= flags::INCOMPLETE | flags::UNDEF_SAMPLED;
            if self.choose(2) == 0 { Scalar::int(v.bits & !undefined) } else { Scalar::int(v.bits | undefined) }
        };
        let loc = self.current_loc();
        self.event(Event::UndefRead { loc, value: frozen.bits });
        let (obj, off) = decode(p.bits);
        if let Some(o) = self.state.heap.get_mut(obj) {
            if o.undef_copied {
                self.state.flags |= flags::UNDEF_DOUBT;
            }
            o.write(off, size.min(8), frozen);
        }
        frozen
    }

    pub(super) fn load(&self, p: Scalar, size: u32) -> VmResult<Scalar> {
        let (obj, off) = self.check_access(p, size, false)?;
        Ok(self.state.heap.get(obj).expect("checked").read(off, size.min(8)))
    }

    /// [`Self::load`] of a value that the program uses as a `width`-bit integer: below 64 bits a
    /// pointer read this way loses its object, which the run notes (see [`flags::ADDRESS_AS_INT`]).
    pub(super) fn load_as_int(&mut self, p: Scalar, size: u32, width: u32) -> VmResult<Scalar> {
        let v = self.load(p, size)?;
        if width < 64 {
            self.note_narrowed_pointer(v);
            self.note_partial_pointer_read(p, size);
        }
        Ok(v)
    }

    pub(super) fn store(&mut self, p: Scalar, size: u32, v: Scalar) -> VmResult<()> {
        let (obj, off) = self.check_access(p, size, true)?;
        self.split_sym_slots(obj, off, off + size.min(8));
        self.state.heap.get_mut(obj).expect("checked").write(off, size.min(8), v);
        if v.ptr {
            self.note_stored_pointers(obj, off, size.min(8));
        }
        Ok(())
    }

    /// Copies `len` bytes between memory locations (memmove semantics).
    pub(super) fn copy_memory(&mut self, dst: Scalar, src: Scalar, len: u64) -> VmResult<()> {
        if len == 0 {
            return Ok(());
        }
        let len = u32::try_from(len).map_err(|_| FaultKind::OutOfBounds)?;
        let (so, soff) = self.check_access(src, len, false)?;
        let (dob, doff) = self.check_access(dst, len, true)?;
        // Slots cut by either range's ends: the copy takes the pieces inside the source, the
        // destination keeps those outside it.
        self.split_sym_slots(so, soff, soff + len);
        self.split_sym_slots(dob, doff, doff + len);
        self.sym_uninit_copy(so, soff, len);
        self.note_undefined_copy(so, soff, len, Some(dob));
        if so == dob {
            self.state.heap.get_mut(dob).expect("checked").copy_within(doff, soff, len);
        } else {
            // Only the copied range is taken out, not the whole source object.
            let part = self.state.heap.get(so).expect("checked").slice(soff, len);
            self.state.heap.get_mut(dob).expect("checked").copy_from(doff, &part, 0, len);
        }
        self.note_stored_pointers(dob, doff, len);
        Ok(())
    }

    /// Reads a NUL-terminated string (at most `limit` bytes) for traces.
    pub(super) fn read_c_string(&self, p: Scalar, limit: u32) -> VmResult<String> {
        let (obj, off) = self.check_access(p, 1, false)?;
        let o = self.state.heap.get(obj).expect("checked");
        let end = (off as usize + limit as usize).min(o.data.len());
        let bytes = &o.data[off as usize..end];
        let s = bytes.iter().position(|b| *b == 0).map_or(bytes, |n| &bytes[..n]);
        Ok(String::from_utf8_lossy(s).into_owned())
    }
}

/// Spreads the low bits of `value` over the set bits of `mask`, lowest first (`pdep`).
fn deposit_bits(mut value: u64, mask: u64) -> u64 {
    let mut out = 0;
    let mut m = mask;
    while m != 0 {
        let bit = m & m.wrapping_neg();
        if value & 1 == 1 {
            out |= bit;
        }
        value >>= 1;
        m &= m - 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::deposit_bits;

    #[test]
    fn deposit_spreads_bits_over_the_mask() {
        assert_eq!(deposit_bits(0b11, 0b1010), 0b1010);
        assert_eq!(deposit_bits(0b01, 0b1010), 0b0010);
        assert_eq!(deposit_bits(0b10, 0b1010), 0b1000);
        assert_eq!(deposit_bits(0xff, 0xff00), 0xff00);
        assert_eq!(deposit_bits(0, u64::MAX), 0);
    }
}
