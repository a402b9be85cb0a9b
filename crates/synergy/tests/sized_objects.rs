//! Objects of variable size (`vigil_synergy::flatten::sized`): an allocation of an input size
//! is a large array kept sparse from the start, a test runs it exactly, every access past the
//! size fails its check, and what the model does not cover is refused.

use std::path::PathBuf;

use vigil_synergy::exec::{self, ListInputs, Step};
use vigil_synergy::flatten::arrays::Shadow;
use vigil_synergy::flatten::{flatten, Flat, Unsupported};
use vigil_synergy::sparse::Shadows;

fn flat_of(src: &str, name: &str) -> Result<Flat, Unsupported> {
    let dir = tempfile::Builder::new().prefix("vigil-synergy-sized-").tempdir().unwrap();
    let path: PathBuf = dir.path().join(name);
    std::fs::write(&path, src).unwrap();
    let m = vigil_frontend::load(&[path], &vigil_frontend::FrontendOptions::default()).unwrap();
    flatten(&m)
}

/// Runs the program's test with `inputs` to its end: the last sparse shadow cells and how it
/// ended.
fn run(flat: &Flat, inputs: &[u64]) -> (Shadows, Step) {
    let mut vals = vec![0u64; flat.regs.len()];
    let mut mem = flat.initial_shadows(false);
    let mut src = ListInputs { values: inputs, pos: 0 };
    let mut b = 0;
    for _ in 0..1_000_000 {
        match exec::step(flat, b, &mut vals, &mut mem, &mut src, &mut Vec::new()) {
            Step::Next(n) => b = n,
            end => return (mem, end),
        }
    }
    panic!("the test did not end");
}

const FILL: &str = "#include <stdlib.h>\n\
    int __VERIFIER_nondet_int(void);\n\
    void reach_error(void);\n\
    int main(void) {\n\
      int n = __VERIFIER_nondet_int();\n\
      if (n < 0 || n > 1000) return 0;\n\
      int *x = malloc(n * sizeof(int));\n\
      for (int i = 0; i < n; i++) x[i] = i + 1;\n\
      for (int i = 0; i < n; i++) if (x[i] != i + 1) reach_error();\n\
      return 0;\n\
    }\n";

#[test]
fn an_input_sized_allocation_is_a_sparse_large_array_kept_from_the_start() {
    let flat = flat_of(FILL, "fill.c").unwrap();
    assert_eq!(flat.arrays.len(), 1);
    let a = &flat.arrays[0];
    assert_eq!(a.shadow, Shadow::Sparse);
    assert!(a.early, "tests keep its cells from the start");
    assert_eq!((u64::from(a.cells), a.len), ((1 << 28) / 4, 4), "the largest object the VM makes");
}

#[test]
fn a_test_writes_exactly_the_cells_below_the_input_size() {
    let flat = flat_of(FILL, "fill.c").unwrap();
    let (mem, end) = run(&flat, &[5]);
    assert_eq!(end, Step::Exit);
    assert_eq!((0..6).map(|i| mem.get(0, i)).collect::<Vec<_>>(), vec![1, 2, 3, 4, 5, 0]);
    // n = 0: an object of no cells, nothing written.
    let (mem, end) = run(&flat, &[0]);
    assert_eq!((end, mem.get(0, 0)), (Step::Exit, 0));
}

#[test]
fn an_access_past_the_input_size_fails_its_check() {
    let src = FILL.replace("i < n; i++) x[i] = i + 1", "i <= n; i++) x[i] = i + 1");
    let flat = flat_of(&src, "past.c").unwrap();
    for n in [0u64, 1, 7] {
        let (_, end) = run(&flat, &[n]);
        assert!(matches!(&end, Step::Ub(what, _) if what.contains("out of bounds")), "n = {n}: {end:?}");
    }
}

#[test]
fn a_size_above_the_objects_limit_is_beyond_the_model() {
    let src = FILL.replace("if (n < 0 || n > 1000) return 0;", "");
    let flat = flat_of(&src, "unbounded.c").unwrap();
    // -1 * 4 as a size_t is far above the VM's largest object.
    let (_, end) = run(&flat, &[u64::from(u32::MAX)]);
    assert!(matches!(&end, Step::Ub(what, _) if what.contains("object limit")), "{end:?}");
}

#[test]
fn an_escaping_address_of_an_input_sized_object_is_refused() {
    let src = FILL.replace("int main(void) {", "int *keep;\nint main(void) {").replace("return 0;\n}", "keep = x;\nreturn 0;\n}");
    assert!(src.contains("keep = x;"));
    let Err(Unsupported(why)) = flat_of(&src, "escape.c") else { panic!("flattened") };
    assert!(why.contains("stored or compared"), "{why}");
    // Also when no access at a variable index makes it a large array.
    let src = "#include <stdlib.h>\nint __VERIFIER_nondet_int(void);\nint *keep;\n\
        int main(void) { int n = __VERIFIER_nondet_int(); if (n < 1 || n > 9) return 0;\n\
        int *x = malloc(n); x[0] = 1; keep = x; return 0; }\n";
    let Err(Unsupported(why)) = flat_of(src, "escape2.c") else { panic!("flattened") };
    assert!(why.contains("variable size") && why.contains("stored or compared"), "{why}");
}

const VLA: &str = "int __VERIFIER_nondet_int(void);\n\
    void reach_error(void);\n\
    int main(void) {\n\
      int n = __VERIFIER_nondet_int();\n\
      if (n < 1 || n > 100) return 0;\n\
      int *p;\n\
      {\n\
        int a[n];\n\
        for (int i = 0; i < n; i++) a[i] = 2;\n\
        p = a;\n\
        if (p[n - 1] != 2) reach_error();\n\
      }\n\
      return p[0];\n\
    }\n";

#[test]
fn a_variable_length_array_ends_at_the_restore_of_its_scope() {
    let flat = flat_of(VLA, "vla.c").unwrap();
    assert!(flat.scope_ends, "a restore ends a scope");
    let (mem, end) = run(&flat, &[3]);
    assert_eq!((mem.get(0, 2), mem.get(0, 3)), (2, 0));
    assert!(matches!(&end, Step::Ub(what, _) if what.contains("freed")), "a read after the scope: {end:?}");
}
