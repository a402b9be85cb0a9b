//! Floating-point results in C's four rounding directions (`fesetround`: `FE_TONEAREST`,
//! `FE_DOWNWARD`, `FE_UPWARD`, `FE_TOWARDZERO`; IEEE 754-2019 §4.3): the operations whose result
//! is rounded — `+ - * /`, `sqrt`, `fma`, and the conversions to a float — computed exactly in
//! integers and rounded once by [`round`], the one place where a rounding decision is made.
//!
//! Invariants:
//! * [`Exact`] is a finite value `(-1)^neg · (mant + f) · 2^exp` with `f = 0` when `sticky` is
//!   false and `0 < f < 1` when it is true: `sticky` stands for the nonzero part that alignment
//!   or a division shifted out, strictly below the lowest bit kept. Every producer keeps at least
//!   two bits more than the widest format needs above any sticky part, so [`round`] can tell
//!   "below half", "half" and "above half" of the last place exactly.
//! * Operands that are NaN or infinite, and results that are exact whatever the direction
//!   (a product or quotient with a zero operand, a division by zero), are the host's IEEE
//!   results, which do not depend on the direction; so is every result in [`Rounding::NearestEven`]
//!   (the callers use the host's operations then, and the tests check that [`round`] agrees).
//! * An exact zero sum has the sign IEEE 754 §6.3 gives it: negative when both addends are
//!   negative, and also, rounding downward, when the addends have opposite signs.
//!
//! Checked: to nearest against the host's operations (the unit tests below, on random and
//! edge-case operands: [`round`] itself does not know which direction the host uses); in every
//! direction against the IEEE circuits of `vigil_bv::fp`, written independently
//! (`tests/float_terms.rs`), and against glibc through the VM (`diff_fenv.h` of the libc
//! differential test).

/// A rounding direction, as C's `<fenv.h>` names them (x86's MXCSR order).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// `FE_TONEAREST`: to nearest, ties to even (the default, and IEEE's).
    #[default]
    NearestEven,
    /// `FE_DOWNWARD`: toward negative infinity.
    Down,
    /// `FE_UPWARD`: toward positive infinity.
    Up,
    /// `FE_TOWARDZERO`.
    TowardZero,
}

/// A binary interchange format: significand bits with the hidden one, exponent range.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Format {
    /// Significand bits including the hidden bit (24, 53).
    pub sb: u32,
    /// Exponent of the smallest normal number (-126, -1022).
    pub emin: i32,
    /// Exponent of the largest finite number (127, 1023).
    pub emax: i32,
}

impl Format {
    pub const BINARY32: Format = Format { sb: 24, emin: -126, emax: 127 };
    pub const BINARY64: Format = Format { sb: 53, emin: -1022, emax: 1023 };

    fn of_width(width: u32) -> Format {
        if width == 32 {
            Format::BINARY32
        } else {
            Format::BINARY64
        }
    }

    fn exp_bits(self) -> u32 {
        if self.sb == 24 {
            8
        } else {
            11
        }
    }

    fn sign_bit(self) -> u64 {
        1 << (self.sb - 1 + self.exp_bits())
    }

    /// The encoding of the largest finite magnitude (the one below the infinity's).
    fn max_finite(self) -> u64 {
        self.infinity() - 1
    }

    fn infinity(self) -> u64 {
        ((1u64 << self.exp_bits()) - 1) << (self.sb - 1)
    }
}

/// An exact finite value (see the module's invariants).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Exact {
    pub neg: bool,
    pub mant: u128,
    pub exp: i32,
    pub sticky: bool,
}

impl Exact {
    /// The value of a finite float's encoding `bits` in `fmt`, its significand normalised so
    /// that a nonzero value's leading one is at bit `sb - 1` (subnormals included).
    pub fn of_float(bits: u64, fmt: Format) -> Exact {
        let frac_bits = fmt.sb - 1;
        let neg = bits & fmt.sign_bit() != 0;
        let biased = ((bits >> frac_bits) & ((1 << fmt.exp_bits()) - 1)) as i32;
        let frac = u128::from(bits & ((1u64 << frac_bits) - 1));
        let (mut mant, mut exp) = if biased == 0 {
            (frac, fmt.emin - frac_bits as i32)
        } else {
            (frac | 1 << frac_bits, biased - (fmt.emax) - frac_bits as i32)
        };
        if mant != 0 {
            let shift = (127 - mant.leading_zeros()) as i32 - frac_bits as i32;
            if shift < 0 {
                mant <<= -shift;
                exp += shift;
            }
        }
        Exact { neg, mant, exp, sticky: false }
    }

