//! The floating-point terms ([`vigil_semantics::float_sym`], built on the IEEE circuits of
//! `vigil_bv::fp`) against the concrete semantics ([`vigil_semantics::float`], itself checked
//! against the hardware): every operation with a term, binary32 and binary64, on edge cases
//! (±0, subnormals, ±∞, NaNs with payloads, the largest and smallest normals, halfway cases)
//! and on random encodings. Terms are evaluated by building them on constants (the rewriter
//! folds them with the reference evaluator). Results must be equal bit for bit.

use vigil_bv::TermManager;
use vigil_ir::{FCmpPred, FloatOp};
use vigil_semantics::float::float_op;
use vigil_semantics::float_round::Rounding;
use vigil_semantics::float_sym::float_term;
use vigil_semantics::Scalar;
use vigil_sat::Rng;


fn edge32() -> Vec<u64> {
    let v: Vec<f32> = vec![
        0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, -2.5, 3.0, 0.1, -0.3, 1e-45, -1e-45, 1.1754942e-38, 1.17549435e-38, f32::MAX,
        f32::MIN, f32::MIN_POSITIVE, f32::INFINITY, f32::NEG_INFINITY, 16777216.0, 16777217.0, 8388608.5, 2147483648.0,
        -2147483648.0, 2147483520.0, 4294967296.0, 255.5, -0.9, 0.49999997, 1e30, 3.4e38,
    ];
    let mut out: Vec<u64> = v.into_iter().map(|x| u64::from(x.to_bits())).collect();
    out.extend([0x7fc0_0000, 0xffc0_0000, 0x7f80_0001, 0xff80_1234, 0x7fc1_2345, 0x0000_0001, 0x807f_ffff, 0x0080_0000, 0x7f7f_ffff]);
    out
}

fn edge64() -> Vec<u64> {
    let v: Vec<f64> = vec![
        0.0, -0.0, 1.0, -1.0, 0.5, 2.5, -3.5, 0.1, 0.2, 0.3, 5e-324, -5e-324, 2.2250738585072014e-308,
        2.225073858507201e-308, f64::MAX, f64::MIN, f64::INFINITY, f64::NEG_INFINITY, 9007199254740992.0,
        9007199254740993.0, 4503599627370496.5, 9.223372036854775807e18, -9.223372036854775808e18, 2147483647.9,
        -2147483648.9, 2147483648.0, 1.8446744073709552e19, 1e300, 3.4028235677973366e38, 3.4028236e38,
        1.401298464324817e-45, 7e-46,
    ];
    let mut out: Vec<u64> = v.into_iter().map(f64::to_bits).collect();
    out.extend([0x7ff8_0000_0000_0000, 0xfff8_0000_0000_0000, 0x7ff0_0000_0000_0001, 0xfff4_0000_1234_5678, 0x1, 0x000f_ffff_ffff_ffff]);
    out
}

/// Edge cases, then random encodings and random moderate values (for meaningful arithmetic).
fn values(width: u32, rng: &mut Rng, n: usize) -> Vec<u64> {
    let mut v = if width == 32 { edge32() } else { edge64() };
    for i in 0..n {
        let r = rng.next_u64();
        v.push(match (i % 3, width) {
            (0, 32) => r & 0xffff_ffff,
            (0, _) => r,
            (1, 32) => u64::from(((r % 2_000_000) as f32 / 64.0 - 15000.0).to_bits()),
            (1, _) => ((r % 2_000_000_000) as f64 / 1024.0 - 900_000.0).to_bits(),
            (_, 32) => u64::from(((r >> 8) as u32 >> 9) | (((r % 40) as u32 + 107) << 23) | ((r as u32 & 1) << 31)),
            (_, _) => (r >> 12) | (((r % 80) + 990) << 52) | ((r & 1) << 63),
        });
    }
    v
}

fn mask(w: u32) -> u64 {
    if w == 64 { u64::MAX } else { (1 << w) - 1 }
}

/// Checks one operation on one operand tuple, rounding to nearest.
fn check(op: FloatOp, res_width: u32, args: &[u64], widths: &[u32]) {
    check_in(op, res_width, args, widths, Rounding::NearestEven);
}

