//! Large arrays (`vigil_synergy::flatten::arrays`): what flattening makes of an array of more
//! than 64 cells, that a test runs it exactly, and that the abstract step reads nothing but
//! the pinned cells, the ghost cell and what the step itself wrote.

use std::path::PathBuf;

use vigil_synergy::engine::Sat;
use vigil_synergy::exec::{self, ListInputs, Step};
use vigil_synergy::flatten::arrays::Shadow;
use vigil_synergy::flatten::{FInst, Flat};
use vigil_synergy::sparse::Shadows;
use vigil_synergy::symbolic::{sym_step, Mode, Target};

fn flat_of(src: &str, name: &str) -> Flat {
    // The source is only needed while it is compiled: the directory goes when `dir` does.
    let dir = tempfile::Builder::new().prefix("vigil-synergy-large-arrays-").tempdir().unwrap();
    let path: PathBuf = dir.path().join(name);
    std::fs::write(&path, src).unwrap();
    let m = vigil_frontend::load(&[path], &vigil_frontend::FrontendOptions::default()).unwrap();
    vigil_synergy::flatten::flatten(&m).unwrap()
}

/// Runs the program's test with `inputs` to its end; the last state (registers and sparse
/// shadow cells) and how it ended.
fn run(flat: &Flat, inputs: &[u64]) -> (Vec<u64>, Shadows, Step) {
    let mut vals = vec![0u64; flat.regs.len()];
    let mut mem = flat.initial_shadows(true);
    let mut src = ListInputs { values: inputs, pos: 0 };
    let mut b = 0;
    for _ in 0..1_000_000 {
        match exec::step(flat, b, &mut vals, &mut mem, &mut src, &mut Vec::new()) {
            Step::Next(n) => b = n,
            end => return (vals, mem, end),
        }
    }
    panic!("the test did not end");
}

/// The block that reads the array (the program's only one) and the block calling reach_error.
fn reads_and_error(flat: &Flat) -> (u32, u32) {
    let with = |f: &dyn Fn(&FInst) -> bool| flat.blocks.iter().position(|b| b.insts.iter().any(f)).expect("such a block") as u32;
    (with(&|i| matches!(i, FInst::ArrayRead { .. })), with(&|i| matches!(i, FInst::Error { .. })))
}

const FILL: &str = "int __VERIFIER_nondet_int(void);\n\
    int a[100];\n\
    int main(void) {\n\
      for (int i = 0; i < 100; i++) a[i] = 2 * i;\n\
      a[7] = 1;\n\
      int j = __VERIFIER_nondet_int();\n\
      if (j < 0 || j >= 100) return 0;\n\
      if (a[j] == 2 * j + 1) reach_error();\n\
      return 0;\n\
    }\n";

#[test]
fn a_large_array_has_shadow_cells_a_ghost_and_its_constant_index_pinned() {
    let flat = flat_of(FILL, "fill.c");
    assert_eq!(flat.arrays.len(), 1);
    let a = &flat.arrays[0];
    assert_eq!((a.cells, a.len), (100, 4));
    let Shadow::Regs(first) = a.shadow else { panic!("100 cells are shadowed in registers") };
    assert!(flat.is_shadow(first) && flat.is_shadow(first + 99) && !flat.is_shadow(first + 100));
    let ghost = a.ghost;
    assert!(flat.is_ghost(ghost.k) && flat.is_ghost(ghost.g));
    assert_eq!(a.pinned.len(), 1, "a[7] is the one cell named at a constant index");
    assert_eq!(a.pinned[0].0, 7);
}

#[test]
fn a_test_reads_the_array_exactly() {
    let flat = flat_of(FILL, "fill.c");
    let a = &flat.arrays[0];
    let Shadow::Regs(first) = a.shadow else { panic!("100 cells are shadowed in registers") };
    let ghost = a.ghost;
    // j = 7 reads the pinned cell, 1 == 2*7+1 is false; j = 0 reads 0: no error either.
    for j in [7u64, 0, 99] {
        let (vals, _, end) = run(&flat, &[j]);
        assert_eq!(end, Step::Exit, "j = {j}");
        assert_eq!(vals[(first + 50) as usize], 100, "the shadow cell 50 holds 2*50");
        assert_eq!(vals[a.pinned[0].1 as usize], 1, "the pinned cell holds the store's 1");
        assert_eq!(vals[ghost.k as usize], 0, "tests fix the ghost offset at 0");
        assert_eq!(vals[ghost.g as usize], 0, "and the ghost value is a[0]");
    }
}

#[test]
fn the_abstract_step_reads_an_unknown_value_that_a_second_read_of_the_cell_repeats() {
    // One block reads b[i] twice and writes b[i + 1] between: the step's relation must
    // make the two reads of b[i] equal and leave the value unconstrained otherwise.
    let src = "int __VERIFIER_nondet_int(void);\n\
        int b[200];\n\
        int main(void) {\n\
          int i = __VERIFIER_nondet_int();\n\
          if (i < 0 || i >= 199) return 0;\n\
          int x = b[i];\n\
          b[i + 1] = x + 1;\n\
          if (b[i] != x) reach_error();\n\
          return 0;\n\
        }\n";
    let flat = flat_of(src, "twice.c");
    let opts = vigil_synergy::Options::default();
    let mut cx = vigil_synergy::engine::Ctx::new(&flat, &opts);
    let (reads, error) = reads_and_error(&flat);
    let mut error_exits = 0;
    let pre = cx.canon.clone();
    let exits = sym_step(&mut cx.tm, &flat, reads, &pre, Mode::Abstract, &mut Vec::new(), &mut Vec::new());
    for e in exits.iter().filter(|e| e.target == Target::Block(error)) {
        error_exits += 1;
        assert_eq!(cx.sat(&[e.guard]), Sat::No, "the step of the reads leads to the error abstractly");
        // Both reads are listed for instantiation (the second one's own unknown value is
        // what it reads only where its offset differs from the first's and the write's).
        assert_eq!(e.array_reads.len(), 2);
    }
    assert!(error_exits > 0, "the check is some step's exit");
}

