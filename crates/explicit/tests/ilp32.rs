//! ILP32 programs (`--m32`): the runtime's 32-bit build lowers completely, and pointers stored
//! in 4-byte slots keep their provenance through memory.

mod common;

use vigil_explicit::Verdict;
use vigil_vm::{Config, Program, Property};

fn compile_m32(name: &str, src: &str) -> Program {
    let opts = vigil_frontend::FrontendOptions {
        runtime: Some(vigil_runtime::RUNTIME_BC_32),
        m32: true,
        mem2reg: false,
        whole_runtime: true,
        ..Default::default()
    };
    let prog = common::compile_with("ilp32", name, src, &opts);
    assert_eq!(prog.module.pointer_bytes, 4);
    let unsupported: Vec<String> = prog.module.unsupported.iter().map(|u| u.construct.clone()).collect();
    assert!(unsupported.is_empty(), "the ILP32 runtime lowers completely: {unsupported:?}");
    prog
}

fn run(prog: &Program, property: Property, inputs: Option<Vec<u64>>) -> Verdict {
    common::search(prog, property, Config { inputs, ..Default::default() }, 10_000).0
}

#[test]
fn pointers_in_ilp32_memory_and_32_bit_longs() {
    let prog = compile_m32(
        "list",
        r#"
#include <stdlib.h>
extern long __VERIFIER_nondet_long(void);
extern void reach_error(void);
struct node { struct node *next; long v; };
int main(void) {
    struct node *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    if (!a || !b) return 0;
    a->next = b; b->next = 0;
    a->v = __VERIFIER_nondet_long();
    b->v = sizeof(struct node);
    if (a->next->v != 8) reach_error();
    if (a->v == 5) { free(b); }
    free(a->next);
    free(a);
    return 0;
}
"#,
    );
    // The pointer read back from the 4-byte field is the object it was: b->v is reached.
    // 2^32 + 5 truncated to a 32-bit long is 5, which frees b twice.
    assert!(matches!(run(&prog, Property::ValidMemsafety, Some(vec![1])), Verdict::Holds));
    match run(&prog, Property::ValidMemsafety, Some(vec![(1 << 32) + 5])) {
        Verdict::Violated { property, .. } => assert_eq!(property.name(), "valid-free"),
        other => panic!("expected a double free, got {other:?}"),
    }
    assert!(matches!(run(&prog, Property::UnreachCall, Some(vec![1])), Verdict::Holds));
}
