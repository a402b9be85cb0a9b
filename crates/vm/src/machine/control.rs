//! Control flow between blocks and functions: jumps (with their φs), the terminators, calls
//! (direct, indirect, hypercalls, functions of the program) and returns.
//!
//! Invariants: a jump evaluates the target's φs in parallel for the edge taken and lands on the
//! first non-φ instruction; a branch on an undefined value is a nondeterministic choice (SV-COMP
//! reads an uninitialised variable as nondeterministic input), recorded as
//! [`Event::UndefBranch`]. A call saves the caller's pc at the call instruction, and the return
//! writes the result register of that call and moves past it. Calls of SV-COMP's error function
//! are [`FaultKind::Assert`]; calls of undefined functions are [`FaultKind::UnknownFunction`].
//! Entries of recursive functions are interrupt points, and `__VERIFIER_atomic_*` functions are
//! atomic sections (a visible action).

use super::*;

impl Machine<'_> {
    /// Jumps to `target`, evaluating its φs for the edge from the current block.
    pub(super) fn jump(&mut self, target: BlockId) -> VmResult<Flow> {
        let from = BlockId(self.block);
        let f = self.prog.module.function(self.func);
        let block = &f.blocks[target.index()];
        let nphi = self.prog.funcs[self.func.index()].num_phis[target.index()] as usize;
        if nphi > 0 {
            // All φs read their operands before any is written (they are parallel); the values
            // go through a reused buffer.
            let mut vals = std::mem::take(&mut self.phi_buf);
            vals.clear();
            for inst in &block.insts[..nphi] {
                if let InstKind::Phi { incoming } = &inst.kind {
                    let Some(op) = incoming.iter().find(|(b, _)| *b == from).map(|(_, v)| *v) else {
                        self.phi_buf = vals;
                        return Err(FaultKind::Unsupported("phi without an incoming value".into()));
                    };
                    let Some(dest) = inst.dest else {
                        self.phi_buf = vals;
                        return Err(FaultKind::Unsupported("phi without a result".into()));
                    };
                    if self.is_aggregate_reg(dest) || self.is_sym_operand(op) {
                        let len = self.prog.funcs[self.func.index()].reg_size[dest.index()];
                        vals.push((dest, Arg::Bytes(self.operand_bytes(op, len))));
                    } else {
                        vals.push((dest, Arg::Scalar(self.operand(op))));
                    }
                }
            }
            for (d, v) in vals.drain(..) {
                match v {
                    Arg::Scalar(s) => self.set_reg(d, s),
                    Arg::Bytes(b) => self.set_reg_bytes(d, &b),
                }
            }
            self.phi_buf = vals;
        }
        self.block = target.0;
        self.inst = nphi as u32;
        if self.prog.funcs[self.func.index()].cfl_point[target.index()] {
            if self.interrupt((self.frame, target.0)) {
                return Ok(Flow::Stop(Stop::Interrupt));
            }
            return self.run_fast_loop(target.0);
        }
        Ok(Flow::Jumped)
    }

    pub(super) fn terminator(&mut self, t: &Terminator) -> VmResult<Flow> {
        match t {
            Terminator::Br { target } => self.jump(*target),
            Terminator::CondBr { cond, if_true, if_false } => {
                let c = self.operand(*cond);
                let taken = if c.def & 1 == 0 {
                    let loc = self.current_loc();
                    self.event(Event::UndefBranch { loc });
                    let t = self.choose(2) == 1;
                    self.freeze_branch_register(*cond, Scalar::int(u64::from(t)));
                    t
                } else {
                    c.bits & 1 == 1
                };
                self.jump(if taken { *if_true } else { *if_false })
            }
            Terminator::Switch { val, cases, default } => {
                let w = self.op_width(*val);
                let v = self.operand(*val);
                let target = if !v.is_defined(w) {
                    let loc = self.current_loc();
                    self.event(Event::UndefBranch { loc });
                    let k = self.choose(cases.len() as u32 + 1) as usize;
                    if k == cases.len() {
                        self.freeze_branch_register(*val, v);
                        *default
                    } else {
                        self.freeze_branch_register(*val, Scalar::int(cases[k].0));
                        cases[k].1
                    }
                } else {
                    let x = v.bits & crate::memory::mask(w);
                    cases.iter().find(|(c, _)| *c == x).map_or(*default, |(_, b)| *b)
                };
                self.jump(target)
            }
            Terminator::Ret { val } => self.ret(*val),
            Terminator::Unreachable => Err(FaultKind::Unreachable),
            Terminator::Unsupported { construct } => Err(FaultKind::Unsupported(construct.clone())),
        }
    }

    /// After a branch on an undefined register went one way: the register keeps the value that
    /// way stands for (`value`; left as it is when `value` is still undefined), and the state is
    /// marked [`flags::UNDEF_DOUBT`] (other registers computed from the same undefined value were
    /// not fixed with it).
    fn freeze_branch_register(&mut self, op: Operand, value: Scalar) {
        self.state.flags |= flags::UNDEF_DOUBT;
        if let Operand::Value(v) = op {
            if value.def != 0 {
                self.set_reg(v, value);
            }
        }
    }

    pub(super) fn collect_args(&mut self, args: &[Operand]) -> Vec<Arg> {
        let mut buf = std::mem::take(&mut self.args_buf);
        buf.clear();
        let mut shapes = std::mem::take(&mut self.arg_shapes);
        shapes.clear();
        shapes.extend(args.iter().map(|a| self.shape(*a)));
        self.arg_shapes = shapes;
        buf.extend(args.iter().map(|a| {
                if self.op_is_aggregate(*a) || self.is_sym_operand(*a) {
                    // (A symbolic value travels as the bytes of its register, slot included.)
                    Arg::Bytes(self.operand_bytes(*a, self.agg_len(*a)))
                } else {
                    // Bits above the value's width count as defined, so that a callee (or a
                    // hypercall) can test definedness without knowing the argument's width.
                    let mut v = self.operand(*a);
                    if v.is_defined(self.op_width(*a)) {
                        v.def = u64::MAX;
                    }
                    Arg::Scalar(v)
                }
            }));
        buf
    }

    pub(super) fn call(&mut self, callee: Callee, args: &[Operand], dest: Option<ValueId>) -> VmResult<Flow> {
        let target = self.resolve_callee(callee)?;
        if self.prog.error_functions[target.index()] {
            let loc = self.current_loc();
            self.event(Event::Call { func: target, loc });
            return Err(FaultKind::Assert);
        }
        let argv = self.collect_args(args);
        let r = match self.prog.hypercalls[target.index()] {
            Some(h) => self.hypercall(h, &argv, dest),
            None => self.enter_function(target, &argv),
        };
        self.args_buf = argv;
        r
    }

    /// The function a call calls: a direct callee, or the function an indirect callee's pointer
    /// points to (a fault when it points to none).
    fn resolve_callee(&self, callee: Callee) -> VmResult<FuncId> {
        match callee {
            Callee::Direct(f) => Ok(f),
            Callee::Indirect(p) => {
                let v = self.operand(p);
                if !v.is_defined(64) {
                    return Err(FaultKind::Undefined("call target"));
                }
                let (obj, off) = decode(v.bits);
                if !v.ptr || obj & CODE_TAG == 0 || off != 0 || (obj & !CODE_TAG) as usize >= self.prog.module.functions.len() {
                    return Err(if v.bits == 0 { FaultKind::NullDeref } else { FaultKind::BadCall });
                }
                Ok(FuncId(obj & !CODE_TAG))
            }
        }
    }

    /// Calls a function of the program (not a hypercall): a new frame for it becomes the running
    /// frame, unless the call is an interrupt point that ends the transition first.
    fn enter_function(&mut self, target: FuncId, argv: &[Arg]) -> VmResult<Flow> {
        let func = self.prog.module.function(target);
        if func.is_declaration() {
            return Err(FaultKind::UnknownFunction(func.name.clone()));
        }
        // Entries of recursive functions are interrupt points (recursion must not hide in one
        // transition).
        if self.prog.funcs[target.index()].recursive && self.interrupt((u32::MAX, target.0)) {
            return Ok(Flow::Stop(Stop::Interrupt));
        }
        if self.prog.atomic_functions[target.index()] && self.state.flags & flags::ATOMIC == 0 {
            // SV-COMP: a function named __VERIFIER_atomic_* runs as one atomic section.
            if self.visible_action() {
                return Ok(Flow::Stop(Stop::Interrupt));
            }
            self.state.flags |= flags::ATOMIC;
        }
        let loc = self.current_loc();
        self.event(Event::Call { func: target, loc });
        self.save_pc();
        let caller = self.frame;
        self.push_frame(target, argv, caller)?;
        // The result register is written by `ret`, which finds the call at the caller's pc.
        Ok(Flow::Jumped)
    }

    pub(super) fn ret(&mut self, val: Option<Operand>) -> VmResult<Flow> {
        let value = val.map(|v| {
            let len = self.agg_len(v);
            if len > 8 || self.op_is_aggregate(v) || self.is_sym_operand(v) { Arg::Bytes(self.operand_bytes(v, len)) } else { Arg::Scalar(self.operand(v)) }
        });
        let returning = self.func;
        self.event(Event::Return { func: returning });
        if self.quiet == Some(self.frame) {
            self.quiet = None;
        }
        if self.prog.atomic_functions[returning.index()] && !self.inside_atomic_function() {
            self.state.flags &= !flags::ATOMIC;
        }
        let parent = self.frame().read(FRAME_PARENT, 8);
        let (parent_obj, _) = decode(parent.bits);
        if parent_obj == 0 && Some(returning) != self.prog.main {
            // The bottom frame of a transition returned (`__boot`, or a scheduler that found
            // nothing to run): the transition, and with it the program, is over.
            let done = self.frame;
            self.free_frame(done);
            self.frame = 0;
            return Ok(Flow::Stop(Stop::Exit));
        }
        if parent_obj == 0 {
            return self.return_from_main(value);
        }
        let done = self.frame;
        self.free_frame(done);
        self.frame = parent_obj;
        self.load_pc();
        let f = self.prog.module.function(self.func);
        let call = &f.blocks[self.block as usize].insts[self.inst as usize];
        match (call.dest, value) {
            (Some(d), Some(Arg::Scalar(s))) => self.set_reg(d, s),
            (Some(d), Some(Arg::Bytes(b))) => self.set_reg_bytes(d, &b),
            // The caller takes a result the callee does not return (a function called through
            // a type that returns a value, e.g. an implicitly declared `int f()` defined as
            // `void f()`): the result is undefined, and only its use is reported, like any
            // undefined value (C11 6.9.1p12 makes the use undefined).
            (Some(d), None) => self.set_reg(d, Scalar::undef()),
            (None, _) => {}
        }
        self.inst += 1;
        Ok(Flow::Jumped)
    }

    /// Return from main: main's variables die (C11 5.1.2.2.3: the return is exit(status) after
    /// the end of their lifetime), then the runtime's exit runs the atexit handlers. Memory that
    /// only main's variables pointed to is lost from here on (SV-COMP's valid-memtrack), and a
    /// thread that still uses them faults.
    fn return_from_main(&mut self, value: Option<Arg>) -> VmResult<Flow> {
        let Some(exit) = self.prog.exit else {
            self.trans_flags |= flags::EXIT;
            return Ok(Flow::Stop(Stop::Exit));
        };
        let status = match value {
            Some(Arg::Scalar(s)) => s,
            _ => Scalar::int(0),
        };
        self.free_frame(self.frame);
        self.push_frame(exit, &[Arg::Scalar(status)], 0)?;
        Ok(Flow::Jumped)
    }
}
