//! Gate-lean arithmetic circuits over the AIG (Babić thesis §5.1.2: Spear's encoder uses small
//! dedicated circuits per operator rather than generic ones).
//!
//! Conventions and invariants: bit-vectors are slices of [`AigLit`], least significant bit
//! first; every function returns exactly the width SMT-LIB prescribes; constant inputs are
//! simplified away by the AIG itself (`and(x, false) = false`); a product by a constant is built
//! from the constant's signed digits (one add or subtract per non-zero digit).

use crate::aig::{Aig, AigLit};

/// Ripple-carry adder: `(a + b + cin) mod 2^w` and the carry out.
pub fn add(g: &mut Aig, a: &[AigLit], b: &[AigLit], cin: AigLit) -> (Vec<AigLit>, AigLit) {
    let mut c = cin;
    let mut s = Vec::with_capacity(a.len());
    for (&x, &y) in a.iter().zip(b) {
        let t = g.xor(x, y);
        s.push(g.xor(t, c));
        c = g.maj(x, y, c);
    }
    (s, c)
}

pub fn not(a: &[AigLit]) -> Vec<AigLit> {
    a.iter().map(|&x| !x).collect()
}

pub fn neg(g: &mut Aig, a: &[AigLit]) -> Vec<AigLit> {
    let zero = vec![AigLit::FALSE; a.len()];
    add(g, &not(a), &zero, AigLit::TRUE).0
}

pub fn sub(g: &mut Aig, a: &[AigLit], b: &[AigLit]) -> Vec<AigLit> {
    add(g, a, &not(b), AigLit::TRUE).0
}

/// Unsigned `a < b`: no carry out of `a + ~b + 1`, computed as a carry chain only.
pub fn ult(g: &mut Aig, a: &[AigLit], b: &[AigLit]) -> AigLit {
    let mut c = AigLit::TRUE;
    for (&x, &y) in a.iter().zip(b) {
        c = g.maj(x, !y, c);
    }
    !c
}

/// Signed `a < b`: unsigned comparison with the sign bits swapped.
pub fn slt(g: &mut Aig, a: &[AigLit], b: &[AigLit]) -> AigLit {
    let n = a.len();
    let mut a2 = a.to_vec();
    let mut b2 = b.to_vec();
    a2[n - 1] = !a[n - 1];
    b2[n - 1] = !b[n - 1];
    ult(g, &a2, &b2)
}

pub fn eq(g: &mut Aig, a: &[AigLit], b: &[AigLit]) -> AigLit {
    let bits: Vec<AigLit> = a.iter().zip(b).map(|(&x, &y)| g.xnor(x, y)).collect();
    g.and_all(&bits)
}

pub fn mux(g: &mut Aig, c: AigLit, t: &[AigLit], e: &[AigLit]) -> Vec<AigLit> {
    t.iter().zip(e).map(|(&x, &y)| g.mux(c, x, y)).collect()
}

fn const_bits(v: &[AigLit]) -> usize {
    v.iter().filter(|l| l.is_const()).count()
}

/// Multiplier, truncated to the operand width. By a constant (one operand all constant bits)
/// it is [`mul_by_constant`] of the constant's signed digits when they are fewer than its set
/// bits, else of its bits; otherwise shift-add, where the operand with more constant bits
/// drives the partial products, so its constant bits yield no adds.
pub fn mul(g: &mut Aig, a: &[AigLit], b: &[AigLit]) -> Vec<AigLit> {
    let (a, b) = if const_bits(a) > const_bits(b) { (b, a) } else { (a, b) };
    if const_bits(b) == b.len() {
        let bits: Vec<bool> = b.iter().map(|&l| l == AigLit::TRUE).collect();
        let signed = signed_digits(&bits);
        // The signed digits only where they save adders: a subtraction adds the inverted
        // operand, whose bits are not constant where the operand's are (a zero-extended
        // operand's high bits), and at equal counts the plain shift-add measured better
        // (a SAT-hard division-by-constant equivalence took 5× the time).
        let nonzero = signed.iter().filter(|&&d| d != 0).count();
        let digits = if nonzero < bits.iter().filter(|&&x| x).count() { signed } else { bits.iter().map(|&x| i8::from(x)).collect() };
        return mul_by_constant(g, a, &digits);
    }
    let w = a.len();
    let mut acc = vec![AigLit::FALSE; w];
    for i in 0..w {
        if b[i] == AigLit::FALSE {
            continue;
        }
        // Bits below i are unaffected by the partial product `(a << i) & b_i`.
        let pp: Vec<AigLit> = (0..w - i).map(|j| g.and(a[j], b[i])).collect();
        let (s, _) = add(g, &acc[i..], &pp, AigLit::FALSE);
        acc[i..].copy_from_slice(&s);
    }
    acc
}

