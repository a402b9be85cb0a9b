//! ILP32 programs (`--m32`): the runtime's 32-bit build lowers completely, and pointers stored
//! in 4-byte slots keep their provenance through memory.

use std::path::PathBuf;
use vigil_explicit::{check, Order, SearchConfig, Verdict};
use vigil_vm::{Config, Program, Property};

fn compile_m32(name: &str, src: &str) -> Program {
    let dir = std::env::temp_dir().join(format!("vigil-ilp32-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path: PathBuf = dir.join(format!("{name}.c"));
    std::fs::write(&path, src).expect("write program");
    let opts = vigil_frontend::FrontendOptions {
        runtime: Some(vigil_runtime::RUNTIME_BC_32),
        m32: true,
        mem2reg: false,
        ..Default::default()
    };
    let module = vigil_frontend::load(&[path], &opts).expect("program compiles");
    assert_eq!(module.pointer_bytes, 4);
    let unsupported: Vec<String> = module.unsupported.iter().map(|u| u.construct.clone()).collect();
    assert!(unsupported.is_empty(), "the ILP32 runtime lowers completely: {unsupported:?}");
    Program::new(module)
}

fn run(prog: &Program, property: Property, inputs: Option<Vec<u64>>) -> Verdict {
    let cfg = SearchConfig {
        property,
        order: Order::Dfs,
        vm: Config { max_steps: 1_000_000, inputs, ..Default::default() },
        max_states: 10_000,
        max_memory: 1 << 28,
        deadline: None,
        cancel: None,
        racy: Default::default(),
        por: false,
    };
    check(prog, &cfg).0
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
        Verdict::Violated { property, .. } => assert_eq!(property, "valid-free"),
        other => panic!("expected a double free, got {other:?}"),
    }
    assert!(matches!(run(&prog, Property::UnreachCall, Some(vec![1])), Verdict::Holds));
}
