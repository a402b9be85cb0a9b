//! Differential test of every engine against native execution under the properties that
//! `differential.rs` does not cover: `no-overflow` and `valid-memsafety`, and `unreach-call` on
//! loops whose trip counts are inputs.
//!
//! Each program reads two `unsigned char` inputs and assumes both below 16, so native execution
//! over all 256 pairs is the truth. One native harness process runs them all, `fork`ing a child
//! per pair (the child's stderr, where the sanitizers write, goes to a pipe the parent reads and
//! classifies): cheaper than an exec per input.
//!
//! - `no-overflow`: signed `int` and `long` arithmetic (`+ - *`, unary minus, `/` and `%` by a
//!   value that may be -1, left shifts of non-negative values, increments), casts, compound
//!   assignments, loops bounded by an input that accumulate. Truth: UBSan's
//!   `signed-integer-overflow` and `shift-base` reports of an unrepresentable result (exactly
//!   what the README counts as overflow, "Left shifts under no-overflow"). A left shift of a
//!   negative value, a shift by the width or more and a division by zero are undefined but not
//!   overflows: vigil answers `unknown` for them, so a program where some input meets one may
//!   not be answered `true`.
//! - `valid-memsafety`: an `int` stack array and a `malloc`ed `int` array (of an input-dependent
//!   size, grown by `realloc`) indexed by input-dependent expressions at most two elements past
//!   either end (AddressSanitizer's redzones are at least 16 bytes, so it sees every such
//!   access), `memset`/`memcpy` of input-dependent sizes, `free` on some paths, so use after
//!   free, double free, a free of the stack array, a null pointer. Truth: ASan's report class
//!   (valid-deref, valid-free). Memory is never dropped while the program runs (pointers are
//!   only overwritten after a `free` or by `realloc`) and no global holds a pointer, so memory
//!   is lost exactly when a block is still allocated at `main`'s return — vigil's documented
//!   rule for `valid-memtrack` ("Memory lost at the end of the program"). The harness counts
//!   live blocks with ASan's allocator hooks rather than asking LeakSanitizer, which can see a
//!   stale pointer on the stack.
//! - `unreach-call`: counting, nested, conditional and stepping loops bounded by inputs, with
//!   assertions on their closed forms (`s == s0 + K*a`, `c == a*b`, `y <= a`, …), some of them
//!   off by one so that a few inputs reach the error. Truth: a plain `-fwrapv` build (vigil wraps
//!   signed arithmetic under `unreach-call`).
//!
//! Every engine (explicit, static, synergy, shape, and the portfolio) checks each program; the
//! single engines without native confirmation, so that their own answers are judged. `true`
//! when some input violates the property, or `false(P)` when no input's first violation is P,
//! fails the test; `unknown` is allowed.
//!
//! `VIGIL_PROPS_DIFF_PROGRAMS=N` (default 5 per property) and `VIGIL_PROPS_DIFF_SEED=S` run a
//! longer sweep; `VIGIL_PROPS_DIFF_TIMEOUT=T` is each engine's budget in seconds (default 10).

mod common;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use common::Rng;

/// The property a sweep checks.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Prop {
    Overflow,
    Memsafety,
    Reach,
}

impl Prop {
    fn name(self) -> &'static str {
        match self {
            Prop::Overflow => "no-overflow",
            Prop::Memsafety => "valid-memsafety",
            Prop::Reach => "unreach-call",
        }
    }
}

const PRELUDE: &str = "#include <stdlib.h>\n#include <string.h>\n\
extern unsigned char __VERIFIER_nondet_uchar(void);\nextern void __VERIFIER_assume(int);\nextern void reach_error(void);\n\
int main(void) {\n  unsigned char a0 = __VERIFIER_nondet_uchar();\n  unsigned char b0 = __VERIFIER_nondet_uchar();\n\
\x20 __VERIFIER_assume(a0 < 16 && b0 < 16);\n  int a = a0, b = b0;\n";

// ---------------------------------------------------------------------------------------------
// no-overflow

/// A leaf of an `int` expression: a variable or a constant, small or near the limits.
fn int_leaf(rng: &mut Rng, vars: &[&str]) -> String {
    match rng.below(8) {
        0 => format!("{}", rng.below(20) as i64 - 5),
        1 => rng.pick(&["2147483647", "(-2147483647 - 1)", "1073741824", "46341", "65536", "2147483600", "-2147483600", "-1", "(int)0x7ffffff0"]).to_string(),
        _ => rng.pick(vars).to_string(),
    }
}

