//! Procedure summaries (`vigil_synergy::summary`): the memo of concrete calls and Houdini's
//! proof of may-summaries, on small recursive programs.

use std::path::PathBuf;

use vigil_ir::ICmpPred;
use vigil_synergy::summary::{self, run::Outcome, Lin, Post, Pre, Summary};

fn flat_of(src: &str, name: &str) -> vigil_synergy::flatten::Flat {
    // The source is only needed while it is compiled: the directory goes when `dir` does.
    let dir = tempfile::Builder::new().prefix("vigil-synergy-summaries-").tempdir().unwrap();
    let path: PathBuf = dir.path().join(name);
    std::fs::write(&path, src).unwrap();
    let m = vigil_frontend::load(&[path], &vigil_frontend::FrontendOptions::default()).unwrap();
    vigil_synergy::flatten::flatten(&m).unwrap()
}

const FIB: &str = "int fib(int n) { if (n < 1) return 0; if (n == 1) return 1; return fib(n - 1) + fib(n - 2); }\n\
                   int main(void) { return fib(20) != 6765; }\n";

const COUNT: &str = "int f(int n) { return n <= 0 ? 0 : 1 + f(n - 1); }\n\
                     int main(void) { return f(3); }\n";

#[test]
fn a_concrete_call_runs_each_argument_once_and_is_memoised() {
    let flat = flat_of(FIB, "fib.c");
    assert_eq!(flat.procs.procs.borrow().len(), 1, "fib is a procedure, not inlined");
    assert_eq!(summary::run::call(&flat.procs, 0, &[20]), Outcome::Ret(vec![6765]));
    // fib(20) calls fib on 19..0 once each; every other call is answered from the memo.
    assert_eq!(flat.procs.memo.borrow()[0].map.len(), 21);
    assert_eq!(summary::run::call(&flat.procs, 0, &[(-5i64) as u64 & 0xffff_ffff]), Outcome::Ret(vec![0]));
}

#[test]
fn houdini_keeps_the_inductive_candidates_and_drops_the_others() {
    let flat = flat_of(COUNT, "count.c");
    let opts = vigil_synergy::Options::default();
    let mut cx = vigil_synergy::engine::Ctx::new(&flat, &opts);
    let n_plus = |c: u64| Lin { c, coef: vec![(0, 1)], prod: None };
    let zero = Lin { c: 0, coef: vec![], prod: None };
    let result_is_n = Post::Cmp { o: 0, pred: ICmpPred::Eq, rhs: n_plus(0) };
    let cands = vec![
        // Valid: f(n) == n for n >= 0.
        Summary { pre: Pre::Cmp { i: 0, pred: ICmpPred::Sge, c: 0 }, post: result_is_n.clone() },
        // Valid: f(n) >= 0 for every n.
        Summary { pre: Pre::True, post: Post::Cmp { o: 0, pred: ICmpPred::Sge, rhs: zero.clone() } },
        // Wrong for n < 0 (f(n) == 0 there).
        Summary { pre: Pre::True, post: result_is_n },
        // Wrong: f(5) == 5.
        Summary { pre: Pre::Point(vec![5]), post: Post::Cmp { o: 0, pred: ICmpPred::Eq, rhs: Lin { c: 6, coef: vec![], prod: None } } },
    ];
    let kept = summary::prove::houdini(&mut cx, vec![cands.clone()]).expect("no time limit");
    assert_eq!(kept[0], cands[..2].to_vec());
    // True but not inductive alone: f(2) calls f(1), which no candidate covers (the call may
    // fail as far as the candidates know). With f(1) and f(0) it is.
    let point = |n: u64| Summary { pre: Pre::Point(vec![n]), post: Post::Cmp { o: 0, pred: ICmpPred::Eq, rhs: Lin { c: n, coef: vec![], prod: None } } };
    let kept = summary::prove::houdini(&mut cx, vec![vec![point(2)]]).expect("no time limit");
    assert!(kept[0].is_empty());
    let kept = summary::prove::houdini(&mut cx, vec![vec![point(2), point(1), point(0)]]).expect("no time limit");
    assert_eq!(kept[0].len(), 3);
}

