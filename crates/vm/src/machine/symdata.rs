//! Symbolic data in the explicit engine: control explicit, data symbolic (Bauch, Havel,
//! Barnat, "Control Explicit—Data Symbolic Model Checking", TOSEM 2016, §3–4; Lauko, Štill,
//! Ročkai, Barnat, TACAS 2019, for the same split inside DIVINE's VM).
//!
//! With [`Symbolic::Auto`] (or `Always`), a `__VERIFIER_nondet_*` input wider than 8 bits (with
//! `Always`: of 8 bits too) does not enumerate values: it is input number *k* of the path, the
//! low bits of the 64-bit variable `in<k>` of one hash-consed [`TermManager`] that lives as long
//! as the search. Registers and memory bytes hold such values as *symbolic slots* (see
//! [`crate::memory::SYM_TAG`]): the slot names a term, the bytes under it are undefined, so code
//! that does not know symbolic values treats them as uninitialised (sound: sampled values mark
//! the run incomplete, branches on them go both ways).
//!
//! Invariants:
//! * **Concrete stays concrete.** An instruction without a symbolic operand runs as before
//!   ([`Machine::sym_step`] returns `None` after one scan of the frame's shadow); a term that
//!   folds to a constant is written back as a concrete value.
//! * **One semantics.** Operations build terms through [`crate::symbolic`] only.
//! * **The path condition is part of the state** ([`State::sym`], low word: its term's handle
//!   plus one, 0 for `true`; high word: inputs read). Terms are hash-consed in the one manager of
//!   the search, so two states are equal exactly when their explicit parts and their terms are
//!   the same (an id comparison; TOSEM 2016 §4.2 "explicit state matching"). A hook for
//!   solver-based subsumption would compare path conditions by implication instead; it would
//!   merge states that differ only in how they constrain dead inputs.
//! * **Branches** on a symbolic condition ask the solver which sides are feasible under the path
//!   condition and fork with the VM's `choose` when both are, adding the side taken to the path
//!   condition. **Property checks** (division by zero, `INT_MIN / -1`, `nsw` overflow under
//!   no-overflow, oversized shifts) are queries: a violation when satisfiable (the condition is
//!   added to the path condition, so its model gives the inputs), else the search goes on.
//! * **Concretisation** (a symbolic value where the VM needs a number: an index into memory, a
//!   hypercall's argument, an instruction without a symbolic meaning): at most
//!   [`ENUMERATION_LIMIT`] feasible values are enumerated and chosen among; beyond that the run is
//!   incomplete (never `true`). An index prefers an out-of-bounds value first, so memory errors
//!   are found even when values are sampled. A symbolic value used as an address without a base
//!   object is [`FaultKind::Undefined`] (unknown).
//! * **Counterexamples**: [`Machine::sym_inputs_model`] solves the path condition of the
//!   violating state for the values of the inputs; the engine then replays them concretely
//!   ([`Config::wide_inputs`]: the same calls return those values, nothing else changes).
//! * Solver answers `unknown` (conflict budget, deadline) count as *feasible*: the search then
//!   explores more paths than exist, which cannot make a `true` wrong, and a violation found on
//!   such a path is confirmed by the concrete replay or not reported.

use super::*;
use std::collections::HashMap;
use std::time::{Duration, Instant};
use vigil_bv::{CheckResult, Solver, Sort, TermId, TermManager, Value};
use vigil_ir::{BinOp, CastOp};

/// How many values of a symbolic value are enumerated at most when it must become concrete.
pub const ENUMERATION_LIMIT: usize = 16;

/// SAT conflicts a single query may take before it answers unknown.
const CONFLICT_LIMIT: u64 = 200_000;

/// When inputs are symbolic (`vigil check --symbolic`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Symbolic {
    /// Every input is enumerated or sampled (the runtime's choices).
    #[default]
    Never,
    /// Inputs wider than 8 bits are symbolic; `bool` and `char` are enumerated (256 values at
    /// most, and a dead one merges in the visited set, which a term would not).
    Auto,
    /// Inputs of 8 bits and more are symbolic.
    Always,
}

impl Symbolic {
    /// Whether an input of `bits` bits is symbolic in this mode.
    fn applies(self, bits: u32) -> bool {
        match self {
            Symbolic::Never => false,
            Symbolic::Auto => bits > 8,
            Symbolic::Always => bits >= 8,
        }
    }
}

/// Solver counters of a run.
#[derive(Copy, Clone, Debug, Default)]
pub struct SymStats {
    pub queries: u64,
    pub cache_hits: u64,
    pub solver_time: Duration,
}

