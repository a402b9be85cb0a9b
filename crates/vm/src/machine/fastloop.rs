//! Register loops run fast: a loop whose body only computes on integer registers is run by a
//! small interpreter over a table of the loop's registers, instead of instruction by
//! instruction through the frame object.
//!
//! Why: SV-COMP's loop-acceleration tasks (`simple_false_1`: `while (x < 0x0fffffff) x += 2;`)
//! run hundreds of millions of instructions without touching memory. The VM keeps registers in
//! the frame object (DiVM §3.1: the stack is part of the memory graph), so each instruction pays
//! for a heap lookup, copy-on-write and definedness bytes; and a deterministic loop stores a
//! state every [`DETERMINISTIC_PASSES`] passes of its header.
//!
//! **Which loops** (decided by the loader, [`build_all`]): natural loops
//! (`vigil_ir::cfg::loops`) whose blocks hold only φs, integer arithmetic (`Bin`), comparisons,
//! selects and integer casts (trunc, zext, sext) on values of at most 64 bits, and end in
//! branches or switches; operands are such registers or scalar integer constants. Calls may
//! appear of SV-COMP's error function (the fast run declines an iteration that reaches one) and
//! of [`FastFunc`]s: the program's functions without cycles or recursion whose bodies are made
//! of the same instructions (`__VERIFIER_assert`, `f(x) { return x + 2; }`), nested at most
//! [`MAX_CALL_DEPTH`] deep; the VM's frame for such a call would be freed at its return, so
//! the call leaves nothing behind but its result. Nothing else in such a loop touches memory,
//! calls a function or makes a choice, except a branch on an undefined value.
//!
//! **Semantics are the VM's**: each operation is [`ops`]' with the same checks as
//! `Machine::step` (overflow under no-overflow, oversized shifts, division by zero); values keep
//! their definedness. The fast run gives up on anything else — a fault, a branch on an undefined
//! value, a register holding a pointer or a symbolic term when the loop starts — and then puts
//! the registers back as they were at the start of the iteration it was in: the interpreter
//! runs that iteration again, step by step, and meets what the fast run declined where it is.
//!
//! **Transitions.** A fast run starts when the header is entered for the second time in a
//! transition (loops that run once or twice are left alone) and ends when the loop exits, or at
//! the header once it has run [`FAST_STEPS`] instructions (fewer when the transition's step
//! limit is nearer), or at a canonical state of a cycle when the loop never ends ([`Cycle`]). It
//! counts its instructions as steps of the transition. When it ends without leaving the loop,
//! the next pass of the header ends the transition (a state is stored), so an infinite loop is
//! still cut infinitely often and its states repeat. Everything here depends only on the state
//! and the configuration, so the search and the replay cut transitions alike; a traced run
//! (replay) records one note for the iterations it did not trace line by line.

use super::*;
use std::sync::Arc;
use vigil_ir::cfg::loops::LoopForest;
use vigil_ir::{BinOp, CastOp, Function, ICmpPred, Module};

/// Instructions a fast run may execute before it stops at the loop's header.
pub const FAST_STEPS: u64 = 1 << 24;

/// A block's index in [`FastLoop::blocks`], or this for a block outside the loop.
const OUTSIDE: u32 = u32::MAX;

/// An operand: a slot of the register table, which holds a register or a constant (set when
/// the table is made).
type Src = u32;

/// One non-φ instruction, operands resolved (`dest` is a slot).
#[derive(Clone, Debug)]
enum Op {
    Bin { op: BinOp, nsw: bool, unsigned_shl: bool, width: u32, dest: u32, lhs: Src, rhs: Src },
    ICmp { pred: ICmpPred, width: u32, dest: u32, lhs: Src, rhs: Src },
    Select { dest: u32, cond: Src, if_true: Src, if_false: Src },
    Cast { op: CastOp, from: u32, to: u32, dest: u32, val: Src },
    /// A call of SV-COMP's error function (`reach_error`, `__VERIFIER_error`): the run declines
    /// the iteration that gets there, and the interpreter makes the call.
    Decline,
    /// A call of a [`FastFunc`]: its result goes to `dest`.
    Call { func: Arc<FastFunc>, args: Vec<Src>, dest: Option<u32> },
}

/// An edge out of a block: the target's block id, its index among the run's blocks
/// ([`OUTSIDE`]: the edge leaves the loop), and which of its φ lists the edge takes
/// ([`NO_PHIS`]: the target has no φs). Resolved once the blocks are built ([`resolve`]).
#[derive(Clone, Copy, Debug)]
struct Edge {
    to: u32,
    index: u32,
    phis: u32,
}

