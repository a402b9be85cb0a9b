//! Native reproduction of a counterexample: a C test harness and Test-Comp's XML test case.
//!
//! The harness defines every `__VERIFIER_nondet_*` function so that the calls, across all of
//! them, return the counterexample's input values in order (0 once they run out, with a message on
//! stderr). Compiled together with the program —
//! `clang -g -Wno-implicit-function-declaration -finstrument-functions
//! -fsanitize=address,undefined prog.c harness.c` ([`native_flags`]) — it replays the bug
//! natively (SV-COMP programs often call the `__VERIFIER_*` functions undeclared).
//!
//! Beyond the nondet values, the harness gives what the counterexample read from the
//! environment ([`crate::evidence::Environment`]): the bytes of stdin (a constructor makes
//! `stdin` a memory stream holding exactly them), the values of `time()` and `clock()` (it
//! defines both, returning the recorded values in order), and an empty environment when the
//! program called `getenv` on a path where every variable was unset. What it cannot give is
//! listed in its header comment.
//!
//! Reaching the error is observable: `reach_error`, `__VERIFIER_error` and `__VERIFIER_assume`
//! get *weak* definitions (print [`REACHED_MARKER`] and abort; exit when the assumption fails),
//! so a program's own definitions win — and when the program defines `reach_error` or
//! `__VERIFIER_error` itself (even with an empty body), `-finstrument-functions` makes the
//! harness's `__cyg_profile_func_enter` see the call and print the marker. Every function of the
//! harness is `no_instrument_function`.

use crate::evidence::{nondet_c_type, Evidence, Subproperty};
use vigil_ir::svcomp::PEER_NONDET_PREFIX;
use std::fmt::Write;


/// What the harness prints on stderr when the program reaches `reach_error` or
/// `__VERIFIER_error` (followed by the function's name and `() called`).
pub const REACHED_MARKER: &str = "vigil harness: reached ";

/// What the harness prints when a `__VERIFIER_assume` does not hold natively.
pub const ASSUME_MARKER: &str = "vigil harness: an assumption does not hold";

/// What the harness prints when it cannot start the program with the counterexample's argc.
pub const ARGC_MARKER: &str = "vigil harness: cannot start the program with argc";

/// What the harness prints when the program asks for more nondet values than the
/// counterexample has.
pub const EXHAUSTED_MARKER: &str = "called after the counterexample's inputs ran out";

/// The clang flags (besides the program's own `-D`/`-I`/`-m32`) every harness is built with;
/// [`native_flags`] adds the ones that depend on the violation.
pub const NATIVE_FLAGS: [&str; 10] = [
    "-g",
    "-O0",
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=all",
    "-fno-omit-frame-pointer",
    "-finstrument-functions",
    // A misaligned access ends the VM's path as undefined behaviour (never a `false`), so the
    // run of a counterexample has none; were one there, it is reported as the access it is.
    "-fno-sanitize=alignment",
    // A call through a pointer of another function type runs as the platform runs it (extra
    // arguments dropped: `void *thread()` given to pthread_create), which the VM follows; UBSan's
    // function-type check would report such a call of the program's own.
    "-fno-sanitize=function",
    "-Wno-implicit-function-declaration",
    "-w",
];

/// The clang flags a harness for a violation of `violated` is built with. Unless the violation
/// is an overflow, signed arithmetic wraps (`-fwrapv`, not reported), as the VM computes it
/// when overflow is not the property checked.
pub fn native_flags(violated: Subproperty) -> Vec<&'static str> {
    let mut flags = NATIVE_FLAGS.to_vec();
    if violated != Subproperty::NoOverflow {
        flags.extend(["-fwrapv", "-fno-sanitize=signed-integer-overflow"]);
    }
    flags
}

/// The value as the 64-bit pattern the harness stores (two's complement for negatives).
fn bits64(v: i128) -> u64 {
    v as u64
}

