//! The incremental solver API: scoping, assumptions, models, laziness, budgets, configuration.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use vigil_bv::config::SolverConfig;
use vigil_bv::solver::SolverError;
use vigil_bv::{BitVecValue, CheckResult, Solver, Sort, TermManager, Value};

fn bv(tm: &mut TermManager, w: u32, v: u64) -> vigil_bv::TermId {
    tm.bv_u64(w, v)
}

#[test]
fn push_pop_and_assumptions() {
    let mut tm = TermManager::new();
    let x = tm.var("x", Sort::BitVec(8));
    let mut s = Solver::new();
    let c10 = bv(&mut tm, 8, 10);
    let lt = tm.ult(x, c10);
    s.assert(&tm, lt).unwrap();
    assert_eq!(s.check(&tm).unwrap(), CheckResult::Sat);
    let v = s.value(&tm, x).unwrap();
    assert!(v.as_bv().unwrap().to_u64().unwrap() < 10);

    s.push();
    let c20 = bv(&mut tm, 8, 20);
    let gt = tm.ugt(x, c20);
    s.assert(&tm, gt).unwrap();
    assert_eq!(s.check(&tm).unwrap(), CheckResult::Unsat);
    s.pop().unwrap();
    assert_eq!(s.check(&tm).unwrap(), CheckResult::Sat);
    assert_eq!(s.pop(), Err(SolverError::PopUnderflow));

    // Assumptions: x = 3 is fine, x = 12 conflicts with x < 10 and is reported as failed.
    let c3 = bv(&mut tm, 8, 3);
    let c12 = bv(&mut tm, 8, 12);
    let (e3, e12) = (tm.eq(x, c3), tm.eq(x, c12));
    let p = tm.var("p", Sort::Bool);
    assert_eq!(s.check_assuming(&tm, &[e3, p]).unwrap(), CheckResult::Sat);
    assert_eq!(s.value(&tm, x).unwrap(), Value::Bv(BitVecValue::from_u64(8, 3)));
    assert_eq!(s.value(&tm, p).unwrap(), Value::Bool(true));
    assert_eq!(s.check_assuming(&tm, &[p, e12]).unwrap(), CheckResult::Unsat);
    assert!(s.failed_assumptions().contains(&e12));
    assert!(!s.failed_assumptions().contains(&p));
    // Assumptions are not kept.
    assert_eq!(s.check(&tm).unwrap(), CheckResult::Sat);
    assert!(matches!(s.assert(&tm, x), Err(SolverError::NotBool(_))));
}

#[test]
fn model_values_of_unasserted_terms() {
    let mut tm = TermManager::new();
    let x = tm.var("x", Sort::BitVec(16));
    let y = tm.var("y", Sort::BitVec(16));
    let mut s = Solver::new();
    let s1 = tm.bvadd(x, y);
    let k = bv(&mut tm, 16, 1000);
    let e = tm.eq(s1, k);
    let c7 = bv(&mut tm, 16, 7);
    let ex = tm.eq(x, c7);
    s.assert(&tm, e).unwrap();
    s.assert(&tm, ex).unwrap();
    assert_eq!(s.check(&tm).unwrap(), CheckResult::Sat);
    let prod = tm.bvmul(x, y); // never asserted, never blasted
    assert_eq!(s.value(&tm, prod).unwrap(), Value::Bv(BitVecValue::from_u64(16, 7 * 993)));
    assert_eq!(s.blasted_value(&tm, prod), None);
}

#[test]
fn only_needed_terms_are_blasted() {
    let mut tm = TermManager::new();
    let x = tm.var("x", Sort::BitVec(32));
    let y = tm.var("y", Sort::BitVec(32));
    // A large term that is never used.
    let big = tm.bvmul(x, y);
    let big = tm.bvudiv(big, x);
    let _unused = tm.eq(big, y);
    let mut s = Solver::new();
    let c = bv(&mut tm, 32, 5);
    let small = tm.ult(x, c);
    s.assert(&tm, small).unwrap();
    let before = s.stats();
    assert!(before.aig_nodes < 300, "unused terms were blasted: {before:?}");
    assert_eq!(before.blasted_terms, 3);
    // Asserting the same term again adds nothing to the circuit.
    s.assert(&tm, small).unwrap();
    assert_eq!(s.stats().aig_nodes, before.aig_nodes);
    assert_eq!(s.check(&tm).unwrap(), CheckResult::Sat);
}

/// x * y = p for a semiprime p at 48 bits with 1 < x, y: hard enough that tiny budgets run out.
fn factoring(tm: &mut TermManager) -> vigil_bv::TermId {
    let x = tm.var("x", Sort::BitVec(48));
    let y = tm.var("y", Sort::BitVec(48));
    let p = bv(tm, 48, 1_000_003 * 999_983);
    let m = tm.bvmul(x, y);
    let e = tm.eq(m, p);
    let one = bv(tm, 48, 1);
    let big = bv(tm, 48, 1 << 24);
    let (gx, gy) = (tm.ugt(x, one), tm.ugt(y, one));
    let (lx, ly) = (tm.ult(x, big), tm.ult(y, big));
    let mut f = tm.and(e, gx);
    for t in [gy, lx, ly] {
        f = tm.and(f, t);
    }
    f
}