const NO_PHIS: u32 = u32::MAX;

impl Edge {
    fn to(block: vigil_ir::BlockId) -> Edge {
        Edge { to: block.0, index: OUTSIDE, phis: NO_PHIS }
    }
}

/// A block's terminator.
#[derive(Clone, Debug)]
enum Exit {
    Br(Edge),
    CondBr { cond: Src, if_true: Edge, if_false: Edge },
    Switch { val: Src, width: u32, cases: Vec<(u64, Edge)>, default: Edge },
    /// (In a [`FastFunc`] only.)
    Ret(Option<Src>),
    /// `unreachable`, as after a call of the error function: the run declines getting there.
    Unreachable,
}

#[derive(Clone, Debug)]
struct FastBlock {
    id: u32,
    /// Its number of φs.
    nphi: usize,
    ops: Vec<Op>,
    exit: Exit,
    /// Its φs, per predecessor inside the loop: the predecessor's id and (slot, value) pairs.
    phis: Vec<(u32, Vec<(u32, Src)>)>,
}

/// A function a fast run can call: defined in the program (not the runtime), not recursive,
/// not variadic, not atomic (`__VERIFIER_atomic_*`), without cycles in its blocks, whose
/// instructions are those of a fast loop; `blocks[i]` is block `i`. Its registers are a table
/// of their own, parameters first.
#[derive(Debug)]
pub struct FastFunc {
    table: Table,
    params: usize,
    blocks: Vec<FastBlock>,
    /// `Program::checks_overflow` of the function (the runtime's arithmetic is not checked).
    checked: bool,
}

/// A register table's layout.
#[derive(Clone, Debug, Default)]
struct Table {
    slots: usize,
    /// The slot of each register, in order of first use (a function's parameters first).
    regs: Vec<(u32, ValueId)>,
    /// Per slot: defined by an instruction or φ (a loop's are written back when its run ends).
    written: Vec<bool>,
    /// The slots that hold constants, with their values.
    consts: Vec<(u32, Scalar)>,
}

impl Table {
    /// A table of undefined registers and its constants.
    fn fresh(&self, vals: &mut Vec<Scalar>) {
        vals.clear();
        vals.resize(self.slots, Scalar::undef());
        for &(s, c) in &self.consts {
            vals[s as usize] = c;
        }
    }
}

/// How deep calls of [`FastFunc`]s may nest inside a fast loop.
const MAX_CALL_DEPTH: u32 = 4;

/// The [`FastFunc`] of each function, once decided (None: the function does not qualify).
type FuncCache = std::collections::HashMap<FuncId, Option<Arc<FastFunc>>>;

/// A loop the fast interpreter can run (see the module doc).
#[derive(Clone, Debug)]
pub struct FastLoop {
    header: u32,
    /// The register table: its size, the slots of the registers the loop reads or writes, the
    /// slots of its constants.
    table: Table,
    blocks: Vec<FastBlock>,
    /// Per block of the function: its index in `blocks`, or [`OUTSIDE`].
    index: Vec<u32>,
    /// The header's source line, for the trace's note.
    line: u32,
}

/// The fast loops of every function of `module`, by header block (None elsewhere and for loops
/// that do not qualify); `funcs` are the loader's facts so far (interrupt points, recursion).
pub(crate) fn build_all(module: &Module, consts: &[ConstVal], funcs: &[FuncInfo], checked: &[bool]) -> Vec<Vec<Option<Box<FastLoop>>>> {
    let ctx = Context { module, consts, funcs, checked };
    let mut cache = FuncCache::new();
    module.functions.iter().map(|f| ctx.loops_of(f, &mut cache)).collect()
}

/// What building needs of the whole program.
struct Context<'a> {
    module: &'a Module,
    consts: &'a [ConstVal],
    funcs: &'a [FuncInfo],
    checked: &'a [bool],
}