/// An `int` expression whose arithmetic may overflow.
fn int_expr(rng: &mut Rng, vars: &[&str], depth: u32) -> String {
    if depth == 0 || rng.below(4) == 0 {
        return int_leaf(rng, vars);
    }
    let a = int_expr(rng, vars, depth - 1);
    match rng.below(14) {
        0 | 1 => format!("({a} + {})", int_expr(rng, vars, depth - 1)),
        2 | 3 => format!("({a} - {})", int_expr(rng, vars, depth - 1)),
        4 | 5 => format!("({a} * {})", int_expr(rng, vars, depth - 1)),
        6 => format!("(- {a})"),
        // A divisor that is never 0 but may be -1.
        7 => format!("({a} / ({} | 1))", int_expr(rng, vars, depth - 1)),
        8 => format!("({a} % ({} | 1))", int_expr(rng, vars, depth - 1)),
        // A left shift of a non-negative value by less than the width.
        9 => format!("(({a} & {}) << ({} & 31))", rng.pick(&["1023", "0xffff", "0x7fffffff", "3"]), int_expr(rng, vars, depth - 1)),
        10 => format!("(int)((unsigned)({a}) * {}u)", rng.below(100000)),
        11 => format!("(({}) ({a}))", rng.pick(&["short", "signed char", "unsigned short", "int"])),
        12 => format!("(int)((long){a} * {})", int_expr(rng, vars, depth - 1)),
        _ => format!("({a} {} {})", rng.pick(&["&", "|", "^", ">>"]), rng.below(8)),
    }
}

/// A `long` expression.
fn long_expr(rng: &mut Rng, vars: &[&str], depth: u32) -> String {
    if depth == 0 || rng.below(3) == 0 {
        return match rng.below(5) {
            0 => rng.pick(&["9223372036854775807L", "(-9223372036854775807L - 1)", "3037000500L", "4294967296L", "-1L"]).to_string(),
            1 => format!("(long){}", int_expr(rng, vars, 1)),
            _ => "z".into(),
        };
    }
    let a = long_expr(rng, vars, depth - 1);
    match rng.below(7) {
        0 => format!("({a} + {})", long_expr(rng, vars, depth - 1)),
        1 => format!("({a} - {})", long_expr(rng, vars, depth - 1)),
        2 | 3 => format!("({a} * {})", long_expr(rng, vars, depth - 1)),
        4 => format!("(- {a})"),
        5 => format!("({a} / ({} | 1))", long_expr(rng, vars, depth - 1)),
        _ => format!("(({a} & 0xffffL) << ({} & 63))", int_expr(rng, vars, 1)),
    }
}

fn overflow_stmt(rng: &mut Rng, vars: &[&str], depth: u32) -> String {
    match rng.below(12) {
        0 => format!("x = {};", int_expr(rng, vars, 2)),
        1 => format!("x {}= {};", rng.pick(&["+", "-", "*"]), int_expr(rng, vars, 1)),
        2 => format!("s {}= {};", rng.pick(&["+", "-", "*"]), int_expr(rng, vars, 1)),
        3 => format!("z {}= {};", rng.pick(&["+", "-", "*"]), long_expr(rng, vars, 1)),
        4 => format!("z = {};", long_expr(rng, vars, 2)),
        5 => format!("x{};", rng.pick(&["++", "--"])),
        6 => format!("u = u * {} + (unsigned){};", rng.below(1000), int_expr(rng, vars, 1)),
        7 if depth > 0 => {
            let bound = rng.pick(&["a", "b", "a + b", "a * b", "(a & 7)"]);
            let i = format!("i{depth}");
            let mut inner: Vec<&str> = vars.to_vec();
            inner.push(&i);
            let body: Vec<String> = (0..1 + rng.below(2)).map(|_| overflow_stmt(rng, &inner, depth - 1)).collect();
            format!("for (int {i} = 0; {i} < {bound}; {i}++) {{ {} }}", body.join(" "))
        }
        8 if depth > 0 => format!(
            "if ({} {} {}) {{ {} }} else {{ {} }}",
            int_expr(rng, vars, 1),
            rng.pick(&["<", "==", ">", "!="]),
            int_expr(rng, vars, 1),
            overflow_stmt(rng, vars, depth - 1),
            overflow_stmt(rng, vars, depth - 1)
        ),
        9 => format!("x = x * {} + {};", rng.pick(&["10", "3", "-2", "1000", "65536"]), int_expr(rng, vars, 1)),
        // An accumulation whose overflow depends on the trip count, near the threshold: 15
        // rounds of 143165576 fit in an int, of 143165577 they do not.
        _ => {
            let step = rng.pick(&["143165576", "143165577", "-143165577", "100000000", "134217728", "2", "-7"]);
            let bound = rng.pick(&["a", "b", "a + b", "a * b"]);
            format!("for (int j{depth} = 0; j{depth} < {bound}; j{depth}++) {{ x += {step}; }}")
        }
    }
}

