//! Exhaustive operator tests at small widths, against an independent reference written here
//! with plain integer arithmetic:
//! - the evaluator (value.rs + derived.rs) for every operator, widths 1–8, all inputs;
//! - the blasted circuits through the SAT core (inputs fixed by assumptions, outputs read from
//!   the circuit's own SAT variables), widths 1–4, all inputs;
//! - the blasted circuits by bit-parallel AIG simulation, width 8, all inputs.

use vigil_bv::aig::lit_word;
use vigil_bv::blast::Blaster;
use vigil_bv::smtlib::ops::apply;
use vigil_bv::{BitVecValue, Solver, Sort, TermId, TermManager, Value};

/// Operators taking two bit-vectors of equal width.
const BINARY: &[&str] = &[
    "bvand", "bvor", "bvxor", "bvnand", "bvnor", "bvxnor", "bvadd", "bvsub", "bvmul", "bvudiv", "bvurem", "bvsdiv",
    "bvsrem", "bvsmod", "bvshl", "bvlshr", "bvashr", "concat", "bvcomp", "bvult", "bvule", "bvugt", "bvuge", "bvslt",
    "bvsle", "bvsgt", "bvsge", "=", "distinct", "bvuaddo", "bvsaddo", "bvusubo", "bvssubo", "bvumulo", "bvsmulo",
    "bvsdivo",
];

/// Unary operators, with their numeral indices.
fn unary_ops(w: u32) -> Vec<(&'static str, Vec<u32>)> {
    let mut v = vec![("bvnot", vec![]), ("bvneg", vec![]), ("bvnego", vec![])];
    for hi in 0..w {
        for lo in 0..=hi {
            v.push(("extract", vec![hi, lo]));
        }
    }
    for n in 0..3 {
        v.push(("zero_extend", vec![n]));
        v.push(("sign_extend", vec![n]));
        v.push(("repeat", vec![n + 1]));
    }
    for n in 0..=w + 1 {
        v.push(("rotate_left", vec![n]));
        v.push(("rotate_right", vec![n]));
    }
    v
}

/// Expected result: `Err(bool)` for predicates, `Ok((value, width))` for bit-vectors.
type Expect = Result<(u64, u32), bool>;

fn mask(w: u32) -> u64 {
    (1u64 << w) - 1
}

fn sx(v: u64, w: u32) -> i64 {
    ((v << (64 - w)) as i64) >> (64 - w)
}

fn in_range(x: i64, w: u32) -> bool {
    let lim = 1i64 << (w - 1);
    -lim <= x && x < lim
}

fn reference(name: &str, idx: &[u32], w: u32, a: u64, b: u64) -> Expect {
    let m = mask(w);
    let (sa, sb) = (sx(a, w), sx(b, w));
    let bv = |v: u64| Ok((v & m, w));
    match name {
        "bvand" => bv(a & b),
        "bvor" => bv(a | b),
        "bvxor" => bv(a ^ b),
        "bvnand" => bv(!(a & b)),
        "bvnor" => bv(!(a | b)),
        "bvxnor" => bv(!(a ^ b)),
        "bvadd" => bv(a.wrapping_add(b)),
        "bvsub" => bv(a.wrapping_sub(b)),
        "bvmul" => bv(a.wrapping_mul(b)),
        "bvudiv" => bv(if b == 0 { m } else { a / b }),
        "bvurem" => bv(if b == 0 { a } else { a % b }),
        "bvsdiv" => bv(if sb == 0 { if sa < 0 { 1 } else { m } } else { (sa / sb) as u64 }),
        "bvsrem" => bv(if sb == 0 { a } else { (sa % sb) as u64 }),
        "bvsmod" => bv(if sb == 0 {
            a
        } else {
            let r = sa % sb;
            (if r != 0 && (r < 0) != (sb < 0) { r + sb } else { r }) as u64
        }),
        "bvshl" => bv(if b >= w as u64 { 0 } else { a << b }),
        "bvlshr" => bv(if b >= w as u64 { 0 } else { a >> b }),
        "bvashr" => bv(if b >= w as u64 { if sa < 0 { m } else { 0 } } else { (sa >> b) as u64 }),
        "concat" => Ok((a << w | b, 2 * w)),
        "bvcomp" => Ok(((a == b) as u64, 1)),
        "bvult" => Err(a < b),
        "bvule" => Err(a <= b),
        "bvugt" => Err(a > b),
        "bvuge" => Err(a >= b),
        "bvslt" => Err(sa < sb),
        "bvsle" => Err(sa <= sb),
        "bvsgt" => Err(sa > sb),
        "bvsge" => Err(sa >= sb),
        "=" => Err(a == b),
        "distinct" => Err(a != b),
        "bvuaddo" => Err(a + b > m),
        "bvsaddo" => Err(!in_range(sa + sb, w)),
        "bvusubo" => Err(a < b),
        "bvssubo" => Err(!in_range(sa - sb, w)),
        "bvumulo" => Err(a * b > m),
        "bvsmulo" => Err(!in_range(sa * sb, w)),
        "bvsdivo" => Err(sa == -(1i64 << (w - 1)) && sb == -1),
        "bvnot" => bv(!a),
        "bvneg" => bv(a.wrapping_neg()),
        "bvnego" => Err(sa == -(1i64 << (w - 1))),
        "extract" => Ok(((a >> idx[1]) & mask(idx[0] - idx[1] + 1), idx[0] - idx[1] + 1)),
        "zero_extend" => Ok((a, w + idx[0])),
        "sign_extend" => Ok(((sa as u64) & mask(w + idx[0]), w + idx[0])),
        "repeat" => Ok(((0..idx[0]).fold(0, |acc, _| acc << w | a), w * idx[0])),
        "rotate_left" | "rotate_right" => {
            let k = idx[0] % w;
            let k = if name == "rotate_left" { k } else { (w - k) % w };
            bv(if k == 0 { a } else { a << k | a >> (w - k) })
        }
        _ => panic!("no reference for {name}"),
    }
}

