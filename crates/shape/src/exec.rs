//! The abstract interpreter: runs the program's IR on [`State`]s, one instruction at a time,
//! splitting a state where a value is not known (a branch on an input, a segment that may be
//! empty), and explores every state reachable from `main`'s entry (depth first, a visited set of
//! canonical states at block entries, list abstraction and delayed widening of integers at loop
//! heads).
//!
//! Every step over-approximates the VM's step under `valid-memsafety` (and under `unreach-call`,
//! where only the leak checks are left out): an unknown integer stands
//! for every value, a segment for every length from its minimum. Whatever the analysis cannot
//! express — or a possible violation, which it cannot confirm — ends the run with `Unknown`;
//! counterexamples are the explicit engine's business.

use crate::heap::{Fill, Inexpressible, Object, Region, Status};
use crate::liveness::{Liveness, Regs};
use crate::segments;
use crate::state::{Frame, State};
use crate::value::{End, ObjId, Ptr, Val};
use crate::{Goal, Options, Stats};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::Ordering;
use std::time::Instant;
use vigil_ir::svcomp::{self, Role};
use vigil_ir::unknown::{Cause, Unknown};
use vigil_ir::{
    BlockId, Callee, CastOp, Const, FuncId, ICmpPred, InstKind, Intrinsic, Loc, Module, Operand, PtrTarget,
    Terminator, TypeId, ValueId,
};
use vigil_semantics::ops;
use vigil_semantics::scalar::{mask, Scalar};

/// Why a path stops the whole analysis.
pub type Stop = Unknown;

/// Alignment of every heap object (glibc's malloc on x86-64).
const HEAP_ALIGN: u64 = 16;
/// Deepest call stack explored (recursion beyond it is not summarised).
const MAX_DEPTH: usize = 64;

pub struct Analysis<'m> {
    m: &'m Module,
    opts: &'m Options,
    live: Vec<Option<Liveness>>,
    headers: Vec<Option<Vec<bool>>>,
    /// Globals whose contents are not known (external, or an initialiser not lowered).
    opaque: Vec<bool>,
    visited: HashSet<State>,
    /// Per loop-head state with its integers forgotten: the join of the states met there with
    /// that key, and how many there were (see [`Options::widen_after`]).
    widening: HashMap<State, (State, u32)>,
    /// An estimate of the memory the visited states take.
    stored_bytes: u64,
    pub stats: Stats,
    started: Instant,
}

fn stop(cause: Cause, msg: impl Into<String>, loc: Loc) -> Stop {
    Unknown::new(cause, msg).at(loc)
}

fn alarm(what: &str, loc: Loc) -> Stop {
    stop(Cause::Imprecise, format!("the shape analysis cannot exclude {what}"), loc)
}

fn inexpressible(e: Inexpressible, loc: Loc) -> Stop {
    stop(Cause::Unsupported, format!("the shape analysis cannot express {}", e.0), loc)
}

