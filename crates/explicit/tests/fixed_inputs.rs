//! Fixed input vectors (`vigil_vm::Config::inputs`): the explicit engine confirms or refutes a
//! concrete input vector found elsewhere, still exploring the nondeterminism that is not an
//! input (malloc failure).

mod common;

use vigil_explicit::{Step, Verdict};
use vigil_vm::{Config, Program, Property};

fn compile(name: &str, src: &str) -> Program {
    let opts = vigil_frontend::FrontendOptions { runtime: Some(vigil_runtime::RUNTIME_BC), ..Default::default() };
    common::compile_with("fixed-inputs", name, src, &opts)
}

fn run(prog: &Program, inputs: Option<Vec<u64>>, malloc_can_fail: bool) -> Verdict {
    common::search(prog, Property::UnreachCall, Config { inputs, malloc_can_fail, ..Default::default() }, 10_000).0
}

const NEEDLE: &str = r#"
extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern signed char __VERIFIER_nondet_char(void);
extern void reach_error(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    _Bool b = __VERIFIER_nondet_bool();
    signed char c = __VERIFIER_nondet_char();
    if (x == 12345 && b && c == -2)
        reach_error();
    return 0;
}
"#;

#[test]
fn fixed_inputs_confirm_and_refute() {
    let prog = compile("needle", NEEDLE);
    // Without inputs, 12345 is not among the sampled ints: never true, and no violation found.
    assert!(matches!(run(&prog, None, false), Verdict::Unknown(_)));
    // The right inputs reach the error; the trace shows them. The int is truncated to 32 bits,
    // the bool takes the low bit, the char the low byte as two's complement.
    match run(&prog, Some(vec![0x1_0000_3039, 3, 0xfe]), false) {
        Verdict::Violated { property, trace, .. } => {
            assert_eq!(property.name(), "unreach-call");
            let inputs: Vec<(&str, i128)> = trace
                .iter()
                .filter_map(|s| if let Step::Input { function, value } = s { Some((function.as_str(), *value)) } else { None })
                .collect();
            assert_eq!(inputs, [("__VERIFIER_nondet_int", 12345), ("__VERIFIER_nondet_bool", 1), ("__VERIFIER_nondet_char", -2)]);
        }
        other => panic!("expected a violation, got {other:?}"),
    }
    // Wrong inputs: the whole (input-free) state space is explored and the error is not reached.
    assert!(matches!(run(&prog, Some(vec![12345, 2, 0xfe]), false), Verdict::Holds));
    assert!(matches!(run(&prog, Some(vec![12345, 1, 0xff]), false), Verdict::Holds));
    // A vector that is too short: the missing input reads 0 and the run is incomplete.
    assert!(matches!(run(&prog, Some(vec![12345, 1]), false), Verdict::Unknown(r) if r.cause == vigil_ir::unknown::Cause::InputSampled));
}

#[test]
fn fixed_inputs_still_explore_malloc_failure() {
    let prog = compile(
        "mallocfail",
        r#"
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
extern void *malloc(unsigned long);
extern void free(void *);
int main(void) {
    int n = __VERIFIER_nondet_int();
    int *p = malloc(sizeof(int));
    if (n == 7 && p == 0)
        reach_error();
    free(p);
    return 0;
}
"#,
    );
    assert!(matches!(run(&prog, Some(vec![7]), false), Verdict::Holds));
    assert!(matches!(run(&prog, Some(vec![7]), true), Verdict::Violated { .. }));
    assert!(matches!(run(&prog, Some(vec![8]), true), Verdict::Holds));
}

/// Every cell of `a` is read uninitialised: each read is a choice (both samples), so a search
/// stores a state, with its own copy of the array, per cell.
const UNINITIALISED_WALK: &str = r#"
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
    int a[20000];
    int k = __VERIFIER_nondet_int();
    int zeros = 0;
    for (int i = 0; i < 20000; i++)
        if (a[i] == 0)
            zeros++;
    if (k == 3 && zeros == 20000)
        reach_error();
    return 0;
}
"#;

#[test]
fn a_fixed_vector_is_first_run_once_without_storing_states() {
    let prog = compile("uninitialised_walk", UNINITIALISED_WALK);
    let vm = || Config { inputs: Some(vec![3]), ..Default::default() };
    // The dive (first option of every choice: the cells read 0) meets the error: no state is
    // stored, though the search alone would need a state every two cells, 10000 of them (its
    // limit here is 1000).
    let (v, stats) = common::search(&prog, Property::UnreachCall, vm(), 1_000);
    match v {
        Verdict::Violated { property, choices, .. } => {
            assert_eq!(property.name(), "unreach-call");
            assert!(choices.len() > 10_000, "{} transitions", choices.len());
        }
        other => panic!("expected a violation, got {other:?}"),
    }
    assert_eq!(stats.states, 0);
    assert!(stats.transitions > 10_000);
    // A vector whose first run ends without a violation leaves the search to go on: here it
    // reaches its state limit.
    let (v, _) = common::search(&prog, Property::UnreachCall, Config { inputs: Some(vec![4]), ..Default::default() }, 1_000);
    assert!(matches!(v, Verdict::Unknown(ref r) if r.cause == vigil_ir::unknown::Cause::StateLimit), "{v:?}");
}
