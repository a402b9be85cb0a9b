//! Structure-preserving symbolic execution of one function (Babić, thesis 2008, chapter 3).
//!
//! The function's unrolled acyclic graph ([`crate::unroll`]) is processed in reverse post-order.
//! Every register becomes one term of the shared DAG ([`crate::term_space`]).
//!
//! * **φ-functions** become gated terms (thesis §2.3.2, §3.2.1): the gating path expression of the
//!   node (computed on the unrolled graph by [`vigil_ir::cfg::GatingPaths`]) is turned into nested
//!   `ite`s over the branch conditions, with each predecessor replaced by the φ's operand for it.
//! * **Memory** (thesis §3.2.1, read and write restriction operators): each abstract location keeps
//!   its definitions as `(node, term)` pairs. A write at node `n` records a definition at `n`; the
//!   first definition of a location at `n` schedules a *merge* definition at every node of the
//!   iterated dominance frontier of `n` (the memory analogue of φ placement), built at that node
//!   from its gating path with each predecessor `p` replaced by the location's definition at `p`
//!   or at `p`'s closest dominator that has one (the restriction operator). A read at `n` takes
//!   the definition at `n` or its closest dominator — a walk up the dominator tree, never a
//!   recursive search through predecessors. A location never written reads its entry value.
//! * **Control-flow context**: the condition under which a point is reached, given the inputs:
//!   the disjunction over predecessors of their context and edge condition, conjoined with
//!   assumes, callee contexts (`g:cfc`) and the safety condition of every check already passed
//!   (a faulting concrete execution stops there). A check's verification condition is
//!   `context ⇒ safe`; we keep its negation `bad = context ∧ ¬safe`.
//! * **Calls** (thesis §4.2.1): see [`FunctionExecutor::call_summary`]: callee inputs are bound to the
//!   caller's terms, and every effect becomes a summary operator (unconstrained until expanded),
//!   except pointer-sized effects whose summary term is small, which are inlined so they can be
//!   dereferenced precisely (thesis §4.2.1, "expanded if dereferenced ... smaller than a bound").
//!
//! Invariants: after [`execute`], the function's summary is in `TermSpace::summaries` and mentions
//! only its parameters, its in-location variables, its own nondet/free variables and summary
//! operators of its call sites; every check and call site is recorded with its context.

mod calls;
mod control;
mod insts;
mod restriction;
mod setup;
mod values;

use std::collections::{HashMap, HashSet};

use vigil_bv::{BitVecValue, TermId};
use vigil_ir::cfg::{DomTree, DominanceFrontiers, GateId, GatingExpr, GatingPaths};
use vigil_ir::{
    BinOp, BlockId, Callee, Const, FuncId, Function, InstKind, Intrinsic, Module, Operand, PtrTarget, Terminator,
    TypeId, ValueId,
};

use vigil_semantics::symbolic;
use crate::memory::{targets, Base, Loc, Target};
use crate::unroll::{UnrollError, Unrolled};
use crate::term_space::{Effect, InstId, LocalKind, Summary, VarKind, TermSpace};
use crate::{Options, ReportKind};

use setup::{access_shapes, first_unsupported};

/// The widest value (in bits) the engine represents as a term: wider casts are unsupported, and
/// unconstrained results are cut to this width.
const MAX_VALUE_BITS: u32 = 1024;

/// A property check in a function's own space.
#[derive(Clone, Debug)]
pub struct Check {
    pub kind: ReportKind,
    pub loc: vigil_ir::Loc,
    /// `context ∧ ¬safe`.
    pub bad: TermId,
}

/// A call of an analysed function.
#[derive(Clone, Debug)]
pub struct CallSite {
    pub callee: FuncId,
    pub inst: InstId,
    /// The context at the call (before the callee's `cfc`).
    pub ctx: TermId,
    pub loc: vigil_ir::Loc,
}

/// Something a concrete execution does, in execution order within the function.
#[derive(Clone, Debug)]
pub enum Event {
    Enter { loc: vigil_ir::Loc, block: BlockId },
    Nondet { var: TermId, function: String, width: u32 },
    Call { site: u32 },
    Check { check: u32 },
}

/// The result of executing one function.
#[derive(Clone, Debug, Default)]
pub struct FuncInfo {
    pub checks: Vec<Check>,
    pub sites: Vec<CallSite>,
    /// Events with the context under which they happen, in topological order.
    pub events: Vec<(TermId, Event)>,
    /// Calls of functions without summary (recursion broken or callee skipped).
    pub broken_edges: Vec<String>,
    /// Back edges of the unrolled graph cut by the bound ([`Unrolled::cut`]): executions that the
    /// analysis left out.
    pub cut_edges: usize,
}

