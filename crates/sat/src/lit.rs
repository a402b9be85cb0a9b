//! Variables and literals.
//!
//! Invariants: `Var(i)` is the i-th variable (0-based, dense). `Lit` is `2*var + sign` where sign 1
//! means negative, so `!lit` flips the lowest bit and `lit.code()` indexes per-literal arrays.
//! DIMACS numbering is 1-based: variable `Var(i)` is DIMACS `i+1`.

use std::fmt;

/// A propositional variable, numbered densely from 0.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Var(pub(crate) u32);

impl Var {
    /// The variable with 0-based index `i`.
    pub fn from_index(i: usize) -> Var {
        assert!(i < (u32::MAX >> 1) as usize, "variable index {i} too large");
        Var(i as u32)
    }
    /// The 0-based index of this variable.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A literal: a variable or its negation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Lit(pub(crate) u32);

impl Lit {
    /// The positive literal of `v`.
    #[inline]
    pub fn positive(v: Var) -> Lit {
        Lit(v.0 << 1)
    }
    /// The negative literal of `v`.
    #[inline]
    pub fn negative(v: Var) -> Lit {
        Lit((v.0 << 1) | 1)
    }
    /// The literal of `v` that is true when `v` has value `value`.
    #[inline]
    pub fn new(v: Var, value: bool) -> Lit {
        Lit((v.0 << 1) | (!value) as u32)
    }
    /// The variable of this literal.
    #[inline]
    pub fn var(self) -> Var {
        Var(self.0 >> 1)
    }
    /// True for negative literals.
    #[inline]
    pub fn is_negative(self) -> bool {
        self.0 & 1 == 1
    }
    /// The literal of DIMACS number `i` (non-zero; `-3` is the negation of variable 3, i.e. `Var(2)`).
    ///
    /// Panics on 0 or `i32::MIN`: callers parsing user input check those first.
    pub fn from_dimacs(i: i32) -> Lit {
        assert!(
            i != 0 && i != i32::MIN,
            "DIMACS literal must be non-zero, got {i}"
        );
        let v = Var(i.unsigned_abs() - 1);
        if i < 0 {
            Lit::negative(v)
        } else {
            Lit::positive(v)
        }
    }
    /// The DIMACS number of this literal.
    pub fn to_dimacs(self) -> i32 {
        let v = (self.var().0 + 1) as i32;
        if self.is_negative() {
            -v
        } else {
            v
        }
    }
    /// Dense code for per-literal arrays: `2*var + sign`.
    #[inline]
    pub fn code(self) -> usize {
        self.0 as usize
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    #[inline]
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_dimacs())
    }
}

/// Solver answer.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum SolveResult {
    /// A model exists; read it with `Solver::value`.
    Sat,
    /// No model (under the given assumptions).
    Unsat,
    /// A budget, deadline or interrupt stopped the search.
    Unknown,
}
