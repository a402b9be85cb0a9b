//! The values the operations act on: a [`Scalar`] of at most 64 bits with per-bit definedness
//! and a pointer flag, and the encoding of a pointer as `(object id << 32) | offset` (Ročkai et
//! al., *DiVM*, JSS 2018, §3.3 "Pointer Representation"; `../shared/papers/002_*`).
//!
//! Invariants:
//! * Bits of `bits` above the value's width are unspecified; every reader masks with [`mask`].
//! * A pointer's offset is a signed 32-bit number: a pointer moved before its object's start
//!   (`a - 1`, the end of a loop `for (p = a + n - 1; p >= a; p--)`) keeps its object, and its
//!   encoding borrows from the object id so that pointers into and around one object are
//!   ordered and subtract as their addresses do natively ([`encode`], [`decode`]).
//! * A pointer's object id 0 is the null object; [`INVALID_OBJ`] marks a pointer whose offset
//!   left the signed 32-bit range, which never becomes valid again. The other reserved ids (code
//!   pointers, symbolic slots) belong to the VM's memory (`vigil_vm::memory`).

/// The object id of pointers whose offset left the signed 32-bit range.
pub const INVALID_OBJ: u32 = 0x7fff_ffff;

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

low_bits_mask!(
    /// Bit mask of the low `width` bits.
    mask: u64
);

/// The bits of a pointer to `obj` at offset `off`, read as a signed 32-bit number: a negative
/// offset borrows from the object id (`encode(7, -4)` is `(7 << 32) - 4`).
pub fn encode(obj: u32, off: u32) -> u64 {
    (u64::from(obj) << 32).wrapping_add(off as i32 as i64 as u64)
}

/// The object and offset of a pointer's bits (the offset as the low 32 bits; read it as `i32`
/// for its sign): the inverse of [`encode`].
pub fn decode(bits: u64) -> (u32, u32) {
    ((bits.wrapping_add(1 << 31) >> 32) as u32, bits as u32)
}
