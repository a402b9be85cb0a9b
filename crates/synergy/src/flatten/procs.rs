//! Recursive procedures as separate flat programs, called through [`FInst::Call`] instead of
//! being inlined (issue #18; the procedure-level half of SMASH, Godefroid, Nori, Rajamani,
//! Tetali, *Compositional May-Must Program Analysis*, POPL 2010, §3: each procedure is analysed
//! once, and its calls are answered by summaries, [`crate::summary`]).
//!
//! # Invariants
//!
//! * A function is *recursive* when it reaches itself in the module's direct call graph. Only
//!   those become procedures; every other call is inlined as before.
//! * A procedure's flat program ([`Proc::flat`]) is closed: its parameters and return value are
//!   integers, it touches no heap object (its own allocas are cells of its own registers) and
//!   no global outside its *global footprint*, reads no input, does not `exit`/`abort`, and its
//!   control flow is acyclic (its loops, if any, are made by recursion).
//! * The global footprint of a recursive function ([`Registry::footprint`]) is every global
//!   that it, or a function it reaches in the call graph, loads or stores directly. It is exact
//!   (else the function is no procedure): each of its globals is an integer scalar that the
//!   whole module names only as the address of direct, whole, non-volatile, non-atomic loads
//!   and stores, so no pointer reaches it and its one cell is its whole value. The footprint's
//!   cells are extra inputs and outputs ([`Proc::globals`]): a call passes the caller's cells'
//!   values, the procedure starts with them in its own cells (not the globals' initial values)
//!   and the call writes the final values back into the caller's cells ([`FInst::Call`]'s
//!   `globals`). The footprint of a callee is part of its caller's (the callee's reachable
//!   functions are the caller's too), so a procedure has cells for every call it makes.
//! * So a call's outcome is a function of its inputs ([`Proc::inputs`]: arguments, then the
//!   globals' values) alone, and what it returns is its outputs ([`Proc::outputs`]: the result,
//!   then the globals' final values), which is what makes the memo of
//!   [`crate::summary::run`] (must-summaries) and the path-wise proof of may-summaries valid,
//!   and what shows that a call reaching a call of the same procedure with the same inputs
//!   while it runs never returns (`summary::run::Outcome::Diverges`).
//! * Block 0 of a procedure jumps to the function's entry; its registers other than the
//!   inputs have no meaning there (any value; the VM's frame is fresh). A return assigns the
//!   return register and jumps to [`Proc::ret_block`], whose terminator is `Return`.
//! * If any recursive function called from the program cannot be made a procedure, flattening
//!   starts again without procedures ([`super::flatten`]): recursion is then inlined to a
//!   bounded depth as before.

use super::*;
use std::cell::RefCell;
use std::collections::{BTreeSet, HashSet};
use std::rc::Rc;

/// A procedure: a recursive function flattened on its own.
#[derive(Clone, Debug)]
pub struct Proc {
    pub name: String,
    pub flat: Flat,
    /// Parameter registers, in order.
    pub params: Vec<u32>,
    /// The registers of the procedure's global footprint ([`Registry::footprint`]), one
    /// whole cell per global, in footprint order: inputs at block 0, outputs at
    /// [`Proc::ret_block`].
    pub globals: Vec<u32>,
    /// The register holding the return value at [`Proc::ret_block`] (None: `void`).
    pub ret: Option<u32>,
    pub ret_block: u32,
}

impl Proc {
    /// The registers whose values at block 0 decide a call: the parameters, then the globals.
    pub fn inputs(&self) -> Vec<u32> {
        self.params.iter().chain(&self.globals).copied().collect()
    }

    /// The registers whose values at [`Proc::ret_block`] are what a call returns: the return
    /// value (when not `void`), then the globals.
    pub fn outputs(&self) -> Vec<u32> {
        self.ret.iter().chain(&self.globals).copied().collect()
    }
}