impl Context<'_> {
    fn loops_of(&self, f: &Function, cache: &mut FuncCache) -> Vec<Option<Box<FastLoop>>> {
        let mut out: Vec<Option<Box<FastLoop>>> = vec![None; f.blocks.len()];
        if f.is_declaration() {
            return out;
        }
        let forest = LoopForest::compute(&vigil_ir::graphs::function_graph(f));
        for (l, lp) in forest.loops().iter().enumerate() {
            let body = forest.body(l as u32);
            if let Some(fl) = Builder::new(self, f, cache, 0).build_loop(lp.header, body) {
                out[lp.header as usize] = Some(Box::new(fl));
            }
        }
        out
    }

    /// The [`FastFunc`] of `id`, built once; None when it does not qualify or calls nest deeper
    /// than [`MAX_CALL_DEPTH`].
    fn func(&self, id: FuncId, cache: &mut FuncCache, depth: u32) -> Option<Arc<FastFunc>> {
        if let Some(known) = cache.get(&id) {
            return known.clone();
        }
        let f = self.module.function(id);
        let info = &self.funcs[id.index()];
        // (An atomic function's call is a visible action that opens an atomic section.)
        let atomic = vigil_ir::svcomp::is_atomic_function(&f.name);
        let fits = !f.is_declaration() && !f.runtime && !f.varargs && !atomic && !info.recursive && !info.cfl_point.iter().any(|c| *c);
        if !fits || depth >= MAX_CALL_DEPTH {
            return None;
        }
        let built = Builder::new(self, f, cache, depth + 1).build_func().map(|ff| Arc::new(FastFunc { checked: self.checked[id.index()], ..ff }));
        cache.insert(id, built.clone());
        built
    }
}

/// Resolves a loop's instructions into [`Op`]s, giving each register a slot.
struct Builder<'a, 'c> {
    ctx: &'a Context<'a>,
    module: &'a Module,
    consts: &'a [ConstVal],
    f: &'a Function,
    cache: &'c mut FuncCache,
    /// How deep in calls the function being built is (0: the loop's own function).
    depth: u32,
    table: Table,
    slot_of: std::collections::HashMap<ValueId, u32>,
    const_slot: std::collections::HashMap<vigil_ir::ConstId, u32>,
}

impl<'a, 'c> Builder<'a, 'c> {
    fn new(ctx: &'a Context<'a>, f: &'a Function, cache: &'c mut FuncCache, depth: u32) -> Builder<'a, 'c> {
        let (module, consts) = (ctx.module, ctx.consts);
        Builder { ctx, module, consts, f, cache, depth, table: Table::default(), slot_of: Default::default(), const_slot: Default::default() }
    }

    /// The width of an integer type of at most 64 bits, else None.
    fn int_bits(&self, ty: vigil_ir::TypeId) -> Option<u32> {
        let bits = self.module.types.value_bits(ty);
        (self.module.types.is_int(ty) && (1..=64).contains(&bits)).then_some(bits)
    }

    /// The width of an integer register of at most 64 bits, else None.
    fn int_width(&self, v: ValueId) -> Option<u32> {
        self.int_bits(self.f.values[v.index()].ty)
    }

    fn new_slot(&mut self) -> u32 {
        self.table.written.push(false);
        self.table.slots += 1;
        (self.table.slots - 1) as u32
    }

    fn slot(&mut self, v: ValueId) -> Option<u32> {
        self.int_width(v)?;
        if let Some(&s) = self.slot_of.get(&v) {
            return Some(s);
        }
        let s = self.new_slot();
        self.table.regs.push((s, v));
        self.slot_of.insert(v, s);
        Some(s)
    }

    fn dest(&mut self, d: Option<ValueId>) -> Option<u32> {
        let s = self.slot(d?)?;
        self.table.written[s as usize] = true;
        Some(s)
    }

    fn src(&mut self, op: Operand) -> Option<Src> {
        match op {
            Operand::Value(v) => self.slot(v),
            Operand::Const(c) => {
                self.width(op)?;
                let value = match &self.consts[c.index()] {
                    ConstVal::Scalar(s) if !s.ptr => *s,
                    _ => return None,
                };
                if let Some(&s) = self.const_slot.get(&c) {
                    return Some(s);
                }
                let s = self.new_slot();
                self.table.consts.push((s, value));
                self.const_slot.insert(c, s);
                Some(s)
            }
        }
    }

    /// The width of an integer operand of at most 64 bits.
    fn width(&self, op: Operand) -> Option<u32> {
        match op {
            Operand::Value(v) => self.int_width(v),
            Operand::Const(c) => self.int_bits(self.module.const_type(c)),
        }
    }

