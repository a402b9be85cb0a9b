//! The SMT-LIB theory FloatingPoint (QF_FP, QF_BVFP) over the circuits of [`crate::fp`].
//!
//! The term layer knows only Bool and bit-vectors, so the front end keeps the sorts: every
//! elaborated term is [`Typed`], a term with its [`SmtSort`]. A float of sort
//! `(_ FloatingPoint eb sb)` is a bit-vector term of width `eb + sb` holding its encoding, a
//! `RoundingMode` a 3-bit term (encoding of [`crate::fp`]).
//!
//! Invariants:
//! * Every float term denotes its value through a canonical encoding: the circuits return the
//!   single canonical NaN, and a declared float constant is bound to `fp_canonical(v)` of a fresh
//!   bit-vector variable, a declared rounding mode to its variable mapped into 0–4. Hence `=` on
//!   floats and rounding modes is bit equality, as SMT-LIB's `=` (one NaN, `+0 ≠ -0`).
//! * Operators whose value SMT-LIB leaves unspecified are functions of their arguments with a
//!   free choice: `fp.min`/`fp.max` of `-0` and `+0` get one fresh Bool per argument pair, and
//!   `fp.to_ubv`/`fp.to_sbv` out of range one fresh bit-vector per argument tuple, so the same
//!   application always has the same value, and no choice is excluded.
//! * Not supported (an error, never a guess): `fp.to_real`, `to_fp` from a Real, `fp.rem` for
//!   exponent widths above 11 (its circuit has one step per unit of exponent difference), and
//!   `fp.to_ubv`/`fp.to_sbv` wider than the bit-vector layer's limit less the significand.

use std::collections::HashMap;
use std::fmt;

use super::parser::SExpr;
use crate::fp::{Format, RM_WIDTH, RNA, RNE, RTN, RTP, RTZ};
use crate::sort::Sort;
use crate::term::{TermId, TermManager};
use crate::value::BitVecValue;

/// The sort of an SMT-LIB term.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SmtSort {
    Core(Sort),
    Fp(Format),
    Rm,
}

impl fmt::Display for SmtSort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SmtSort::Core(s) => write!(f, "{s}"),
            SmtSort::Fp(x) => write!(f, "(_ FloatingPoint {} {})", x.eb, x.sb),
            SmtSort::Rm => f.write_str("RoundingMode"),
        }
    }
}

impl SmtSort {
    /// Width of the bit-vector (or Bool) term representing values of this sort.
    pub fn term_sort(self) -> Sort {
        match self {
            SmtSort::Core(s) => s,
            SmtSort::Fp(f) => Sort::BitVec(f.width()),
            SmtSort::Rm => Sort::BitVec(RM_WIDTH),
        }
    }
}

/// An elaborated term with its SMT-LIB sort.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Typed {
    pub t: TermId,
    pub s: SmtSort,
}

impl Typed {
    pub fn core(tm: &TermManager, t: TermId) -> Typed {
        Typed { t, s: SmtSort::Core(tm.sort(t)) }
    }
}

/// The floating-point sorts: `Float16/32/64/128`, `RoundingMode`, `(_ FloatingPoint eb sb)`.
/// `None` if `e` is not one of them; an error if it is malformed.
pub fn parse_fp_sort(e: &SExpr) -> Option<Result<SmtSort, String>> {
    let named = |eb, sb| Some(Ok(SmtSort::Fp(Format { eb, sb })));
    match e.symbol() {
        Some("RoundingMode") => return Some(Ok(SmtSort::Rm)),
        Some("Float16") => return named(5, 11),
        Some("Float32") => return named(8, 24),
        Some("Float64") => return named(11, 53),
        Some("Float128") => return named(15, 113),
        _ => {}
    }
    if let Some([u, fp, eb, sb]) = e.list() {
        if u.symbol() == Some("_") && fp.symbol() == Some("FloatingPoint") {
            return Some(match (eb.numeral(), sb.numeral()) {
                (Some(eb), Some(sb)) => Format::new(eb, sb)
                    .map(SmtSort::Fp)
                    .ok_or_else(|| format!("unsupported floating-point format {eb} {sb} (need 2 <= eb <= 20, 2 <= sb <= 256)")),
                _ => Err("expected (_ FloatingPoint eb sb) with numerals".into()),
            });
        }
    }
    None
}

