//! Concrete bit-vector values of any supported width, with SMT-LIB semantics for every operator.
//!
//! Invariants: a value of width `w <= 64` is stored inline as one `u64` (the fast path); wider
//! values use `ceil(w/64)` little-endian limbs. In both cases every bit at position `>= w` is 0,
//! so derived `Eq`/`Hash` are value equality. Division by zero follows SMT-LIB 2.6:
//! `udiv x 0 = ~0`, `urem x 0 = x`, and the signed operators are defined from these.
//! (Babić thesis §5.1.1: constant folding needs an exact concrete semantics of each operator.)

use std::cmp::Ordering;
use std::fmt;

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Small(u64),
    Big(Box<[u64]>),
}

/// A bit-vector constant. See the module invariants.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct BitVecValue {
    width: u32,
    repr: Repr,
}

fn mask64(w: u32) -> u64 {
    if w >= 64 {
        !0
    } else {
        (1u64 << w) - 1
    }
}

fn nlimbs(w: u32) -> usize {
    w.div_ceil(64) as usize
}

impl BitVecValue {
    /// Builds a value from little-endian limbs, truncating to `width` bits.
    pub fn from_limbs(width: u32, mut limbs: Vec<u64>) -> Self {
        assert!(width >= 1, "bit-vector width must be positive");
        let n = nlimbs(width);
        limbs.resize(n, 0);
        let top = width - 64 * (n as u32 - 1);
        limbs[n - 1] &= mask64(top);
        if width <= 64 {
            BitVecValue { width, repr: Repr::Small(limbs[0]) }
        } else {
            BitVecValue { width, repr: Repr::Big(limbs.into_boxed_slice()) }
        }
    }

    /// `v` truncated to `width` bits.
    pub fn from_u64(width: u32, v: u64) -> Self {
        if width <= 64 {
            assert!(width >= 1, "bit-vector width must be positive");
            BitVecValue { width, repr: Repr::Small(v & mask64(width)) }
        } else {
            Self::from_limbs(width, vec![v])
        }
    }

    /// `v` sign-extended (two's complement) to `width` bits.
    pub fn from_i64(width: u32, v: i64) -> Self {
        let fill = if v < 0 { !0u64 } else { 0 };
        let mut limbs = vec![fill; nlimbs(width)];
        limbs[0] = v as u64;
        Self::from_limbs(width, limbs)
    }

    pub fn zero(width: u32) -> Self {
        Self::from_u64(width, 0)
    }

    pub fn one(width: u32) -> Self {
        Self::from_u64(width, 1)
    }

    pub fn ones(width: u32) -> Self {
        Self::from_limbs(width, vec![!0; nlimbs(width)])
    }

    /// The most negative signed value `100…0`.
    pub fn min_signed(width: u32) -> Self {
        Self::zero(width).with_bit(width - 1, true)
    }

    /// The most positive signed value `011…1`.
    pub fn max_signed(width: u32) -> Self {
        Self::ones(width).with_bit(width - 1, false)
    }

    /// Parses binary digits (most significant first); the width is the digit count.
    pub fn from_bin_str(s: &str) -> Option<Self> {
        let w = u32::try_from(s.len()).ok()?;
        if w == 0 {
            return None;
        }
        let mut limbs = vec![0u64; nlimbs(w)];
        for (i, c) in s.bytes().rev().enumerate() {
            match c {
                b'0' => {}
                b'1' => limbs[i / 64] |= 1 << (i % 64),
                _ => return None,
            }
        }
        Some(Self::from_limbs(w, limbs))
    }

    /// Parses hexadecimal digits; the width is four bits per digit.
    pub fn from_hex_str(s: &str) -> Option<Self> {
        let w = u32::try_from(s.len()).ok()?.checked_mul(4)?;
        if w == 0 {
            return None;
        }
        let mut limbs = vec![0u64; nlimbs(w)];
        for (i, c) in s.bytes().rev().enumerate() {
            let d = (c as char).to_digit(16)? as u64;
            limbs[i / 16] |= d << (4 * (i % 16));
        }
        Some(Self::from_limbs(w, limbs))
    }

