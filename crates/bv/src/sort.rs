//! Sorts of the term language: `Bool` and fixed-width bit-vectors.
//!
//! Invariant: a `Sort::BitVec(w)` always has `1 <= w <= MAX_WIDTH`; the only way to obtain one
//! from user input is [`Sort::bv`], which rejects other widths with a [`SortError`].
//! (Babić thesis §5.1: Spear's terms are typed by width; here the width is part of the sort.)

use std::fmt;

/// Widest bit-vector this layer accepts. Values are stored in `u64` limbs, so the limit is a
/// matter of circuit size rather than representation; 1024 keeps a blasted multiplier bounded.
pub const MAX_WIDTH: u32 = 1024;

/// The sort (type) of a term.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Sort {
    Bool,
    /// Invariant: `1 <= w <= MAX_WIDTH`.
    BitVec(u32),
}

/// A sort that cannot be formed or does not fit an operator.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SortError(pub String);

impl fmt::Display for SortError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SortError {}

impl Sort {
    /// The bit-vector sort of width `w`, or an error if `w` is 0 or above [`MAX_WIDTH`].
    pub fn bv(w: u32) -> Result<Sort, SortError> {
        if w == 0 || w > MAX_WIDTH {
            Err(SortError(format!("bit-vector width {w} is outside the supported range 1..={MAX_WIDTH}")))
        } else {
            Ok(Sort::BitVec(w))
        }
    }

    /// Width of a bit-vector sort; `Bool` counts as one bit (the blaster treats it so).
    pub fn width(self) -> u32 {
        match self {
            Sort::Bool => 1,
            Sort::BitVec(w) => w,
        }
    }

    pub fn is_bool(self) -> bool {
        self == Sort::Bool
    }

    pub fn is_bv(self) -> bool {
        matches!(self, Sort::BitVec(_))
    }
}

impl fmt::Display for Sort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sort::Bool => f.write_str("Bool"),
            Sort::BitVec(w) => write!(f, "(_ BitVec {w})"),
        }
    }
}