impl<'m> Analysis<'m> {
    pub fn new(m: &'m Module, opts: &'m Options) -> Analysis<'m> {
        Analysis {
            m,
            opts,
            live: (0..m.functions.len()).map(|_| None).collect(),
            headers: (0..m.functions.len()).map(|_| None).collect(),
            opaque: m.globals.iter().map(|g| g.init.is_none() || g.init_unsupported.is_some()).collect(),
            visited: HashSet::new(),
            widening: HashMap::new(),
            stored_bytes: 0,
            stats: Stats::default(),
            started: Instant::now(),
        }
    }

    fn liveness(&mut self, f: FuncId) -> &Liveness {
        let m = self.m;
        self.live[f.index()].get_or_insert_with(|| Liveness::compute(m.function(f)))
    }

    /// Whether block `b` of `f` is the target of a back edge (a loop head).
    fn is_header(&mut self, f: FuncId, b: BlockId) -> bool {
        let m = self.m;
        self.headers[f.index()].get_or_insert_with(|| loop_heads(m, f))[b.index()]
    }

    /// Explores every state; Ok when none can violate memory safety.
    pub fn run(&mut self) -> Result<(), Stop> {
        let init = self.initial()?;
        let mut work = vec![init];
        while let Some(s) = work.pop() {
            self.stats.steps += 1;
            if self.stats.steps.is_multiple_of(1024) {
                self.check_limits()?;
            }
            work.extend(self.step(s)?);
        }
        Ok(())
    }

    /// Under `valid-memsafety`, stops at a state that has lost memory (the caller says where and
    /// how). Under `unreach-call` lost memory is no error: [`State::canonical`] drops it.
    fn check_leaks(&self, s: &State, what: &str, loc: Loc) -> Result<(), Stop> {
        if self.opts.goal == Goal::MemSafety && s.leaked().is_some() {
            return Err(alarm(what, loc));
        }
        Ok(())
    }

    fn check_limits(&self) -> Result<(), Stop> {
        if self.opts.deadline.is_some_and(|d| Instant::now() >= d) {
            let secs = self.started.elapsed().as_secs_f64();
            return Err(Unknown::new(
                Cause::Timeout,
                format!("the shape analysis ran out of time after {} states ({secs:.1} s)", self.stats.states),
            ));
        }
        if self.opts.interrupt.as_ref().is_some_and(|i| i.load(Ordering::Relaxed)) {
            return Err(Unknown::new(Cause::Cancelled, "the shape analysis was cancelled"));
        }
        if self.stats.states >= self.opts.max_states {
            return Err(Unknown::new(
                Cause::StateLimit,
                format!("the shape analysis stored {} states without converging", self.stats.states),
            ));
        }
        if self.stored_bytes >= self.opts.max_memory {
            return Err(Unknown::new(
                Cause::MemoryLimit,
                format!("the shape analysis's {} stored states take about {} MiB", self.stats.states, self.stored_bytes >> 20),
            ));
        }
        Ok(())
    }

    fn initial(&mut self) -> Result<State, Stop> {
        let m = self.m;
        let main = m.function_by_name("main").ok_or_else(|| Unknown::new(Cause::Declined, "no main function"))?;
        let f = m.function(main);
        if f.is_declaration() {
            return Err(Unknown::new(Cause::Declined, "main is not defined"));
        }
        if !f.params.is_empty() {
            return Err(Unknown::new(Cause::MainArguments, "the shape analysis does not model main's arguments"));
        }
        if !m.constructors.is_empty() || !m.destructors.is_empty() {
            return Err(Unknown::new(Cause::Declined, "the program has constructors or destructors"));
        }
        let mut s = State { objects: Vec::new(), frames: Vec::new(), globals: Vec::new() };
        for (gi, g) in m.globals.iter().enumerate() {
            let mut o = Object::new(g.size, g.align.max(1), Region::Global(vigil_ir::GlobalId(gi as u32)), Fill::Zero);
            o.read_only = g.is_constant;
            if let (Some(init), false) = (&g.init, self.opaque[gi]) {
                let loc = g.loc;
                for at in (0..g.size).step_by(8) {
                    let n = (g.size - at).min(8);
                    let mut word = [0u8; 8];
                    for k in 0..n {
                        word[k as usize] = init.bytes.get((at + k) as usize).copied().unwrap_or(0);
                    }
                    if word != [0; 8] {
                        o.write(at, n, Val::int(u64::from_le_bytes(word), (8 * n) as u32)).map_err(|e| inexpressible(e, loc))?;
                    }
                }
                let placeholder = s.objects.len() as ObjId;
                for r in &init.relocs {
                    if r.size != 8 {
                        return Err(stop(Cause::Addresses, "an address stored in an integer narrower than a pointer", loc));
                    }
                    let v = match r.target {
                        // Globals are created in order, so a global's object id is its index.
                        PtrTarget::Global(t) => Val::ptr(t.0, r.addend, End::First),
                        PtrTarget::Func(fid) if r.addend == 0 => Val::Func(fid),
                        PtrTarget::Func(_) => return Err(stop(Cause::Addresses, "an offset function address", loc)),
                    };
                    o.write(r.offset, 8, v).map_err(|e| inexpressible(e, loc))?;
                }
                debug_assert_eq!(placeholder as usize, gi);
            }
            let id = s.add(o);
            s.globals.push(id);
        }
        let regs = vec![Val::Undef; f.values.len()];
        s.frames.push(Frame { func: main, block: BlockId(0), inst: 0, regs, slots: Vec::new(), ret_to: None });
        Ok(self.enter(s, None, BlockId(0))?.expect("the first state is new"))
    }

    fn loc(&self, s: &State) -> Loc {
        let fr = s.top();
        let b = &self.m.function(fr.func).blocks[fr.block.index()];
        b.insts.get(fr.inst as usize).map_or(b.term_loc, |i| i.loc)
    }

    fn width(&self, ty: TypeId) -> Result<u32, Stop> {
        let w = self.m.types.value_bits(ty);
        if w == 0 || w > 64 {
            return Err(Unknown::new(Cause::Unsupported, format!("the shape analysis does not model values of type {}", self.m.types.name(ty))));
        }
        Ok(w)
    }

    fn operand_ty(&self, f: FuncId, o: Operand) -> TypeId {
        match o {
            Operand::Value(v) => self.m.function(f).value(v).ty,
            Operand::Const(c) => self.m.const_type(c),
        }
    }

    fn eval(&self, s: &State, o: Operand, loc: Loc) -> Result<Val, Stop> {
        match o {
            Operand::Value(v) => Ok(s.top().regs[v.index()]),
            Operand::Const(c) => match self.m.konst(c) {
                Const::Int { ty, bits } => Ok(Val::int(*bits, self.width(*ty)?)),
                Const::Null => Ok(Val::Null),
                Const::Ptr { target: PtrTarget::Global(g), offset } => Ok(Val::ptr(s.globals[g.index()], *offset, End::First)),
                Const::Ptr { target: PtrTarget::Func(f), offset: 0 } => Ok(Val::Func(*f)),
                Const::Undef { .. } => Ok(Val::Undef),
                Const::Ptr { .. } | Const::PtrAsInt { .. } => Err(stop(Cause::Addresses, "the shape analysis does not model addresses as integers", loc)),
                Const::Aggregate { .. } => Err(stop(Cause::Unsupported, "the shape analysis does not model aggregate values", loc)),
            },
        }
    }

    /// Runs one instruction (or the terminator) of the top frame.
    fn step(&mut self, mut s: State) -> Result<Vec<State>, Stop> {
        let m = self.m;
        let fr = s.top();
        let func = fr.func;
        let f = m.function(func);
        let block = &f.blocks[fr.block.index()];
        let idx = fr.inst as usize;
        let loc = self.loc(&s);
        let Some(inst) = block.insts.get(idx) else { return self.terminator(s, func) };
        // Pointers this instruction dereferences or compares must target concrete nodes.
        for o in deref_operands(&inst.kind) {
            if let Val::Ptr(p) = self.eval(&s, o, loc)? {
                if s.obj(p.obj).seg.is_some() {
                    self.stats.materializations += 1;
                    return segments::materialize(&s, p.obj, p.end).map_err(|e| inexpressible(e, loc));
                }
            }
        }
        let dest = inst.dest;
        let set = |s: &mut State, v: Val| {
            if let Some(d) = dest {
                s.top_mut().regs[d.index()] = v;
            }
        };
        let advance = |s: &mut State| s.top_mut().inst += 1;
        match &inst.kind {
            InstKind::Bin { op, flags, lhs, rhs } => {
                let w = self.width(f.value(dest.expect("a result")).ty)?;
                let (a, b) = (self.eval(&s, *lhs, loc)?, self.eval(&s, *rhs, loc)?);
                let v = binop(*op, flags.nsw, w, a, b, loc)?;
                set(&mut s, v);
            }
            InstKind::ICmp { pred, lhs, rhs } => {
                let w = self.width(self.operand_ty(func, *lhs))?;
                let (a, b) = (self.eval(&s, *lhs, loc)?, self.eval(&s, *rhs, loc)?);
                let v = self.icmp(&s, *pred, w, a, b, loc)?;
                set(&mut s, v);
            }
            InstKind::Select { cond, if_true, if_false } => {
                let c = self.eval(&s, *cond, loc)?;
                let (t, e) = (self.eval(&s, *if_true, loc)?, self.eval(&s, *if_false, loc)?);
                match c {
                    Val::Int { bits, .. } => set(&mut s, if bits & 1 == 1 { t } else { e }),
                    Val::Any { .. } => {
                        let mut other = s.clone();
                        self.refine(&mut s, *cond, true);
                        self.refine(&mut other, *cond, false);
                        set(&mut s, t);
                        set(&mut other, e);
                        advance(&mut s);
                        advance(&mut other);
                        return Ok(vec![s, other]);
                    }
                    _ => return Err(alarm("a choice on an uninitialised value", loc)),
                }
            }
            InstKind::Cast { op, val, to } => {
                let from_ty = self.operand_ty(func, *val);
                let v = self.eval(&s, *val, loc)?;
                let r = match op {
                    CastOp::Bitcast => v,
                    CastOp::Trunc | CastOp::ZExt | CastOp::SExt => {
                        let (from, to) = (self.width(from_ty)?, self.width(*to)?);
                        match v {
                            Val::Int { bits, .. } => Val::int(ops::cast(*op, from, to, Scalar::int(bits)).bits, to),
                            Val::Any { not: Some(k), .. } if *op != CastOp::Trunc => {
                                Val::any_but(to, ops::cast(*op, from, to, Scalar::int(k)).bits)
                            }
                            v @ Val::Any { .. } if *op == CastOp::ZExt && v.is_bit() => Val::any_bit(to),
                            Val::Any { .. } => Val::any(to),
                            Val::Undef => Val::Undef,
                            _ => return Err(stop(Cause::Addresses, "the shape analysis does not model addresses as integers", loc)),
                        }
                    }
                    CastOp::IntToPtr => match v {
                        Val::Int { bits: 0, .. } => Val::Null,
                        _ => return Err(stop(Cause::Addresses, "an integer converted to a pointer", loc)),
                    },
                    CastOp::PtrToInt => match v {
                        Val::Null => Val::int(0, self.width(*to)?),
                        _ => return Err(stop(Cause::Addresses, "a pointer converted to an integer", loc)),
                    },
                };
                set(&mut s, r);
            }
            InstKind::Freeze { val } => {
                let v = self.eval(&s, *val, loc)?;
                let r = match v {
                    Val::Undef => {
                        let ty = self.operand_ty(func, *val);
                        if m.types.is_ptr(ty) {
                            return Err(alarm("a use of an uninitialised pointer", loc));
                        }
                        Val::any(self.width(ty)?)
                    }
                    v => v,
                };
                set(&mut s, r);
            }
            InstKind::Phi { .. } => unreachable!("φs run on block entry"),
            InstKind::Alloca { elem_size, count, align, .. } => {
                let n = match self.eval(&s, *count, loc)? {
                    Val::Int { bits, .. } => bits,
                    _ => return Err(stop(Cause::Unsupported, "the shape analysis does not model variable-length arrays", loc)),
                };
                let size = elem_size.checked_mul(n).ok_or_else(|| stop(Cause::Unsupported, "a huge stack object", loc))?;
                let depth = (s.frames.len() - 1) as u32;
                let id = s.add(Object::new(size, (*align).max(1), Region::Stack(depth), Fill::Undef));
                s.top_mut().slots.push(id);
                set(&mut s, Val::ptr(id, 0, End::First));
            }
            InstKind::Load { ptr, ty, align, .. } => {
                let size = m.types.store_size(*ty);
                let p = self.eval(&s, *ptr, loc)?;
                let (obj, off) = self.access(&s, p, size, *align, false, loc)?;
                let is_ptr = m.types.is_ptr(*ty);
                if !is_ptr && !m.types.is_int(*ty) && !matches!(m.types.get(*ty), vigil_ir::Type::Float { .. }) {
                    return Err(stop(Cause::Unsupported, "the shape analysis does not load aggregates", loc));
                }
                let mut v = s.obj(obj).read(off, size, is_ptr).map_err(|e| inexpressible(e, loc))?;
                if !is_ptr {
                    let w = self.width(*ty)?;
                    v = match v {
                        Val::Int { bits, .. } => Val::int(bits, w),
                        Val::Any { width, .. } if width == w => v,
                        Val::Any { .. } => Val::any(w),
                        v => v,
                    };
                }
                set(&mut s, v);
            }
            InstKind::Store { ptr, val, ty, align, .. } => {
                let size = m.types.store_size(*ty);
                let p = self.eval(&s, *ptr, loc)?;
                let (obj, off) = self.access(&s, p, size, *align, true, loc)?;
                let v = match self.eval(&s, *val, loc)? {
                    Val::Int { bits, .. } => Val::int(bits, (8 * size) as u32),
                    v @ Val::Any { width, .. } if width == (8 * size) as u32 => v,
                    Val::Any { .. } => Val::any((8 * size) as u32),
                    v => v,
                };
                if !m.types.is_ptr(*ty) && !m.types.is_int(*ty) && !matches!(m.types.get(*ty), vigil_ir::Type::Float { .. }) {
                    return Err(stop(Cause::Unsupported, "the shape analysis does not store aggregates", loc));
                }
                s.obj_mut(obj).write(off, size, v).map_err(|e| inexpressible(e, loc))?;
            }
            InstKind::PtrAdd { base, offset, indices, .. } => {
                let mut delta = *offset;
                for (i, scale) in indices {
                    let w = self.width(self.operand_ty(func, *i))?;
                    let idx = match self.eval(&s, *i, loc)? {
                        Val::Int { bits, .. } => sext(bits, w),
                        _ => return Err(stop(Cause::Imprecise, "the shape analysis does not know an index", loc)),
                    };
                    delta = idx
                        .checked_mul(*scale)
                        .and_then(|x| delta.checked_add(x))
                        .ok_or_else(|| alarm("an address computation that overflows", loc))?;
                }
                let b = self.eval(&s, *base, loc)?;
                let r = b.shifted(delta).ok_or_else(|| alarm("arithmetic on a pointer that is not an object's address", loc))?;
                set(&mut s, r);
            }
            InstKind::IndexCheck { index, len, one_past, .. } => {
                let w = self.width(self.operand_ty(func, *index))?;
                let i = match self.eval(&s, *index, loc)? {
                    Val::Int { bits, .. } => sext(bits, w),
                    _ => return Err(stop(Cause::Imprecise, "the shape analysis does not know an index", loc)),
                };
                let limit = if *one_past { *len as i64 } else { *len as i64 - 1 };
                if i < 0 || i > limit {
                    return Err(alarm("a subscript outside its array", loc));
                }
            }
            // (Only defined bytes are checked, as the VM does.)
            InstKind::BoolCheck { val } => match self.eval(&s, *val, loc)? {
                v @ (Val::Int { .. } | Val::Any { .. }) if v.is_bit() => {}
                Val::Int { .. } => return Err(alarm("a _Bool object holding a value other than 0 or 1", loc)),
                Val::Undef => {}
                _ => return Err(stop(Cause::Imprecise, "the shape analysis cannot tell whether a _Bool holds 0 or 1", loc)),
            },
            InstKind::Call { callee, args, .. } => return self.call(s, func, idx, *callee, args, dest, loc),
            InstKind::Intrinsic { which, args, .. } => match which {
                Intrinsic::LifetimeStart | Intrinsic::LifetimeEnd => {
                    let p = self.eval(&s, args[args.len() - 1], loc)?;
                    let stack_slot = |o: ObjId| matches!(s.obj(o).region, Region::Stack(_));
                    let Val::Ptr(Ptr { obj, off: 0, .. }) = p else {
                        return Err(stop(Cause::Unsupported, "a lifetime marker on an unknown object", loc));
                    };
                    if !stack_slot(obj) {
                        return Err(stop(Cause::Unsupported, "a lifetime marker on an object that is not a stack slot", loc));
                    }
                    if *which == Intrinsic::LifetimeStart && s.obj(obj).status == Status::Dead {
                        retire_earlier_instance(&mut s, obj);
                    }
                    let o = s.obj_mut(obj);
                    o.fields.clear();
                    o.status = if *which == Intrinsic::LifetimeStart { Status::Live } else { Status::Dead };
                    o.fill = Fill::Undef;
                }
                Intrinsic::Memset => {
                    let (d, v, n) = (self.eval(&s, args[0], loc)?, self.eval(&s, args[1], loc)?, self.eval(&s, args[2], loc)?);
                    self.memset(&mut s, d, v, n, loc)?;
                }
                Intrinsic::Memcpy | Intrinsic::Memmove => {
                    let (d, src, n) = (self.eval(&s, args[0], loc)?, self.eval(&s, args[1], loc)?, self.eval(&s, args[2], loc)?);
                    self.memcpy(&mut s, d, src, n, loc)?;
                }
                Intrinsic::Expect => {
                    let v = self.eval(&s, args[0], loc)?;
                    set(&mut s, v);
                }
                Intrinsic::Assume => match self.eval(&s, args[0], loc)? {
                    Val::Int { bits: 0, .. } => return Ok(Vec::new()),
                    Val::Int { .. } | Val::Any { .. } => {}
                    _ => return Err(alarm("an assumption on an uninitialised value", loc)),
                },
                other => {
                    return Err(stop(Cause::Unsupported, format!("the shape analysis does not model {}", other.llvm_name()), loc))
                }
            },
            InstKind::Unsupported { construct } => return Err(stop(Cause::Unsupported, construct.clone(), loc)),
            _ => {
                return Err(stop(Cause::Unsupported, "the shape analysis does not model this instruction (aggregates, atomics or floating point)", loc))
            }
        }
        advance(&mut s);
        Ok(vec![s])
    }

    /// Checks an access of `size` bytes through `p` and returns the object and offset.
    fn access(&self, s: &State, p: Val, size: u64, align: u64, write: bool, loc: Loc) -> Result<(ObjId, u64), Stop> {
        let p = match p {
            Val::Ptr(p) => p,
            Val::Null => return Err(alarm("a dereference of NULL", loc)),
            Val::Undef => return Err(alarm("a dereference of an uninitialised pointer", loc)),
            _ => return Err(alarm("a dereference of a pointer that is not an object's address", loc)),
        };
        let o = s.obj(p.obj);
        debug_assert!(o.seg.is_none(), "accesses materialise segments first");
        if let Region::Global(g) = o.region {
            if self.opaque[g.index()] {
                return Err(stop(Cause::Unsupported, format!("the contents of global {} are not known", self.m.global(g).name), loc));
            }
        }
        match o.status {
            Status::Live => {}
            Status::Freed => return Err(alarm("a use of freed memory", loc)),
            Status::Dead => return Err(alarm("a use of a stack object after its lifetime", loc)),
        }
        if p.off < 0 || (p.off as u64).checked_add(size).is_none_or(|e| e > o.size) {
            return Err(alarm("an access outside an object's bounds", loc));
        }
        if write && o.read_only {
            return Err(alarm("a write to read-only memory", loc));
        }
        let off = p.off as u64;
        if align > 1 && (!off.is_multiple_of(align) || o.align < align) {
            return Err(stop(Cause::UndefinedBehaviour, "the shape analysis cannot exclude a misaligned access", loc));
        }
        Ok((p.obj, off))
    }

    fn icmp(&self, s: &State, pred: ICmpPred, w: u32, a: Val, b: Val, loc: Loc) -> Result<Val, Stop> {
        let eq_pred = matches!(pred, ICmpPred::Eq | ICmpPred::Ne);
        let from_eq = |equal: bool| Val::bool(equal == (pred == ICmpPred::Eq));
        let inside = |p: &Ptr| p.off >= 0 && (p.off as u64) < s.obj(p.obj).size;
        let live = |p: &Ptr| s.obj(p.obj).status == Status::Live;
        Ok(match (a, b) {
            (Val::Int { bits: x, .. }, Val::Int { bits: y, .. }) => {
                Val::int(ops::icmp(pred, w, Scalar::int(x), Scalar::int(y)).bits, 1)
            }
            (Val::Undef, _) | (_, Val::Undef) => return Err(alarm("a comparison of an uninitialised value", loc)),
            (Val::Any { not: Some(k), .. }, Val::Int { bits, .. }) | (Val::Int { bits, .. }, Val::Any { not: Some(k), .. })
                if eq_pred && bits == k =>
            {
                from_eq(false)
            }
            (Val::Int { .. } | Val::Any { .. }, Val::Int { .. } | Val::Any { .. }) => Val::any(1),
            (Val::Null, Val::Null) if eq_pred => from_eq(true),
            (Val::Null, Val::Ptr(_) | Val::Func(_)) | (Val::Ptr(_) | Val::Func(_), Val::Null) if eq_pred => from_eq(false),
            (Val::Func(f), Val::Func(g)) if eq_pred => from_eq(f == g),
            (Val::Ptr(p), Val::Ptr(q)) if p.obj == q.obj && p.end == q.end && (eq_pred || (p.off >= 0 && q.off >= 0)) => {
                let (x, y) = (p.off as u64, q.off as u64);
                Val::int(ops::icmp(pred, 64, Scalar::int(x), Scalar::int(y)).bits, 1)
            }
            // Distinct live objects never share an address; a freed one's may be reused.
            (Val::Ptr(p), Val::Ptr(q)) if eq_pred && p.obj != q.obj && inside(&p) && inside(&q) && live(&p) && live(&q) => {
                from_eq(false)
            }
            _ => return Err(stop(Cause::Unsupported, "the shape analysis cannot compare these pointers", loc)),
        })
    }

    fn memset(&self, s: &mut State, d: Val, v: Val, n: Val, loc: Loc) -> Result<(), Stop> {
        let (Val::Int { bits: byte, .. }, Val::Int { bits: len, .. }) = (v, n) else {
            return Err(stop(Cause::Imprecise, "the shape analysis does not know a memset's value or length", loc));
        };
        if len == 0 {
            return Ok(());
        }
        let (obj, off) = self.access(s, d, len, 1, true, loc)?;
        s.obj_mut(obj).fill_bytes(off, len, byte as u8).map_err(|e| inexpressible(e, loc))
    }

    fn memcpy(&self, s: &mut State, d: Val, src: Val, n: Val, loc: Loc) -> Result<(), Stop> {
        let Val::Int { bits: len, .. } = n else {
            return Err(stop(Cause::Imprecise, "the shape analysis does not know a copy's length", loc));
        };
        if len == 0 {
            return Ok(());
        }
        let (so, soff) = self.access(s, src, len, 1, false, loc)?;
        let (dobj, doff) = self.access(s, d, len, 1, true, loc)?;
        if so == dobj && soff.max(doff) < soff.min(doff) + len {
            return Err(stop(Cause::Unsupported, "the shape analysis does not model overlapping copies", loc));
        }
        let source = s.obj(so).clone();
        // Bytes no source field covers get the source's fill, then the fields are copied.
        match source.fill {
            Fill::Zero => s.obj_mut(dobj).fill_bytes(doff, len, 0),
            Fill::Undef => s.obj_mut(dobj).write(doff, len, Val::Undef).map(|_| {
                // A write of Undef over a larger range keeps no field when the fill is Undef.
            }),
        }
        .map_err(|e| inexpressible(e, loc))?;
        for (&o, f) in source.fields.range(soff.saturating_sub(7)..soff + len) {
            if o + f.size <= soff {
                continue;
            }
            if o < soff || o + f.size > soff + len {
                return Err(stop(Cause::Unsupported, "the shape analysis does not copy part of a field", loc));
            }
            s.obj_mut(dobj).write(doff + (o - soff), f.size, f.val).map_err(|e| inexpressible(e, loc))?;
        }
        Ok(())
    }

    fn call(
        &mut self,
        mut s: State,
        func: FuncId,
        idx: usize,
        callee: Callee,
        args: &[Operand],
        dest: Option<ValueId>,
        loc: Loc,
    ) -> Result<Vec<State>, Stop> {
        let m = self.m;
        let target = match callee {
            Callee::Direct(f) => f,
            Callee::Indirect(o) => match self.eval(&s, o, loc)? {
                Val::Func(f) => f,
                _ => return Err(alarm("a call through a pointer that is not a function's address", loc)),
            },
        };
        let g = m.function(target);
        // The property is a call of the error function, whatever its body (SV-COMP's tasks
        // define it, often as an empty function or one that calls assert) and whatever suffix
        // linking gave a `static` one; a failing `assert` counts too, as in the VM.
        if self.opts.goal == Goal::Unreach && matches!(svcomp::role(&g.name), Some(Role::Error | Role::AssertFail)) {
            return Err(alarm("a call of the error function (unreach-call)", loc));
        }
        let vals = args.iter().map(|a| self.eval(&s, *a, loc)).collect::<Result<Vec<_>, _>>()?;
        if !g.is_declaration() {
            if g.varargs {
                return Err(stop(Cause::Unsupported, format!("the shape analysis does not model variadic functions ({})", g.name), loc));
            }
            if s.frames.len() >= MAX_DEPTH {
                return Err(stop(Cause::Unsupported, "the shape analysis explores calls only 64 deep", loc));
            }
            // The caller keeps only what it reads after the call.
            let keep = {
                let cf = m.function(func);
                let b = s.top().block;
                self.liveness(func).live_after(cf, b, idx, dest)
            };
            kill(&mut s.top_mut().regs, &keep);
            s.top_mut().inst += 1;
            let mut regs = vec![Val::Undef; g.values.len()];
            for (p, v) in g.params.iter().zip(&vals) {
                regs[p.index()] = *v;
            }
            s.frames.push(Frame { func: target, block: BlockId(0), inst: 0, regs, slots: Vec::new(), ret_to: dest });
            return Ok(self.enter(s, None, BlockId(0))?.into_iter().collect());
        }
        let set = |s: &mut State, v: Val| {
            if let Some(d) = dest {
                s.top_mut().regs[d.index()] = v;
            }
            s.top_mut().inst += 1;
        };
        let name = g.name.as_str();
        let ret_width = || self.width(g.ret_ty);
        match name {
            "malloc" | "calloc" => {
                let size = match (name, vals.as_slice()) {
                    ("malloc", [Val::Int { bits, .. }]) => Some(*bits),
                    ("calloc", [Val::Int { bits: a, .. }, Val::Int { bits: b, .. }]) => a.checked_mul(*b),
                    _ => None,
                };
                let Some(size) = size.filter(|&n| n > 0 && n < (1 << 32)) else {
                    return Err(stop(Cause::Imprecise, "the shape analysis does not know an allocation's size", loc));
                };
                let mut out = Vec::new();
                if self.opts.malloc_can_fail {
                    let mut failed = s.clone();
                    set(&mut failed, Val::Null);
                    out.push(failed);
                }
                let fill = if name == "calloc" { Fill::Zero } else { Fill::Undef };
                let id = s.add(Object::new(size, HEAP_ALIGN, Region::Heap, fill));
                set(&mut s, Val::ptr(id, 0, End::First));
                out.push(s);
                Ok(out)
            }
            "free" => {
                match vals.first() {
                    Some(Val::Null) => {}
                    Some(Val::Ptr(p)) if s.obj(p.obj).seg.is_some() => {
                        self.stats.materializations += 1;
                        return segments::materialize(&s, p.obj, p.end).map_err(|e| inexpressible(e, loc));
                    }
                    Some(Val::Ptr(Ptr { obj, off: 0, .. }))
                        if s.obj(*obj).region == Region::Heap && s.obj(*obj).status == Status::Live =>
                    {
                        let o = s.obj_mut(*obj);
                        o.status = Status::Freed;
                        o.fields.clear();
                    }
                    _ => return Err(alarm("an invalid free", loc)),
                }
                set(&mut s, Val::Undef);
                Ok(vec![s])
            }
            "abort" | "exit" | "_Exit" => {
                // The program ends with every frame still on the stack (README, valid-memtrack);
                // what the top frame no longer reads is already lost.
                let keep = {
                    let cf = m.function(func);
                    let b = s.top().block;
                    self.liveness(func).live_after(cf, b, idx, dest)
                };
                kill(&mut s.top_mut().regs, &keep);
                self.check_leaks(&s, "a memory leak (valid-memtrack)", loc)?;
                Ok(Vec::new())
            }
            "__VERIFIER_assume" => match vals.first() {
                Some(Val::Int { bits: 0, .. }) => Ok(Vec::new()),
                Some(Val::Int { .. } | Val::Any { .. }) => {
                    set(&mut s, Val::Undef);
                    Ok(vec![s])
                }
                _ => Err(alarm("an assumption on an uninitialised value", loc)),
            },
            "__VERIFIER_assert" => match vals.first() {
                Some(Val::Int { bits, .. }) if *bits != 0 => {
                    set(&mut s, Val::Undef);
                    Ok(vec![s])
                }
                _ if self.opts.goal == Goal::Unreach => Err(alarm("a failing __VERIFIER_assert (unreach-call)", loc)),
                _ => Err(stop(Cause::OtherProperty, "the shape analysis cannot exclude an assertion failure (not the property checked)", loc)),
            },
            "reach_error" | "__VERIFIER_error" | "__assert_fail" | "__assert" | "__assert_rtn" => Err(stop(
                Cause::OtherProperty,
                "the shape analysis cannot exclude a call of the error function or a failing assert (not the property checked)",
                loc,
            )),
            // A program's own declaration may give these fewer parameters than libc's.
            "memset" | "memcpy" | "memmove" if vals.len() != 3 => {
                Err(stop(Cause::Unsupported, format!("a call of {name} with {} arguments", vals.len()), loc))
            }
            "memset" => {
                self.memset(&mut s, vals[0], vals[1], vals[2], loc)?;
                set(&mut s, vals[0]);
                Ok(vec![s])
            }
            "memcpy" | "memmove" => {
                self.memcpy(&mut s, vals[0], vals[1], vals[2], loc)?;
                set(&mut s, vals[0]);
                Ok(vec![s])
            }
            n if n.starts_with("__VERIFIER_nondet_") => {
                if m.types.is_ptr(g.ret_ty) {
                    return Err(stop(Cause::Unsupported, "the shape analysis does not model nondeterministic pointers", loc));
                }
                let w = ret_width()?;
                if w == 1 {
                    // A `_Bool` input: both values, each known from here on.
                    let mut zero = s.clone();
                    set(&mut zero, Val::int(0, 1));
                    set(&mut s, Val::int(1, 1));
                    return Ok(vec![zero, s]);
                }
                set(&mut s, Val::any(w));
                Ok(vec![s])
            }
            _ => Err(stop(Cause::UnknownFunction, format!("the shape analysis does not model {name}"), loc)),
        }
    }

    /// Records in `s` that the condition `cond` (an `i1` register) is `holds`, and, when it is an
    /// equality test of a register with an unknown value against a constant, what that says
    /// about the register: equal to the constant, or not (a later test of the same register
    /// then has one answer).
    fn refine(&self, s: &mut State, cond: Operand, holds: bool) {
        let Operand::Value(c) = cond else { return };
        let fr = s.top();
        let f = self.m.function(fr.func);
        s.top_mut().regs[c.index()] = Val::bool(holds);
        let Some(def) = f.blocks[s.top().block.index()].insts.iter().find(|i| i.dest == Some(c)) else { return };
        let InstKind::ICmp { pred: pred @ (ICmpPred::Eq | ICmpPred::Ne), lhs, rhs } = def.kind else { return };
        let value = |o: Operand| match o {
            Operand::Value(v) => s.top().regs[v.index()],
            Operand::Const(_) => self.eval(s, o, def.loc).unwrap_or(Val::Undef),
        };
        let (x, k) = match (lhs, rhs) {
            (Operand::Value(x), other) | (other, Operand::Value(x)) if matches!(value(Operand::Value(x)), Val::Any { .. }) => {
                match value(other) {
                    Val::Int { bits, .. } => (x, bits),
                    _ => return,
                }
            }
            _ => return,
        };
        let v @ Val::Any { width, not, .. } = value(Operand::Value(x)) else { return };
        let equal = holds == (pred == ICmpPred::Eq);
        let refined = if equal {
            Val::int(k, width)
        } else if v.is_bit() && k <= 1 {
            Val::int(k ^ 1, width)
        } else if not.is_none() {
            Val::any_but(width, k)
        } else {
            return;
        };
        s.top_mut().regs[x.index()] = refined;
    }

    fn terminator(&mut self, mut s: State, func: FuncId) -> Result<Vec<State>, Stop> {
        let m = self.m;
        let f = m.function(func);
        let from = s.top().block;
        let block = &f.blocks[from.index()];
        let loc = block.term_loc;
        let go = |this: &mut Self, s: State, to: BlockId| this.enter(s, Some(from), to);
        match &block.term {
            Terminator::Br { target } => Ok(go(self, s, *target)?.into_iter().collect()),
            Terminator::CondBr { cond, if_true, if_false } => match self.eval(&s, *cond, loc)? {
                Val::Int { bits, .. } => Ok(go(self, s, if bits & 1 == 1 { *if_true } else { *if_false })?.into_iter().collect()),
                Val::Any { .. } => {
                    let (mut t, mut e) = (s.clone(), s);
                    self.refine(&mut t, *cond, true);
                    self.refine(&mut e, *cond, false);
                    let mut out: Vec<State> = go(self, e, *if_false)?.into_iter().collect();
                    out.extend(go(self, t, *if_true)?);
                    Ok(out)
                }
                _ => Err(alarm("a branch on an uninitialised value", loc)),
            },
            Terminator::Switch { val, cases, default } => {
                let w = self.width(self.operand_ty(func, *val))?;
                match self.eval(&s, *val, loc)? {
                    Val::Int { bits, .. } => {
                        let to = cases.iter().find(|(c, _)| *c == bits & mask(w)).map_or(*default, |(_, b)| *b);
                        Ok(go(self, s, to)?.into_iter().collect())
                    }
                    Val::Any { .. } => {
                        let mut targets: Vec<BlockId> = block.term.successors();
                        targets.sort_by_key(|b| b.0);
                        targets.dedup();
                        let mut out = Vec::new();
                        for t in targets {
                            let mut next = s.clone();
                            // A block only one case leads to knows the value.
                            let mut leading = cases.iter().filter(|(_, b)| *b == t);
                            if let (Operand::Value(x), Some((k, _)), None, false) = (val, leading.next(), leading.next(), *default == t) {
                                next.top_mut().regs[x.index()] = Val::int(*k, w);
                            }
                            out.extend(go(self, next, t)?);
                        }
                        Ok(out)
                    }
                    _ => Err(alarm("a switch on an uninitialised value", loc)),
                }
            }
            Terminator::Ret { val } => {
                let v = match val {
                    Some(o) => self.eval(&s, *o, loc)?,
                    None => Val::Undef,
                };
                let done = s.frames.pop().expect("a frame");
                for id in done.slots {
                    let o = s.obj_mut(id);
                    o.status = Status::Dead;
                    o.fields.clear();
                }
                if s.frames.is_empty() {
                    // main returned: its locals are gone, only globals keep memory reachable.
                    self.check_leaks(&s, "a memory leak when main returns (valid-memtrack)", loc)?;
                    return Ok(Vec::new());
                }
                if let Some(d) = done.ret_to {
                    s.top_mut().regs[d.index()] = v;
                }
                self.check_leaks(&s, "a memory leak at a function's return (valid-memtrack)", loc)?;
                Ok(vec![s])
            }
            Terminator::Unreachable => Err(stop(Cause::UndefinedBehaviour, "the shape analysis reached `unreachable`", loc)),
            Terminator::Unsupported { construct } => Err(stop(Cause::Unsupported, construct.clone(), loc)),
        }
    }

    /// Enters block `to` (from `from`): runs its φs, forgets dead registers, checks for leaks,
    /// summarises lists at a loop head, and returns the canonical state unless it was visited.
    fn enter(&mut self, mut s: State, from: Option<BlockId>, to: BlockId) -> Result<Option<State>, Stop> {
        let m = self.m;
        let func = s.top().func;
        let f = m.function(func);
        let block = &f.blocks[to.index()];
        let mut phis = 0;
        let mut assigned: Vec<(ValueId, Val)> = Vec::new();
        for inst in &block.insts {
            let InstKind::Phi { incoming } = &inst.kind else { break };
            phis += 1;
            let from = from.expect("a φ in an entry block");
            let (_, op) = incoming
                .iter()
                .find(|(b, _)| *b == from)
                .ok_or_else(|| stop(Cause::Bug, "a φ without a value for its predecessor", inst.loc))?;
            assigned.push((inst.dest.expect("a φ defines a register"), self.eval(&s, *op, inst.loc)?));
        }
        let fr = s.top_mut();
        for (d, v) in assigned {
            fr.regs[d.index()] = v;
        }
        fr.block = to;
        fr.inst = phis as u32;
        let keep = self.liveness(func).live_before(f, to, phis);
        kill(&mut s.top_mut().regs, &keep);
        let loc = block.insts.get(phis).map_or(block.term_loc, |i| i.loc);
        self.check_leaks(&s, "a memory leak (valid-memtrack)", loc)?;
        if self.opts.goal == Goal::Unreach {
            // Lost memory is garbage here; gone before abstraction, it cannot keep a chain of
            // nodes it points into from being summarised.
            s.drop_unreachable();
        }
        let header = self.is_header(func, to);
        if header {
            self.stats.abstractions += segments::abstract_lists(&mut s, self.opts.abstraction_threshold, self.opts.exact_data) as u64;
        }
        let mut c = s.canonical();
        if self.visited.contains(&c) {
            return Ok(None);
        }
        if header && self.opts.widen_after > 0 {
            // Delayed widening: once more than `widen_after` states at a loop head differ only in
            // integers, their join (every integer that differs unknown) stands for each later
            // one, so a counter no longer makes the states infinitely many.
            let key = c.without_integers();
            match self.widening.get_mut(&key) {
                None => {
                    self.stored_bytes += 2 * footprint(&c);
                    self.widening.insert(key, (c.clone(), 1));
                }
                Some((joined, seen)) => {
                    *seen += 1;
                    // Equal keys differ only in integers, so the join exists.
                    if let Some(j) = joined.join_integers(&c) {
                        *joined = j;
                        if *seen > self.opts.widen_after {
                            self.stats.widenings += 1;
                            c = joined.clone();
                            if self.visited.contains(&c) {
                                return Ok(None);
                            }
                        }
                    }
                }
            }
        }
        self.stored_bytes += footprint(&c);
        self.visited.insert(c.clone());
        self.stats.states += 1;
        Ok(Some(c))
    }
}

