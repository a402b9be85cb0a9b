//! Branch sides that a quick solver check leaves undecided (`vigil_vm::machine::symdata`,
//! "Undecided branch sides"): the transition that takes one ends after the branch, the search
//! expands the state it leaves after every other one, and only when a check with the full budget
//! does not refute the side. Verdicts are those of a search that decides every side at once;
//! what changes is the order, so that a violation behind easy sides is found before hard ones
//! are decided.

mod common;

use vigil_explicit::Verdict;
use vigil_vm::{Config, Program, Property, Symbolic};

fn compile(name: &str, src: &str) -> Program {
    let opts = vigil_frontend::FrontendOptions { runtime: Some(vigil_runtime::RUNTIME_BC), ..Default::default() };
    common::compile_with("undecided-branches", name, src, &opts)
}

/// A quick budget within which the bounds on the factors are decided and the factoring is not.
const QUICK: u64 = 50;

/// Wide inputs symbolic; each branch side first checked within `quick` conflicts (0: off).
fn config(quick: u64) -> Config {
    Config { symbolic: Symbolic::Auto, branch_quick_conflicts: quick, ..Default::default() }
}

/// Two factors below 2^16 of `N` (no product wraps): the side `x * y == N` takes the solver
/// more than one conflict, whether `N` is prime (refuted) or not (a model to find). The factors
/// are read after the branch, so the state it leaves keeps the condition; the branch after it
/// is on another input, so that its sides are decided at once.
fn factoring(n: u32) -> String {
    format!(
        r#"
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {{
    unsigned x = __VERIFIER_nondet_uint();
    unsigned y = __VERIFIER_nondet_uint();
    unsigned c = __VERIFIER_nondet_uint();
    __VERIFIER_assume(x > 1 && x < 65536 && y > 1 && y < 65536);
    if (x * y == {n}u) {{
        if (c == 7 && x + y > 4) reach_error();
    }}
    return 0;
}}
"#
    )
}

#[test]
fn a_hard_infeasible_side_is_deferred_then_refuted() {
    // 1000003 is prime: no two factors above 1.
    let prog = compile("prime", &factoring(1_000_003));
    let (v, stats) = common::search(&prog, Property::UnreachCall, config(QUICK), 1_000);
    assert!(matches!(v, Verdict::Holds), "{v:?}");
    assert_eq!((stats.deferred, stats.deferred_refuted), (1, 1), "{stats:?}");
    // Deciding every side at once gives the same verdict without deferring anything.
    let (v, stats) = common::search(&prog, Property::UnreachCall, config(0), 1_000);
    assert!(matches!(v, Verdict::Holds), "{v:?}");
    assert_eq!(stats.deferred, 0);
}

#[test]
fn a_hard_feasible_side_is_deferred_then_explored() {
    // 1000001 = 101 * 9901.
    let prog = compile("composite", &factoring(1_000_001));
    let (v, stats) = common::search(&prog, Property::UnreachCall, config(QUICK), 1_000);
    assert_eq!((stats.deferred, stats.deferred_refuted), (1, 0), "{stats:?}");
    let Verdict::Violated { wide_inputs: Some(inputs), .. } = &v else { panic!("{v:?}") };
    let (x, y) = (inputs[0] as u32, inputs[1] as u32);
    assert_eq!(x.wrapping_mul(y), 1_000_001, "{inputs:?}");
    assert!(x > 1 && y > 1);
}

/// A violation behind an easy side is found although a hard side comes first on the path: the
/// hard one (is the prime a product?) waits, the easy one (`c == 7`) leads to the error.
#[test]
fn a_violation_behind_easy_sides_does_not_wait_for_hard_ones() {
    let src = r#"
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
    unsigned x = __VERIFIER_nondet_uint();
    unsigned y = __VERIFIER_nondet_uint();
    unsigned c = __VERIFIER_nondet_uint();
    __VERIFIER_assume(x > 1 && x < 65536 && y > 1 && y < 65536);
    if (x * y == 1000003u) return 1;
    if (c == 7) reach_error();
    return 0;
}
"#;
    let prog = compile("easy_after_hard", src);
    let (v, stats) = common::search(&prog, Property::UnreachCall, config(QUICK), 1_000);
    assert!(matches!(v, Verdict::Violated { .. }), "{v:?}");
    // The hard side was set aside, not decided, before the violation was found.
    assert_eq!((stats.deferred, stats.deferred_refuted), (1, 0), "{stats:?}");
}

/// In a loop, deferred states reach further branches and are deferred again; the search still
/// ends with every state expanded or refuted, and agrees with the search without deferral.
#[test]
fn deferral_in_a_loop_agrees_with_deciding_at_once() {
    for (n, expect_violation) in [(1_000_003u32, false), (1_000_001, true)] {
        let src = format!(
            r#"
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {{
    unsigned found = 0;
    for (int i = 0; i < 3; i++) {{
        unsigned x = __VERIFIER_nondet_uint();
        unsigned y = __VERIFIER_nondet_uint();
        __VERIFIER_assume(x > 1 && x < 65536 && y > 1 && y < 65536);
        if (x * y == {n}u) found++;
    }}
    if (found == 3) reach_error();
    return 0;
}}
"#
        );
        let prog = compile("loop", &src);
        for quick in [0, 1, 50] {
            let (v, _) = common::search(&prog, Property::UnreachCall, config(quick), 10_000);
            match v {
                Verdict::Violated { .. } => assert!(expect_violation, "n = {n}, quick = {quick}"),
                Verdict::Holds => assert!(!expect_violation, "n = {n}, quick = {quick}"),
                other => panic!("n = {n}, quick = {quick}: {other:?}"),
            }
        }
    }
}

/// Two paths reach one stored state: one through a hard side that is infeasible, one through
/// easy feasible sides. The inputs both branch on are dead at the join, so the stored state
/// has forgotten them (its path condition no longer says which side was taken): it stands for
/// the feasible path too, and must be expanded although the hard side alone is refuted.
#[test]
fn a_deferred_state_that_a_feasible_path_also_reaches_is_expanded() {
    let src = r#"
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
    unsigned x = __VERIFIER_nondet_uint();
    unsigned y = __VERIFIER_nondet_uint();
    unsigned c = __VERIFIER_nondet_uint();
    __VERIFIER_assume(x > 1 && x < 65536 && y > 1 && y < 65536);
    int flag = 0;
    if (x * y == 1000003u || c == 5) flag = 1;
    if (flag) reach_error();
    return 0;
}
"#;
    let prog = compile("join", src);
    for quick in [0, QUICK] {
        let (v, _) = common::search(&prog, Property::UnreachCall, config(quick), 1_000);
        assert!(matches!(v, Verdict::Violated { .. }), "quick = {quick}: {v:?}");
    }
}
