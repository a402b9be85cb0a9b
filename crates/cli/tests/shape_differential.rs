//! Differential test of the shape analysis against the explicit engine on random programs that
//! manipulate a doubly linked list: pushes and pops at both ends, walks, unlinking, reversal,
//! freeing, each node with an object of its own — correct versions and buggy ones (no emptiness
//! check, a use after free, a double free, a lost list, a node's object lost or shared). Every loop that reads an input is bounded by a counter, so the explicit
//! engine exhausts each program and its answer under `valid-memsafety` is the truth (the VM's
//! semantics, which the shape analysis implements). The shape analysis still meets lists it
//! summarises (segments form at the loop heads from two nodes on), and it must never say
//! `true` where the explicit engine finds a violation.
//!
//! A third sweep does the same under `unreach-call`, over programs that check the values and
//! links of their list themselves.
//!
//! `VIGIL_SHAPE_DIFF_PROGRAMS=N` and `VIGIL_SHAPE_DIFF_SEED=S` run a longer sweep (default: 12);
//! `VIGIL_SHAPE_NESTED_…` the same for the second sweep, over lists of lists (default: 8), and
//! `VIGIL_SHAPE_DATA_…` for the third (default: 12). (The defaults were halved on 2026-11-29 to
//! keep `make test` within its time; a sweep of 100 per seed is the way to hunt.)

mod common;

use std::path::Path;
use std::process::Command;

use common::Rng;

/// A value stored in a node: a constant or an input.
fn data(rng: &mut Rng) -> String {
    if rng.below(2) == 0 { format!("{}", rng.below(3)) } else { "__VERIFIER_nondet_int()".into() }
}

const PUSH_FRONT: &str = "{ struct node *n = malloc(sizeof *n); if (!n) abort(); n->data = DATA; n->own = malloc(sizeof *n->own); if (!n->own) abort(); *n->own = 0; n->prev = NULL; n->next = head; if (head) head->prev = n; else tail = n; head = n; }";
const PUSH_BACK: &str = "{ struct node *n = malloc(sizeof *n); if (!n) abort(); n->data = DATA; n->own = malloc(sizeof *n->own); if (!n->own) abort(); *n->own = 0; n->next = NULL; n->prev = tail; if (tail) tail->next = n; else head = n; tail = n; }";

/// One operation on the list `head`/`tail` (the list is consistent before and after a correct
/// operation; a buggy one may violate memory safety or leave it inconsistent).
fn operation(rng: &mut Rng, k: usize) -> String {
    let bounded = |body: &str| format!("for (int k{k} = 0; k{k} < 3 && __VERIFIER_nondet_int(); k{k}++) {body}");
    match rng.below(20) {
        0 => PUSH_FRONT.replace("DATA", &data(rng)),
        1 => PUSH_BACK.replace("DATA", &data(rng)),
        2 => bounded(&PUSH_FRONT.replace("DATA", &data(rng))),
        3 => bounded(&PUSH_BACK.replace("DATA", &data(rng))),
        4 | 5 => "if (head) { struct node *n = head; head = n->next; if (head) head->prev = NULL; else tail = NULL; free(n->own); free(n); }".into(),
        6 => "if (tail) { struct node *n = tail; tail = n->prev; if (tail) tail->next = NULL; else head = NULL; free(n->own); free(n); }".into(),
        7 => "for (struct node *p = head; p; p = p->next) sum += p->data;".into(),
        8 => "for (struct node *p = tail; p; p = p->prev) sum -= p->data;".into(),
        9 => "for (struct node *p = head; p; p = p->next) if (p->data == 0) { if (p->prev) p->prev->next = p->next; else head = p->next; if (p->next) p->next->prev = p->prev; else tail = p->prev; free(p->own); free(p); break; }".into(),
        10 => "{ struct node *p = head; while (p) { struct node *n = p->next; p->next = p->prev; p->prev = n; p = n; } p = head; head = tail; tail = p; }".into(),
        // Bugs: a pop without the emptiness check, a walk one step too far, a use after free,
        // a double free, a lost list.
        11 => "{ struct node *n = head; head = n->next; if (head) head->prev = NULL; else tail = NULL; free(n->own); free(n); }".into(),
        12 => "if (head != tail) sum += head->next->next->data;".into(),
        13 => "if (head) { struct node *n = head->next; free(head->own); free(head); if (n) n->prev = NULL; else tail = NULL; sum += head->data; head = n; }".into(),
        14 => "if (head && head == tail) { free(head->own); free(head); if (__VERIFIER_nondet_int()) free(tail); head = tail = NULL; }".into(),
        15 => "if (__VERIFIER_nondet_int()) head = tail = NULL;".into(),
        // Each node's own object: read, written, forgotten by a pop, or freed twice.
        16 => "for (struct node *p = head; p; p = p->next) *p->own += p->data;".into(),
        17 => "if (head) { struct node *n = head; head = n->next; if (head) head->prev = NULL; else tail = NULL; free(n); }".into(),
        18 => "if (tail) { free(tail->own); if (__VERIFIER_nondet_int()) sum += *tail->own; tail->own = malloc(sizeof *tail->own); if (!tail->own) abort(); *tail->own = 1; }".into(),
        _ => "if (head && head != tail) { free(head->own); head->own = head->next->own; }".into(),
    }
}

