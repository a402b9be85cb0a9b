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
    let n_plus = |c: u64| Lin { c, coef: vec![(0, 1)], prod: None, pow2: None };
    let zero = Lin { c: 0, coef: vec![], prod: None, pow2: None };
    let result_is_n = Post::Cmp { o: 0, pred: ICmpPred::Eq, rhs: n_plus(0) };
    let cands = vec![
        // Valid: f(n) == n for n >= 0.
        Summary { pre: Pre::Cmp { i: 0, pred: ICmpPred::Sge, c: 0 }, post: result_is_n.clone() },
        // Valid: f(n) >= 0 for every n.
        Summary { pre: Pre::True, post: Post::Cmp { o: 0, pred: ICmpPred::Sge, rhs: zero.clone() } },
        // Wrong for n < 0 (f(n) == 0 there).
        Summary { pre: Pre::True, post: result_is_n },
        // Wrong: f(5) == 5.
        Summary { pre: Pre::Point(vec![5]), post: Post::Cmp { o: 0, pred: ICmpPred::Eq, rhs: Lin { c: 6, coef: vec![], prod: None, pow2: None } } },
    ];
    let kept = summary::prove::houdini(&mut cx, vec![cands.clone()]).expect("no time limit");
    assert_eq!(kept[0], cands[..2].to_vec());
    // True but not inductive alone: f(2) calls f(1), which no candidate covers (the call may
    // fail as far as the candidates know). With f(1) and f(0) it is.
    let point = |n: u64| Summary { pre: Pre::Point(vec![n]), post: Post::Cmp { o: 0, pred: ICmpPred::Eq, rhs: Lin { c: n, coef: vec![], prod: None, pow2: None } } };
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
    let n_and_count_plus = |k: u64| Lin { c: k, coef: vec![(0, 1), (1 + c, 1)], prod: None, pow2: None };
    let n_nonneg = Pre::Cmp { i: 0, pred: ICmpPred::Sge, c: 0 };
    let cands = vec![
        // Valid: count' == count + n + 1 and last' == 0 for n >= 0.
        Summary { pre: n_nonneg.clone(), post: Post::Cmp { o: c, pred: ICmpPred::Eq, rhs: n_and_count_plus(1) } },
        Summary { pre: n_nonneg.clone(), post: Post::Cmp { o: l, pred: ICmpPred::Eq, rhs: Lin { c: 0, coef: vec![], prod: None, pow2: None } } },
        // Off by one.
        Summary { pre: n_nonneg.clone(), post: Post::Cmp { o: c, pred: ICmpPred::Eq, rhs: n_and_count_plus(0) } },
        // Wrong for n > 0: last' is 0, not n.
        Summary { pre: n_nonneg, post: Post::Cmp { o: l, pred: ICmpPred::Eq, rhs: Lin { c: 0, coef: vec![(0, 1)], prod: None, pow2: None } } },
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

const GCD: &str = "int gcd(int y1, int y2) { if (y1 <= 0 || y2 <= 0) return 0; if (y1 == y2) return y1;\n\
                   if (y1 > y2) return gcd(y1 - y2, y2); return gcd(y1, y2 - y1); }\n\
                   int main(void) { return gcd(12, 18); }\n";

#[test]
fn a_precondition_over_both_parameters_proves_what_neither_bound_does() {
    let flat = flat_of(GCD, "gcd.c");
    let opts = vigil_synergy::Options::default();
    let mut cx = vigil_synergy::engine::Ctx::new(&flat, &opts);
    let pos = |i: usize| Pre::Cmp { i, pred: ICmpPred::Sge, c: 1 };
    let ret_pos = Post::Cmp { o: 0, pred: ICmpPred::Sgt, rhs: Lin { c: 0, coef: vec![], prod: None, pow2: None } };
    let cands = vec![
        // Valid: gcd of two positive numbers is positive.
        Summary { pre: Pre::Both(Box::new(pos(0)), Box::new(pos(1))), post: ret_pos.clone() },
        // Wrong: gcd(5, 0) == 0, gcd(0, 5) == 0.
        Summary { pre: pos(0), post: ret_pos.clone() },
        Summary { pre: pos(1), post: ret_pos },
    ];
    let kept = summary::prove::houdini(&mut cx, vec![cands.clone()]).expect("no time limit");
    assert_eq!(kept[0], cands[..1].to_vec());
    // The candidates from the concrete calls include it.
    assert_eq!(summary::run::call(&flat.procs, 0, &[12, 18]), Outcome::Ret(vec![6]));
    assert_eq!(summary::run::call(&flat.procs, 0, &[7, 5]), Outcome::Ret(vec![1]));
    let guessed = summary::candidates(&flat.procs, 0, &[(0, 0), (0, 1), (1, 0), (1, 1)]);
    assert!(guessed.contains(&cands[0]), "{guessed:?}");
}

const HANOI: &str = "int counter;\n\
                     int hanoi(int n) { if (n == 1) return 1; return 2 * hanoi(n - 1) + 1; }\n\
                     void apply(int n) { if (n == 0) return; counter++; apply(n - 1); apply(n - 1); }\n\
                     int main(void) { apply(5); return hanoi(5) != counter; }\n";

#[test]
fn a_power_of_two_counts_a_two_way_recursion_with_wrap_around() {
    let flat = flat_of(HANOI, "hanoi.c");
    let names: Vec<String> = flat.procs.procs.borrow().iter().map(|p| p.name.clone()).collect();
    let h = names.iter().position(|n| n == "hanoi").expect("hanoi is a procedure") as u32;
    let a = names.iter().position(|n| n == "apply").expect("apply is a procedure") as u32;
    // Concretely, past the width too: 2^n - 1 wraps to -1 from n = 32 on.
    assert_eq!(summary::run::call(&flat.procs, h, &[5]), Outcome::Ret(vec![31]));
    assert_eq!(summary::run::call(&flat.procs, h, &[40]), Outcome::Ret(vec![0xffff_ffff]));
    assert_eq!(summary::run::call(&flat.procs, a, &[4, 100]), Outcome::Ret(vec![115]));
    let pow = |k: u64, plus: Vec<(usize, u64)>| Lin { c: k, coef: plus, prod: None, pow2: Some((0, 1)) };
    let m1 = 0xffff_ffffu64;
    let hanoi = vec![
        // Valid for n >= 1 with wrap-around: hanoi(n) == 2^n - 1.
        Summary { pre: Pre::Cmp { i: 0, pred: ICmpPred::Sge, c: 1 }, post: Post::Cmp { o: 0, pred: ICmpPred::Eq, rhs: pow(m1, vec![]) } },
        // Wrong: off by one.
        Summary { pre: Pre::Cmp { i: 0, pred: ICmpPred::Sge, c: 1 }, post: Post::Cmp { o: 0, pred: ICmpPred::Eq, rhs: pow(0, vec![]) } },
    ];
    let apply = vec![
        // Valid for every n: counter' == counter + 2^n - 1.
        Summary { pre: Pre::True, post: Post::Cmp { o: 0, pred: ICmpPred::Eq, rhs: pow(m1, vec![(1, 1)]) } },
        // Wrong: counter' == counter + 2^n.
        Summary { pre: Pre::True, post: Post::Cmp { o: 0, pred: ICmpPred::Eq, rhs: pow(0, vec![(1, 1)]) } },
    ];
    let mut cands = vec![Vec::new(); names.len()];
    cands[h as usize] = hanoi.clone();
    cands[a as usize] = apply.clone();
    let opts = vigil_synergy::Options::default();
    let mut cx = vigil_synergy::engine::Ctx::new(&flat, &opts);
    let kept = summary::prove::houdini(&mut cx, cands).expect("no time limit");
    assert_eq!(kept[h as usize], hanoi[..1].to_vec());
    assert_eq!(kept[a as usize], apply[..1].to_vec());
    // The concrete calls agree with the valid ones, and disagree with the wrong ones.
    let sh = summary::Shape::of(&flat.procs, h);
    assert!(hanoi[0].agrees(&sh, &[40], &Outcome::Ret(vec![m1])));
    assert!(!hanoi[1].agrees(&sh, &[5], &Outcome::Ret(vec![31])));
}