/// The symbolic machinery of one search: the term manager, the incremental solver and caches.
pub struct SymData {
    pub tm: TermManager,
    solver: Solver,
    /// `Some(values)` when replaying a symbolic counterexample concretely.
    replay: Option<Vec<u64>>,
    /// For each function: `(bits, signed, name)` if it is a symbolic input function.
    nondet: Vec<Option<(u32, bool)>>,
    /// The variable of input number k.
    input_vars: Vec<TermId>,
    /// Feasibility under a path condition: (pc handle, query) → answer.
    cache: HashMap<(u32, TermId), CheckResult>,
    /// Enumerations: (pc handle, term, preferred) → (values, complete).
    enums: HashMap<(u32, TermId, Option<TermId>), (Vec<u64>, bool)>,
    dump: Option<std::path::PathBuf>,
    pub stats: SymStats,
}

/// The signedness of a `__VERIFIER_nondet_*` function's result by its name (None: not an
/// integer input).
fn nondet_signed(name: &str) -> Option<bool> {
    Some(match name.strip_prefix("__VERIFIER_nondet_")? {
        "char" | "short" | "int" | "long" | "longlong" => true,
        "uchar" | "ushort" | "uint" | "unsigned" | "ulong" | "ulonglong" | "size_t" | "u8" | "u16" | "u32" => false,
        _ => return None,
    })
}

impl SymData {
    /// The symbolic machinery for `config`, or None when nothing is symbolic.
    pub fn new(prog: &Program, config: &Config) -> Option<Box<SymData>> {
        if config.symbolic == Symbolic::Never {
            return None;
        }
        let m = &prog.module;
        let nondet = m
            .functions
            .iter()
            .map(|f| {
                let signed = nondet_signed(&f.name)?;
                let bits = m.types.value_bits(f.ret_ty);
                config.symbolic.applies(bits).then_some((bits, signed))
            })
            .collect::<Vec<_>>();
        if nondet.iter().all(Option::is_none) {
            return None;
        }
        let mut solver = Solver::new();
        solver.set_conflict_limit(Some(CONFLICT_LIMIT));
        solver.set_deadline(config.deadline);
        Some(Box::new(SymData {
            tm: TermManager::new(),
            solver,
            replay: config.wide_inputs.clone(),
            nondet,
            input_vars: Vec::new(),
            cache: HashMap::new(),
            enums: HashMap::new(),
            dump: config.dump_vcs.clone(),
            stats: SymStats::default(),
        }))
    }

    fn input_var(&mut self, k: u32) -> TermId {
        while self.input_vars.len() <= k as usize {
            let name = format!("in{}", self.input_vars.len());
            let v = self.tm.var(&name, Sort::BitVec(64));
            self.input_vars.push(v);
        }
        self.input_vars[k as usize]
    }

    /// Checks `assumptions` (Bool terms) with the solver; unknown counts as satisfiable.
    fn check(&mut self, assumptions: &[TermId]) -> CheckResult {
        let start = Instant::now();
        self.stats.queries += 1;
        if let Some(dir) = &self.dump {
            let text = vigil_bv::smtlib::printer::to_script(&self.tm, assumptions) + "(check-sat)\n";
            let _ = std::fs::create_dir_all(dir);
            let _ = std::fs::write(dir.join(format!("q{:06}.smt2", self.stats.queries)), text);
        }
        let r = self.solver.check_assuming(&self.tm, assumptions).unwrap_or(CheckResult::Unknown);
        self.stats.solver_time += start.elapsed();
        r
    }

    /// Is `pc ∧ q` satisfiable (unknown: yes)? Cached by (pc, q).
    fn feasible(&mut self, pc_handle: u32, pc: Option<TermId>, q: TermId) -> bool {
        if let Some(b) = self.tm.bool_value(q) {
            return b;
        }
        if let Some(r) = self.cache.get(&(pc_handle, q)) {
            self.stats.cache_hits += 1;
            return *r != CheckResult::Unsat;
        }
        let mut a = vec![q];
        a.extend(pc);
        let r = self.check(&a);
        self.cache.insert((pc_handle, q), r);
        r != CheckResult::Unsat
    }

    /// The model value of bit-vector term `t` after a satisfiable check.
    fn model_value(&self, t: TermId) -> Option<u64> {
        match self.solver.value(&self.tm, t) {
            Ok(Value::Bv(v)) => Some(v.low_u64()),
            _ => None,
        }
    }

