//! Exhaustive tests of the floating-point circuits (`vigil_bv::fp`) at tiny formats, against a
//! reference written here with exact rational arithmetic: every encoding (every NaN pattern
//! included), every rounding mode. The reference rounds by searching the sorted list of
//! representable magnitudes for the neighbours of the exact result, so it shares no code or
//! idea with the circuits (which shift, normalise and use guard/sticky bits).
//!
//! The circuits are evaluated by building them on constant operands (the rewriter folds them
//! with the evaluator); `fp_small_blast` checks a sample through the bit-blaster and SAT core.

use std::cmp::Ordering;

use vigil_bv::fp::{Format, RNA, RNE, RTN, RTP, RTZ};
use vigil_bv::{CheckResult, Solver, Sort, TermId, TermManager};

const MODES: [u64; 5] = [RNE, RNA, RTP, RTN, RTZ];

/// Exact rational `n / d`, `d > 0`.
#[derive(Clone, Copy, Debug)]
struct Q(i128, i128);

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

impl Q {
    fn new(n: i128, d: i128) -> Q {
        let (n, d) = if d < 0 { (-n, -d) } else { (n, d) };
        let g = gcd(n, d).max(1);
        Q(n / g, d / g)
    }
    fn int(n: i128) -> Q {
        Q(n, 1)
    }
    fn add(self, o: Q) -> Q {
        Q::new(self.0 * o.1 + o.0 * self.1, self.1 * o.1)
    }
    fn mul(self, o: Q) -> Q {
        Q::new(self.0 * o.0, self.1 * o.1)
    }
    fn div(self, o: Q) -> Q {
        Q::new(self.0 * o.1, self.1 * o.0)
    }
    fn neg(self) -> Q {
        Q(-self.0, self.1)
    }
    fn abs(self) -> Q {
        Q(self.0.abs(), self.1)
    }
    fn cmp(self, o: Q) -> Ordering {
        (self.0 * o.1).cmp(&(o.0 * self.1))
    }
    fn is_zero(self) -> bool {
        self.0 == 0
    }
    fn floor(self) -> i128 {
        self.0.div_euclid(self.1)
    }
}

#[derive(Clone, Copy, Debug)]
enum V {
    Nan,
    Inf(bool),
    /// Sign and value (the value of a zero is 0, its sign kept apart).
    Fin(bool, Q),
}

fn pow2(e: i64) -> Q {
    if e >= 0 { Q::int(1 << e) } else { Q::new(1, 1 << -e) }
}

fn decode(f: Format, bits: u64) -> V {
    let fb = u64::from(f.sb - 1);
    let neg = bits >> (f.eb + f.sb - 1) & 1 == 1;
    let e = (bits >> fb) & ((1 << f.eb) - 1);
    let m = bits & ((1 << fb) - 1);
    if e == (1 << f.eb) - 1 {
        return if m == 0 { V::Inf(neg) } else { V::Nan };
    }
    let (sig, exp) = if e == 0 { (m, f.emin()) } else { (m | (1 << fb), e as i64 - f.bias()) };
    let v = Q::int(sig as i128).mul(pow2(exp - fb as i64));
    V::Fin(neg, if neg { v.neg() } else { v })
}

fn sign_bit(f: Format) -> u64 {
    1 << (f.eb + f.sb - 1)
}

fn nan_bits(f: Format) -> u64 {
    f.nan().to_u64().unwrap()
}

fn inf_bits(f: Format, neg: bool) -> u64 {
    f.inf(neg).to_u64().unwrap()
}

/// All non-negative finite encodings with their values, ascending (encoding order is value
/// order for non-negative floats).
fn magnitudes(f: Format) -> Vec<(u64, Q)> {
    (0..inf_bits(f, false)).map(|b| match decode(f, b) {
        V::Fin(_, q) => (b, q),
        _ => unreachable!(),
    }).collect()
}

/// An exact non-negative magnitude: a rational, or the square root of one.
#[derive(Clone, Copy)]
enum Mag {
    Rat(Q),
    Sqrt(Q),
}

impl Mag {
    /// Ordering of this magnitude against the non-negative rational `x`.
    fn cmp(self, x: Q) -> Ordering {
        match self {
            Mag::Rat(q) => q.cmp(x),
            Mag::Sqrt(q) => q.cmp(x.mul(x)),
        }
    }
}