/// The procedures of a program, their proven may-summaries and their must-summaries (the
/// memo of concrete calls), shared by the main program and every procedure's flat program.
#[derive(Default)]
pub struct ProcTable {
    pub procs: RefCell<Vec<Proc>>,
    /// Per procedure, the may-summaries assumed by the symbolic step (proven ones, except
    /// while [`crate::summary::prove`] checks candidates).
    pub summaries: RefCell<Vec<Vec<crate::summary::Summary>>>,
    pub memo: RefCell<Vec<crate::summary::run::Memo>>,
    /// Memoised calls when summaries were last proposed ([`crate::summary::prove`]).
    pub proven_at: std::cell::Cell<usize>,
    /// Candidates whose checks went past the solver's budget ([`crate::summary::prove`]), per
    /// procedure: not proposed again (each round would spend the budget on them anew).
    pub too_hard: RefCell<Vec<(u32, crate::summary::Summary)>>,
    /// Per procedure, the candidates of the last Houdini run that finished
    /// ([`crate::summary::prove`]); the summaries include what it proved.
    pub tried: RefCell<Vec<Vec<crate::summary::Summary>>>,
}

impl std::fmt::Debug for ProcTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ProcTable({} procedures)", self.procs.borrow().len())
    }
}

impl ProcTable {
    pub fn is_empty(&self) -> bool {
        self.procs.borrow().is_empty()
    }

    /// Sets the property flags of every procedure's flat program (as [`Flat`]'s own).
    pub fn set_flags(&self, check_overflow: bool, check_memsafety: bool) {
        for p in self.procs.borrow_mut().iter_mut() {
            p.flat.check_overflow = check_overflow;
            p.flat.check_memsafety = check_memsafety;
        }
    }

    /// Concrete calls memoised so far (all procedures).
    pub fn memo_size(&self) -> usize {
        self.memo.borrow().iter().map(|m| m.order.len()).sum()
    }

    pub fn name(&self, p: u32) -> String {
        self.procs.borrow()[p as usize].name.clone()
    }

    /// The parameters (by position) whose values procedure `p`'s body compares, directly or
    /// through values computed from them (not through calls): the ones its recursion
    /// branches on, whose values decide how deep a call goes.
    pub fn compared_params(&self, p: u32) -> Vec<usize> {
        let procs = self.procs.borrow();
        let pr = &procs[p as usize];
        // Register-to-register data flow of the body: (destination, operands).
        let mut flow: Vec<(u32, Vec<Opnd>)> = Vec::new();
        for b in &pr.flat.blocks {
            for i in &b.insts {
                match i {
                    FInst::Bin { dst, a, b, .. } | FInst::ICmp { dst, a, b, .. } => flow.push((*dst, vec![*a, *b])),
                    FInst::Select { dst, c, t, f } => flow.push((*dst, vec![*c, *t, *f])),
                    FInst::Cast { dst, v, .. } | FInst::Copy { dst, v } => flow.push((*dst, vec![*v])),
                    _ => {}
                }
            }
            for e in b.term.edges() {
                flow.extend(e.assigns.iter().map(|(r, o)| (*r, vec![*o])));
            }
        }
        let compared = |r: u32| {
            let mut from = HashSet::from([r]);
            loop {
                let n = from.len();
                for (d, ops) in &flow {
                    if ops.iter().any(|o| matches!(o, Opnd::Reg(x) if from.contains(x))) {
                        from.insert(*d);
                    }
                }
                if from.len() == n {
                    break;
                }
            }
            pr.flat.blocks.iter().flat_map(|b| &b.insts).any(|i| {
                matches!(i, FInst::ICmp { a, b, .. } if [a, b].iter().any(|o| matches!(o, Opnd::Reg(x) if from.contains(x))))
            })
        };
        (0..pr.params.len()).filter(|&i| compared(pr.params[i])).collect()
    }
}

/// Procedures being built: shared by the builders of main and of every procedure.
#[derive(Default)]
pub(super) struct Registry {
    pub recursive: HashSet<u32>,
    pub index: HashMap<u32, u32>,
    pub built: Vec<Option<Proc>>,
    /// Per recursive function, its global footprint ([`footprints`]), or why it has none.
    pub footprint: HashMap<u32, Result<Vec<u32>, String>>,
    /// Some recursive function could not be made a procedure (flattening restarts without).
    pub failed: bool,
}