    /// Parses a decimal numeral and reduces it modulo `2^width` (as `(_ bvN w)` does).
    pub fn from_dec_str(width: u32, s: &str) -> Option<Self> {
        if s.is_empty() {
            return None;
        }
        let mut acc = Self::zero(width);
        let ten = Self::from_u64(width, 10);
        for c in s.chars() {
            let d = c.to_digit(10)? as u64;
            acc = acc.mul(&ten).add(&Self::from_u64(width, d));
        }
        Some(acc)
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    /// Little-endian limbs (a copy; cheap for the inline case).
    pub fn limbs(&self) -> Vec<u64> {
        match &self.repr {
            Repr::Small(v) => vec![*v],
            Repr::Big(b) => b.to_vec(),
        }
    }

    /// The value if it fits in a `u64`.
    pub fn to_u64(&self) -> Option<u64> {
        match &self.repr {
            Repr::Small(v) => Some(*v),
            Repr::Big(b) => b[1..].iter().all(|&l| l == 0).then_some(b[0]),
        }
    }

    /// The lowest 64 bits.
    pub fn low_u64(&self) -> u64 {
        match &self.repr {
            Repr::Small(v) => *v,
            Repr::Big(b) => b[0],
        }
    }

    pub fn bit(&self, i: u32) -> bool {
        debug_assert!(i < self.width);
        match &self.repr {
            Repr::Small(v) => (v >> i) & 1 == 1,
            Repr::Big(b) => (b[(i / 64) as usize] >> (i % 64)) & 1 == 1,
        }
    }

    pub fn with_bit(&self, i: u32, on: bool) -> Self {
        let mut l = self.limbs();
        let m = 1u64 << (i % 64);
        if on {
            l[(i / 64) as usize] |= m;
        } else {
            l[(i / 64) as usize] &= !m;
        }
        Self::from_limbs(self.width, l)
    }

    pub fn msb(&self) -> bool {
        self.bit(self.width - 1)
    }

    pub fn is_zero(&self) -> bool {
        match &self.repr {
            Repr::Small(v) => *v == 0,
            Repr::Big(b) => b.iter().all(|&l| l == 0),
        }
    }

    pub fn is_one(&self) -> bool {
        self.to_u64() == Some(1)
    }

    pub fn is_ones(&self) -> bool {
        *self == Self::ones(self.width)
    }

    pub fn count_ones(&self) -> u32 {
        self.limbs().iter().map(|l| l.count_ones()).sum()
    }

    /// `Some(k)` if the value is exactly `2^k`.
    pub fn power_of_two(&self) -> Option<u32> {
        (self.count_ones() == 1).then(|| self.trailing_zeros())
    }

    pub fn trailing_zeros(&self) -> u32 {
        let mut n = 0;
        for l in self.limbs() {
            if l != 0 {
                return (n + l.trailing_zeros()).min(self.width);
            }
            n += 64;
        }
        self.width
    }

    /// The shift amount this value denotes, saturated at `width` (any larger amount acts alike).
    pub fn shift_amount(&self) -> u32 {
        match self.to_u64() {
            Some(v) if v < self.width as u64 => v as u32,
            _ => self.width,
        }
    }

    fn map2(&self, o: &Self, f: impl Fn(u64, u64) -> u64) -> Self {
        debug_assert_eq!(self.width, o.width);
        match (&self.repr, &o.repr) {
            (Repr::Small(a), Repr::Small(b)) => Self::from_u64(self.width, f(*a, *b)),
            _ => {
                let (a, b) = (self.limbs(), o.limbs());
                Self::from_limbs(self.width, a.iter().zip(&b).map(|(x, y)| f(*x, *y)).collect())
            }
        }
    }

    pub fn not(&self) -> Self {
        match &self.repr {
            Repr::Small(a) => Self::from_u64(self.width, !a),
            Repr::Big(b) => Self::from_limbs(self.width, b.iter().map(|l| !l).collect()),
        }
    }

    pub fn and(&self, o: &Self) -> Self {
        self.map2(o, |a, b| a & b)
    }

    pub fn or(&self, o: &Self) -> Self {
        self.map2(o, |a, b| a | b)
    }

    pub fn xor(&self, o: &Self) -> Self {
        self.map2(o, |a, b| a ^ b)
    }

    pub fn add(&self, o: &Self) -> Self {
        debug_assert_eq!(self.width, o.width);
        if let (Repr::Small(a), Repr::Small(b)) = (&self.repr, &o.repr) {
            return Self::from_u64(self.width, a.wrapping_add(*b));
        }
        let (a, b) = (self.limbs(), o.limbs());
        let mut carry = false;
        let mut r = Vec::with_capacity(a.len());
        for (x, y) in a.iter().zip(&b) {
            let (s1, c1) = x.overflowing_add(*y);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            r.push(s2);
            carry = c1 || c2;
        }
        Self::from_limbs(self.width, r)
    }

    pub fn neg(&self) -> Self {
        self.not().add(&Self::one(self.width))
    }

    pub fn sub(&self, o: &Self) -> Self {
        if let (Repr::Small(a), Repr::Small(b)) = (&self.repr, &o.repr) {
            return Self::from_u64(self.width, a.wrapping_sub(*b));
        }
        self.add(&o.neg())
    }

    pub fn mul(&self, o: &Self) -> Self {
        debug_assert_eq!(self.width, o.width);
        if let (Repr::Small(a), Repr::Small(b)) = (&self.repr, &o.repr) {
            return Self::from_u64(self.width, a.wrapping_mul(*b));
        }
        let (a, b) = (self.limbs(), o.limbs());
        let n = a.len();
        let mut r = vec![0u64; n];
        for i in 0..n {
            let mut carry: u128 = 0;
            for j in 0..n - i {
                let cur = r[i + j] as u128 + (a[i] as u128) * (b[j] as u128) + carry;
                r[i + j] = cur as u64;
                carry = cur >> 64;
            }
        }
        Self::from_limbs(self.width, r)
    }

    /// Unsigned quotient and remainder; `(~0, self)` when `o` is zero.
    pub fn udivrem(&self, o: &Self) -> (Self, Self) {
        debug_assert_eq!(self.width, o.width);
        if o.is_zero() {
            return (Self::ones(self.width), self.clone());
        }
        if let (Repr::Small(a), Repr::Small(b)) = (&self.repr, &o.repr) {
            return (Self::from_u64(self.width, a / b), Self::from_u64(self.width, a % b));
        }
        let mut q = Self::zero(self.width);
        let mut r = Self::zero(self.width);
        for i in (0..self.width).rev() {
            // r = 2r + bit; r < o <= 2^w - 1 so 2r + 1 may overflow w bits: track the carry.
            let overflow = r.msb();
            r = r.shl_by(1).with_bit(0, self.bit(i));
            if overflow || r.cmp_unsigned(o) != Ordering::Less {
                r = r.sub(o);
                q = q.with_bit(i, true);
            }
        }
        (q, r)
    }

    pub fn udiv(&self, o: &Self) -> Self {
        self.udivrem(o).0
    }

    pub fn urem(&self, o: &Self) -> Self {
        self.udivrem(o).1
    }

    fn abs(&self) -> Self {
        if self.msb() {
            self.neg()
        } else {
            self.clone()
        }
    }

    pub fn sdiv(&self, o: &Self) -> Self {
        let q = self.abs().udiv(&o.abs());
        if self.msb() != o.msb() {
            q.neg()
        } else {
            q
        }
    }

    pub fn srem(&self, o: &Self) -> Self {
        let r = self.abs().urem(&o.abs());
        if self.msb() {
            r.neg()
        } else {
            r
        }
    }

    pub fn smod(&self, o: &Self) -> Self {
        let u = self.abs().urem(&o.abs());
        if u.is_zero() {
            return u;
        }
        match (self.msb(), o.msb()) {
            (false, false) => u,
            (true, false) => u.neg().add(o),
            (false, true) => u.add(o),
            (true, true) => u.neg(),
        }
    }

    /// Left shift by a plain amount (amounts `>= width` give zero).
    pub fn shl_by(&self, k: u32) -> Self {
        if k >= self.width {
            return Self::zero(self.width);
        }
        if let Repr::Small(a) = self.repr {
            return Self::from_u64(self.width, a << k);
        }
        let a = self.limbs();
        let (ls, bs) = ((k / 64) as usize, k % 64);
        let mut r = vec![0u64; a.len()];
        for i in ls..a.len() {
            let lo = a[i - ls] << bs;
            let hi = if bs > 0 && i > ls { a[i - ls - 1] >> (64 - bs) } else { 0 };
            r[i] = lo | hi;
        }
        Self::from_limbs(self.width, r)
    }

    /// Logical right shift by a plain amount.
    pub fn lshr_by(&self, k: u32) -> Self {
        if k >= self.width {
            return Self::zero(self.width);
        }
        if let Repr::Small(a) = self.repr {
            return Self::from_u64(self.width, a >> k);
        }
        let a = self.limbs();
        let (ls, bs) = ((k / 64) as usize, k % 64);
        let mut r = vec![0u64; a.len()];
        for i in 0..a.len() - ls {
            let lo = a[i + ls] >> bs;
            let hi = if bs > 0 && i + ls + 1 < a.len() { a[i + ls + 1] << (64 - bs) } else { 0 };
            r[i] = lo | hi;
        }
        Self::from_limbs(self.width, r)
    }

    /// Arithmetic right shift by a plain amount.
    pub fn ashr_by(&self, k: u32) -> Self {
        if !self.msb() {
            return self.lshr_by(k);
        }
        let k = k.min(self.width);
        let fill = Self::ones(self.width).shl_by(self.width - k);
        let fill = if k == 0 { Self::zero(self.width) } else { fill };
        self.lshr_by(k).or(&fill)
    }

    pub fn shl(&self, o: &Self) -> Self {
        self.shl_by(o.shift_amount())
    }

    pub fn lshr(&self, o: &Self) -> Self {
        self.lshr_by(o.shift_amount())
    }

    pub fn ashr(&self, o: &Self) -> Self {
        self.ashr_by(o.shift_amount())
    }

    /// `self` is the high part, `lo` the low part (SMT-LIB `concat`).
    pub fn concat(&self, lo: &Self) -> Self {
        let w = self.width + lo.width;
        let mut l = lo.limbs();
        l.resize(nlimbs(w), 0);
        let wide_hi = Self::from_limbs(w, self.limbs()).shl_by(lo.width);
        Self::from_limbs(w, l).or(&wide_hi)
    }

    /// Bits `hi..=lo`.
    pub fn extract(&self, hi: u32, lo: u32) -> Self {
        debug_assert!(lo <= hi && hi < self.width);
        Self::from_limbs(hi - lo + 1, self.lshr_by(lo).limbs())
    }

    pub fn zero_extend(&self, by: u32) -> Self {
        Self::from_limbs(self.width + by, self.limbs())
    }

    pub fn sign_extend(&self, by: u32) -> Self {
        let w = self.width + by;
        let z = self.zero_extend(by);
        if self.msb() && by > 0 {
            z.or(&Self::ones(w).shl_by(self.width))
        } else {
            z
        }
    }

    pub fn repeat(&self, n: u32) -> Self {
        let mut r = self.clone();
        for _ in 1..n {
            r = r.concat(self);
        }
        r
    }

    pub fn rotate_left(&self, k: u32) -> Self {
        let k = k % self.width;
        if k == 0 {
            return self.clone();
        }
        self.shl_by(k).or(&self.lshr_by(self.width - k))
    }

    pub fn rotate_right(&self, k: u32) -> Self {
        let k = k % self.width;
        self.rotate_left((self.width - k) % self.width)
    }

    pub fn cmp_unsigned(&self, o: &Self) -> Ordering {
        match (&self.repr, &o.repr) {
            (Repr::Small(a), Repr::Small(b)) => a.cmp(b),
            _ => {
                let (a, b) = (self.limbs(), o.limbs());
                a.iter().rev().cmp(b.iter().rev())
            }
        }
    }

    pub fn cmp_signed(&self, o: &Self) -> Ordering {
        match (self.msb(), o.msb()) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => self.cmp_unsigned(o),
        }
    }