/// About how many bytes a stored state takes.
fn footprint(s: &State) -> u64 {
    // An object, and its fields' B-tree nodes of up to 11 entries (about 400 bytes each).
    let objects: usize = s.objects.iter().flatten().map(|o| 120 + 400 * o.fields.len().div_ceil(11)).sum();
    let frames: usize = s.frames.iter().map(|f| 64 + 24 * f.regs.len() + 4 * f.slots.len()).sum();
    (objects + frames + 128) as u64
}

/// Operands whose pointer the instruction dereferences or compares.
fn deref_operands(k: &InstKind) -> Vec<Operand> {
    match k {
        InstKind::Load { ptr, .. } | InstKind::Store { ptr, .. } => vec![*ptr],
        InstKind::ICmp { lhs, rhs, .. } => vec![*lhs, *rhs],
        InstKind::Intrinsic { which: Intrinsic::Memset, args, .. } => vec![args[0]],
        InstKind::Intrinsic { which: Intrinsic::Memcpy | Intrinsic::Memmove, args, .. } => vec![args[0], args[1]],
        InstKind::Intrinsic { which: Intrinsic::LifetimeStart | Intrinsic::LifetimeEnd, args, .. } => args.clone(),
        InstKind::Call { args, .. } => args.clone(),
        _ => Vec::new(),
    }
}

