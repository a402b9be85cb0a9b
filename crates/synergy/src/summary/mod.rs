//! Procedure summaries (issue #18), after SMASH (Godefroid, Nori, Rajamani, Tetali,
//! *Compositional May-Must Program Analysis: Unleashing the Power of Alternation*, POPL 2010,
//! §3–4), in a simpler form that is sound on its own:
//!
//! * **must-summaries** are the memo of concrete calls ([`run`]): exact `inputs ↦ outcome`
//!   pairs of a deterministic procedure, its inputs being the arguments and the values of the
//!   globals of its footprint ([`crate::flatten::procs`]), its outcome the result and those
//!   globals' final values (or the error, undefined behaviour, a block, or divergence: a call
//!   that reaches a call with its own inputs while still running, [`run`]). Test generation (the symbolic step in [`Mode::Concrete`])
//!   uses them so that a path through a call is followed by the test the model gives, and a
//!   test reaches states behind deep recursion without re-executing it.
//! * **may-summaries** are pairs `pre ⇒ post` ([`Summary`]) over a procedure's inputs and
//!   outputs, meaning: *a call whose inputs satisfy `pre` reaches no error and no undefined
//!   behaviour, and if it returns, its outputs satisfy `post`* (a call counter's summary is
//!   `n >= 0 ⇒ count' == count + n + 1`). The abstract program (the symbolic step in
//!   [`Mode::Abstract`]) steps a call to fresh outputs constrained by every proven summary
//!   whose `pre` holds, and to the error and undefined-behaviour locations when no proven
//!   `pre` covers the inputs.
//!
//! May-summaries are guessed from the must-summaries (templates instantiated and filtered by
//! every concrete call, [`candidates`]) and proven together by [`prove`]: Houdini's greatest
//! inductive subset (Flanagan, Leino, FME 2001), each procedure body checked path by path with
//! its own calls stepped through the candidate set. Preconditions are `true`, a threshold of
//! the body's comparisons on one input, two of them (on two inputs: `y1 >= 1 && y2 >= 1` for
//! Euclid's gcd, whose result is positive only when both are; or a range of one input), one
//! value of an input that takes few values across the calls (`m == 2` for Ackermann's
//! function), and the points of the smallest calls; postconditions are equalities with a
//! constant, with inputs plus a constant, with a product of parameters or `2^p` of one plus a
//! constant, with `k·p + c` or `k·2^p + c` for a `k` fitted to two calls that differ in `p`
//! (a relation is proposed only when two calls agree with it), bounds by zero, by the calls'
//! extremes and by each input, parities (`posts_from`), and `false` ("never returns", for
//! the points of diverging calls and for preconditions that only diverging calls meet). Each
//! post is put in normal form under its precondition ([`Summary::new`]): an input the
//! precondition fixes is folded into constants, so `m == 2 ⇒ r == m·n + 3` is proposed as
//! `m == 2 ⇒ r == 2·n + 3`, which is the same summary without a multiplier (products in
//! the checks are what makes a Houdini round slow) and the same candidate as the slope
//! fitted for it. A guess is only a guess: what
//! the abstract program uses is what Houdini proves, on the bit-vector semantics of the body
//! (signed arithmetic wraps under `unreach-call`, as in the VM), so a template that holds only
//! without wrap-around (`n >= 0 => result >= n + 1` of a function adding one per level) is
//! dropped, never used.
//!
//! Soundness (partial correctness by induction, as in Hoare logic's rule for recursive
//! procedures): suppose every procedure body, started in any state whose inputs satisfy
//! some candidate's `pre`, with every call inside answered by the candidates (outputs that
//! satisfy each applicable `post`, the error when no `pre` covers the inputs), can reach
//! neither the error nor undefined behaviour, and returns only outputs satisfying each
//! applicable `post`. Take the shortest concrete execution of a call, with inputs in some
//! `pre`, that reaches the error or returns outputs violating a `post`. Every call it makes
//! and finishes is shorter, so by minimality satisfies the candidates; the body's check then
//! says the execution cannot exist. So all candidates hold, and an abstract program that uses
//! them over-approximates the calls. Calls that never return are covered vacuously (nothing
//! after them runs). A `false` postcondition ([`Post::Never`]) needs nothing more: it is a
//! partial-correctness claim like any other (a call under its `pre` returns nothing), so the
//! same induction over the shortest returning execution proves it, and the abstract program,
//! which steps a call to outputs satisfying the applicable posts, has no successor past such
//! a call (the inputs' may-constraint is `¬pre`). Procedures are closed and acyclic ([`crate::flatten::procs`]), so a
//! body's paths are finitely many and each check is one solver query; closed means that
//! nothing but its inputs decides a call and nothing but its outputs is what it changes for
//! its caller (a global it may write is an output, written back at the call).

pub mod prove;
pub mod run;

use vigil_bv::{TermId, TermManager};
use vigil_ir::ICmpPred;
use vigil_semantics::symbolic;

use crate::flatten::mask;
use crate::flatten::procs::ProcTable;
pub use prove::prove;
use run::Outcome;

/// `c + Σ coef[i]·p[i] (+ p[i]·p[j]) (+ k·2^p[l])` over the inputs `p` ([`Shape::ins`]),
/// wrapping at the width of the output it bounds; only inputs of that width take part.
/// `2^p[l]` is the bit-vector shift `1 << p[l]`, 0 when `p[l]` (unsigned) is the width or
/// more: with wrap-around, `2^n − 1` is what doubling-plus-one recursions (Hanoi's move
/// count) compute for every `n ≥ 1`, the `n` past the width included (and `8·2^n − 3`
/// Ackermann's function for a first argument of 3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lin {
    pub c: u64,
    pub coef: Vec<(usize, u64)>,
    pub prod: Option<(usize, usize)>,
    /// `(l, k)`: the term `k·2^p[l]`.
    pub pow2: Option<(usize, u64)>,
}

