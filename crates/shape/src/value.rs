//! The values of the abstract machine: integers known exactly or not at all, indeterminate
//! values, and pointers as (object, offset) pairs, where a pointer into a list segment also says
//! which end of the segment it points at.

use vigil_ir::FuncId;

/// Index of an object in a [`crate::heap::Heap`]. Ids are renumbered canonically
/// ([`crate::state::State::canonical`]), so they carry no identity across states.
pub type ObjId = u32;

/// Which node of an object a pointer targets: a plain object has one node (`First`); a list
/// segment's pointers target its first or its last node.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum End {
    First,
    Last,
}

/// A pointer to byte `off` of the node `end` of object `obj` (`off` may lie outside the node:
/// `container_of` arithmetic and one-past-the-end pointers; accesses check it).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Ptr {
    pub obj: ObjId,
    pub off: i64,
    pub end: End,
}

/// An abstract value. Integers of at most 64 bits; pointers are never integers here (a
/// `ptrtoint` makes the analysis give up).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Val {
    /// A defined integer of `width` bits (`bits` masked to the width).
    Int { bits: u64, width: u32 },
    /// Some defined integer of `width` bits: every value is possible, except `not` when it is
    /// given (what a failed equality test has excluded), and except every value above 1 when
    /// `bit` is set (a zero-extended bit, such as the byte of a stored `_Bool`: its reads are
    /// checked for 0 or 1, see `InstKind::BoolCheck`). `not` is never given with `bit`.
    Any { width: u32, not: Option<u64>, bit: bool },
    /// An indeterminate value (uninitialised memory, LLVM `undef`).
    Undef,
    Null,
    Ptr(Ptr),
    Func(FuncId),
}

impl Val {
    pub fn int(bits: u64, width: u32) -> Val {
        Val::Int { bits: bits & vigil_semantics::scalar::mask(width), width }
    }

    /// Some integer of `width` bits.
    pub fn any(width: u32) -> Val {
        Val::Any { width, not: None, bit: false }
    }

    /// 0 or 1, as an integer of `width` bits.
    pub fn any_bit(width: u32) -> Val {
        if width == 1 {
            Val::any(1)
        } else {
            Val::Any { width, not: None, bit: true }
        }
    }

    /// Is every possible value of this integer 0 or 1?
    pub fn is_bit(&self) -> bool {
        match self {
            Val::Int { bits, .. } => *bits <= 1,
            Val::Any { width, not, bit } => *bit || (*width == 1 && not.is_none()),
            _ => false,
        }
    }

    /// Some integer of `width` bits other than `k` (the one left, for a single bit).
    pub fn any_but(width: u32, k: u64) -> Val {
        let k = k & vigil_semantics::scalar::mask(width);
        if width == 1 {
            Val::int(k ^ 1, 1)
        } else {
            Val::Any { width, not: Some(k), bit: false }
        }
    }

    pub fn bool(b: bool) -> Val {
        Val::Int { bits: u64::from(b), width: 1 }
    }

    pub fn ptr(obj: ObjId, off: i64, end: End) -> Val {
        Val::Ptr(Ptr { obj, off, end })
    }

    /// The object this value points to, if it is a pointer.
    pub fn target(&self) -> Option<ObjId> {
        match self {
            Val::Ptr(p) => Some(p.obj),
            _ => None,
        }
    }

    /// The same pointer moved by `delta` bytes (None for values that are not pointers, except
    /// the null pointer moved by nothing).
    pub fn shifted(self, delta: i64) -> Option<Val> {
        match self {
            Val::Ptr(p) => Some(Val::Ptr(Ptr { off: p.off.checked_add(delta)?, ..p })),
            Val::Null if delta == 0 => Some(Val::Null),
            _ => None,
        }
    }

    /// The value with every integer made unknown (of the same width): two states equal after
    /// this differ only in integers ([`crate::state::State::join_integers`]).
    pub fn without_integer(self) -> Val {
        match self {
            Val::Int { width, .. } | Val::Any { width, .. } => Val::any(width),
            v => v,
        }
    }

    /// The least value covering both (the join of two nodes' fields when they become one
    /// segment), or None when the two cannot be summarised by one value: pointers must agree
    /// exactly, integers of one width become `Any` when they differ, and a defined value never
    /// joins an indeterminate one.
    pub fn join(self, other: Val) -> Option<Val> {
        if self == other {
            return Some(self);
        }
        match (self, other) {
            (Val::Int { width: a, .. } | Val::Any { width: a, .. }, Val::Int { width: b, .. } | Val::Any { width: b, .. })
                if a == b =>
            {
                Some(if self.is_bit() && other.is_bit() { Val::any_bit(a) } else { Val::any(a) })
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_summarise_integers_and_keep_pointers_exact() {
        let five = Val::int(5, 32);
        assert_eq!(five.join(Val::int(5, 32)), Some(five));
        assert_eq!(five.join(Val::int(6, 32)), Some(Val::any(32)));
        assert_eq!(five.join(Val::any(32)), Some(Val::any(32)));
        assert_eq!(five.join(Val::int(5, 64)), None);
        assert_eq!(five.join(Val::Undef), None);
        assert_eq!(Val::Null.join(Val::ptr(1, 0, End::First)), None);
        assert_eq!(Val::ptr(1, 0, End::First).join(Val::ptr(2, 0, End::First)), None);
        assert_eq!(Val::Undef.join(Val::Undef), Some(Val::Undef));
    }

    #[test]
    fn joins_of_bits_stay_bits() {
        let (zero, one, two) = (Val::int(0, 8), Val::int(1, 8), Val::int(2, 8));
        assert_eq!(zero.join(one), Some(Val::any_bit(8)));
        assert_eq!(Val::any_bit(8).join(zero), Some(Val::any_bit(8)));
        assert_eq!(Val::any_bit(8).join(two), Some(Val::any(8)));
        assert!(Val::any_bit(8).is_bit() && !Val::any(8).is_bit() && !two.is_bit() && Val::any(1).is_bit());
        // Forgetting integers forgets this too, so the two states remain join candidates.
        assert_eq!(Val::any_bit(8).without_integer(), two.without_integer());
    }

    #[test]
    fn shifting_moves_pointers_and_only_null_by_zero() {
        assert_eq!(Val::ptr(3, 8, End::Last).shifted(-8), Some(Val::ptr(3, 0, End::Last)));
        assert_eq!(Val::Null.shifted(0), Some(Val::Null));
        assert_eq!(Val::Null.shifted(8), None);
        assert_eq!(Val::int(1, 8).shifted(0), None);
    }
}