/// The encoding of `(-1)^neg · mag` rounded in mode `rm` (IEEE 754 §4.3, overflow per §7.4).
fn round(f: Format, rm: u64, neg: bool, mag: Mag) -> u64 {
    let ms = magnitudes(f);
    let over = pow2(f.emax() + 1); // the next magnitude the exponent range cannot hold
    let sign = if neg { sign_bit(f) } else { 0 };
    let max = ms.last().unwrap().0;
    let to_inf = || match rm {
        RTZ => false,
        RTP => !neg,
        RTN => neg,
        _ => true,
    };
    if mag.cmp(over) != Ordering::Less {
        return sign | if to_inf() { inf_bits(f, false) } else { max };
    }
    // Neighbours lo <= mag <= hi; `None` stands for `over`.
    let i = ms.iter().rposition(|&(_, q)| mag.cmp(q) != Ordering::Less).unwrap();
    let lo = ms[i];
    if mag.cmp(lo.1) == Ordering::Equal {
        return sign | lo.0;
    }
    let hi = ms.get(i + 1).copied();
    let hi_q = hi.map_or(over, |h| h.1);
    let up = match rm {
        RTZ => false,
        RTP => !neg,
        RTN => neg,
        _ => {
            let mid = lo.1.add(hi_q).mul(Q::new(1, 2));
            match mag.cmp(mid) {
                Ordering::Less => false,
                Ordering::Greater => true,
                Ordering::Equal => rm == RNA || lo.0 & 1 == 1,
            }
        }
    };
    sign | if up { hi.map_or(inf_bits(f, false), |h| h.0) } else { lo.0 }
}

fn round_q(f: Format, rm: u64, q: Q) -> u64 {
    round(f, rm, q.0 < 0, Mag::Rat(q.abs()))
}

/// The sign of an exact zero sum (§6.3).
fn zero_sum_sign(rm: u64, both_zero: bool, sa: bool, sb: bool) -> bool {
    if both_zero && sa == sb { sa } else { rm == RTN }
}

fn ref_add(f: Format, rm: u64, a: u64, b: u64) -> u64 {
    match (decode(f, a), decode(f, b)) {
        (V::Nan, _) | (_, V::Nan) => nan_bits(f),
        (V::Inf(x), V::Inf(y)) if x != y => nan_bits(f),
        (V::Inf(x), _) | (_, V::Inf(x)) => inf_bits(f, x),
        (V::Fin(sa, x), V::Fin(sb, y)) => {
            let s = x.add(y);
            if s.is_zero() {
                f.zero(zero_sum_sign(rm, x.is_zero() && y.is_zero(), sa, sb)).to_u64().unwrap()
            } else {
                round_q(f, rm, s)
            }
        }
    }
}

fn ref_mul(f: Format, rm: u64, a: u64, b: u64) -> u64 {
    match (decode(f, a), decode(f, b)) {
        (V::Nan, _) | (_, V::Nan) => nan_bits(f),
        (V::Inf(_), V::Fin(_, z)) | (V::Fin(_, z), V::Inf(_)) if z.is_zero() => nan_bits(f),
        (V::Inf(x), V::Inf(y)) | (V::Inf(x), V::Fin(y, _)) | (V::Fin(x, _), V::Inf(y)) => inf_bits(f, x != y),
        (V::Fin(sa, x), V::Fin(sb, y)) => {
            let p = x.mul(y);
            if p.is_zero() { f.zero(sa != sb).to_u64().unwrap() } else { round_q(f, rm, p) }
        }
    }
}

fn ref_div(f: Format, rm: u64, a: u64, b: u64) -> u64 {
    match (decode(f, a), decode(f, b)) {
        (V::Nan, _) | (_, V::Nan) | (V::Inf(_), V::Inf(_)) => nan_bits(f),
        (V::Inf(x), V::Fin(y, _)) => inf_bits(f, x != y),
        (V::Fin(x, _), V::Inf(y)) => f.zero(x != y).to_u64().unwrap(),
        (V::Fin(sa, x), V::Fin(sb, y)) => {
            if y.is_zero() {
                if x.is_zero() { nan_bits(f) } else { inf_bits(f, sa != sb) }
            } else if x.is_zero() {
                f.zero(sa != sb).to_u64().unwrap()
            } else {
                round_q(f, rm, x.div(y))
            }
        }
    }
}