    /// Up to [`ENUMERATION_LIMIT`] values of `t` under `pc`, the one satisfying `prefer` first
    /// (if any), and whether they are all of them.
    fn enumerate(&mut self, pc_handle: u32, pc: Option<TermId>, t: TermId, prefer: Option<TermId>) -> (Vec<u64>, bool) {
        if let Some(r) = self.enums.get(&(pc_handle, t, prefer)) {
            self.stats.cache_hits += 1;
            return r.clone();
        }
        let w = self.tm.width(t);
        let mut vals: Vec<u64> = Vec::new();
        let mut base: Vec<TermId> = pc.into_iter().collect();
        if let Some(p) = prefer {
            let mut a = base.clone();
            a.push(p);
            if self.check(&a) == CheckResult::Sat {
                if let Some(v) = self.model_value(t) {
                    vals.push(v);
                }
            }
        }
        let mut complete = false;
        for &v in &vals {
            let c = self.tm.bv_u64(w, v);
            let e = self.tm.eq(t, c);
            let ne = self.tm.not(e);
            base.push(ne);
        }
        while vals.len() <= ENUMERATION_LIMIT {
            match self.check(&base) {
                CheckResult::Sat => {
                    let Some(v) = self.model_value(t) else { break };
                    vals.push(v);
                    let c = self.tm.bv_u64(w, v);
                    let e = self.tm.eq(t, c);
                    let ne = self.tm.not(e);
                    base.push(ne);
                }
                CheckResult::Unsat => {
                    complete = true;
                    break;
                }
                CheckResult::Unknown => break,
            }
        }
        if vals.len() > ENUMERATION_LIMIT {
            vals.truncate(ENUMERATION_LIMIT);
            complete = false;
        }
        let r = (vals, complete);
        self.enums.insert((pc_handle, t, prefer), r.clone());
        r
    }
}

/// The low word of [`State::sym`]: the path condition's handle plus one (0: `true`).
fn pc_word(sym: u64) -> u32 {
    sym as u32
}

/// The high word of [`State::sym`]: how many symbolic (or replayed) inputs the path read.
fn inputs_word(sym: u64) -> u32 {
    (sym >> 32) as u32
}

/// A value an operand has for a symbolic operation.
enum Val {
    Term(TermId),
    /// A defined integer.
    Int(u64),
    /// Undefined, or a pointer: no term.
    Other,
}