    fn op(&mut self, inst: &vigil_ir::Inst) -> Option<Op> {
        Some(match &inst.kind {
            InstKind::Bin { op, flags, lhs, rhs } => {
                let width = self.int_width(inst.dest?)?;
                let unsigned_shl = *op == BinOp::Shl && !flags.nsw && self.module.shl_signedness_known;
                Op::Bin { op: *op, nsw: flags.nsw, unsigned_shl, width, dest: self.dest(inst.dest)?, lhs: self.src(*lhs)?, rhs: self.src(*rhs)? }
            }
            InstKind::ICmp { pred, lhs, rhs } => {
                let width = self.width(*lhs)?;
                Op::ICmp { pred: *pred, width, dest: self.dest(inst.dest)?, lhs: self.src(*lhs)?, rhs: self.src(*rhs)? }
            }
            InstKind::Select { cond, if_true, if_false } => {
                Op::Select { dest: self.dest(inst.dest)?, cond: self.src(*cond)?, if_true: self.src(*if_true)?, if_false: self.src(*if_false)? }
            }
            InstKind::Cast { op: op @ (CastOp::Trunc | CastOp::ZExt | CastOp::SExt), val, .. } => {
                let from = self.width(*val)?;
                let to = self.int_width(inst.dest?)?;
                Op::Cast { op: *op, from, to, dest: self.dest(inst.dest)?, val: self.src(*val)? }
            }
            InstKind::Call { callee: vigil_ir::Callee::Direct(f), .. }
                if vigil_ir::svcomp::is_error_function(&self.module.function(*f).name) =>
            {
                Op::Decline
            }
            InstKind::Call { callee: vigil_ir::Callee::Direct(id), args, .. } => {
                let callee = self.module.function(*id);
                let returns = self.module.types.value_bits(callee.ret_ty) > 0;
                let ret_bits = self.int_bits(callee.ret_ty);
                // (A result the callee does not return, or arguments and results of other
                // widths than the callee's, as through a mismatched declaration: the
                // interpreter's cases.)
                let widths_agree = args.len() == callee.params.len()
                    && args.iter().zip(&callee.params).all(|(a, p)| self.width(*a).is_some_and(|w| Some(w) == self.int_bits(callee.values[p.index()].ty)))
                    && inst.dest.is_none_or(|d| self.int_width(d).is_some_and(|w| Some(w) == ret_bits));
                if (returns && ret_bits.is_none()) || (inst.dest.is_some() && !returns) || !widths_agree {
                    return None;
                }
                let func = self.ctx.func(*id, self.cache, self.depth)?;
                let args = args.iter().map(|a| self.src(*a)).collect::<Option<Vec<_>>>()?;
                let dest = match inst.dest {
                    Some(_) => Some(self.dest(inst.dest)?),
                    None => None,
                };
                Op::Call { func, args, dest }
            }
            _ => return None,
        })
    }

    /// Block `b`, its φs' values listed for the predecessors that `inside` accepts.
    fn block(&mut self, b: u32, inside: impl Fn(u32) -> bool) -> Option<FastBlock> {
        let block = &self.f.blocks[b as usize];
        let mut ops = Vec::new();
        let mut phis: Vec<(u32, Vec<(u32, Src)>)> = Vec::new();
        for inst in &block.insts {
            if let InstKind::Phi { incoming } = &inst.kind {
                let dest = self.dest(inst.dest)?;
                for (pred, val) in incoming {
                    if !inside(pred.0) {
                        continue;
                    }
                    let src = self.src(*val)?;
                    match phis.iter_mut().find(|(p, _)| *p == pred.0) {
                        Some((_, list)) => list.push((dest, src)),
                        None => phis.push((pred.0, vec![(dest, src)])),
                    }
                }
            } else {
                ops.push(self.op(inst)?);
            }
        }
        let exit = match &block.term {
            Terminator::Br { target } => Exit::Br(Edge::to(*target)),
            Terminator::CondBr { cond, if_true, if_false } => {
                Exit::CondBr { cond: self.src(*cond)?, if_true: Edge::to(*if_true), if_false: Edge::to(*if_false) }
            }
            Terminator::Switch { val, cases, default } => Exit::Switch {
                width: self.width(*val)?,
                val: self.src(*val)?,
                cases: cases.iter().map(|(c, b)| (*c, Edge::to(*b))).collect(),
                default: Edge::to(*default),
            },
            Terminator::Ret { val } if self.depth > 0 => Exit::Ret(match val {
                Some(v) => Some(self.src(*v)?),
                None => None,
            }),
            Terminator::Unreachable => Exit::Unreachable,
            _ => return None,
        };
        let nphi = block.insts.iter().take_while(|i| matches!(i.kind, InstKind::Phi { .. })).count();
        // Every φ has a value for each predecessor listed (a predecessor no φ lists is caught
        // when a run takes that edge).
        if phis.iter().any(|(_, list)| list.len() != nphi) {
            return None;
        }
        Some(FastBlock { id: b, nphi, ops, exit, phis })
    }

