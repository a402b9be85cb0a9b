//! Native reproduction of a counterexample: a C test harness and Test-Comp's XML test case.
//!
//! The harness defines every `__VERIFIER_nondet_*` function so that the calls, across all of
//! them, return the counterexample's input values in order (0 once they run out, with a message on
//! stderr). Compiled together with the program —
//! `clang -Wno-implicit-function-declaration -fsanitize=address,undefined prog.c harness.c` — it
//! replays the bug natively (SV-COMP programs often call the `__VERIFIER_*` functions undeclared).
//! `reach_error`, `__VERIFIER_error` and `__VERIFIER_assume` get *weak* definitions (abort,
//! abort, exit when the assumption fails), so a program's own definitions win. Known limitation:
//! a program that defines `reach_error` with an empty body reaches it silently natively.

use crate::evidence::{nondet_c_type, Evidence};
use std::fmt::Write;

/// Every nondet function the harness defines (SV-COMP's list).
const NONDET_FUNCTIONS: [&str; 17] = [
    "bool", "char", "uchar", "short", "ushort", "int", "uint", "unsigned", "long", "ulong", "longlong",
    "ulonglong", "size_t", "pointer", "u32", "u16", "u8",
];

/// The value as the 64-bit pattern the harness stores (two's complement for negatives).
fn bits64(v: i128) -> u64 {
    v as u64
}

/// The C source of a harness reproducing `ev`. `program` names the program in the header comment.
pub fn c_harness(ev: &Evidence, program: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "/* Test harness written by vigil: it reproduces the counterexample of {program}");
    let _ = writeln!(s, " * ({}) natively. Build and run it with the program, e.g.", ev.violated);
    let _ = writeln!(s, " *   clang -g -Wno-implicit-function-declaration -fsanitize=address,undefined \\");
    let _ = writeln!(s, " *         {program} THIS_FILE && ./a.out");
    let _ = writeln!(s, " * Every __VERIFIER_nondet_* call returns the next value below, in order. */");
    s.push_str("#include <stdio.h>\n#include <stdlib.h>\n\n");
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
    s.push_str(
        "static unsigned vigil_next_input;\n\n\
         static unsigned long long vigil_input(const char *name) {\n\
         \x20   if (vigil_next_input < vigil_input_count)\n\
         \x20       return vigil_inputs[vigil_next_input++];\n\
         \x20   fprintf(stderr, \"vigil harness: %s called after the counterexample's inputs ran out; returning 0\\n\", name);\n\
         \x20   return 0;\n\
         }\n\n",
    );
    for suffix in NONDET_FUNCTIONS {
        let name = format!("__VERIFIER_nondet_{suffix}");
        let ty = nondet_c_type(&name).unwrap_or("int");
        let conv = if suffix == "pointer" { "(void *)(__UINTPTR_TYPE__)" } else { "" };
        let _ = writeln!(
            s,
            "__attribute__((weak)) {ty} {name}(void) {{ return ({ty}){conv}vigil_input(\"{name}\"); }}"
        );
    }
    s.push_str(
        "\n__attribute__((weak)) void reach_error(void) {\n\
         \x20   fprintf(stderr, \"vigil harness: reach_error() called\\n\");\n\
         \x20   abort();\n\
         }\n\
         __attribute__((weak)) void __VERIFIER_error(void) {\n\
         \x20   fprintf(stderr, \"vigil harness: __VERIFIER_error() called\\n\");\n\
         \x20   abort();\n\
         }\n\
         __attribute__((weak)) void __VERIFIER_assume(int cond) {\n\
         \x20   if (!cond) {\n\
         \x20       fprintf(stderr, \"vigil harness: an assumption does not hold; stopping\\n\");\n\
         \x20       exit(0);\n\
         \x20   }\n\
         }\n",
    );
    s
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
            violated: "unreach-call".into(),
            ..Default::default()
        }
    }

    #[test]
    fn harness_lists_the_values_in_order_as_bit_patterns() {
        let h = c_harness(&ev(), "prog.c");
        let a = h.find("0xfffffffffffffffbULL").expect("-5 as 64-bit pattern");
        let b = h.find("0xffffffffffffffffULL").expect("ULONG_MAX");
        assert!(a < b);
        assert!(h.contains("vigil_input_count = 2;"));
        assert!(h.contains("__attribute__((weak)) int __VERIFIER_nondet_int(void)"));
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
