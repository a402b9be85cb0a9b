//! Differential test of the engines against native execution: small random C programs whose
//! inputs are two `unsigned char`s, so that the truth can be computed by running the program
//! natively on all 65,536 input pairs. No engine may contradict it: `true` when some input
//! reaches `reach_error`, or `false` when none does, is a soundness bug.
//!
//! A second sweep gives the same kind of programs two `int` inputs that `__VERIFIER_assume`
//! bounds to [-R, R]: the explicit engine keeps them symbolic (bit-vector terms, solver
//! queries), and native execution over the (2R+1)² pairs is the truth again.
//!
//! A third sweep has no inputs and long nested loops (hundreds to thousands of iterations), which
//! the VM runs in its fast interpreter (`vigil_vm::machine::fastloop`): one native run is the
//! truth, and the explicit engine, which runs the program to its end, must agree.
//!
//! Programs mix signed and unsigned arithmetic, narrowing and widening casts, a bounded loop, and
//! branches; divisions are by non-zero constants and shifts by amounts below the width, and every
//! run ends. Products of `int`s can overflow: under `unreach-call` vigil wraps signed arithmetic
//! (as its native confirmation builds with `-fwrapv`), so the truth is computed with `-fwrapv`
//! too — without it, clang may compile the overflow at `-O1` to something else than the `-O0`
//! build does, and the two "truths" disagree (seed 9911, program 143: reachable at `-O0`, not at
//! `-O1`).

use std::path::Path;
use std::process::Command;

use common::Rng;

/// An expression over the variables in scope.
fn expr(rng: &mut Rng, vars: &[&str], depth: u32) -> String {
    if depth == 0 || rng.below(3) == 0 {
        return match rng.below(3) {
            0 => format!("{}", rng.below(300) as i64 - 40),
            _ => rng.pick(vars).to_string(),
        };
    }
    let a = expr(rng, vars, depth - 1);
    match rng.below(9) {
        0 => format!("({a} + {})", expr(rng, vars, depth - 1)),
        1 => format!("({a} - {})", expr(rng, vars, depth - 1)),
        2 => format!("({a} * {})", expr(rng, vars, depth - 1)),
        3 => format!("({a} & {})", expr(rng, vars, depth - 1)),
        4 => format!("({a} ^ {})", expr(rng, vars, depth - 1)),
        5 => format!("({a} / {})", 1 + rng.below(7)),
        6 => format!("({a} % {})", 1 + rng.below(7)),
        7 => format!("((unsigned)({a}) >> {})", rng.below(31)),
        _ => format!("(({}) ({a}))", rng.pick(&["signed char", "unsigned char", "short", "unsigned short"])),
    }
}

fn condition(rng: &mut Rng, vars: &[&str]) -> String {
    let op = rng.pick(&["==", "!=", "<", "<=", ">", ">="]);
    format!("{} {op} {}", expr(rng, vars, 2), expr(rng, vars, 1))
}

/// A program over two `unsigned char` inputs; `reach_error` guarded by a condition over the
/// computed values.
fn program(rng: &mut Rng) -> String {
    let mut s = String::from(
        "extern unsigned char __VERIFIER_nondet_uchar(void);\nextern void reach_error(void);\n\
         int main(void) {\n  unsigned char a = __VERIFIER_nondet_uchar();\n  unsigned char b = __VERIFIER_nondet_uchar();\n",
    );
    body(rng, &mut s);
    s
}

/// Bound of the wide inputs of [`wide_program`].
const WIDE_RANGE: i64 = 60;

/// A program over two `int` inputs assumed to lie in [-WIDE_RANGE, WIDE_RANGE].
fn wide_program(rng: &mut Rng) -> String {
    let r = WIDE_RANGE;
    let mut s = format!(
        "extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assume(int);\nextern void reach_error(void);\n\
         int main(void) {{\n  int a = __VERIFIER_nondet_int();\n  int b = __VERIFIER_nondet_int();\n\
         \x20 __VERIFIER_assume(a >= -{r} && a <= {r});\n  __VERIFIER_assume(b >= -{r} && b <= {r});\n"
    );
    body(rng, &mut s);
    s
}