fn ref_fma(f: Format, rm: u64, a: u64, b: u64, c: u64) -> u64 {
    let (va, vb, vc) = (decode(f, a), decode(f, b), decode(f, c));
    if matches!(va, V::Nan) || matches!(vb, V::Nan) || matches!(vc, V::Nan) {
        return nan_bits(f);
    }
    let zero = |v: V| matches!(v, V::Fin(_, q) if q.is_zero());
    let inf = |v: V| matches!(v, V::Inf(_));
    let sign = |v: V| match v {
        V::Inf(s) | V::Fin(s, _) => s,
        V::Nan => false,
    };
    if (inf(va) && zero(vb)) || (zero(va) && inf(vb)) {
        return nan_bits(f);
    }
    let ps = sign(va) != sign(vb);
    if inf(va) || inf(vb) {
        if inf(vc) && sign(vc) != ps {
            return nan_bits(f);
        }
        return inf_bits(f, ps);
    }
    if let V::Inf(s) = vc {
        return inf_bits(f, s);
    }
    let (V::Fin(_, x), V::Fin(_, y), V::Fin(sc, z)) = (va, vb, vc) else { unreachable!() };
    let s = x.mul(y).add(z);
    if s.is_zero() {
        return f.zero(zero_sum_sign(rm, x.mul(y).is_zero() && z.is_zero(), ps, sc)).to_u64().unwrap();
    }
    round_q(f, rm, s)
}

/// IEEE remainder (`nearest`) or C's fmod: `x - n·y`, exact.
fn ref_rem(f: Format, a: u64, b: u64, nearest: bool) -> u64 {
    match (decode(f, a), decode(f, b)) {
        (V::Nan, _) | (_, V::Nan) | (V::Inf(_), _) => nan_bits(f),
        (V::Fin(..), V::Fin(_, y)) if y.is_zero() => nan_bits(f),
        (V::Fin(..), V::Inf(_)) => a,
        (V::Fin(sx, x), V::Fin(_, y)) => {
            if x.is_zero() {
                return a;
            }
            let q = x.div(y);
            let t = if q.0 < 0 { -(q.abs().floor()) } else { q.floor() };
            let n = if nearest {
                let lo = q.floor();
                let frac = q.add(Q::int(lo).neg());
                match frac.cmp(Q::new(1, 2)) {
                    Ordering::Less => lo,
                    Ordering::Greater => lo + 1,
                    Ordering::Equal => lo + (lo.rem_euclid(2) == 1) as i128,
                }
            } else {
                t
            };
            let r = x.add(Q::int(n).mul(y).neg());
            if r.is_zero() { f.zero(sx).to_u64().unwrap() } else { round_q(f, RNE, r) }
        }
    }
}

fn ref_sqrt(f: Format, rm: u64, a: u64) -> u64 {
    match decode(f, a) {
        V::Nan | V::Inf(true) => nan_bits(f),
        V::Inf(false) => a,
        V::Fin(_, q) if q.is_zero() => a,
        V::Fin(true, _) => nan_bits(f),
        V::Fin(false, q) => round(f, rm, false, Mag::Sqrt(q)),
    }
}

fn ref_rti(f: Format, rm: u64, a: u64) -> u64 {
    match decode(f, a) {
        V::Nan => nan_bits(f),
        V::Inf(_) => a,
        V::Fin(s, q) => {
            let m = q.abs();
            let lo = m.floor();
            let frac = m.add(Q::int(lo).neg());
            let n = if frac.is_zero() {
                lo
            } else {
                let up = match rm {
                    RTZ => false,
                    RTP => !s,
                    RTN => s,
                    _ => match frac.cmp(Q::new(1, 2)) {
                        Ordering::Less => false,
                        Ordering::Greater => true,
                        Ordering::Equal => rm == RNA || lo % 2 == 1,
                    },
                };
                lo + up as i128
            };
            if n == 0 { f.zero(s).to_u64().unwrap() } else { round(f, RNE, s, Mag::Rat(Q::int(n))) }
        }
    }
}

