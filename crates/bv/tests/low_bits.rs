//! The known low bits of terms ([`vigil_bv::low_bits`]) and the rule built on them
//! ([`Rule::EqLowBits`]).
//!
//! - Exhaustively at widths 1–5: for random terms over every operator (built without
//!   rewriting), every subterm `t` with known low bits `(k, r)` has `value(t) mod 2^k = r` under
//!   every assignment of its variables.
//! - Beyond 64 bits (where only the low 64 bits are tracked): the same on sampled assignments.
//! - Against z3: random equalities of sums of scaled, shifted and sliced terms at widths 8–64;
//!   whenever the rule turns one into `false`, z3 finds the unrewritten equality unsatisfiable.
//!   Without z3 that part is skipped only with `VIGIL_SKIP_Z3=1`.
//! - The shape the rule was made for (`4x − 2y + z = 2^20`, `x, y, z` multiples of 2^20).

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{Gen, GenParams, Rng};
use vigil_bv::low_bits::LowBits;
use vigil_bv::{BitVecValue, Evaluator, Op, RewriteConfig, Rule, Sort, TermId, TermManager, Value};

/// Every subterm of `root` (itself included).
fn subterms(tm: &TermManager, root: TermId) -> Vec<TermId> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    tm.post_order(root, &mut seen, |s, t| s.contains(&t), |s, t| {
        s.insert(t);
        out.push(t);
        Some(())
    });
    out
}

fn low_u64(v: &Value) -> Option<u64> {
    match v {
        Value::Bv(b) => Some(b.low_u64()),
        Value::Bool(_) => None,
    }
}

/// Checks the invariant on every subterm of `root` under `asg`; returns how many subterms had
/// known bits that are not constants (to show the test exercises something).
fn check_assignment(tm: &TermManager, root: TermId, asg: &[(TermId, Value)], what: &str) -> usize {
    let mut ev = Evaluator::new(tm, asg.iter().cloned());
    let mut interesting = 0;
    for t in subterms(tm, root) {
        let LowBits { k, r } = tm.low_bits(t);
        assert!(k <= tm.width(t).min(64), "{what}: k = {k} beyond the width of {:?}", tm.op(t));
        if k == 0 {
            continue;
        }
        let v = low_u64(&ev.eval(t)).expect("known bits on a Bool term");
        let m = if k == 64 { !0 } else { (1u64 << k) - 1 };
        assert_eq!(v & m, r, "{what}: {:?} has low bits {v:#x}, the analysis says {r:#x} mod 2^{k}\n{}", tm.op(t),
            vigil_bv::smtlib::printer::to_script(tm, &[t]));
        if !tm.is_const(t) {
            interesting += 1;
        }
    }
    interesting
}

fn value_of(sort: Sort, bits: u64) -> Value {
    match sort {
        Sort::Bool => Value::Bool(bits & 1 == 1),
        Sort::BitVec(w) => Value::Bv(BitVecValue::from_u64(w, bits)),
    }
}

#[test]
fn known_low_bits_hold_for_every_assignment() {
    let mut interesting = 0;
    for seed in 0..400u64 {
        let w = 1 + (seed % 5) as u32;
        let mut tm = TermManager::with_rewrite_config(RewriteConfig::none());
        let params = GenParams { widths: vec![w], max_width: w + 3, heavy_max: 8, vars_per_width: 2, bool_vars: 1, reuse: 30 };
        let mut g = Gen::new(seed, params);
        g.declare(&mut tm);
        let vars = g.all_vars();
        let root = g.bv(&mut tm, w, 5);
        let total: u32 = vars.iter().map(|&v| tm.width(v)).sum();
        assert!(total <= 12);
        for n in 0..1u64 << total {
            let mut shift = 0;
            let asg: Vec<(TermId, Value)> = vars
                .iter()
                .map(|&v| {
                    let vw = tm.width(v);
                    let val = value_of(tm.sort(v), (n >> shift) & ((1 << vw) - 1));
                    shift += vw;
                    (v, val)
                })
                .collect();
            interesting += check_assignment(&tm, root, &asg, &format!("seed {seed}"));
        }
    }
    assert!(interesting > 1000, "only {interesting} non-constant subterms had known low bits");
}

