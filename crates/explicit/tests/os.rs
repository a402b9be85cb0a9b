//! The OS inside the VM (DiVM §4.3, §5.1): `__boot`, the scheduler and the fault handler are C
//! functions of the runtime, which a program may replace; and the transition structure that the
//! scheduler and `choose` give the state space.

mod common;

use vigil_explicit::{SearchStats, Verdict};
use vigil_ir::unknown::Cause;
use vigil_vm::{Config, Program, Property};

fn compile(name: &str, src: &str, runtime: bool) -> Program {
    let runtime = if runtime { Some(vigil_runtime::RUNTIME_BC) } else { None };
    common::compile_with("os", name, src, &vigil_frontend::FrontendOptions { runtime, ..Default::default() })
}

fn run(prog: &Program, property: Property) -> (Verdict, SearchStats) {
    common::search(prog, property, Config::default(), 100_000)
}

/// Divides by a value that may be zero, then calls reach_error if the division faulted.
const DIVIDE: &str = r#"
extern _Bool __VERIFIER_nondet_bool(void);
extern void reach_error(void);
int fault_seen;
int main(void) {
    int d = __VERIFIER_nondet_bool() ? 0 : 2;
    int q = 10 / d;
    (void)q;
    if (fault_seen == 10) /* VM_FAULT_DIV_BY_ZERO */
        reach_error();
    return 0;
}
"#;

/// Asserts that `verdict` is unknown for `cause`, with a reason that mentions `needle`.
fn expect_unknown(verdict: &Verdict, cause: Cause, needle: &str) {
    match verdict {
        Verdict::Unknown(why) => {
            assert_eq!(why.cause, cause, "{why}");
            assert!(why.message.contains(needle), "{why}");
        }
        other => panic!("expected unknown, got {other:?}"),
    }
}

#[test]
fn the_default_fault_handler_ends_the_path() {
    // Division by zero is not the property: the path ends there, and that forbids `true`.
    let prog = compile("divide", DIVIDE, true);
    expect_unknown(&run(&prog, Property::UnreachCall).0, Cause::UndefinedBehaviour, "division by zero");
}

#[test]
fn a_program_s_fault_handler_can_resume_the_continuation() {
    // The program replaces the runtime's (weak) handler with one that notes a division by zero
    // and goes on after the faulting instruction, and flags every other fault (reach_error among
    // them) as an error: the run then reaches reach_error, with a replayed trace.
    let src = format!(
        "{DIVIDE}\nvoid __vm_ctl_set(int reg, const void *value);\n\
         long long __vm_control(int op, long long a, long long b);\n\
         void __vigil_fault_handler(int kind, void *continuation) {{\n\
             if (kind != 10) {{ __vm_control(1 /* SET_FLAGS */, 1 /* ERROR */, 0); return; }}\n\
             fault_seen = kind;\n\
             __vm_ctl_set(1 /* VM_CR_FRAME */, continuation);\n\
         }}\n"
    );
    let prog = compile("divide_resume", &src, true);
    match run(&prog, Property::UnreachCall).0 {
        Verdict::Violated { property, choices, .. } => {
            assert_eq!(property.name(), "unreach-call");
            // The one choice: the bool is true, so the divisor is 0.
            assert_eq!(choices.concat(), vec![1], "{choices:?}");
        }
        other => panic!("expected a violation, got {other:?}"),
    }
}

#[test]
fn inputs_read_in_a_row_do_not_multiply() {
    // Eight inputs, each dead once compared. In one transition they would make 256^8 runs; a
    // second `choose` ends the transition, so equal states merge after each input.
    let body = |bad: &str| {
        format!(
            "extern unsigned char __VERIFIER_nondet_uchar(void);\nextern void reach_error(void);\n\
             int main(void) {{\n  int hits = 0;\n{}  if ({bad}) reach_error();\n  return 0;\n}}\n",
            (0..8).map(|k| format!("  if (__VERIFIER_nondet_uchar() == {}) hits++;\n", 3 * k + 1)).collect::<String>()
        )
    };
    let safe = compile("row_safe", &body("hits > 8"), true);
    let (verdict, stats) = run(&safe, Property::UnreachCall);
    assert!(matches!(verdict, Verdict::Holds), "{verdict:?}");
    assert!(stats.states < 200, "states merge after every input: {} states", stats.states);
    let unsafe_ = compile("row_unsafe", &body("hits == 8"), true);
    assert!(matches!(run(&unsafe_, Property::UnreachCall).0, Verdict::Violated { .. }));
}