    fn build_loop(mut self, header: u32, body: &[u32]) -> Option<FastLoop> {
        let mut index = vec![OUTSIDE; self.f.blocks.len()];
        for (i, &b) in body.iter().enumerate() {
            index[b as usize] = i as u32;
        }
        let mut blocks = body.iter().map(|&b| self.block(b, |p| index[p as usize] != OUTSIDE)).collect::<Option<Vec<_>>>()?;
        resolve(&mut blocks, |b| index[b as usize])?;
        let line = self.f.blocks[header as usize].term_loc.line;
        Some(FastLoop { header, table: self.table, blocks, index, line })
    }

    /// The function as a [`FastFunc`] (its `checked` flag is the caller's to set).
    fn build_func(mut self) -> Option<FastFunc> {
        for &p in &self.f.params {
            self.slot(p)?;
        }
        let mut blocks = (0..self.f.blocks.len() as u32).map(|b| self.block(b, |_| true)).collect::<Option<Vec<_>>>()?;
        resolve(&mut blocks, |b| b)?;
        Some(FastFunc { table: self.table, params: self.f.params.len(), blocks, checked: false })
    }
}

/// Resolves the edges of `blocks` (`index` maps a block id to its index there, or
/// [`OUTSIDE`]). None when an edge enters a block with φs that list no value for it.
fn resolve(blocks: &mut [FastBlock], index: impl Fn(u32) -> u32) -> Option<()> {
    let mut resolved: Vec<Vec<Edge>> = Vec::with_capacity(blocks.len());
    for block in blocks.iter() {
        let mut edges = Vec::new();
        for e in block.exit.edges() {
            let index = index(e.to);
            let mut phis = NO_PHIS;
            if index != OUTSIDE {
                let target = &blocks[index as usize];
                if target.nphi > 0 {
                    phis = target.phis.iter().position(|(p, _)| *p == block.id)? as u32;
                }
            }
            edges.push(Edge { to: e.to, index, phis });
        }
        resolved.push(edges);
    }
    for (block, edges) in blocks.iter_mut().zip(resolved) {
        for (e, r) in block.exit.edges_mut().zip(edges) {
            *e = r;
        }
    }
    Some(())
}

impl Exit {
    /// The edges, in the order of [`Exit::edges_mut`].
    fn edges(&self) -> Vec<Edge> {
        match self {
            Exit::Br(e) => vec![*e],
            Exit::CondBr { if_true, if_false, .. } => vec![*if_true, *if_false],
            Exit::Switch { cases, default, .. } => std::iter::once(*default).chain(cases.iter().map(|(_, e)| *e)).collect(),
            Exit::Ret(_) | Exit::Unreachable => Vec::new(),
        }
    }

    fn edges_mut(&mut self) -> Box<dyn Iterator<Item = &mut Edge> + '_> {
        match self {
            Exit::Br(e) => Box::new(std::iter::once(e)),
            Exit::CondBr { if_true, if_false, .. } => Box::new([if_true, if_false].into_iter()),
            Exit::Switch { cases, default, .. } => Box::new(std::iter::once(default).chain(cases.iter_mut().map(|(_, e)| e))),
            Exit::Ret(_) | Exit::Unreachable => Box::new(std::iter::empty()),
        }
    }
}

/// How a fast run ended.
enum End {
    /// Control leaves the loop along the edge `from → to`.
    Left { from: u32, to: u32 },
    /// At the header after its instruction budget, to be entered again.
    AtHeader,
    /// At the header, the registers as they were when it was last entered: the interpreter
    /// takes the iteration that the fast run declined.
    Declined,
}

/// Iterations run fast and not yet reported in the trace: the loop (function and header) and
/// their number. One note per loop left (or declined), not one per transition.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct FastNote {
    func: u32,
    header: u32,
    line: u32,
    iterations: u64,
}