impl Registry {
    pub fn new(m: &Module) -> Registry {
        let info = vigil_ir::graphs::call_info(m);
        let mut succ: HashMap<u32, Vec<u32>> = HashMap::new();
        for (a, b) in &info.direct {
            succ.entry(a.0).or_default().push(b.0);
        }
        let mut recursive = HashSet::new();
        for &f in succ.keys() {
            let mut seen = HashSet::new();
            let mut stack = succ[&f].clone();
            while let Some(g) = stack.pop() {
                if g == f {
                    recursive.insert(f);
                    break;
                }
                if seen.insert(g) {
                    stack.extend(succ.get(&g).into_iter().flatten().copied());
                }
            }
        }
        let footprint = footprints(m, &succ, &recursive);
        Registry { recursive, footprint, ..Default::default() }
    }
}

/// The global footprint of every recursive function: the globals that it, or a function it
/// reaches in the direct call graph, loads or stores directly (sorted by global index). A
/// footprint is exact only when each of its globals is a defined integer scalar of 8, 16, 32
/// or 64 bits (its size that of its type) that the whole module mentions only as the address
/// of a direct, whole, non-volatile, non-atomic load or store: its address is never a value
/// (stored, passed, compared, offset, in an initialiser), so nothing but those accesses reads
/// or writes it. Otherwise the footprint is an `Err` saying why.
fn footprints(m: &Module, succ: &HashMap<u32, Vec<u32>>, recursive: &HashSet<u32>) -> HashMap<u32, Result<Vec<u32>, String>> {
    // Per function the globals it accesses directly; module-wide the globals named otherwise.
    let mut direct: HashMap<u32, BTreeSet<u32>> = HashMap::new();
    let mut other: HashSet<u32> = HashSet::new();
    let whole_int = |g: u32, ty: vigil_ir::TypeId| {
        let gl = m.global(vigil_ir::GlobalId(g));
        matches!(m.types.get(ty), Type::Int { bits } if matches!(bits, 8 | 16 | 32 | 64) && u64::from(*bits) == gl.size * 8)
            && matches!(m.types.get(gl.ty), Type::Int { bits } if u64::from(*bits) == gl.size * 8)
    };
    let direct_global = |o: Operand| match o {
        Operand::Const(c) => match m.konst(c) {
            Const::Ptr { target: PtrTarget::Global(g), offset: 0 } => Some(g.0),
            _ => None,
        },
        Operand::Value(_) => None,
    };
    let named = |o: Operand, other: &mut HashSet<u32>| {
        if let Operand::Const(c) = o {
            globals_in_const(m.konst(c), other);
        }
    };
    for g in &m.globals {
        for r in g.init.iter().flat_map(|i| &i.relocs) {
            if let PtrTarget::Global(t) = r.target {
                other.insert(t.0);
            }
        }
    }
    for (fi, func) in m.functions.iter().enumerate() {
        for blk in &func.blocks {
            for inst in &blk.insts {
                let access = match &inst.kind {
                    InstKind::Load { ptr, ty, atomic, volatile, .. } => Some((*ptr, *ty, atomic.is_none() && !volatile)),
                    InstKind::Store { ptr, val, ty, atomic, volatile, .. } => {
                        named(*val, &mut other);
                        Some((*ptr, *ty, atomic.is_none() && !volatile))
                    }
                    k => {
                        for o in k.operands() {
                            named(o, &mut other);
                        }
                        None
                    }
                };
                let Some((ptr, ty, plain)) = access else { continue };
                match direct_global(ptr) {
                    Some(g) if plain && whole_int(g, ty) => {
                        direct.entry(fi as u32).or_default().insert(g);
                    }
                    _ => named(ptr, &mut other),
                }
            }
            for o in blk.term.operands() {
                named(o, &mut other);
            }
        }
    }
    let mut out = HashMap::new();
    for &f in recursive {
        let mut seen = HashSet::from([f]);
        let mut stack = vec![f];
        let mut globals = BTreeSet::new();
        while let Some(h) = stack.pop() {
            globals.extend(direct.get(&h).into_iter().flatten().copied());
            for &k in succ.get(&h).into_iter().flatten() {
                if seen.insert(k) {
                    stack.push(k);
                }
            }
        }
        let unfit = globals.iter().find(|&&g| {
            let gl = m.global(vigil_ir::GlobalId(g));
            other.contains(&g) || gl.init.is_none() || gl.thread_local
        });
        out.insert(
            f,
            match unfit {
                Some(&g) => Err(format!("global {} is not a scalar accessed only directly", m.global(vigil_ir::GlobalId(g)).name)),
                None => Ok(globals.into_iter().collect()),
            },
        );
    }
    out
}