/// Integer value of the rounded `a`, if finite.
fn ref_to_int(f: Format, rm: u64, a: u64) -> Option<i128> {
    match decode(f, ref_rti(f, rm, a)) {
        V::Fin(_, q) => Some(q.floor()),
        _ => None,
    }
}

fn ref_cmp(f: Format, a: u64, b: u64) -> Option<Ordering> {
    let val = |v: V| match v {
        V::Nan => None,
        V::Inf(s) => Some((if s { -1 } else { 1 }, Q::int(0))),
        V::Fin(_, q) => Some((0, q)),
    };
    let (x, y) = (val(decode(f, a))?, val(decode(f, b))?);
    Some(x.0.cmp(&y.0).then(x.1.cmp(y.1)))
}

struct Harness {
    tm: TermManager,
}

impl Harness {
    fn new() -> Self {
        Harness { tm: TermManager::new() }
    }
    fn c(&mut self, w: u32, v: u64) -> TermId {
        self.tm.bv_u64(w, v)
    }
    fn val(&self, t: TermId) -> u64 {
        self.tm.bv_value(t).unwrap_or_else(|| panic!("not folded to a constant")).to_u64().unwrap()
    }
    fn b(&self, t: TermId) -> bool {
        self.tm.bool_value(t).expect("not folded to a constant")
    }
}

fn encodings(f: Format) -> std::ops::Range<u64> {
    0..1u64 << f.width()
}

fn check_binary(f: Format, name: &str, build: fn(&mut TermManager, Format, TermId, TermId, TermId) -> TermId, reference: fn(Format, u64, u64, u64) -> u64) {
    for rm in MODES {
        let mut h = Harness::new();
        let r = h.c(3, rm);
        for a in encodings(f) {
            for b in encodings(f) {
                let (x, y) = (h.c(f.width(), a), h.c(f.width(), b));
                let got = build(&mut h.tm, f, r, x, y);
                let got = h.val(got);
                let want = reference(f, rm, a, b);
                assert_eq!(got, want, "{name} rm={rm} {f:?} a={a:#b} b={b:#b}: got {got:#b}, want {want:#b}");
            }
        }
    }
}

const FORMATS: [Format; 3] = [Format { eb: 3, sb: 3 }, Format { eb: 2, sb: 4 }, Format { eb: 4, sb: 2 }];

#[test]
fn add_sub_exhaustive() {
    for f in FORMATS {
        check_binary(f, "fp.add", |tm, f, r, a, b| tm.fp_add(f, r, a, b), ref_add);
        check_binary(f, "fp.sub", |tm, f, r, a, b| tm.fp_sub(f, r, a, b), |f, rm, a, b| {
            let nb = if matches!(decode(f, b), V::Nan) { b } else { b ^ sign_bit(f) };
            ref_add(f, rm, a, nb)
        });
    }
}

#[test]
fn mul_div_exhaustive() {
    for f in FORMATS {
        check_binary(f, "fp.mul", |tm, f, r, a, b| tm.fp_mul(f, r, a, b), ref_mul);
        check_binary(f, "fp.div", |tm, f, r, a, b| tm.fp_div(f, r, a, b), ref_div);
    }
}

#[test]
fn rem_fmod_exhaustive() {
    for f in FORMATS.into_iter().chain([Format { eb: 3, sb: 4 }]) {
        let mut h = Harness::new();
        for a in encodings(f) {
            for b in encodings(f) {
                let (x, y) = (h.c(f.width(), a), h.c(f.width(), b));
                let r = h.tm.fp_rem(f, x, y);
                assert_eq!(h.val(r), ref_rem(f, a, b, true), "fp.rem {f:?} {a:#b} {b:#b}");
                let m = h.tm.fp_fmod(f, x, y);
                assert_eq!(h.val(m), ref_rem(f, a, b, false), "fmod {f:?} {a:#b} {b:#b}");
            }
        }
    }
}

#[test]
fn fma_exhaustive() {
    for f in [Format { eb: 2, sb: 3 }] {
        for rm in MODES {
            let mut h = Harness::new();
            let r = h.c(3, rm);
            for a in encodings(f) {
                for b in encodings(f) {
                    for c in encodings(f) {
                        let (x, y, z) = (h.c(f.width(), a), h.c(f.width(), b), h.c(f.width(), c));
                        let got = h.tm.fp_fma(f, r, x, y, z);
                        let (got, want) = (h.val(got), ref_fma(f, rm, a, b, c));
                        assert_eq!(got, want, "fma rm={rm} {f:?} {a:#b} {b:#b} {c:#b}");
                    }
                }
            }
        }
    }
}

