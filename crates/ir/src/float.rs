//! Floating-point operations of the IR (IEEE 754 binary32 and binary64).
//!
//! All of LLVM's floating-point instructions and the floating-point intrinsics clang emits for C
//! are one instruction kind, [`crate::InstKind::Float`], with a [`FloatOp`] and its operands in
//! LLVM's order. Keeping them apart from the integer instructions lets an engine that does not
//! model floats decline every one of them in one place (with a clear `unknown`), and keeps the
//! concrete semantics in one module (`vigil_semantics::float`).
//!
//! Invariants: operands and results are IEEE values of 32 or 64 bits held as their raw bits (a
//! float register is a bit-vector of its width, like every register); wider formats
//! (`x86_fp80`, `fp128`) and `half` never reach a `Float` instruction (the front end reports
//! them as unsupported). Rounding is to nearest, ties to even (C's default environment).

/// Floating-point comparison predicates (LLVM's `fcmp`): `O*` are false when an operand is NaN
/// ("ordered"), `U*` true ("unordered").
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FCmpPred {
    False,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    Uno,
    True,
}

impl FCmpPred {
    /// All predicates, for exhaustive tests.
    pub const ALL: [FCmpPred; 16] = {
        use FCmpPred::*;
        [False, Oeq, Ogt, Oge, Olt, Ole, One, Ord, Ueq, Ugt, Uge, Ult, Ule, Une, Uno, True]
    };

    pub fn name(self) -> &'static str {
        use FCmpPred::*;
        match self {
            False => "false",
            Oeq => "oeq",
            Ogt => "ogt",
            Oge => "oge",
            Olt => "olt",
            Ole => "ole",
            One => "one",
            Ord => "ord",
            Ueq => "ueq",
            Ugt => "ugt",
            Uge => "uge",
            Ult => "ult",
            Ule => "ule",
            Une => "une",
            Uno => "uno",
            True => "true",
        }
    }
}

/// A floating-point operation. The operand count is fixed by the operation (see
/// [`FloatOp::arity`]); the result type is the instruction's destination type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FloatOp {
    FAdd,
    FSub,
    FMul,
    FDiv,
    /// `frem`: C's `fmod` (the remainder has the sign of the dividend).
    FRem,
    FNeg,
    /// `fcmp`: an `i1`.
    FCmp(FCmpPred),
    FpTrunc,
    FpExt,
    /// Float to signed integer, rounding toward zero; a value out of the integer's range (or NaN)
    /// is undefined behaviour in C.
    FpToSi,
    /// Float to unsigned integer, rounding toward zero; out of range (or NaN) is undefined.
    FpToUi,
    SiToFp,
    UiToFp,
    /// The intrinsics `llvm.fabs`, `llvm.copysign`, … (the name is [`FloatOp::name`]).
    Fabs,
    Copysign,
    Floor,
    Ceil,
    Trunc,
    /// Halfway cases away from zero (C's `round`).
    Round,
    /// Halfway cases to even (C's `roundeven`).
    RoundEven,
    /// In the current rounding mode, i.e. to nearest even (`rint`, `nearbyint`).
    Rint,
    NearbyInt,
    Sqrt,
    /// `fma(a, b, c)` = `a × b + c` rounded once; `fmuladd` is allowed either way and vigil
    /// rounds once, as x86-64 with FMA would (clang contracts only when told to).
    Fma,
    FMulAdd,
    /// `minnum`/`maxnum`: C's `fmin`/`fmax` (a NaN operand is ignored).
    MinNum,
    MaxNum,
    /// `minimum`/`maximum`: NaN propagates, -0 < +0.
    Minimum,
    Maximum,
    /// `llvm.is.fpclass(x, mask)`: an `i1`, whether `x`'s class is in the constant `mask`.
    IsFpClass,
    /// `llvm.lround`/`llvm.llround`: round half away from zero to an integer.
    LRound,
    /// `llvm.lrint`/`llvm.llrint`: round to nearest even to an integer.
    LRint,
}

