//! Soundness of every rewrite rule, rule by rule (after Bitwuzla's rewriter tests).
//!
//! For each rule R and many seeds, the same random recipe is built twice in one term manager:
//! once with no rewriting (`t0`) and once with only R enabled (`t1`). Whenever R fired and
//! changed the term, `t0` and `t1` must agree under every assignment of the variables
//! (exhaustive evaluation; widths 1–4) and `t0 ≠ t1` must be unsatisfiable for the solver
//! (with rewriting off, so the check cannot rewrite itself away). Each rule must fire on a
//! minimum number of instances, so a rule that is never exercised fails the test.

mod common;

use common::{special_const, Gen, GenParams};
use vigil_bv::{BitVecValue, Op, CheckResult, Evaluator, RewriteConfig, Rule, Solver, Sort, TermId, TermManager, Value};

/// Builds either a random term or one of the shapes the rules look for, from random parts.
fn recipe(tm: &mut TermManager, g: &mut Gen, w: u32) -> TermId {
    let d = 2;
    let a = g.bv(tm, w, d);
    let b = g.bv(tm, w, d);
    let c = g.boolean(tm, d);
    let p = g.boolean(tm, d);
    let k1 = special_const(&mut g.rng, w);
    let k2 = special_const(&mut g.rng, w);
    let (k1v, k2v) = (k1.clone(), k2.clone());
    let (k1, k2) = (tm.bv_const(k1), tm.bv_const(k2));
    match g.rng.below(39) {
        38 => {
            // A remainder by a constant compared with a constant, either side
            // ([`Rule::CmpRemConst`]); the constants are often near each other.
            let c = if g.rng.chance(20) { k1 } else { tm.bv_u64(w, 1 + g.rng.below(3)) };
            let r = tm.bvurem(a, c);
            let k = if g.rng.chance(20) { k2 } else { tm.bv_u64(w, g.rng.below(4)) };
            if g.rng.chance(50) { tm.ult(r, k) } else { tm.ult(k, r) }
        }
        37 => {
            // A division by a constant compared with a constant, either side
            // ([`Rule::CmpDivConst`]).
            let c = if g.rng.chance(20) { k1 } else { tm.bv_u64(w, 1 + g.rng.below(3)) };
            let q = tm.bvudiv(a, c);
            if g.rng.chance(50) { tm.ult(q, k2) } else { tm.ult(k2, q) }
        }
        36 => {
            // An unsigned comparison of a zero extension with a constant, either side
            // ([`Rule::CmpBounds`] at the extension's bound).
            let n = 1 + g.rng.below(3) as u32;
            let x = tm.zero_extend(a, n);
            let k = match g.rng.below(3) {
                0 => BitVecValue::ones(w).zero_extend(n),
                1 => BitVecValue::ones(w).zero_extend(n).add(&BitVecValue::one(w + n)),
                _ => special_const(&mut g.rng, w + n),
            };
            let k = tm.bv_const(k);
            if g.rng.chance(50) { tm.ult(k, x) } else { tm.ult(x, k) }
        }
        35 => {
            // Sums that share summands, in any order.
            let s1 = tm.bvadd(a, b);
            let s1 = if g.rng.chance(50) { tm.bvadd(s1, k1) } else { s1 };
            let s2 = if g.rng.chance(50) { tm.bvadd(k2, a) } else { tm.bvadd(b, a) };
            let s2 = if g.rng.chance(30) { tm.bvadd(s2, b) } else { s2 };
            tm.eq(s2, s1)
        }
        32 => {
            // A concatenation against a constant that often matches one of its parts.
            let x = tm.concat(a, b);
            let k = if g.rng.chance(60) { k1v.concat(&k2v) } else { special_const(&mut g.rng, 2 * w) };
            let k = tm.bv_const(k);
            tm.eq(x, k)
        }
        33 => {
            // An extension against a constant that is often an extension too.
            let n = 1 + g.rng.below(3) as u32;
            let signed = g.rng.chance(50);
            let x = if signed { tm.sign_extend(a, n) } else { tm.zero_extend(a, n) };
            let k = match g.rng.below(3) {
                0 => k1v.sign_extend(n),
                1 => k1v.zero_extend(n),
                _ => special_const(&mut g.rng, w + n),
            };
            let k = tm.bv_const(k);
            tm.eq(k, x)
        }
        34 => {
            // Any slice of an extension.
            let n = 1 + g.rng.below(3) as u32;
            let x = if g.rng.chance(50) { tm.sign_extend(a, n) } else { tm.zero_extend(a, n) };
            let hi = g.rng.below((w + n) as u64) as u32;
            let lo = g.rng.below(hi as u64 + 1) as u32;
            tm.extract(x, hi, lo)
        }
        31 => {
            // Sums of shifted and scaled parts compared with a constant or each other
            // ([`Rule::EqLowBits`]).
            let one = tm.bv_u64(w, 1);
            let (x, y) = (tm.bvshl(a, one), tm.bvmul(b, k1));
            let s = tm.bvadd(x, y);
            let c1 = tm.concat(a, k2);
            let lo = tm.extract(c1, w - 1, 0);
            let t = tm.bvsub(s, lo);
            if g.rng.chance(50) {
                tm.eq(t, k2)
            } else {
                let n = tm.bvneg(x);
                tm.eq(t, n)
            }
        }
        29 => {
            let (x, y) = (tm.bvmul(k1, a), tm.bvadd(b, k2));
            let z = tm.bvadd(a, x);
            let s = tm.bvadd(y, z);
            let n = tm.bvneg(b);
            tm.bvadd(n, s)
        }
        30 => {
            let (x, y) = (tm.bvadd(a, b), tm.bvmul(a, k1));
            let z = tm.bvsub(x, y);
            let s = tm.bvadd(z, a);
            tm.bvadd(s, y)
        }
        27 => {
            let (x, y) = (tm.bvmul(a, k1), tm.bvmul(b, a));
            let z = tm.bvmul(k2, x);
            tm.bvmul(y, z)
        }
        28 => {
            let (x, y) = (tm.bvmul(k2, b), tm.bvmul(a, b));
            let z = tm.bvmul(x, a);
            let m = tm.bvmul(y, z);
            tm.eq(m, z)
        }
        26 => {
            let (m1, m2) = (tm.bvmul(a, b), tm.bvmul(k1, a));
            tm.bvadd(m1, m2)
        }
        0 => g.boolean(tm, 4),
        1 => g.bv(tm, w, 4),
        2 => {
            let (x, y) = (tm.ult(a, b), tm.ult(b, a));
            tm.and(x, y)
        }
        3 => {
            let (x, y) = (tm.slt(a, b), tm.eq(b, a));
            tm.and(x, y)
        }
        4 => {
            let cp = tm.and(c, p);
            tm.ite(c, cp, p)
        }
        5 => {
            let cp = tm.or(p, c);
            let q = g.boolean(tm, 1);
            tm.ite(c, q, cp)
        }
        6 => {
            let nc = tm.not(c);
            tm.ite(nc, a, b)
        }
        7 => {
            let s = tm.bvadd(a, k1);
            tm.bvadd(s, k2)
        }
        8 => {
            let s = tm.bvsub(a, k1);
            tm.eq(s, k2)
        }
        9 => {
            let n = tm.bvnot(a);
            tm.eq(n, k1)
        }
        10 => {
            let cc = tm.concat(a, b);
            let hi = g.rng.below(2 * w as u64) as u32;
            let lo = g.rng.below(hi as u64 + 1) as u32;
            let e = tm.extract(cc, hi, lo);
            let hi2 = g.rng.below((hi - lo + 1) as u64) as u32;
            let lo2 = g.rng.below(hi2 as u64 + 1) as u32;
            let e2 = tm.extract(e, hi2, lo2);
            let ew = hi2 - lo2 + 1;
            let z = if ew > w { tm.extract(e2, w - 1, 0) } else { tm.zero_extend(e2, w - ew) };
            tm.eq(z, a)
        }
        11 => {
            let n = tm.not(c);
            let nn = tm.not(n);
            let m = tm.bvneg(a);
            let mm = tm.bvneg(m);
            let e = tm.eq(mm, b);
            tm.xor(nn, e)
        }
        12 => tm.bvmul(a, k1),
        13 => tm.bvudiv(a, k1),
        14 => tm.bvurem(a, k1),
        15 => tm.bvshl(a, k1),
        16 => tm.bvlshr(a, k1),
        17 => tm.bvashr(k1, a),
        18 => tm.bvashr(a, k1),
        19 => tm.ult(a, k1),
        20 => tm.ult(k1, a),
        21 => tm.slt(a, k1),
        22 => tm.slt(k1, a),
        23 => {
            let (x, y, z) = (tm.bvsub(a, a), tm.bvxor(b, b), tm.bvand(a, a));
            let s = tm.bvor(x, y);
            let s = tm.bvor(s, z);
            tm.bvadd(s, k1)
        }
        24 => {
            let (x, y) = (tm.xor(c, c), tm.eq(a, a));
            let nc = tm.not(c);
            let z = tm.or(c, nc);
            let s = tm.and(x, y);
            let s = tm.or(s, z);
            let t = tm.tt();
            let f = tm.ff();
            let i = tm.ite(p, t, f);
            tm.and(s, i)
        }
        _ => {
            let t = tm.ite(c, a, a);
            let z = tm.bv_u64(w, 0);
            let o = tm.bv_const(BitVecValue::ones(w));
            let x = tm.bvor(t, z);
            let y = tm.bvand(x, o);
            let one = tm.bv_u64(w, 1);
            tm.bvmul(y, one)
        }
    }
}

