//! Under `Symbolic::Auto`, char inputs are enumerated while a program reads at most two on a run
//! and symbolic from three on (`vigil_vm::machine::char_inputs`): the rule by the program's
//! text, and what it buys — a loop that reads seven chars is proved in a few states instead of
//! 256^7 runs.

mod common;

use vigil_explicit::Verdict;
use vigil_vm::machine::symdata::auto_symbolic_chars;
use vigil_vm::{Config, Program, Property, Symbolic};

fn compile(name: &str, src: &str) -> Program {
    let opts = vigil_frontend::FrontendOptions { runtime: Some(vigil_runtime::RUNTIME_BC), ..Default::default() };
    common::compile_with("char-inputs", name, src, &opts)
}

const HEADER: &str = "extern char __VERIFIER_nondet_char(void);\nextern void reach_error(void);\n";

#[test]
fn chars_are_symbolic_from_three_reads_on_a_run() {
    let cases = [
        ("two_in_main", "int main(void) { char a = __VERIFIER_nondet_char(), b = __VERIFIER_nondet_char(); return a + b; }", false),
        ("three_in_main", "int main(void) { char a = __VERIFIER_nondet_char(), b = __VERIFIER_nondet_char(), c = __VERIFIER_nondet_char(); return a + b + c; }", true),
        ("one_in_a_loop", "int main(void) { int s = 0; for (int i = 0; i < 2; i++) s += __VERIFIER_nondet_char(); return s; }", true),
        // A helper called once counts once; called twice, or from a loop, its read is many.
        ("helper_once", "static char get(void) { return __VERIFIER_nondet_char(); }\nint main(void) { return get() + __VERIFIER_nondet_char(); }", false),
        ("helper_twice", "static char get(void) { return __VERIFIER_nondet_char(); }\nint main(void) { return get() + get(); }", true),
        ("helper_in_loop", "static char get(void) { return __VERIFIER_nondet_char(); }\nint main(void) { int s = 0; while (s < 100) s += get(); return s; }", true),
        ("recursive", "static int f(int n) { return n ? __VERIFIER_nondet_char() + f(n - 1) : 0; }\nint main(void) { return f(1); }", true),
        ("no_chars", "extern int __VERIFIER_nondet_int(void);\nint main(void) { int s = 0; for (int i = 0; i < 9; i++) s += __VERIFIER_nondet_int(); return s; }", false),
    ];
    for (name, body, expected) in cases {
        let prog = compile(name, &format!("{HEADER}{body}\n"));
        assert_eq!(auto_symbolic_chars(&prog), expected, "{name}");
    }
}

/// Seven chars written into a buffer by a loop, each then checked against its type's range
/// (ESBMC's `github_151`, written anew): symbolic chars prove it at once; enumerated, the search
/// would need 256^7 runs.
#[test]
fn many_chars_read_in_a_loop_are_proved_symbolically() {
    let src = format!(
        "{HEADER}int main(void) {{\n  char buf[7];\n  for (int i = 0; i < 7; i++) buf[i] = __VERIFIER_nondet_char();\n  \
         for (int i = 0; i < 7; i++) if (buf[i] < -128 || buf[i] > 127) reach_error();\n  return 0;\n}}\n"
    );
    let prog = compile("seven_chars", &src);
    let (verdict, stats) = common::search(&prog, Property::UnreachCall, Config { symbolic: Symbolic::Auto, ..Default::default() }, 10_000);
    assert!(matches!(verdict, Verdict::Holds), "{verdict:?}");
    assert!(stats.states < 1_000, "{} states", stats.states);
}