#[test]
fn budgets_end_in_unknown() {
    let mut tm = TermManager::new();
    let f = factoring(&mut tm);

    let mut s = Solver::new();
    s.assert(&tm, f).unwrap();
    s.set_conflict_limit(Some(10));
    assert_eq!(s.check(&tm).unwrap(), CheckResult::Unknown);

    let mut s = Solver::new();
    s.assert(&tm, f).unwrap();
    s.set_deadline(Some(Instant::now() - Duration::from_millis(1)));
    assert_eq!(s.check(&tm).unwrap(), CheckResult::Unknown);

    let mut s = Solver::new();
    s.assert(&tm, f).unwrap();
    let flag = Arc::new(AtomicBool::new(true));
    s.set_interrupt(flag);
    assert_eq!(s.check(&tm).unwrap(), CheckResult::Unknown);
    assert!(matches!(s.value(&tm, f), Err(SolverError::NoModel)));
}

#[test]
fn configuration_from_named_file() {
    let dir = std::env::temp_dir().join(format!("vigil-bv-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("tuned.toml"), "[bv]\ncheck-models = true\nconflict-limit = 5\ndisable-rules = [\"const-fold\"]\n[sat]\nrestart_base = 50\n").unwrap();
    let c = SolverConfig::load_named(&dir, "tuned").unwrap();
    assert_eq!(c.conflict_limit, Some(5));
    assert_eq!(c.sat_params.restart_base, 50);
    assert!(SolverConfig::load_named(&dir, "../etc/passwd").is_err());
    assert!(SolverConfig::load_named(&dir, "missing").is_err());
    // The conflict limit from the file applies to checks.
    let mut tm = TermManager::new();
    let f = factoring(&mut tm);
    let mut s = Solver::with_config(c);
    s.assert(&tm, f).unwrap();
    assert_eq!(s.check(&tm).unwrap(), CheckResult::Unknown);
    std::fs::remove_dir_all(&dir).ok();
}

/// Neighbour models (`[bv] neighbour-models`), with `neighbour-after = 0` so that every check
/// tries them before its search: a satisfiable check is answered by an assignment near the last
/// model that satisfies every assertion and assumption; an unsatisfiable one, and its failed
/// assumptions, still come from the SAT core; with the candidates off, the SAT core answers.
#[test]
fn neighbour_models_answer_only_satisfiable_checks_with_true_models() {
    let mut tm = TermManager::new();
    let x = tm.var("x", Sort::BitVec(32));
    let y = tm.var("y", Sort::BitVec(32));
    let prod = tm.bvmul(x, y);
    let c1000 = bv(&mut tm, 32, 1000);
    let c7 = bv(&mut tm, 32, 7);
    let rem = tm.bvurem(prod, c1000);
    let is7 = tm.eq(rem, c7);
    let not7 = tm.not(is7);
    let small = tm.ult(x, c1000);
    let config = |n: usize| SolverConfig { neighbour_models: n, neighbour_after: 0, check_models: true, ..SolverConfig::default() };
    let mut s = Solver::with_config(config(64));
    s.assert(&tm, small).unwrap();
    assert_eq!(s.check_assuming(&tm, &[not7]).unwrap(), CheckResult::Sat);
    assert_eq!(s.stats().neighbour_model_hits, 1);
    let (xv, yv) = (s.value(&tm, x).unwrap(), s.value(&tm, y).unwrap());
    let (xv, yv) = (xv.as_bv().unwrap().to_u64().unwrap(), yv.as_bv().unwrap().to_u64().unwrap());
    assert!(xv < 1000 && (xv.wrapping_mul(yv) as u32) % 1000 != 7, "x = {xv}, y = {yv}");
    // x < 1000 and x > 2000: unsatisfiable, the assumption that conflicts is reported.
    let c2000 = bv(&mut tm, 32, 2000);
    let big = tm.ugt(x, c2000);
    assert_eq!(s.check_assuming(&tm, &[big, not7]).unwrap(), CheckResult::Unsat);
    assert!(s.failed_assumptions().contains(&big));
    assert_eq!(s.stats().neighbour_model_hits, 1);
    let mut off = Solver::with_config(config(0));
    off.assert(&tm, small).unwrap();
    assert_eq!(off.check_assuming(&tm, &[not7]).unwrap(), CheckResult::Sat);
    assert_eq!(off.stats().neighbour_model_hits, 0);
    // The setting is read from a configuration file.
    let read = SolverConfig::from_toml_str("[bv]\nneighbour-models = 0\nneighbour-after = 10\n").unwrap();
    assert_eq!((read.neighbour_models, read.neighbour_after), (0, 10));
    assert!(SolverConfig::from_toml_str("[bv]\nneighbour-models = -1\n").is_err());
}
