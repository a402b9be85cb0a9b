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