/// `1 << v` at width `w`, 0 when `v` (unsigned) is `w` or more (the bit-vector `bvshl`).
fn pow2(v: u64, w: u32) -> u64 {
    let v = v & mask(w);
    if v < u64::from(w) { (1u64 << v) & mask(w) } else { 0 }
}

/// The inputs (arguments and globals' initial values) a summary speaks about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pre {
    True,
    /// Exactly these inputs.
    Point(Vec<u64>),
    /// `p[i] pred c`.
    Cmp { i: usize, pred: ICmpPred, c: u64 },
    /// Both hold: a parameter's bound and a global's (a recursion that keeps a global's
    /// value in a range while its argument stays in another).
    Both(Box<Pre>, Box<Pre>),
}

/// What the outputs (result and globals' final values) of a call that returns satisfy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Post {
    True,
    /// `out[o] pred lin`.
    Cmp { o: usize, pred: ICmpPred, rhs: Lin },
    /// `out[o] == (p[i] & 1) ^ flip`: the parity of an input (mutually recursive even/odd
    /// tests, a flag toggled once per level).
    Parity { o: usize, i: usize, flip: bool },
    /// `false`: a call in the precondition never returns (and, as every summary says,
    /// reaches no error): a partial-correctness post like any other.
    Never,
}

/// `pre ⇒ (no error ∧ (returns ⇒ post))` for one procedure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub pre: Pre,
    pub post: Post,
}

/// The widths a procedure's summaries are over: its inputs ([`crate::flatten::procs::Proc::inputs`]:
/// parameters, then globals) and outputs ([`crate::flatten::procs::Proc::outputs`]: the result
/// unless `void`, then globals).
#[derive(Clone, Debug)]
pub struct Shape {
    pub ins: Vec<u32>,
    pub outs: Vec<u32>,
    /// The first output is the result (else the procedure is `void`).
    pub returns: bool,
    /// The first `params` inputs are the parameters (the others are globals).
    pub params: usize,
}

impl Shape {
    pub fn of(table: &ProcTable, p: u32) -> Shape {
        let procs = table.procs.borrow();
        let pr = &procs[p as usize];
        let width = |rs: Vec<u32>| rs.into_iter().map(|r| pr.flat.width(r)).collect();
        Shape { ins: width(pr.inputs()), outs: width(pr.outputs()), returns: pr.ret.is_some(), params: pr.params.len() }
    }
}

fn sext(v: u64, w: u32) -> i64 {
    crate::flatten::sext(v, w)
}

fn cmp_holds(pred: ICmpPred, w: u32, a: u64, b: u64) -> bool {
    vigil_semantics::ops::icmp(pred, w, vigil_semantics::Scalar::int(a & mask(w)), vigil_semantics::Scalar::int(b & mask(w))).bits & 1 == 1
}

impl Lin {
    fn eval(&self, args: &[u64], w: u32) -> u64 {
        let mut v = self.c;
        for &(i, k) in &self.coef {
            v = v.wrapping_add(k.wrapping_mul(args[i]));
        }
        if let Some((i, j)) = self.prod {
            v = v.wrapping_add(args[i].wrapping_mul(args[j]));
        }
        if let Some((i, k)) = self.pow2 {
            v = v.wrapping_add(k.wrapping_mul(pow2(args[i], w)));
        }
        v & mask(w)
    }

    fn term(&self, tm: &mut TermManager, args: &[TermId], w: u32) -> TermId {
        let mut t = tm.bv_u64(w, self.c & mask(w));
        for &(i, k) in &self.coef {
            let kk = tm.bv_u64(w, k & mask(w));
            let m = tm.bvmul(kk, args[i]);
            t = tm.bvadd(t, m);
        }
        if let Some((i, j)) = self.prod {
            let m = tm.bvmul(args[i], args[j]);
            t = tm.bvadd(t, m);
        }
        if let Some((i, k)) = self.pow2 {
            let one = tm.bv_u64(w, 1);
            let mut m = tm.bvshl(one, args[i]);
            if k & mask(w) != 1 {
                let kk = tm.bv_u64(w, k & mask(w));
                m = tm.bvmul(kk, m);
            }
            t = tm.bvadd(t, m);
        }
        t
    }

    /// The same function of the inputs wherever the inputs `fixed` names have those values
    /// (a precondition that admits one value of them, [`Pre::fixed`]), in normal form: each
    /// fixed input's terms folded into the constant (a product with one fixed factor becomes
    /// a coefficient, `2^c` a constant), coefficients merged by input, sorted, without zeros,
    /// and every constant sign-extended from the width `w` (so that equal functions at that
    /// width are equal values, and small negative constants show as such).
    fn under(&self, fixed: &[Option<u64>], w: u32) -> Lin {
        let norm = |v: u64| sext(v, w) as u64;
        let mut c = self.c;
        let mut coef: Vec<(usize, u64)> = Vec::new();
        let add = |coef: &mut Vec<(usize, u64)>, i: usize, k: u64| match coef.iter_mut().find(|(j, _)| *j == i) {
            Some(e) => e.1 = e.1.wrapping_add(k),
            None => coef.push((i, k)),
        };
        for &(i, k) in &self.coef {
            match fixed[i] {
                Some(v) => c = c.wrapping_add(k.wrapping_mul(v)),
                None => add(&mut coef, i, k),
            }
        }
        let mut prod = None;
        if let Some((i, j)) = self.prod {
            match (fixed[i], fixed[j]) {
                (Some(a), Some(b)) => c = c.wrapping_add(a.wrapping_mul(b)),
                (Some(a), None) => add(&mut coef, j, a),
                (None, Some(b)) => add(&mut coef, i, b),
                (None, None) => prod = Some((i, j)),
            }
        }
        let mut pow2_term = None;
        if let Some((l, k)) = self.pow2 {
            match fixed[l] {
                Some(v) => c = c.wrapping_add(k.wrapping_mul(pow2(v, w))),
                None if norm(k) != 0 => pow2_term = Some((l, norm(k))),
                None => {}
            }
        }
        let mut coef: Vec<(usize, u64)> = coef.into_iter().map(|(i, k)| (i, norm(k))).filter(|&(_, k)| k != 0).collect();
        coef.sort_unstable();
        Lin { c: norm(c), coef, prod, pow2: pow2_term }
    }