impl Machine<'_> {
    /// `jump` just entered `header` (its φs evaluated): runs the loop fast if it qualifies and
    /// this is at least its second entry in the transition. Returns `Flow::Jumped` with the pc
    /// where the interpreter goes on: the header (nothing run, or a run that stopped there) or
    /// past the exit edge.
    pub(super) fn run_fast_loop(&mut self, header: u32) -> VmResult<Flow> {
        let prog = self.prog;
        let Some(fl) = prog.funcs[self.func.index()].fast_loops.get(header as usize).and_then(|f| f.as_deref()) else {
            return Ok(Flow::Jumped);
        };
        let key = (self.frame, header);
        if !self.interruptible() || self.passes(key) < 2 {
            return Ok(Flow::Jumped);
        }
        let left = if self.config.max_steps > 0 { self.config.max_steps.saturating_sub(self.steps) } else { u64::MAX };
        let budget = FAST_STEPS.min(left / 2);
        if budget < 1024 {
            return Ok(Flow::Jumped);
        }
        let mut vals: Vec<Scalar> = Vec::new();
        fl.table.fresh(&mut vals);
        for &(s, r) in &fl.table.regs {
            let v = self.reg(r);
            if v.ptr || self.is_sym_operand(Operand::Value(r)) {
                return Ok(Flow::Jumped);
            }
            vals[s as usize] = v;
        }
        let checks = Checks { overflow: self.checks_overflow_here(), shifts: prog.checks_overflow[self.func.index()] };
        let mut calls = Calls { check_overflow: self.config.check_overflow, frames: Vec::new(), steps: 0 };
        let (end, steps, iterations) = fl.run(&mut vals, budget, checks, &mut calls);
        for &(s, r) in &fl.table.regs {
            if fl.table.written[s as usize] {
                self.set_reg(r, vals[s as usize]);
            }
        }
        self.steps += steps;
        if self.events.is_some() {
            self.note_fast_iterations(fl, iterations, !matches!(end, End::AtHeader));
        }
        match end {
            End::Left { from, to } => {
                self.block = from;
                self.inst = prog.module.function(self.func).blocks[from as usize].insts.len() as u32;
                self.jump(BlockId(to))
            }
            End::AtHeader | End::Declined => {
                self.end_at_next_pass(key);
                Ok(Flow::Jumped)
            }
        }
    }

    /// Adds `iterations` of `fl` to the trace's pending note, and writes the note when the
    /// loop's fast runs are over (`done`) or another loop's begin.
    fn note_fast_iterations(&mut self, fl: &FastLoop, iterations: u64, done: bool) {
        let func = self.func.0;
        if self.fast_note.is_some_and(|n| (n.func, n.header) != (func, fl.header)) {
            self.flush_fast_note();
        }
        let note = self.fast_note.get_or_insert(FastNote { func, header: fl.header, line: fl.line, iterations: 0 });
        note.iterations += iterations;
        if done {
            self.flush_fast_note();
        }
    }

    /// Writes the pending note of fast iterations into the trace.
    fn flush_fast_note(&mut self) {
        if let Some(n) = self.fast_note.take().filter(|n| n.iterations > 0) {
            let text = format!("{} iterations of the loop at line {} ran without line-by-line tracing (a loop on registers only)", n.iterations, n.line);
            self.event(Event::Trace { kind: trace::INFO, text });
            self.last_line = (0, 0);
        }
    }
}

impl FastLoop {
    /// Runs the loop from its header (φs evaluated) on `vals` for at most about `budget`
    /// instructions. Returns how it ended, the instructions run (those of an iteration undone
    /// not counted) and the iterations completed. On [`End::AtHeader`] and [`End::Declined`],
    /// `vals` are the registers at the last entry of the header.
    fn run(&self, vals: &mut [Scalar], budget: u64, checks: Checks, calls: &mut Calls) -> (End, u64, u64) {
        let mut start: Vec<Scalar> = vals.to_vec();
        let mut phi_vals = [Scalar::int(0); 8];
        let mut cycle = Cycle::new(vals);
        let (mut steps, mut at_start, mut iterations) = (0u64, 0u64, 0u64);
        let mut b = self.index[self.header as usize] as usize;
        let end = 'run: loop {
            let block = &self.blocks[b];
            for op in &block.ops {
                if exec(op, vals, checks, calls).is_none() {
                    break 'run None;
                }
            }
            steps += block.ops.len() as u64 + 1 + std::mem::take(&mut calls.steps);
            let Some(edge) = successor(&block.exit, vals) else {
                break 'run None;
            };
            if edge.index == OUTSIDE {
                break Some(End::Left { from: block.id, to: edge.to });
            }
            enter(&self.blocks[edge.index as usize], edge.phis, vals, &mut phi_vals);
            if edge.to == self.header {
                iterations += 1;
                // (An element-wise copy: a handful of registers, where `memmove` costs a call.)
                for (s, v) in start.iter_mut().zip(vals.iter()) {
                    *s = *v;
                }
                at_start = steps;
                if steps >= budget || cycle.stop_here(vals) {
                    break Some(End::AtHeader);
                }
            } else if steps >= budget.saturating_mul(2) {
                // An inner loop that runs on: undo this iteration; the interpreter takes it.
                break 'run None;
            }
            b = edge.index as usize;
        };
        match end {
            Some(e) => (e, steps, iterations),
            None => {
                vals.copy_from_slice(&start);
                (End::Declined, at_start, iterations)
            }
        }
    }
}