/// The rounding-mode constants by their SMT-LIB names.
pub fn rounding_mode(tm: &mut TermManager, name: &str) -> Option<Typed> {
    let m = match name {
        "RNE" | "roundNearestTiesToEven" => RNE,
        "RNA" | "roundNearestTiesToAway" => RNA,
        "RTP" | "roundTowardPositive" => RTP,
        "RTN" | "roundTowardNegative" => RTN,
        "RTZ" | "roundTowardZero" => RTZ,
        _ => return None,
    };
    Some(Typed { t: tm.bv_u64(RM_WIDTH, m), s: SmtSort::Rm })
}

/// `(_ +zero eb sb)`, `(_ -zero …)`, `(_ +oo …)`, `(_ -oo …)`, `(_ NaN …)`.
pub fn special_constant(tm: &mut TermManager, name: &str, eb: u32, sb: u32) -> Option<Result<Typed, String>> {
    if !matches!(name, "+zero" | "-zero" | "+oo" | "-oo" | "NaN") {
        return None;
    }
    let Some(f) = Format::new(eb, sb) else {
        return Some(Err(format!("unsupported floating-point format {eb} {sb}")));
    };
    let v = match name {
        "+zero" => f.zero(false),
        "-zero" => f.zero(true),
        "+oo" => f.inf(false),
        "-oo" => f.inf(true),
        _ => f.nan(),
    };
    Some(Ok(Typed { t: tm.bv_const(v), s: SmtSort::Fp(f) }))
}

/// A fresh constant of sort `s`: the variable, and the term its name denotes (canonical, see
/// the module invariants).
pub fn declare(tm: &mut TermManager, name: &str, s: SmtSort) -> (TermId, Typed) {
    let v = tm.var(name, s.term_sort());
    let t = match s {
        SmtSort::Core(_) => v,
        SmtSort::Fp(f) => tm.fp_canonical(f, v),
        SmtSort::Rm => {
            let five = tm.bv_u64(RM_WIDTH, 5);
            let ok = tm.ult(v, five);
            let rne = tm.bv_u64(RM_WIDTH, RNE);
            tm.ite(ok, v, rne)
        }
    };
    (v, Typed { t, s })
}

/// SMT-LIB rendering of a value of sort `s` (given as the bits of its term).
pub fn render_value(s: SmtSort, v: &crate::eval::Value) -> String {
    let bits = match (s, v.as_bv()) {
        (SmtSort::Core(_), _) | (_, None) => return v.to_smtlib(),
        (_, Some(b)) => b,
    };
    match s {
        SmtSort::Fp(f) => {
            let w = f.width();
            let bin = |hi: u32, lo: u32| format!("#b{}", bits.extract(hi, lo).to_bin_string());
            format!("(fp {} {} {})", bin(w - 1, w - 1), bin(w - 2, f.sb - 1), bin(f.sb - 2, 0))
        }
        _ => match bits.low_u64() {
            RNA => "roundNearestTiesToAway",
            RTP => "roundTowardPositive",
            RTN => "roundTowardNegative",
            RTZ => "roundTowardZero",
            _ => "roundNearestTiesToEven",
        }
        .to_string(),
    }
}

/// Free choices of unspecified operator values, one per distinct application.
#[derive(Default)]
pub struct FpChoices {
    zeros: HashMap<(TermId, TermId, bool), TermId>,
    to_bv: HashMap<(TermId, TermId, u32, bool), TermId>,
}

fn fmt_of(a: &Typed) -> Option<Format> {
    match a.s {
        SmtSort::Fp(f) => Some(f),
        _ => None,
    }
}

