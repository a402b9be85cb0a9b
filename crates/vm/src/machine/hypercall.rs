//! The hypercalls (DiVM §5): the interface between the VM and the OS that runs inside it
//! (`vigil-runtime`'s `vigil_vm.h`). [`Machine::hypercall`] dispatches on [`Hypercall`], one
//! function per hypercall or group: objects (`obj_*`), control registers (`ctl_get`/`ctl_set`),
//! frames (`frame_make`), interrupts, choices, and the integer control operations of
//! `__vm_control` ([`ctl`]).
//!
//! Invariants: a hypercall checks its arguments and answers a malformed one with
//! [`FaultKind::BadHypercall`] (a bug of the runtime, never of the program) or
//! [`FaultKind::Undefined`] (an undefined value reached the OS); the scheduler and fault handler
//! registers are written only while `__boot` runs; `VM_CR_FRAME` is written only through
//! [`Machine::switch_frame`]. A hypercall that ends the transition returns [`Flow::Stop`] before
//! it has any effect, so the next transition repeats it.

use super::*;

/// Argument `i` of a hypercall as a scalar (an aggregate or a missing argument is the runtime's
/// bug).
fn int_arg(args: &[Arg], i: usize, what: &'static str) -> VmResult<Scalar> {
    match args.get(i) {
        Some(Arg::Scalar(s)) => Ok(*s),
        _ => Err(FaultKind::BadHypercall(what)),
    }
}

/// Argument `i` of a hypercall as a fully defined 64-bit integer.
fn defined_arg(args: &[Arg], i: usize, what: &'static str) -> VmResult<u64> {
    let s = int_arg(args, i, what)?;
    if s.is_defined(64) { Ok(s.bits) } else { Err(FaultKind::Undefined(what)) }
}

/// The largest object `obj_make` and `obj_resize` create (`VM_OBJ_SIZE_MAX`).
pub(super) const MAX_OBJECT: u64 = vigil_runtime::consts::VM_OBJ_SIZE_MAX as u64;

