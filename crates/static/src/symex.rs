//! Structure-preserving symbolic execution of one function (Babić, thesis 2008, chapter 3).
//!
//! The function's unrolled acyclic graph ([`crate::unroll`]) is processed in reverse post-order.
//! Every register becomes one term of the shared DAG ([`crate::world`]).
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
//! * **Calls** (thesis §4.2.1): see [`Exec::call_summary`]: callee inputs are bound to the
//!   caller's terms, and every effect becomes a summary operator (unconstrained until expanded),
//!   except pointer-sized effects whose summary term is small, which are inlined so they can be
//!   dereferenced precisely (thesis §4.2.1, "expanded if dereferenced ... smaller than a bound").
//!
//! Invariants: after [`execute`], the function's summary is in `World::summaries` and mentions
//! only its parameters, its in-location variables, its own nondet/free variables and summary
//! operators of its call sites; every check and call site is recorded with its context.

use std::collections::{HashMap, HashSet};

use vigil_bv::{BitVecValue, TermId};
use vigil_ir::cfg::{DomTree, DominanceFrontiers, GateId, GatingExpr, GatingPaths};
use vigil_ir::{
    BinOp, BlockId, Callee, Const, FuncId, Function, InstKind, Intrinsic, Module, Operand, PtrTarget, Terminator,
    TypeId, ValueId,
};

use vigil_vm::symbolic;
use crate::memory::{targets, Base, Loc, Target};
use crate::unroll::{UnrollError, Unrolled};
use crate::world::{Effect, InstId, LocalKind, Summary, VarKind, World};
use crate::{Options, ReportKind};

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
}

/// Why a function was not executed.
pub type SkipReason = String;