fn overflow_program(rng: &mut Rng) -> String {
    let vars = ["a", "b", "x", "s", "(int)z", "(int)u"];
    let mut p = String::from(PRELUDE);
    p.push_str(&format!("  int x = {};\n", int_expr(rng, &vars[..2], 2)));
    p.push_str(&format!("  short s = {};\n", int_expr(rng, &vars[..3], 1)));
    p.push_str(&format!("  long z = {};\n", long_expr(rng, &vars[..2], 1).replace('z', "0L")));
    p.push_str(&format!("  unsigned u = {};\n", rng.below(100)));
    for _ in 0..2 + rng.below(4) {
        p.push_str(&format!("  {}\n", overflow_stmt(rng, &vars, 2)));
    }
    p.push_str("  return (x + (int)z + s + (int)u) & 1;\n}\n");
    p
}

// ---------------------------------------------------------------------------------------------
// valid-memsafety

/// A non-negative `int` expression over the inputs (and the loop counter `i`, if in scope).
fn nonneg(rng: &mut Rng, vars: &[&str]) -> String {
    match rng.below(6) {
        0 => format!("({} + {})", rng.pick(vars), rng.pick(vars)),
        1 => format!("({} * {})", rng.pick(vars), rng.below(3)),
        2 => format!("{}", rng.below(6)),
        _ => rng.pick(vars).to_string(),
    }
}

/// An index into an array of `len` elements (a C expression), from two below to two past it.
fn index(rng: &mut Rng, vars: &[&str], len: &str) -> String {
    let e = nonneg(rng, vars);
    match rng.below(4) {
        0 => format!("{e} % ({len})"),
        1 => format!("{e} % ({len} + 1)"),
        2 => format!("{e} % ({len} + 2) - {}", rng.below(3)),
        _ => format!("({len} - 1 - {e} % ({len} + {}))", 1 + rng.below(2)),
    }
}

fn mem_cond(rng: &mut Rng, vars: &[&str]) -> String {
    format!("{} {} {}", rng.pick(vars), rng.pick(&["<", ">", "==", "!="]), rng.below(16))
}

/// A size in elements for `memset`/`memcpy` into an array of `len`: up to two past it.
fn size(rng: &mut Rng, vars: &[&str], len: &str) -> String {
    format!("({} % ({len} + 3))", nonneg(rng, vars))
}

/// A statement over `arr` (of `n` elements), `p` (of `m`), `q` and `t`; `depth` bounds nesting,
/// and `i` is in scope inside a loop.
fn mem_stmt(rng: &mut Rng, n: usize, depth: u32, in_loop: bool) -> String {
    let vars: &[&str] = if in_loop { &["a", "b", "i"] } else { &["a", "b"] };
    let nn = n.to_string();
    match rng.below(17) {
        0 | 1 => format!("arr[{}] = {};", index(rng, vars, &nn), rng.pick(vars)),
        2 => format!("t += arr[{}];", index(rng, vars, &nn)),
        3 | 4 => format!("p[{}] = {};", index(rng, vars, "m"), rng.pick(vars)),
        5 => format!("t += p[{}];", index(rng, vars, "m")),
        6 => format!("if ({}) {{ free(p); {}}}", mem_cond(rng, vars), if rng.below(2) == 0 { "p = 0; " } else { "" }),
        7 => "free(p); p = malloc(m * sizeof(int)); memset(p, 0, m * sizeof(int));".into(),
        8 => format!("memset(p, {}, {} * sizeof(int));", rng.below(3), size(rng, vars, "m")),
        9 => format!("memcpy(arr, p, {} * sizeof(int));", size(rng, vars, &format!("(m < {n} ? m : {n})"))),
        10 => format!("memcpy(p, arr, {} * sizeof(int));", size(rng, vars, "m")),
        11 => format!(
            "{{ int om = m; m = {} % 7 + 1; p = realloc(p, m * sizeof(int)); for (int k = om; k < m; k++) p[k] = k; }}",
            nonneg(rng, vars)
        ),
        12 if depth > 1 && !in_loop => {
            let bound = rng.pick(&["a", "b", "m", "a % (m + 2)", "b % 4 + m - 1"]);
            let body = (0..1 + rng.below(2)).map(|_| mem_stmt(rng, n, 1, true)).collect::<Vec<_>>().join(" ");
            format!("for (int i = 0; i < {bound}; i++) {{ {body} }}")
        }
        13 if depth > 1 => format!("if ({}) {{ {} }} else {{ {} }}", mem_cond(rng, vars), mem_stmt(rng, n, depth - 1, in_loop), mem_stmt(rng, n, depth - 1, in_loop)),
        14 => format!("if ({}) q = p; else if ({}) q = arr + {};", mem_cond(rng, vars), mem_cond(rng, vars), rng.below(n as u64)),
        15 => format!("if ({}) t += *q;", mem_cond(rng, vars)),
        _ => match rng.below(6) {
            0 => format!("if ({}) free(arr);", mem_cond(rng, &["a", "b"])),
            1 => format!("if ({}) {{ free(p + 1); }}", mem_cond(rng, &["a", "b"])),
            2 => format!("if ({}) free(p);", mem_cond(rng, &["a", "b"])),
            _ => format!("t += p[{}];", index(rng, vars, "m")),
        },
    }
}