/// The non-adjacent form of the `w`-bit constant `c` (least significant bit first), modulo
/// `2^w`: digits `d_i` in {-1, 0, 1} with `Σ d_i·2^i ≡ c (mod 2^w)` and no two adjacent digits
/// non-zero. It has at most as many non-zero digits as `c` has set bits, and often far fewer:
/// `-2` is one digit where its binary form has `w - 1` set bits.
pub fn signed_digits(c: &[bool]) -> Vec<i8> {
    let w = c.len();
    // Invariant at step i: c ≡ rest + Σ_{j<i} d_j·2^j (mod 2^w), and rest has no bit below i.
    let mut rest = c.to_vec();
    let mut digits = vec![0i8; w];
    for i in 0..w {
        if !rest[i] {
            continue;
        }
        if i + 1 < w && rest[i + 1] {
            // rest ≡ 3 (mod 4) from bit i: digit -1, and rest + 2^i carries over the run of ones.
            digits[i] = -1;
            let mut j = i;
            while j < w && rest[j] {
                rest[j] = false;
                j += 1;
            }
            if j < w {
                rest[j] = true;
            }
        } else {
            digits[i] = 1;
            rest[i] = false;
        }
    }
    digits
}

/// `a · Σ d_i·2^i` truncated to `a`'s width, as one add or subtract of `a << i` per non-zero
/// digit (the digits of [`signed_digits`]): the sum of the shifted copies is built on the bits at
/// and above each shift only, since the bits below it are unaffected.
pub fn mul_by_constant(g: &mut Aig, a: &[AigLit], digits: &[i8]) -> Vec<AigLit> {
    let w = a.len();
    let mut acc: Option<Vec<AigLit>> = None;
    // Positive digits first, so that the sum starts from a shifted copy rather than a negation.
    for (i, &d) in digits.iter().enumerate().filter(|(_, d)| **d > 0).chain(digits.iter().enumerate().filter(|(_, d)| **d < 0)) {
        let acc = acc.get_or_insert_with(|| vec![AigLit::FALSE; w]);
        let part = &a[..w - i];
        let s = if d > 0 { add(g, &acc[i..], part, AigLit::FALSE).0 } else { sub(g, &acc[i..], part) };
        acc[i..].copy_from_slice(&s);
    }
    acc.unwrap_or_else(|| vec![AigLit::FALSE; w])
}

/// Restoring array divider: unsigned quotient and remainder with SMT-LIB division by zero
/// (`q = ~0`, `r = a`), which the circuit produces without a special case.
pub fn udivrem(g: &mut Aig, a: &[AigLit], b: &[AigLit]) -> (Vec<AigLit>, Vec<AigLit>) {
    let w = a.len();
    let mut q = vec![AigLit::FALSE; w];
    let mut r = vec![AigLit::FALSE; w];
    let mut nb: Vec<AigLit> = not(b);
    nb.push(AigLit::TRUE); // ~(0 ++ b), one bit wider
    for i in (0..w).rev() {
        // r' = 2r + a_i, one bit wider than r.
        let mut shifted = Vec::with_capacity(w + 1);
        shifted.push(a[i]);
        shifted.extend_from_slice(&r);
        let (diff, no_borrow) = add(g, &shifted, &nb, AigLit::TRUE);
        q[i] = no_borrow;
        r = mux(g, no_borrow, &diff[..w], &shifted[..w]);
    }
    (q, r)
}

fn abs(g: &mut Aig, a: &[AigLit]) -> Vec<AigLit> {
    let n = neg(g, a);
    mux(g, a[a.len() - 1], &n, a)
}