impl FloatOp {
    /// The LLVM name (instruction or intrinsic base name).
    pub fn name(self) -> &'static str {
        use FloatOp::*;
        match self {
            FAdd => "fadd",
            FSub => "fsub",
            FMul => "fmul",
            FDiv => "fdiv",
            FRem => "frem",
            FNeg => "fneg",
            FCmp(_) => "fcmp",
            FpTrunc => "fptrunc",
            FpExt => "fpext",
            FpToSi => "fptosi",
            FpToUi => "fptoui",
            SiToFp => "sitofp",
            UiToFp => "uitofp",
            Fabs => "llvm.fabs",
            Copysign => "llvm.copysign",
            Floor => "llvm.floor",
            Ceil => "llvm.ceil",
            Trunc => "llvm.trunc",
            Round => "llvm.round",
            RoundEven => "llvm.roundeven",
            Rint => "llvm.rint",
            NearbyInt => "llvm.nearbyint",
            Sqrt => "llvm.sqrt",
            Fma => "llvm.fma",
            FMulAdd => "llvm.fmuladd",
            MinNum => "llvm.minnum",
            MaxNum => "llvm.maxnum",
            Minimum => "llvm.minimum",
            Maximum => "llvm.maximum",
            IsFpClass => "llvm.is.fpclass",
            LRound => "llvm.lround",
            LRint => "llvm.lrint",
        }
    }

    /// Number of operands.
    pub fn arity(self) -> usize {
        use FloatOp::*;
        match self {
            FNeg | FpTrunc | FpExt | FpToSi | FpToUi | SiToFp | UiToFp | Fabs | Floor | Ceil | Trunc
            | Round | RoundEven | Rint | NearbyInt | Sqrt | LRound | LRint => 1,
            Fma | FMulAdd => 3,
            _ => 2,
        }
    }

    /// The intrinsics, for lookup by name.
    const INTRINSICS: [FloatOp; 19] = {
        use FloatOp::*;
        [
            Fabs, Copysign, Floor, Ceil, Trunc, Round, RoundEven, Rint, NearbyInt, Sqrt, Fma,
            FMulAdd, MinNum, MaxNum, Minimum, Maximum, IsFpClass, LRound, LRint,
        ]
    };

    /// Recognises a floating-point intrinsic by its full name (`llvm.fabs.f64`,
    /// `llvm.llround.i64.f64`). Only scalar `f32`/`f64` forms are accepted; others give None.
    pub fn from_intrinsic_name(name: &str) -> Option<FloatOp> {
        let name = name.replace("llvm.llround", "llvm.lround").replace("llvm.llrint", "llvm.lrint");
        let op = Self::INTRINSICS.into_iter().find(|op| {
            let base = op.name();
            name.starts_with(base) && name.as_bytes().get(base.len()) == Some(&b'.')
        })?;
        let suffix = &name[op.name().len() + 1..];
        // The type suffixes: the float type last (`.f64`, `.i64.f64`).
        let float_ok = suffix.ends_with("f32") || suffix.ends_with("f64");
        let no_vector = !suffix.contains('v');
        (float_ok && no_vector).then_some(op)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intrinsic_names() {
        assert_eq!(FloatOp::from_intrinsic_name("llvm.fabs.f64"), Some(FloatOp::Fabs));
        assert_eq!(FloatOp::from_intrinsic_name("llvm.fmuladd.f32"), Some(FloatOp::FMulAdd));
        assert_eq!(FloatOp::from_intrinsic_name("llvm.llround.i64.f64"), Some(FloatOp::LRound));
        assert_eq!(FloatOp::from_intrinsic_name("llvm.is.fpclass.f32"), Some(FloatOp::IsFpClass));
        assert_eq!(FloatOp::from_intrinsic_name("llvm.fabs.f80"), None);
        assert_eq!(FloatOp::from_intrinsic_name("llvm.fabs.v2f64"), None);
        assert_eq!(FloatOp::from_intrinsic_name("llvm.memcpy.p0.p0.i64"), None);
        for op in FloatOp::INTRINSICS {
            assert_eq!(FloatOp::from_intrinsic_name(&format!("{}.f64", op.name())), Some(op));
        }
    }
}