/// A guarded statement of [`careful_program`]: safe unless `bug` (then off by one, or a check
/// left out). `p` holds `m` elements (0 once freed, when `p` is NULL).
fn careful_stmt(rng: &mut Rng, n: usize, bug: bool, in_loop: bool, fixed: bool) -> String {
    let vars: &[&str] = if in_loop { &["a", "b", "i"] } else { &["a", "b"] };
    let nn = n.to_string();
    let le = |bug: bool| if bug { "<=" } else { "<" };
    let e = nonneg(rng, vars);
    match rng.below(if in_loop { 6 } else { 9 }) {
        0 => format!("{{ int j = {e} - {}; if (j >= {} && j {} {n}) arr[j] = {}; }}", rng.below(2), if bug && rng.below(2) == 0 { "-1" } else { "0" }, le(bug), rng.pick(vars)),
        1 => format!("{{ int j = {e}; if (j {} m) p[j] += {}; }}", le(bug), rng.pick(vars)),
        2 => format!("{{ int j = {e}; if (j {} m) t += p[j]; }}", le(bug)),
        3 => format!("{{ int j = {e} % ({nn} + 1); if (j {} {n}) t += arr[j]; }}", le(bug)),
        4 if !fixed => format!("memset(p, {}, ({e} % (m + {})) * sizeof(int));", rng.below(3), if bug { 2 } else { 1 }),
        5 => format!("if ({}) {{ free(p); {}m = 0; }}", mem_cond(rng, vars), if bug { "" } else { "p = 0; " }),
        6 => {
            let bound = rng.pick(&["a", "b", "a + b", "(a % 4)"]);
            let body = (0..1 + rng.below(2)).map(|_| { let b = rng.below(10) == 0; careful_stmt(rng, n, b, true, fixed) }).collect::<Vec<_>>().join(" ");
            format!("for (int i = 0; i < {bound}; i++) {{ {body} }}")
        }
        7 if !fixed => format!(
            "{{ int nm = {e} % {} + 1; int *np = realloc(p, nm * sizeof(int)); if (np) {{ p = np; for (int k = m; k < nm; k++) p[k] = k; m = nm; }} }}",
            if bug { 9 } else { 7 }
        ),
        8 if !fixed => format!("memcpy(arr, p, (m < {} ? m : {n}) * sizeof(int));", if bug { n + 1 } else { n }),
        _ => format!("{{ int j = {e} % {}; if (j {} m) p[j] = arr[j % {n}]; }}", 2 + rng.below(8), le(bug)),
    }
}