    fn show(&self, names: &[String]) -> String {
        let mut parts = Vec::new();
        for &(i, k) in &self.coef {
            parts.push(if k == 1 { names[i].clone() } else { format!("{}*{}", k as i64, names[i]) });
        }
        if let Some((i, j)) = self.prod {
            parts.push(format!("{}*{}", names[i], names[j]));
        }
        if let Some((i, k)) = self.pow2 {
            parts.push(if k == 1 { format!("(1 << {})", names[i]) } else { format!("{}*(1 << {})", k as i64, names[i]) });
        }
        if self.c != 0 || parts.is_empty() {
            parts.push(format!("{}", self.c as i64));
        }
        parts.join(" + ")
    }
}

impl Pre {
    fn holds(&self, sh: &Shape, args: &[u64]) -> bool {
        match self {
            Pre::True => true,
            Pre::Point(a) => a.iter().zip(args).zip(&sh.ins).all(|((x, y), &w)| x & mask(w) == y & mask(w)),
            Pre::Cmp { i, pred, c } => cmp_holds(*pred, sh.ins[*i], args[*i], *c),
            Pre::Both(a, b) => a.holds(sh, args) && b.holds(sh, args),
        }
    }

    fn term(&self, tm: &mut TermManager, sh: &Shape, args: &[TermId]) -> TermId {
        match self {
            Pre::True => tm.tt(),
            Pre::Point(a) => {
                let mut t = tm.tt();
                for ((&x, &at), &w) in a.iter().zip(args).zip(&sh.ins) {
                    let k = tm.bv_u64(w, x & mask(w));
                    let e = tm.eq(at, k);
                    t = tm.and(t, e);
                }
                t
            }
            Pre::Cmp { i, pred, c } => {
                let k = tm.bv_u64(sh.ins[*i], *c & mask(sh.ins[*i]));
                symbolic::icmp(tm, *pred, args[*i], k)
            }
            Pre::Both(a, b) => {
                let (x, y) = (a.term(tm, sh, args), b.term(tm, sh, args));
                tm.and(x, y)
            }
        }
    }

    /// Per input, the one value the precondition admits for it, if it admits one: a point's
    /// values, `p == c`, or signed bounds that meet (`p >= c && p < c + 1`). Other
    /// comparisons (unsigned, `!=`) are left out, which only makes fewer inputs fixed.
    pub fn fixed(&self, sh: &Shape) -> Vec<Option<u64>> {
        let n = sh.ins.len();
        if let Pre::Point(a) = self {
            return (0..n).map(|i| Some(a[i] & mask(sh.ins[i]))).collect();
        }
        // Signed bounds [lo, hi] per input, narrowed by every comparison of the conjunction.
        let mut lo = vec![i128::MIN; n];
        let mut hi = vec![i128::MAX; n];
        fn narrow(pre: &Pre, sh: &Shape, lo: &mut [i128], hi: &mut [i128]) {
            match pre {
                Pre::Cmp { i, pred, c } => {
                    let v = i128::from(sext(*c, sh.ins[*i]));
                    let (l, h) = (&mut lo[*i], &mut hi[*i]);
                    match pred {
                        ICmpPred::Eq => (*l, *h) = ((*l).max(v), (*h).min(v)),
                        ICmpPred::Slt => *h = (*h).min(v - 1),
                        ICmpPred::Sle => *h = (*h).min(v),
                        ICmpPred::Sgt => *l = (*l).max(v + 1),
                        ICmpPred::Sge => *l = (*l).max(v),
                        _ => {}
                    }
                }
                Pre::Both(a, b) => {
                    narrow(a, sh, lo, hi);
                    narrow(b, sh, lo, hi);
                }
                Pre::True | Pre::Point(_) => {}
            }
        }
        narrow(self, sh, &mut lo, &mut hi);
        (0..n).map(|i| (lo[i] == hi[i]).then(|| lo[i] as u64 & mask(sh.ins[i]))).collect()
    }

    fn show(&self, names: &[String]) -> String {
        match self {
            Pre::True => "true".to_string(),
            Pre::Point(a) => {
                let e: Vec<String> = a.iter().zip(names).map(|(v, n)| format!("{n} == {}", *v as i64)).collect();
                if e.is_empty() { "true".into() } else { e.join(" && ") }
            }
            Pre::Cmp { i, pred, c } => format!("{} {} {}", names[*i], pred_str(*pred), *c as i64),
            Pre::Both(a, b) => format!("{} && {}", a.show(names), b.show(names)),
        }
    }
}

impl Summary {
    /// `pre ⇒ post` with the postcondition in normal form under the precondition
    /// ([`Lin::under`] of the inputs [`Pre::fixed`] fixes; a fixed input's parity is a
    /// constant). It is the same summary (the two posts agree on every input the
    /// precondition admits), so it is as true and as inductive; what changes is its
    /// cost: `m == 2 ⇒ r == m·n + 3` is `m == 2 ⇒ r == 2·n + 3`, with no multiplier in any
    /// check, and candidates that differ only in form become one.
    pub fn new(pre: Pre, post: Post, sh: &Shape) -> Summary {
        let fixed = pre.fixed(sh);
        let post = match post {
            Post::Cmp { o, pred, rhs } => Post::Cmp { o, pred, rhs: rhs.under(&fixed, sh.outs[o]) },
            Post::Parity { o, i, flip } => match fixed[i] {
                Some(v) => Post::Cmp { o, pred: ICmpPred::Eq, rhs: Lin { c: (v & 1) ^ u64::from(flip), coef: vec![], prod: None, pow2: None } },
                None => Post::Parity { o, i, flip },
            },
            p @ (Post::True | Post::Never) => p,
        };
        Summary { pre, post }
    }

