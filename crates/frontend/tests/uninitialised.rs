//! `mem2reg` is declined exactly when the program may read a local before writing it (see
//! `vigil_frontend::uninit`): otherwise the SSA form could replace the indeterminate value by
//! `undef` or by the value of some store, and a verifier would lose the program's behaviours.

use vigil_frontend::FrontendOptions;

fn declined(src: &str) -> bool {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("prog.c");
    std::fs::write(&path, src).expect("write");
    let m = vigil_frontend::load(&[path], &FrontendOptions::default()).expect("lowers");
    m.mem2reg_declined.is_some()
}

#[test]
fn a_local_read_before_any_write_declines_mem2reg() {
    // The one store does not dominate the read: mem2reg would make the read `5` (or undef).
    assert!(declined("int f(int c) { int x; if (c) x = 5; return x; }\nint main(void) { return f(0); }\n"));
    // Read in the second iteration of a block that is re-entered: indeterminate again.
    assert!(declined(
        "int main(void) { int r = 0; for (int i = 0; i < 2; i++) { int x; if (i == 0) x = 5; else r = x; } return r; }\n"
    ));
    assert!(declined("int main(void) { int x; return x == 0; }\n"));
}

#[test]
fn locals_written_before_every_read_keep_mem2reg() {
    assert!(!declined("int main(void) { int x = 1; int y; y = x + 1; for (int i = 0; i < y; i++) x += i; return x; }\n"));
    // Written on both branches before the join.
    assert!(!declined("int f(int c) { int x; if (c) x = 1; else x = 2; return x; }\nint main(void) { return f(1); }\n"));
    // An address-taken local is not promoted anyway: it stays in memory either way.
    assert!(!declined("void g(int *p) { *p = 1; }\nint main(void) { int x; g(&x); return x; }\n"));
}

#[test]
fn lifetime_markers_are_in_the_ir_at_o0() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("prog.c");
    std::fs::write(&path, "int main(void) { int *p = 0; { int x = 1; p = &x; } return *p; }\n").expect("write");
    let m = vigil_frontend::load(&[path], &FrontendOptions { mem2reg: false, ..FrontendOptions::default() }).expect("lowers");
    let main = m.function(m.function_by_name("main").expect("main"));
    let count = |which| {
        main.blocks
            .iter()
            .flat_map(|b| &b.insts)
            .filter(|i| matches!(&i.kind, vigil_ir::InstKind::Intrinsic { which: w, .. } if *w == which))
            .count()
    };
    assert!(count(vigil_ir::Intrinsic::LifetimeStart) >= 2, "p and x start their lives");
    assert!(count(vigil_ir::Intrinsic::LifetimeEnd) >= 2, "x's block ends, then p's");
}