/// Signed division family via unsigned division of absolute values (SMT-LIB definitions).
pub fn sdiv(g: &mut Aig, a: &[AigLit], b: &[AigLit]) -> Vec<AigLit> {
    let (sa, sb) = (a[a.len() - 1], b[b.len() - 1]);
    let (aa, ab) = (abs(g, a), abs(g, b));
    let (q, _) = udivrem(g, &aa, &ab);
    let nq = neg(g, &q);
    let s = g.xor(sa, sb);
    mux(g, s, &nq, &q)
}

pub fn srem(g: &mut Aig, a: &[AigLit], b: &[AigLit]) -> Vec<AigLit> {
    let sa = a[a.len() - 1];
    let (aa, ab) = (abs(g, a), abs(g, b));
    let (_, r) = udivrem(g, &aa, &ab);
    let nr = neg(g, &r);
    mux(g, sa, &nr, &r)
}

pub fn smod(g: &mut Aig, a: &[AigLit], b: &[AigLit]) -> Vec<AigLit> {
    let (sa, sb) = (a[a.len() - 1], b[b.len() - 1]);
    let (aa, ab) = (abs(g, a), abs(g, b));
    let (_, u) = udivrem(g, &aa, &ab);
    let nu = neg(g, &u);
    let pre = mux(g, sa, &nu, &u);
    let nonzero = g.or_all(&u);
    let differ = g.xor(sa, sb);
    let fix = g.and(differ, nonzero);
    let (plus_b, _) = add(g, &pre, b, AigLit::FALSE);
    mux(g, fix, &plus_b, &pre)
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Shift {
    Left,
    LogicalRight,
    ArithRight,
}

/// Barrel shifter: one mux layer per amount bit below the width; any higher amount bit set
/// (an amount `>= w`) selects the fill value.
pub fn shift(g: &mut Aig, a: &[AigLit], amount: &[AigLit], kind: Shift) -> Vec<AigLit> {
    let w = a.len();
    let fill = if kind == Shift::ArithRight { a[w - 1] } else { AigLit::FALSE };
    let mut cur = a.to_vec();
    let mut overflow = Vec::new();
    for (k, &bit) in amount.iter().enumerate() {
        let dist = if k < 32 { 1usize << k } else { usize::MAX };
        if dist >= w {
            overflow.push(bit);
            continue;
        }
        let shifted: Vec<AigLit> = (0..w)
            .map(|i| match kind {
                Shift::Left => {
                    if i >= dist {
                        cur[i - dist]
                    } else {
                        fill
                    }
                }
                _ => {
                    if i + dist < w {
                        cur[i + dist]
                    } else {
                        fill
                    }
                }
            })
            .collect();
        cur = mux(g, bit, &shifted, &cur);
    }
    let big = g.or_all(&overflow);
    let fills = vec![fill; w];
    mux(g, big, &fills, &cur)
}

#[cfg(test)]
mod tests {
    use super::signed_digits;

    #[test]
    fn signed_digits_are_non_adjacent_equal_to_the_constant_and_no_more_than_its_set_bits() {
        for w in 1..=10usize {
            for c in 0..(1u64 << w) {
                let bits: Vec<bool> = (0..w).map(|i| (c >> i) & 1 == 1).collect();
                let d = signed_digits(&bits);
                assert_eq!(d.len(), w);
                let value = d.iter().enumerate().fold(0i64, |v, (i, &di)| v + i64::from(di) * (1i64 << i));
                assert_eq!(value.rem_euclid(1i64 << w) as u64, c, "c={c} w={w} digits={d:?}");
                assert!(d.windows(2).all(|p| p[0] == 0 || p[1] == 0), "adjacent digits: c={c} w={w} {d:?}");
                let nonzero = d.iter().filter(|&&x| x != 0).count();
                assert!(nonzero <= c.count_ones() as usize, "c={c} w={w} {d:?}");
            }
        }
        // -2 at 32 bits: one digit where the binary form has 31 set bits.
        let minus_two: Vec<bool> = (0..32).map(|i| i != 0).collect();
        assert_eq!(signed_digits(&minus_two).iter().filter(|&&x| x != 0).count(), 1);
    }
}