#[test]
fn a_fill_inside_the_step_forgets_what_the_step_wrote() {
    // The write of 5 is overwritten by the memset: the abstract step must let the read
    // differ from 5 (the VM reads 0 and reaches the error on every run). 10000 cells: the
    // tests keep them sparse; the ghost cell is 0 after the fill, which says nothing of `j`.
    let src = "int __VERIFIER_nondet_int(void);\n\
        void *memset(void *, int, unsigned long);\n\
        int b[10000];\n\
        int main(void) {\n\
          int j = __VERIFIER_nondet_int();\n\
          if (j < 0 || j >= 10000) return 0;\n\
          b[j] = 5;\n\
          memset(b, 0, sizeof b);\n\
          if (b[j] != 5) reach_error();\n\
          return 0;\n\
        }\n";
    let flat = flat_of(src, "fill_after_write.c");
    assert_eq!(flat.arrays[0].shadow, Shadow::Sparse);
    let opts = vigil_synergy::Options::default();
    let mut cx = vigil_synergy::engine::Ctx::new(&flat, &opts);
    let (reads, error) = reads_and_error(&flat);
    let pre = cx.canon.clone();
    let exits = sym_step(&mut cx.tm, &flat, reads, &pre, Mode::Abstract, &mut Vec::new(), &mut Vec::new());
    let into_error: Vec<_> = exits.iter().filter(|e| e.target == Target::Block(error)).collect();
    assert!(!into_error.is_empty());
    assert!(into_error.iter().any(|e| cx.sat(&[e.guard]) == Sat::Yes), "the error is reachable abstractly, as on the VM");
}

#[test]
fn a_test_runs_an_array_of_100000_cells_exactly_in_a_sparse_map() {
    // Past the cells a forest state could hold as registers: the test's values are a sparse
    // map (`vigil_synergy::sparse`); the global's initial values, the loop's writes and the
    // read at an input index are exact, and the ghost cell follows cell 0.
    let src = "int __VERIFIER_nondet_int(void);\n\
        int a[100000] = {4, 5};\n\
        int main(void) {\n\
          for (int i = 2; i < 100000; i += 3) a[i] = 3 * i;\n\
          int j = __VERIFIER_nondet_int();\n\
          if (j < 0 || j >= 100000) return 0;\n\
          if (a[j] == 5) reach_error();\n\
          return 0;\n\
        }\n";
    let flat = flat_of(src, "sparse.c");
    let a = &flat.arrays[0];
    assert_eq!((a.cells, a.shadow), (100_000, Shadow::Sparse));
    assert!(flat.regs.len() < 1000, "no register per cell: {}", flat.regs.len());
    let (vals, mem, end) = run(&flat, &[99_998]);
    assert_eq!(end, Step::Exit);
    assert_eq!((mem.get(0, 0), mem.get(0, 1), mem.get(0, 3), mem.get(0, 4)), (4, 5, 0, 0));
    assert_eq!((mem.get(0, 2), mem.get(0, 5), mem.get(0, 99_998)), (6, 15, 299_994));
    assert_eq!(vals[a.ghost.g as usize], 4, "the ghost value is a[0]");
    // a[1] == 5 from the initialiser: the error.
    let (_, _, end) = run(&flat, &[1]);
    assert!(matches!(end, Step::Error(_)), "{end:?}");
}

#[test]
fn a_test_runs_past_its_step_bound_only_when_long_tests_are_on_and_with_a_deadline() {
    // Two loops over 20000 cells: about 40000 steps. With a bound of 1000 steps a test stops
    // there without a deadline, or before long tests are asked for, and runs to the program's
    // end with both (within a third of the time, which a few ten thousand steps take a small
    // part of).
    let src = "int __VERIFIER_nondet_int(void);\n\
        int a[20000];\n\
        int main(void) {\n\
          for (int i = 0; i < 20000; i++) a[i] = __VERIFIER_nondet_int();\n\
          for (int i = 0; i < 20000; i++) if (a[i] == 7) return 1;\n\
          return 0;\n\
        }\n";
    let flat = flat_of(src, "long.c");
    let bounded = vigil_synergy::Options { test_step_bound: 1000, ..Default::default() };
    let mut cx = vigil_synergy::engine::Ctx::new(&flat, &bounded);
    cx.long_tests = true;
    let run = cx.run_test(&[]);
    assert_eq!(run.len(), 1001, "the bound's steps, no more");
    let timed = vigil_synergy::Options {
        test_step_bound: 1000,
        deadline: Some(std::time::Instant::now() + std::time::Duration::from_secs(600)),
        ..Default::default()
    };
    let mut cx = vigil_synergy::engine::Ctx::new(&flat, &timed);
    let run = cx.run_test(&[]);
    assert!(run.len() == 1001 && cx.cut_at_bound, "long tests are asked for");
    cx.long_tests = true;
    let run = cx.run_test(&[]);
    let last = *run.last().unwrap();
    assert!(run.len() > 20_000, "{}", run.len());
    assert_eq!(cx.states[last].loc, cx.exit_loc(), "the test ran to the end");
}
