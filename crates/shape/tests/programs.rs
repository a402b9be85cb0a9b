//! The shape analysis on small C programs: lists of any length are proved memory-safe, and
//! each kind of violation in them stops the analysis with the reason (it never answers `true`).

use std::io::Write;
use vigil_ir::unknown::Cause;

fn analyse(src: &str) -> Result<vigil_shape::Stats, vigil_ir::unknown::Unknown> {
    let mut file = tempfile::Builder::new().suffix(".c").tempfile().expect("temp file");
    file.write_all(src.as_bytes()).expect("write");
    let opts = vigil_frontend::FrontendOptions { mem2reg: true, ..Default::default() };
    let m = vigil_frontend::load(&[file.path().to_path_buf()], &opts).expect("the program compiles");
    let (r, stats) = vigil_shape::check(&m, &vigil_shape::Options::default());
    r.map(|()| stats)
}

const SLL: &str = r#"
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int value; };
int main(void) {
    struct node *list = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        n->next = list;
        n->value = __VERIFIER_nondet_int();
        list = n;
    }
    FREE_LOOP
    return 0;
}
"#;

#[test]
fn a_list_of_any_length_built_and_freed_is_proved_with_a_segment() {
    let src = SLL.replace("FREE_LOOP", "while (list) { struct node *n = list->next; free(list); list = n; }");
    let st = analyse(&src).expect("proved");
    assert!(st.abstractions > 0 && st.materializations > 0, "{st:?}");
}

#[test]
fn a_leak_a_use_after_free_and_a_null_dereference_in_lists_stop_the_analysis() {
    for (free_loop, what) in [
        ("while (list && list->next) { struct node *n = list->next; free(list); list = n; }", "leak"),
        ("while (list) { free(list); list = list->next; }", "freed memory"),
        ("while (list->next) { struct node *n = list->next; free(list); list = n; } free(list);", "NULL"),
        ("while (list) { struct node *n = list->next; free(list); free(list); list = n; }", "invalid free"),
    ] {
        let err = analyse(&SLL.replace("FREE_LOOP", free_loop)).expect_err(what);
        assert_eq!(err.cause, Cause::Imprecise, "{what}: {}", err.message);
        assert!(err.message.contains(what), "{what}: {}", err.message);
    }
}


#[test]
fn a_pointer_kept_from_an_earlier_instance_of_a_block_local_is_not_proved() {
    // Each iteration is a new instance of `x` (C11 6.2.4p6): `p` still points to the previous
    // one when it is read, which is undefined (natively the new `x` has the same address). The
    // analysis re-entered the same slot and proved this program.
    let kept = r#"
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int *p = 0; int s = 0;
    for (int i = 0; i < 3; i++) {
        int x = __VERIFIER_nondet_int();
        if (p) s += *p;
        p = &x;
    }
    return s;
}
"#;
    let err = analyse(kept).expect_err("a read through a pointer to an ended instance");
    assert!(err.message.contains("after its lifetime"), "{}", err.message);
    // Set to the new instance before every read: proved.
    let renewed = kept.replace("if (p) s += *p;\n        p = &x;", "p = &x;\n        s += *p;");
    assert_ne!(renewed, kept);
    analyse(&renewed).expect("proved");
}