impl Machine<'_> {
    /// Solver counters of this machine's run (None when nothing is symbolic).
    pub fn sym_stats(&self) -> Option<SymStats> {
        self.sym.as_ref().map(|s| s.stats)
    }

    fn sd(&mut self) -> &mut SymData {
        self.sym.as_mut().expect("symbolic mode")
    }

    /// The path condition (None: `true`).
    fn pc(&self) -> Option<TermId> {
        match pc_word(self.state.sym) {
            0 => None,
            h => Some(TermId::from_index(h - 1)),
        }
    }

    /// Adds `c` to the path condition.
    fn add_pc(&mut self, c: TermId) {
        let pc = self.pc();
        let sd = self.sd();
        let new = match pc {
            None => c,
            Some(p) => sd.tm.and(p, c),
        };
        let h = if sd.tm.bool_value(new) == Some(true) { 0 } else { new.index() as u32 + 1 };
        self.state.sym = (self.state.sym & !0xffff_ffff) | u64::from(h);
    }

    fn feasible(&mut self, q: TermId) -> bool {
        let (h, pc) = (pc_word(self.state.sym), self.pc());
        self.sd().feasible(h, pc, q)
    }

    /// The term in register `v`, if it holds a symbolic value.
    pub(super) fn sym_reg(&self, v: ValueId) -> Option<TermId> {
        let off = self.prog.funcs[self.func.index()].reg_off[v.index()];
        let (_, h) = self.frame().slot_at(off)?.sym()?;
        Some(TermId::from_index(h))
    }

    /// Whether `op` is a register holding a symbolic value (control flow copies its bytes, not
    /// its scalar).
    pub(super) fn is_sym_operand(&self, op: Operand) -> bool {
        match op {
            Operand::Value(v) => self.sym.is_some() && self.sym_reg(v).is_some(),
            Operand::Const(_) => false,
        }
    }

    /// `op` as a term of `w` bits, a defined integer, or neither.
    fn val(&mut self, op: Operand, w: u32) -> Val {
        if let Operand::Value(v) = op {
            if let Some(t) = self.sym_reg(v) {
                return Val::Term(self.fit(t, w));
            }
        }
        let s = self.operand(op);
        if s.ptr || !s.is_defined(w) { Val::Other } else { Val::Int(s.bits & crate::memory::mask(w)) }
    }

    /// `t` truncated or zero-extended to `w` bits.
    fn fit(&mut self, t: TermId, w: u32) -> TermId {
        let tm = &mut self.sd().tm;
        let tw = tm.width(t);
        if tw == w {
            t
        } else if tw > w {
            tm.extract(t, w - 1, 0)
        } else {
            tm.zero_extend(t, w - tw)
        }
    }

    fn term(&mut self, v: Val, w: u32) -> Option<TermId> {
        match v {
            Val::Term(t) => Some(t),
            Val::Int(x) => Some(self.sd().tm.bv_u64(w, x)),
            Val::Other => None,
        }
    }

    /// Writes term `t` (of the register's width) into register `dest`: a constant as a concrete
    /// value, anything else as a symbolic slot.
    fn set_term(&mut self, dest: Option<ValueId>, t: TermId) {
        let Some(d) = dest else { return };
        if let Some(v) = self.sd().tm.bv_value(t).map(|v| v.low_u64()) {
            self.set_reg(d, Scalar::int(v));
            return;
        }
        let w = self.sd().tm.width(t);
        let info = &self.prog.funcs[self.func.index()];
        let (off, size) = (info.reg_off[d.index()], info.reg_size[d.index()].min(8));
        let frame = self.frame_mut();
        frame.fill(off, size, 0, 0);
        frame.write_sym(off, w.div_ceil(8).clamp(1, size), t.index() as u32);
    }

    /// A fresh handle fits a slot (the term manager stays below [`crate::memory::SYM_MAX_HANDLE`]).
    fn handles_exhausted(&self) -> bool {
        self.sym.as_ref().is_some_and(|s| s.tm.num_terms() as u64 >= u64::from(crate::memory::SYM_MAX_HANDLE))
    }

    /// Makes `op` (a symbolic register) concrete: one of its feasible values (see the module
    /// doc), written back to the register and fixed in the path condition.
    fn concretize(&mut self, op: Operand, prefer: Option<TermId>) -> u64 {
        let Operand::Value(v) = op else { return 0 };
        let Some(t) = self.sym_reg(v) else { return self.operand(op).bits };
        let (h, pc) = (pc_word(self.state.sym), self.pc());
        let (vals, complete) = self.sd().enumerate(h, pc, t, prefer);
        if vals.is_empty() {
            // Unknown answers only: no value can be trusted, the path is sampled.
            self.trans_flags |= flags::INCOMPLETE;
            let tm = &mut self.sd().tm;
            let z = tm.bv_u64(tm.width(t), 0);
            let e = tm.eq(t, z);
            self.add_pc(e);
            self.set_reg(v, Scalar::int(0));
            return 0;
        }
        let k = if vals.len() > 1 { self.choose(vals.len() as u32) as usize } else { 0 };
        if !complete {
            self.trans_flags |= flags::INCOMPLETE;
        }
        let x = vals[k];
        if !(complete && vals.len() == 1) {
            let w = self.sd().tm.width(t);
            let c = self.sd().tm.bv_u64(w, x);
            let e = self.sd().tm.eq(t, c);
            self.add_pc(e);
        }
        self.set_reg(v, Scalar::int(x));
        x
    }

    /// Makes every symbolic operand of `ops` concrete.
    fn concretize_all(&mut self, ops: &[Operand]) {
        for &op in ops {
            if self.is_sym_operand(op) {
                self.concretize(op, None);
            }
        }
    }

    /// A property check as a query: `Err(kind)` on the path where `cond` holds (when it can),
    /// `Ok` on the path where it does not; both when both are feasible (a choice).
    fn sym_check(&mut self, cond: TermId, kind: FaultKind) -> VmResult<()> {
        if !self.feasible(cond) {
            return Ok(());
        }
        let not = self.sd().tm.not(cond);
        if !self.feasible(not) {
            return Err(kind);
        }
        if self.choose(2) == 1 {
            self.add_pc(cond);
            Err(kind)
        } else {
            self.add_pc(not);
            Ok(())
        }
    }

    /// A two-way split on Bool `cond`: Some(side) of a feasible side (a choice when both are).
    fn sym_split(&mut self, cond: TermId) -> Option<bool> {
        let not = self.sd().tm.not(cond);
        match (self.feasible(cond), self.feasible(not)) {
            (true, true) => {
                if self.choose(2) == 0 {
                    self.add_pc(cond);
                    Some(true)
                } else {
                    self.add_pc(not);
                    Some(false)
                }
            }
            (true, false) => Some(true),
            (false, true) => Some(false),
            (false, false) => None,
        }
    }

    /// A call of an input function that is symbolic in this mode: its result is input number k
    /// of the path (a term, or the replayed value). None for other calls.
    fn sym_input(&mut self, f: FuncId, dest: Option<ValueId>) -> Option<Flow> {
        let (bits, signed) = (*self.sym.as_ref()?.nondet.get(f.index())?)?;
        if !self.interruptible() {
            return None;
        }
        let k = inputs_word(self.state.sym);
        self.state.sym += 1 << 32;
        let name = &self.prog.module.function(f).name;
        if let Some(values) = &self.sym.as_ref()?.replay {
            let raw = values.get(k as usize).copied();
            if raw.is_none() {
                self.trans_flags |= flags::INCOMPLETE;
            }
            let v = raw.unwrap_or(0) & crate::memory::mask(bits);
            if self.events.is_some() {
                let text = if signed {
                    let s = 64 - bits;
                    format!("{name} = {}", ((v << s) as i64) >> s)
                } else {
                    format!("{name} = {v}")
                };
                self.event(Event::Trace { kind: 2, text });
            }
            self.set_dest(dest, Scalar::int(v));
            return Some(Flow::Next);
        }
        let var = self.sd().input_var(k);
        let t = self.fit(var, bits);
        self.set_term(dest, t);
        Some(Flow::Next)
    }

    /// The values of the inputs of the current path that satisfy its path condition (the state
    /// of a violation): None when the path read no symbolic input, an error when the solver
    /// cannot give them.
    pub fn sym_inputs_model(&mut self) -> Result<Option<Vec<u64>>, String> {
        let n = inputs_word(self.state.sym);
        if self.sym.is_none() || n == 0 || self.sym.as_ref().is_some_and(|s| s.replay.is_some()) {
            return Ok(None);
        }
        let pc: Vec<TermId> = self.pc().into_iter().collect();
        let sd = self.sd();
        if sd.check(&pc) != CheckResult::Sat {
            return Err("the solver could not find inputs for the violation's path condition".into());
        }
        let mut out = Vec::new();
        for k in 0..n {
            let var = sd.input_var(k);
            out.push(sd.model_value(var).unwrap_or(0));
        }
        Ok(Some(out))
    }

    /// Executes `inst` if one of its operands (or the memory it loads) is symbolic; None when it
    /// is all concrete (the caller runs it as usual) — possibly after making symbolic operands
    /// concrete.
    pub(super) fn sym_step(&mut self, inst: &vigil_ir::Inst) -> VmResult<Option<Flow>> {
        let dest = inst.dest;
        if let InstKind::Call { callee: Callee::Direct(f), .. } = &inst.kind {
            if let Some(flow) = self.sym_input(*f, dest) {
                return Ok(Some(flow));
            }
        }
        if self.sym.as_ref().is_some_and(|s| s.replay.is_some()) {
            return Ok(None);
        }
        if self.handles_exhausted() {
            return Err(FaultKind::Unsupported("too many symbolic terms for one search".into()));
        }
        if let InstKind::Load { ptr, ty, .. } = &inst.kind {
            return self.sym_load(*ptr, *ty, dest);
        }
        if !self.frame().ptrs.iter().any(|p| p.sym().is_some()) {
            return Ok(None);
        }
        match &inst.kind {
            InstKind::Bin { op, flags, lhs, rhs } => self.sym_bin(*op, flags.nsw, *lhs, *rhs, dest),
            InstKind::ICmp { pred, lhs, rhs } => {
                let w = self.op_width(*lhs);
                let (a, b) = (self.val(*lhs, w), self.val(*rhs, w));
                if matches!((&a, &b), (Val::Int(_), Val::Int(_))) {
                    return Ok(None);
                }
                let (Some(a), Some(b)) = (self.term(a, w), self.term(b, w)) else {
                    self.concretize_all(&[*lhs, *rhs]);
                    return Ok(None);
                };
                let tm = &mut self.sd().tm;
                let c = crate::symbolic::icmp(tm, *pred, a, b);
                let r = crate::symbolic::from_bool(tm, c);
                self.set_term(dest, r);
                Ok(Some(Flow::Next))
            }
            InstKind::Select { cond, if_true, if_false } => {
                if dest.is_some_and(|d| self.is_aggregate_reg(d)) {
                    self.concretize_all(&[*cond]);
                    return Ok(None);
                }
                let w = self.dest_width(dest);
                if !self.is_sym_operand(*cond) {
                    let c = self.operand(*cond);
                    if c.def & 1 == 0 {
                        self.concretize_all(&[*if_true, *if_false]);
                        return Ok(None);
                    }
                    let pick = if c.bits & 1 == 1 { *if_true } else { *if_false };
                    return Ok(match self.val(pick, w) {
                        Val::Term(t) => {
                            self.set_term(dest, t);
                            Some(Flow::Next)
                        }
                        _ => None,
                    });
                }
                let (t, e) = (self.val(*if_true, w), self.val(*if_false, w));
                let (Some(t), Some(e)) = (self.term(t, w), self.term(e, w)) else {
                    self.concretize_all(&[*cond, *if_true, *if_false]);
                    return Ok(None);
                };
                let c = self.val(*cond, 1);
                let c = self.term(c, 1).expect("symbolic condition");
                let tm = &mut self.sd().tm;
                let b = crate::symbolic::to_bool(tm, c);
                let r = tm.ite(b, t, e);
                self.set_term(dest, r);
                Ok(Some(Flow::Next))
            }
            InstKind::Cast { op, val, to } => {
                let Some(t) = (match val {
                    Operand::Value(v) => self.sym_reg(*v),
                    Operand::Const(_) => None,
                }) else {
                    return Ok(None);
                };
                let from = self.op_width(*val);
                let to = self.prog.module.types.value_bits(*to);
                if matches!(op, CastOp::IntToPtr) {
                    return Err(FaultKind::Undefined("a symbolic value used as an address (no base object)"));
                }
                let t = self.fit(t, from);
                let r = crate::symbolic::cast(&mut self.sd().tm, *op, from, to, t);
                self.set_term(dest, r);
                Ok(Some(Flow::Next))
            }
            InstKind::Freeze { val } => {
                let w = self.dest_width(dest);
                match self.val(*val, w) {
                    Val::Term(t) => {
                        self.set_term(dest, t);
                        Ok(Some(Flow::Next))
                    }
                    _ => Ok(None),
                }
            }
            InstKind::Store { ptr, val, ty, .. } => self.sym_store(*ptr, *val, *ty),
            InstKind::PtrAdd { base, offset, indices, .. } => {
                if self.is_sym_operand(*base) {
                    return Err(FaultKind::Undefined("a symbolic value used as an address (no base object)"));
                }
                self.concretize_indices(*base, *offset, indices);
                Ok(None)
            }
            InstKind::Phi { .. } => Ok(None),
            InstKind::Call { callee, args, .. } => {
                let hyper = match callee {
                    Callee::Direct(f) => self.prog.hypercalls[f.index()].is_some() || self.prog.module.function(*f).varargs,
                    Callee::Indirect(_) => false,
                };
                if hyper {
                    let mut ops = args.clone();
                    if let Callee::Indirect(p) = callee {
                        ops.push(*p);
                    }
                    self.concretize_all(&ops);
                }
                Ok(None)
            }
            InstKind::ExtractValue { agg, offset, ty } => {
                let size = self.prog.module.types.size_of(*ty) as u32;
                if dest.is_some_and(|d| self.is_aggregate_reg(d)) || size > 8 {
                    return Ok(None);
                }
                let len = self.agg_len(*agg);
                let bytes = self.operand_bytes(*agg, len);
                if bytes.syms_in(*offset as u32, size).next().is_none() {
                    return Ok(None);
                }
                let w = self.dest_width(dest);
                match self.term_from_bytes(&bytes, *offset as u32, size) {
                    Some(t) => {
                        let t = self.fit(t, w);
                        self.set_term(dest, t);
                        Ok(Some(Flow::Next))
                    }
                    None => Ok(None),
                }
            }
            InstKind::InsertValue { agg, val, offset, ty } => {
                if !self.is_sym_operand(*val) || self.is_aggregate_type_id(*ty) {
                    return Ok(None);
                }
                let size = (self.prog.module.types.size_of(*ty) as u32).clamp(1, 8);
                let len = self.agg_len(*agg);
                let mut bytes = self.operand_bytes(*agg, len);
                let part = self.operand_bytes(*val, size);
                bytes.copy_from(*offset as u32, &part, 0, size);
                if let Some(d) = dest {
                    self.set_reg_bytes(d, &bytes);
                }
                Ok(Some(Flow::Next))
            }
            other => {
                let ops = other.operands();
                self.concretize_all(&ops);
                Ok(None)
            }
        }
    }

    fn is_aggregate_type_id(&self, ty: vigil_ir::TypeId) -> bool {
        matches!(self.prog.module.types.get(ty), vigil_ir::Type::Struct { .. } | vigil_ir::Type::Array { .. })
    }

    /// Makes the symbolic indices of a `ptradd` concrete, an out-of-bounds value first.
    fn concretize_indices(&mut self, base: Operand, offset: i64, indices: &[(Operand, i64)]) {
        let p = self.operand(base);
        let (obj, off) = decode(p.bits);
        let size = self.state.heap.get(obj).filter(|_| p.ptr).map(|o| o.size());
        for &(idx, scale) in indices {
            let Operand::Value(v) = idx else { continue };
            let Some(t) = self.sym_reg(v) else { continue };
            let w = self.op_width(idx);
            let t = self.fit(t, w);
            // The byte offset this index alone gives, in 64 bits: out of the object's bounds?
            let prefer = size.map(|size| {
                let tm = &mut self.sd().tm;
                let i64t = crate::symbolic::cast(tm, CastOp::SExt, w, 64, t);
                let sc = tm.bv_u64(64, scale as u64);
                let scaled = tm.bvmul(i64t, sc);
                let base_off = tm.bv_u64(64, (i64::from(off) + offset) as u64);
                let at = tm.bvadd(scaled, base_off);
                let zero = tm.bv_u64(64, 0);
                let end = tm.bv_u64(64, u64::from(size));
                let below = tm.slt(at, zero);
                let above = tm.sge(at, end);
                tm.or(below, above)
            });
            self.concretize(idx, prefer);
        }
    }

    fn sym_bin(&mut self, op: BinOp, nsw: bool, lhs: Operand, rhs: Operand, dest: Option<ValueId>) -> VmResult<Option<Flow>> {
        let w = self.dest_width(dest).max(self.op_width(lhs));
        let (a, b) = (self.val(lhs, w), self.val(rhs, w));
        if matches!((&a, &b), (Val::Int(_), Val::Int(_))) {
            return Ok(None);
        }
        let (Some(a), Some(b)) = (self.term(a, w), self.term(b, w)) else {
            // A pointer or an undefined operand with a symbolic one: no term for that.
            self.concretize_all(&[lhs, rhs]);
            return Ok(None);
        };
        let tm = &mut self.sd().tm;
        let zero = tm.bv_u64(w, 0);
        if matches!(op, BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem) {
            let is_zero = tm.eq(b, zero);
            self.sym_check(is_zero, FaultKind::DivByZero)?;
            if matches!(op, BinOp::SDiv | BinOp::SRem) && w > 1 {
                let tm = &mut self.sd().tm;
                let min = tm.bv_u64(w, 1u64 << (w - 1));
                let ones = tm.bv_u64(w, crate::memory::mask(w));
                let (x_min, y_m1) = (tm.eq(a, min), tm.eq(b, ones));
                let both = tm.and(x_min, y_m1);
                self.sym_check(both, FaultKind::DivOverflow)?;
            }
        }
        let checks = self.checks_overflow_here();
        if checks && nsw && matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul) {
            let ovf = overflow(&mut self.sd().tm, op, w, a, b);
            self.sym_check(ovf, FaultKind::SignedOverflow)?;
        }
        if matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr) {
            let tm = &mut self.sd().tm;
            let wt = tm.bv_u64(w, u64::from(w));
            let oversized = tm.uge(b, wt);
            if self.sym_check(oversized, FaultKind::Undefined("shift amount")).is_err() {
                // As in `ops::binop`: the result of an oversized shift is undefined.
                if let Some(d) = dest {
                    self.set_reg(d, Scalar::undef());
                }
                return Ok(Some(Flow::Next));
            }
            if checks && op == BinOp::Shl && w > 1 {
                let tm = &mut self.sd().tm;
                let shifted = tm.bvshl(a, b);
                let back = tm.bvashr(shifted, b);
                let same = tm.eq(back, a);
                let lost = tm.not(same);
                self.sym_check(lost, FaultKind::Undefined("left shift that overflows if its operand is signed"))?;
            }
        }
        let r = crate::symbolic::binop(&mut self.sd().tm, op, a, b);
        self.set_term(dest, r);
        Ok(Some(Flow::Next))
    }

    /// A term for `size` bytes of `obj` at `off`, from its symbolic slots and defined bytes; None
    /// when some byte is undefined or part of a pointer.
    fn term_from_bytes(&mut self, obj: &Object, off: u32, size: u32) -> Option<TermId> {
        if let Some(s) = obj.slot_at(off).filter(|s| s.sym().is_some_and(|(l, _)| l == size)) {
            let (_, h) = s.sym()?;
            let t = TermId::from_index(h);
            return Some(self.fit(t, size * 8));
        }
        let mut acc: Option<TermId> = None;
        for i in off..off + size {
            let slot = obj.syms_in(i, 1).next();
            let byte = match slot {
                Some(s) => {
                    let (len, h) = s.sym()?;
                    let t = TermId::from_index(h);
                    let t = self.fit(t, len * 8);
                    let lo = (i - s.off) * 8;
                    self.sd().tm.extract(t, lo + 7, lo)
                }
                None => {
                    if obj.def[i as usize] != 0xff || obj.ptrs.iter().any(|p| p.off <= i && i < p.off + p.len()) {
                        return None;
                    }
                    let b = obj.data[i as usize];
                    self.sd().tm.bv_u64(8, u64::from(b))
                }
            };
            acc = Some(match acc {
                None => byte,
                Some(low) => self.sd().tm.concat(byte, low),
            });
        }
        acc
    }

    fn sym_load(&mut self, ptr: Operand, ty: vigil_ir::TypeId, dest: Option<ValueId>) -> VmResult<Option<Flow>> {
        if self.is_sym_operand(ptr) {
            return Err(FaultKind::Undefined("a symbolic value used as an address (no base object)"));
        }
        let p = self.operand(ptr);
        let size = self.prog.module.types.size_of(ty) as u32;
        if !p.ptr || !p.is_defined(64) || size == 0 || size > 8 || dest.is_some_and(|d| self.is_aggregate_reg(d)) {
            return Ok(None);
        }
        let (obj, off) = decode(p.bits);
        let has = self.state.heap.get(obj).is_some_and(|o| u64::from(off) + u64::from(size) <= u64::from(o.size()) && o.syms_in(off, size).next().is_some());
        if !has {
            return Ok(None);
        }
        if matches!(self.prog.module.types.get(ty), vigil_ir::Type::Ptr) {
            return Err(FaultKind::Undefined("a symbolic value used as an address (no base object)"));
        }
        let Ok((obj, off)) = self.check_access(p, size, false) else { return Ok(None) };
        let o = self.state.heap.get(obj).expect("checked").slice(off, size);
        // Partly undefined: the concrete load reads it as uninitialised.
        let Some(t) = self.term_from_bytes(&o, 0, size) else { return Ok(None) };
        if self.mem_interrupt() {
            return Ok(Some(Flow::Stop(Stop::Interrupt)));
        }
        let w = self.dest_width(dest);
        let t = self.fit(t, w);
        self.set_term(dest, t);
        Ok(Some(Flow::Next))
    }

    fn sym_store(&mut self, ptr: Operand, val: Operand, ty: vigil_ir::TypeId) -> VmResult<Option<Flow>> {
        if self.is_sym_operand(ptr) {
            return Err(FaultKind::Undefined("a symbolic value used as an address (no base object)"));
        }
        let Operand::Value(v) = val else { return Ok(None) };
        let Some(t) = self.sym_reg(v) else { return Ok(None) };
        let size = self.prog.module.types.size_of(ty) as u32;
        if size == 0 || size > 8 || self.is_aggregate_type_id(ty) {
            self.concretize_all(&[val]);
            return Ok(None);
        }
        if self.mem_interrupt() {
            return Ok(Some(Flow::Stop(Stop::Interrupt)));
        }
        let p = self.operand(ptr);
        let (obj, off) = self.check_access(p, size, true)?;
        let t = self.fit(t, size * 8);
        self.state.heap.get_mut(obj).expect("checked").write_sym(off, size, t.index() as u32);
        Ok(Some(Flow::Next))
    }

    /// A terminator on a symbolic value (None: concrete, run as usual).
    pub(super) fn sym_terminator(&mut self, t: &Terminator) -> VmResult<Option<Flow>> {
        if self.sym.as_ref().is_none_or(|s| s.replay.is_some()) {
            return Ok(None);
        }
        match t {
            Terminator::CondBr { cond, if_true, if_false } if self.is_sym_operand(*cond) => {
                let c = self.val(*cond, 1);
                let c = self.term(c, 1).expect("symbolic");
                let b = crate::symbolic::to_bool(&mut self.sd().tm, c);
                match self.sym_split(b) {
                    Some(side) => self.jump(if side { *if_true } else { *if_false }).map(Some),
                    None => Ok(Some(Flow::Stop(Stop::Cancelled))),
                }
            }
            Terminator::Switch { val, cases, default } if self.is_sym_operand(*val) => {
                let w = self.op_width(*val);
                let v = self.val(*val, w);
                let x = self.term(v, w).expect("symbolic");
                // Feasible targets: each case, then the default (no case matches).
                let mut options: Vec<(TermId, BlockId)> = Vec::new();
                let mut none = self.sd().tm.tt();
                for &(c, b) in cases {
                    let tm = &mut self.sd().tm;
                    let ct = tm.bv_u64(w, c);
                    let eq = tm.eq(x, ct);
                    let ne = tm.not(eq);
                    none = tm.and(none, ne);
                    if self.feasible(eq) {
                        options.push((eq, b));
                    }
                }
                if self.feasible(none) {
                    options.push((none, *default));
                }
                if options.is_empty() {
                    return Ok(Some(Flow::Stop(Stop::Cancelled)));
                }
                let k = if options.len() > 1 { self.choose(options.len() as u32) as usize } else { 0 };
                let (cond, target) = options[k];
                if options.len() > 1 {
                    self.add_pc(cond);
                }
                self.jump(target).map(Some)
            }
            _ => Ok(None),
        }
    }
}