fn values_of(sort: Sort, bits: u64) -> Value {
    match sort {
        Sort::Bool => Value::Bool(bits & 1 == 1),
        Sort::BitVec(w) => Value::Bv(BitVecValue::from_u64(w, bits)),
    }
}

/// Every assignment of `vars` (total width at most ~10 bits) agrees on `t0` and `t1`.
fn exhaustive_equal(tm: &TermManager, vars: &[TermId], t0: TermId, t1: TermId) -> Result<(), String> {
    let widths: Vec<u32> = vars.iter().map(|&v| tm.width(v)).collect();
    let total: u32 = widths.iter().sum();
    for n in 0..1u64 << total {
        let mut shift = 0;
        let mut asg = Vec::new();
        for (&v, &w) in vars.iter().zip(&widths) {
            asg.push((v, values_of(tm.sort(v), (n >> shift) & ((1 << w) - 1))));
            shift += w;
        }
        let mut ev = Evaluator::new(tm, asg.clone());
        let (r0, r1) = (ev.eval(t0), ev.eval(t1));
        if r0 != r1 {
            return Err(format!("assignment {asg:?}: unrewritten {r0:?}, rewritten {r1:?}"));
        }
    }
    Ok(())
}

/// The same random recipe built twice in one term manager (widths 1–4 by `seed`, parts drawn
/// from `recipe_seed`): `t0` without rewriting, then `t1` with `config`. Returns the manager,
/// the variables, `t0` and `t1`.
fn recipe_twice(seed: u64, recipe_seed: u64, config: RewriteConfig) -> (TermManager, Vec<TermId>, TermId, TermId) {
    let w = 1 + (seed % 4) as u32;
    let mut tm = TermManager::with_rewrite_config(RewriteConfig::none());
    let params = GenParams { widths: vec![w], max_width: w + 2, heavy_max: 8, vars_per_width: 2, bool_vars: 1, reuse: 30 };
    let mut g = Gen::new(seed, params);
    g.declare(&mut tm);
    let vars = g.all_vars();
    let t0 = recipe(&mut tm, &mut g.fork(recipe_seed), w);
    tm.set_rewrite_config(config);
    let t1 = recipe(&mut tm, &mut g.fork(recipe_seed), w);
    (tm, vars, t0, t1)
}