    /// Whether a concrete call `args ↦ o` agrees with the summary.
    pub fn agrees(&self, sh: &Shape, args: &[u64], o: &Outcome) -> bool {
        if !self.pre_holds(sh, args) {
            return true;
        }
        match o {
            Outcome::Ret(outs) => match &self.post {
                Post::True => true,
                Post::Cmp { o, pred, rhs } => cmp_holds(*pred, sh.outs[*o], outs[*o], rhs.eval(args, sh.outs[*o])),
                Post::Parity { o, i, flip } => outs[*o] & mask(sh.outs[*o]) == (args[*i] & 1) ^ u64::from(*flip),
                Post::Never => false,
            },
            Outcome::Error(_) | Outcome::Ub(..) => false,
            Outcome::Blocked | Outcome::Cut | Outcome::Diverges => true,
        }
    }

    /// Whether the postcondition multiplies two inputs (its checks are hard for the solver).
    pub fn is_heavy(&self) -> bool {
        matches!(&self.post, Post::Cmp { rhs: Lin { prod: Some(_), .. }, .. })
    }

    pub fn pre_holds(&self, sh: &Shape, args: &[u64]) -> bool {
        self.pre.holds(sh, args)
    }

    /// The summary's precondition on input terms.
    pub fn pre_term(&self, tm: &mut TermManager, sh: &Shape, args: &[TermId]) -> TermId {
        self.pre.term(tm, sh, args)
    }

    /// The postcondition on input terms and output terms.
    pub fn post_term(&self, tm: &mut TermManager, sh: &Shape, args: &[TermId], outs: &[TermId]) -> TermId {
        match &self.post {
            Post::Cmp { o, pred, rhs } => {
                let t = rhs.term(tm, args, sh.outs[*o]);
                symbolic::icmp(tm, *pred, outs[*o], t)
            }
            Post::Parity { o, i, flip } => {
                let (w, r) = (sh.outs[*o], outs[*o]);
                // The parameter's low bit, widened to the result's width, flipped.
                let bit = tm.extract(args[*i], 0, 0);
                let wide = if w > 1 { tm.zero_extend(bit, w - 1) } else { bit };
                let k = tm.bv_u64(w, u64::from(*flip));
                let rhs = tm.bvxor(wide, k);
                tm.eq(r, rhs)
            }
            Post::True => tm.tt(),
            Post::Never => tm.ff(),
        }
    }

    /// The summary in C-like text over the names of the inputs and of the outputs.
    pub fn show(&self, names: &[String], out_names: &[String]) -> String {
        let pre = self.pre.show(names);
        let post = match &self.post {
            Post::True => "no error".to_string(),
            Post::Never => "no error, never returns".to_string(),
            Post::Cmp { o, pred, rhs } => format!("no error, {} {} {}", out_names[*o], pred_str(*pred), rhs.show(names)),
            Post::Parity { o, i, flip } => format!("no error, {} == ({} & 1){}", out_names[*o], names[*i], if *flip { " ^ 1" } else { "" }),
        };
        format!("{pre} => {post}")
    }
}

fn pred_str(p: ICmpPred) -> &'static str {
    use ICmpPred::*;
    match p {
        Eq => "==",
        Ne => "!=",
        Slt => "<",
        Sle => "<=",
        Sgt => ">",
        Sge => ">=",
        Ult => "<u",
        Ule => "<=u",
        Ugt => ">u",
        Uge => ">=u",
    }
}