fn kill(regs: &mut [Val], keep: &Regs) {
    for (i, r) in regs.iter_mut().enumerate() {
        if !keep.contains(i) {
            *r = Val::Undef;
        }
    }
}

/// `a op b` for integer operands.
fn binop(op: vigil_ir::BinOp, nsw: bool, w: u32, a: Val, b: Val, loc: Loc) -> Result<Val, Stop> {
    use vigil_ir::BinOp::*;
    let divides = matches!(op, UDiv | SDiv | URem | SRem);
    let shifts = matches!(op, Shl | LShr | AShr);
    match (a, b) {
        (Val::Int { bits: x, .. }, Val::Int { bits: y, .. }) => match ops::binop(op, nsw, false, w, Scalar::int(x), Scalar::int(y)) {
            Ok(r) if r.is_defined(w) => Ok(Val::int(r.bits, w)),
            Ok(_) => Ok(Val::Undef),
            Err(fault) => Err(stop(Cause::UndefinedBehaviour, format!("the shape analysis found {fault}"), loc)),
        },
        (Val::Undef, _) | (_, Val::Undef) if divides || shifts => {
            Err(alarm("a division or shift by an uninitialised value", loc))
        }
        (Val::Undef, _) | (_, Val::Undef) => Ok(Val::Undef),
        (Val::Any { .. }, Val::Int { bits: y, .. }) if divides || shifts => {
            let y_signed = sext(y, w);
            let safe = if divides { y != 0 && !(matches!(op, SDiv | SRem) && y_signed == -1) } else { y < u64::from(w) };
            if safe {
                Ok(Val::any(w))
            } else {
                Err(stop(Cause::Imprecise, "the shape analysis cannot exclude a division by zero or an oversized shift", loc))
            }
        }
        (Val::Int { .. } | Val::Any { .. }, Val::Any { .. }) if divides || shifts => {
            Err(stop(Cause::Imprecise, "the shape analysis cannot exclude a division by zero or an oversized shift", loc))
        }
        (Val::Int { .. } | Val::Any { .. }, Val::Int { .. } | Val::Any { .. }) => Ok(Val::any(w)),
        _ => Err(stop(Cause::Addresses, "the shape analysis does not model arithmetic on addresses", loc)),
    }
}