#[test]
fn every_rule_is_sound() {
    let seeds: u64 = std::env::var("VIGIL_REWRITE_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let mut report = Vec::new();
    for &rule in Rule::ALL {
        let mut changed = 0;
        for seed in 0..seeds {
            // `t0` is built without rewriting, so every hit of the rule is in `t1`.
            let (mut tm, vars, t0, t1) = recipe_twice(seed, seed * 7 + 1, RewriteConfig::only(rule));
            tm.set_rewrite_config(RewriteConfig::none());
            if tm.rule_hits(rule) == 0 || t0 == t1 {
                continue;
            }
            changed += 1;
            let script = vigil_bv::smtlib::printer::to_script(&tm, &[t0, t1]);
            if let Err(e) = exhaustive_equal(&tm, &vars, t0, t1) {
                panic!("rule {} unsound (seed {seed}): {e}\n{script}", rule.name());
            }
            let mut solver = Solver::new();
            let same = tm.eq(t0, t1);
            let differ = tm.not(same);
            solver.assert(&tm, differ).unwrap();
            assert_eq!(
                solver.check(&tm).unwrap(),
                CheckResult::Unsat,
                "rule {} : solver finds t0 != t1 (seed {seed})\n{script}",
                rule.name()
            );
        }
        report.push(format!("{}: {changed}", rule.name()));
        assert!(changed >= 5, "rule {} changed only {changed} terms in {seeds} seeds; the test does not exercise it", rule.name());
    }
    eprintln!("rewrites checked per rule: {}", report.join(", "));
}

/// Rewriting on (the default rules, and every rule) agrees with rewriting off on whole random
/// formulas.
#[test]
fn all_rules_together_are_sound() {
    let mut all = RewriteConfig::default();
    for &r in Rule::OFF_BY_DEFAULT {
        all.set(r, true);
    }
    for seed in 0..600u64 {
        let config = if seed % 2 == 0 { RewriteConfig::default() } else { all };
        let (tm, vars, t0, t1) = recipe_twice(seed, seed / 2, config);
        if let Err(e) = exhaustive_equal(&tm, &vars, t0, t1) {
            panic!("rewriting unsound (seed {seed}): {e}\n{}", vigil_bv::smtlib::printer::to_script(&tm, &[t0, t1]));
        }
    }
}

/// The eight products of `w`-bit variables `a, b, c` and constants 3, 5 in different bracketings
/// and orders, all denoting `15·a·b·c`.
fn products_of_abc(tm: &mut TermManager, w: u32) -> (Vec<TermId>, [TermId; 3]) {
    let [a, b, c] = ["a", "b", "c"].map(|n| tm.var(n, Sort::BitVec(w)));
    let (k3, k5, k15) = (tm.bv_u64(w, 3), tm.bv_u64(w, 5), tm.bv_u64(w, 15));
    let mul = |tm: &mut TermManager, x, y| tm.bvmul(x, y);
    let mut ps = Vec::new();
    let ab = mul(tm, a, b);
    let abc = mul(tm, ab, c);
    ps.push(mul(tm, abc, k15)); // ((a*b)*c)*15
    let cb = mul(tm, c, b);
    let acb = mul(tm, a, cb);
    ps.push(mul(tm, k15, acb)); // 15*(a*(c*b))
    let c3 = mul(tm, c, k3);
    let b5 = mul(tm, k5, b);
    let c3b5 = mul(tm, c3, b5);
    ps.push(mul(tm, c3b5, a)); // ((c*3)*(5*b))*a
    let a3 = mul(tm, k3, a);
    let a3c = mul(tm, a3, c);
    let a3c5 = mul(tm, a3c, k5);
    ps.push(mul(tm, b, a3c5)); // b*(((3*a)*c)*5)
    let ba = mul(tm, b, a);
    let k5c = mul(tm, k5, c);
    let bak5c = mul(tm, ba, k5c);
    ps.push(mul(tm, k3, bak5c)); // 3*((b*a)*(5*c))
    (ps, [a, b, c])
}

/// `mul-normalize` makes every bracketing and order of one multiset of factors one term, so the
/// equality of two of them is `true` without bit-blasting; different multisets stay apart.
#[test]
fn mul_normalize_is_canonical() {
    for w in [8, 16, 32, 64] {
        let mut tm = TermManager::new();
        let (ps, [a, b, _]) = products_of_abc(&mut tm, w);
        assert!(ps.iter().all(|&p| p == ps[0]), "width {w}: products differ: {ps:?}");
        let e = tm.eq(ps[1], ps[3]);
        assert_eq!(tm.bool_value(e), Some(true), "width {w}");
        assert!(tm.rule_hits(Rule::MulNormalize) > 0);
        // a*a*b is not a*b*b.
        let (aa, bb) = (tm.bvmul(a, a), tm.bvmul(b, b));
        let (aab, abb) = (tm.bvmul(aa, b), tm.bvmul(a, bb));
        assert_ne!(aab, abb);
    }
}

/// Copies the cone of `t` from `from` into `to` node for node, in increasing id order (so the
/// relative order of ids, which the normal forms depend on, is kept), rewriting with `to`'s
/// configuration. Returns the copy of `t`.
fn copy_cone(from: &TermManager, t: TermId, to: &mut TermManager) -> TermId {
    let mut cone = vec![t];
    let mut i = 0;
    while i < cone.len() {
        for &a in from.args(cone[i]) {
            if !cone.contains(&a) {
                cone.push(a);
            }
        }
        i += 1;
    }
    cone.sort_unstable();
    let mut map = std::collections::HashMap::new();
    for &u in &cone {
        let v = match from.op(u) {
            Op::Var(i) => {
                let (name, sort) = from.var_info(*i);
                to.var(name, sort)
            }
            op => {
                let args: Vec<TermId> = from.args(u).iter().map(|a| map[a]).collect();
                to.app(op.clone(), &args)
            }
        };
        map.insert(u, v);
    }
    map[&t]
}

/// Termination and idempotence: a product in normal form, copied node for node into a fresh
/// manager and rebuilt there with `mul-normalize` on, is left exactly as it is (the rule never
/// fires on it), and normalising never makes more `bvmul` nodes than the input had.
#[test]
fn mul_normalize_is_idempotent() {
    for w in [1, 3, 8, 32] {
        let mut tm = TermManager::new();
        let (ps, _) = products_of_abc(&mut tm, w);
        let mut raw = TermManager::with_rewrite_config(RewriteConfig::none());
        let normal = copy_cone(&tm, ps[0], &mut raw);
        let mut again = TermManager::new();
        let rebuilt = copy_cone(&raw, normal, &mut again);
        assert_eq!(again.rule_hits(Rule::MulNormalize), 0, "width {w}: rule fired on its own normal form");
        assert_eq!(again.num_terms(), raw.num_terms(), "width {w}: rebuilding changed the term");
        assert_eq!(vigil_bv::smtlib::printer::to_script(&again, &[rebuilt]), vigil_bv::smtlib::printer::to_script(&raw, &[normal]));
    }
}

/// Shared chains are not flattened (`t = x*x; t*t` stays two multipliers, not three); a product
/// built in increasing id order costs one node per factor; built in decreasing order every step
/// rebuilds the sorted chain, so the (unreachable) intermediate nodes grow quadratically, but
/// only up to the leaf limit of 32; short products meet whatever the order.
#[test]
fn mul_normalize_keeps_terms_small() {
    let mut tm = TermManager::new();
    let x = tm.var("x", Sort::BitVec(16));
    let t = tm.bvmul(x, x);
    let t2 = tm.bvmul(t, t);
    assert_eq!((tm.arg(t2, 0), tm.arg(t2, 1)), (t, t));
    let vars: Vec<TermId> = (0..40).map(|i| tm.var(&format!("v{i}"), Sort::BitVec(16))).collect();
    let before = tm.num_terms();
    let up = vars.iter().copied().reduce(|p, v| tm.bvmul(p, v)).unwrap();
    let after_up = tm.num_terms();
    assert_eq!(after_up - before, 39, "increasing ids: one node per factor");
    let down = vars.iter().rev().copied().reduce(|p, v| tm.bvmul(p, v)).unwrap();
    // Steps 2..=32 rebuild chains of 1..31 nodes; past the leaf limit one node per factor.
    assert!(tm.num_terms() - after_up <= (1..32).sum::<usize>() + 40, "decreasing ids: {} new nodes", tm.num_terms() - after_up);
    let _ = (up, down);
    let few: Vec<TermId> = vars[..8].to_vec();
    let up8 = few.iter().copied().reduce(|p, v| tm.bvmul(p, v)).unwrap();
    let down8 = few.iter().rev().copied().reduce(|p, v| tm.bvmul(p, v)).unwrap();
    assert_eq!(up8, down8);
}

/// `add-normalize` collects a sum into one linear combination: every bracketing and order of
/// `3a + b + 5 + a + (-b) + 2c + c` is `4a + 3c + 5`, one term, and `a + a` is `2a`.
#[test]
fn add_normalize_is_canonical() {
    for w in [8, 16, 32, 64] {
        let mut tm = TermManager::new();
        let [a, b, c] = ["a", "b", "c"].map(|n| tm.var(n, Sort::BitVec(w)));
        let k = |tm: &mut TermManager, v| tm.bv_u64(w, v);
        let (k2, k3, k4, k5) = (k(&mut tm, 2), k(&mut tm, 3), k(&mut tm, 4), k(&mut tm, 5));
        let a3 = tm.bvmul(k3, a);
        let nb = tm.bvneg(b);
        let c2 = tm.bvmul(c, k2);
        let s1 = tm.bvadd(a3, b);
        let s1 = tm.bvadd(s1, k5);
        let s1 = tm.bvadd(s1, a);
        let s1 = tm.bvadd(s1, nb);
        let s1 = tm.bvadd(s1, c2);
        let s1 = tm.bvadd(s1, c);
        let t1 = tm.bvadd(c, c2);
        let t2 = tm.bvadd(nb, a);
        let t3 = tm.bvadd(k5, b);
        let t4 = tm.bvadd(a3, t3);
        let t5 = tm.bvadd(t1, t2);
        let s2 = tm.bvadd(t4, t5);
        let (a4, c3) = (tm.bvmul(a, k4), tm.bvmul(k3, c));
        let s3 = tm.bvadd(a4, c3);
        let s3 = tm.bvadd(k5, s3);
        assert_eq!(s1, s2, "width {w}");
        assert_eq!(s1, s3, "width {w}");
        let aa = tm.bvadd(a, a);
        let a2 = tm.bvmul(a, k2);
        assert_eq!(aa, a2, "width {w}");
        assert!(tm.rule_hits(Rule::AddNormalize) > 0);
        let e = tm.eq(s2, s3);
        assert_eq!(tm.bool_value(e), Some(true));
    }
}

/// A sum in normal form, copied node for node into a fresh manager and rebuilt there with all
/// rules on, is left exactly as it is.
#[test]
fn add_normalize_is_idempotent() {
    for w in [2, 8, 32] {
        let mut tm = TermManager::new();
        let [a, b, c] = ["a", "b", "c"].map(|n| tm.var(n, Sort::BitVec(w)));
        let k3 = tm.bv_u64(w, 3);
        let (x, y) = (tm.bvmul(k3, c), tm.bvneg(b));
        let s = tm.bvadd(x, a);
        let s = tm.bvadd(y, s);
        let s = tm.bvadd(k3, s);
        let s = tm.bvadd(s, a);
        let mut raw = TermManager::with_rewrite_config(RewriteConfig::none());
        let normal = copy_cone(&tm, s, &mut raw);
        let mut again = TermManager::new();
        let rebuilt = copy_cone(&raw, normal, &mut again);
        assert_eq!(again.rule_hits(Rule::AddNormalize), 0, "width {w}: rule fired on its own normal form");
        assert_eq!(again.num_terms(), raw.num_terms(), "width {w}");
        assert_eq!(vigil_bv::smtlib::printer::to_script(&again, &[rebuilt]), vigil_bv::smtlib::printer::to_script(&raw, &[normal]));
    }
}
