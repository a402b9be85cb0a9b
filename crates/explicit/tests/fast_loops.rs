//! Loops on registers only run in the VM's fast interpreter (`vigil_vm::machine::fastloop`):
//! the same runs, far fewer instructions' worth of time and far fewer stored states.

mod common;

use vigil_explicit::{Step, Verdict};
use vigil_vm::{Config, Program, Property};

fn compile(name: &str, src: &str) -> Program {
    let opts = vigil_frontend::FrontendOptions { runtime: Some(vigil_runtime::RUNTIME_BC), ..Default::default() };
    common::compile_with("fast-loops", name, src, &opts)
}

/// SV-COMP's loop-acceleration shape: two million iterations, then the check.
const COUNT_UP: &str = r#"
extern void reach_error(void);
int main(void) {
    unsigned x = 0;
    while (x < 0x3ffffe)
        x += 2;
    if (!(x % 2)) reach_error();
    return 0;
}
"#;

#[test]
fn a_long_register_loop_is_run_fast_and_its_trace_says_so() {
    let prog = compile("count_up", COUNT_UP);
    let (v, stats) = common::search(&prog, Property::UnreachCall, Config::default(), 1_000);
    let Verdict::Violated { trace, .. } = v else { panic!("expected a violation, got {v:?}") };
    // Without the fast interpreter a state is stored every 1000 passes of the loop's header:
    // 2000 states, twice the limit here. A fast run takes at most half of what is left of the
    // transition's steps (a million in these tests): one state per half a million steps.
    assert!(stats.states < 40, "{} states", stats.states);
    assert!(stats.instructions > 8_000_000, "{} instructions", stats.instructions);
    let noted = trace.iter().any(|s| matches!(s, Step::Note { text } if text.contains("iterations of the loop at line 5")));
    assert!(noted, "{trace:?}");
}

/// `x` overflows in the iteration after `x` = 2147483640; the fast run declines that iteration
/// and the interpreter reports the overflow there.
const OVERFLOW: &str = r#"
int main(void) {
    int x = 0;
    for (int i = 0; i < 100000000; i++)
        x = x + 30;
    return x;
}
"#;

#[test]
fn an_overflow_in_a_fast_loop_is_reported_where_it_happens() {
    let prog = compile("overflow", OVERFLOW);
    let vm = Config { check_overflow: true, ..Default::default() };
    let (v, _) = common::search(&prog, Property::NoOverflow, vm, 1_000);
    let Verdict::Violated { property, trace, .. } = v else { panic!("expected a violation, got {v:?}") };
    assert_eq!(property.name(), "no-overflow");
    let at = trace.iter().find_map(|s| if let Step::Violation { line, .. } = s { Some(*line) } else { None });
    assert_eq!(at, Some(5), "{trace:?}");
}

/// A loop that never ends, on registers alone, with a cycle of 10007 iterations.
const CYCLE: &str = r#"
extern void reach_error(void);
int main(void) {
    unsigned x = 0;
    while (1) {
        x = (x + 7) % 10007u;
        if (x == 10008u) reach_error();
    }
}
"#;

#[test]
fn a_cycle_of_a_never_ending_loop_closes_the_state_space() {
    let prog = compile("cycle", CYCLE);
    let (v, stats) = common::search(&prog, Property::UnreachCall, Config::default(), 1_000);
    assert!(matches!(v, Verdict::Holds), "{v:?}");
    // Every fast run stops at the cycle's least state, so the second one is already visited.
    // (Stored every 1000 passes, the cycle would take 10007 states.)
    assert!(stats.states < 10, "{} states", stats.states);
}

/// SV-COMP's `functions_false_1` (a quarter of its bound) and an assertion function called in a
/// loop: calls of small functions without loops run in the fast interpreter too.
const CALLS: &str = r#"
extern void reach_error(void);
void check(int cond) { if (!cond) reach_error(); }
unsigned next(unsigned z) { return z + 2; }
int main(void) {
    unsigned x = 0;
    while (x < 0x3ffffe) {
        x = next(x);
        check(x != 0x300000);
    }
    return 0;
}
"#;

#[test]
fn calls_of_small_functions_run_fast_and_their_error_is_found() {
    let prog = compile("calls", CALLS);
    let (v, stats) = common::search(&prog, Property::UnreachCall, Config::default(), 1_000);
    let Verdict::Violated { trace, .. } = v else { panic!("expected a violation, got {v:?}") };
    // About 12 instructions an iteration, half a million a state (see above): some 40 states,
    // where a state every 1000 passes would be 1,500.
    assert!(stats.states < 100, "{} states", stats.states);
    let at = trace.iter().find_map(|s| if let Step::Violation { line, .. } = s { Some(*line) } else { None });
    assert_eq!(at, Some(3), "{trace:?}");
    // Without the error, the loop runs to its end: true, with few states.
    let prog = compile("calls_true", &CALLS.replace("0x300000", "0x300001"));
    let (v, stats) = common::search(&prog, Property::UnreachCall, Config::default(), 1_000);
    assert!(matches!(v, Verdict::Holds), "{v:?}");
    assert!(stats.states < 100, "{} states", stats.states);
}