/// Terms of 60–70 bits, where the analysis keeps only 64 bits, on random assignments.
#[test]
fn known_low_bits_hold_beyond_64_bits() {
    for seed in 0..200u64 {
        let w = 60 + (seed % 11) as u32;
        let mut tm = TermManager::with_rewrite_config(RewriteConfig::none());
        let params = GenParams { widths: vec![w], max_width: w + 6, heavy_max: 70, vars_per_width: 2, bool_vars: 1, reuse: 30 };
        let mut g = Gen::new(seed, params);
        g.declare(&mut tm);
        let vars = g.all_vars();
        let root = g.bv(&mut tm, w, 5);
        let mut rng = Rng::new(seed ^ 0x5eed);
        for _ in 0..20 {
            let asg: Vec<(TermId, Value)> = vars
                .iter()
                .map(|&v| {
                    let val = match tm.sort(v) {
                        Sort::Bool => Value::Bool(rng.chance(50)),
                        Sort::BitVec(vw) => {
                            let mut limbs = vec![rng.next_u64(), rng.next_u64()];
                            if rng.chance(30) {
                                limbs[0] &= !0xffff; // many low zeros
                            }
                            Value::Bv(BitVecValue::from_limbs(vw, limbs))
                        }
                    };
                    (v, val)
                })
                .collect();
            check_assignment(&tm, root, &asg, &format!("seed {seed} (width {w})"));
        }
    }
}

/// A random sum of scaled, shifted, sliced and extended parts of width `w`.
fn sum_of_parts(tm: &mut TermManager, g: &mut Gen, w: u32) -> TermId {
    let mut acc = g.leaf_bv(tm, w);
    for _ in 0..1 + g.rng.below(3) {
        let x = g.bv(tm, w, 1);
        let k = g.rng.below(w as u64) as u32;
        let part = match g.rng.below(5) {
            0 => {
                let c = tm.bv_const(BitVecValue::one(w).shl_by(k));
                tm.bvmul(x, c)
            }
            1 => {
                let c = tm.bv_u64(w, k as u64);
                tm.bvshl(x, c)
            }
            2 if k > 0 => {
                let hi = tm.extract(x, w - 1 - k, 0);
                let z = tm.bv_u64(k, g.rng.below(1 << k.min(8)));
                tm.concat(hi, z)
            }
            3 if k > 0 => {
                let lo = tm.extract(x, w - 1 - k, 0);
                let c = tm.bv_u64(w - k, 1 + 2 * g.rng.below(4));
                let m = tm.bvmul(lo, c);
                tm.zero_extend(m, k)
            }
            _ => tm.bvneg(x),
        };
        acc = match g.rng.below(3) {
            0 => tm.bvsub(acc, part),
            _ => tm.bvadd(acc, part),
        };
    }
    acc
}