/// Why a function was not executed.
pub type SkipReason = String;

struct FunctionExecutor<'a> {
    w: &'a mut TermSpace,
    m: &'a Module,
    fid: FuncId,
    f: &'a Function,
    opts: &'a Options,
    is_main: bool,
    un: Unrolled,
    dom: DomTree,
    df: DominanceFrontiers,
    gp: GatingPaths,
    depth: Vec<u32>,
    idf: HashMap<u32, Vec<u32>>,
    params: Vec<TermId>,
    vals: HashMap<ValueId, Vec<(u32, TermId)>>,
    ctx_end: Vec<TermId>,
    econd: Vec<Vec<TermId>>,
    node_defs: Vec<HashMap<Loc, TermId>>,
    pending: Vec<Vec<Loc>>,
    marked: HashSet<(u32, Loc)>,
    init: HashMap<Loc, TermId>,
    inlocs: Vec<(Loc, TermId)>,
    written: Vec<Loc>,
    written_set: HashSet<Loc>,
    undef_vars: HashSet<TermId>,
    /// Statically known access shapes `(offset, bytes)` per object (see [`access_shapes`]).
    shapes: HashMap<Base, Vec<(i64, u32)>>,
    ctx: TermId,
    node: u32,
    out: FuncInfo,
}

/// Executes `fid` and stores its summary; returns the checks, call sites and events, or why the
/// function was skipped.
pub fn execute(w: &mut TermSpace, m: &Module, fid: FuncId, opts: &Options) -> Result<FuncInfo, SkipReason> {
    let f = m.function(fid);
    if let Some(u) = first_unsupported(f) {
        return Err(u);
    }
    let un = match Unrolled::build(f, opts.unroll, opts.max_unrolled_nodes) {
        Ok(u) => u,
        Err(UnrollError::Irreducible) => return Err("irreducible control flow".into()),
        Err(UnrollError::TooLarge(n)) => return Err(format!("unrolled graph exceeds {n} nodes")),
    };
    let dom = DomTree::compute(&un.graph);
    let df = DominanceFrontiers::compute_with(&un.graph, &dom);
    let gp = GatingPaths::compute(&un.graph);
    let n = un.len();
    let depth = (0..n as u32).map(|x| dom.depth(x).unwrap_or(0)).collect();
    let params: Vec<TermId> = f
        .params
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let wdt = m.types.value_bits(f.value(v).ty).max(1);
            let name = format!("{}:{}", f.name, f.value(v).name);
            w.new_var(&name, wdt, VarKind::Param { func: fid, idx: i as u32 })
        })
        .collect();
    let shapes = access_shapes(m, fid, f, &params);
    let tt = w.tm.tt();
    let mut ex = FunctionExecutor {
        shapes,
        w,
        m,
        fid,
        f,
        opts,
        is_main: f.name == "main",
        un,
        dom,
        df,
        gp,
        depth,
        idf: HashMap::new(),
        params,
        vals: HashMap::new(),
        ctx_end: vec![tt; n],
        econd: vec![Vec::new(); n],
        node_defs: vec![HashMap::new(); n],
        pending: vec![Vec::new(); n],
        marked: HashSet::new(),
        init: HashMap::new(),
        inlocs: Vec::new(),
        written: Vec::new(),
        written_set: HashSet::new(),
        undef_vars: HashSet::new(),
        ctx: tt,
        node: 0,
        out: FuncInfo::default(),
    };
    ex.out.cut_edges = ex.un.cut.iter().map(Vec::len).sum();
    ex.run()?;
    Ok(ex.out)
}
impl FunctionExecutor<'_> {
    fn run(&mut self) -> Result<(), SkipReason> {
        let order = vigil_ir::cfg::DfsOrder::compute(&self.un.graph).rpo_vec();
        for n in order {
            self.node = n;
            self.enter(n);
            if n == self.un.exit {
                self.finish_exit();
                continue;
            }
            let b = self.un.nodes[n as usize].block.expect("real node");
            let block = &self.f.blocks[b.index()];
            let first_loc = block.insts.iter().map(|i| i.loc).find(|l| l.is_known()).unwrap_or(block.term_loc);
            self.out.events.push((self.ctx, Event::Enter { loc: first_loc, block: b }));
            // φs read their operands at the predecessors, all at once.
            let mut phis = Vec::new();
            for inst in &block.insts {
                if let InstKind::Phi { incoming } = &inst.kind {
                    let Some(d) = inst.dest else { continue };
                    let wd = self.width_of(self.f.value(d).ty);
                    if wd == 0 || wd > MAX_VALUE_BITS {
                        return Err("phi of an unsupported type".into());
                    }
                    let v = self.phi(n, incoming, wd);
                    phis.push((d, v));
                }
            }
            for (d, v) in phis {
                self.define(d, v);
            }
            for (idx, inst) in block.insts.iter().enumerate() {
                if matches!(inst.kind, InstKind::Phi { .. }) {
                    continue;
                }
                self.inst(b, idx as u32, inst)?;
            }
            self.terminator(n, &block.term)?;
            self.ctx_end[n as usize] = self.ctx;
        }
        if !self.dom.is_reachable(self.un.exit) {
            self.finish_exit();
        }
        Ok(())
    }
}