/// Checks one operation on one operand tuple in rounding direction `mode`.
fn check_in(op: FloatOp, res_width: u32, args: &[u64], widths: &[u32], mode: Rounding) {
    let scalars: Vec<Scalar> = args.iter().map(|&b| Scalar::int(b)).collect();
    let want = float_op(op, widths[0], res_width, &scalars, widths, mode);
    let mut tm = TermManager::new();
    let terms: Vec<_> = args.iter().zip(widths).map(|(&b, &w)| tm.bv_u64(w, b)).collect();
    let got = float_term(&mut tm, op, res_width, &terms, widths, mode).expect("operation has a term");
    let undefined = got.undefined.map(|u| tm.bool_value(u).expect("folded"));
    let value = tm.bv_value(got.value).expect("folded").to_u64().unwrap();
    match want {
        Err(_) => assert_eq!(undefined, Some(true), "{op:?} {mode:?} {args:x?}: concrete faults, term does not"),
        Ok(s) => {
            assert_ne!(undefined, Some(true), "{op:?} {mode:?} {args:x?}: term faults, concrete does not");
            assert_eq!(value, s.bits & mask(res_width), "{op:?} {mode:?} {args:x?}: term {value:#x}, concrete {:#x}", s.bits);
        }
    }
}

/// The operations that round, in the three directed modes: the integer arithmetic of
/// `float_round` against the SymFPU-style circuits of `vigil_bv::fp` (two implementations
/// written independently).
#[test]
fn directed_rounding_agrees() {
    let mut rng = Rng::new(0x0dd5_eed5_2468_ace0);
    for mode in [Rounding::Down, Rounding::Up, Rounding::TowardZero] {
        for w in [32, 64] {
            let vs = values(w, &mut rng, 24);
            for &a in &vs {
                for op in [FloatOp::Sqrt, FloatOp::Rint, FloatOp::NearbyInt] {
                    check_in(op, w, &[a], &[w], mode);
                }
                check_in(FloatOp::LRint, 64, &[a], &[w], mode);
                for &b in vs.iter().step_by(3) {
                    for op in [FloatOp::FAdd, FloatOp::FSub, FloatOp::FMul, FloatOp::FDiv] {
                        check_in(op, w, &[a, b], &[w, w], mode);
                    }
                }
            }
            for &a in vs.iter().step_by(2) {
                for &b in vs.iter().step_by(3) {
                    for &c in vs.iter().step_by(5) {
                        check_in(FloatOp::Fma, w, &[a, b, c], &[w, w, w], mode);
                        check_in(FloatOp::FMulAdd, w, &[a, b, c], &[w, w, w], mode);
                    }
                }
            }
        }
        for &a in &values(64, &mut rng, 60) {
            check_in(FloatOp::FpTrunc, 32, &[a], &[64], mode);
        }
        for _ in 0..200 {
            let i = rng.next_u64() >> (rng.next_u64() % 64);
            for (iw, fw) in [(32, 32), (32, 64), (64, 32), (64, 64)] {
                check_in(FloatOp::SiToFp, fw, &[i & mask(iw)], &[iw], mode);
                check_in(FloatOp::UiToFp, fw, &[i & mask(iw)], &[iw], mode);
            }
        }
    }
}

#[test]
fn binary_operations_agree() {
    let mut rng = Rng::new(0x1234_5678_9abc_def1);
    for w in [32, 64] {
        let vs = values(w, &mut rng, 40);
        for op in [
            FloatOp::FAdd,
            FloatOp::FSub,
            FloatOp::FMul,
            FloatOp::FDiv,
            FloatOp::MinNum,
            FloatOp::MaxNum,
            FloatOp::Minimum,
            FloatOp::Maximum,
            FloatOp::Copysign,
        ] {
            for &a in &vs {
                for &b in vs.iter().step_by(3) {
                    check(op, w, &[a, b], &[w, w]);
                }
            }
        }
    }
}

/// `frem` (C's `fmod`): its circuit unrolls one step per unit of exponent difference (about
/// 2100 for binary64), so fewer operand pairs than the other operations.
#[test]
fn remainder_agrees() {
    let mut rng = Rng::new(0x4242_4242_1357_9bdf);
    for (w, n, step) in [(32, 20, 2), (64, 6, 5)] {
        let vs = values(w, &mut rng, n);
        for &a in vs.iter().step_by(step) {
            for &b in vs.iter().step_by(step) {
                check(FloatOp::FRem, w, &[a, b], &[w, w]);
            }
        }
    }
}