/// The globals a constant names.
fn globals_in_const(c: &Const, out: &mut HashSet<u32>) {
    match c {
        Const::Ptr { target: PtrTarget::Global(g), .. } | Const::PtrAsInt { target: PtrTarget::Global(g), .. } => {
            out.insert(g.0);
        }
        Const::Aggregate { init, .. } => {
            for r in &init.relocs {
                if let PtrTarget::Global(g) = r.target {
                    out.insert(g.0);
                }
            }
        }
        _ => {}
    }
}

/// What a failed procedure build reports (flattening then starts again with inlining).
pub(super) const PROC_FAILED: &str = "recursive procedure beyond the procedure model";

impl<'m> Builder<'m> {
    /// The procedure of recursive function `g`, built on first use; None when `g` is not
    /// recursive or procedures are off.
    pub(super) fn proc_of(&mut self, g: FuncId) -> Result<Option<u32>, Unsupported> {
        let Some(reg) = self.registry.clone() else { return Ok(None) };
        if !reg.borrow().recursive.contains(&g.0) {
            return Ok(None);
        }
        if let Some(&i) = reg.borrow().index.get(&g.0) {
            return Ok(Some(i));
        }
        let idx = {
            let mut r = reg.borrow_mut();
            let i = r.built.len() as u32;
            r.built.push(None);
            r.index.insert(g.0, i);
            i
        };
        match self.build_proc(g, reg.clone()) {
            Ok(p) => {
                reg.borrow_mut().built[idx as usize] = Some(p);
                Ok(Some(idx))
            }
            Err(_) => {
                reg.borrow_mut().failed = true;
                Err(Unsupported(PROC_FAILED.into()))
            }
        }
    }

    fn build_proc(&self, g: FuncId, reg: Rc<RefCell<Registry>>) -> Result<Proc, Unsupported> {
        let m = self.m;
        let func = m.function(g);
        let fail = |why: &str| Err(Unsupported(format!("procedure {}: {why}", func.name)));
        if func.varargs {
            return fail("variadic");
        }
        let mut b = Builder::new(m, Some(reg.clone()));
        b.site_objects = self.site_objects;
        b.blocks.push(FBlock {
            name: format!("{}/<entry>", func.name),
            func: func.name.clone(),
            insts: Vec::new(),
            locs: Vec::new(),
            term: FTerm::Return,
            term_loc: func.loc,
        });
        let mut params = Vec::new();
        let mut vals = Vec::new();
        for p in &func.params {
            let w = b.int_width(func.value(*p).ty, "parameter", func.loc)?;
            let r = b.new_reg(format!("{}:{}", func.name, func.value(*p).name), w);
            params.push(r);
            vals.push(Val::Reg(r));
        }
        let footprint = match reg.borrow().footprint.get(&g.0) {
            Some(Ok(fp)) => fp.clone(),
            Some(Err(why)) => return fail(why),
            None => return fail("no footprint"),
        };
        // The footprint's cells, created before the body so that its accesses find them.
        let mut globals = Vec::new();
        let mut global_objs = Vec::new();
        for &gl in &footprint {
            let obj = b.global_obj(gl, func.loc)?;
            globals.push(b.cell(StaticPtr { obj, off: 0 }, m.global(vigil_ir::GlobalId(gl)).size, func.loc)?);
            global_objs.push(obj);
        }
        let ret = match m.types.get(func.ret_ty) {
            Type::Void => None,
            _ => Some(b.new_reg(format!("{}:<return>", func.name), b.int_width(func.ret_ty, "return value", func.loc)?)),
        };
        let ret_block = b.new_block(format!("{}/<return>", func.name), &func.name);
        b.blocks[ret_block as usize].term = FTerm::Return;
        let (entry, ()) = b.inline(g, &vals, Some((ret, ret_block)))?;
        b.blocks[0].term = FTerm::Br(Edge { target: entry, assigns: Vec::new() });
        // The footprint's globals stay one whole cell each, never escaped nor large, and no
        // other global is touched (the footprint is exact, see [`footprints`]); they are
        // inputs, not initialised at the procedure's entry.
        if b.global_objs.len() != footprint.len() {
            return fail("touches a global outside its footprint");
        }
        for (&obj, &r) in global_objs.iter().zip(&globals) {
            let o = &b.objs[obj as usize];
            if o.escaped || o.cells.len() != 1 || o.cells[0].2 != r || b.large.contains_key(&obj) {
                return fail("a global of its footprint is accessed other than as a whole");
            }
            b.objs[obj as usize].global_init = None;
        }
        if b.objs.iter().any(|o| o.heap || o.global_init.is_some()) {
            return fail("touches global or heap memory");
        }
        if b.objs.iter().any(|o| o.dyn_size.is_some()) {
            return fail("has a variable-length array");
        }
        let flat = b.finish()?;
        for blk in &flat.blocks {
            if blk.insts.iter().any(|i| matches!(i, FInst::Nondet { .. } | FInst::Exit)) {
                return fail("reads inputs or exits");
            }
        }
        if has_cycle(&flat) {
            return fail("has a loop");
        }
        Ok(Proc { name: func.name.clone(), flat, params, globals, ret, ret_block })
    }