#[cfg(test)]
mod tests {
    use super::*;
    use vigil_bv::{BitVecValue, Evaluator, Value};

    fn compile(tag: &str, src: &str) -> Module {
        let dir = tempfile::Builder::new().prefix("vigil-static-unit-").tempdir().unwrap();
        let p = dir.path().join(format!("{tag}.c"));
        std::fs::write(&p, src).unwrap();
        let opts = vigil_frontend::FrontendOptions { mem2reg: true, runtime: None, ..Default::default() };
        vigil_frontend::load(&[p], &opts).unwrap()
    }

    /// Executes the single function `f` of `src` and evaluates its summary on `arg`.
    fn run_f(tag: &str, src: &str, unroll: u32, args: &[&[i64]]) -> Vec<(Option<u64>, bool)> {
        let m = compile(tag, src);
        let fid = m.function_by_name("f").unwrap();
        let names = m.functions.iter().map(|f| f.name.clone()).collect();
        let mut w = TermSpace::new(names);
        let opts = Options { unroll, ..Options::default() };
        execute(&mut w, &m, fid, &opts).unwrap();
        let sum = w.summaries[fid.index()].clone().unwrap();
        args.iter()
            .map(|a| {
                let assign = sum.params.iter().zip(a.iter()).map(|(&p, &v)| {
                    let wd = w.tm.width(p);
                    (p, Value::Bv(BitVecValue::from_u64(wd, v as u64)))
                });
                let mut ev = Evaluator::new(&w.tm, assign);
                let ret = sum.ret.map(|r| ev.eval(r).as_bv().unwrap().low_u64());
                let cfc = ev.eval(sum.cfc) == Value::Bool(true);
                (ret, cfc)
            })
            .collect()
    }

    #[test]
    fn write_restriction_and_merge_at_the_dominance_frontier() {
        // g gets one definition on each branch; the read after the join must be the merge.
        let src = "int g; int f(int c) { g = 1; if (c > 3) g = 5; else if (c < 0) g = 7; return g; }";
        let r = run_f("merge", src, 1, &[&[4], &[-1], &[2]]);
        assert_eq!(r, vec![(Some(5), true), (Some(7), true), (Some(1), true)]);
    }

    #[test]
    fn read_restriction_sees_the_closest_dominating_definition() {
        // Only the entry defines g before the branch; the read in the branch sees it, the
        // write in the branch is seen after the join only on its path.
        let src = "int g; int f(int c) { g = 2; int r = 0; if (c) { r = g; g = 9; } return r * 100 + g; }";
        let r = run_f("restrict", src, 1, &[&[1], &[0]]);
        assert_eq!(r, vec![(Some(209), true), (Some(2), true)]);
    }

    #[test]
    fn loops_are_unrolled_and_cut() {
        let src = "int f(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; return s; }";
        let r = run_f("loop", src, 3, &[&[0], &[1], &[2], &[3], &[4]]);
        let rets: Vec<Option<u64>> = r.iter().map(|x| x.0).collect();
        assert_eq!(&rets[..4], &[Some(0), Some(0), Some(1), Some(3)]);
        let cfcs: Vec<bool> = r.iter().map(|x| x.1).collect();
        // n = 4 needs a fourth back edge: that execution is cut (assume false).
        assert_eq!(cfcs, vec![true, true, true, true, false]);
    }

    #[test]
    fn unrolled_graph_has_one_header_copy_per_iteration() {
        let m = compile("unroll", "int f(int n) { while (n > 0) n = n - 2; return n; }");
        let f = m.function(m.function_by_name("f").unwrap());
        for k in 0..4u32 {
            let u = Unrolled::build(f, k, 1000).unwrap();
            let header = f.blocks.iter().position(|b| b.name.contains("while.cond")).unwrap() as u32;
            let copies = u.nodes.iter().filter(|n| n.block == Some(BlockId(header))).count();
            assert_eq!(copies as u32, k + 1);
            assert_eq!(u.cut.iter().map(Vec::len).sum::<usize>(), 1, "one cut back edge");
        }
        assert!(matches!(Unrolled::build(f, 50, 10), Err(UnrollError::TooLarge(_))));
    }
}