/// A memory-safe program unless a few statements are mutated: accesses guarded by the bounds,
/// `p` set to NULL and its length to 0 when freed, `p` freed at the end.
fn careful_program(rng: &mut Rng) -> String {
    let n = 3 + rng.below(6) as usize;
    let mut p = String::from(PRELUDE);
    // A block of a constant size, never reallocated nor copied by memset/memcpy of a variable
    // size (what the synergy engine models), or of an input-dependent one.
    let fixed = rng.below(2) == 0;
    if fixed {
        p.push_str(&format!("  int arr[{n}];\n  for (int k = 0; k < {n}; k++) arr[k] = 0;\n  int t = 0;\n"));
    } else {
        p.push_str(&format!("  int arr[{n}];\n  memset(arr, 0, sizeof arr);\n  int t = 0;\n"));
    }
    if fixed {
        let k = 1 + rng.below(8);
        p.push_str(&format!("  int m = {k};\n  int *p = malloc({k} * sizeof(int));\n"));
    } else {
        p.push_str(&format!("  int m = {} % {} + 1;\n", nonneg(rng, &["a", "b"]), 2 + rng.below(6)));
        p.push_str("  int *p = malloc(m * sizeof(int));\n");
    }
    p.push_str("  for (int k = 0; k < m; k++) p[k] = k;\n");
    for _ in 0..2 + rng.below(5) {
        let bug = rng.below(10) == 0;
        p.push_str(&format!("  {}\n", careful_stmt(rng, n, bug, false, fixed)));
    }
    if rng.below(8) == 0 {
        p.push_str(&format!("  if ({}) free(p);\n", mem_cond(rng, &["a", "b", "t"])));
    } else {
        p.push_str("  free(p);\n");
    }
    p.push_str("  return t & 1;\n}\n");
    p
}

/// Half the programs are careful (mostly safe), half reckless (mostly not).
fn memsafety_program(rng: &mut Rng) -> String {
    if rng.below(2) == 0 { careful_program(rng) } else { reckless_program(rng) }
}

/// A program whose accesses, frees and copies are not guarded.
fn reckless_program(rng: &mut Rng) -> String {
    let n = 3 + rng.below(6) as usize;
    let mut p = String::from(PRELUDE);
    p.push_str(&format!("  int arr[{n}];\n  memset(arr, 0, sizeof arr);\n  int t = 0;\n"));
    p.push_str(&format!("  int m = {} % {} + 1;\n", nonneg(rng, &["a", "b"]), 2 + rng.below(6)));
    p.push_str("  int *p = malloc(m * sizeof(int));\n  for (int k = 0; k < m; k++) p[k] = k;\n  int *q = 0;\n");
    for _ in 0..2 + rng.below(5) {
        p.push_str(&format!("  {}\n", mem_stmt(rng, n, 2, false)));
    }
    match rng.below(4) {
        0 => {}
        1 => p.push_str(&format!("  if ({}) free(p);\n", mem_cond(rng, &["a", "b", "t"]))),
        _ => p.push_str("  free(p);\n"),
    }
    p.push_str("  return t & 1;\n}\n");
    p
}

// ---------------------------------------------------------------------------------------------
// unreach-call over loops bounded by inputs

/// A bound: an input or a small expression over them.
fn bound(rng: &mut Rng) -> &'static str {
    rng.pick(&["a", "b", "a + b", "(a & 7)", "(b % 5)", "a + 1"])
}

/// A perturbation of an assertion's right-hand side: mostly none.
fn off(rng: &mut Rng) -> &'static str {
    rng.pick(&["", "", "", " + 1", " - 1", " + (a == 13)", " - (b == 15)"])
}

/// One loop with a closed form and the assertion of it (or of a perturbed form); `k` names its
/// variables apart.
fn loop_block(rng: &mut Rng, k: usize) -> String {
    let n = bound(rng);
    let c = 1 + rng.below(9);
    let o = off(rng);
    match rng.below(8) {
        0 => {
            let s0 = rng.below(20) as i64 - 10;
            format!(
                "  int s{k} = {s0};\n  for (int i = 0; i < {n}; i++) s{k} += {c};\n  if (s{k} {} {s0} + {c} * ({n}){o}) reach_error();\n",
                rng.pick(&["!=", ">", "<"])
            )
        }
        1 => {
            let m = rng.pick(&["a", "b", "(b % 3)"]);
            format!(
                "  int c{k} = 0;\n  for (int i = 0; i < {n}; i++)\n    for (int j = 0; j < {m}; j++) c{k}++;\n  if (c{k} {} ({n}) * {m}{o}) reach_error();\n",
                rng.pick(&["!=", ">"])
            )
        }
        2 => {
            let md = 2 + rng.below(4);
            format!(
                "  int y{k} = 0;\n  for (int i = 0; i < {n}; i++) if ((i + b) % {md} {} 0) y{k}++;\n  if (y{k} > {n}{o}) reach_error();\n",
                rng.pick(&["==", "!="])
            )
        }
        3 => format!(
            "  int x{k} = 0;\n  while (x{k} < {n}) x{k} += {};\n  if (x{k} {} {n}{o}) reach_error();\n",
            1 + rng.below(3),
            rng.pick(&["<", ">=", ">"])
        ),
        4 => format!(
            "  int k{k} = {n}, z{k} = 0;\n  while (k{k} > 0) {{ k{k}--; z{k} += {c}; }}\n  if (z{k} != {c} * ({n}){o} || k{k} != 0) reach_error();\n"
        ),
        5 => format!(
            "  int t{k} = 0;\n  for (int i = 0; i < {n}; i++) t{k} += i;\n  if (2 * t{k} {} ({n}) * ({n} - 1){o}) reach_error();\n",
            rng.pick(&["!=", ">"])
        ),
        6 => {
            let md = 3 + rng.below(10);
            format!(
                "  int w{k} = 0;\n  for (int i = 0; i < {n}; i++) {{ int v = (i * {c} + b) % {md}; if (v > w{k}) w{k} = v; }}\n  if (w{k} {} {}{o}) reach_error();\n",
                rng.pick(&[">=", ">"]),
                md - rng.below(2)
            )
        }
        _ => format!(
            "  int e{k} = 0, f{k} = {n};\n  for (int i = 0; i < {n}; i++) {{ e{k} += 2; f{k}--; }}\n  if (e{k} + 2 * f{k} != 2 * ({n}){o}) reach_error();\n"
        ),
    }
}