    /// The magnitude of an integer.
    pub fn of_int(neg: bool, magnitude: u64) -> Exact {
        Exact { neg, mant: u128::from(magnitude), exp: 0, sticky: false }
    }

    fn is_zero(&self) -> bool {
        self.mant == 0 && !self.sticky
    }

    /// The same value with its significand shifted left until it has `bits` bits (nonzero
    /// values; sticky ones are never shifted this way).
    fn widened(mut self, bits: u32) -> Exact {
        if self.mant != 0 {
            let len = 128 - self.mant.leading_zeros();
            if len < bits {
                self.mant <<= bits - len;
                self.exp -= (bits - len) as i32;
            }
        }
        self
    }
}

/// `x` shifted right by `by` bits, and whether a nonzero part was shifted out.
fn shift_right_sticky(x: u128, by: u32) -> (u128, bool) {
    if by == 0 {
        (x, false)
    } else if by >= 128 {
        (0, x != 0)
    } else {
        (x >> by, x & ((1u128 << by) - 1) != 0)
    }
}

/// The exact sum of two exact values without sticky parts (their significands at most 126 bits
/// wide); `None` when it is exactly zero (the caller gives the zero its sign).
pub fn add(x: Exact, y: Exact) -> Option<Exact> {
    debug_assert!(!x.sticky && !y.sticky);
    if x.mant == 0 {
        return (y.mant != 0).then_some(y);
    }
    if y.mant == 0 {
        return Some(x);
    }
    // Both significands 126 bits wide, so the larger exponent is the larger magnitude (or equal
    // exponents, then compare significands), with room for a carry in bit 126.
    let (x, y) = (x.widened(126), y.widened(126));
    let (big, small) = if (x.exp, x.mant) >= (y.exp, y.mant) { (x, y) } else { (y, x) };
    let (small_mant, sticky) = shift_right_sticky(small.mant, (big.exp - small.exp) as u32);
    let mant = if big.neg == small.neg {
        big.mant + small_mant
    } else if sticky {
        // big - (small_mant + f), 0 < f < 1: (big - small_mant - 1) + (1 - f).
        big.mant - small_mant - 1
    } else {
        big.mant - small_mant
    };
    if mant == 0 && !sticky {
        return None;
    }
    Some(Exact { neg: big.neg, mant, exp: big.exp, sticky })
}

/// The exact product.
pub fn mul(x: Exact, y: Exact) -> Exact {
    Exact { neg: x.neg != y.neg, mant: x.mant * y.mant, exp: x.exp + y.exp, sticky: false }
}

/// The quotient `x / y` (`y` nonzero) to more than 70 significant bits, the rest sticky.
pub fn div(x: Exact, y: Exact) -> Exact {
    let (x, y) = (x.widened(53), y.widened(53));
    let num = x.mant << 73;
    Exact { neg: x.neg != y.neg, mant: num / y.mant, exp: x.exp - y.exp - 73, sticky: num % y.mant != 0 }
}

/// The square root of a positive value to 63 significant bits, the rest sticky.
pub fn sqrt(x: Exact) -> Exact {
    let mut x = x.widened(53);
    if x.exp % 2 != 0 {
        x.mant <<= 1;
        x.exp -= 1;
    }
    let m = x.mant << 72;
    // A double's estimate, one Newton step (then off by at most one), and the exact correction.
    let mut s = ((m as f64).sqrt() as u128).max(1);
    s = (s + m / s) / 2;
    while s * s > m {
        s -= 1;
    }
    while (s + 1) * (s + 1) <= m {
        s += 1;
    }
    Exact { neg: false, mant: s, exp: (x.exp - 72) / 2, sticky: s * s != m }
}