/// The candidate may-summaries of procedure `p`: templates instantiated from its concrete calls
/// and kept when every call agrees (and some call meets the precondition). Preconditions are
/// `true`, a threshold on one input, and two thresholds (on two inputs, or a range of one).
pub fn candidates(table: &ProcTable, p: u32, thresholds: &[(usize, u64)]) -> Vec<Summary> {
    let sh = Shape::of(table, p);
    let memos = table.memo.borrow();
    let memo = &memos[p as usize];
    let all: Vec<(&Vec<u64>, &Outcome)> = memo.order.iter().map(|a| (a, &memo.map[a])).collect();
    let rets: Vec<(&Vec<u64>, &Vec<u64>)> = all.iter().filter_map(|(a, o)| if let Outcome::Ret(r) = o { Some((*a, r)) } else { None }).collect();
    // The calls every candidate is filtered by: the ones that did not return, and an even
    // sample of at most MAX_FILTER_CALLS of those that did (a deep recursion memoises
    // 100000 calls, and each round filters hundreds of candidates; what the sample lets
    // through Houdini drops).
    let step = rets.len().div_ceil(MAX_FILTER_CALLS).max(1);
    let mut k = 0usize;
    let obs: Vec<(&Vec<u64>, &Outcome)> = all
        .iter()
        .filter(|(_, o)| {
            if !matches!(o, Outcome::Ret(_)) {
                return true;
            }
            k += 1;
            (k - 1) % step == 0
        })
        .copied()
        .collect();
    let mut out = vec![Summary { pre: Pre::True, post: Post::True }];
    let mut pres = vec![Pre::True];
    for &(i, c) in thresholds {
        for pred in [ICmpPred::Slt, ICmpPred::Sge] {
            pres.push(Pre::Cmp { i, pred, c });
        }
    }
    // Two bounds: on two inputs (both arguments positive, a parameter's bound with a
    // global's), or a lower and an upper one on the same input (a range).
    let single = pres.len();
    for a in 1..single {
        for b in a + 1..single {
            if let (Pre::Cmp { i, pred: pa, .. }, Pre::Cmp { i: j, pred: pb, .. }) = (&pres[a], &pres[b]) {
                if i != j || pa != pb {
                    pres.push(Pre::Both(Box::new(pres[a].clone()), Box::new(pres[b].clone())));
                }
            }
        }
    }
    // One value of an input that takes few values across many calls (a recursion down a few
    // levels of one argument: Ackermann's function is n + 1, n + 2, 2n + 3 and 8·2^n − 3 for
    // m = 0, 1, 2, 3, each proven with the one below). Few calls with few values are no
    // sign of that (the first calls of any recursion), and each precondition brings its
    // posts to every check of the body.
    for i in 0..sh.ins.len() {
        let mut vals: Vec<u64> = all.iter().map(|(a, _)| a[i]).collect();
        vals.sort_unstable();
        vals.dedup();
        if (2..=MAX_VALUE_PRES).contains(&vals.len()) && vals.len() * CALLS_PER_VALUE <= all.len() {
            pres.extend(vals.into_iter().map(|c| Pre::Cmp { i, pred: ICmpPred::Eq, c }));
        }
    }
    let agrees_all = |s: &Summary| obs.iter().all(|(a, o)| s.agrees(&sh, a, o));
    for pre in &pres {
        let s = Summary { pre: pre.clone(), post: Post::True };
        // The calls the precondition meets; the templates' constants come from the first.
        let inside: Vec<(&Vec<u64>, &Vec<u64>)> = rets.iter().filter(|(a, _)| s.pre_holds(&sh, a)).copied().collect();
        if inside.is_empty() {
            // No call under it returned: if some call under it diverged, maybe none returns.
            let never = Summary { pre: pre.clone(), post: Post::Never };
            if all.iter().any(|(a, o)| **o == Outcome::Diverges && s.pre_holds(&sh, a)) && agrees_all(&never) {
                out.push(never);
            }
            continue;
        }
        if *pre != Pre::True && agrees_all(&s) {
            out.push(s);
        }
        for o in 0..sh.outs.len() {
            for post in posts_from(&sh, o, &inside) {
                let s = Summary::new(pre.clone(), post, &sh);
                if agrees_all(&s) && !out.contains(&s) {
                    out.push(s);
                }
            }
        }
    }
    // Points: the calls with the smallest arguments, exactly (a recursion's calls on small
    // arguments reach its base cases, so the points are closed under the calls they make).
    let mut small = rets.clone();
    small.sort_by_key(|(a, _)| a.iter().zip(&sh.ins).map(|(v, &w)| sext(*v, w).unsigned_abs()).fold(0u64, u64::saturating_add));
    // The diverging calls likewise (a cycle of calls closes on itself: each call in it is a
    // point, and all of them together are inductive).
    let mut never: Vec<&Vec<u64>> = all.iter().filter(|(_, o)| **o == Outcome::Diverges).map(|(a, _)| *a).collect();
    never.sort_by_key(|a| a.iter().zip(&sh.ins).map(|(v, &w)| sext(*v, w).unsigned_abs()).fold(0u64, u64::saturating_add));
    for a in never.into_iter().take(MAX_POINTS) {
        out.push(Summary { pre: Pre::Point(a.clone()), post: Post::Never });
    }
    for (a, r) in small.iter().take(MAX_POINTS) {
        if r.is_empty() {
            out.push(Summary { pre: Pre::Point((*a).clone()), post: Post::True });
        }
        for (o, &v) in r.iter().enumerate() {
            let post = Post::Cmp { o, pred: ICmpPred::Eq, rhs: Lin { c: v, coef: vec![], prod: None, pow2: None } };
            out.push(Summary { pre: Pre::Point((*a).clone()), post });
        }
    }
    out
}

/// Postcondition templates on output `o` instantiated on the calls `rets` (inputs, outputs)
/// that a precondition meets: the output as a constant, an input plus a constant, a sum of
/// inputs or a product of parameters plus a constant, `2^p` of a parameter plus a constant
/// or an input (constants from the first call; a global's final value as its initial one plus
/// a parameter and a constant is such a sum),
/// bounds by zero, by the output's extreme values and by each input, and the parity of each
/// input (flipped or not). The relations (all but the constant) are proposed only when at
/// least two calls meet the precondition. (Products with globals are left out: each is a multiplier in every
/// check of the procedure's body, and proving one inductive is hard for the solver.)
fn posts_from(sh: &Shape, o: usize, rets: &[(&Vec<u64>, &Vec<u64>)]) -> Vec<Post> {
    let mut posts = Vec::new();
    let Some((a0, outs0)) = rets.first() else { return posts };
    let (w, r0) = (sh.outs[o], outs0[o]);
    let n = sh.ins.len();
    let same: Vec<usize> = (0..n).filter(|&i| sh.ins[i] == w).collect();
    let mut lins = vec![Lin { c: r0, coef: vec![], prod: None, pow2: None }];
    for &i in &same {
        lins.push(Lin { c: r0.wrapping_sub(a0[i]), coef: vec![(i, 1)], prod: None, pow2: None });
        lins.push(Lin { c: r0.wrapping_add(a0[i]), coef: vec![(i, mask(w))], prod: None, pow2: None });
        for &j in same.iter().filter(|&&j| j > i) {
            lins.push(Lin { c: r0.wrapping_sub(a0[i]).wrapping_sub(a0[j]), coef: vec![(i, 1), (j, 1)], prod: None, pow2: None });
            if j < sh.params {
                lins.push(Lin { c: r0.wrapping_sub(a0[i].wrapping_mul(a0[j])), coef: vec![], prod: Some((i, j)), pow2: None });
            }
        }
        if i < sh.params {
            lins.push(Lin { c: r0.wrapping_sub(a0[i].wrapping_mul(a0[i])), coef: vec![], prod: Some((i, i)), pow2: None });
            // Doubling recursions: `c + 2^p[i]`, and a global's final value as its initial
            // one plus that (a counter bumped once per call of a two-way recursion).
            let c = r0.wrapping_sub(pow2(a0[i], w));
            lins.push(Lin { c, coef: vec![], prod: None, pow2: Some((i, 1)) });
            for &j in same.iter().filter(|&&j| j != i) {
                lins.push(Lin { c: c.wrapping_sub(a0[j]), coef: vec![(j, 1)], prod: None, pow2: Some((i, 1)) });
            }
        }
    }
    // Slopes fitted to the first call and the first that differs from it in input i:
    // `k·p[i] + c` (a recursion adding k per level) and `k·2^p[i] + c` (one doubling its
    // result and adding a constant per level), when k is a whole number.
    for &i in &same {
        let Some((a1, outs1)) = rets.iter().find(|(a, _)| a[i] & mask(w) != a0[i] & mask(w)) else { continue };
        let dr = i128::from(sext(outs1[o], w)) - i128::from(sext(r0, w));
        let dx = i128::from(sext(a1[i], w)) - i128::from(sext(a0[i], w));
        if dr % dx == 0 && !(-1..=1).contains(&(dr / dx)) {
            let k = (dr / dx) as i64 as u64;
            lins.push(Lin { c: r0.wrapping_sub(k.wrapping_mul(a0[i])), coef: vec![(i, k)], prod: None, pow2: None });
        }
        let (x0, x1) = (a0[i] & mask(w), a1[i] & mask(w));
        if i < sh.params && x0 < u64::from(w) && x1 < u64::from(w) {
            let d = i128::from(pow2(x1, w)) - i128::from(pow2(x0, w));
            if d != 0 && dr % d == 0 && !(0..=1).contains(&(dr / d)) {
                let k = (dr / d) as i64 as u64;
                lins.push(Lin { c: r0.wrapping_sub(k.wrapping_mul(pow2(x0, w))), coef: vec![], prod: None, pow2: Some((i, k)) });
            }
        }
    }
    // A relation fitted to one call is no guess at all (every call fits it, and a product's
    // or a power's candidates make every check of the body heavier): the relations need a
    // second call under the precondition to agree with them.
    if rets.len() < 2 {
        lins.truncate(1);
    }
    posts.extend(lins.into_iter().map(|rhs| Post::Cmp { o, pred: ICmpPred::Eq, rhs }));
    let zero = Lin { c: 0, coef: vec![], prod: None, pow2: None };
    for pred in [ICmpPred::Sge, ICmpPred::Sgt, ICmpPred::Sle] {
        posts.push(Post::Cmp { o, pred, rhs: zero.clone() });
    }
    let smin = rets.iter().map(|(_, r)| sext(r[o], w)).min().unwrap_or(0);
    let smax = rets.iter().map(|(_, r)| sext(r[o], w)).max().unwrap_or(0);
    posts.push(Post::Cmp { o, pred: ICmpPred::Sge, rhs: Lin { c: smin as u64, coef: vec![], prod: None, pow2: None } });
    posts.push(Post::Cmp { o, pred: ICmpPred::Sle, rhs: Lin { c: smax as u64, coef: vec![], prod: None, pow2: None } });
    for &i in &same {
        for pred in [ICmpPred::Sge, ICmpPred::Sle, ICmpPred::Uge, ICmpPred::Ule] {
            posts.push(Post::Cmp { o, pred, rhs: Lin { c: 0, coef: vec![(i, 1)], prod: None, pow2: None } });
        }
    }
    for i in 0..n {
        for flip in [false, true] {
            posts.push(Post::Parity { o, i, flip });
        }
    }
    posts
}