/// Signed overflow of `a op b` (add, sub, mul) at `w` bits, as a Bool term.
fn overflow(tm: &mut TermManager, op: BinOp, w: u32, a: TermId, b: TermId) -> TermId {
    // Exact in twice the width: the result overflows when it differs from the sign-extension
    // of its own truncation.
    let (xa, xb) = (tm.sign_extend(a, w), tm.sign_extend(b, w));
    let wide = crate::symbolic::binop(tm, op, xa, xb);
    let low = tm.extract(wide, w - 1, 0);
    let back = tm.sign_extend(low, w);
    let same = tm.eq(back, wide);
    tm.not(same)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overflow_terms_agree_with_the_concrete_check() {
        for op in [BinOp::Add, BinOp::Sub, BinOp::Mul] {
            for a in 0..16u64 {
                for b in 0..16u64 {
                    let mut tm = TermManager::new();
                    let (ta, tb) = (tm.bv_u64(4, a), tm.bv_u64(4, b));
                    let t = overflow(&mut tm, op, 4, ta, tb);
                    let concrete = crate::ops::binop(op, true, true, 4, Scalar::int(a), Scalar::int(b)).is_err();
                    assert_eq!(tm.bool_value(t), Some(concrete), "{op:?} {a} {b}");
                }
            }
        }
    }

    #[test]
    fn input_functions_are_symbolic_by_width() {
        assert!(Symbolic::Auto.applies(32) && !Symbolic::Auto.applies(8) && Symbolic::Always.applies(8));
        assert!(!Symbolic::Never.applies(64));
        assert_eq!(nondet_signed("__VERIFIER_nondet_int"), Some(true));
        assert_eq!(nondet_signed("__VERIFIER_nondet_size_t"), Some(false));
        assert_eq!(nondet_signed("__VERIFIER_nondet_pointer"), None);
        assert_eq!(nondet_signed("__VERIFIER_nondet_bool"), None);
    }
}