#[test]
fn unary_exhaustive() {
    for f in FORMATS.into_iter().chain([Format { eb: 3, sb: 5 }, Format { eb: 5, sb: 3 }]) {
        for rm in MODES {
            let mut h = Harness::new();
            let r = h.c(3, rm);
            for a in encodings(f) {
                let x = h.c(f.width(), a);
                let s = h.tm.fp_sqrt(f, r, x);
                assert_eq!(h.val(s), ref_sqrt(f, rm, a), "sqrt rm={rm} {f:?} {a:#b}");
                let i = h.tm.fp_round_to_integral(f, r, x);
                assert_eq!(h.val(i), ref_rti(f, rm, a), "roundToIntegral rm={rm} {f:?} {a:#b}");
                for (m, signed) in [(3, false), (3, true), (5, true), (6, false)] {
                    let uns = h.tm.var("u", Sort::BitVec(m));
                    let c = h.tm.fp_to_bv(f, r, x, m, signed, uns);
                    let want = ref_to_int(f, rm, a).filter(|&n| {
                        if signed { -(1 << (m - 1)) <= n && n < 1 << (m - 1) } else { (0..1 << m).contains(&n) }
                    });
                    assert_eq!(h.b(c.in_range), want.is_some(), "to_bv in range {m} {signed} rm={rm} {f:?} {a:#b}");
                    if let Some(n) = want {
                        assert_eq!(h.val(c.value), (n as u64) & ((1 << m) - 1), "to_bv {m} {signed} rm={rm} {f:?} {a:#b}");
                    }
                }
            }
            // Integer → float, all 6-bit integers.
            for v in 0..64u64 {
                let t = h.c(6, v);
                let u = h.tm.fp_from_bv(f, r, t, false);
                assert_eq!(h.val(u), if v == 0 { 0 } else { round_q(f, rm, Q::int(v as i128)) }, "ubv {v} {f:?}");
                let s = h.tm.fp_from_bv(f, r, t, true);
                let sv = ((v as i64) << 58 >> 58) as i128;
                assert_eq!(h.val(s), if v == 0 { 0 } else { round_q(f, rm, Q::int(sv)) }, "sbv {sv} {f:?}");
            }
        }
    }
}

#[test]
fn convert_between_formats_exhaustive() {
    let fs = [Format { eb: 3, sb: 3 }, Format { eb: 2, sb: 4 }, Format { eb: 4, sb: 5 }, Format { eb: 2, sb: 2 }];
    for from in fs {
        for to in fs {
            for rm in MODES {
                let mut h = Harness::new();
                let r = h.c(3, rm);
                for a in encodings(from) {
                    let x = h.c(from.width(), a);
                    let got = h.tm.fp_convert(from, to, r, x);
                    let want = match decode(from, a) {
                        V::Nan => nan_bits(to),
                        V::Inf(s) => inf_bits(to, s),
                        V::Fin(s, q) if q.is_zero() => to.zero(s).to_u64().unwrap(),
                        V::Fin(_, q) => round_q(to, rm, q),
                    };
                    assert_eq!(h.val(got), want, "convert {from:?} -> {to:?} rm={rm} {a:#b}");
                }
            }
        }
    }
}