const COUNTER: &str = "int count; int last = -1;\n\
                       void f(int n) { count = count + 1; last = n; if (n > 0) f(n - 1); }\n\
                       int main(void) { f(3); return count; }\n";

#[test]
fn the_globals_a_procedure_touches_are_inputs_and_outputs() {
    let flat = flat_of(COUNTER, "counter.c");
    assert_eq!(flat.procs.procs.borrow().len(), 1, "f is a procedure, not inlined");
    // Inputs: n, then the globals in the module's order; outputs: the globals (f is void).
    let (c, l) = {
        let procs = flat.procs.procs.borrow();
        let p = &procs[0];
        let names: Vec<&str> = p.globals.iter().map(|&r| p.flat.regs[r as usize].name.as_str()).collect();
        assert_eq!(names.len(), 2, "count and last: {names:?}");
        let c = names.iter().position(|n| n.starts_with("count")).expect("count is an input");
        (c, 1 - c)
    };
    let inputs = |n: u64, count: u64, last: u64| {
        let mut v = vec![n, 0, 0];
        v[1 + c] = count;
        v[1 + l] = last;
        v
    };
    let outputs = |count: u64, last: u64| {
        let mut v = vec![0, 0];
        v[c] = count;
        v[l] = last;
        Outcome::Ret(v)
    };
    assert_eq!(summary::run::call(&flat.procs, 0, &inputs(3, 10, 0xffff_ffff)), outputs(14, 0));
    // f(3) from count 10 ran f(2), f(1), f(0) from counts 11, 12, 13: memoised by all inputs.
    assert_eq!(flat.procs.memo.borrow()[0].map.get(&inputs(0, 13, 1)), Some(&outputs(14, 0)));
    let opts = vigil_synergy::Options::default();
    let mut cx = vigil_synergy::engine::Ctx::new(&flat, &opts);
    let n_and_count_plus = |k: u64| Lin { c: k, coef: vec![(0, 1), (1 + c, 1)], prod: None };
    let n_nonneg = Pre::Cmp { i: 0, pred: ICmpPred::Sge, c: 0 };
    let cands = vec![
        // Valid: count' == count + n + 1 and last' == 0 for n >= 0.
        Summary { pre: n_nonneg.clone(), post: Post::Cmp { o: c, pred: ICmpPred::Eq, rhs: n_and_count_plus(1) } },
        Summary { pre: n_nonneg.clone(), post: Post::Cmp { o: l, pred: ICmpPred::Eq, rhs: Lin { c: 0, coef: vec![], prod: None } } },
        // Off by one.
        Summary { pre: n_nonneg.clone(), post: Post::Cmp { o: c, pred: ICmpPred::Eq, rhs: n_and_count_plus(0) } },
        // Wrong for n > 0: last' is 0, not n.
        Summary { pre: n_nonneg, post: Post::Cmp { o: l, pred: ICmpPred::Eq, rhs: Lin { c: 0, coef: vec![(0, 1)], prod: None } } },
    ];
    let kept = summary::prove::houdini(&mut cx, vec![cands.clone()]).expect("no time limit");
    assert_eq!(kept[0], cands[..2].to_vec());
}

#[test]
fn a_global_whose_address_is_taken_keeps_recursion_inlined() {
    let src = "int count;\n\
               void set(int *p, int v) { *p = v; }\n\
               void f(int n) { count = count + 1; if (n > 0) f(n - 1); }\n\
               int main(void) { set(&count, 5); f(3); return count; }\n";
    let flat = flat_of(src, "escaped.c");
    assert!(flat.procs.is_empty(), "the footprint of f is not exact: no procedures");
}