fn reach_program(rng: &mut Rng) -> String {
    let mut p = String::from(PRELUDE);
    for k in 0..1 + rng.below(3) as usize {
        p.push_str(&loop_block(rng, k));
    }
    p.push_str("  return 0;\n}\n");
    p
}

// ---------------------------------------------------------------------------------------------
// Native truth

/// The native harness: runs `prog_main` in a child per input pair and prints `a b CLASS`.
const HARNESS: &str = r#"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
static unsigned char in[2];
static int next;
unsigned char __VERIFIER_nondet_uchar(void) { return in[next++ & 1]; }
void __VERIFIER_assume(int c) { if (!c) _exit(3); }
void reach_error(void) { _exit(4); }
#ifdef HOOKS
#include <sanitizer/allocator_interface.h>
static long live;
static void on_malloc(const volatile void *p, size_t n) { (void)p; (void)n; live++; }
static void on_free(const volatile void *p) { (void)p; live--; }
#endif
int prog_main(void);
static const char *classify(const char *t, int st) {
  if (strstr(t, "signed integer overflow") || strstr(t, "negation of") || strstr(t, "division of")
      || (strstr(t, "left shift of") && strstr(t, "cannot be represented")))
    return "overflow";
  if (strstr(t, "left shift of negative") || strstr(t, "shift exponent") || strstr(t, "division by zero"))
    return "ub";
  if (strstr(t, "double-free") || strstr(t, "not malloc()-ed") || strstr(t, "bad-free"))
    return "free";
  if (strstr(t, "buffer-overflow") || strstr(t, "buffer-underflow") || strstr(t, "use-after-free")
      || strstr(t, "SEGV") || strstr(t, "use-after-scope"))
    return "deref";
  if (t[0]) return "other";
  if (WIFEXITED(st) && WEXITSTATUS(st) == 0) return "ok";
  if (WIFEXITED(st) && WEXITSTATUS(st) == 3) return "assume";
  if (WIFEXITED(st) && WEXITSTATUS(st) == 4) return "error";
  if (WIFEXITED(st) && WEXITSTATUS(st) == 5) return "leak";
  return "other";
}
int main(void) {
#ifdef HOOKS
  __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free);
#endif
  static char buf[1 << 16];
  for (int a = 0; a < 16; a++)
    for (int b = 0; b < 16; b++) {
      int fd[2];
      if (pipe(fd)) return 1;
      fflush(stdout);
      pid_t pid = fork();
      if (pid == 0) {
        dup2(fd[1], 2);
        close(fd[0]);
        close(fd[1]);
        in[0] = (unsigned char)a; in[1] = (unsigned char)b; next = 0;
#ifdef HOOKS
        live = 0;
#endif
        prog_main();
#ifdef HOOKS
        if (live != 0) _exit(5);
#endif
        _exit(0);
      }
      close(fd[1]);
      size_t len = 0;
      ssize_t r;
      while ((r = read(fd[0], buf + len, sizeof buf - 1 - len)) > 0) len += (size_t)r;
      buf[len] = 0;
      close(fd[0]);
      int st = 0;
      waitpid(pid, &st, 0);
      printf("%d %d %s\n", a, b, classify(buf, st));
    }
  return 0;
}
"#;