fn z3_unsat(script: &str) -> Option<bool> {
    let mut child = Command::new("z3").args(["-in", "-T:20"]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().ok()?;
    child.stdin.take()?.write_all(script.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    match String::from_utf8_lossy(&out.stdout).trim() {
        "unsat" => Some(true),
        "sat" => Some(false),
        _ => None,
    }
}

#[test]
fn eq_low_bits_agrees_with_z3() {
    let have_z3 = Command::new("z3").arg("-version").output().map(|o| o.status.success()).unwrap_or(false);
    if !have_z3 {
        assert!(std::env::var("VIGIL_SKIP_Z3").is_ok(), "z3 not found: install it or set VIGIL_SKIP_Z3=1");
        eprintln!("z3 not found: SKIPPED");
        return;
    }
    let (mut fired, mut kept) = (0, 0);
    for seed in 0..600u64 {
        let w = [8, 16, 32, 64][(seed % 4) as usize];
        let mut tm = TermManager::with_rewrite_config(RewriteConfig::none());
        let params = GenParams { widths: vec![w], max_width: w, heavy_max: 64, vars_per_width: 3, bool_vars: 1, reuse: 20 };
        let mut g = Gen::new(seed, params);
        g.declare(&mut tm);
        let (mut ga, mut gb) = (g.fork(seed * 3 + 1), g.fork(seed * 3 + 2));
        let a = sum_of_parts(&mut tm, &mut ga, w);
        let b = match seed % 3 {
            0 => sum_of_parts(&mut tm, &mut gb, w),
            1 => gb.leaf_bv(&mut tm, w),
            _ => {
                // A constant with few low zeros.
                let j = gb.rng.below(4) as u32;
                tm.bv_const(BitVecValue::from_u64(w, gb.rng.next_u64() | 1).shl_by(j))
            }
        };
        // The unrewritten equality, and the rule alone applied to the same operands.
        let plain = tm.eq(a, b);
        tm.set_rewrite_config(RewriteConfig::only(Rule::EqLowBits));
        let rewritten = tm.eq(a, b);
        tm.set_rewrite_config(RewriteConfig::none());
        let script = vigil_bv::smtlib::printer::to_script(&tm, &[plain]);
        if rewritten == plain {
            kept += 1;
            continue;
        }
        assert_eq!(tm.bool_value(rewritten), Some(false), "the rule gives only false");
        fired += 1;
        let z = z3_unsat(&format!("{script}(check-sat)\n"));
        assert_ne!(z, Some(false), "seed {seed}: the rule made a satisfiable equality false\n{script}");
    }
    assert!(fired >= 50 && kept >= 50, "fired {fired}, kept {kept}: the test does not exercise both outcomes");
}

/// `4x − 2y + z = 2^20` where `x`, `y`, `z` are sums of multiples of 2^20, 2^21, 2^22 (the
/// explicit engine's terms for SV-COMP's `jain_7`): false by the rule, kept without it.
#[test]
fn multiples_of_powers_of_two_are_not_equal_to_a_smaller_power() {
    let mut on = RewriteConfig::default();
    on.set(Rule::EqLowBits, true);
    let mut tm = TermManager::with_rewrite_config(on);
    let mut acc = [None, None, None];
    for i in 0..3 {
        for (j, k) in [20u32, 21, 22].iter().enumerate() {
            let v = tm.var(&format!("v{i}_{j}"), Sort::BitVec(64));
            let lo = tm.extract(v, 31 - k, 0);
            let z = tm.bv_u64(*k, 0);
            let part = tm.concat(lo, z);
            acc[j] = Some(match acc[j] {
                None => part,
                Some(s) => tm.bvadd(s, part),
            });
        }
    }
    let [x, y, z] = acc.map(|t| t.unwrap());
    let two = tm.bv_u64(32, 2);
    let four = tm.bv_u64(32, 4);
    let (x4, y2) = (tm.bvmul(four, x), tm.bvmul(two, y));
    let d = tm.bvsub(x4, y2);
    let s = tm.bvadd(d, z);
    assert!(tm.low_bits(s).k >= 22 && tm.low_bits(s).r == 0, "{:?}", tm.low_bits(s));
    let c = tm.bv_u64(32, 1 << 20);
    let e = tm.eq(c, s);
    assert_eq!(tm.bool_value(e), Some(false));
    assert!(tm.rule_hits(Rule::EqLowBits) >= 1);
    // With the default rules (the rule off), the equality stays.
    let mut tm2 = TermManager::new();
    assert!(!RewriteConfig::default().enabled(Rule::EqLowBits));
    let v = tm2.var("v", Sort::BitVec(32));
    let sh = tm2.bv_u64(32, 1);
    let x = tm2.bvshl(v, sh);
    let one = tm2.bv_u64(32, 1);
    let e2 = tm2.eq(x, one);
    assert!(matches!(tm2.op(e2), Op::Eq));
}