/// A loop that never ends: its registers at the header repeat. Found by Brent's algorithm
/// (compare with the registers saved at the last power of two of iterations); the run then
/// goes once more around the cycle to find its least register vector and stops there. Where a
/// run enters the cycle does not matter: every run through it stops at that same state, so
/// the search meets it again after one transition and the loop's exploration is over, in a
/// few laps of the cycle rather than a budget's worth of iterations per state.
struct Cycle {
    saved: Vec<Scalar>,
    /// Iterations since `saved`, and the next power of two at which it is replaced.
    since: u64,
    power: u64,
    phase: Phase,
}

enum Phase {
    /// No repetition seen yet.
    Searching,
    /// The cycle has `left` more iterations to go round; `least` is its least vector so far.
    GoingRound { left: u64, least: Vec<Scalar> },
    /// Going to the least vector of the cycle.
    GoingTo(Vec<Scalar>),
}

impl Cycle {
    fn new(vals: &[Scalar]) -> Cycle {
        Cycle { saved: vals.to_vec(), since: 0, power: 1, phase: Phase::Searching }
    }

    /// At the header with registers `vals`: whether the run stops here.
    fn stop_here(&mut self, vals: &[Scalar]) -> bool {
        match &mut self.phase {
            Phase::Searching => {
                self.since += 1;
                if vals == self.saved.as_slice() {
                    // `since` is the cycle's length: go round once from here.
                    self.phase = Phase::GoingRound { left: self.since, least: vals.to_vec() };
                } else if self.since == self.power {
                    self.saved.copy_from_slice(vals);
                    self.since = 0;
                    self.power = self.power.saturating_mul(2);
                }
                false
            }
            Phase::GoingRound { left, least } => {
                if less(vals, least) {
                    least.copy_from_slice(vals);
                }
                *left -= 1;
                if *left == 0 {
                    let least = std::mem::take(least);
                    let here = vals == least.as_slice();
                    self.phase = Phase::GoingTo(least);
                    return here;
                }
                false
            }
            Phase::GoingTo(least) => vals == least.as_slice(),
        }
    }
}

/// Lexicographic order of register vectors (by bits, then definedness).
fn less(a: &[Scalar], b: &[Scalar]) -> bool {
    for (x, y) in a.iter().zip(b) {
        if (x.bits, x.def) != (y.bits, y.def) {
            return (x.bits, x.def) < (y.bits, y.def);
        }
    }
    false
}

/// Which checks the running function's operations make: signed overflow (under no-overflow,
/// in the program's own code) and oversized shifts (in the program's own code).
#[derive(Clone, Copy)]
struct Checks {
    overflow: bool,
    shifts: bool,
}

/// What calls of [`FastFunc`]s in a fast run need: whether the property checks overflows, the
/// register tables of finished calls (reused), and the instructions the calls ran.
struct Calls {
    check_overflow: bool,
    frames: Vec<Vec<Scalar>>,
    steps: u64,
}

/// The block a terminator goes to; None on a branch on an undefined value and at `unreachable`
/// (or a return, which only [`call`] takes).
fn successor(exit: &Exit, vals: &[Scalar]) -> Option<Edge> {
    Some(match exit {
        Exit::Br(t) => *t,
        Exit::CondBr { cond, if_true, if_false } => {
            let c = get(vals, *cond);
            if c.def & 1 == 0 {
                return None;
            }
            if c.bits & 1 == 1 { *if_true } else { *if_false }
        }
        Exit::Switch { val, width, cases, default } => {
            let v = get(vals, *val);
            if !v.is_defined(*width) {
                return None;
            }
            let x = v.bits & crate::memory::mask(*width);
            cases.iter().find(|(c, _)| *c == x).map_or(*default, |(_, t)| *t)
        }
        Exit::Ret(_) | Exit::Unreachable => return None,
    })
}

/// Enters `target` along an edge that takes its φ list `phis`: the φs read their values
/// before any is written (`buf` holds up to 8 of them; more go through a vector).
#[inline]
fn enter(target: &FastBlock, phis: u32, vals: &mut [Scalar], buf: &mut [Scalar; 8]) {
    if phis == NO_PHIS {
        return;
    }
    let list = &target.phis[phis as usize].1;
    if let [(d, s)] = list.as_slice() {
        vals[*d as usize] = get(vals, *s);
    } else if list.len() <= buf.len() {
        for (k, (_, s)) in list.iter().enumerate() {
            buf[k] = get(vals, *s);
        }
        for (k, (d, _)) in list.iter().enumerate() {
            vals[*d as usize] = buf[k];
        }
    } else {
        let read: Vec<Scalar> = list.iter().map(|(_, s)| get(vals, *s)).collect();
        for ((d, _), v) in list.iter().zip(read) {
            vals[*d as usize] = v;
        }
    }
}

