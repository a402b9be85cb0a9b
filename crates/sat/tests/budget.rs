//! Conflict limits, deadlines and interrupts end a solve in `Unknown`; the solver stays usable.
//!
//! No test here measures time: a budget is checked before the first conflict and after every
//! conflict, so an exhausted budget stops a solve before any conflict (counted in the stats),
//! and a budget that runs out during a solve of a pigeonhole instance that no CDCL solver
//! refutes in reasonable time must end it in `Unknown` (a broken budget makes the test hang
//! rather than pass).
mod common;
use common::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use vigil_sat::{SolveResult, Solver};

/// A solver holding the pigeonhole formula for `holes` holes (unsatisfiable).
fn pigeonhole_solver(holes: i32) -> Solver {
    let mut s = Solver::new();
    for c in pigeonhole(holes) {
        s.add_clause(&lits(&c));
    }
    s
}

/// After the budget is lifted, `s` (holding `pigeonhole(3)`) refutes the formula with a valid
/// DRAT proof: an `Unknown` answer left the solver in a usable state.
fn refutes_after_budget(mut s: Solver, proof: &SharedBuf) {
    assert_eq!(s.solve(), SolveResult::Unsat);
    s.flush_proof().unwrap();
    check_drat(&pigeonhole(3), &proof.text()).unwrap();
}

/// `pigeonhole(3)` with a proof writer attached.
fn small_with_proof() -> (Solver, SharedBuf) {
    let mut s = Solver::new();
    let proof = SharedBuf::default();
    s.set_proof_writer(Box::new(proof.clone()));
    for c in pigeonhole(3) {
        s.add_clause(&lits(&c));
    }
    (s, proof)
}

#[test]
fn conflict_limit_gives_unknown_then_solver_still_works() {
    let mut s = pigeonhole_solver(9);
    s.set_conflict_limit(Some(50));
    assert_eq!(s.solve(), SolveResult::Unknown);
    assert!(s.stats().conflicts >= 50 && s.stats().conflicts <= 51);
    assert_eq!(s.value(vigil_sat::Lit::from_dimacs(1)), None);

    let (mut small, proof) = small_with_proof();
    small.set_conflict_limit(Some(0));
    assert_eq!(small.solve(), SolveResult::Unknown);
    assert_eq!(small.stats().conflicts, 0);
    small.set_conflict_limit(None);
    refutes_after_budget(small, &proof);
}

#[test]
fn a_conflict_limit_counts_per_solve() {
    // The limit bounds the conflicts of each call, not of the solver's life.
    let mut s = pigeonhole_solver(9);
    s.set_conflict_limit(Some(30));
    assert_eq!(s.solve(), SolveResult::Unknown);
    let first = s.stats().conflicts;
    assert_eq!(s.solve(), SolveResult::Unknown);
    let second = s.stats().conflicts - first;
    assert!((30..=31).contains(&first) && (30..=31).contains(&second), "{first} then {second} conflicts");
}

#[test]
fn a_past_deadline_stops_before_the_first_conflict() {
    let (mut s, proof) = small_with_proof();
    s.set_deadline(Some(Instant::now()));
    assert_eq!(s.solve(), SolveResult::Unknown);
    assert_eq!(s.stats().conflicts, 0);
    s.set_deadline(None);
    refutes_after_budget(s, &proof);
}

#[test]
fn a_distant_deadline_does_not_change_the_answer() {
    let (mut s, proof) = small_with_proof();
    s.set_deadline(Some(Instant::now() + Duration::from_secs(24 * 3600)));
    refutes_after_budget(s, &proof);
}

#[test]
fn a_deadline_reached_during_the_search_gives_unknown() {
    let mut s = pigeonhole_solver(14);
    s.set_deadline(Some(Instant::now() + Duration::from_millis(100)));
    assert_eq!(s.solve(), SolveResult::Unknown);
}

#[test]
fn a_raised_interrupt_stops_before_the_first_conflict() {
    let (mut s, proof) = small_with_proof();
    let flag = Arc::new(AtomicBool::new(true));
    s.set_interrupt(flag.clone());
    assert_eq!(s.solve(), SolveResult::Unknown);
    assert_eq!(s.stats().conflicts, 0);
    flag.store(false, Ordering::Relaxed);
    refutes_after_budget(s, &proof);
}

#[test]
fn an_interrupt_raised_during_the_search_gives_unknown() {
    let mut s = pigeonhole_solver(14);
    let flag = Arc::new(AtomicBool::new(false));
    s.set_interrupt(flag.clone());
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
    });
    assert_eq!(s.solve(), SolveResult::Unknown);
    raiser.join().unwrap();
}