fn program(rng: &mut Rng) -> String {
    let mut s = String::from(
        "#include <stdlib.h>\nextern int __VERIFIER_nondet_int(void);\nstruct node { struct node *next, *prev; int data; int *own; };\nint main(void) {\n    struct node *head = NULL, *tail = NULL;\n    int sum = 0;\n",
    );
    for k in 0..2 + rng.below(5) as usize {
        s.push_str(&format!("    {}\n", operation(rng, k)));
    }
    if rng.below(5) != 0 {
        s.push_str("    while (head) { struct node *n = head->next; free(head->own); free(head); head = n; }\n");
    }
    s.push_str("    return sum > 1000;\n}\n");
    s
}

/// A list of items, each owning a sub-list of one to three nodes (each node owning a buffer),
/// built, walked and freed — correctly, or with one of a few bugs in the nested freeing.
fn nested_program(rng: &mut Rng) -> String {
    let mut s = String::from(
        "#include <stdlib.h>\nextern int __VERIFIER_nondet_int(void);\nstruct sub { struct sub *next; char *buf; };\nstruct item { struct item *next; struct sub *subs; int n; };\n\
         static struct sub *sub_push(struct sub *l) { struct sub *s = malloc(sizeof *s); if (!s) abort(); s->buf = malloc(8); if (!s->buf) abort(); s->next = l; return s; }\n\
         int main(void) {\n    struct item *items = NULL;\n    int sum = 0;\n",
    );
    let build = "for (int k = 0; k < 3 && __VERIFIER_nondet_int(); k++) { struct item *it = malloc(sizeof *it); if (!it) abort(); it->n = 1; it->subs = sub_push(NULL); for (int j = 0; j < 2 && __VERIFIER_nondet_int(); j++) { it->subs = sub_push(it->subs); it->n++; } it->next = items; items = it; }";
    s.push_str(&format!("    {build}\n"));
    let walk = [
        "for (struct item *it = items; it; it = it->next) for (struct sub *x = it->subs; x; x = x->next) x->buf[0] = 1;",
        "for (struct item *it = items; it; it = it->next) if (it->n > 1) it->subs->next->buf[7] = 2;",
        // Bugs: the second node read whatever the length, one byte past a buffer.
        "for (struct item *it = items; it; it = it->next) it->subs->next->buf[0] = 3;",
        "if (items) items->subs->buf[8] = 4;",
        "if (items && __VERIFIER_nondet_int()) { struct sub *x = items->subs; items->subs = x->next; free(x->buf); free(x); if (!items->subs) items->subs = sub_push(NULL); }",
    ];
    let walk_pick = if rng.below(2) == 0 { rng.below(2) } else { rng.below(walk.len() as u64) } as usize;
    s.push_str(&format!("    {}\n", walk[walk_pick]));
    let free_subs = [
        "struct sub *x = items->subs; while (x) { struct sub *n = x->next; free(x->buf); free(x); x = n; }",
        "struct sub *x = items->subs; do { struct sub *n = x->next; free(x->buf); free(x); x = n; } while (x);",
        // Bugs: the last node kept, buffers kept, a node freed before it is read.
        "struct sub *x = items->subs; while (x->next) { struct sub *n = x->next; free(x->buf); free(x); x = n; }",
        "struct sub *x = items->subs; while (x) { struct sub *n = x->next; free(x); x = n; }",
        "struct sub *x = items->subs; while (x) { free(x); free(x->buf); x = x->next; }",
        "if (items->n > 1) { struct sub *x = items->subs; while (x) { struct sub *n = x->next; free(x->buf); free(x); x = n; } }",
    ];
    let pick = if rng.below(2) == 0 { 0 } else { rng.below(free_subs.len() as u64) as usize };
    s.push_str(&format!("    while (items) {{ struct item *next = items->next; {{ {} }} free(items); items = next; }}\n", free_subs[pick]));
    s.push_str("    return sum;\n}\n");
    s
}

