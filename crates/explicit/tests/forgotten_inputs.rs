//! Stored symbolic states forget the inputs no value mentions any more and rename the others
//! (`vigil_vm::machine::symnorm`): a loop that reads an input every round and forgets it has
//! a finite state space, and a violation's inputs are still the path's, in the order read.

// (This file uses `search_forgetting` only.)
#[allow(dead_code)]
mod common;

use vigil_explicit::{Step, Verdict};
use vigil_vm::{Config, Program, Property, Symbolic};

fn compile(name: &str, src: &str) -> Program {
    let opts = vigil_frontend::FrontendOptions { runtime: Some(vigil_runtime::RUNTIME_BC), ..Default::default() };
    common::compile_with("forgotten-inputs", name, src, &opts)
}

/// `mode` is read once and stays live; `c` is read every round and forgotten. With `FAIL`
/// defined, mode 42 followed by three commands 1 and a command 7 reaches the error.
const LOOP: &str = r#"
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
    int mode = __VERIFIER_nondet_int();
    int s = 0;
    while (1) {
        int c = __VERIFIER_nondet_int();
        if (c == 1) s = (s + 1) % 4;
        if (mode > 0 && s > 3) reach_error();
#ifdef FAIL
        if (mode == 42 && c == 7 && s == 3) reach_error();
#endif
    }
}
"#;

/// Wide inputs symbolic, as `vigil check` runs them by default.
fn symbolic() -> Config {
    Config { symbolic: Symbolic::Auto, ..Default::default() }
}

fn inputs(trace: &[Step]) -> Vec<i128> {
    trace.iter().filter_map(|s| if let Step::Input { value, .. } = s { Some(*value) } else { None }).collect()
}

#[test]
fn a_loop_that_forgets_its_inputs_has_a_finite_state_space() {
    let prog = compile("loop", LOOP);
    let (v, stats) = common::search_forgetting(&prog, Property::UnreachCall, symbolic(), 1_000, true);
    assert!(matches!(v, Verdict::Holds), "{v:?}");
    assert!(stats.states < 100, "{} states", stats.states);
    assert!(stats.solver.normalised > 0);
    // Without forgetting, every round is a new state: the limit is reached.
    let (v, _) = common::search_forgetting(&prog, Property::UnreachCall, symbolic(), 1_000, false);
    assert!(matches!(v, Verdict::Unknown(_)), "{v:?}");
}

#[test]
fn a_violation_after_forgotten_inputs_gives_the_paths_inputs_in_order() {
    let src = format!("#define FAIL\n{LOOP}");
    let prog = compile("loop_fail", &src);
    let (v, stats) = common::search_forgetting(&prog, Property::UnreachCall, symbolic(), 1_000, true);
    assert!(stats.solver.normalised > 0);
    let Verdict::Violated { trace, .. } = v else { panic!("expected a violation, got {v:?}") };
    let ins = inputs(&trace);
    // mode first, then the commands; exactly three of them are 1 (s counts modulo 4) before
    // the final 7.
    assert_eq!(ins.first(), Some(&42), "{ins:?}");
    assert_eq!(ins.last(), Some(&7), "{ins:?}");
    assert_eq!(ins[1..ins.len() - 1].iter().filter(|&&c| c == 1).count(), 3, "{ins:?}");
}

/// A bound read once and kept, and a value read every round and compared with it: every
/// round's comparison stays in the path condition (it mentions the bound), so states never
/// repeat exactly. With `FAIL`, three values below the bound and then the bound itself reach
/// the error.
const BOUND: &str = r#"
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
    int limit = __VERIFIER_nondet_int();
    int n = 0;
    while (1) {
        int x = __VERIFIER_nondet_int();
        if (x < limit && n < 3) n++;
#ifdef FAIL
        if (n == 3 && x == limit) reach_error();
#else
        if (n > 3 || (x < limit && x >= limit)) reach_error();
#endif
    }
}
"#;

/// Two inputs a round: the second fork of a round ends its transition (the state between the
/// forks is stored), and states reached again with more conditions on forgotten inputs are
/// subsumed.
const TWO_INPUTS: &str = r#"
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
    int limit = __VERIFIER_nondet_int();
    int n = 0;
    while (1) {
        int x = __VERIFIER_nondet_int();
        int y = __VERIFIER_nondet_int();
        if (x < limit && n < 3) n++;
        if (y > limit) n = 0;
        if (n > 3) reach_error();
    }
}
"#;

#[test]
fn a_state_whose_path_condition_includes_an_earlier_ones_is_subsumed() {
    let prog = compile("two_inputs", TWO_INPUTS);
    let (v, stats) = common::search_forgetting(&prog, Property::UnreachCall, symbolic(), 1_000, true);
    assert!(matches!(v, Verdict::Holds), "{v:?}");
    assert!(stats.subsumed > 0 && stats.states < 200, "{} states, {} subsumed", stats.states, stats.subsumed);
    let prog = compile("bound", BOUND);
    let (v, stats) = common::search_forgetting(&prog, Property::UnreachCall, symbolic(), 1_000, true);
    assert!(matches!(v, Verdict::Holds), "{v:?}");
    assert!(stats.states < 200, "{} states", stats.states);
    let src = format!("#define FAIL\n{BOUND}");
    let prog = compile("bound_fail", &src);
    let (v, _) = common::search_forgetting(&prog, Property::UnreachCall, symbolic(), 1_000, true);
    let Verdict::Violated { trace, .. } = v else { panic!("expected a violation, got {v:?}") };
    let ins = inputs(&trace);
    let (limit, last) = (ins[0], *ins.last().unwrap());
    assert_eq!(last, limit, "{ins:?}");
    assert_eq!(ins[1..ins.len() - 1].iter().filter(|&&x| x < limit).count(), 3, "{ins:?}");
}