#[test]
fn a_program_without_the_runtime_is_refused_clearly() {
    let prog = compile("bare", "int main(void) { return 0; }\n", false);
    expect_unknown(&run(&prog, Property::UnreachCall).0, Cause::Bug, "not linked with vigil's runtime");
}

#[test]
fn only_boot_may_set_the_scheduler() {
    // A program that tries to install its own scheduler after boot faults (invalid hypercall),
    // which is never a proof.
    let src = "void __vm_ctl_set(int reg, const void *value);\n\
               static void mine(void) {}\n\
               int main(void) { __vm_ctl_set(3 /* VM_CR_SCHEDULER */, (const void *)mine); return 0; }\n";
    let prog = compile("sched", src, true);
    // A hypercall used wrongly is a fault of the runtime's class, never the program's.
    expect_unknown(&run(&prog, Property::UnreachCall).0, Cause::Bug, "only by __boot");
}

#[test]
fn the_loader_marks_accesses_other_threads_could_see() {
    // `a` is a private alloca (only loaded and stored, through pointer arithmetic); `b` escapes
    // through the call; `g` is a global. Only the accesses to `b` and `g` are interrupt_mem points.
    let src = "void sink(int *p);\nint g;\n\
               int f(void) { int a[2]; int b = 2; sink(&b); a[0] = 1; a[1] = a[0] + 1; g = a[1]; return b; }\n\
               int main(void) { return 0; }\n";
    let prog = compile("points", src, false);
    let f = prog.module.function_by_name("f").expect("f");
    let info = &prog.funcs[f.index()];
    let body = prog.module.function(f);
    let (mut accesses, mut points) = (0, 0);
    for (b, block) in body.blocks.iter().enumerate() {
        for (i, inst) in block.insts.iter().enumerate() {
            if matches!(inst.kind, vigil_ir::InstKind::Load { .. } | vigil_ir::InstKind::Store { .. }) {
                accesses += 1;
                points += usize::from(info.mem_point[b][i]);
            }
        }
    }
    assert_eq!((accesses, points), (7, 3));
}

#[test]
fn with_several_threads_each_transition_has_one_visible_access() {
    // The OS sets VM_FLAG_THREADED when a second thread exists; a program can set it itself to
    // show the effect: every store to the global after the first ends a transition.
    let body = |threaded: bool| {
        format!(
            "long long __vm_control(int op, long long a, long long b);\nint g[4];\n\
             int main(void) {{\n  if ({}) __vm_control(1 /* SET_FLAGS */, 128 /* THREADED */, 0);\n\
             g[0] = 1; g[1] = 2; g[2] = 3; g[3] = 4;\n  return 0;\n}}\n",
            i32::from(threaded)
        )
    };
    let (plain, plain_stats) = run(&compile("one", &body(false), true), Property::UnreachCall);
    let (threaded, threaded_stats) = run(&compile("many", &body(true), true), Property::UnreachCall);
    assert!(matches!(plain, Verdict::Holds), "{plain:?}");
    // Several threads (the flag alone: one thread runs): no race, so the interleaving is exact.
    assert!(matches!(threaded, Verdict::Holds), "{threaded:?}");
    assert_eq!(plain_stats.states, 1, "one thread: the program runs in one transition");
    assert!(threaded_stats.states >= 4, "a state before each later store: {}", threaded_stats.states);
}

#[test]
fn the_runtime_s_functions_and_only_they_are_marked_as_the_runtime() {
    // The runtime's section survives linking; a program's function that replaces a weak
    // runtime definition (here `abs`) is the program's. Of the runtime, only what the program
    // and the VM's entry points reach is linked in (`strcasestr` is not).
    let source = "#include <stdlib.h>\nint abs(int x) { return x < 0 ? -x : x; }\n\
                  int main(void) { int *p = malloc(sizeof *p); free(p); return abs(-1) - 1; }\n";
    let prog = compile("origin", source, true);
    let m = &prog.module;
    let runtime = |name: &str| m.functions.iter().find(|f| f.name == name).map(|f| f.runtime);
    assert_eq!(runtime("main"), Some(false));
    assert_eq!(runtime("abs"), Some(false));
    assert_eq!(runtime("__boot"), Some(true));
    assert_eq!(runtime("malloc"), Some(true));
    assert_eq!(runtime("free"), Some(true));
    assert_eq!(runtime("strcasestr"), None);
    let defined_by_runtime = m.functions.iter().filter(|f| !f.is_declaration() && f.runtime).count();
    assert!(defined_by_runtime > 5, "only {defined_by_runtime} runtime functions marked");
}