/// The classes of the inputs' native runs (`ok`, `error`, `overflow`, `ub`, `deref`, `free`,
/// `leak`, `other`; inputs the assumption excludes are left out).
fn native_classes(prog: &Path, dir: &Path, prop: Prop) -> Result<BTreeSet<String>, String> {
    let harness = dir.join("harness.c");
    std::fs::write(&harness, HARNESS).expect("write harness");
    let clang = std::env::var("VIGIL_CLANG").unwrap_or_else(|_| "clang-19".into());
    let sanitize: &[&str] = match prop {
        Prop::Overflow => &["-fsanitize=signed-integer-overflow,shift,integer-divide-by-zero", "-fno-sanitize-recover=all"],
        Prop::Memsafety => &["-fsanitize=address", "-fwrapv", "-DHOOKS"],
        Prop::Reach => &["-fwrapv"],
    };
    let exe = dir.join("native");
    let obj = dir.join("prog.o");
    let cc = |args: &[&std::ffi::OsStr]| -> Result<(), String> {
        let out = Command::new(&clang).args(["-O0", "-g", "-w"]).args(sanitize).args(args).output().expect("run clang");
        if out.status.success() { Ok(()) } else { Err(format!("native build failed: {}", String::from_utf8_lossy(&out.stderr))) }
    };
    cc(&["-c".as_ref(), "-Dmain=prog_main".as_ref(), prog.as_os_str(), "-o".as_ref(), obj.as_os_str()])?;
    cc(&[harness.as_os_str(), obj.as_os_str(), "-o".as_ref(), exe.as_os_str()])?;
    let out = Command::new(&exe).env("ASAN_OPTIONS", "detect_leaks=0:symbolize=0").output().expect("run native");
    let text = String::from_utf8_lossy(&out.stdout);
    let classes: BTreeSet<String> =
        text.lines().filter_map(|l| l.split_whitespace().nth(2)).filter(|c| *c != "assume").map(String::from).collect();
    if text.lines().count() != 256 || classes.is_empty() {
        return Err(format!("native harness printed {} lines", text.lines().count()));
    }
    Ok(classes)
}

const ENGINES: [&str; 5] = ["explicit", "static", "synergy", "shape", "auto"];

/// Whether `engine` checks `prop` on these programs at all: the static engine does not check
/// `no-overflow`, the shape engine neither that nor `unreach-call` without `malloc` (both say
/// so at once, as `unknown`); the sweep skips them there to save time.
fn applies(engine: &str, prop: Prop) -> bool {
    !matches!((engine, prop), ("static", Prop::Overflow) | ("shape", Prop::Overflow) | ("shape", Prop::Reach))
}

/// Whether `verdict` (vigil's last line) contradicts the native classes.
fn wrong(verdict: &str, prop: Prop, classes: &BTreeSet<String>) -> bool {
    let has = |c: &str| classes.contains(c);
    let violated = match prop {
        Prop::Overflow => has("overflow"),
        Prop::Memsafety => has("deref") || has("free") || has("leak"),
        Prop::Reach => has("error"),
    };
    match verdict {
        // Undefined behaviour other than overflow is unknown, never true.
        "verdict: true" => violated || has("ub"),
        "verdict: false(no-overflow)" => !(prop == Prop::Overflow && has("overflow")),
        "verdict: false(valid-deref)" => !(prop == Prop::Memsafety && has("deref")),
        "verdict: false(valid-free)" => !(prop == Prop::Memsafety && has("free")),
        "verdict: false(valid-memtrack)" => !(prop == Prop::Memsafety && has("leak")),
        "verdict: false(unreach-call)" => !(prop == Prop::Reach && has("error")),
        v => !v.starts_with("verdict: unknown("),
    }
}

fn timeout() -> String {
    std::env::var("VIGIL_PROPS_DIFF_TIMEOUT").unwrap_or_else(|_| "10".into())
}

