//! Conflict limits, deadlines and interrupts end a solve in `Unknown`; the solver stays usable.
mod common;
use common::*;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};
use vigil_sat::{SolveResult, Solver};

fn hard() -> Solver {
    let mut s = Solver::new();
    for c in pigeonhole(9) {
        s.add_clause(&lits(&c));
    }
    s
}

#[test]
fn conflict_limit_gives_unknown_then_solver_still_works() {
    let mut s = hard();
    s.set_conflict_limit(Some(50));
    assert_eq!(s.solve(), SolveResult::Unknown);
    assert!(s.stats().conflicts >= 50 && s.stats().conflicts <= 51);
    assert_eq!(s.value(vigil_sat::Lit::from_dimacs(1)), None);
    s.set_conflict_limit(None);
    let mut small = Solver::new();
    let proof = SharedBuf::default();
    small.set_proof_writer(Box::new(proof.clone()));
    small.set_conflict_limit(Some(0));
    for c in pigeonhole(3) {
        small.add_clause(&lits(&c));
    }
    assert_eq!(small.solve(), SolveResult::Unknown);
    small.set_conflict_limit(None);
    assert_eq!(small.solve(), SolveResult::Unsat);
    small.flush_proof().unwrap();
    check_drat(&pigeonhole(3), &proof.text()).unwrap();
}

#[test]
fn deadline_gives_unknown() {
    let mut s = hard();
    s.set_deadline(Some(Instant::now() + Duration::from_millis(100)));
    let t = Instant::now();
    assert_eq!(s.solve(), SolveResult::Unknown);
    assert!(t.elapsed() < Duration::from_secs(20));
}

#[test]
fn interrupt_gives_unknown() {
    let mut s = hard();
    let flag = Arc::new(AtomicBool::new(true));
    s.set_interrupt(flag.clone());
    assert_eq!(s.solve(), SolveResult::Unknown);
    let flag2 = flag.clone();
    let h = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        flag2.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    flag.store(false, std::sync::atomic::Ordering::Relaxed);
    assert_eq!(s.solve(), SolveResult::Unknown);
    h.join().unwrap();
}