fn to_value(e: Expect) -> Value {
    match e {
        Err(b) => Value::Bool(b),
        Ok((v, w)) => Value::Bv(BitVecValue::from_u64(w, v)),
    }
}

/// All (name, indices, arity) cases at width `w`.
fn cases(w: u32) -> Vec<(&'static str, Vec<u32>, usize)> {
    let mut c: Vec<_> = BINARY.iter().map(|&n| (n, vec![], 2)).collect();
    c.extend(unary_ops(w).into_iter().map(|(n, i)| (n, i, 1)));
    c
}

fn build(tm: &mut TermManager, name: &str, idx: &[u32], args: &[TermId]) -> TermId {
    apply(tm, name, idx, args).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn evaluator_matches_reference_widths_1_to_8() {
    for w in 1..=8u32 {
        let mut tm = TermManager::new();
        let (x, y) = (tm.var("x", Sort::BitVec(w)), tm.var("y", Sort::BitVec(w)));
        for (name, idx, arity) in cases(w) {
            if w > 5 && name.starts_with("rotate") || (w > 6 && name == "extract") {
                continue; // many index combinations; covered at smaller widths
            }
            let t = build(&mut tm, name, &idx, &[x, y][..arity]);
            for a in 0..1u64 << w {
                let bs = if arity == 2 { 1u64 << w } else { 1 };
                for b in 0..bs {
                    let asg = [(x, Value::Bv(BitVecValue::from_u64(w, a))), (y, Value::Bv(BitVecValue::from_u64(w, b)))];
                    let got = vigil_bv::Evaluator::new(&tm, asg).eval(t);
                    assert_eq!(got, to_value(reference(name, &idx, w, a, b)), "{name} {idx:?} w={w} a={a} b={b}");
                }
            }
        }
    }
}

#[test]
fn blasted_circuits_match_reference_via_sat_widths_1_to_4() {
    for w in 1..=4u32 {
        // No rewriting: the probes `t = c` must not be simplified away from `t`'s circuit.
        let mut tm = TermManager::with_rewrite_config(vigil_bv::RewriteConfig::none());
        let (x, y) = (tm.var("x", Sort::BitVec(w)), tm.var("y", Sort::BitVec(w)));
        let consts: Vec<TermId> = (0..1u64 << w).map(|v| tm.bv_u64(w, v)).collect();
        let fix_x: Vec<TermId> = consts.iter().map(|&c| tm.eq(x, c)).collect();
        let fix_y: Vec<TermId> = consts.iter().map(|&c| tm.eq(y, c)).collect();
        for (name, idx, arity) in cases(w) {
            let mut solver = Solver::new();
            let t = build(&mut tm, name, &idx, &[x, y][..arity]);
            let bs = if arity == 2 { 1u64 << w } else { 1 };
            for a in 0..1u64 << w {
                for b in 0..bs {
                    let mut assume = vec![fix_x[a as usize]];
                    if arity == 2 {
                        assume.push(fix_y[b as usize]);
                    }
                    let want = to_value(reference(name, &idx, w, a, b));
                    // Ask for the circuit's output: assume it differs from the expected value.
                    let wt = match &want {
                        Value::Bool(v) => tm.bool_const(*v),
                        Value::Bv(v) => tm.bv_const(v.clone()),
                    };
                    let same = tm.app(vigil_bv::Op::Eq, &[t, wt]);
                    let differ = tm.not(same);
                    assume.push(differ);
                    let r = solver.check_assuming(&tm, &assume).unwrap();
                    assert_eq!(r, vigil_bv::CheckResult::Unsat, "{name} {idx:?} w={w} a={a} b={b}: circuit can differ from {want:?}");
                    assume.pop();
                    let r = solver.check_assuming(&tm, &assume).unwrap();
                    assert_eq!(r, vigil_bv::CheckResult::Sat);
                    assert_eq!(solver.blasted_value(&tm, t), Some(want.clone()), "{name} {idx:?} w={w} a={a} b={b}");
                }
            }
        }
    }
}

#[test]
fn blasted_circuits_match_reference_by_simulation_width_8() {
    let w = 8u32;
    let mut tm = TermManager::new();
    let (x, y) = (tm.var("x", Sort::BitVec(w)), tm.var("y", Sort::BitVec(w)));
    let mut blaster = Blaster::new();
    let xb = blaster.blast(&tm, x);
    let yb = blaster.blast(&tm, y);
    for (name, idx, arity) in cases(w) {
        let t = build(&mut tm, name, &idx, &[x, y][..arity]);
        let out = blaster.blast(&tm, t);
        // 65536 input pairs in batches of 64 patterns: pattern k of batch j is (a, b) with
        // a*256 + b = 64*j + k.
        for batch in 0..(1u64 << (2 * w)) / 64 {
            let input = |node: u32| -> u64 {
                let mut word = 0u64;
                for k in 0..64u64 {
                    let n = batch * 64 + k;
                    let (a, b) = (n >> w, n & mask(w));
                    let bit = if let Some(i) = xb.iter().position(|l| l.node() == node) {
                        (a >> i) & 1
                    } else if let Some(i) = yb.iter().position(|l| l.node() == node) {
                        (b >> i) & 1
                    } else {
                        0
                    };
                    word |= bit << k;
                }
                word
            };
            let val = blaster.aig.simulate(&input);
            for k in 0..64u64 {
                let n = batch * 64 + k;
                let (a, b) = (n >> w, n & mask(w));
                if arity == 1 && b != 0 {
                    continue;
                }
                let got: u64 = out.iter().enumerate().map(|(i, &l)| ((lit_word(&val, l) >> k) & 1) << i).sum();
                let want = match reference(name, &idx, w, a, b) {
                    Err(bl) => bl as u64,
                    Ok((v, _)) => v,
                };
                assert_eq!(got, want, "{name} {idx:?} w=8 a={a} b={b}");
            }
        }
    }
}

/// Products by a constant take their own circuit (the constant's signed digits): every constant
/// and every input at widths 1–8, with the constant on either side.
#[test]
fn products_by_every_constant_match_reference_by_simulation_widths_1_to_8() {
    for w in 1..=8u32 {
        let mut tm = TermManager::new();
        let x = tm.var("x", Sort::BitVec(w));
        let mut blaster = Blaster::new();
        let xb = blaster.blast(&tm, x);
        for c in 0..(1u64 << w) {
            let k = tm.bv_const(BitVecValue::from_u64(w, c));
            for t in [build(&mut tm, "bvmul", &[], &[x, k]), build(&mut tm, "bvmul", &[], &[k, x])] {
                let out = blaster.blast(&tm, t);
                // Pattern a of batch j is x = 64*j + a.
                for batch in 0..(1u64 << w).div_ceil(64) {
                    let input = |node: u32| -> u64 {
                        let Some(i) = xb.iter().position(|l| l.node() == node) else { return 0 };
                        (0..64u64).map(|a| (((batch * 64 + a) >> i) & 1) << a).sum()
                    };
                    let val = blaster.aig.simulate(&input);
                    for a in 0..64u64.min(1 << w) {
                        let n = batch * 64 + a;
                        let got: u64 = out.iter().enumerate().map(|(i, &l)| ((lit_word(&val, l) >> a) & 1) << i).sum();
                        assert_eq!(got, n.wrapping_mul(c) & mask(w), "x={n} c={c} w={w}");
                    }
                }
            }
        }
    }
}