/// A value for a node under unreach-call: a small constant or an input.
fn small(rng: &mut Rng) -> String {
    match rng.below(4) {
        0 => "__VERIFIER_nondet_int()".into(),
        k => format!("{}", k - 1),
    }
}

const DATA_PUSH_FRONT: &str = "{ struct node *n = malloc(sizeof *n); if (!n) abort(); n->data = DATA; n->prev = NULL; n->next = head; if (head) head->prev = n; else tail = n; head = n; }";
const DATA_PUSH_BACK: &str = "{ struct node *n = malloc(sizeof *n); if (!n) abort(); n->data = DATA; n->next = NULL; n->prev = tail; if (tail) tail->next = n; else head = n; tail = n; }";

/// A doubly linked list whose nodes hold small values, checked by the program itself under
/// unreach-call: the values stored, the back links, the ends — correct pushes and pops, and
/// a few that break a link or store a value a check does not expect (one only on the 35th
/// push, where a loop's counter has been widened). Lost memory is no error
/// here (nodes are dropped without being freed).
fn data_program(rng: &mut Rng) -> String {
    let mut s = String::from(
        "#include <stdlib.h>\nextern int __VERIFIER_nondet_int(void);\nvoid reach_error(void) {}\nstruct node { struct node *next, *prev; int data; };\nint main(void) {\n    struct node *head = NULL, *tail = NULL;\n",
    );
    for k in 0..2 + rng.below(5) as usize {
        // Most loops run at most 3 times; some up to 40, past the shape analysis's widening
        // delay (32 states at a loop head that differ only in integers).
        let bound = if rng.below(4) == 0 { 40 } else { 3 };
        let bounded = |body: &str| format!("for (int k{k} = 0; k{k} < {bound} && __VERIFIER_nondet_int(); k{k}++) {body}");
        let op = match rng.below(13) {
            0 | 1 => bounded(&DATA_PUSH_FRONT.replace("DATA", &small(rng))),
            2 | 3 => bounded(&DATA_PUSH_BACK.replace("DATA", &small(rng))),
            4 => "if (head) { struct node *n = head; head = n->next; if (head) head->prev = NULL; else tail = NULL; if (__VERIFIER_nondet_int()) free(n); }".into(),
            5 => "for (struct node *p = head; p; p = p->next) if (p->data < 0 || p->data > 2) reach_error();".into(),
            6 => "for (struct node *p = head; p; p = p->next) if ((p->next && p->next->prev != p) || (!p->next && p != tail)) reach_error();".into(),
            7 => format!("if (head && head->data != {}) reach_error();", rng.below(3)),
            8 => format!("for (struct node *p = tail; p; p = p->prev) p->data = {};", rng.below(3)),
            9 => format!("for (struct node *p = head; p; p = p->next) if (p->data == {}) reach_error();", rng.below(3)),
            // Bugs: a push at the back that forgets the back link, one that leaves the old tail's
            // next link alone.
            10 => bounded(&DATA_PUSH_BACK.replace("DATA", &small(rng)).replace("n->prev = tail;", "n->prev = NULL;")),
            // A value no check expects, stored by the 35th push only (after the widening).
            11 => bounded(&DATA_PUSH_BACK.replace("DATA", &format!("k{k} == 35 ? 7 : {}", small(rng)))),
            _ => bounded(&DATA_PUSH_BACK.replace("DATA", &small(rng)).replace("if (tail) tail->next = n; else head = n;", "if (!tail) head = n;")),
        };
        s.push_str(&format!("    {op}\n"));
    }
    s.push_str("    return 0;\n}\n");
    s
}