/// Returning calls each candidate is checked against before Houdini ([`candidates`]).
pub const MAX_FILTER_CALLS: usize = 4096;

/// Inputs taking at most this many values across the memoised calls get a precondition per
/// value ([`candidates`]).
pub const MAX_VALUE_PRES: usize = 6;

/// Memoised calls per value of an input before it gets a precondition per value.
pub const CALLS_PER_VALUE: usize = 8;

/// Point summaries proposed per procedure and round.
pub const MAX_POINTS: usize = 64;

/// The may-constraint of a call of `p` on inputs `args` with outputs `outs` under the
/// summaries in the table, and the condition that some summary covers the inputs.
pub fn may_terms(tm: &mut TermManager, table: &ProcTable, p: u32, args: &[TermId], outs: &[TermId]) -> (TermId, TermId) {
    let sh = Shape::of(table, p);
    let sums = table.summaries.borrow();
    let mut may = tm.tt();
    let mut covered = tm.ff();
    for s in &sums[p as usize] {
        let pre = s.pre_term(tm, &sh, args);
        if tm.bool_value(pre) == Some(false) {
            continue;
        }
        let post = s.post_term(tm, &sh, args, outs);
        let npre = tm.not(pre);
        let imp = tm.or(npre, post);
        may = tm.and(may, imp);
        covered = tm.or(covered, pre);
    }
    (may, covered)
}

/// Must-constraints of a call for test generation: `(returns, errs, ub)`: the outputs of each
/// memoised call that returned, and the conditions that the inputs are those of a memoised
/// call that reached the error (undefined behaviour). Memoised calls that blocked are excluded
/// from `returns`.
pub fn must_terms(tm: &mut TermManager, table: &ProcTable, p: u32, args: &[TermId], outs: &[TermId]) -> (TermId, TermId, TermId) {
    let sh = Shape::of(table, p);
    let memo = table.memo.borrow();
    let m = &memo[p as usize];
    let (mut rets, mut errs, mut ubs) = (tm.tt(), tm.ff(), tm.ff());
    for a in m.order.iter().rev().take(MAX_MUST) {
        let s = Summary { pre: Pre::Point(a.clone()), post: Post::True };
        let at = s.pre_term(tm, &sh, args);
        if tm.bool_value(at) == Some(false) {
            continue;
        }
        match &m.map[a] {
            Outcome::Ret(r) => {
                let n = tm.not(at);
                for ((&ot, &w), &v) in outs.iter().zip(&sh.outs).zip(r) {
                    let k = tm.bv_u64(w, v & mask(w));
                    let e = tm.eq(ot, k);
                    let imp = tm.or(n, e);
                    rets = tm.and(rets, imp);
                }
            }
            Outcome::Error(_) => errs = tm.or(errs, at),
            Outcome::Ub(..) => ubs = tm.or(ubs, at),
            Outcome::Blocked | Outcome::Cut | Outcome::Diverges => {
                let n = tm.not(at);
                rets = tm.and(rets, n);
            }
        }
    }
    (rets, errs, ubs)
}