/// Whether `name` (with indices) is an operator of the FloatingPoint theory.
pub fn is_fp_operator(name: &str) -> bool {
    name.starts_with("fp.") || matches!(name, "fp" | "to_fp" | "to_fp_unsigned")
}

/// Applies a FloatingPoint operator.
pub fn apply(tm: &mut TermManager, ch: &mut FpChoices, name: &str, idx: &[u32], args: &[Typed]) -> Result<Typed, String> {
    let sorts = || args.iter().map(|a| a.s.to_string()).collect::<Vec<_>>().join(" ");
    let bad = || format!("ill-sorted arguments to {name}: ({})", sorts());
    // (fp sign exp sig): a literal or any three bit-vectors.
    if name == "fp" {
        let [s, e, m] = args else { return Err(bad()) };
        let ws: Vec<Option<u32>> = [s, e, m].iter().map(|a| matches!(a.s, SmtSort::Core(Sort::BitVec(_))).then(|| tm.width(a.t))).collect();
        let (Some(1), Some(eb), Some(m1)) = (ws[0], ws[1], ws[2]) else { return Err(bad()) };
        let f = Format::new(eb, m1 + 1).ok_or_else(|| format!("unsupported floating-point format {eb} {}", m1 + 1))?;
        let hi = tm.concat(s.t, e.t);
        let bits = tm.concat(hi, m.t);
        return Ok(Typed { t: tm.fp_canonical(f, bits), s: SmtSort::Fp(f) });
    }
    let float = |f: Format, t| Typed { t, s: SmtSort::Fp(f) };
    let boolean = |t| Typed { t, s: SmtSort::Core(Sort::Bool) };
    let is_rm = |a: &Typed| a.s == SmtSort::Rm;
    // All float arguments of one format, after an optional leading rounding mode.
    let floats = |from: usize, n: usize| -> Result<Format, String> {
        if args.len() != from + n || (from == 1 && !is_rm(&args[0])) {
            return Err(bad());
        }
        let f = fmt_of(&args[from]).ok_or_else(bad)?;
        if args[from..].iter().any(|a| a.s != SmtSort::Fp(f)) {
            return Err(bad());
        }
        Ok(f)
    };
    match (name, idx) {
        ("fp.abs" | "fp.neg", []) => {
            let f = floats(0, 1)?;
            let t = if name == "fp.abs" { tm.fp_abs(f, args[0].t) } else { tm.fp_neg(f, args[0].t) };
            Ok(float(f, t))
        }
        ("fp.add" | "fp.sub" | "fp.mul" | "fp.div", []) => {
            let f = floats(1, 2)?;
            let (r, a, b) = (args[0].t, args[1].t, args[2].t);
            Ok(float(f, match name {
                "fp.add" => tm.fp_add(f, r, a, b),
                "fp.sub" => tm.fp_sub(f, r, a, b),
                "fp.mul" => tm.fp_mul(f, r, a, b),
                _ => tm.fp_div(f, r, a, b),
            }))
        }
        ("fp.fma", []) => {
            let f = floats(1, 3)?;
            Ok(float(f, tm.fp_fma(f, args[0].t, args[1].t, args[2].t, args[3].t)))
        }
        ("fp.sqrt" | "fp.roundToIntegral", []) => {
            let f = floats(1, 1)?;
            let t = if name == "fp.sqrt" { tm.fp_sqrt(f, args[0].t, args[1].t) } else { tm.fp_round_to_integral(f, args[0].t, args[1].t) };
            Ok(float(f, t))
        }
        ("fp.min" | "fp.max", []) => {
            let f = floats(0, 2)?;
            let (a, b) = (args[0].t, args[1].t);
            let max = name == "fp.max";
            let c = *ch.zeros.entry((a, b, max)).or_insert_with(|| tm.var(&format!("{name}!zero"), Sort::Bool));
            Ok(float(f, if max { tm.fp_max(f, a, b, c) } else { tm.fp_min(f, a, b, c) }))
        }
        ("fp.leq" | "fp.lt" | "fp.geq" | "fp.gt" | "fp.eq", []) => {
            if args.len() < 2 {
                return Err(bad());
            }
            let f = floats(0, args.len())?;
            let mut acc = tm.tt();
            for w in args.windows(2) {
                let (a, b) = (w[0].t, w[1].t);
                let c = match name {
                    "fp.leq" => tm.fp_leq(f, a, b),
                    "fp.lt" => tm.fp_lt(f, a, b),
                    "fp.geq" => tm.fp_geq(f, a, b),
                    "fp.gt" => tm.fp_gt(f, a, b),
                    _ => tm.fp_eq(f, a, b),
                };
                acc = tm.and(acc, c);
            }
            Ok(boolean(acc))
        }
        ("fp.isNormal" | "fp.isSubnormal" | "fp.isZero" | "fp.isInfinite" | "fp.isNaN" | "fp.isNegative" | "fp.isPositive", []) => {
            let f = floats(0, 1)?;
            let x = args[0].t;
            Ok(boolean(match name {
                "fp.isNormal" => tm.fp_is_normal(f, x),
                "fp.isSubnormal" => tm.fp_is_subnormal(f, x),
                "fp.isZero" => tm.fp_is_zero(f, x),
                "fp.isInfinite" => tm.fp_is_infinite(f, x),
                "fp.isNaN" => tm.fp_is_nan(f, x),
                "fp.isNegative" => tm.fp_is_negative(f, x),
                _ => tm.fp_is_positive(f, x),
            }))
        }
        ("to_fp" | "to_fp_unsigned", [eb, sb]) => {
            let to = Format::new(*eb, *sb).ok_or_else(|| format!("unsupported floating-point format {eb} {sb}"))?;
            let out = |t| Typed { t, s: SmtSort::Fp(to) };
            match args {
                [x] if name == "to_fp" && x.s == SmtSort::Core(Sort::BitVec(to.width())) => Ok(out(tm.fp_canonical(to, x.t))),
                [r, x] if is_rm(r) => match x.s {
                    SmtSort::Fp(from) if name == "to_fp" => Ok(out(tm.fp_convert(from, to, r.t, x.t))),
                    SmtSort::Core(Sort::BitVec(_)) => Ok(out(tm.fp_from_bv(to, r.t, x.t, name == "to_fp"))),
                    _ => Err(format!("{name} from {} is not supported", x.s)),
                },
                _ => Err(bad()),
            }
        }
        ("fp.to_ubv" | "fp.to_sbv", [m]) => {
            let f = floats(1, 1)?;
            if *m == 0 || *m + f.sb + 1 > crate::sort::MAX_WIDTH {
                return Err(format!("{name} width {m} out of range"));
            }
            let signed = name == "fp.to_sbv";
            let (r, x) = (args[0].t, args[1].t);
            let u = *ch.to_bv.entry((r, x, *m, signed)).or_insert_with(|| tm.var(&format!("{name}!unspecified"), Sort::BitVec(*m)));
            let c = tm.fp_to_bv(f, r, x, *m, signed, u);
            Ok(Typed::core(tm, c.value))
        }
        ("fp.rem", []) => {
            let f = floats(0, 2)?;
            if f.eb > 11 {
                // One division step per unit of exponent difference: 2^eb steps.
                return Err(format!("fp.rem is supported for exponent widths up to 11, not {}", f.eb));
            }
            Ok(float(f, tm.fp_rem(f, args[0].t, args[1].t)))
        }
        ("fp.to_real", _) => Err(format!("{name} is not supported")),
        _ => Err(format!("unknown floating-point operator {name}")),
    }
}

/// The constant `(fp …)` for the bits `v` of a float of format `f` (for tests and printing).
pub fn literal(f: Format, v: &BitVecValue) -> String {
    render_value(SmtSort::Fp(f), &crate::eval::Value::Bv(v.clone()))
}