/// Runs `func` on `args` to its return (its blocks have no cycle); None where the interpreter
/// must take over. A function without a result returns an undefined value nobody reads.
fn call(func: &FastFunc, args: &[Scalar], calls: &mut Calls) -> Option<Scalar> {
    let mut frame = calls.frames.pop().unwrap_or_default();
    func.table.fresh(&mut frame);
    frame[..func.params].copy_from_slice(args);
    let checks = Checks { overflow: calls.check_overflow && func.checked, shifts: func.checked };
    let mut buf = [Scalar::int(0); 8];
    let mut b = 0usize;
    let result = loop {
        let block = &func.blocks[b];
        let mut declined = false;
        for op in &block.ops {
            if exec(op, &mut frame, checks, calls).is_none() {
                declined = true;
                break;
            }
        }
        calls.steps += block.ops.len() as u64 + 1;
        if declined {
            break None;
        }
        if let Exit::Ret(v) = &block.exit {
            break Some(v.map_or(Scalar::undef(), |s| get(&frame, s)));
        }
        let Some(edge) = successor(&block.exit, &frame) else { break None };
        enter(&func.blocks[edge.index as usize], edge.phis, &mut frame, &mut buf);
        b = edge.index as usize;
    };
    calls.frames.push(frame);
    result
}

#[inline]
fn get(vals: &[Scalar], s: Src) -> Scalar {
    vals[s as usize]
}

/// One operation, as `Machine::step` does it; None where the interpreter must take over (a
/// fault: overflow, oversized shift, division by zero or by an undefined value).
fn exec(op: &Op, vals: &mut [Scalar], checks: Checks, calls: &mut Calls) -> Option<()> {
    match *op {
        Op::Bin { op, nsw, unsigned_shl, width, dest, lhs, rhs } => {
            let (a, b) = (get(vals, lhs), get(vals, rhs));
            let m = crate::memory::mask(width);
            let plain = a.def & m == m && b.def & m == m && !a.ptr && !b.ptr && !(nsw && checks.overflow);
            // (Defined integers and nothing to check: `ops::binop`'s result, without its cases.)
            let bits = match op {
                BinOp::Add if plain => Some(a.bits.wrapping_add(b.bits)),
                BinOp::Sub if plain => Some(a.bits.wrapping_sub(b.bits)),
                BinOp::Mul if plain => Some(a.bits.wrapping_mul(b.bits)),
                BinOp::And if plain => Some(a.bits & b.bits),
                BinOp::Or if plain => Some(a.bits | b.bits),
                BinOp::Xor if plain => Some(a.bits ^ b.bits),
                _ => None,
            };
            if let Some(bits) = bits {
                vals[dest as usize] = Scalar { bits: bits & m, def: m, ptr: false };
                return Some(());
            }
            if super::step::oversized_shift(op, width, super::step::shift_amount(b, width), checks.shifts) {
                return None;
            }
            let r = ops::binop(op, nsw, checks.overflow && !unsigned_shl, width, a, b).ok()?;
            vals[dest as usize] = r;
        }
        Op::ICmp { pred, width, dest, lhs, rhs } => vals[dest as usize] = ops::icmp(pred, width, get(vals, lhs), get(vals, rhs)),
        Op::Select { dest, cond, if_true, if_false } => {
            let (c, t, e) = (get(vals, cond), get(vals, if_true), get(vals, if_false));
            let mut r = if c.bits & 1 == 1 { t } else { e };
            if c.def & 1 == 0 && t != e {
                r.def = 0;
            }
            vals[dest as usize] = r;
        }
        Op::Cast { op, from, to, dest, val } => vals[dest as usize] = ops::cast(op, from, to, get(vals, val)),
        Op::Decline => return None,
        Op::Call { ref func, ref args, dest } => {
            let mut argv = [Scalar::int(0); 8];
            let r = if args.len() <= argv.len() {
                for (k, a) in args.iter().enumerate() {
                    argv[k] = get(vals, *a);
                }
                call(func, &argv[..args.len()], calls)?
            } else {
                let argv: Vec<Scalar> = args.iter().map(|a| get(vals, *a)).collect();
                call(func, &argv, calls)?
            };
            if let Some(d) = dest {
                vals[d as usize] = r;
            }
        }
    }
    Some(())
}