/// Checks one program with every engine; returns the engines that decided it, or what was wrong.
fn check_program(k: usize, text: &str, dir: &Path, prop: Prop) -> Result<[bool; 5], String> {
    let work = dir.join(format!("{}-{k}", prop.name()));
    std::fs::create_dir_all(&work).expect("work dir");
    let path = work.join("prog.c");
    std::fs::write(&path, text).expect("write program");
    let classes = native_classes(&path, &work, prop).map_err(|e| format!("program {k}: {e}\n{text}"))?;
    if let Some(keep) = std::env::var_os("VIGIL_PROPS_DIFF_KEEP") {
        // Keep the programs of a campaign, named by property, number and native classes.
        let name = format!("{}-{k}-{}.c", prop.name(), classes.iter().cloned().collect::<Vec<_>>().join("+"));
        std::fs::write(Path::new(&keep).join(name), text).expect("keep program");
    }
    if classes.contains("other") {
        // A report the truth does not classify: not a verdict to judge.
        eprintln!("program {k}: unclassified native report, skipped:\n{text}");
        return Ok([false; 5]);
    }
    let mut decided = [false; 5];
    for (e, engine) in ENGINES.iter().enumerate() {
        if !applies(engine, prop) {
            continue;
        }
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_vigil"));
        cmd.args(["check", "--engine", engine, "--property", prop.name(), "--timeout", &timeout(), "--max-memory", "2048"]);
        if *engine != "auto" {
            cmd.arg("--no-native-confirm");
        }
        let started = std::time::Instant::now();
        let out = cmd.arg(&path).output().expect("run vigil");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let verdict = stdout.lines().last().unwrap_or("").to_string();
        if wrong(&verdict, prop, &classes) {
            return Err(format!(
                "program {k} ({}): {engine} says {verdict:?}, native classes {classes:?}:\n{text}",
                prop.name()
            ));
        }
        decided[e] = !verdict.starts_with("verdict: unknown(");
        if std::env::var_os("VIGIL_PROPS_DIFF_VERBOSE").is_some() {
            eprintln!("[{} {k}] {engine}: {verdict} ({:.1} s)", prop.name(), started.elapsed().as_secs_f64());
        }
        let stderr = String::from_utf8_lossy(&out.stderr);
        if stderr.contains("does not reproduce natively") {
            eprintln!("program {k} ({}): {engine}'s counterexample does not reproduce natively:\n{text}", prop.name());
        }
    }
    Ok(decided)
}

fn sweep(prop: Prop, seed: u64) {
    let env = |k: &str, d: u64| std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(d);
    let wanted = env("VIGIL_PROPS_DIFF_PROGRAMS", 5) as usize;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut rng = Rng(env("VIGIL_PROPS_DIFF_SEED", 0).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ seed);
    let generate = match prop {
        Prop::Overflow => overflow_program,
        Prop::Memsafety => memsafety_program,
        Prop::Reach => reach_program,
    };
    let programs: Vec<(usize, String)> = (0..wanted).map(|k| (k, generate(&mut rng))).collect();
    let decided = std::sync::Mutex::new([0usize; 5]);
    let failures = common::in_parallel(&programs, |(k, text)| {
        let d = check_program(*k, text, dir.path(), prop)?;
        let mut total = decided.lock().expect("counts");
        for e in 0..5 {
            total[e] += usize::from(d[e]);
        }
        Ok(())
    });
    let decided = decided.into_inner().expect("counts");
    eprintln!(
        "{}: decided of {wanted}: explicit {}, static {}, synergy {}, shape {}, portfolio {}",
        prop.name(),
        decided[0],
        decided[1],
        decided[2],
        decided[3],
        decided[4]
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn no_engine_contradicts_native_overflow_checks() {
    sweep(Prop::Overflow, 0x0f10_0001);
}

#[test]
fn no_engine_contradicts_native_memory_checks() {
    sweep(Prop::Memsafety, 0x3e30_0002);
}

#[test]
fn no_engine_contradicts_native_runs_on_input_bounded_loops() {
    sweep(Prop::Reach, 0x1009_0003);
}

#[test]
fn verdicts_are_judged_by_the_inputs_classes() {
    let set = |cs: &[&str]| cs.iter().map(|c| c.to_string()).collect::<BTreeSet<_>>();
    assert!(wrong("verdict: true", Prop::Overflow, &set(&["ok", "overflow"])));
    assert!(wrong("verdict: true", Prop::Overflow, &set(&["ok", "ub"])));
    assert!(!wrong("verdict: true", Prop::Overflow, &set(&["ok"])));
    assert!(!wrong("verdict: false(no-overflow)", Prop::Overflow, &set(&["ub", "overflow"])));
    assert!(wrong("verdict: false(valid-free)", Prop::Memsafety, &set(&["ok", "deref"])));
    assert!(!wrong("verdict: false(valid-memtrack)", Prop::Memsafety, &set(&["leak", "deref"])));
    assert!(!wrong("verdict: unknown(timeout)", Prop::Reach, &set(&["error"])));
    assert!(wrong("error: something", Prop::Reach, &set(&["ok"])));
}