#[test]
fn fused_multiply_add_agrees() {
    let mut rng = Rng::new(0x7777_1234_abcd_0001);
    for w in [32, 64] {
        let vs = values(w, &mut rng, 12);
        for &a in vs.iter().step_by(2) {
            for &b in vs.iter().step_by(3) {
                for &c in vs.iter().step_by(4) {
                    check(FloatOp::Fma, w, &[a, b, c], &[w, w, w]);
                    check(FloatOp::FMulAdd, w, &[a, b, c], &[w, w, w]);
                }
            }
        }
    }
    // Which NaN wins: every triple of NaNs (quiet, signalling, both signs), infinities, 0, 1.
    let nans32 = [0x7fc0_0000u64, 0xffc0_0001, 0x7f80_0005, 0xff80_1234, 0x7f80_0000, 0x0, 0x3f80_0000, 0x8000_0000];
    let nans64 = [0x7ff8_0000_0000_0000u64, 0xfff8_0000_0000_0001, 0x7ff0_0000_0000_0005, 0xfff0_0000_0000_1234, 0x7ff0_0000_0000_0000, 0x0, 0x3ff0_0000_0000_0000, 0x8000_0000_0000_0000];
    for (w, set) in [(32, nans32), (64, nans64)] {
        for a in set {
            for b in set {
                for c in set {
                    check(FloatOp::Fma, w, &[a, b, c], &[w, w, w]);
                    check(FloatOp::FMulAdd, w, &[a, b, c], &[w, w, w]);
                }
            }
        }
    }
}

#[test]
fn comparisons_agree() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    for w in [32, 64] {
        let vs = values(w, &mut rng, 20);
        for p in FCmpPred::ALL {
            for &a in &vs {
                for &b in vs.iter().step_by(2) {
                    check(FloatOp::FCmp(p), 1, &[a, b], &[w, w]);
                }
            }
        }
        for &a in &vs {
            for m in [0x3u64, 0x204, 0x90, 0x60, 0x108, 0x3ff, 0x1, 0x2] {
                check(FloatOp::IsFpClass, 1, &[a, m], &[w, 32]);
            }
        }
    }
}

#[test]
fn unary_operations_agree() {
    let mut rng = Rng::new(0xdead_beef_cafe_f00d);
    for w in [32, 64] {
        let vs = values(w, &mut rng, 300);
        for &a in &vs {
            for op in [
                FloatOp::FNeg,
                FloatOp::Fabs,
                FloatOp::Sqrt,
                FloatOp::Floor,
                FloatOp::Ceil,
                FloatOp::Trunc,
                FloatOp::Round,
                FloatOp::RoundEven,
                FloatOp::Rint,
                FloatOp::NearbyInt,
            ] {
                check(op, w, &[a], &[w]);
            }
            for iw in [8, 16, 32, 64] {
                for op in [FloatOp::FpToSi, FloatOp::FpToUi, FloatOp::LRound, FloatOp::LRint] {
                    check(op, iw, &[a], &[w]);
                }
            }
        }
    }
}

#[test]
fn conversions_between_formats_and_from_integers_agree() {
    let mut rng = Rng::new(0x0bad_c0de_1234_4321);
    for &a in &values(64, &mut rng, 300) {
        check(FloatOp::FpTrunc, 32, &[a], &[64]);
    }
    for &a in &values(32, &mut rng, 300) {
        check(FloatOp::FpExt, 64, &[a], &[32]);
    }
    let mut ints: Vec<u64> = vec![0, 1, u64::MAX, 1 << 63, (1 << 63) - 1, 16777217, 9007199254740993, 0x8000_0000, 0x7fff_ffff, 255, 128];
    for _ in 0..200 {
        let (a, b) = (rng.next_u64(), rng.next_u64());
        ints.push(a >> (b % 64));
    }
    for &i in &ints {
        for iw in [8, 32, 64] {
            for fw in [32, 64] {
                check(FloatOp::SiToFp, fw, &[i & mask(iw)], &[iw]);
                check(FloatOp::UiToFp, fw, &[i & mask(iw)], &[iw]);
            }
        }
    }
}