struct Exec<'a> {
    w: &'a mut World,
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
pub fn execute(w: &mut World, m: &Module, fid: FuncId, opts: &Options) -> Result<FuncInfo, SkipReason> {
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
    let mut ex = Exec {
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
    ex.run()?;
    Ok(ex.out)
}

fn first_unsupported(f: &Function) -> Option<String> {
    for b in &f.blocks {
        for i in &b.insts {
            match &i.kind {
                InstKind::Unsupported { construct } => return Some(format!("unsupported construct: {construct}")),
                InstKind::AtomicRmw { .. } | InstKind::CmpXchg { .. } => return Some("atomic operation".into()),
                InstKind::Intrinsic { which: Intrinsic::Memcpy | Intrinsic::Memmove | Intrinsic::Memset, args, .. }
                    if !matches!(args.get(2), Some(Operand::Const(_))) =>
                {
                    return Some("memcpy/memmove/memset of a non-constant length".into())
                }
                InstKind::Intrinsic { which: Intrinsic::VaStart | Intrinsic::VaCopy, .. } => {
                    return Some("variadic function".into())
                }
                _ => {}
            }
        }
        if let Terminator::Unsupported { construct } = &b.term {
            return Some(format!("unsupported terminator: {construct}"));
        }
    }
    None
}

const MAX_VALUE_BITS: u32 = 1024;

/// The object and constant offset a pointer operand designates, when that is syntactically
/// evident: a global, a parameter, an `alloca`, or a chain of constant `getelementptr`s on one.
fn static_ptr(
    m: &Module,
    fid: FuncId,
    defs: &HashMap<ValueId, (u32, u32)>,
    f: &Function,
    params: &[TermId],
    op: Operand,
) -> Option<(Base, i64)> {
    let mut op = op;
    let mut acc: i64 = 0;
    for _ in 0..64 {
        match op {
            Operand::Const(c) => {
                return match m.konst(c) {
                    Const::Ptr { target: PtrTarget::Global(g), offset } => Some((Base::Global(g.0), acc.wrapping_add(*offset))),
                    _ => None,
                }
            }
            Operand::Value(v) if v.index() < params.len() => return Some((Base::Term(params[v.index()]), acc)),
            Operand::Value(v) => {
                let &(b, i) = defs.get(&v)?;
                match &f.blocks[b as usize].insts[i as usize].kind {
                    InstKind::Alloca { .. } => return Some((Base::Alloca(fid, b, i), acc)),
                    InstKind::PtrAdd { base, offset, indices, .. } => {
                        acc = acc.wrapping_add(*offset);
                        for (ix, scale) in indices {
                            let Operand::Const(c) = ix else { return None };
                            let Const::Int { ty, bits } = m.konst(*c) else { return None };
                            let w = m.types.value_bits(*ty);
                            let sx = if w >= 64 || w == 0 { *bits as i64 } else { ((*bits << (64 - w)) as i64) >> (64 - w) };
                            acc = acc.wrapping_add(sx.wrapping_mul(*scale));
                        }
                        op = *base;
                    }
                    InstKind::Cast { op: vigil_ir::CastOp::Bitcast, val, .. } => op = *val,
                    _ => return None,
                }
            }
        }
    }
    None
}

/// Access shapes: for every load and store of the function whose address is syntactically a
/// constant offset into a global, parameter or `alloca`, the `(offset, bytes)` it accesses.
/// Constant-length `memset`/`memcpy` are modelled as writes of exactly these locations (the
/// byte ranges of the object that the function itself accesses field by field).
fn access_shapes(m: &Module, fid: FuncId, f: &Function, params: &[TermId]) -> HashMap<Base, Vec<(i64, u32)>> {
    let mut defs = HashMap::new();
    for (b, blk) in f.blocks.iter().enumerate() {
        for (i, inst) in blk.insts.iter().enumerate() {
            if let Some(d) = inst.dest {
                defs.insert(d, (b as u32, i as u32));
            }
        }
    }
    let mut shapes: HashMap<Base, Vec<(i64, u32)>> = HashMap::new();
    for blk in &f.blocks {
        for inst in &blk.insts {
            let (ptr, ty) = match &inst.kind {
                InstKind::Load { ptr, ty, .. } | InstKind::Store { ptr, ty, .. } => (*ptr, *ty),
                _ => continue,
            };
            if let Some((b, off)) = static_ptr(m, fid, &defs, f, params, ptr) {
                let bytes = m.types.size_of(ty) as u32;
                let e = shapes.entry(b).or_default();
                if bytes > 0 && !e.contains(&(off, bytes)) {
                    e.push((off, bytes));
                }
            }
        }
    }
    // Copies connect objects: what one side is accessed as, the other is copied as.
    let mut copies = Vec::new();
    for blk in &f.blocks {
        for inst in &blk.insts {
            if let InstKind::Intrinsic { which: Intrinsic::Memcpy | Intrinsic::Memmove, args, .. } = &inst.kind {
                let len = match args.get(2) {
                    Some(Operand::Const(c)) => match m.konst(*c) {
                        Const::Int { bits, .. } => *bits as i64,
                        _ => continue,
                    },
                    _ => continue,
                };
                let d = static_ptr(m, fid, &defs, f, params, args[0]);
                let s = static_ptr(m, fid, &defs, f, params, args[1]);
                if let (Some(d), Some(s)) = (d, s) {
                    copies.push((d, s, len));
                }
            }
        }
    }
    for _round in 0..8 {
        let mut changed = false;
        for &((db, doff), (sb, soff), len) in &copies {
            for (from, foff, to, toff) in [(sb, soff, db, doff), (db, doff, sb, soff)] {
                let add: Vec<(i64, u32)> = shapes
                    .get(&from)
                    .map(|v| {
                        v.iter()
                            .filter(|&&(o, n)| o >= foff && o + i64::from(n) <= foff + len)
                            .map(|&(o, n)| (o - foff + toff, n))
                            .collect()
                    })
                    .unwrap_or_default();
                let e = shapes.entry(to).or_default();
                for sh in add {
                    if !e.contains(&sh) {
                        e.push(sh);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    shapes
}

impl Exec<'_> {
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

    /// Context at the start of `n`, and pending memory merges.
    fn enter(&mut self, n: u32) {
        let ctx = if n == 0 {
            self.w.tm.tt()
        } else {
            let mut c = self.w.tm.ff();
            let preds: Vec<u32> = self.un.graph.preds(n).to_vec();
            for p in preds {
                let e = self.edge_cond(p, n);
                let pc = self.w.tm.and(self.ctx_end[p as usize], e);
                c = self.w.tm.or(c, pc);
            }
            c
        };
        self.ctx = ctx;
        let pending = std::mem::take(&mut self.pending[n as usize]);
        for loc in pending {
            let preds: Vec<u32> = self.un.graph.preds(n).to_vec();
            let mut leaves = HashMap::new();
            for p in preds {
                let v = self.read_at(loc, p);
                leaves.insert(p, v);
            }
            let v = self.gate(n, &leaves);
            self.node_defs[n as usize].insert(loc, v);
        }
    }

    fn edge_cond(&self, p: u32, n: u32) -> TermId {
        let i = self.un.succs[p as usize].iter().position(|&(m, _)| m == n).expect("edge exists");
        self.econd[p as usize][i]
    }

    /// The gated term selecting `leaves[p]` by the gating path expression of `n`.
    fn gate(&mut self, n: u32, leaves: &HashMap<u32, TermId>) -> TermId {
        let Some(g) = self.gp.of(n) else {
            return self.free_var("unreachable", leaves.values().next().map_or(1, |&t| self.w.tm.width(t)));
        };
        let mut memo = HashMap::new();
        self.gate_expr(g, leaves, &mut memo).unwrap_or_else(|| {
            let &t = leaves.values().next().expect("a merge node has predecessors");
            t
        })
    }

    fn gate_expr(&mut self, g: GateId, leaves: &HashMap<u32, TermId>, memo: &mut HashMap<GateId, Option<TermId>>) -> Option<TermId> {
        if let Some(&r) = memo.get(&g) {
            return r;
        }
        let r = match self.gp.expr(g).clone() {
            GatingExpr::Empty => None,
            GatingExpr::Pred(p) => leaves.get(&p).copied(),
            GatingExpr::Branch { node, arms } => {
                let mut alts: Vec<(TermId, TermId)> = Vec::new();
                for (i, a) in arms.iter().enumerate() {
                    if let Some(t) = self.gate_expr(*a, leaves, memo) {
                        alts.push((self.econd[node as usize][i], t));
                    }
                }
                let mut it = alts.into_iter().rev();
                it.next().map(|(_, last)| it.fold(last, |acc, (c, t)| self.w.tm.ite(c, t, acc)))
            }
        };
        memo.insert(g, r);
        r
    }

    fn phi(&mut self, n: u32, incoming: &[(BlockId, Operand)], wd: u32) -> TermId {
        let preds: Vec<u32> = self.un.graph.preds(n).to_vec();
        let mut leaves = HashMap::new();
        for p in preds {
            let pb = self.un.nodes[p as usize].block.expect("real predecessor");
            if let Some(&(_, op)) = incoming.iter().find(|(b, _)| *b == pb) {
                let v = self.operand_at(op, p);
                leaves.insert(p, v);
            }
        }
        if leaves.is_empty() {
            return self.free_var("phi", wd);
        }
        self.gate(n, &leaves)
    }

    fn define(&mut self, v: ValueId, t: TermId) {
        self.vals.entry(v).or_default().push((self.node, t));
        if !self.un.nodes[self.node as usize].iters.is_empty() {
            // Defined in a loop: its copies reach later uses through merges (see `Base::Reg`).
            let bits = self.w.tm.width(t);
            self.write(Loc { base: Base::Reg(v.0, bits), off: Some(0), bytes: 0 }, t);
        }
    }

    fn width_of(&self, ty: TypeId) -> u32 {
        self.m.types.value_bits(ty)
    }

    fn operand_type(&self, op: Operand) -> TypeId {
        match op {
            Operand::Value(v) => self.f.value(v).ty,
            Operand::Const(c) => self.m.const_type(c),
        }
    }

    fn free_var(&mut self, name: &str, width: u32) -> TermId {
        self.w.new_var(name, width.max(1), VarKind::Local(LocalKind::Free))
    }

    fn operand(&mut self, op: Operand) -> TermId {
        self.operand_at(op, self.node)
    }

    fn operand_at(&mut self, op: Operand, at: u32) -> TermId {
        match op {
            Operand::Const(c) => self.constant(c),
            Operand::Value(v) => {
                if v.index() < self.params.len() {
                    return self.params[v.index()];
                }
                let mut best: Option<(u32, TermId)> = None;
                let in_loop = self.vals.get(&v).is_some_and(|c| c.iter().any(|&(n, _)| !self.un.nodes[n as usize].iters.is_empty()));
                if in_loop {
                    let bits = self.vals[&v][0].1;
                    let bits = self.w.tm.width(bits);
                    return self.read_at(Loc { base: Base::Reg(v.0, bits), off: Some(0), bytes: 0 }, at);
                }
                if let Some(copies) = self.vals.get(&v) {
                    for &(n, t) in copies {
                        if self.dom.dominates(n, at) && best.is_none() || best.is_some_and(|(d, _)| self.depth[n as usize] > d) {
                            best = Some((self.depth[n as usize], t));
                        }
                    }
                }
                match best {
                    Some((_, t)) => t,
                    None => {
                        let wd = self.width_of(self.f.value(v).ty);
                        self.free_var("undominated", wd)
                    }
                }
            }
        }
    }

    fn constant(&mut self, c: vigil_ir::ConstId) -> TermId {
        match self.m.konst(c).clone() {
            Const::Int { ty, bits } => {
                let wd = self.width_of(ty).max(1);
                self.w.tm.bv_u64(wd, bits)
            }
            Const::Null => self.w.tm.bv_u64(64, 0),
            Const::Ptr { target, offset } => {
                let a = self.target_addr(target);
                self.w.tm.bv_u64(64, a.wrapping_add(offset as u64))
            }
            Const::PtrAsInt { ty, target, offset } => {
                let a = self.target_addr(target).wrapping_add(offset as u64);
                let wd = self.width_of(ty).max(1);
                self.w.tm.bv_u64(wd, a)
            }
            Const::Undef { ty } => {
                let wd = self.width_of(ty).max(1);
                let v = self.free_var("undef", wd.min(MAX_VALUE_BITS));
                self.undef_vars.insert(v);
                v
            }
            Const::Aggregate { ty, init } => {
                let wd = self.width_of(ty);
                if wd == 0 || wd > MAX_VALUE_BITS || !init.relocs.is_empty() || !init.undef.is_empty() {
                    return self.free_var("aggregate", wd.clamp(1, MAX_VALUE_BITS));
                }
                self.bytes_const(&init.bytes, 0, wd)
            }
        }
    }

    fn bytes_const(&mut self, bytes: &[u8], off: usize, width: u32) -> TermId {
        let nbytes = width.div_ceil(8) as usize;
        let mut limbs = vec![0u64; width.div_ceil(64) as usize];
        for i in 0..nbytes {
            let b = bytes.get(off + i).copied().unwrap_or(0);
            limbs[i / 8] |= u64::from(b) << (8 * (i % 8));
        }
        self.w.tm.bv_const(BitVecValue::from_limbs(width, limbs))
    }

    fn target_addr(&mut self, t: PtrTarget) -> u64 {
        match t {
            PtrTarget::Global(g) => self.w.objects.addr(Base::Global(g.0)),
            PtrTarget::Func(f) => self.w.objects.addr(Base::Func(f)),
        }
    }

    // ----- memory -----

    fn is_local(&self, b: Base) -> bool {
        matches!(b, Base::Alloca(..) | Base::Func(_) | Base::Reg(..))
    }

    /// The value of `loc` on entry to the function.
    fn initial(&mut self, loc: Loc) -> TermId {
        if let Some(&v) = self.init.get(&loc) {
            return v;
        }
        let width = loc.bytes * 8;
        let v = match loc.base {
            Base::Reg(_, bits) => self.free_var("no-definition", bits),
            Base::Alloca(..) | Base::Func(_) => {
                let v = self.free_var("uninit", width);
                self.undef_vars.insert(v);
                v
            }
            Base::Global(g) if self.is_main => self.global_initial(g, loc),
            // The object of a `calloc` site starts zeroed (one node per site: its first
            // allocation, as seen from main).
            Base::Heap(..) if self.is_main && self.w.objects.zeroed.contains(&loc.base) => self.w.tm.bv_u64(width, 0),
            Base::Global(_) | Base::Heap(..) if !self.is_main => self.inloc_var(loc),
            Base::Term(t)
                if !self.is_main && matches!(self.w.kinds.get(&t), Some(VarKind::Param { .. } | VarKind::InLoc { .. })) =>
            {
                self.inloc_var(loc)
            }
            _ => self.free_var("unknown-memory", width),
        };
        self.init.insert(loc, v);
        v
    }

    fn inloc_var(&mut self, loc: Loc) -> TermId {
        let name = format!("{}:in{}", self.f.name, self.inlocs.len());
        let v = self.w.new_var(&name, loc.bytes * 8, VarKind::InLoc { func: self.fid });
        self.inlocs.push((loc, v));
        v
    }

    fn global_initial(&mut self, g: u32, loc: Loc) -> TermId {
        let width = loc.bytes * 8;
        let glob = self.m.global(vigil_ir::GlobalId(g));
        let (Some(init), Some(off)) = (glob.init.clone(), loc.off) else {
            return self.free_var("global", width);
        };
        if off < 0 || off as u64 + u64::from(loc.bytes) > glob.size {
            return self.free_var("global-oob", width);
        }
        let (lo, hi) = (off as u64, off as u64 + u64::from(loc.bytes));
        if init.undef.iter().any(|&(o, l)| o < hi && lo < o + l) {
            return self.free_var("global-undef", width);
        }
        let relocs: Vec<_> = init.relocs.iter().filter(|r| r.offset < hi && lo < r.offset + u64::from(r.size)).collect();
        match relocs.as_slice() {
            [] => self.bytes_const(&init.bytes, off as usize, width),
            [r] if r.offset == lo && u64::from(r.size) == u64::from(loc.bytes) => {
                let a = self.target_addr(r.target).wrapping_add(r.addend as u64);
                self.w.tm.bv_u64(width, a)
            }
            _ => self.free_var("global-reloc", width),
        }
    }

    fn iterated_frontier(&mut self, n: u32) -> Vec<u32> {
        if let Some(v) = self.idf.get(&n) {
            return v.clone();
        }
        let v = self.df.iterated([n]);
        self.idf.insert(n, v.clone());
        v
    }

    /// The write restriction: a definition of `loc` at the current node.
    fn write(&mut self, loc: Loc, v: TermId) {
        let n = self.node;
        let first = self.node_defs[n as usize].insert(loc, v).is_none();
        if first {
            for y in self.iterated_frontier(n) {
                if self.marked.insert((y, loc)) {
                    self.pending[y as usize].push(loc);
                }
            }
        }
        if !self.is_local(loc.base) && self.written_set.insert(loc) {
            self.written.push(loc);
        }
    }

    /// A memory write of `v` to `loc`, also spliced into every known access shape of the same
    /// object that overlaps it (so a 4-byte field read after an 8-byte store, or the reverse,
    /// sees the bytes written; little-endian).
    fn write_mem(&mut self, loc: Loc, v: TermId) {
        self.write(loc, v);
        let Some(off) = loc.off else { return };
        let shapes: Vec<(i64, u32)> = self.shapes.get(&loc.base).cloned().unwrap_or_default();
        let end = off + i64::from(loc.bytes);
        for (o, k) in shapes {
            let oend = o + i64::from(k);
            if (o, k) == (off, loc.bytes) || oend <= off || end <= o || k * 8 > MAX_VALUE_BITS {
                continue;
            }
            let (s, e) = (off.max(o), end.min(oend));
            let piece = self.w.tm.extract(v, ((e - off) * 8 - 1) as u32, ((s - off) * 8) as u32);
            let sl = Loc { base: loc.base, off: Some(o), bytes: k };
            let nv = if s == o && e == oend {
                piece
            } else {
                let old = self.read(sl);
                match self.insert_bits(old, piece, ((s - o) * 8) as u32) {
                    Ok(t) => t,
                    Err(_) => continue,
                }
            };
            self.write(sl, nv);
        }
    }

    /// The read restriction: the definition at `n` or its closest dominator.
    fn read_at(&mut self, loc: Loc, n: u32) -> TermId {
        let mut x = n;
        loop {
            if let Some(&v) = self.node_defs[x as usize].get(&loc) {
                return v;
            }
            match self.dom.idom(x) {
                Some(p) if p != x => x = p,
                _ => break,
            }
        }
        self.initial(loc)
    }

    fn read(&mut self, loc: Loc) -> TermId {
        self.read_at(loc, self.node)
    }

    /// Locations a pointer may designate (non-NULL alternatives), for an access of `bytes`.
    fn locations(&mut self, p: TermId, bytes: u32) -> Vec<(TermId, Loc)> {
        targets(&mut self.w.tm, &self.w.objects, p)
            .into_iter()
            .filter_map(|(g, t)| match t {
                Target::Null => None,
                Target::At(base, off) => Some((g, Loc { base, off, bytes })),
            })
            .collect()
    }

    /// Adds a check `safe` (reported as `kind` if that property is on) and assumes it after.
    fn check(&mut self, kind: ReportKind, safe: TermId, loc: vigil_ir::Loc) {
        let tt = self.w.tm.tt();
        if safe == tt {
            return;
        }
        if self.opts.properties.contains(kind) {
            let ns = self.w.tm.not(safe);
            let bad = self.w.tm.and(self.ctx, ns);
            let idx = self.out.checks.len() as u32;
            self.out.checks.push(Check { kind, loc, bad });
            self.out.events.push((self.ctx, Event::Check { check: idx }));
        }
        self.ctx = self.w.tm.and(self.ctx, safe);
    }

    fn deref_check(&mut self, p: TermId, loc: vigil_ir::Loc) {
        let safe = if self.undef_vars.contains(&p) {
            self.w.tm.ff()
        } else {
            let z = self.w.tm.bv_u64(64, 0);
            let e = self.w.tm.eq(p, z);
            self.w.tm.not(e)
        };
        self.check(ReportKind::NullDeref, safe, loc);
    }

    fn load(&mut self, p: TermId, ty: TypeId) -> Result<TermId, SkipReason> {
        let bytes = self.m.types.size_of(ty) as u32;
        let wd = self.width_of(ty);
        if bytes == 0 || bytes * 8 > MAX_VALUE_BITS {
            return Err(format!("load of {bytes} bytes"));
        }
        let alts = self.locations(p, bytes);
        let mut vals: Vec<(TermId, TermId)> = Vec::new();
        for (g, l) in alts {
            let v = self.read(l);
            vals.push((g, v));
        }
        let raw = match vals.pop() {
            None => self.free_var("null-load", bytes * 8),
            Some((_, last)) => vals.into_iter().rev().fold(last, |acc, (g, v)| self.w.tm.ite(g, v, acc)),
        };
        Ok(self.fit(raw, wd))
    }

    fn fit(&mut self, t: TermId, wd: u32) -> TermId {
        let have = self.w.tm.width(t);
        if have == wd {
            t
        } else if have > wd {
            self.w.tm.extract(t, wd - 1, 0)
        } else {
            self.w.tm.zero_extend(t, wd - have)
        }
    }

    fn store(&mut self, p: TermId, v: TermId, ty: TypeId) -> Result<(), SkipReason> {
        let bytes = self.m.types.size_of(ty) as u32;
        if bytes == 0 || bytes * 8 > MAX_VALUE_BITS {
            return Err(format!("store of {bytes} bytes"));
        }
        let v = self.fit(v, bytes * 8);
        let alts = self.locations(p, bytes);
        let tt = self.w.tm.tt();
        let single = alts.len() == 1;
        for (g, l) in alts {
            let nv = if single || g == tt {
                v
            } else {
                let old = self.read(l);
                self.w.tm.ite(g, v, old)
            };
            self.write_mem(l, nv);
        }
        Ok(())
    }

    // ----- instructions -----

    fn inst(&mut self, b: BlockId, idx: u32, inst: &vigil_ir::Inst) -> Result<(), SkipReason> {
        let loc = inst.loc;
        let result: Option<TermId> = match &inst.kind {
            InstKind::Bin { op, lhs, rhs, .. } => {
                let (a, c) = (self.operand(*lhs), self.operand(*rhs));
                if matches!(op, BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem) {
                    let wd = self.w.tm.width(c);
                    let z = self.w.tm.bv_u64(wd, 0);
                    let e = self.w.tm.eq(c, z);
                    let safe = self.w.tm.not(e);
                    self.check(ReportKind::DivByZero, safe, loc);
                    if matches!(op, BinOp::SDiv | BinOp::SRem) {
                        // INT_MIN / -1 faults in the VM: that execution stops.
                        let min = self.w.tm.bv_const(BitVecValue::min_signed(wd));
                        let m1 = self.w.tm.bv_const(BitVecValue::ones(wd));
                        let (e1, e2) = (self.w.tm.eq(a, min), self.w.tm.eq(c, m1));
                        let ovf = self.w.tm.and(e1, e2);
                        let ok = self.w.tm.not(ovf);
                        self.ctx = self.w.tm.and(self.ctx, ok);
                    }
                }
                Some(symbolic::binop(&mut self.w.tm, *op, a, c))
            }
            InstKind::ICmp { pred, lhs, rhs } => {
                let (a, c) = (self.operand(*lhs), self.operand(*rhs));
                let r = symbolic::icmp(&mut self.w.tm, *pred, a, c);
                Some(symbolic::from_bool(&mut self.w.tm, r))
            }
            InstKind::Select { cond, if_true, if_false } => {
                let c = self.operand(*cond);
                let cb = symbolic::to_bool(&mut self.w.tm, c);
                let (x, y) = (self.operand(*if_true), self.operand(*if_false));
                Some(self.w.tm.ite(cb, x, y))
            }
            InstKind::Cast { op, val, to } => {
                let from = self.width_of(self.operand_type(*val));
                let v = self.operand(*val);
                let to_w = self.width_of(*to);
                if from == 0 || to_w == 0 || to_w > MAX_VALUE_BITS {
                    return Err("cast of an unsupported type".into());
                }
                let vw = self.w.tm.width(v);
                Some(symbolic::cast(&mut self.w.tm, *op, vw, to_w, v))
            }
            InstKind::Phi { .. } => None,
            InstKind::Alloca { .. } => {
                let a = self.w.objects.addr(Base::Alloca(self.fid, b.0, idx));
                Some(self.w.tm.bv_u64(64, a))
            }
            InstKind::Load { ptr, ty, .. } => {
                let p = self.operand(*ptr);
                self.deref_check(p, loc);
                Some(self.load(p, *ty)?)
            }
            InstKind::Store { ptr, val, ty, .. } => {
                let p = self.operand(*ptr);
                let v = self.operand(*val);
                self.deref_check(p, loc);
                self.store(p, v, *ty)?;
                None
            }
            InstKind::PtrAdd { base, offset, indices, .. } => {
                let mut p = self.operand(*base);
                for (i, scale) in indices {
                    let iv = self.operand(*i);
                    let iw = self.w.tm.width(iv);
                    let i64v = match iw.cmp(&64) {
                        std::cmp::Ordering::Less => self.w.tm.sign_extend(iv, 64 - iw),
                        std::cmp::Ordering::Equal => iv,
                        std::cmp::Ordering::Greater => self.w.tm.extract(iv, 63, 0),
                    };
                    let s = self.w.tm.bv_u64(64, *scale as u64);
                    let prod = self.w.tm.bvmul(i64v, s);
                    p = self.w.tm.bvadd(p, prod);
                }
                if *offset != 0 {
                    let k = self.w.tm.bv_u64(64, *offset as u64);
                    p = self.w.tm.bvadd(p, k);
                }
                Some(p)
            }
            InstKind::Call { callee, args, ret_ty } => self.call(callee, args, *ret_ty, loc)?,
            InstKind::Intrinsic { which: w @ (Intrinsic::Memcpy | Intrinsic::Memmove | Intrinsic::Memset), args, .. } => {
                self.mem_op(*w, args, loc)?;
                None
            }
            InstKind::Intrinsic { which, args, ret_ty } => self.intrinsic(*which, args, *ret_ty)?,
            InstKind::Freeze { val } => Some(self.operand(*val)),
            InstKind::ExtractValue { agg, offset, ty } => {
                let a = self.operand(*agg);
                let wd = self.width_of(*ty);
                let lo = (*offset * 8) as u32;
                if wd == 0 || lo + wd > self.w.tm.width(a) {
                    return Err("extractvalue out of range".into());
                }
                Some(self.w.tm.extract(a, lo + wd - 1, lo))
            }
            InstKind::InsertValue { agg, val, offset, .. } => {
                let a = self.operand(*agg);
                let v = self.operand(*val);
                Some(self.insert_bits(a, v, (*offset * 8) as u32)?)
            }
            InstKind::Fence { .. } => None,
            InstKind::AtomicRmw { .. } | InstKind::CmpXchg { .. } | InstKind::Unsupported { .. } => {
                return Err("unsupported instruction".into())
            }
        };
        if let (Some(d), Some(t)) = (inst.dest, result) {
            self.define(d, t);
        } else if let Some(d) = inst.dest {
            let wd = self.width_of(self.f.value(d).ty);
            if wd > 0 {
                let v = self.free_var("result", wd.min(MAX_VALUE_BITS));
                self.define(d, v);
            }
        }
        Ok(())
    }

    fn insert_bits(&mut self, a: TermId, v: TermId, lo: u32) -> Result<TermId, SkipReason> {
        let (aw, vw) = (self.w.tm.width(a), self.w.tm.width(v));
        if lo + vw > aw {
            return Err("insertvalue out of range".into());
        }
        let mut r = v;
        if lo > 0 {
            let low = self.w.tm.extract(a, lo - 1, 0);
            r = self.w.tm.concat(r, low);
        }
        if lo + vw < aw {
            let high = self.w.tm.extract(a, aw - 1, lo + vw);
            r = self.w.tm.concat(high, r);
        }
        Ok(r)
    }

    /// `memset`/`memcpy`/`memmove` of constant length `len` (thesis §3.2.1's write restriction,
    /// once per location): every known access shape of the destination object inside the range
    /// gets the fill byte repeated, or the source's bytes at the same relative offset.
    fn mem_op(&mut self, which: Intrinsic, args: &[Operand], loc: vigil_ir::Loc) -> Result<(), SkipReason> {
        let len = match args.get(2) {
            Some(&Operand::Const(c)) => match self.m.konst(c) {
                Const::Int { bits, .. } => *bits as i64,
                _ => return Err("memory intrinsic with a non-integer length".into()),
            },
            _ => return Err("memory intrinsic with a non-constant length".into()),
        };
        if len == 0 {
            return Ok(());
        }
        let d = self.operand(args[0]);
        self.deref_check(d, loc);
        let src = if which == Intrinsic::Memset {
            None
        } else {
            let sp = self.operand(args[1]);
            self.deref_check(sp, loc);
            Some(sp)
        };
        let fill_byte = if which == Intrinsic::Memset {
            let b = self.operand(args[1]);
            Some(self.fit(b, 8))
        } else {
            None
        };
        let tt = self.w.tm.tt();
        let dsts = targets(&mut self.w.tm, &self.w.objects, d);
        let srcs = match src {
            Some(sp) => targets(&mut self.w.tm, &self.w.objects, sp),
            None => Vec::new(),
        };
        for (g, t) in dsts {
            let Target::At(db, Some(doff)) = t else { continue };
            // Shapes of the destination, plus those of the source shifted into it.
            let mut shapes: Vec<(i64, u32)> = self
                .shapes
                .get(&db)
                .map(|v| v.iter().filter(|&&(o, n)| o >= doff && o + i64::from(n) <= doff + len).copied().collect())
                .unwrap_or_default();
            for (_, st) in &srcs {
                if let Target::At(sb, Some(soff)) = st {
                    for &(o, n) in self.shapes.get(sb).map(Vec::as_slice).unwrap_or(&[]) {
                        let rel = o - soff;
                        if rel >= 0 && rel + i64::from(n) <= len && !shapes.contains(&(doff + rel, n)) {
                            shapes.push((doff + rel, n));
                        }
                    }
                }
            }
            for (o, n) in shapes {
                if n * 8 > MAX_VALUE_BITS {
                    continue;
                }
                let dl = Loc { base: db, off: Some(o), bytes: n };
                let v = match fill_byte {
                    Some(b) => {
                        let mut v = b;
                        for _ in 1..n {
                            v = self.w.tm.concat(v, b);
                        }
                        v
                    }
                    None => {
                        let rel = o - doff;
                        let mut alts: Vec<(TermId, TermId)> = Vec::new();
                        for &(sg, st) in &srcs {
                            if let Target::At(sb, soff) = st {
                                let sl = Loc { base: sb, off: soff.map(|so| so + rel), bytes: n };
                                let v = self.read(sl);
                                alts.push((sg, v));
                            }
                        }
                        match alts.pop() {
                            None => continue,
                            Some((_, last)) => alts.into_iter().rev().fold(last, |acc, (sg, v)| self.w.tm.ite(sg, v, acc)),
                        }
                    }
                };
                let nv = if g == tt {
                    v
                } else {
                    let old = self.read(dl);
                    self.w.tm.ite(g, v, old)
                };
                self.write(dl, nv);
            }
        }
        Ok(())
    }

    fn intrinsic(&mut self, which: Intrinsic, args: &[Operand], ret_ty: TypeId) -> Result<Option<TermId>, SkipReason> {
        let vals: Vec<TermId> = args.iter().map(|&a| self.operand(a)).collect();
        let tm = &mut self.w.tm;
        Ok(match which {
            Intrinsic::Expect => Some(vals[0]),
            Intrinsic::Assume => {
                let c = symbolic::to_bool(tm, vals[0]);
                self.ctx = tm.and(self.ctx, c);
                None
            }
            Intrinsic::Trap => {
                self.ctx = tm.ff();
                None
            }
            Intrinsic::SMin | Intrinsic::SMax | Intrinsic::UMin | Intrinsic::UMax => {
                let (a, b) = (vals[0], vals[1]);
                let lt = match which {
                    Intrinsic::SMin | Intrinsic::SMax => tm.slt(a, b),
                    _ => tm.ult(a, b),
                };
                Some(if matches!(which, Intrinsic::SMin | Intrinsic::UMin) { tm.ite(lt, a, b) } else { tm.ite(lt, b, a) })
            }
            Intrinsic::Abs => {
                let a = vals[0];
                let wd = tm.width(a);
                let z = tm.bv_u64(wd, 0);
                let neg = tm.slt(a, z);
                let na = tm.bvneg(a);
                Some(tm.ite(neg, na, a))
            }
            Intrinsic::SAddWithOverflow
            | Intrinsic::UAddWithOverflow
            | Intrinsic::SSubWithOverflow
            | Intrinsic::USubWithOverflow
            | Intrinsic::SMulWithOverflow
            | Intrinsic::UMulWithOverflow => {
                let (a, b) = (vals[0], vals[1]);
                let (val, ovf) = match which {
                    Intrinsic::SAddWithOverflow => (tm.bvadd(a, b), tm.sadd_overflow(a, b)),
                    Intrinsic::UAddWithOverflow => (tm.bvadd(a, b), tm.uadd_overflow(a, b)),
                    Intrinsic::SSubWithOverflow => (tm.bvsub(a, b), tm.ssub_overflow(a, b)),
                    Intrinsic::USubWithOverflow => (tm.bvsub(a, b), tm.usub_overflow(a, b)),
                    Intrinsic::SMulWithOverflow => (tm.bvmul(a, b), tm.smul_overflow(a, b)),
                    _ => (tm.bvmul(a, b), tm.umul_overflow(a, b)),
                };
                let total = self.m.types.value_bits(ret_ty);
                let ovf_off = match self.m.types.get(ret_ty) {
                    vigil_ir::Type::Struct { offsets, .. } if offsets.len() == 2 => offsets[1] as u32 * 8,
                    _ => return Err("overflow intrinsic with unexpected result type".into()),
                };
                let bit = symbolic::from_bool(tm, ovf);
                let zero = tm.bv_u64(total, 0);
                let with_val = self.insert_bits(zero, val, 0)?;
                Some(self.insert_bits(with_val, bit, ovf_off)?)
            }
            Intrinsic::IsConstant => Some(tm.bv_u64(self.m.types.value_bits(ret_ty).max(1), 0)),
            Intrinsic::Bswap | Intrinsic::Bitreverse | Intrinsic::Ctpop | Intrinsic::Ctlz | Intrinsic::Cttz => {
                Some(bit_intrinsic(tm, which, vals[0]))
            }
            Intrinsic::Fshl | Intrinsic::Fshr => {
                let (a, b, c) = (vals[0], vals[1], vals[2]);
                let wd = tm.width(a);
                let wc = tm.bv_u64(wd, u64::from(wd));
                let amt = tm.bvurem(c, wc);
                let cat = tm.concat(a, b);
                let amt2 = tm.zero_extend(amt, wd);
                Some(if which == Intrinsic::Fshl {
                    let sh = tm.bvshl(cat, amt2);
                    tm.extract(sh, 2 * wd - 1, wd)
                } else {
                    let sh = tm.bvlshr(cat, amt2);
                    tm.extract(sh, wd - 1, 0)
                })
            }
            _ => {
                let wd = self.m.types.value_bits(ret_ty);
                if wd == 0 {
                    None
                } else {
                    Some(self.free_var("intrinsic", wd.min(MAX_VALUE_BITS)))
                }
            }
        })
    }

    fn call(&mut self, callee: &Callee, args: &[Operand], ret_ty: TypeId, loc: vigil_ir::Loc) -> Result<Option<TermId>, SkipReason> {
        let wd = self.width_of(ret_ty);
        let Callee::Direct(g) = *callee else {
            return Ok((wd > 0).then(|| self.free_var("indirect-call", wd.min(MAX_VALUE_BITS))));
        };
        let gf = self.m.function(g);
        let name = gf.name.as_str();
        match name {
            "reach_error" | "__VERIFIER_error" | "__assert_fail" | "__assert" | "__assert_rtn" => {
                let ff = self.w.tm.ff();
                self.check(ReportKind::Assertion, ff, loc);
                self.ctx = ff;
                return Ok(None);
            }
            "abort" | "exit" | "_exit" | "_Exit" => {
                self.ctx = self.w.tm.ff();
                return Ok(None);
            }
            "__VERIFIER_assume" => {
                let c = self.operand(args[0]);
                let cb = symbolic::to_bool(&mut self.w.tm, c);
                self.ctx = self.w.tm.and(self.ctx, cb);
                return Ok(None);
            }
            "malloc" | "calloc" | "realloc" | "valloc" | "alloca" | "__builtin_alloca" | "aligned_alloc" => {
                // Allocation never fails in this model (documented limitation: NULL results of
                // malloc are not explored, which can only lose bugs).
                let base = Base::Heap(self.fid, loc.line, loc.col);
                if name == "calloc" {
                    self.w.objects.zeroed.insert(base);
                }
                let a = self.w.objects.addr(base);
                return Ok(Some(self.w.tm.bv_u64(64, a)));
            }
            "free" => return Ok(None),
            _ => {}
        }
        if name.starts_with("__VERIFIER_nondet_") {
            if wd == 0 {
                return Ok(None);
            }
            let v = self.w.new_var(
                name,
                wd,
                VarKind::Local(LocalKind::Nondet { function: name.to_string(), width: wd }),
            );
            self.out.events.push((self.ctx, Event::Nondet { var: v, function: name.to_string(), width: wd }));
            return Ok(Some(v));
        }
        let actuals: Vec<TermId> = args.iter().map(|&a| self.operand(a)).collect();
        if gf.is_declaration() || self.w.summaries[g.index()].is_none() {
            if !gf.is_declaration() {
                self.out.broken_edges.push(format!("{} -> {}", self.f.name, gf.name));
            }
            return Ok((wd > 0).then(|| self.free_var("extern-ret", wd.min(MAX_VALUE_BITS))));
        }
        Ok(self.call_summary(g, &actuals, wd, loc))
    }

    /// Callee locations resolved in the caller's space under instance `j`.
    fn resolve(&mut self, j: InstId, loc: Loc) -> Vec<(TermId, Loc)> {
        match loc.base {
            Base::Global(_) | Base::Heap(..) | Base::Func(_) => {
                let tt = self.w.tm.tt();
                vec![(tt, loc)]
            }
            Base::Alloca(..) | Base::Reg(..) => Vec::new(),
            Base::Term(t) => {
                let p = self.w.subst(j, t);
                self.locations(p, loc.bytes)
                    .into_iter()
                    .map(|(g, l)| {
                        let off = match (l.off, loc.off) {
                            (Some(a), Some(b)) => Some(a.wrapping_add(b)),
                            _ => None,
                        };
                        (g, Loc { off, ..l })
                    })
                    .collect()
            }
        }
    }

    /// A call of an analysed function (thesis §4.2.1): binds the callee's inputs, creates its
    /// summary operators, applies its memory effects and conjoins its control-flow context.
    fn call_summary(&mut self, g: FuncId, actuals: &[TermId], wd: u32, loc: vigil_ir::Loc) -> Option<TermId> {
        let sum: Summary = self.w.summaries[g.index()].clone().expect("checked by the caller");
        let site = self.out.sites.len() as u32;
        let mut env = HashMap::new();
        for (i, &p) in sum.params.iter().enumerate() {
            let a = match actuals.get(i) {
                Some(&a) => {
                    let pw = self.w.tm.width(p);
                    self.fit(a, pw)
                }
                None => {
                    let pw = self.w.tm.width(p);
                    self.free_var("missing-arg", pw)
                }
            };
            env.insert(p, a);
        }
        let j = self.w.new_instance(g, env, site);
        for (l, var) in &sum.inlocs {
            let alts = self.resolve(j, *l);
            let mut vals: Vec<(TermId, TermId)> = Vec::new();
            for (gd, cl) in alts {
                let v = self.read(cl);
                vals.push((gd, v));
            }
            let v = match vals.pop() {
                None => self.free_var("unresolved-input", l.bytes * 8),
                Some((_, last)) => vals.into_iter().rev().fold(last, |acc, (gd, v)| self.w.tm.ite(gd, v, acc)),
            };
            self.w.instances[j as usize].env.insert(*var, v);
        }
        let ctx_at_call = self.ctx;
        self.out.sites.push(CallSite { callee: g, inst: j, ctx: ctx_at_call, loc });
        self.out.events.push((ctx_at_call, Event::Call { site }));
        let limit = self.opts.deref_inline_limit;
        let ret = match sum.ret {
            Some(t) if wd > 0 => {
                let r = if wd == 64 && self.w.dag_size(t, limit) <= limit {
                    self.w.subst(j, t)
                } else {
                    self.w.sumvar(j, Effect::Ret, self.w.tm.width(t))
                };
                Some(self.fit(r, wd))
            }
            _ => None,
        };
        // Effects, grouped by caller location: several effects on one location (pointer
        // parameters that alias here) get a fresh nondeterministic choice between them.
        let mut by_loc: Vec<(Loc, Vec<(TermId, TermId)>)> = Vec::new();
        for (k, (l, val)) in sum.effects.iter().enumerate() {
            let v = if l.bytes == 8 && self.w.dag_size(*val, limit) <= limit {
                self.w.subst(j, *val)
            } else {
                self.w.sumvar(j, Effect::Mem(k as u32), l.bytes * 8)
            };
            for (gd, cl) in self.resolve(j, *l) {
                match by_loc.iter_mut().find(|(x, _)| *x == cl) {
                    Some((_, list)) => list.push((gd, v)),
                    None => by_loc.push((cl, vec![(gd, v)])),
                }
            }
        }
        let tt = self.w.tm.tt();
        for (cl, list) in by_loc {
            let aliased = list.len() > 1;
            if aliased && list.iter().all(|&(gd, _)| gd == tt) {
                // Unconditionally aliased: the final value is one of the definitions.
                let mut it = list.into_iter().rev();
                let (_, last) = it.next().expect("non-empty");
                let mut cur = last;
                for (_, v) in it {
                    let choice = self.w.new_var("alias-choice", 0, VarKind::Local(LocalKind::Free));
                    cur = self.w.tm.ite(choice, v, cur);
                }
                self.write_mem(cl, cur);
                continue;
            }
            let mut cur: Option<TermId> = None;
            for (gd, v) in list {
                let gd = if aliased {
                    let choice = self.w.new_var("alias-choice", 0, VarKind::Local(LocalKind::Free));
                    self.w.tm.and(gd, choice)
                } else {
                    gd
                };
                let nv = if gd == tt {
                    v
                } else {
                    let old = match cur {
                        Some(c) => c,
                        None => self.read(cl),
                    };
                    self.w.tm.ite(gd, v, old)
                };
                cur = Some(nv);
            }
            if let Some(v) = cur {
                self.write_mem(cl, v);
            }
        }
        if sum.cfc != tt {
            let c = self.w.sumvar(j, Effect::Cfc, 0);
            self.ctx = self.w.tm.and(self.ctx, c);
        }
        ret
    }

    fn terminator(&mut self, n: u32, term: &Terminator) -> Result<(), SkipReason> {
        let succs = self.un.succs[n as usize].clone();
        let mut conds = Vec::with_capacity(succs.len());
        match term {
            Terminator::Ret { .. } | Terminator::Br { .. } => {
                for _ in &succs {
                    conds.push(self.w.tm.tt());
                }
            }
            Terminator::CondBr { cond, if_true, if_false } => {
                let c = self.operand(*cond);
                let cb = symbolic::to_bool(&mut self.w.tm, c);
                let nc = self.w.tm.not(cb);
                for &(_, s) in &succs {
                    conds.push(if if_true == if_false {
                        self.w.tm.tt()
                    } else if s == *if_true {
                        cb
                    } else {
                        nc
                    });
                }
                // A cut edge (loop bound reached) is excluded from the context by construction.
            }
            Terminator::Switch { val, cases, default } => {
                let v = self.operand(*val);
                let wd = self.w.tm.width(v);
                let mut hits = Vec::new();
                for &(k, t) in cases {
                    let kc = self.w.tm.bv_u64(wd, k);
                    hits.push((self.w.tm.eq(v, kc), t));
                }
                for &(_, s) in &succs {
                    let mut c = self.w.tm.ff();
                    for &(h, t) in &hits {
                        if t == s {
                            c = self.w.tm.or(c, h);
                        }
                    }
                    if s == *default {
                        let mut none = self.w.tm.tt();
                        for &(h, _) in &hits {
                            let nh = self.w.tm.not(h);
                            none = self.w.tm.and(none, nh);
                        }
                        c = self.w.tm.or(c, none);
                    }
                    conds.push(c);
                }
            }
            Terminator::Unreachable => {
                self.ctx = self.w.tm.ff();
            }
            Terminator::Unsupported { construct } => return Err(format!("unsupported terminator: {construct}")),
        }
        self.econd[n as usize] = conds;
        Ok(())
    }

    /// At the virtual exit: the return value, the final values of modified locations and the
    /// context under which the function returns make the summary.
    fn finish_exit(&mut self) {
        let x = self.un.exit;
        self.node = x;
        let reachable = self.dom.is_reachable(x);
        let ret_w = self.width_of(self.f.ret_ty);
        let ret = if ret_w == 0 {
            None
        } else if !reachable {
            Some(self.free_var("no-return", ret_w.min(MAX_VALUE_BITS)))
        } else {
            let preds: Vec<u32> = self.un.graph.preds(x).to_vec();
            let mut leaves = HashMap::new();
            for p in preds {
                let b = self.un.nodes[p as usize].block.expect("real");
                if let Terminator::Ret { val: Some(op) } = self.f.blocks[b.index()].term {
                    let v = self.operand_at(op, p);
                    leaves.insert(p, v);
                }
            }
            if leaves.is_empty() {
                Some(self.free_var("no-return", ret_w))
            } else {
                Some(self.gate(x, &leaves))
            }
        };
        let cfc = if reachable { self.ctx } else { self.w.tm.ff() };
        let written = self.written.clone();
        let mut effects = Vec::new();
        for l in written {
            let v = if reachable { self.read_at(l, x) } else { self.initial(l) };
            effects.push((l, v));
        }
        self.w.summaries[self.fid.index()] = Some(Summary {
            params: self.params.clone(),
            inlocs: self.inlocs.clone(),
            ret,
            effects,
            cfc,
        });
    }
}

/// `bswap`, `bitreverse`, `ctpop`, `ctlz`, `cttz` of `a`, bit-precisely (`ctlz`/`cttz` of 0
/// give the width, LLVM's answer when zero is not poison).
pub fn bit_intrinsic(tm: &mut vigil_bv::TermManager, which: Intrinsic, a: TermId) -> TermId {
    let wd = tm.width(a);
    let one = tm.bv_u64(1, 1);
    let bit = |tm: &mut vigil_bv::TermManager, i: u32| {
        let b = tm.extract(a, i, i);
        tm.eq(b, one)
    };
    match which {
        Intrinsic::Bswap | Intrinsic::Bitreverse => {
            let unit = if which == Intrinsic::Bswap { 8 } else { 1 };
            if wd < unit || wd / unit * unit != wd {
                return a;
            }
            let mut r = tm.extract(a, unit - 1, 0);
            for k in 1..wd / unit {
                let piece = tm.extract(a, (k + 1) * unit - 1, k * unit);
                r = tm.concat(r, piece);
            }
            r
        }
        Intrinsic::Ctpop => {
            let mut r = tm.bv_u64(wd, 0);
            for i in 0..wd {
                let b = tm.extract(a, i, i);
                let z = if wd > 1 { tm.zero_extend(b, wd - 1) } else { b };
                r = tm.bvadd(r, z);
            }
            r
        }
        Intrinsic::Ctlz => {
            let mut r = tm.bv_u64(wd, u64::from(wd));
            for i in 0..wd {
                let c = bit(tm, i);
                let k = tm.bv_u64(wd, u64::from(wd - 1 - i));
                r = tm.ite(c, k, r);
            }
            r
        }
        _ => {
            let mut r = tm.bv_u64(wd, u64::from(wd));
            for i in (0..wd).rev() {
                let c = bit(tm, i);
                let k = tm.bv_u64(wd, u64::from(i));
                r = tm.ite(c, k, r);
            }
            r
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vigil_bv::{BitVecValue, Evaluator, Value};

    #[test]
    fn bit_intrinsics_match_rust_on_constants() {
        let mut tm = vigil_bv::TermManager::new();
        for &x in &[0u32, 1, 0x8000_0000, 0x1234_5678, 0xffff_ffff, 0x00f0_0100] {
            let a = tm.bv_u64(32, u64::from(x));
            let ev = |tm: &mut vigil_bv::TermManager, w: Intrinsic| {
                let t = bit_intrinsic(tm, w, a);
                Evaluator::new(tm, std::iter::empty()).eval(t).as_bv().unwrap().low_u64()
            };
            assert_eq!(ev(&mut tm, Intrinsic::Bswap), u64::from(x.swap_bytes()));
            assert_eq!(ev(&mut tm, Intrinsic::Bitreverse), u64::from(x.reverse_bits()));
            assert_eq!(ev(&mut tm, Intrinsic::Ctpop), u64::from(x.count_ones()));
            assert_eq!(ev(&mut tm, Intrinsic::Ctlz), u64::from(x.leading_zeros()));
            assert_eq!(ev(&mut tm, Intrinsic::Cttz), u64::from(x.trailing_zeros()));
        }
    }

    fn compile(tag: &str, src: &str) -> Module {
        let dir = std::env::temp_dir().join(format!("vigil-static-unit-{}-{tag}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join(format!("{tag}.c"));
        std::fs::write(&p, src).unwrap();
        let opts = vigil_frontend::FrontendOptions { mem2reg: true, runtime: None, ..Default::default() };
        vigil_frontend::load(&[p], &opts).unwrap()
    }

    /// Executes the single function `f` of `src` and evaluates its summary on `arg`.
    fn run_f(tag: &str, src: &str, unroll: u32, args: &[&[i64]]) -> Vec<(Option<u64>, bool)> {
        let m = compile(tag, src);
        let fid = m.function_by_name("f").unwrap();
        let names = m.functions.iter().map(|f| f.name.clone()).collect();
        let mut w = World::new(names);
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