/// The nondet functions of the program's own types that `source` (a C file's text) mentions
/// ([`vigil_ir::svcomp::is_typed_nondet`]: `__VERIFIER_nondet_msg_t`), sorted, each once. The
/// harness defines them; a mention in a comment only adds an unused weak definition.
pub fn typed_nondet_names(source: &str) -> Vec<String> {
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let bytes = source.as_bytes();
    let mut names = std::collections::BTreeSet::new();
    let mut i = 0;
    while i < bytes.len() {
        if !is_ident(bytes[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && is_ident(bytes[i]) {
            i += 1;
        }
        let word = &source[start..i];
        if !bytes[start].is_ascii_digit() && vigil_ir::svcomp::is_typed_nondet(word) {
            names.insert(word.to_string());
        }
    }
    names.into_iter().collect()
}

/// The C source of a harness reproducing `ev`. `program` names the program's files and
/// `program_flags` its own clang flags (`-m32`, `-I`, `-D`) in the header's build line;
/// `typed_nondet` are the program's nondet functions of its own types ([`typed_nondet_names`]).
pub fn c_harness(ev: &Evidence, program: &str, program_flags: &[String], typed_nondet: &[String]) -> String {
    let env = &ev.environment;
    let mut s = String::new();
    let _ = writeln!(s, "/* Test harness written by vigil: it reproduces the counterexample of {program}");
    let _ = writeln!(s, " * ({}) natively. Build and run it with the program, e.g.", ev.violated);
    let _ = writeln!(s, " *   clang {} \\", native_flags(ev.violated).join(" "));
    if !program_flags.is_empty() {
        let _ = writeln!(s, " *         {} \\", program_flags.join(" "));
    }
    let _ = writeln!(s, " *         {program} THIS_FILE && ./a.out");
    let _ = writeln!(s, " * Every __VERIFIER_nondet_* call returns the next value below, in order.");
    if env.stdin.is_some() {
        s.push_str(" * stdin holds exactly the bytes the counterexample read.\n");
    }
    if !env.clock.is_empty() {
        s.push_str(" * time() and clock() return the values the counterexample saw.\n");
    }
    if env.getenv_called {
        s.push_str(" * The environment is emptied before main (getenv found no variable set).\n");
    }
    if let Some(n) = env.argc {
        let _ = writeln!(s, " * main is started with argc = {n}: the program's name and {} empty strings (the harness", n - 1);
        s.push_str(" * starts the program again with them when it was started otherwise).\n");
    }
    if env.files_opened {
        s.push_str(" * The program reads files given with vigil check --file: they are inputs; run it in a\n");
        s.push_str(" * directory that holds them under those names (the saved counterexample has their bytes).\n");
    }
    for what in &env.not_given {
        let _ = writeln!(s, " * NOT GIVEN by this harness: {what}.");
    }
    for what in &env.nondeterminism {
        let _ = writeln!(s, " * Not fixed by this harness: {what}.");
    }
    s.push_str(" */\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n");
    if !env.clock.is_empty() {
        s.push_str("#include <time.h>\n");
    }
    s.push_str("\n#define VIGIL_HARNESS __attribute__((no_instrument_function))\n\n");
    let _ = writeln!(s, "static const unsigned long long vigil_inputs[] = {{");
    if ev.inputs.is_empty() {
        s.push_str("    0 /* no inputs: a placeholder, never read */\n");
    }
    for (k, v) in ev.inputs.iter().enumerate() {
        let at = v.loc.as_ref().map(|l| format!(" at {}:{}", l.file, l.line)).unwrap_or_default();
        let _ = writeln!(s, "    0x{:x}ULL, /* {k}: {} = {}{at} */", bits64(v.value), v.function, v.value);
    }
    s.push_str("};\n");
    let _ = writeln!(s, "static const unsigned vigil_input_count = {};", ev.inputs.len());
    let _ = write!(
        s,
        "static unsigned vigil_next_input;\n\n\
         VIGIL_HARNESS static unsigned long long vigil_input(const char *name) {{\n\
         \x20   if (vigil_next_input < vigil_input_count)\n\
         \x20       return vigil_inputs[vigil_next_input++];\n\
         \x20   fprintf(stderr, \"vigil harness: %s {EXHAUSTED_MARKER}; returning 0\\n\", name);\n\
         \x20   return 0;\n\
         }}\n\n"
    );
    // Every nondet function of the table (vigil_ir::svcomp::NONDET).
    for n in &vigil_ir::svcomp::NONDET {
        let (name, ty) = (n.name(), n.c_type);
        if n.is_float() {
            // The input is the value's IEEE bits.
            let bits = if n.width == vigil_ir::svcomp::Width::Bits(32) { "unsigned int" } else { "unsigned long long" };
            let _ = writeln!(
                s,
                "VIGIL_HARNESS __attribute__((weak)) {ty} {name}(void) {{ {bits} b = ({bits})vigil_input(\"{name}\"); {ty} v; memcpy(&v, &b, sizeof v); return v; }}"
            );
            continue;
        }
        let conv = if n.is_pointer() { "(void *)(__UINTPTR_TYPE__)" } else { "" };
        let _ = writeln!(
            s,
            "VIGIL_HARNESS __attribute__((weak)) {ty} {name}(void) {{ return ({ty}){conv}vigil_input(\"{name}\"); }}"
        );
    }
    // The peer verifiers' body-less `nondet_*()` (vigil_frontend::conventions), weak: a
    // program's own definition wins. An integer one returns the input's 64 bits (two's
    // complement, extended as its type is): whichever integer type the program declared it with
    // (C89's implicit `int` included), the register holds the value the VM gave the call.
    let _ = writeln!(
        s,
        "\n/* CBMC's and ESBMC's nondet_*() functions, read as the __VERIFIER_nondet_* ones; an integer one\n\
         \x20* returns all the input's bits, for any integer type the program declares it with. */"
    );
    for n in &vigil_ir::svcomp::NONDET {
        let (ty, suffix, name) = (n.c_type, n.suffix, n.name());
        let _ = match n.is_float() || n.is_pointer() {
            true => writeln!(
                s,
                "VIGIL_HARNESS __attribute__((weak)) {ty} {PEER_NONDET_PREFIX}{suffix}(void) {{ return {name}(); }}"
            ),
            false => writeln!(
                s,
                "VIGIL_HARNESS __attribute__((weak)) unsigned long long {PEER_NONDET_PREFIX}{suffix}(void) {{ return vigil_input(\"{name}\"); }}"
            ),
        };
    }
    if !typed_nondet.is_empty() {
        // vigil_frontend::conventions reads them by the width of their integer result.
        s.push_str("/* The program's nondet functions of its own types: all the input's bits (any integer type). */\n");
    }
    for name in typed_nondet {
        let _ = writeln!(
            s,
            "VIGIL_HARNESS __attribute__((weak)) unsigned long long {name}(void) {{ return vigil_input(\"{name}\"); }}"
        );
    }
    write_environment(&mut s, ev);
    write_verifier_functions(&mut s);
    s
}

/// The SV-COMP error, assert and assume functions (from the table `vigil_ir::svcomp`): reaching an
/// error reports it and aborts; a failed assumption stops the run.
fn write_verifier_functions(s: &mut String) {
    use vigil_ir::svcomp::{ASSERT_FUNCTION, ASSUME_FUNCTION, ERROR_FUNCTIONS, PEER_ASSERT_FUNCTION};
    let _ = write!(
        s,
        "\nVIGIL_HARNESS static void vigil_reached(const char *name) {{\n\
         \x20   fprintf(stderr, \"{REACHED_MARKER}%s() called\\n\", name);\n\
         \x20   abort();\n\
         }}\n"
    );
    for f in ERROR_FUNCTIONS {
        let _ = writeln!(s, "VIGIL_HARNESS __attribute__((weak)) void {f}(void) {{ vigil_reached(\"{f}\"); }}");
    }
    let _ = write!(
        s,
        "/* Old SV-COMP programs call {ASSERT_FUNCTION} undefined: its traditional meaning. */\n\
         VIGIL_HARNESS __attribute__((weak)) void {ASSERT_FUNCTION}(int cond) {{\n\
         \x20   if (!cond)\n\
         \x20       vigil_reached(\"{ASSERT_FUNCTION}\");\n\
         }}\n\
         /* CBMC's and ESBMC's assert() called as a function (no <assert.h>): an assertion. */\n\
         VIGIL_HARNESS __attribute__((weak)) void {PEER_ASSERT_FUNCTION}(int cond) {{\n\
         \x20   if (!cond)\n\
         \x20       vigil_reached(\"{PEER_ASSERT_FUNCTION}\");\n\
         }}\n\
         VIGIL_HARNESS __attribute__((weak)) void {ASSUME_FUNCTION}(int cond) {{\n\
         \x20   if (!cond) {{\n\
         \x20       fprintf(stderr, \"{ASSUME_MARKER}; stopping\\n\");\n\
         \x20       exit(0);\n\
         \x20   }}\n\
         }}\n\n\
         /* With -finstrument-functions, every function of the program reports its entry here: the\n\
         \x20* program's own error function (perhaps with an empty body) is seen. */\n\
         VIGIL_HARNESS void __cyg_profile_func_enter(void *fn, void *site) {{\n\
         \x20   (void)site;\n"
    );
    for f in ERROR_FUNCTIONS {
        let _ = write!(s, "    if (fn == (void *){f})\n        vigil_reached(\"{f}\");\n");
    }
    s.push_str("}\nVIGIL_HARNESS void __cyg_profile_func_exit(void *fn, void *site) { (void)fn; (void)site; }\n");
}

/// The definitions that give the counterexample's environment: stdin, the clocks, getenv.
fn write_environment(s: &mut String, ev: &Evidence) {
    let env = &ev.environment;
    if let Some(bytes) = &env.stdin {
        s.push_str("\n/* stdin: the bytes the counterexample read, then the end of the input. */\n");
        let _ = writeln!(s, "static const unsigned char vigil_stdin[] = {{");
        if bytes.is_empty() {
            s.push_str("    0 /* placeholder: stdin is empty */\n");
        }
        for chunk in bytes.chunks(16) {
            let row: Vec<String> = chunk.iter().map(|b| format!("0x{b:02x}")).collect();
            let _ = writeln!(s, "    {},", row.join(", "));
        }
        s.push_str("};\n");
        let _ = write!(
            s,
            "VIGIL_HARNESS __attribute__((constructor(101))) static void vigil_give_stdin(void) {{\n\
             \x20   FILE *f = {n} ? fmemopen((void *)vigil_stdin, {n}, \"r\") : fopen(\"/dev/null\", \"r\");\n\
             \x20   if (!f) {{\n\
             \x20       perror(\"vigil harness: cannot give stdin\");\n\
             \x20       exit(125);\n\
             \x20   }}\n\
             \x20   stdin = f;\n\
             }}\n",
            n = bytes.len()
        );
    }
    if env.getenv_called {
        s.push_str(
            "\n/* getenv found every variable unset in the counterexample: run with an empty environment. */\n\
             VIGIL_HARNESS __attribute__((constructor(101))) static void vigil_empty_environment(void) { clearenv(); }\n",
        );
    }
    if let Some(n) = env.argc {
        // glibc passes (argc, argv, envp) to constructors too.
        let _ = write!(
            s,
            "\n/* main's argc: {n}, the program's name and empty strings after it. */\n\
             VIGIL_HARNESS __attribute__((constructor(101))) static void vigil_give_argc(int argc, char **argv) {{\n\
             \x20   if (argc == {n})\n\
             \x20       return;\n\
             \x20   char **args = calloc({n} + 1, sizeof *args);\n\
             \x20   if (!args) {{\n\
             \x20       perror(\"{ARGC_MARKER} = {n}\");\n\
             \x20       exit(125);\n\
             \x20   }}\n\
             \x20   args[0] = argc > 0 ? argv[0] : \"prog\";\n\
             \x20   for (long k = 1; k < {n}; k++)\n\
             \x20       args[k] = \"\";\n\
             \x20   execv(\"/proc/self/exe\", args);\n\
             \x20   perror(\"{ARGC_MARKER} = {n}\");\n\
             \x20   exit(125);\n\
             }}\n"
        );
    }
    for (function, ty) in [("time", "time_t"), ("clock", "clock_t")] {
        let values: Vec<i64> = env.clock.iter().filter(|(f, _)| f == function).map(|(_, v)| *v).collect();
        if values.is_empty() {
            continue;
        }
        let list: Vec<String> = values.iter().map(|v| format!("{v}LL")).collect();
        let _ = write!(
            s,
            "\n/* {function}(): the values the counterexample saw, in order (then the last one again). */\n\
             static const long long vigil_{function}_values[] = {{ {} }};\n\
             static unsigned vigil_{function}_next;\n\
             VIGIL_HARNESS {ty} {function}({arg}) {{\n\
             \x20   unsigned k = vigil_{function}_next < {n} ? vigil_{function}_next++ : {n} - 1;\n\
             \x20   {ty} v = ({ty})vigil_{function}_values[k];\n{store}\
             \x20   return v;\n\
             }}\n",
            list.join(", "),
            n = values.len(),
            arg = if function == "time" { "time_t *t" } else { "void" },
            store = if function == "time" { "    if (t)\n        *t = v;\n" } else { "" },
        );
    }
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A Test-Comp test case (test-format 1.1): one `<input>` per value, in order.
pub fn testcomp_testcase(ev: &Evidence) -> String {
    let mut s = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n\
         <!DOCTYPE testcase PUBLIC \"+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN\" \
         \"https://sosy-lab.org/test-format/testcase-1.1.dtd\">\n<testcase>\n",
    );
    for v in &ev.inputs {
        let ty = nondet_c_type(&v.function).unwrap_or("int");
        let ty = if ty == "__SIZE_TYPE__" { "size_t" } else { ty };
        let _ = writeln!(s, "  <input type=\"{}\">{}</input>", xml_escape(ty), v.value);
    }
    s.push_str("</testcase>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::InputValue;

    fn ev() -> Evidence {
        Evidence {
            inputs: vec![
                InputValue { function: "__VERIFIER_nondet_int".into(), value: -5, loc: None },
                InputValue { function: "__VERIFIER_nondet_ulong".into(), value: u64::MAX as i128, loc: None },
            ],
            violated: Subproperty::UnreachCall,
            ..Default::default()
        }
    }

    #[test]
    fn harness_lists_the_values_in_order_as_bit_patterns() {
        let h = c_harness(&ev(), "prog.c", &[], &[]);
        let a = h.find("0xfffffffffffffffbULL").expect("-5 as 64-bit pattern");
        let b = h.find("0xffffffffffffffffULL").expect("ULONG_MAX");
        assert!(a < b);
        assert!(h.contains("vigil_input_count = 2;"));
        assert!(h.contains("__attribute__((weak)) int __VERIFIER_nondet_int(void)"));
        assert!(!h.contains("vigil_stdin") && !h.contains("clearenv") && !h.contains(" time("));
    }

    #[test]
    fn typed_nondet_functions_are_found_once_and_defined() {
        let src = "char __VERIFIER_nondet_msg_t(void); /* nondet_foo */ int x = __VERIFIER_nondet_int();\n\
                   msg_t m = __VERIFIER_nondet_msg_t(); my__VERIFIER_nondet_q(); 9nondet_z; nondet_uint8_t();";
        let typed = typed_nondet_names(src);
        assert_eq!(typed, vec!["__VERIFIER_nondet_msg_t".to_string(), "nondet_foo".to_string()]);
        let h = c_harness(&ev(), "prog.c", &[], &typed);
        for name in &typed {
            let def = format!("__attribute__((weak)) unsigned long long {name}(void) {{ return vigil_input(\"{name}\"); }}");
            assert!(h.contains(&def), "{def} in {h}");
        }
        assert!(!c_harness(&ev(), "prog.c", &[], &[]).contains("own types"));
    }

    #[test]
    fn harness_gives_stdin_clock_and_environment() {
        let mut e = ev();
        e.environment.stdin = Some(b"hi\n".to_vec());
        e.environment.clock = vec![("time".into(), 1_767_225_600), ("clock".into(), 1000), ("time".into(), 1_767_225_601)];
        e.environment.getenv_called = true;
        e.environment.not_given.push("random bytes from getrandom".into());
        let h = c_harness(&e, "prog.c", &["-m32".to_string()], &[]);
        assert!(h.contains("0x68, 0x69, 0x0a,"), "{h}");
        assert!(h.contains("fmemopen((void *)vigil_stdin, 3, \"r\")"), "{h}");
        assert!(h.contains("vigil_time_values[] = { 1767225600LL, 1767225601LL }"), "{h}");
        assert!(h.contains("vigil_clock_values[] = { 1000LL }"), "{h}");
        assert!(h.contains("clearenv()"));
        assert!(h.contains(" *         -m32 \\\n"), "{h}");
        assert!(h.contains("NOT GIVEN by this harness: random bytes from getrandom."));
        assert!(!h.contains("vigil_give_argc"), "argc was no input: {h}");
    }

    #[test]
    fn harness_starts_the_program_again_with_the_counterexamples_argc() {
        let mut e = ev();
        e.environment.argc = Some(5);
        let h = c_harness(&e, "prog.c", &[], &[]);
        assert!(h.contains(" * main is started with argc = 5: the program's name and 4 empty strings"), "{h}");
        assert!(h.contains("static void vigil_give_argc(int argc, char **argv) {\n    if (argc == 5)\n        return;"), "{h}");
        assert!(h.contains("calloc(5 + 1, sizeof *args)"), "{h}");
        assert!(h.contains("execv(\"/proc/self/exe\", args);"), "{h}");
        assert!(h.contains(&format!("perror(\"{ARGC_MARKER} = 5\");")), "{h}");
    }

    #[test]
    fn testcase_is_testcomp_xml() {
        let x = testcomp_testcase(&ev());
        assert!(x.starts_with("<?xml"));
        assert!(x.contains("<input type=\"int\">-5</input>"));
        assert!(x.contains("<input type=\"unsigned long\">18446744073709551615</input>"));
        assert!(x.trim_end().ends_with("</testcase>"));
    }
}