/// A program without inputs (`a` and `b` are constants) whose loops run long: an outer loop of
/// 200–2,999 rounds over `i`, with an inner one of up to 19 over `j`.
fn long_loop_program(rng: &mut Rng) -> String {
    let (a, b) = (rng.below(300) as i64 - 40, rng.below(300) as i64 - 40);
    let mut s = format!("extern void reach_error(void);
int main(void) {{
  int a = {a};
  int b = {b};
");
    let vars = ["a", "b", "x", "y", "i"];
    s.push_str(&format!("  int x = {};
", expr(rng, &vars[..2], 2)));
    s.push_str(&format!("  unsigned y = {};
", expr(rng, &vars[..3], 2)));
    let (n, m) = (200 + rng.below(2800), rng.below(20));
    s.push_str(&format!("  for (int i = 0; i < {n}; i++) {{
"));
    s.push_str(&format!("    if ({}) x = {};
", condition(rng, &vars), expr(rng, &vars, 2)));
    s.push_str(&format!("    else y = {};
", expr(rng, &vars, 2)));
    let inner = ["a", "b", "x", "y", "i", "j"];
    s.push_str(&format!("    for (int j = 0; j < {m}; j++) {{
"));
    s.push_str(&format!("      if ({}) x = {};
", condition(rng, &inner), expr(rng, &inner, 2)));
    s.push_str(&format!("      else y = {};
    }}
  }}
", expr(rng, &inner, 2)));
    s.push_str(&format!("  if ({}) {{
", condition(rng, &vars[..4])));
    s.push_str(&format!("    if ({}) reach_error();
  }}
  return 0;
}}
", condition(rng, &vars[..4])));
    s
}

/// The statements after the inputs `a` and `b`.
fn body(rng: &mut Rng, s: &mut String) {
    let vars = ["a", "b", "x", "y"];
    s.push_str(&format!("  int x = {};\n", expr(rng, &vars[..2], 2)));
    s.push_str(&format!("  unsigned y = {};\n", expr(rng, &vars[..3], 2)));
    let n = rng.below(6);
    s.push_str(&format!("  for (int i = 0; i < {n}; i++) {{\n"));
    s.push_str(&format!("    if ({}) x = {};\n", condition(rng, &vars), expr(rng, &vars, 2)));
    s.push_str(&format!("    else y = {};\n  }}\n", expr(rng, &vars, 2)));
    s.push_str(&format!("  if ({}) {{\n", condition(rng, &vars)));
    s.push_str(&format!("    if ({}) reach_error();\n  }}\n  return 0;\n}}\n", condition(rng, &vars)));
}

/// The inputs of a sweep's programs.
#[derive(Clone, Copy, PartialEq)]
enum Inputs {
    /// Two `unsigned char`s ([`program`]).
    Chars,
    /// Two bounded `int`s ([`wide_program`]).
    Ints,
    /// None ([`long_loop_program`]).
    Nothing,
}

/// Runs the program natively on every input pair: does any reach `reach_error`?
fn truth(prog: &Path, dir: &Path, inputs: Inputs) -> bool {
    let driver = dir.join("driver.c");
    let r = WIDE_RANGE;
    let wide_driver = format!(
        "#include <setjmp.h>\n#include <stdio.h>\nstatic jmp_buf env;\nstatic int in[2];\nstatic int next;\n\
         int __VERIFIER_nondet_int(void) {{ return in[next++ & 1]; }}\n\
         void __VERIFIER_assume(int c) {{ if (!c) longjmp(env, 2); }}\n\
         void reach_error(void) {{ longjmp(env, 1); }}\nint prog_main(void);\n\
         int main(void) {{\n  for (int a = -{r}; a <= {r}; a++)\n    for (int b = -{r}; b <= {r}; b++) {{\n\
         \x20     in[0] = a; in[1] = b; next = 0;\n\
         \x20     if (setjmp(env) == 1) {{ printf(\"reachable\\n\"); return 0; }}\n      else if (next == 0) prog_main();\n    }}\n\
         \x20 printf(\"unreachable\\n\");\n  return 0;\n}}\n"
    );
    let once_driver = "#include <setjmp.h>\n#include <stdio.h>\nstatic jmp_buf env;\n\
         void reach_error(void) { longjmp(env, 1); }\nint prog_main(void);\n\
         int main(void) {\n  if (setjmp(env)) { printf(\"reachable\\n\"); return 0; }\n  prog_main();\n\
         \x20 printf(\"unreachable\\n\");\n  return 0;\n}\n";
    std::fs::write(
        &driver,
        if inputs == Inputs::Nothing { once_driver } else if inputs == Inputs::Ints { wide_driver.as_str() } else { "#include <setjmp.h>\n#include <stdio.h>\nstatic jmp_buf env;\nstatic unsigned char in[2];\nstatic int next;\n\
         unsigned char __VERIFIER_nondet_uchar(void) { return in[next++ & 1]; }\n\
         void reach_error(void) { longjmp(env, 1); }\nint prog_main(void);\n\
         int main(void) {\n  for (int a = 0; a < 256; a++)\n    for (int b = 0; b < 256; b++) {\n\
         \x20     in[0] = (unsigned char)a; in[1] = (unsigned char)b; next = 0;\n\
         \x20     if (setjmp(env)) { printf(\"reachable\\n\"); return 0; }\n      prog_main();\n    }\n\
         \x20 printf(\"unreachable\\n\");\n  return 0;\n}\n" },
    )
    .expect("write driver");
    let exe = dir.join("native");
    let obj = dir.join("prog.o");
    let clang = std::env::var("VIGIL_CLANG").unwrap_or_else(|_| "clang-19".into());
    let cc = |args: &[&std::ffi::OsStr]| {
        let out = Command::new(&clang).args(["-O1", "-fwrapv", "-w"]).args(args).output().expect("run clang");
        assert!(out.status.success(), "native build failed: {}", String::from_utf8_lossy(&out.stderr));
    };
    cc(&["-c".as_ref(), "-Dmain=prog_main".as_ref(), prog.as_os_str(), "-o".as_ref(), obj.as_os_str()]);
    cc(&[driver.as_os_str(), obj.as_os_str(), "-o".as_ref(), exe.as_os_str()]);
    let out = Command::new(&exe).output().expect("run native");
    String::from_utf8_lossy(&out.stdout).trim() == "reachable"
}

mod common;

const ENGINES: [&str; 3] = ["explicit", "synergy", "static"];

/// Checks one program with every engine; returns which engines decided it, or what was wrong.
fn check_program(k: usize, text: &str, dir: &Path, inputs: Inputs) -> Result<[bool; 3], String> {
    let work = dir.join(format!("p{k}"));
    std::fs::create_dir_all(&work).expect("work dir");
    let path = work.join("prog.c");
    std::fs::write(&path, text).expect("write program");
    let reachable = truth(&path, &work, inputs);
    let mut decided = [false; 3];
    for (e, engine) in ENGINES.iter().enumerate() {
        let out = Command::new(env!("CARGO_BIN_EXE_vigil"))
            .args(["check", "--engine", engine, "--timeout", "10", "--max-states", "300000"])
            .arg(&path)
            .output()
            .expect("run vigil");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let verdict = stdout.lines().last().unwrap_or("").to_string();
        let wrong = match verdict.as_str() {
            "verdict: true" => reachable,
            "verdict: false(unreach-call)" => !reachable,
            v if v.starts_with("verdict: unknown(") => false,
            _ => true,
        };
        if wrong {
            return Err(format!("program {k}: {engine} says {verdict:?}, native run says reachable={reachable}:\n{text}"));
        }
        decided[e] = !verdict.starts_with("verdict: unknown(");
        if e == 0 && !decided[0] {
            // Not a wrong answer, but the explicit engine must decide: say which and why.
            eprintln!("program {k}: explicit says {verdict:?}:\n{text}");
        }
    }
    Ok(decided)
}

/// `VIGIL_DIFF_PROGRAMS=N` and `VIGIL_DIFF_SEED=S` run a longer sweep (default: 20 programs).
#[test]
fn no_engine_contradicts_native_execution_on_random_programs() {
    sweep(Inputs::Chars, 0x5eed_1234_abcd_0001);
}

/// The same over wide (`int`) inputs, which the explicit engine keeps symbolic: it must still
/// decide every program, completely and in agreement with native execution.
#[test]
fn no_engine_contradicts_native_execution_on_random_programs_over_wide_inputs() {
    sweep(Inputs::Ints, 0x5eed_9876_0123_0002);
}

/// Long loops without inputs, run by the VM's fast interpreter: the explicit engine must decide
/// every program as its native run does.
#[test]
fn no_engine_contradicts_native_execution_on_long_loops() {
    sweep(Inputs::Nothing, 0x5eed_4321_0fed_0003);
}

fn sweep(inputs: Inputs, seed: u64) {
    let env = |k: &str, d: u64| std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(d);
    let programs_wanted = env("VIGIL_DIFF_PROGRAMS", 20) as usize;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut rng = Rng(env("VIGIL_DIFF_SEED", seed));
    let generate = match inputs {
        Inputs::Chars => program,
        Inputs::Ints => wide_program,
        Inputs::Nothing => long_loop_program,
    };
    let programs: Vec<(usize, String)> = (0..programs_wanted).map(|k| (k, generate(&mut rng))).collect();
    let decided = std::sync::Mutex::new([0usize; 3]);
    let failures = common::in_parallel(&programs, |(k, text)| {
        let d = check_program(*k, text, dir.path(), inputs)?;
        let mut total = decided.lock().expect("counts");
        for e in 0..3 {
            total[e] += usize::from(d[e]);
        }
        Ok(())
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let decided = decided.into_inner().expect("counts");
    eprintln!("decided of {programs_wanted}: explicit {}, synergy {}, static {}", decided[0], decided[1], decided[2]);
    // The explicit engine enumerates both inputs completely, or keeps them symbolic: it must
    // decide every program.
    assert_eq!(decided[0], programs_wanted, "the explicit engine left programs undecided");
}