    pub fn ult(&self, o: &Self) -> bool {
        self.cmp_unsigned(o) == Ordering::Less
    }

    pub fn slt(&self, o: &Self) -> bool {
        self.cmp_signed(o) == Ordering::Less
    }

    /// Binary digits, most significant first.
    pub fn to_bin_string(&self) -> String {
        (0..self.width).rev().map(|i| if self.bit(i) { '1' } else { '0' }).collect()
    }

    /// SMT-LIB literal: `#x…` when the width is a multiple of 4, `#b…` otherwise.
    pub fn to_smtlib(&self) -> String {
        if self.width.is_multiple_of(4) {
            let mut s = String::from("#x");
            for d in (0..self.width / 4).rev() {
                let nib = self.lshr_by(4 * d).low_u64() & 0xf;
                s.push(char::from_digit(nib as u32, 16).unwrap_or('0'));
            }
            s
        } else {
            format!("#b{}", self.to_bin_string())
        }
    }
}

impl fmt::Debug for BitVecValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]", self.to_smtlib(), self.width)
    }
}

impl fmt::Display for BitVecValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_smtlib())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wide arithmetic agrees with u128 arithmetic on values that fit.
    #[test]
    fn wide_matches_u128() {
        let mut s = 0x1234_5678_9abc_def0u64;
        for _ in 0..2000 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let a = (s as u128) << 40 | (s.rotate_left(9) as u128);
            let b = (s.rotate_left(31) as u128) >> (s % 100);
            let w = 120u32;
            let m = (1u128 << w) - 1;
            let (a, b) = (a & m, b & m);
            let va = BitVecValue::from_limbs(w, vec![a as u64, (a >> 64) as u64]);
            let vb = BitVecValue::from_limbs(w, vec![b as u64, (b >> 64) as u64]);
            let back = |v: BitVecValue| {
                let l = v.limbs();
                l[0] as u128 | (l[1] as u128) << 64
            };
            assert_eq!(back(va.add(&vb)), a.wrapping_add(b) & m);
            assert_eq!(back(va.sub(&vb)), a.wrapping_sub(b) & m);
            assert_eq!(back(va.mul(&vb)), a.wrapping_mul(b) & m);
            if b != 0 {
                assert_eq!(back(va.udiv(&vb)), a / b);
                assert_eq!(back(va.urem(&vb)), a % b);
            }
            let k = (s % 130) as u32;
            assert_eq!(back(va.shl_by(k)), if k >= w { 0 } else { (a << k) & m });
            assert_eq!(back(va.lshr_by(k)), if k >= w { 0 } else { a >> k });
            assert_eq!(va.ult(&vb), a < b);
        }
    }

    #[test]
    fn literals_and_division_by_zero() {
        let x = BitVecValue::from_hex_str("f0").unwrap();
        assert_eq!(x.width(), 8);
        assert_eq!(x.to_u64(), Some(0xf0));
        assert_eq!(BitVecValue::from_bin_str("101").unwrap().to_u64(), Some(5));
        assert_eq!(BitVecValue::from_dec_str(8, "300").unwrap().to_u64(), Some(44));
        let z = BitVecValue::zero(8);
        assert!(x.udiv(&z).is_ones());
        assert_eq!(x.urem(&z), x);
        assert_eq!(x.to_smtlib(), "#xf0");
        // sdiv of a negative by zero is 1 (negated all-ones); srem by zero is the dividend.
        assert!(x.sdiv(&z).is_one());
        assert_eq!(x.srem(&z), x);
        assert_eq!(x.smod(&z), x);
        let m = BitVecValue::from_i64(8, -7);
        let t = BitVecValue::from_i64(8, 3);
        assert_eq!(m.sdiv(&t), BitVecValue::from_i64(8, -2));
        assert_eq!(m.srem(&t), BitVecValue::from_i64(8, -1));
        assert_eq!(m.smod(&t), BitVecValue::from_i64(8, 2));
        assert_eq!(m.ashr_by(1), BitVecValue::from_i64(8, -4));
        assert_eq!(BitVecValue::from_hex_str("a").unwrap().concat(&BitVecValue::from_bin_str("01").unwrap()).to_u64(), Some(0b101001));
    }
}