#[test]
fn comparisons_min_max_classes_exhaustive() {
    for f in FORMATS {
        let mut h = Harness::new();
        let first = h.tm.tt();
        for a in encodings(f) {
            let x = h.c(f.width(), a);
            let va = decode(f, a);
            let is_nan = h.tm.fp_is_nan(f, x);
            assert_eq!(h.b(is_nan), matches!(va, V::Nan));
            let is_inf = h.tm.fp_is_infinite(f, x);
            assert_eq!(h.b(is_inf), matches!(va, V::Inf(_)));
            let is_zero = h.tm.fp_is_zero(f, x);
            assert_eq!(h.b(is_zero), matches!(va, V::Fin(_, q) if q.is_zero()));
            let min_normal = pow2(f.emin());
            let sub = h.tm.fp_is_subnormal(f, x);
            let normal = h.tm.fp_is_normal(f, x);
            let (want_sub, want_normal) = match va {
                V::Fin(_, q) if !q.is_zero() => (q.abs().cmp(min_normal) == Ordering::Less, q.abs().cmp(min_normal) != Ordering::Less),
                _ => (false, false),
            };
            assert_eq!((h.b(sub), h.b(normal)), (want_sub, want_normal), "classes of {a:#b}");
            let neg = h.tm.fp_is_negative(f, x);
            let pos = h.tm.fp_is_positive(f, x);
            let s = match va {
                V::Nan => None,
                V::Inf(s) | V::Fin(s, _) => Some(s),
            };
            assert_eq!((h.b(neg), h.b(pos)), (s == Some(true), s == Some(false)));
            for b in encodings(f) {
                let y = h.c(f.width(), b);
                let o = ref_cmp(f, a, b);
                let lt = h.tm.fp_lt(f, x, y);
                let leq = h.tm.fp_leq(f, x, y);
                let eq = h.tm.fp_eq(f, x, y);
                assert_eq!(h.b(lt), o == Some(Ordering::Less), "lt {a:#b} {b:#b}");
                assert_eq!(h.b(leq), matches!(o, Some(Ordering::Less | Ordering::Equal)), "leq {a:#b} {b:#b}");
                assert_eq!(h.b(eq), o == Some(Ordering::Equal), "eq {a:#b} {b:#b}");
                let mn = h.tm.fp_min(f, x, y, first);
                let mx = h.tm.fp_max(f, x, y, first);
                let canon = |v: u64| if matches!(decode(f, v), V::Nan) { nan_bits(f) } else { v };
                let (want_min, want_max) = match (decode(f, a), decode(f, b), o) {
                    (V::Nan, _, _) => (canon(b), canon(b)),
                    (_, V::Nan, _) => (a, a),
                    (_, _, Some(Ordering::Less)) => (a, b),
                    (_, _, Some(Ordering::Greater)) => (b, a),
                    _ => (a, a), // equal: the same value, or ±0 where the choice takes the first
                };
                assert_eq!((h.val(mn), h.val(mx)), (want_min, want_max), "min/max {a:#b} {b:#b}");
            }
        }
    }
}

/// The circuits through the bit-blaster and SAT core: for sampled operands, the solver must
/// find the result the evaluator gives and no other.
#[test]
fn fp_small_blast() {
    let f = Format { eb: 3, sb: 3 };
    let mut tm = TermManager::new();
    let a = tm.var("a", Sort::BitVec(6));
    let b = tm.var("b", Sort::BitVec(6));
    let rm = tm.var("rm", Sort::BitVec(3));
    let ops: [(&str, TermId); 4] = [
        ("add", tm.fp_add(f, rm, a, b)),
        ("mul", tm.fp_mul(f, rm, a, b)),
        ("div", tm.fp_div(f, rm, a, b)),
        ("sqrt", tm.fp_sqrt(f, rm, a)),
    ];
    let mut solver = Solver::new();
    for (i, (name, t)) in ops.iter().enumerate() {
        for (k, (x, y, m)) in [(0b001011u64, 0b010110u64, RNE), (0b100001, 0b000111, RTP), (0b011010, 0b101001, RTN), (0b000011, 0b001100, RNA)].iter().enumerate() {
            let want = match i {
                0 => ref_add(f, *m, *x, *y),
                1 => ref_mul(f, *m, *x, *y),
                2 => ref_div(f, *m, *x, *y),
                _ => ref_sqrt(f, *m, *x),
            };
            let cx = tm.bv_u64(6, *x);
            let cy = tm.bv_u64(6, *y);
            let cm = tm.bv_u64(3, *m);
            let ex = tm.eq(a, cx);
            let ey = tm.eq(b, cy);
            let em = tm.eq(rm, cm);
            let w = tm.bv_u64(6, want);
            let is_want = tm.eq(*t, w);
            let other = tm.not(is_want);
            let r = solver.check_assuming(&tm, &[ex, ey, em, is_want]).unwrap();
            assert_eq!(r, CheckResult::Sat, "{name} case {k}");
            let r = solver.check_assuming(&tm, &[ex, ey, em, other]).unwrap();
            assert_eq!(r, CheckResult::Unsat, "{name} case {k}");
        }
    }
}