/// The inputs' values lie in `[-bound, bound]` (signed).
pub fn small_inputs(tm: &mut TermManager, inputs: &[crate::symbolic::SymInput], bound: i64) -> TermId {
    let mut t = tm.tt();
    for i in inputs {
        if i.width < 12 {
            continue;
        }
        let lo = tm.bv_u64(i.width, (-bound) as u64 & mask(i.width));
        let hi = tm.bv_u64(i.width, bound as u64);
        let a = tm.sge(i.var, lo);
        let b = tm.sle(i.var, hi);
        t = tm.and(t, a);
        t = tm.and(t, b);
    }
    t
}

/// The bounds [`small_inputs`] is tried with, in order, before inputs of any size.
pub const SMALL_INPUTS: [i64; 2] = [16, 1000];

/// Memoised calls used per call in a test-generation query.
pub const MAX_MUST: usize = 512;

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use vigil_bv::eval::{eval, Value};
    use vigil_bv::{BitVecValue, Sort};

    #[test]
    fn a_conjunctive_pre_agrees_with_its_term() {
        // n >= 0 && g >= 1 over the inputs (n, g): a parameter and a global.
        let sh = Shape { ins: vec![32, 32], outs: vec![32], returns: false, params: 1 };
        let pre = Pre::Both(Box::new(Pre::Cmp { i: 0, pred: ICmpPred::Sge, c: 0 }), Box::new(Pre::Cmp { i: 1, pred: ICmpPred::Sge, c: 1 }));
        let s = Summary { pre, post: Post::True };
        let mut tm = TermManager::new();
        let (n, g) = (tm.var("n", Sort::BitVec(32)), tm.var("g", Sort::BitVec(32)));
        let t = s.pre_term(&mut tm, &sh, &[n, g]);
        for (a, b, holds) in [(0u64, 1u64, true), (5, 7, true), (0xffff_ffff, 1, false), (3, 0, false), (3, 0x8000_0000, false)] {
            assert_eq!(s.pre_holds(&sh, &[a, b]), holds, "{a} {b}");
            let env: HashMap<TermId, Value> = [(n, a), (g, b)].into_iter().map(|(v, x)| (v, Value::Bv(BitVecValue::from_u64(32, x)))).collect();
            assert_eq!(eval(&tm, t, &env).as_bool(), Some(holds), "{a} {b}");
        }
        assert_eq!(s.show(&["n".into(), "g".into()], &["g'".into()]), "n >= 0 && g >= 1 => no error");
    }

    #[test]
    fn a_power_of_two_post_agrees_with_its_term() {
        // result == c + g + (1 << n) over the inputs (n, g), past the width and for n < 0 too.
        let sh = Shape { ins: vec![32, 32], outs: vec![32], returns: true, params: 1 };
        let mut tm = TermManager::new();
        let (n, g, r) = (tm.var("n", Sort::BitVec(32)), tm.var("g", Sort::BitVec(32)), tm.var("r", Sort::BitVec(32)));
        let s = Summary { pre: Pre::True, post: Post::Cmp { o: 0, pred: ICmpPred::Eq, rhs: Lin { c: u64::MAX, coef: vec![(1, 1)], prod: None, pow2: Some((0, 1)) } } };
        let t = s.post_term(&mut tm, &sh, &[n, g], &[r]);
        for nv in [0u64, 1, 5, 30, 31, 32, 33, 100, 0xffff_ffff, 0x8000_0000] {
            for gv in [0u64, 7, 0xffff_fff0] {
                let want = if nv < 32 { (1u64 << nv).wrapping_add(gv).wrapping_sub(1) } else { gv.wrapping_sub(1) } & 0xffff_ffff;
                for ret in [want, want ^ 1] {
                    let agrees = s.agrees(&sh, &[nv, gv], &Outcome::Ret(vec![ret]));
                    assert_eq!(agrees, ret == want, "{nv} {gv} {ret}");
                    let env: HashMap<TermId, Value> =
                        [(n, nv), (g, gv), (r, ret)].into_iter().map(|(v, x)| (v, Value::Bv(BitVecValue::from_u64(32, x)))).collect();
                    assert_eq!(eval(&tm, t, &env).as_bool(), Some(agrees), "{nv} {gv} {ret}");
                }
            }
        }
        assert_eq!(s.show(&["n".into(), "g".into()], &["r".into()]), "true => no error, r == g + (1 << n) + -1");
    }

    #[test]
    fn a_precondition_fixes_the_inputs_it_admits_one_value_of() {
        let sh = Shape { ins: vec![32, 32, 8], outs: vec![32], returns: true, params: 3 };
        let cmp = |i: usize, pred: ICmpPred, c: u64| Pre::Cmp { i, pred, c };
        assert_eq!(Pre::True.fixed(&sh), vec![None, None, None]);
        assert_eq!(cmp(0, ICmpPred::Eq, 2).fixed(&sh), vec![Some(2), None, None]);
        assert_eq!(Pre::Point(vec![1, u64::MAX, 300]).fixed(&sh), vec![Some(1), Some(0xffff_ffff), Some(44)]);
        // A signed range of one value (-1), and bounds on two inputs that fix neither.
        let range = Pre::Both(Box::new(cmp(1, ICmpPred::Sge, 0xffff_ffff)), Box::new(cmp(1, ICmpPred::Slt, 0)));
        assert_eq!(range.fixed(&sh), vec![None, Some(0xffff_ffff), None]);
        let two = Pre::Both(Box::new(cmp(0, ICmpPred::Sge, 0)), Box::new(cmp(1, ICmpPred::Slt, 0)));
        assert_eq!(two.fixed(&sh), vec![None, None, None]);
        // Unsigned bounds are not used (0 <=u x <u 1 fixes x, but is left alone).
        let unsigned = Pre::Both(Box::new(cmp(0, ICmpPred::Uge, 0)), Box::new(cmp(0, ICmpPred::Ult, 1)));
        assert_eq!(unsigned.fixed(&sh), vec![None, None, None]);
    }

    #[test]
    fn a_post_under_its_precondition_is_the_same_function_of_the_inputs() {
        // Over (m, n): m == 2 => r == m*n + 3 becomes r == 2*n + 3; r == n + (1 << m) + c
        // becomes r == n + 4 + c; a parity of m becomes a constant.
        let sh = Shape { ins: vec![32, 32], outs: vec![32], returns: true, params: 2 };
        let pre = Pre::Cmp { i: 0, pred: ICmpPred::Eq, c: 2 };
        let lin = |c: u64, coef: Vec<(usize, u64)>, prod, pow2| Lin { c, coef, prod, pow2 };
        let eq = |rhs| Post::Cmp { o: 0, pred: ICmpPred::Eq, rhs };
        let cases = [
            (eq(lin(3, vec![], Some((0, 1)), None)), eq(lin(3, vec![(1, 2)], None, None))),
            (eq(lin(u64::MAX, vec![(1, 1)], None, Some((0, 1)))), eq(lin(3, vec![(1, 1)], None, None))),
            (eq(lin(7, vec![(0, 1), (1, 1)], None, None)), eq(lin(9, vec![(1, 1)], None, None))),
            (eq(lin(0xffff_fffd, vec![], None, Some((1, 8)))), eq(lin((-3i64) as u64, vec![], None, Some((1, 8))))),
            (Post::Parity { o: 0, i: 0, flip: true }, eq(lin(1, vec![], None, None))),
            (Post::Parity { o: 0, i: 1, flip: true }, Post::Parity { o: 0, i: 1, flip: true }),
        ];
        let mut tm = TermManager::new();
        let (m, n, r) = (tm.var("m", Sort::BitVec(32)), tm.var("n", Sort::BitVec(32)), tm.var("r", Sort::BitVec(32)));
        for (post, want) in cases {
            let before = Summary { pre: pre.clone(), post };
            let after = Summary::new(pre.clone(), before.post.clone(), &sh);
            assert_eq!(after.post, want, "{before:?}");
            assert!(!after.is_heavy());
            // The two agree on every call the precondition admits, in the model and the term.
            let (t0, t1) = (before.post_term(&mut tm, &sh, &[m, n], &[r]), after.post_term(&mut tm, &sh, &[m, n], &[r]));
            for nv in [0u64, 1, 5, 31, 32, 0x7fff_ffff, 0xffff_ffff] {
                for ret in [0u64, 1, 3, 13, 0xffff_fffd, 2u64.wrapping_mul(nv).wrapping_add(3) & 0xffff_ffff] {
                    let o = Outcome::Ret(vec![ret]);
                    assert_eq!(before.agrees(&sh, &[2, nv], &o), after.agrees(&sh, &[2, nv], &o), "{before:?} {nv} {ret}");
                    let env: HashMap<TermId, Value> =
                        [(m, 2), (n, nv), (r, ret)].into_iter().map(|(v, x)| (v, Value::Bv(BitVecValue::from_u64(32, x)))).collect();
                    assert_eq!(eval(&tm, t0, &env).as_bool(), eval(&tm, t1, &env).as_bool(), "{before:?} {nv} {ret}");
                }
            }
        }
        // Nothing fixed: only the normal form (constants sign-extended, coefficients sorted).
        let loose = Summary::new(Pre::True, eq(lin(0xffff_fffd, vec![(1, 0xffff_ffff), (0, 1)], None, None)), &sh);
        assert_eq!(loose.post, eq(lin((-3i64) as u64, vec![(0, 1), (1, u64::MAX)], None, None)));
        assert_eq!(loose.show(&["m".into(), "n".into()], &["r".into()]), "true => no error, r == m + -1*n + -3");
    }

    #[test]
    fn a_never_returns_post_agrees_only_with_calls_that_do_not_return() {
        let sh = Shape { ins: vec![32], outs: vec![32], returns: true, params: 1 };
        let s = Summary { pre: Pre::Point(vec![3]), post: Post::Never };
        assert!(s.agrees(&sh, &[3], &Outcome::Diverges));
        assert!(s.agrees(&sh, &[3], &Outcome::Cut));
        assert!(!s.agrees(&sh, &[3], &Outcome::Ret(vec![0])));
        assert!(!s.agrees(&sh, &[3], &Outcome::Error(vigil_ir::Loc::UNKNOWN)));
        // Outside its precondition a summary says nothing.
        assert!(s.agrees(&sh, &[4], &Outcome::Ret(vec![0])));
        let mut tm = TermManager::new();
        let (x, r) = (tm.var("x", Sort::BitVec(32)), tm.var("r", Sort::BitVec(32)));
        let t = s.post_term(&mut tm, &sh, &[x], &[r]);
        assert_eq!(tm.bool_value(t), Some(false));
        assert_eq!(s.show(&["x".into()], &["result".into()]), "x == 3 => no error, never returns");
    }

    #[test]
    fn a_parity_post_agrees_with_its_term() {
        let sh = Shape { ins: vec![32, 32], outs: vec![32], returns: true, params: 2 };
        let mut tm = TermManager::new();
        let (a, b, r) = (tm.var("a", Sort::BitVec(32)), tm.var("b", Sort::BitVec(32)), tm.var("r", Sort::BitVec(32)));
        for flip in [false, true] {
            let s = Summary { pre: Pre::True, post: Post::Parity { o: 0, i: 1, flip } };
            let t = s.post_term(&mut tm, &sh, &[a, b], &[r]);
            for args in [[0u64, 0], [5, 7], [9, 0xffff_fffe], [2, 0x8000_0001]] {
                for ret in [0u64, 1, 2, 0xffff_ffff] {
                    let agrees = s.agrees(&sh, &args, &Outcome::Ret(vec![ret]));
                    assert_eq!(agrees, ret == (args[1] & 1) ^ u64::from(flip), "{args:?} {ret} {flip}");
                    let env: HashMap<TermId, Value> =
                        [(a, args[0]), (b, args[1]), (r, ret)].into_iter().map(|(v, x)| (v, Value::Bv(BitVecValue::from_u64(32, x)))).collect();
                    assert_eq!(eval(&tm, t, &env).as_bool(), Some(agrees), "{args:?} {ret} {flip}");
                }
            }
        }
    }
}