/// The verdict line of one engine on `path` under `property`.
fn verdict(engine: &str, property: &str, path: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_vigil"))
        .args(["check", "--engine", engine, "--property", property, "--timeout", "30", "--max-states", "400000"])
        .arg(path)
        .output()
        .expect("run vigil");
    String::from_utf8_lossy(&out.stdout).lines().last().unwrap_or("").to_string()
}

#[test]
fn the_shape_analysis_never_proves_a_list_program_the_explicit_engine_refutes() {
    sweep("VIGIL_SHAPE_DIFF", "valid-memsafety", 12, 0x5eed_5a9e_0000_0001, program);
}

/// Under unreach-call, where the values in the nodes decide the verdict.
#[test]
fn the_shape_analysis_never_proves_a_list_data_program_the_explicit_engine_refutes() {
    sweep("VIGIL_SHAPE_DATA", "unreach-call", 12, 0x5eed_5a9e_0000_0003, data_program);
}

/// The same over lists of lists, whose items' sub-lists of different lengths the shape analysis
/// summarises together.
#[test]
fn the_shape_analysis_never_proves_a_nested_list_program_the_explicit_engine_refutes() {
    sweep("VIGIL_SHAPE_NESTED", "valid-memsafety", 8, 0x5eed_5a9e_0000_0002, nested_program);
}

/// `PREFIX_PROGRAMS=N` and `PREFIX_SEED=S` run a longer sweep.
fn sweep(prefix: &str, property: &str, programs_wanted: u64, seed: u64, generate: fn(&mut Rng) -> String) {
    let env = |k: &str, d: u64| std::env::var(format!("{prefix}_{k}")).ok().and_then(|v| v.parse().ok()).unwrap_or(d);
    let wanted = env("PROGRAMS", programs_wanted) as usize;
    let mut rng = Rng(env("SEED", seed));
    let dir = tempfile::tempdir().expect("temp dir");
    let programs: Vec<(usize, String)> = (0..wanted).map(|k| (k, generate(&mut rng))).collect();
    let counts = std::sync::Mutex::new((0usize, 0usize, 0usize));
    let failures = common::in_parallel(&programs, |(k, text)| {
        let path = dir.path().join(format!("p{k}.c"));
        std::fs::write(&path, text).expect("write program");
        let truth = verdict("explicit", property, &path);
        let shape = verdict("shape", property, &path);
        eprintln!("program {k}: explicit {truth:?}, shape {shape:?}");
        let mut c = counts.lock().expect("counts");
        match (truth.as_str(), shape.as_str()) {
            (t, "verdict: true") if t.starts_with("verdict: false") => {
                return Err(format!("program {k}: shape says true, explicit says {t:?}:\n{text}"))
            }
            ("verdict: true", "verdict: true") => c.0 += 1,
            (t, _) if t.starts_with("verdict: false") => c.1 += 1,
            _ => c.2 += 1,
        }
        if !shape.starts_with("verdict: true") && !shape.starts_with("verdict: unknown(") {
            return Err(format!("program {k}: shape says {shape:?}:\n{text}"));
        }
        Ok(())
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let (both_true, refuted, other) = counts.into_inner().expect("counts");
    eprintln!("of {wanted}: proved by both {both_true}, refuted by explicit {refuted}, other {other}");
    // A sweep that exercises nothing proves nothing: some programs are safe and proved, some not.
    assert!(both_true > 0 && refuted > 0, "the sweep must contain proved and refuted programs");
}
