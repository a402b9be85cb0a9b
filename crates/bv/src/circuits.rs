//! Gate-lean arithmetic circuits over the AIG (Babić thesis §5.1.2: Spear's encoder uses small
//! dedicated circuits per operator rather than generic ones).
//!
//! Conventions and invariants: bit-vectors are slices of [`AigLit`], least significant bit
//! first; every function returns exactly the width SMT-LIB prescribes; constant inputs are
//! simplified away by the AIG itself (`and(x, false) = false`), which is what turns the
//! multiplier into shifts and adds when one operand is a constant.

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

/// Shift-add multiplier, truncated to the operand width. The operand with more constant bits
/// drives the partial products, so a constant multiplier yields only the adds of its set bits.
pub fn mul(g: &mut Aig, a: &[AigLit], b: &[AigLit]) -> Vec<AigLit> {
    let (a, b) = if const_bits(a) > const_bits(b) { (b, a) } else { (a, b) };
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