/// The encoding of `v` rounded to `fmt` in direction `mode`: a normal or subnormal number, zero,
/// the largest finite number or an infinity (overflow, as IEEE 754 §7.4 says for each
/// direction).
pub fn round(v: Exact, fmt: Format, mode: Rounding) -> u64 {
    let sign = if v.neg { fmt.sign_bit() } else { 0 };
    if v.is_zero() {
        return sign;
    }
    let mut v = v;
    let frac_bits = fmt.sb as i32 - 1;
    let top = if v.mant == 0 {
        v.exp - 1 // only the sticky part: below the lowest bit
    } else {
        v.exp + (127 - v.mant.leading_zeros()) as i32
    };
    // The weight of the last place kept: sb bits below the leading one, never below the
    // subnormals' quantum.
    let quantum = (top - frac_bits).max(fmt.emin - frac_bits);
    if v.sticky && quantum - v.exp < 1 {
        // Room for the half-way comparison below the last place.
        let by = 1 - (quantum - v.exp);
        v.mant <<= by;
        v.exp -= by;
    }
    let shift = quantum - v.exp;
    let (mut kept, rem, half) = if shift <= 0 {
        (v.mant << (-shift) as u32, 0u128, 1u128)
    } else if shift >= 128 {
        (0, v.mant, 0)
    } else {
        (v.mant >> shift, v.mant & ((1u128 << shift) - 1), 1u128 << (shift - 1))
    };
    // rem + (sticky ? f : 0) against half a last place (`half` 0: the whole value is far below).
    let inexact = rem != 0 || v.sticky;
    let above_half = if shift >= 128 { false } else { rem > half || (rem == half && v.sticky) };
    let at_half = shift < 128 && shift > 0 && rem == half && !v.sticky;
    let up = inexact
        && match mode {
            Rounding::NearestEven => above_half || (at_half && kept & 1 == 1),
            Rounding::Down => v.neg,
            Rounding::Up => !v.neg,
            Rounding::TowardZero => false,
        };
    let mut quantum = quantum;
    if up {
        kept += 1;
        if kept >> fmt.sb != 0 {
            kept >>= 1;
            quantum += 1;
        }
    }
    let overflow = kept >> frac_bits != 0 && quantum + frac_bits > fmt.emax;
    if overflow {
        let to_infinity = match mode {
            Rounding::NearestEven => true,
            Rounding::Down => v.neg,
            Rounding::Up => !v.neg,
            Rounding::TowardZero => false,
        };
        return sign | if to_infinity { fmt.infinity() } else { fmt.max_finite() };
    }
    if kept >> frac_bits == 0 {
        // Subnormal (or zero): biased exponent 0.
        return sign | kept as u64;
    }
    let biased = (quantum + frac_bits + fmt.emax) as u64;
    sign | biased << frac_bits | (kept as u64 & ((1u64 << frac_bits) - 1))
}

/// The sign of an exact zero sum of addends with signs `x_neg` and `y_neg` (IEEE 754 §6.3).
fn zero_sum_is_negative(x_neg: bool, y_neg: bool, mode: Rounding) -> bool {
    if mode == Rounding::Down {
        x_neg || y_neg
    } else {
        x_neg && y_neg
    }
}

fn is_finite(bits: u64, fmt: Format) -> bool {
    bits & fmt.infinity() != fmt.infinity()
}

/// `x + y` of two finite encodings of width `width`.
pub fn add_bits(x: u64, y: u64, width: u32, mode: Rounding) -> u64 {
    let fmt = Format::of_width(width);
    let (a, b) = (Exact::of_float(x, fmt), Exact::of_float(y, fmt));
    match add(a, b) {
        Some(sum) => round(sum, fmt, mode),
        None if zero_sum_is_negative(a.neg, b.neg, mode) => fmt.sign_bit(),
        None => 0,
    }
}

/// `x * y + z` rounded once (`fma`), all three finite.
pub fn fma_bits(x: u64, y: u64, z: u64, width: u32, mode: Rounding) -> u64 {
    let fmt = Format::of_width(width);
    let p = mul(Exact::of_float(x, fmt), Exact::of_float(y, fmt));
    let c = Exact::of_float(z, fmt);
    match add(p, c) {
        Some(sum) => round(sum, fmt, mode),
        None if zero_sum_is_negative(p.neg, c.neg, mode) => fmt.sign_bit(),
        None => 0,
    }
}

/// The result of a rounded binary operation, or `None` when the host's round-to-nearest result
/// `host` is already the result in every direction (an operand or the result not finite from
/// finite operands, see the module's invariants).
pub fn binary_bits(op: Binary, x: u64, y: u64, width: u32, mode: Rounding) -> Option<u64> {
    let fmt = Format::of_width(width);
    if !is_finite(x, fmt) || !is_finite(y, fmt) {
        return None;
    }
    let zero = |b: u64| b & !fmt.sign_bit() == 0;
    let (a, b) = (Exact::of_float(x, fmt), Exact::of_float(y, fmt));
    Some(match op {
        Binary::Add => add_bits(x, y, width, mode),
        Binary::Sub => add_bits(x, y ^ fmt.sign_bit(), width, mode),
        Binary::Mul if zero(x) || zero(y) => return None,
        Binary::Mul => round(mul(a, b), fmt, mode),
        Binary::Div if zero(x) || zero(y) => return None,
        Binary::Div => round(div(a, b), fmt, mode),
    })
}