impl Machine<'_> {
    pub(super) fn hypercall(&mut self, h: Hypercall, args: &[Arg], dest: Option<ValueId>) -> VmResult<Flow> {
        match h {
            Hypercall::SetJmp => return self.setjmp(int_arg(args, 0, "setjmp buffer")?, dest),
            Hypercall::LongJmp => {
                let env = int_arg(args, 0, "longjmp buffer")?;
                return self.longjmp(env, int_arg(args, 1, "longjmp value")?);
            }
            Hypercall::ObjMake | Hypercall::ObjMakeInternal => {
                let size = defined_arg(args, 0, "obj_make size")?;
                if size > MAX_OBJECT {
                    return Err(FaultKind::ObjectTooLarge);
                }
                let kind = if h == Hypercall::ObjMake { ObjKind::Heap } else { ObjKind::Internal };
                let id = self.state.heap.alloc(Object::new(kind, size as usize, false));
                self.set_dest(dest, Scalar::pointer(id, 0));
            }
            Hypercall::ObjFree => {
                let p = int_arg(args, 0, "obj_free pointer")?;
                if self.visible_free(p) {
                    return Ok(Flow::Stop(Stop::Interrupt));
                }
                let obj = self.freeable(p)?;
                self.state.heap.free(obj);
            }
            Hypercall::ObjSize => {
                // Asked by realloc before it copies: its argument must be freeable, else the
                // call is an invalid free (not an invalid read of the old block).
                let p = int_arg(args, 0, "obj_size pointer")?;
                let obj = self.freeable(p)?;
                let size = self.state.heap.get(obj).expect("freeable").size();
                self.set_dest(dest, Scalar::int(u64::from(size)));
            }
            Hypercall::ObjResize => {
                let p = int_arg(args, 0, "obj_resize pointer")?;
                let size = defined_arg(args, 1, "obj_resize size")?;
                let (obj, _) = self.check_access(p, 0, true)?;
                if size > MAX_OBJECT {
                    return Err(FaultKind::ObjectTooLarge);
                }
                self.state.heap.get_mut(obj).expect("checked").resize(size as u32);
            }
            Hypercall::ObjShared => {
                let p = int_arg(args, 0, "obj_shared pointer")?;
                if p.ptr && p.is_defined(64) {
                    self.mark_shared(decode(p.bits).0);
                }
                self.set_dest(dest, Scalar::int(0));
            }
            Hypercall::CtlGet => {
                let v = self.ctl_get(defined_arg(args, 0, "control register")?)?;
                self.set_dest(dest, v);
            }
            Hypercall::CtlSet => return self.ctl_set(args),
            Hypercall::FrameMake => {
                let id = self.frame_make(args)?;
                self.set_dest(dest, Scalar::pointer(id, 0));
            }
            Hypercall::Trace => {
                self.quiet = None;
                let kind = int_arg(args, 0, "trace kind")?.bits as u32;
                let text = self.read_c_string(int_arg(args, 1, "trace message")?, 4096)?;
                self.event(Event::Trace { kind, text });
            }
            Hypercall::InterruptMem => {
                // An explicit visible access (the loader's points are marked on the accesses).
                if self.visible_access() {
                    return Ok(Flow::Stop(Stop::Interrupt));
                }
            }
            Hypercall::InterruptCfl => {
                if self.explicit_cfl_interrupt() {
                    return Ok(Flow::Stop(Stop::Interrupt));
                }
            }
            Hypercall::Choose => {
                let n = defined_arg(args, 0, "choose count")? as u32 as i32;
                if n < 1 {
                    return Err(FaultKind::BadHypercall("choose with no options"));
                }
                if n > 1 && self.second_choice_ends_transition() {
                    return Ok(Flow::Stop(Stop::Interrupt));
                }
                let c = self.choose(n as u32);
                self.set_dest(dest, Scalar::int(u64::from(c)));
            }
            Hypercall::Control => {
                let op = defined_arg(args, 0, "control op")?;
                let a = int_arg(args, 1, "control argument").map(|s| s.bits).unwrap_or(0);
                let b = int_arg(args, 2, "control argument").map(|s| s.bits).unwrap_or(0);
                match self.control(op, a, b)? {
                    Some(result) => self.set_dest(dest, Scalar::int(result)),
                    None => return Ok(Flow::Stop(Stop::Interrupt)),
                }
            }
        }
        Ok(Flow::Next)
    }

    /// `__vm_ctl_get(r)`: the value of control register `r`.
    /// The heap object `p` is the start of, as `free` requires (offset 0 of a live heap object),
    /// or an invalid free.
    fn freeable(&self, p: Scalar) -> VmResult<u32> {
        let (obj, off) = decode(p.bits);
        let ok = p.ptr
            && p.is_defined(64)
            && off == 0
            && self.state.heap.get(obj).is_some_and(|o| matches!(o.kind, ObjKind::Heap | ObjKind::Internal));
        if ok { Ok(obj) } else { Err(FaultKind::InvalidFree) }
    }

    fn ctl_get(&self, r: u64) -> VmResult<Scalar> {
        Ok(match r {
            reg::STATE => if self.state.root == 0 { Scalar::null() } else { Scalar::pointer(self.state.root, 0) },
            reg::FRAME => if self.frame == 0 { Scalar::null() } else { Scalar::pointer(self.frame, 0) },
            reg::INT_SLOT => self.int_slot.unwrap_or(Scalar::null()),
            reg::SCHEDULER => self.scheduler.map_or(Scalar::null(), code_pointer),
            reg::FAULT_HANDLER => self.fault_handler.map_or(Scalar::null(), code_pointer),
            reg::TRANSIENT => match self.transient {
                Some(off) if self.state.root != 0 => Scalar::pointer(self.state.root, off),
                _ => Scalar::null(),
            },
            _ => return Err(FaultKind::BadHypercall("unknown control register")),
        })
    }

    /// `__vm_ctl_set(r, v)`: writes control register `r`; writing `VM_CR_FRAME` transfers control.
    fn ctl_set(&mut self, args: &[Arg]) -> VmResult<Flow> {
        let r = defined_arg(args, 0, "control register")?;
        let v = int_arg(args, 1, "control register value")?;
        if !v.is_defined(64) {
            return Err(FaultKind::Undefined("control register value"));
        }
        let (obj, off) = decode(v.bits);
        match r {
            reg::STATE => {
                let live = v.bits == 0 || (v.ptr && off == 0 && self.state.heap.is_live(obj) && obj & CODE_TAG == 0);
                if !live {
                    return Err(FaultKind::BadHypercall("VM_CR_STATE set to something that is not an object"));
                }
                self.state.root = obj;
            }
            reg::FRAME => {
                return self.switch_frame(if v.ptr && off == 0 { obj } else { 0 });
            }
            reg::INT_SLOT => {
                self.check_access(v, self.prog.ptr_bytes, true)?;
                self.int_slot = Some(v);
            }
            reg::SCHEDULER | reg::FAULT_HANDLER => {
                if !self.booting {
                    return Err(FaultKind::BadHypercall("the scheduler and the fault handler are set only by __boot"));
                }
                let f = obj & !CODE_TAG;
                let ok = v.ptr && obj & CODE_TAG != 0 && off == 0 && (f as usize) < self.prog.module.functions.len()
                    && !self.prog.module.function(FuncId(f)).is_declaration();
                if !ok {
                    return Err(FaultKind::BadHypercall("VM_CR_SCHEDULER / VM_CR_FAULT_HANDLER set to something that is not a defined function"));
                }
                if r == reg::SCHEDULER {
                    self.scheduler = Some(FuncId(f));
                } else {
                    self.fault_handler = Some(FuncId(f));
                }
            }
            reg::TRANSIENT => {
                if !self.booting {
                    return Err(FaultKind::BadHypercall("VM_CR_TRANSIENT is set only by __boot"));
                }
                if !(v.ptr && obj == self.state.root && obj != 0) {
                    return Err(FaultKind::BadHypercall("VM_CR_TRANSIENT set to something outside the scheduler state"));
                }
                self.check_access(v, 4, true)?;
                self.transient = Some(off);
            }
            _ => return Err(FaultKind::BadHypercall("unknown control register")),
        }
        Ok(Flow::Next)
    }

    /// `__vm_frame_make(f, n, args...)`: a new frame for `f` that is not running (the OS starts
    /// it later by switching to it); returns its object.
    fn frame_make(&mut self, args: &[Arg]) -> VmResult<u32> {
        let fp = int_arg(args, 0, "frame_make function")?;
        let n = defined_arg(args, 1, "frame_make argument count")? as u32 as usize;
        let (obj, off) = decode(fp.bits);
        let f = obj & !CODE_TAG;
        if !fp.ptr || obj & CODE_TAG == 0 || off != 0 || (f as usize) >= self.prog.module.functions.len() {
            return Err(FaultKind::BadHypercall("frame_make of something that is not a function"));
        }
        if args.len() != n + 2 {
            return Err(FaultKind::BadHypercall("frame_make with a wrong argument count"));
        }
        let func = self.prog.module.function(FuncId(f));
        let take = if func.varargs { n } else { n.min(func.params.len()) };
        self.make_frame(FuncId(f), &args[2..2 + take], 0)
    }

    /// `__vm_interrupt_cfl()`: an explicit interrupt point (the OS's waiting loops). The
    /// transition ends when this call is reached a second time in it, so a thread that waits for
    /// another gives the scheduler a chance to run the other without spinning.
    fn explicit_cfl_interrupt(&mut self) -> bool {
        let key = (u32::MAX - 1, self.frame.wrapping_mul(0x9e37_79b9) ^ (self.block << 12) ^ self.inst);
        if self.interruptible() {
            if self.passed.contains_key(&key) {
                return true;
            }
            self.passed.insert(key, (self.choices.taken.len(), 1));
        }
        false
    }

    /// `__vm_control(op, a)`: the integer control operations ([`ctl`]). Returns the result, or
    /// `None` when the transition ends before the operation (it is then repeated).
    fn control(&mut self, op: u64, a: u64, b: u64) -> VmResult<Option<u64>> {
        let result = match op {
            ctl::GET_FLAGS => {
                let mut f = self.state.flags | self.trans_flags;
                if self.config.malloc_can_fail {
                    f |= flags::MALLOC_CAN_FAIL;
                }
                u64::from(f)
            }
            ctl::SET_FLAGS => {
                let a = a as u32;
                let entering_atomic = a & flags::ATOMIC != 0 && self.state.flags & flags::ATOMIC == 0;
                if (entering_atomic || a & flags::EXIT != 0) && self.visible_action() {
                    // An atomic section is one visible action, and so is the end of the
                    // process: other threads may run between the visible access already
                    // made and either.
                    return Ok(None);
                }
                if a & flags::THREADED != 0 && self.state.flags & flags::THREADED == 0 && self.in_thread {
                    // Creating the second thread is a visible action: the new thread may
                    // run before the creator's next visible access.
                    self.visible_done = true;
                }
                self.state.flags |= a & STATE_FLAGS;
                self.trans_flags |= a & !flags::ATOMIC;
                0
            }
            ctl::CLEAR_FLAGS => {
                let a = a as u32;
                // INCOMPLETE is sticky: once an input was not enumerated, it stays so.
                self.state.flags &= !a;
                self.trans_flags &= !(a & !flags::INCOMPLETE);
                0
            }
            ctl::FAULT => match FaultKind::from_runtime_code(a) {
                // Raised by the runtime on behalf of its caller (abs(INT_MIN)): like an nsw
                // overflow of the program, it is a fault only when no-overflow is checked, and the
                // runtime goes on with the wrapped value otherwise.
                FaultKind::SignedOverflow if !self.config.check_overflow => 0,
                kind => return Err(kind),
            },
            // The runtime formats trace messages only when this says 1, i.e. in a replay
            // and never in the search. So that a replay still ends its transitions where
            // the search did, the code that follows runs *quiet* (no interrupt point
            // fires, no visible access counts) until the message is traced or the
            // querying function returns.
            ctl::TRACING => {
                if self.events.is_some() {
                    self.quiet = Some(self.frame);
                }
                u64::from(self.events.is_some())
            }
            ctl::ENVIRONMENT => {
                self.event(Event::Environment { event: a, value: b as i64 });
                0
            }
            ctl::READY => {
                self.ready = Some(a);
                if self.probe {
                    // A probe run (Machine::probe_ready) ends here.
                    return Ok(None);
                }
                0
            }
            ctl::INPUTS => self.config.inputs.as_ref().map_or(u64::MAX, |v| v.len() as u64),
            ctl::INPUT => self.config.inputs.as_ref().and_then(|v| v.get(a as usize)).copied().unwrap_or(0),
            ctl::NONDET_RANGE => match (a, self.config.nondet_range) {
                (0, r) => u64::from(r.is_some()),
                (1, Some((lo, _))) => lo as u64,
                (2, Some((_, hi))) => hi as u64,
                _ => 0,
            },
            _ => return Err(FaultKind::BadHypercall("unknown control operation")),
        };
        Ok(Some(result))
    }
}
