//! Memory access by the program: [`Machine::check_access`] decides whether an access of some
//! bytes through a pointer value is valid, and loads, stores, copies and string reads go
//! through it.
//!
//! Invariants: every access to program memory is checked here first, and a failed check is a
//! fault that names the undefined behaviour (null, freed, out of bounds, constant, invalid
//! pointer) — except for a pointer that lost its provenance through integers or bytes, which
//! makes the run inconclusive ([`FaultKind::Undefined`]) rather than a violation, so vigil never
//! answers a wrong `false`. Frames are objects too but never accessible through a pointer. A
//! pointer turned into an integer narrower than 64 bits raises [`flags::ADDRESS_AS_INT`].

use super::*;

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
        if u64::from(off) + u64::from(size) > u64::from(o.size()) {
            return Err(FaultKind::OutOfBounds);
        }
        if write && o.kind == ObjKind::Constant {
            return Err(FaultKind::WriteToConstant);
        }
        Ok((obj, off))
    }

    /// A non-null pointer value is about to become a narrower integer.
    pub(super) fn note_narrowed_pointer(&mut self, v: Scalar) {
        if v.ptr && decode(v.bits).0 != 0 {
            self.trans_flags |= flags::ADDRESS_AS_INT;
        }
    }

    /// A load of `size` bytes at `p` (already checked) that reads part of an ILP32 pointer
    /// slot, whose bytes are only the offset.
    pub(super) fn note_partial_pointer_read(&mut self, p: Scalar, size: u32) {
        let (obj, off) = decode(p.bits);
        if self.state.heap.get(obj).is_some_and(|o| o.splits_narrow_pointer(off, size)) {
            self.trans_flags |= flags::ADDRESS_AS_INT;
        }
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
        self.state.heap.get_mut(obj).expect("checked").write(off, size.min(8), v);
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
        if so == dob {
            self.state.heap.get_mut(dob).expect("checked").copy_within(doff, soff, len);
        } else {
            // Only the copied range is taken out, not the whole source object.
            let part = self.state.heap.get(so).expect("checked").slice(soff, len);
            self.state.heap.get_mut(dob).expect("checked").copy_from(doff, &part, 0, len);
        }
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
