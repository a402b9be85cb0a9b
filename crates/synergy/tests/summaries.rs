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
    assert_eq!(summary::run::call(&flat.procs, 0, &[20]), Outcome::Ret(6765));
    // fib(20) calls fib on 19..0 once each; every other call is answered from the memo.
    assert_eq!(flat.procs.memo.borrow()[0].map.len(), 21);
    assert_eq!(summary::run::call(&flat.procs, 0, &[(-5i64) as u64 & 0xffff_ffff]), Outcome::Ret(0));
}

#[test]
fn houdini_keeps_the_inductive_candidates_and_drops_the_others() {
    let flat = flat_of(COUNT, "count.c");
    let opts = vigil_synergy::Options::default();
    let mut cx = vigil_synergy::engine::Ctx::new(&flat, &opts);
    let n_plus = |c: u64| Lin { c, coef: vec![(0, 1)], prod: None };
    let zero = Lin { c: 0, coef: vec![], prod: None };
    let result_is_n = Post::Cmp { pred: ICmpPred::Eq, rhs: n_plus(0) };
    let cands = vec![
        // Valid: f(n) == n for n >= 0.
        Summary { pre: Pre::Cmp { i: 0, pred: ICmpPred::Sge, c: 0 }, post: result_is_n.clone() },
        // Valid: f(n) >= 0 for every n.
        Summary { pre: Pre::True, post: Post::Cmp { pred: ICmpPred::Sge, rhs: zero.clone() } },
        // Wrong for n < 0 (f(n) == 0 there).
        Summary { pre: Pre::True, post: result_is_n },
        // Wrong: f(5) == 5.
        Summary { pre: Pre::Point(vec![5]), post: Post::Cmp { pred: ICmpPred::Eq, rhs: Lin { c: 6, coef: vec![], prod: None } } },
    ];
    let kept = summary::prove::houdini(&mut cx, vec![cands.clone()]).expect("no time limit");
    assert_eq!(kept[0], cands[..2].to_vec());
    // True but not inductive alone: f(2) calls f(1), which no candidate covers (the call may
    // fail as far as the candidates know). With f(1) and f(0) it is.
    let point = |n: u64| Summary { pre: Pre::Point(vec![n]), post: Post::Cmp { pred: ICmpPred::Eq, rhs: Lin { c: n, coef: vec![], prod: None } } };
    let kept = summary::prove::houdini(&mut cx, vec![vec![point(2)]]).expect("no time limit");
    assert!(kept[0].is_empty());
    let kept = summary::prove::houdini(&mut cx, vec![vec![point(2), point(1), point(0)]]).expect("no time limit");
    assert_eq!(kept[0].len(), 3);
}