/// The binary operations [`binary_bits`] rounds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Binary {
    Add,
    Sub,
    Mul,
    Div,
}

/// `sqrt(x)` for a positive finite encoding; `None` for the others (zeros, negatives, NaN and
/// infinity: the host's result is exact).
pub fn sqrt_bits(x: u64, width: u32, mode: Rounding) -> Option<u64> {
    let fmt = Format::of_width(width);
    if !is_finite(x, fmt) || x & fmt.sign_bit() != 0 || x == 0 {
        return None;
    }
    Some(round(sqrt(Exact::of_float(x, fmt)), fmt, mode))
}

/// A binary64 encoding rounded to binary32 (`fptrunc`); `None` for NaN and infinities.
pub fn narrow_bits(x: u64, mode: Rounding) -> Option<u64> {
    if !is_finite(x, Format::BINARY64) {
        return None;
    }
    Some(round(Exact::of_float(x, Format::BINARY64), Format::BINARY32, mode))
}

/// An integer (sign and magnitude) rounded to a float of `width` bits.
pub fn int_bits(neg: bool, magnitude: u64, width: u32, mode: Rounding) -> u64 {
    round(Exact::of_int(neg, magnitude), Format::of_width(width), mode)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Rounding::*;

    fn d(x: f64) -> u64 {
        x.to_bits()
    }

    /// Operands: edge cases, random encodings, and random moderate values.
    fn operands(width: u32) -> Vec<u64> {
        let mut state = 0x9e37_79b9_7f4a_7c15u64 ^ u64::from(width);
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut v: Vec<u64> = if width == 32 {
            [0.0f32, -0.0, 1.0, -1.5, 0.1, 3.0, 1e-45, 1.1754942e-38, f32::MAX, 16777217.0, 0.33333334]
                .iter()
                .map(|x| u64::from(x.to_bits()))
                .collect()
        } else {
            [0.0, -0.0, 1.0, -1.5, 0.1, 3.0, 5e-324, 2.2250738585072009e-308, f64::MAX, 9007199254740993.0, 1.0 / 3.0]
                .iter()
                .map(|x: &f64| x.to_bits())
                .collect()
        };
        for i in 0..300 {
            let r = next();
            v.push(match (i % 2, width) {
                (0, 32) => r & 0xffff_ffff,
                (0, _) => r,
                (_, 32) => u64::from(((r >> 40) as u32 & 0x807f_ffff) | (((r % 60) as u32 + 97) << 23)),
                (_, _) => (r & 0x800f_ffff_ffff_ffff) | (((r >> 52) % 120 + 960) << 52),
            });
        }
        v.retain(|&b| if width == 32 { f32::from_bits(b as u32).is_finite() } else { f64::from_bits(b).is_finite() });
        v
    }

    /// To nearest, every rounded operation equals the host's (IEEE on x86-64 and every other
    /// host Rust supports).
    #[test]
    fn to_nearest_is_the_hosts_rounding() {
        let v64 = operands(64);
        for (i, &a) in v64.iter().enumerate() {
            let x = f64::from_bits(a);
            for &b in v64.iter().skip(i % 7).step_by(7) {
                let y = f64::from_bits(b);
                let host = [x + y, x - y, x * y, x / y];
                for (op, h) in [Binary::Add, Binary::Sub, Binary::Mul, Binary::Div].into_iter().zip(host) {
                    if let Some(r) = binary_bits(op, a, b, 64, NearestEven) {
                        assert_eq!(r, h.to_bits(), "{op:?} {x:e} {y:e}");
                    }
                }
                let c = v64[(i * 31) % v64.len()];
                let want = x.mul_add(y, f64::from_bits(c));
                assert_eq!(fma_bits(a, b, c, 64, NearestEven), want.to_bits(), "fma {x:e} {y:e}");
            }
            if let Some(r) = sqrt_bits(a, 64, NearestEven) {
                assert_eq!(r, x.sqrt().to_bits(), "sqrt {x:e}");
            }
            assert_eq!(narrow_bits(a, NearestEven), Some(u64::from((x as f32).to_bits())), "narrow {x:e}");
            let n = a >> (a % 64);
            assert_eq!(int_bits(false, n, 64, NearestEven), (n as f64).to_bits(), "{n} as f64");
            assert_eq!(int_bits(false, n, 32, NearestEven), u64::from((n as f32).to_bits()), "{n} as f32");
        }
        let v32 = operands(32);
        for (i, &a) in v32.iter().enumerate() {
            let x = f32::from_bits(a as u32);
            for &b in v32.iter().skip(i % 5).step_by(5) {
                let y = f32::from_bits(b as u32);
                let host = [x + y, x - y, x * y, x / y];
                for (op, h) in [Binary::Add, Binary::Sub, Binary::Mul, Binary::Div].into_iter().zip(host) {
                    if let Some(r) = binary_bits(op, a, b, 32, NearestEven) {
                        assert_eq!(r, u64::from(h.to_bits()), "{op:?} {x:e} {y:e} (binary32)");
                    }
                }
            }
            if let Some(r) = sqrt_bits(a, 32, NearestEven) {
                assert_eq!(r, u64::from(x.sqrt().to_bits()), "sqrt {x:e} (binary32)");
            }
        }
    }

    #[test]
    fn formats_know_their_largest_number_and_infinity() {
        assert_eq!(Format::BINARY64.max_finite(), f64::MAX.to_bits());
        assert_eq!(Format::BINARY32.max_finite(), u64::from(f32::MAX.to_bits()));
        assert_eq!(Format::BINARY64.infinity(), f64::INFINITY.to_bits());
        assert_eq!(Format::BINARY32.infinity(), u64::from(f32::INFINITY.to_bits()));
    }

    #[test]
    fn exact_values_round_trip() {
        for x in [1.0, -0.1, 3e-310, f64::MAX, f64::MIN_POSITIVE, 5e-324, 123456.789] {
            for mode in [NearestEven, Down, Up, TowardZero] {
                assert_eq!(round(Exact::of_float(d(x), Format::BINARY64), Format::BINARY64, mode), d(x), "{x}");
            }
        }
    }

    #[test]
    fn a_third_rounds_each_way() {
        let third = |mode| f64::from_bits(binary_bits(Binary::Div, d(1.0), d(3.0), 64, mode).unwrap());
        assert_eq!(third(NearestEven), 1.0 / 3.0);
        assert_eq!(third(Down), 1.0 / 3.0);
        assert_eq!(third(TowardZero), 1.0 / 3.0);
        assert_eq!(third(Up), f64::from_bits(d(1.0 / 3.0) + 1));
        let minus = |mode| f64::from_bits(binary_bits(Binary::Div, d(-1.0), d(3.0), 64, mode).unwrap());
        assert_eq!(minus(Down), f64::from_bits(d(-1.0 / 3.0) + 1));
        assert_eq!(minus(Up), -1.0 / 3.0);
    }

    #[test]
    fn overflow_stops_at_the_largest_number_toward_zero() {
        let big = |mode| f64::from_bits(binary_bits(Binary::Mul, d(f64::MAX), d(2.0), 64, mode).unwrap());
        assert_eq!(big(NearestEven), f64::INFINITY);
        assert_eq!(big(Up), f64::INFINITY);
        assert_eq!(big(Down), f64::MAX);
        assert_eq!(big(TowardZero), f64::MAX);
    }

    #[test]
    fn exact_zero_sums_are_negative_only_rounding_down() {
        for mode in [NearestEven, Down, Up, TowardZero] {
            let r = binary_bits(Binary::Sub, d(0.5), d(0.5), 64, mode).unwrap();
            assert_eq!(r == d(-0.0), mode == Down);
            assert_eq!(binary_bits(Binary::Add, d(-0.0), d(-0.0), 64, mode), Some(d(-0.0)));
            assert_eq!(binary_bits(Binary::Add, d(0.0), d(0.0), 64, mode), Some(0));
        }
    }

    #[test]
    fn integers_round_in_the_direction() {
        let f = |n: u64, mode| f32::from_bits(int_bits(false, n, 32, mode) as u32);
        assert_eq!(f(33554433, NearestEven), 33554432.0);
        assert_eq!(f(33554433, Up), 33554436.0);
        assert_eq!(f(33554435, Down), 33554432.0);
        assert_eq!(f(33554434, NearestEven), 33554432.0, "a tie goes to even");
        assert_eq!(f32::from_bits(int_bits(true, 33554435, 32, TowardZero) as u32), -33554432.0);
        assert_eq!(f32::from_bits(int_bits(true, 33554435, 32, Down) as u32), -33554436.0);
    }
}