    /// A call of procedure `p` (of function `callee`): one [`FInst::Call`] in the current block.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn emit_proc_call(&mut self, f: FuncId, fr: &mut Frame, cur: u32, inst: &vigil_ir::Inst, p: u32, callee: FuncId, args: &[Operand], ret_ty: vigil_ir::TypeId) -> Result<(), Unsupported> {
        let loc = inst.loc;
        let mut a = Vec::new();
        for o in args {
            a.push(self.opnd(f, fr, *o, loc)?);
        }
        let dst = match inst.dest {
            Some(d) if !matches!(self.m.types.get(ret_ty), Type::Void) => Some(self.reg_of_value(f, fr, d, loc)?),
            _ => None,
        };
        // The caller's cells of the callee's footprint (a procedure exists only with an exact
        // one): passed in, written back.
        let footprint = match self.registry.as_ref().and_then(|r| r.borrow().footprint.get(&callee.0).cloned()) {
            Some(Ok(fp)) => fp,
            _ => return Err(Unsupported(PROC_FAILED.into())),
        };
        let mut globals = Vec::new();
        for gl in footprint {
            let obj = self.global_obj(gl, loc)?;
            globals.push(self.cell(StaticPtr { obj, off: 0 }, self.m.global(vigil_ir::GlobalId(gl)).size, loc)?);
        }
        self.emit(cur, loc, FInst::Call { dst, proc: p, args: a, globals });
        Ok(())
    }

    /// After main is flattened: the procedures, in index order, as the shared table.
    pub(super) fn proc_table(&self) -> Rc<ProcTable> {
        let Some(reg) = &self.registry else { return Rc::default() };
        let built: Vec<Proc> = reg.borrow().built.iter().flatten().cloned().collect();
        let table = Rc::new(ProcTable::default());
        let n = built.len();
        // Every procedure's flat program shares the table (its own calls go through it).
        let built = built.into_iter().map(|mut p| {
            p.flat.procs = table.clone();
            p
        });
        *table.procs.borrow_mut() = built.collect();
        *table.summaries.borrow_mut() = vec![Vec::new(); n];
        *table.memo.borrow_mut() = vec![Default::default(); n];
        table
    }
}

/// Whether the control flow of `flat` has a cycle.
fn has_cycle(flat: &Flat) -> bool {
    // 0 unvisited, 1 on the stack, 2 done.
    let n = flat.blocks.len();
    let mut state = vec![0u8; n];
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    state[0] = 1;
    while let Some(&mut (b, ref mut i)) = stack.last_mut() {
        let succ: Vec<u32> = flat.blocks[b].term.edges().iter().map(|e| e.target).collect();
        if *i < succ.len() {
            let t = succ[*i] as usize;
            *i += 1;
            match state[t] {
                0 => {
                    state[t] = 1;
                    stack.push((t, 0));
                }
                1 => return true,
                _ => {}
            }
        } else {
            state[b] = 2;
            stack.pop();
        }
    }
    false
}