/// The loop heads of `f`: targets of back edges of a depth-first walk from the entry.
fn loop_heads(m: &Module, f: FuncId) -> Vec<bool> {
    let func = m.function(f);
    let n = func.blocks.len();
    let mut heads = vec![false; n];
    let mut state = vec![0u8; n]; // 0 new, 1 on the stack, 2 done
    let mut stack: Vec<(usize, Vec<BlockId>)> = Vec::new();
    if n == 0 {
        return heads;
    }
    state[0] = 1;
    stack.push((0, func.blocks[0].term.successors()));
    while let Some((b, succs)) = stack.last_mut() {
        let b = *b;
        match succs.pop() {
            Some(t) => {
                let t = t.index();
                match state[t] {
                    0 => {
                        state[t] = 1;
                        let next = func.blocks[t].term.successors();
                        stack.push((t, next));
                    }
                    1 => heads[t] = true,
                    _ => {}
                }
            }
            None => {
                state[b] = 2;
                stack.pop();
            }
        }
    }
    heads
}

/// `bits` (of `width` bits) read as a signed number.
fn sext(bits: u64, width: u32) -> i64 {
    let shift = 64 - width;
    ((bits << shift) as i64) >> shift
}

/// The block of the dead stack slot `obj` is entered again: a new instance of its local begins
/// (C11 6.2.4p6), and pointers to the ended one that memory still holds (a variable outside the
/// block set to `&x` in an earlier iteration) stay indeterminate (p2). They are moved to a new
/// dead object, so an access through them is an alarm, as the VM's
/// `ObjKind::EarlierInstance` makes it undefined behaviour; left alone they would reach the new
/// instance. Registers are not searched: they hold the slot itself, and a pointer kept across
/// the block's end lives in memory (the front end declines `mem2reg` then).
fn retire_earlier_instance(s: &mut State, obj: ObjId) {
    let holders: Vec<usize> = (0..s.objects.len()).filter(|&i| i != obj as usize && s.objects[i].as_ref().is_some_and(|o| o.points_to(obj))).collect();
    if holders.is_empty() {
        return;
    }
    let old = s.obj(obj);
    let mut earlier = Object::new(old.size, old.align, old.region, Fill::Undef);
    earlier.status = Status::Dead;
    let to = s.add(earlier);
    for i in holders {
        let o = s.objects[i].as_mut().expect("a holder is live");
        for field in o.fields.values_mut() {
            if let Val::Ptr(p) = field.val {
                if p.obj == obj {
                    field.val = Val::Ptr(Ptr { obj: to, ..p });
                }
            }
        }
    }
}
