//! The interpreter: runs one *transition* of the program from a [`State`] (DiVM §4: the model
//! checker only asks for the initial state and the successors of a state).
//!
//! A transition starts in the OS's scheduler (a fresh frame), which picks a thread and switches
//! to its frame. The thread then runs until one of these ends the transition (DiVM §4.3, §6.1):
//! * it passes a `cfl` interrupt point again after a nondeterministic choice (or for the 1000th
//!   time without one), or an explicit `__vm_interrupt_cfl()` call a second time;
//! * it asks for a second nondeterministic choice (the state after the first is stored, so
//!   inputs that are dead after their use merge);
//! * with several threads (`VM_FLAG_THREADED`), it is about to make a second *visible* action:
//!   an access at one of the loader's `interrupt_mem` points, entering an atomic section
//!   (`__VERIFIER_atomic_begin`, a `__VERIFIER_atomic_*` function), or ending the process;
//! * the program ends, a fault is flagged as an error by the fault handler, the path is
//!   cancelled (`__VERIFIER_assume(0)`), or the thread ends.
//!
//! The OS's own code (boot, scheduler) never ends a transition. Nondeterminism comes only from
//! `__vm_choose` and from uninitialised memory; the caller fixes the choices with a [`Choices`]
//! prefix and learns which choices were open, so it can enumerate all of them.
//!
//! # Uninitialised values
//!
//! SV-COMP reads an uninitialised variable as a nondeterministic value that every read sees
//! alike (C's indeterminate value, fixed). Invariant: *a value the program reads from memory is
//! chosen once and then stays in memory.* A scalar load whose bytes are wholly or partly
//! undefined ("freeze at load", [`Machine::freeze_loaded`]) chooses the undefined bits like a
//! `__VERIFIER_nondet_*` input: every combination when at most 8 bits are undefined, otherwise a
//! few boundary values with the run marked incomplete (no `true` from a sample); a pointer-typed
//! load chooses NULL or an invalid address (incomplete). The chosen bytes are written back to the
//! object, so later reads agree. Copies of bytes (`llvm.memcpy`, aggregate loads and stores: the
//! runtime's memcpy, realloc, qsort, struct assignment) carry undefined bytes without choosing;
//! since the copy and its source may then be read with different choices, a copy of undefined
//! bytes sets [`flags::UNDEF_COPIED`] in the state, and a freeze after that sets
//! [`flags::UNDEF_DOUBT`]: the verifier does not report a violation from a state with that flag
//! (it could rest on two reads of one value that disagree). A branch on a register that is still
//! undefined (an `undef` constant of the runtime, a faulting instruction's result) explores both
//! ways, freezes the register in place and also sets [`flags::UNDEF_DOUBT`]. The OS's own code
//! and the runtime's trace-only code never freeze (they make no choices).
//!
//! With [`Config::uninitialised_over_approximated`] nothing is frozen: a branch on an undefined
//! value goes both ways each time, which covers every choice of initial values at once (what a
//! proof needs when an `int` would only be sampled) but may combine inconsistent ones (no
//! counterexample comes from it).
//!
//! # Block scopes
//!
//! clang's `llvm.lifetime.end` on an alloca turns it into an [`ObjKind::OutOfScope`] object
//! (cleared; any access is a dangling-pointer fault, like a returned frame's alloca) and
//! `llvm.lifetime.start` makes it a live alloca again with undefined contents (a loop iteration
//! re-enters the block).

use crate::fault::FaultKind;
use crate::memory::{decode, Heap, ObjKind, Object, Scalar, CODE_TAG, NARROW_PTR_BYTES, PTR_BYTES};
use crate::ops;
use crate::program::*;
use vigil_ir::{BlockId, Callee, FuncId, InstKind, Intrinsic, Loc, Operand, Terminator, ValueId};

/// How often a transition may pass the same interrupt point without a choice in between before
/// it is cut anyway.
pub const DETERMINISTIC_PASSES: u32 = 1000;

/// Control flags (shared with the runtime's `vigil_vm.h`).
pub mod flags {
    pub const ERROR: u32 = 1;
    pub const CANCEL: u32 = 2;
    pub const INCOMPLETE: u32 = 4;
    pub const EXIT: u32 = 8;
    pub const MALLOC_CAN_FAIL: u32 = 16;
    pub const ATOMIC: u32 = 32;
    /// Raised by the VM (not part of the runtime's interface) when a non-null pointer's address
    /// was turned into an integer narrower than the VM's 64-bit pointer encoding (a cast, or a
    /// narrow load over pointer bytes). The VM does not model real addresses: such an integer
    /// keeps only the offset, so two different objects could compare equal. A run that did this
    /// proves nothing either way.
    pub const ADDRESS_AS_INT: u32 = 64;
    /// Set by the OS once the program has more than one thread: from then on the loader's
    /// `interrupt_mem` points are visible actions, at most one per transition (DiVM §6.1). Part
    /// of the state.
    pub const THREADED: u32 = 128;
    /// Part of the state: undefined bytes were copied (see the module doc, "Uninitialised
    /// values"); a copy and its source may since be read with different choices.
    pub const UNDEF_COPIED: u32 = 256;
    /// Transition flag: a read of uninitialised memory chose among boundary values only (more than
    /// 8 undefined bits), like a sampled input; [`INCOMPLETE`] is set with it.
    pub const UNDEF_SAMPLED: u32 = 1024;
    /// Part of the state: a read chose a value for undefined memory after [`UNDEF_COPIED`], or a
    /// branch on an undefined register went both ways. A violation in such a state may rest on
    /// two reads of one uninitialised value that disagree: it is not evidence.
    pub const UNDEF_DOUBT: u32 = 512;
}

/// The flags that belong to a state rather than to one transition.
pub const STATE_FLAGS: u32 = flags::ATOMIC | flags::THREADED | flags::UNDEF_COPIED | flags::UNDEF_DOUBT;

/// Control operations of `__vm_control`.
pub mod ctl {
    pub const GET_FLAGS: u64 = 0;
    pub const SET_FLAGS: u64 = 1;
    pub const CLEAR_FLAGS: u64 = 2;
    pub const FAULT: u64 = 3;
    pub const NONDET_RANGE: u64 = 4;
    /// Returns 1 when the run records a trace (replay); the runtime skips formatting otherwise.
    pub const TRACING: u64 = 5;
    /// Returns -1 without a fixed input vector ([`super::Config::inputs`]), else its length.
    pub const INPUTS: u64 = 6;
    /// Returns value number `a` of the fixed input vector (0 past its end).
    pub const INPUT: u64 = 7;
}

/// A state of the program: the memory graph and the control registers that are part of it
/// (DiVM §4.1): the scheduler state, from which (with the globals) everything else is reached —
/// the thread table, each thread's stack of frames, the heap.
#[derive(Clone, Debug)]
pub struct State {
    pub heap: Heap,
    /// The object id of the scheduler state (`VM_CR_STATE`; 0 before `__boot` set it).
    pub root: u32,
    /// Flags that belong to the state (ATOMIC); the others are per transition.
    pub flags: u32,
}

/// Control registers (`__vm_ctl_get` / `__vm_ctl_set`, shared with the runtime's `vigil_vm.h`).
pub mod reg {
    pub const STATE: u64 = 0;
    pub const FRAME: u64 = 1;
    pub const INT_SLOT: u64 = 2;
    pub const SCHEDULER: u64 = 3;
    pub const FAULT_HANDLER: u64 = 4;
}

/// Configuration of a run.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// Report `nsw` overflow as a fault.
    pub check_overflow: bool,
    pub malloc_can_fail: bool,
    /// `--nondet-range LO..HI`.
    pub nondet_range: Option<(i64, i64)>,
    /// Instructions after which a transition is cut off.
    pub max_steps: u64,
    /// Fixed input vector: when set, the runtime's `__VERIFIER_nondet_*` functions return these
    /// values in order (truncated to the function's type; `bool` takes `value & 1`) instead of
    /// choosing, and once the vector is used up return 0 and mark the run incomplete. Other
    /// nondeterminism (malloc failure, branches on undefined values) is still explored, so a
    /// search with a fixed vector decides whether *those* inputs lead to a violation: a `Holds`
    /// answer then means "no run with these inputs violates the property", not that the program
    /// is correct. Signed types read the low bits as two's complement (`u64::MAX` is -1 for
    /// every signed type); `__VERIFIER_nondet_pointer` consumes a value and follows only 0
    /// (NULL) exactly. `--nondet-range` is ignored in this mode.
    pub inputs: Option<Vec<u64>>,
    /// Read uninitialised memory without choosing a value (see the module doc, "Uninitialised
    /// values"): undefined values stay undefined and a branch on one goes both ways. Every run of
    /// the program with some fixed initial values is then one of the explored runs (a complete
    /// search proves the property), but a path may combine two reads of one value that disagree
    /// (a violation found is not evidence).
    pub uninitialised_over_approximated: bool,
}

/// One `__VERIFIER_nondet_*` call's result, as the symbolic engines report their counterexamples:
/// a vector of these in call order, replayed on the VM through [`Config::inputs`] (the values).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The function called, e.g. `__VERIFIER_nondet_int`.
    pub function: String,
    /// The width of its result in bits.
    pub width: u32,
    /// The result's bits.
    pub value: u64,
}

/// The choices of one transition: a forced prefix, and what was actually chosen with how many
/// options each choice had.
#[derive(Clone, Debug, Default)]
pub struct Choices {
    pub forced: Vec<u32>,
    pub taken: Vec<(u32, u32)>,
}

impl Choices {
    pub fn forced(forced: Vec<u32>) -> Choices {
        Choices { forced, taken: Vec::new() }
    }
}

/// An event of a traced run (for counterexamples).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// An instruction at a new source line was executed in function `func`.
    Line { func: FuncId, loc: Loc },
    Call { func: FuncId, loc: Loc },
    Return { func: FuncId },
    /// `__vm_trace` text (program output, runtime notes, chosen inputs).
    Trace { kind: u32, text: String },
    /// A choice made by the VM itself (a branch on an undefined value).
    UndefBranch { loc: Loc },
    /// A load read uninitialised memory and the VM chose `value` for it (freeze at load).
    UndefRead { loc: Loc, value: u64 },
}

/// Why a transition stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// An interrupt point was reached again: the state is a new state to store.
    Interrupt,
    /// The program ended (`exit`, `abort`, return from `main`).
    Exit,
    /// The path is infeasible (`__VERIFIER_assume(0)`).
    Cancelled,
    /// A fault at a location.
    Fault { kind: FaultKind, loc: Loc, func: FuncId },
    /// The step limit was reached inside one transition.
    StepLimit,
}

/// Result of a transition.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub stop: Stop,
    /// Flags raised during the transition (INCOMPLETE in particular).
    pub flags: u32,
    pub steps: u64,
}

type Exec<T> = Result<T, FaultKind>;

/// Runs transitions of one program.
pub struct Machine<'p> {
    pub prog: &'p Program,
    pub config: Config,
    pub state: State,
    pub choices: Choices,
    /// Events, when tracing (replay); None during the search.
    pub events: Option<Vec<Event>>,
    trans_flags: u32,
    /// Interrupt points passed in this transition: (key, choices taken at the last pass, passes).
    passed: Vec<((u32, u32), usize, u32)>,
    /// `VM_CR_FRAME`: the running frame (0 when none). Not part of the state: at the end of a
    /// transition it is saved where `VM_CR_INT_SLOT` says.
    frame: u32,
    /// `VM_CR_INT_SLOT`: where the running frame is saved when the transition ends (set by the
    /// scheduler in every transition).
    int_slot: Option<Scalar>,
    /// `VM_CR_SCHEDULER` and `VM_CR_FAULT_HANDLER`: set by `__boot`, fixed afterwards (so they
    /// are the same in every state of a run and need not be stored with each).
    scheduler: Option<FuncId>,
    fault_handler: Option<FuncId>,
    /// While `__boot` runs (the only time the two registers above may be set).
    booting: bool,
    /// The fault the handler is running for, with where it happened.
    pending_fault: Option<(FaultKind, Loc, FuncId)>,
    /// Whether the running thread made a visible memory access in this transition.
    visible_done: bool,
    /// Set while the runtime's trace-only code runs (see `ctl::TRACING`), to the frame that asked
    /// whether the run is traced.
    quiet: Option<u32>,
    /// Whether control has passed from the OS (`__boot`, the scheduler) to a thread in this
    /// transition: interrupts end a transition only then (the OS's own code runs uninterrupted).
    in_thread: bool,
    /// Number of choices made before the scheduler handed control to a thread in this
    /// transition: a thread's second `choose` ends the transition (see [`Hypercall::Choose`]).
    choice_base: usize,
    // Cached program counter of the running frame.
    func: FuncId,
    block: u32,
    inst: u32,
    last_line: (u32, u32),
    /// The last source location executed that is known (for reports about the state as a
    /// whole, such as leaks).
    pub last_loc: Loc,
    /// Reused buffer for the arguments of a call (saves an allocation per call).
    args_buf: Vec<Arg>,
    /// Reused buffer for the values of φs on a jump.
    phi_buf: Vec<(ValueId, Arg)>,
    /// Widths in bits of the arguments of the call being made (lays out ILP32 varargs).
    arg_bits: Vec<u32>,
}

/// What executing one instruction does to control flow.
enum Flow {
    Next,
    /// Control was transferred (branch, call, return); the pc is already set.
    Jumped,
    Stop(Stop),
}

impl<'p> Machine<'p> {
    /// The initial state (DiVM §4.3): the globals laid out with their initial values, then the
    /// runtime's `__boot` run to its end — it allocates the scheduler state with one thread whose
    /// frame is a fresh frame for `main`, and registers the scheduler and the fault handler.
    pub fn boot(prog: &'p Program, config: Config) -> Result<Machine<'p>, String> {
        prog.main.ok_or("the program has no main function")?;
        let boot = prog.boot.ok_or("the program is not linked with vigil's runtime (it has no __boot)")?;
        let mut heap = Heap::new();
        for (i, _) in prog.module.globals.iter().enumerate() {
            let g = vigil_ir::GlobalId(i as u32);
            let obj = prog.global_initial(g).unwrap_or_else(|| Object::new(ObjKind::Global, 0, false));
            let id = heap.alloc(obj);
            debug_assert_eq!(id, prog.global_object(g));
        }
        let mut m = Machine {
            prog,
            config,
            state: State { heap, root: 0, flags: 0 },
            choices: Choices::default(),
            events: None,
            trans_flags: 0,
            passed: Vec::new(),
            frame: 0,
            int_slot: None,
            scheduler: None,
            fault_handler: None,
            booting: true,
            pending_fault: None,
            visible_done: false,
            quiet: None,
            in_thread: false,
            choice_base: 0,
            func: boot,
            block: 0,
            inst: 0,
            last_line: (0, 0),
            last_loc: Loc::UNKNOWN,
            args_buf: Vec::new(),
            phi_buf: Vec::new(),
            arg_bits: Vec::new(),
        };
        m.push_frame(boot, &[], 0).map_err(|e| format!("__boot: {e}"))?;
        let out = m.run();
        m.booting = false;
        let taken = std::mem::take(&mut m.choices.taken);
        match out.stop {
            Stop::Exit if m.frame == 0 && out.flags & (flags::EXIT | flags::ERROR | flags::CANCEL) == 0 => {}
            Stop::Fault { kind, .. } => return Err(format!("the runtime's __boot failed: {kind}")),
            other => return Err(format!("the runtime's __boot did not return normally ({other:?})")),
        }
        if !taken.is_empty() {
            return Err("the runtime's __boot made a nondeterministic choice".into());
        }
        if m.state.root == 0 || m.scheduler.is_none() {
            return Err("the runtime's __boot did not set up a scheduler".into());
        }
        m.trans_flags = 0;
        m.last_line = (0, 0);
        m.last_loc = Loc::UNKNOWN;
        if let Some(ev) = m.events.as_mut() {
            ev.clear();
        }
        Ok(m)
    }

    /// Moves this machine to another state of the same run (its registers set by `__boot` stay),
    /// keeping its configuration and buffers (the search runs many transitions).
    pub fn reset(&mut self, state: State) {
        self.state = state;
        self.choices.forced.clear();
        self.choices.taken.clear();
        self.trans_flags = 0;
        self.passed.clear();
        self.frame = 0;
        self.int_slot = None;
        self.pending_fault = None;
        self.func = FuncId(0);
        self.block = 0;
        self.inst = 0;
        self.last_line = (0, 0);
        self.last_loc = Loc::UNKNOWN;
    }

    fn frame(&self) -> &Object {
        self.state.heap.get(self.frame).expect("the running frame is live")
    }

    fn frame_mut(&mut self) -> &mut Object {
        self.state.heap.get_mut(self.frame).expect("the running frame is live")
    }

    fn load_pc(&mut self) {
        if self.frame == 0 {
            return;
        }
        let f = self.frame();
        let func = f.read(FRAME_FUNC, 4).bits as u32;
        let block = f.read(FRAME_BLOCK, 4).bits as u32;
        let inst = f.read(FRAME_INST, 4).bits as u32;
        self.func = FuncId(func);
        self.block = block;
        self.inst = inst;
    }

    fn save_pc(&mut self) {
        if self.frame == 0 {
            return;
        }
        let (b, i) = (self.block, self.inst);
        let f = self.frame_mut();
        f.write(FRAME_BLOCK, 4, Scalar::int(u64::from(b)));
        f.write(FRAME_INST, 4, Scalar::int(u64::from(i)));
    }

    /// Runs one transition from the current state with the given choices: the scheduler, in a
    /// fresh frame, picks a thread and switches to it; the thread runs until an interrupt, the
    /// end of the program, an error or a cancelled path.
    pub fn run_transition(&mut self, choices: Choices) -> Outcome {
        self.choices = choices;
        self.trans_flags = 0;
        self.passed.clear();
        self.pending_fault = None;
        self.int_slot = None;
        self.choice_base = 0;
        self.visible_done = false;
        self.quiet = None;
        self.in_thread = false;
        self.frame = 0;
        if self.state.root == 0 {
            return Outcome { stop: Stop::Exit, flags: 0, steps: 0 };
        }
        let Some(sched) = self.scheduler else {
            let stop = Stop::Fault { kind: FaultKind::BadHypercall("no scheduler"), loc: Loc::UNKNOWN, func: FuncId(0) };
            return Outcome { stop, flags: 0, steps: 0 };
        };
        if let Err(kind) = self.push_frame(sched, &[], 0) {
            let stop = Stop::Fault { kind, loc: Loc::UNKNOWN, func: sched };
            return Outcome { stop, flags: 0, steps: 0 };
        }
        self.run()
    }

    /// Runs from the current frame until the transition ends.
    fn run(&mut self) -> Outcome {
        let mut steps = 0u64;
        let stop = loop {
            steps += 1;
            if self.config.max_steps > 0 && steps > self.config.max_steps {
                break Stop::StepLimit;
            }
            match self.step() {
                Ok(Flow::Next) => self.inst += 1,
                Ok(Flow::Jumped) => {}
                Ok(Flow::Stop(s)) => break s,
                Err(kind) => {
                    if let Some(stop) = self.enter_fault_handler(kind) {
                        break stop;
                    }
                }
            }
            let fl = self.trans_flags | self.state.flags;
            if fl & (flags::ERROR | flags::CANCEL | flags::EXIT) != 0 {
                if fl & flags::ERROR != 0 {
                    break self.error_stop();
                }
                if fl & flags::CANCEL != 0 {
                    break Stop::Cancelled;
                }
                if fl & flags::EXIT != 0 {
                    break Stop::Exit;
                }
            }
        };
        self.save_pc();
        self.save_context();
        Outcome { stop, flags: self.trans_flags, steps }
    }

    /// Saves the running frame where the scheduler asked (`VM_CR_INT_SLOT`), so that the stored
    /// state reaches the thread's stack from the scheduler state.
    fn save_context(&mut self) {
        if self.frame == 0 {
            return;
        }
        if let Some(slot) = self.int_slot {
            let frame = Scalar::pointer(self.frame, 0);
            // The slot was checked writable when it was set; the transition since may have freed
            // it, which only a broken OS does. Then the thread's stack is not reachable and the
            // state says so (its frames are garbage), rather than memory being corrupted.
            let _ = self.store(slot, self.prog.ptr_bytes, frame);
        }
    }

    /// A fault: enters the fault handler (DiVM §5.1) with the fault's kind and the
    /// continuation — the faulting frame, its program counter past the faulting instruction (whose
    /// result becomes undefined). Returns the stop when the fault ends the transition at once:
    /// no handler, a fault inside the handler, or a handler that cannot be entered.
    fn enter_fault_handler(&mut self, kind: FaultKind) -> Option<Stop> {
        self.save_pc();
        let (loc, func) = self.user_loc();
        let handler = match self.fault_handler {
            Some(h) if self.pending_fault.is_none() && self.frame != 0 => h,
            _ => return Some(Stop::Fault { kind, loc, func }),
        };
        let f = self.prog.module.function(self.func);
        if let Some(i) = f.blocks.get(self.block as usize).and_then(|b| b.insts.get(self.inst as usize)) {
            if let Some(d) = i.dest {
                let len = self.prog.funcs[self.func.index()].reg_size[d.index()];
                let undef = Object::new(ObjKind::Frame, len as usize, false);
                self.set_reg_bytes(d, &undef);
            }
            self.inst += 1;
        }
        self.save_pc();
        let cont = Scalar::pointer(self.frame, 0);
        let caller = self.frame;
        self.pending_fault = Some((kind.clone(), loc, func));
        match self.push_frame(handler, &[Arg::Scalar(Scalar::int(kind.code())), Arg::Scalar(cont)], caller) {
            Ok(()) => None,
            Err(_) => Some(Stop::Fault { kind, loc, func }),
        }
    }

    /// The stop of a transition in which the OS flagged an error: the fault its handler was
    /// entered for.
    fn error_stop(&mut self) -> Stop {
        match self.pending_fault.take() {
            Some((kind, loc, func)) => Stop::Fault { kind, loc, func },
            None => {
                let (loc, func) = self.user_loc();
                Stop::Fault { kind: FaultKind::BadHypercall("error flag set outside the fault handler"), loc, func }
            }
        }
    }

    /// Location of the instruction about to run (or that just faulted).
    pub fn current_loc(&self) -> Loc {
        if self.frame == 0 {
            return Loc::UNKNOWN;
        }
        let f = self.prog.module.function(self.func);
        let Some(b) = f.blocks.get(self.block as usize) else { return Loc::UNKNOWN };
        match b.insts.get(self.inst as usize) {
            Some(i) => i.loc,
            None => b.term_loc,
        }
    }

    /// The innermost known source location on the stack and its function: the faulting
    /// instruction itself, or — inside code without debug information, such as vigil's runtime —
    /// the call that led there.
    pub fn user_loc(&self) -> (Loc, FuncId) {
        let here = self.current_loc();
        if here.is_known() || self.frame == 0 {
            return (here, self.func);
        }
        let mut frame = self.frame;
        // Walk to the callers; each parent frame's pc is at its call instruction.
        for _ in 0..10_000 {
            let Some(f) = self.state.heap.get(frame) else { break };
            let (parent, _) = decode(f.read(FRAME_PARENT, 8).bits);
            let Some(p) = self.state.heap.get(parent) else { break };
            let func = FuncId(p.read(FRAME_FUNC, 4).bits as u32);
            let block = p.read(FRAME_BLOCK, 4).bits as usize;
            let inst = p.read(FRAME_INST, 4).bits as usize;
            let fun = self.prog.module.function(func);
            if let Some(i) = fun.blocks.get(block).and_then(|b| b.insts.get(inst)) {
                if i.loc.is_known() {
                    return (i.loc, func);
                }
            }
            frame = parent;
        }
        (here, self.func)
    }

    /// Clears every register that is dead at its frame's program counter, in every frame of
    /// every thread, so that states differing only in values the program can never read again
    /// are equal (and pointers held only by dead registers do not keep memory reachable). A frame
    /// that is no other frame's caller is the top of its thread's stack (the running frame, a
    /// suspended thread's frame, a frame made by `__vm_frame_make` and not started) and is at the
    /// instruction it executes next; a caller is at its call, whose result register will be
    /// overwritten by the return. Frames whose dead registers are already clear are not touched
    /// (a frame shared with a stored state is not copied for nothing).
    pub fn scrub_dead_registers(&mut self) {
        let heap = &self.state.heap;
        let mut is_caller = vec![false; heap.id_bound() as usize];
        let frames: Vec<u32> = heap.live_ids().filter(|id| heap.get(*id).is_some_and(|o| o.kind == ObjKind::Frame)).collect();
        for &id in &frames {
            let parent = decode(heap.get(id).expect("live").read(FRAME_PARENT, 8).bits).0 as usize;
            if let Some(c) = is_caller.get_mut(parent) {
                *c = true;
            }
        }
        for id in frames {
            self.scrub_frame(id, !is_caller[id as usize]);
        }
    }

    fn scrub_frame(&mut self, frame: u32, top: bool) {
        let Some(fo) = self.state.heap.get(frame) else { return };
        let func = FuncId(fo.read(FRAME_FUNC, 4).bits as u32);
        let block = fo.read(FRAME_BLOCK, 4).bits as usize;
        let inst = fo.read(FRAME_INST, 4).bits as usize;
        let f = self.prog.module.function(func);
        if f.is_declaration() || block >= f.blocks.len() {
            return;
        }
        let info = &self.prog.funcs[func.index()];
        let live = if top {
            info.live_before(f, block, inst)
        } else {
            let mut l = info.live_before(f, block, inst + 1);
            if let Some(d) = f.blocks[block].insts.get(inst).and_then(|i| i.dest) {
                l[(d.0 / 64) as usize] &= !(1 << (d.0 % 64));
            }
            l
        };
        let dirty = |o: &Object, off: u32, size: u32| {
            let r = off as usize..(off + size) as usize;
            o.data[r.clone()].iter().any(|b| *b != 0) || o.def[r].iter().any(|b| *b != 0) || o.ptrs.iter().any(|p| p.off >= off && p.off < off + size)
        };
        let dead: Vec<(u32, u32)> = (0..f.values.len() as u32)
            .filter(|v| !bit_test(&live, *v))
            .map(|v| (info.reg_off[v as usize], info.reg_size[v as usize]))
            .filter(|&(off, size)| size > 0 && dirty(fo, off, size))
            .collect();
        if dead.is_empty() {
            return;
        }
        if let Some(fo) = self.state.heap.get_mut(frame) {
            for (off, size) in dead {
                fo.fill(off, size, 0, 0);
            }
        }
    }

    fn event(&mut self, e: Event) {
        if let Some(ev) = self.events.as_mut() {
            ev.push(e);
        }
    }

    // ---- registers and operands ----

    fn reg(&self, v: ValueId) -> Scalar {
        let info = &self.prog.funcs[self.func.index()];
        let size = info.reg_size[v.index()].min(8);
        self.frame().read_slot(info.reg_off[v.index()], size)
    }

    fn set_reg(&mut self, v: ValueId, val: Scalar) {
        let info = &self.prog.funcs[self.func.index()];
        let (off, size) = (info.reg_off[v.index()], info.reg_size[v.index()].min(8));
        self.frame_mut().write_slot(off, size, val);
    }

    fn operand(&self, op: Operand) -> Scalar {
        match op {
            Operand::Value(v) => self.reg(v),
            Operand::Const(c) => match &self.prog.consts[c.index()] {
                ConstVal::Scalar(s) => *s,
                ConstVal::Bytes(o) => o.read(0, o.size().min(8)),
            },
        }
    }

    /// The bytes of an aggregate operand (a temporary object).
    fn operand_bytes(&self, op: Operand, len: u32) -> Object {
        let mut out = Object::new(ObjKind::Frame, len as usize, false);
        match op {
            Operand::Value(v) => {
                let off = self.prog.funcs[self.func.index()].reg_off[v.index()];
                out.copy_from(0, self.frame(), off, len);
            }
            Operand::Const(c) => match &self.prog.consts[c.index()] {
                ConstVal::Scalar(s) => out.write(0, len.min(8), *s),
                ConstVal::Bytes(o) => out.copy_from(0, o, 0, len.min(o.size())),
            },
        }
        out
    }

    fn set_reg_bytes(&mut self, v: ValueId, bytes: &Object) {
        let off = self.prog.funcs[self.func.index()].reg_off[v.index()];
        let len = bytes.size();
        self.frame_mut().copy_from(off, bytes, 0, len);
    }

    #[inline]
    fn op_width(&self, op: Operand) -> u32 {
        match op {
            Operand::Value(v) => self.prog.funcs[self.func.index()].val_bits[v.index()],
            Operand::Const(c) => self.prog.const_bits[c.index()],
        }
    }

    #[inline]
    fn dest_width(&self, dest: Option<ValueId>) -> u32 {
        dest.map_or(0, |d| self.prog.funcs[self.func.index()].val_bits[d.index()])
    }

    #[inline]
    fn is_aggregate_reg(&self, v: ValueId) -> bool {
        self.prog.funcs[self.func.index()].val_agg[v.index()]
    }

    // ---- choices ----

    /// A nondeterministic choice among `n ≥ 1` options.
    fn choose(&mut self, n: u32) -> u32 {
        let k = self.choices.taken.len();
        let c = self.choices.forced.get(k).copied().unwrap_or(0).min(n.saturating_sub(1));
        self.choices.taken.push((c, n));
        c
    }

    // ---- memory access ----

    /// Checks an access of `size` bytes through `p`; returns (object, offset).
    pub fn check_access(&self, p: Scalar, size: u32, write: bool) -> Exec<(u32, u32)> {
        if !p.is_defined(64) {
            return Err(FaultKind::Undefined("address"));
        }
        let (obj, off) = decode(p.bits);
        if p.bits == 0 {
            return Err(FaultKind::NullDeref);
        }
        let ilp32_int = self.prog.ptr_bytes == NARROW_PTR_BYTES && !p.ptr;
        if ilp32_int || (!p.ptr && obj != 0 && obj & CODE_TAG == 0 && self.state.heap.was_allocated(obj)) {
            // ILP32: a pointer that went through a 32-bit integer keeps only its offset, so any
            // non-null integer may have been a valid pointer.
            // An integer that encodes a real object: a pointer that went through bytes or
            // arithmetic the VM does not track. The access may well be valid, so this is not
            // reported as a violation (never a wrong `false`); it makes the run inconclusive.
            return Err(FaultKind::Undefined("pointer whose provenance was lost (copied through integers or bytes)"));
        }
        if !p.ptr || obj & CODE_TAG != 0 {
            return Err(FaultKind::InvalidPointer);
        }
        let Some(o) = self.state.heap.get(obj) else {
            return Err(if self.state.heap.was_allocated(obj) {
                FaultKind::UseAfterFree
            } else {
                FaultKind::InvalidPointer
            });
        };
        if o.kind == ObjKind::Frame {
            return Err(FaultKind::InvalidPointer);
        }
        if o.kind == ObjKind::OutOfScope {
            return Err(FaultKind::UseAfterFree);
        }
        if u64::from(off) + u64::from(size) > u64::from(o.size()) {
            return Err(FaultKind::OutOfBounds);
        }
        if write && o.kind == ObjKind::Constant {
            return Err(FaultKind::WriteToConstant);
        }
        Ok((obj, off))
    }

    /// Whether interrupt points can end the transition now: a thread runs (not the OS's boot or
    /// scheduler) and not the runtime's trace-only code (see `ctl::TRACING`).
    #[inline]
    fn interruptible(&self) -> bool {
        self.in_thread && self.quiet.is_none()
    }

    /// Whether visible actions count: [`Self::interruptible`] with several threads.
    #[inline]
    fn threaded(&self) -> bool {
        self.state.flags & flags::THREADED != 0 && self.interruptible()
    }

    /// A visible memory access is about to happen: does the transition end before it? It does
    /// when this transition already made a visible action, outside atomic sections (inside one
    /// the access is part of the section's one visible action; entering a section is itself a
    /// visible action, see [`Self::visible_action`]).
    #[inline]
    fn visible_access(&mut self) -> bool {
        if !self.threaded() {
            return false;
        }
        let interrupt = self.visible_done && self.state.flags & flags::ATOMIC == 0;
        self.visible_done = true;
        interrupt
    }

    /// At an `interrupt_mem` point of the loader (the instruction at the pc): see
    /// [`Self::visible_access`].
    #[inline]
    fn mem_interrupt(&mut self) -> bool {
        if self.state.flags & flags::THREADED == 0 {
            return false;
        }
        let points = &self.prog.funcs[self.func.index()].mem_point;
        points.get(self.block as usize).and_then(|b| b.get(self.inst as usize)).copied().unwrap_or(false) && self.visible_access()
    }

    /// Before a visible action that is not a memory access (entering an atomic section, ending
    /// the process): does the transition end before it, because it already made one? Other
    /// threads may then run in between.
    #[inline]
    fn visible_action(&self) -> bool {
        self.visible_done && self.threaded()
    }

    /// A non-null pointer value is about to become a narrower integer.
    fn note_narrowed_pointer(&mut self, v: Scalar) {
        if v.ptr && decode(v.bits).0 != 0 {
            self.trans_flags |= flags::ADDRESS_AS_INT;
        }
    }

    /// A load of `size` bytes at `p` (already checked) that reads part of an ILP32 pointer
    /// slot, whose bytes are only the offset.
    fn note_partial_pointer_read(&mut self, p: Scalar, size: u32) {
        let (obj, off) = decode(p.bits);
        if self.state.heap.get(obj).is_some_and(|o| o.splits_narrow_pointer(off, size)) {
            self.trans_flags |= flags::ADDRESS_AS_INT;
        }
    }

    /// A copy of `len` bytes of object `obj` at `off` is about to happen: if any of them is
    /// undefined, the state says so ([`flags::UNDEF_COPIED`]).
    fn note_undefined_copy(&mut self, obj: u32, off: u32, len: u32) {
        if self.state.flags & flags::UNDEF_COPIED != 0 {
            return;
        }
        let o = self.state.heap.get(obj).expect("checked");
        if o.def[off as usize..(off + len) as usize].iter().any(|d| *d != 0xff) {
            self.state.flags |= flags::UNDEF_COPIED;
        }
    }

    /// Freeze at load (see the module doc): `v`, just read from `size` bytes at `p` for a
    /// `width`-bit register, has undefined bits; chooses them and writes the value back. Pointer
    /// loads (`pointer`) choose between NULL and an invalid address. Returns `v` unchanged where
    /// the VM makes no choices (the OS, trace-only code).
    fn freeze_loaded(&mut self, p: Scalar, size: u32, width: u32, v: Scalar, pointer: bool) -> Scalar {
        let undefined = !v.def & crate::memory::mask(width);
        if undefined == 0 || !self.interruptible() || self.config.uninitialised_over_approximated {
            return v;
        }
        let frozen = if pointer && undefined == crate::memory::mask(width) {
            // An uninitialised pointer: NULL, or an address of no object (INVALID_OBJ never
            // becomes valid). It could also happen to equal a valid address: not explored.
            self.trans_flags |= flags::INCOMPLETE;
            if self.choose(2) == 0 { Scalar::null() } else { Scalar::pointer(crate::memory::INVALID_OBJ, 0) }
        } else {
            let k = undefined.count_ones();
            let chosen = if k <= 8 {
                deposit_bits(u64::from(self.choose(1 << k)), undefined)
            } else {
                // Like a wide __VERIFIER_nondet_* input: boundary values, not every value.
                self.trans_flags |= flags::INCOMPLETE | flags::UNDEF_SAMPLED;
                let m = crate::memory::mask(width);
                let smax = m >> 1;
                let picks = [0, 1, m, 2, m.wrapping_sub(1) & m, smax, smax + 1, smax - 1, (smax + 2) & m];
                picks[self.choose(picks.len() as u32) as usize] & undefined
            };
            Scalar::int((v.bits & !undefined) | chosen)
        };
        if self.state.flags & flags::UNDEF_COPIED != 0 {
            self.state.flags |= flags::UNDEF_DOUBT;
        }
        let loc = self.current_loc();
        self.event(Event::UndefRead { loc, value: frozen.bits });
        // The load was checked: the object is live and the bytes in bounds.
        let (obj, off) = decode(p.bits);
        if let Some(o) = self.state.heap.get_mut(obj) {
            o.write(off, size.min(8), frozen);
        }
        frozen
    }

    fn load(&self, p: Scalar, size: u32) -> Exec<Scalar> {
        let (obj, off) = self.check_access(p, size, false)?;
        Ok(self.state.heap.get(obj).expect("checked").read(off, size.min(8)))
    }

    /// [`Self::load`] of a value that the program uses as a `width`-bit integer: below 64 bits a
    /// pointer read this way loses its object, which the run notes (see [`flags::ADDRESS_AS_INT`]).
    fn load_as_int(&mut self, p: Scalar, size: u32, width: u32) -> Exec<Scalar> {
        let v = self.load(p, size)?;
        if width < 64 {
            self.note_narrowed_pointer(v);
            self.note_partial_pointer_read(p, size);
        }
        Ok(v)
    }

    fn store(&mut self, p: Scalar, size: u32, v: Scalar) -> Exec<()> {
        let (obj, off) = self.check_access(p, size, true)?;
        self.state.heap.get_mut(obj).expect("checked").write(off, size.min(8), v);
        Ok(())
    }

    /// Copies `len` bytes between memory locations (memmove semantics).
    fn copy_memory(&mut self, dst: Scalar, src: Scalar, len: u64) -> Exec<()> {
        if len == 0 {
            return Ok(());
        }
        let len = u32::try_from(len).map_err(|_| FaultKind::OutOfBounds)?;
        let (so, soff) = self.check_access(src, len, false)?;
        let (dob, doff) = self.check_access(dst, len, true)?;
        self.note_undefined_copy(so, soff, len);
        if so == dob {
            self.state.heap.get_mut(dob).expect("checked").copy_within(doff, soff, len);
        } else {
            // Only the copied range is taken out, not the whole source object.
            let part = self.state.heap.get(so).expect("checked").slice(soff, len);
            self.state.heap.get_mut(dob).expect("checked").copy_from(doff, &part, 0, len);
        }
        Ok(())
    }

    /// Reads a NUL-terminated string (at most `limit` bytes) for traces.
    fn read_c_string(&self, p: Scalar, limit: u32) -> Exec<String> {
        let (obj, off) = self.check_access(p, 1, false)?;
        let o = self.state.heap.get(obj).expect("checked");
        let end = (off as usize + limit as usize).min(o.data.len());
        let bytes = &o.data[off as usize..end];
        let s = bytes.iter().position(|b| *b == 0).map_or(bytes, |n| &bytes[..n]);
        Ok(String::from_utf8_lossy(s).into_owned())
    }

    // ---- frames ----

    /// Calls `f`: a new frame whose caller is `caller_frame` becomes the running frame.
    fn push_frame(&mut self, f: FuncId, args: &[Arg], caller_frame: u32) -> Exec<()> {
        let func = self.prog.module.function(f);
        if args.len() < func.params.len() || (!func.varargs && args.len() != func.params.len()) {
            return Err(FaultKind::BadCall);
        }
        let id = self.make_frame(f, args, caller_frame)?;
        let info = &self.prog.funcs[f.index()];
        self.frame = id;
        self.func = f;
        self.block = 0;
        self.inst = info.num_phis.first().copied().unwrap_or(0);
        Ok(())
    }

    /// A new frame object for `f` (not running): the pc at its entry, the parameters set from
    /// `args` (as many as `f` has; the rest go to the variadic area when `f` is variadic).
    fn make_frame(&mut self, f: FuncId, args: &[Arg], caller_frame: u32) -> Exec<u32> {
        let func = self.prog.module.function(f);
        if func.is_declaration() || args.len() < func.params.len() {
            return Err(FaultKind::BadCall);
        }
        let info = &self.prog.funcs[f.index()];
        let mut frame = Object::new(ObjKind::Frame, info.frame_size as usize, false);
        frame.write(FRAME_FUNC, 4, Scalar::int(u64::from(f.0)));
        frame.write(FRAME_BLOCK, 4, Scalar::int(0));
        frame.write(FRAME_INST, 4, Scalar::int(u64::from(info.num_phis.first().copied().unwrap_or(0))));
        frame.write(FRAME_NALLOCA, 4, Scalar::int(0));
        let parent = if caller_frame == 0 { Scalar::null() } else { Scalar::pointer(caller_frame, 0) };
        frame.write(FRAME_PARENT, 8, parent);
        for (i, p) in func.params.iter().enumerate() {
            let (off, size) = (info.reg_off[p.index()], info.reg_size[p.index()]);
            match &args[i] {
                Arg::Scalar(s) => frame.write(off, size.min(8), *s),
                Arg::Bytes(b) => frame.copy_from(off, b, 0, size.min(b.size())),
            }
        }
        let id = self.state.heap.alloc(frame);
        if func.varargs {
            // The variadic arguments go into an object owned by the frame, in 8-byte slots; the
            // x86-64 `va_list` built by va_start points its overflow area at it.
            let extra = &args[func.params.len()..];
            let area = if self.prog.ptr_bytes == NARROW_PTR_BYTES {
                // i386: each argument in a 4-aligned slot of its own size rounded up to 4
                // (pointers 4 bytes, long long 8), which is how clang's i386 va_arg reads them.
                let bits = &self.arg_bits[func.params.len().min(self.arg_bits.len())..];
                let size_of = |k: usize, a: &Arg| -> u32 {
                    match a {
                        Arg::Bytes(b) => b.size(),
                        Arg::Scalar(s) if s.ptr => NARROW_PTR_BYTES,
                        Arg::Scalar(_) => bits.get(k).copied().unwrap_or(32).div_ceil(8).clamp(1, 8),
                    }
                    .div_ceil(4)
                        * 4
                };
                let total: u32 = extra.iter().enumerate().map(|(k, a)| size_of(k, a)).sum();
                let mut area = Object::new(ObjKind::Alloca, total.max(4) as usize, false);
                let mut at = 0;
                for (k, a) in extra.iter().enumerate() {
                    let len = size_of(k, a);
                    match a {
                        Arg::Scalar(s) => area.write(at, if s.ptr { NARROW_PTR_BYTES } else { len.min(8) }, *s),
                        Arg::Bytes(b) => area.copy_from(at, b, 0, b.size()),
                    }
                    at += len;
                }
                area
            } else {
                let mut area = Object::new(ObjKind::Alloca, extra.len().max(1) * 8, false);
                for (k, a) in extra.iter().enumerate() {
                    match a {
                        Arg::Scalar(s) => area.write(k as u32 * 8, 8, *s),
                        Arg::Bytes(b) => area.copy_from(k as u32 * 8, b, 0, b.size().min(8)),
                    }
                }
                area
            };
            let area_id = self.state.heap.alloc(area);
            self.add_alloca_to(id, area_id);
        }
        Ok(id)
    }

    fn add_alloca(&mut self, obj: u32) {
        self.add_alloca_to(self.frame, obj);
    }

    /// Records `obj` as an alloca owned by `frame` (freed with it).
    fn add_alloca_to(&mut self, frame: u32, obj: u32) {
        let f = self.state.heap.get_mut(frame).expect("a live frame");
        let n = f.read(FRAME_NALLOCA, 4).bits as u32;
        let at = f.size();
        f.resize(at + PTR_BYTES);
        f.write(at, 8, Scalar::pointer(obj, 0));
        f.write(FRAME_NALLOCA, 4, Scalar::int(u64::from(n + 1)));
    }

    /// Frees the allocas of the running frame beyond the first `keep`.
    fn free_allocas(&mut self, keep: u32) {
        let size = self.prog.funcs[self.func.index()].frame_size;
        let f = self.frame();
        let n = f.read(FRAME_NALLOCA, 4).bits as u32;
        if n <= keep {
            return;
        }
        let ids: Vec<u32> = (keep..n).map(|k| decode(f.read(size + 8 * k, 8).bits).0).collect();
        for id in ids {
            self.state.heap.free(id);
        }
        let f = self.frame_mut();
        f.resize(size + 8 * keep);
        f.write(FRAME_NALLOCA, 4, Scalar::int(u64::from(keep)));
    }

    /// Frees frame `id` and the allocas it owns.
    fn free_frame(&mut self, id: u32) {
        let Some(f) = self.state.heap.get(id) else { return };
        let func = FuncId(f.read(FRAME_FUNC, 4).bits as u32);
        let size = self.prog.funcs.get(func.index()).map_or(FRAME_REGS, |i| i.frame_size);
        let n = f.read(FRAME_NALLOCA, 4).bits as u32;
        let ids: Vec<u32> = (0..n).map(|k| decode(f.read(size + 8 * k, 8).bits).0).collect();
        for obj in ids {
            self.state.heap.free(obj);
        }
        self.state.heap.free(id);
    }

    /// `VM_CR_FRAME := target`: frees the running frame and its callers up to (not including)
    /// `target` or the bottom of the stack, and continues in `target` at its saved pc.
    fn switch_frame(&mut self, target: u32) -> Exec<Flow> {
        // `VM_CR_FRAME := NULL` from a thread: the thread is over (the OS has taken it out of its
        // table); its whole stack is freed and the transition ends.
        let ends_thread = target == 0 && self.in_thread;
        let ok = ends_thread || (self.state.heap.get(target).is_some_and(|o| o.kind == ObjKind::Frame) && target != self.frame);
        if !ok {
            return Err(FaultKind::BadHypercall("VM_CR_FRAME set to something that is not another live frame"));
        }
        let mut cur = self.frame;
        while cur != 0 && cur != target {
            let parent = self.state.heap.get(cur).map_or(0, |f| decode(f.read(FRAME_PARENT, 8).bits).0);
            self.free_frame(cur);
            cur = parent;
        }
        self.frame = target;
        if ends_thread {
            self.pending_fault = None;
            return Ok(Flow::Stop(Stop::Interrupt));
        }
        self.load_pc();
        if self.pending_fault.is_some() && cur == target {
            // A fault handler resumed its continuation: the fault is dealt with.
            self.pending_fault = None;
        }
        self.choice_base = self.choices.taken.len();
        self.visible_done = false;
        self.in_thread = true;
        Ok(Flow::Jumped)
    }

    fn first_alloca(&self) -> Option<u32> {
        let size = self.prog.funcs[self.func.index()].frame_size;
        let f = self.frame();
        if f.read(FRAME_NALLOCA, 4).bits == 0 {
            return None;
        }
        Some(decode(f.read(size, 8).bits).0)
    }

    /// Jumps to `target`, evaluating its φs for the edge from the current block.
    fn jump(&mut self, target: BlockId) -> Exec<Flow> {
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
                    if self.is_aggregate_reg(dest) {
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
        if self.prog.funcs[self.func.index()].cfl_point[target.index()] && self.interrupt((self.frame, target.0)) {
            return Ok(Flow::Stop(Stop::Interrupt));
        }
        Ok(Flow::Jumped)
    }

    /// Passing an interrupt point: does the transition end here? It does when the point was
    /// already passed in this transition and either a choice was made since then (storing the
    /// state lets equal states merge) or it was passed [`DETERMINISTIC_PASSES`] times (so that
    /// every infinite run is cut infinitely often, and finite-state loops end in a visited state).
    fn interrupt(&mut self, key: (u32, u32)) -> bool {
        if !self.interruptible() {
            return false;
        }
        let choices = self.choices.taken.len();
        match self.passed.iter_mut().find(|(k, _, _)| *k == key) {
            None => {
                self.passed.push((key, choices, 1));
                false
            }
            Some((_, last, passes)) => {
                *passes += 1;
                let cut = choices > *last || *passes >= DETERMINISTIC_PASSES;
                *last = choices;
                cut
            }
        }
    }

    /// Executes the instruction at the pc.
    fn step(&mut self) -> Exec<Flow> {
        let prog = self.prog;
        let f = prog.module.function(self.func);
        let block = &f.blocks[self.block as usize];
        if self.events.is_some() {
            let loc = match block.insts.get(self.inst as usize) {
                Some(i) => i.loc,
                None => block.term_loc,
            };
            if loc.is_known() && (loc.line, self.func.0) != self.last_line {
                self.last_line = (loc.line, self.func.0);
                self.event(Event::Line { func: self.func, loc });
            }
        }
        let Some(inst) = block.insts.get(self.inst as usize) else {
            if block.term_loc.is_known() {
                self.last_loc = block.term_loc;
            }
            return self.terminator(&block.term);
        };
        if inst.loc.is_known() {
            self.last_loc = inst.loc;
        }
        let dest = inst.dest;
        match &inst.kind {
            InstKind::Bin { op, flags, lhs, rhs } => {
                let w = self.dest_width(dest);
                let r = ops::binop(*op, flags.nsw, self.config.check_overflow, w, self.operand(*lhs), self.operand(*rhs))?;
                self.set_dest(dest, r);
            }
            InstKind::ICmp { pred, lhs, rhs } => {
                let w = self.op_width(*lhs);
                let r = ops::icmp(*pred, w, self.operand(*lhs), self.operand(*rhs));
                self.set_dest(dest, r);
            }
            InstKind::Select { cond, if_true, if_false } => {
                let c = self.operand(*cond);
                if let Some(d) = dest.filter(|d| self.is_aggregate_reg(*d)) {
                    let len = prog.funcs[self.func.index()].reg_size[d.index()];
                    let pick = if c.bits & 1 == 1 { *if_true } else { *if_false };
                    let b = self.operand_bytes(pick, len);
                    self.set_reg_bytes(d, &b);
                } else {
                    let (t, e) = (self.operand(*if_true), self.operand(*if_false));
                    let mut r = if c.bits & 1 == 1 { t } else { e };
                    if c.def & 1 == 0 && t != e {
                        r.def = 0;
                    }
                    self.set_dest(dest, r);
                }
            }
            InstKind::Cast { op, val, to } => {
                let from = self.op_width(*val);
                let to = prog.module.types.value_bits(*to);
                let v = self.operand(*val);
                if to < 64 {
                    self.note_narrowed_pointer(v);
                }
                let r = ops::cast(*op, from, to, v);
                self.set_dest(dest, r);
            }
            InstKind::Phi { .. } => {} // evaluated by `jump`
            InstKind::Freeze { val } => {
                let w = self.op_width(*val);
                let mut v = self.operand(*val);
                if !v.is_defined(w) {
                    // An arbitrary but fixed value: vigil picks the defined bits as they are and
                    // zero for the rest, which is one value of many: the exploration is then
                    // incomplete.
                    v.bits &= v.def;
                    v.def = u64::MAX;
                    self.trans_flags |= flags::INCOMPLETE;
                }
                self.set_dest(dest, v);
            }
            InstKind::Alloca { elem_size, count, .. } => {
                let n = self.operand(*count);
                if !n.is_defined(self.op_width(*count)) {
                    return Err(FaultKind::Undefined("alloca size"));
                }
                let size = elem_size.checked_mul(n.bits).filter(|s| *s <= 1 << 28).ok_or(FaultKind::BadHypercall("alloca too large"))?;
                let id = self.state.heap.alloc(Object::new(ObjKind::Alloca, size as usize, false));
                self.add_alloca(id);
                self.set_dest(dest, Scalar::pointer(id, 0));
            }
            InstKind::Load { ptr, ty, .. } => {
                if self.mem_interrupt() {
                    return Ok(Flow::Stop(Stop::Interrupt));
                }
                let p = self.operand(*ptr);
                let size = prog.module.types.size_of(*ty) as u32;
                match dest {
                    Some(d) if self.is_aggregate_reg(d) => {
                        let (obj, off) = self.check_access(p, size, false)?;
                        self.note_undefined_copy(obj, off, size);
                        let part = self.state.heap.get(obj).expect("checked").slice(off, size);
                        let reg_off = prog.funcs[self.func.index()].reg_off[d.index()];
                        self.frame_mut().copy_from(reg_off, &part, 0, size);
                    }
                    _ => {
                        let w = self.dest_width(dest);
                        let v = self.load_as_int(p, size, w)?;
                        let pointer = matches!(prog.module.types.get(*ty), vigil_ir::Type::Ptr);
                        let v = self.freeze_loaded(p, size, w.min(size * 8), v, pointer);
                        // Only a pointer-wide value keeps provenance (an int read over an ILP32
                        // pointer slot sees just the address bytes).
                        self.set_dest(dest, Scalar { bits: v.bits & crate::memory::mask(w), ptr: v.ptr && w >= 64, ..v });
                    }
                }
            }
            InstKind::Store { ptr, val, ty, .. } => {
                if self.mem_interrupt() {
                    return Ok(Flow::Stop(Stop::Interrupt));
                }
                let p = self.operand(*ptr);
                let size = prog.module.types.size_of(*ty) as u32;
                if size > 8 || matches!(prog.module.types.get(*ty), vigil_ir::Type::Struct { .. } | vigil_ir::Type::Array { .. }) {
                    let bytes = self.operand_bytes(*val, size);
                    let (obj, off) = self.check_access(p, size, true)?;
                    if bytes.def.iter().any(|d| *d != 0xff) {
                        self.state.flags |= flags::UNDEF_COPIED;
                    }
                    self.state.heap.get_mut(obj).expect("checked").copy_from(off, &bytes, 0, size);
                } else {
                    let v = self.operand(*val);
                    self.store(p, size, v)?;
                }
            }
            InstKind::PtrAdd { base, offset, indices, .. } => {
                let mut p = self.operand(*base);
                let mut delta = *offset;
                let mut defined = p.is_defined(64);
                for (idx, scale) in indices {
                    let w = self.op_width(*idx);
                    let i = self.operand(*idx);
                    defined &= i.is_defined(w);
                    let iv = ops::cast(vigil_ir::CastOp::SExt, w, 64, i).bits as i64;
                    delta = delta.wrapping_add(iv.wrapping_mul(*scale));
                }
                p = if p.ptr { ops::pointer_offset(p, delta) } else { Scalar { bits: p.bits.wrapping_add(delta as u64), ..p } };
                if !defined {
                    p.def = 0;
                }
                self.set_dest(dest, p);
            }
            InstKind::ExtractValue { agg, offset, ty } => {
                let len = self.agg_len(*agg);
                let bytes = self.operand_bytes(*agg, len);
                let size = prog.module.types.size_of(*ty) as u32;
                match dest {
                    Some(d) if self.is_aggregate_reg(d) => {
                        let mut part = Object::new(ObjKind::Frame, size as usize, false);
                        part.copy_from(0, &bytes, *offset as u32, size);
                        self.set_reg_bytes(d, &part);
                    }
                    _ => {
                        let v = bytes.read(*offset as u32, size.clamp(1, 8));
                        let w = self.dest_width(dest);
                        if w < 64 {
                            self.note_narrowed_pointer(v);
                        }
                        if bytes.splits_narrow_pointer(*offset as u32, size.clamp(1, 8)) {
                            self.trans_flags |= flags::ADDRESS_AS_INT;
                        }
                        self.set_dest(dest, Scalar { bits: v.bits & crate::memory::mask(w), ptr: v.ptr && w >= 64, ..v });
                    }
                }
            }
            InstKind::InsertValue { agg, val, offset, ty } => {
                let len = self.agg_len(*agg);
                let mut bytes = self.operand_bytes(*agg, len);
                let size = prog.module.types.size_of(*ty) as u32;
                if matches!(prog.module.types.get(*ty), vigil_ir::Type::Struct { .. } | vigil_ir::Type::Array { .. }) {
                    let part = self.operand_bytes(*val, size);
                    bytes.copy_from(*offset as u32, &part, 0, size);
                } else {
                    bytes.write(*offset as u32, size.clamp(1, 8), self.operand(*val));
                }
                if let Some(d) = dest {
                    self.set_reg_bytes(d, &bytes);
                }
            }
            InstKind::AtomicRmw { op, ptr, val, ty, .. } => {
                if self.mem_interrupt() {
                    return Ok(Flow::Stop(Stop::Interrupt));
                }
                let p = self.operand(*ptr);
                let size = prog.module.types.size_of(*ty) as u32;
                let w = prog.module.types.value_bits(*ty);
                let old = self.load_as_int(p, size, w)?;
                let v = self.operand(*val);
                let new = rmw(*op, w, old, v)?;
                self.store(p, size, new)?;
                self.set_dest(dest, old);
            }
            InstKind::CmpXchg { ptr, expected, new, ty, .. } => {
                if self.mem_interrupt() {
                    return Ok(Flow::Stop(Stop::Interrupt));
                }
                let p = self.operand(*ptr);
                let size = prog.module.types.size_of(*ty) as u32;
                let w = prog.module.types.value_bits(*ty);
                let old = self.load_as_int(p, size, w)?;
                let exp = self.operand(*expected);
                let eq = ops::icmp(vigil_ir::ICmpPred::Eq, w, old, exp);
                if eq.def & 1 == 0 {
                    return Err(FaultKind::Undefined("cmpxchg comparison"));
                }
                if eq.bits == 1 {
                    let n = self.operand(*new);
                    self.store(p, size, n)?;
                }
                if let Some(d) = dest {
                    // Result {ty, i1}: the old value, then the success flag after it.
                    let len = prog.funcs[self.func.index()].reg_size[d.index()];
                    let mut out = Object::new(ObjKind::Frame, len as usize, true);
                    out.write(0, size.min(8), old);
                    out.write(size.min(len - 1), 1, Scalar::int(eq.bits));
                    self.set_reg_bytes(d, &out);
                }
            }
            InstKind::Fence { .. } => {}
            InstKind::Call { callee, args, .. } => return self.call(*callee, args, dest),
            InstKind::Intrinsic { which, args, .. } => return self.intrinsic(*which, args, dest),
            InstKind::Unsupported { construct } => return Err(FaultKind::Unsupported(construct.clone())),
        }
        Ok(Flow::Next)
    }

    /// In-memory size of an operand's type.
    fn agg_len(&self, op: Operand) -> u32 {
        match op {
            Operand::Value(v) => self.prog.funcs[self.func.index()].val_size[v.index()],
            Operand::Const(c) => self.prog.const_size[c.index()],
        }
    }

    fn set_dest(&mut self, dest: Option<ValueId>, v: Scalar) {
        if let Some(d) = dest {
            self.set_reg(d, v);
        }
    }

    fn terminator(&mut self, t: &Terminator) -> Exec<Flow> {
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

    fn collect_args(&mut self, args: &[Operand]) -> Vec<Arg> {
        let mut buf = std::mem::take(&mut self.args_buf);
        buf.clear();
        let mut bits = std::mem::take(&mut self.arg_bits);
        bits.clear();
        bits.extend(args.iter().map(|a| self.op_width(*a)));
        self.arg_bits = bits;
        buf.extend(args.iter().map(|a| {
                if self.op_is_aggregate(*a) {
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

    fn call(&mut self, callee: Callee, args: &[Operand], dest: Option<ValueId>) -> Exec<Flow> {
        let target = match callee {
            Callee::Direct(f) => f,
            Callee::Indirect(p) => {
                let v = self.operand(p);
                if !v.is_defined(64) {
                    return Err(FaultKind::Undefined("call target"));
                }
                let (obj, off) = decode(v.bits);
                if !v.ptr || obj & CODE_TAG == 0 || off != 0 || (obj & !CODE_TAG) as usize >= self.prog.module.functions.len() {
                    return Err(if v.bits == 0 { FaultKind::NullDeref } else { FaultKind::BadCall });
                }
                FuncId(obj & !CODE_TAG)
            }
        };
        if self.prog.error_functions[target.index()] {
            let loc = self.current_loc();
            self.event(Event::Call { func: target, loc });
            return Err(FaultKind::Assert);
        }
        let argv = self.collect_args(args);
        if let Some(h) = self.prog.hypercalls[target.index()] {
            let r = self.hypercall(h, &argv, dest);
            self.args_buf = argv;
            return r;
        }
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
                self.args_buf = argv;
                return Ok(Flow::Stop(Stop::Interrupt));
            }
            self.state.flags |= flags::ATOMIC;
        }
        let loc = self.current_loc();
        self.event(Event::Call { func: target, loc });
        self.save_pc();
        let caller = self.frame;
        let r = self.push_frame(target, &argv, caller);
        self.args_buf = argv;
        r?;
        // The result register is written by `ret`, which finds the call at the caller's pc.
        Ok(Flow::Jumped)
    }

    /// Whether some caller of the running frame is a `__VERIFIER_atomic_*` function.
    fn inside_atomic_function(&self) -> bool {
        let mut frame = self.state.heap.get(self.frame).map_or(0, |f| decode(f.read(FRAME_PARENT, 8).bits).0);
        while let Some(f) = self.state.heap.get(frame) {
            let func = f.read(FRAME_FUNC, 4).bits as usize;
            if self.prog.atomic_functions.get(func).copied().unwrap_or(false) {
                return true;
            }
            frame = decode(f.read(FRAME_PARENT, 8).bits).0;
        }
        false
    }

    fn ret(&mut self, val: Option<Operand>) -> Exec<Flow> {
        let value = val.map(|v| {
            let len = self.agg_len(v);
            if len > 8 || self.op_is_aggregate(v) { Arg::Bytes(self.operand_bytes(v, len)) } else { Arg::Scalar(self.operand(v)) }
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
            // Return from main: main's variables die (C11 5.1.2.2.3: the return is exit(status)
            // after the end of their lifetime), then the runtime's exit runs the atexit handlers.
            // Memory that only main's variables pointed to is lost from here on (SV-COMP's
            // valid-memtrack), and a thread that still uses them faults.
            if let Some(exit) = self.prog.exit {
                let status = match value {
                    Some(Arg::Scalar(s)) => s,
                    _ => Scalar::int(0),
                };
                self.free_frame(self.frame);
                self.push_frame(exit, &[Arg::Scalar(status)], 0)?;
                return Ok(Flow::Jumped);
            }
            self.trans_flags |= flags::EXIT;
            return Ok(Flow::Stop(Stop::Exit));
        }
        let done = self.frame;
        self.free_frame(done);
        self.frame = parent_obj;
        self.load_pc();
        let f = self.prog.module.function(self.func);
        let call = &f.blocks[self.block as usize].insts[self.inst as usize];
        if let (Some(d), Some(v)) = (call.dest, value) {
            match v {
                Arg::Scalar(s) => self.set_reg(d, s),
                Arg::Bytes(b) => self.set_reg_bytes(d, &b),
            }
        }
        self.inst += 1;
        Ok(Flow::Jumped)
    }

    fn op_is_aggregate(&self, op: Operand) -> bool {
        match op {
            Operand::Value(v) => self.prog.funcs[self.func.index()].val_agg[v.index()],
            Operand::Const(c) => self.prog.const_agg[c.index()],
        }
    }

    fn int_arg(args: &[Arg], i: usize, what: &'static str) -> Exec<Scalar> {
        match args.get(i) {
            Some(Arg::Scalar(s)) => Ok(*s),
            _ => Err(FaultKind::BadHypercall(what)),
        }
    }

    fn hypercall(&mut self, h: Hypercall, args: &[Arg], dest: Option<ValueId>) -> Exec<Flow> {
        let arg = |i: usize, what: &'static str| Self::int_arg(args, i, what);
        let defined = |s: Scalar, what: &'static str| -> Exec<u64> {
            if s.is_defined(64) { Ok(s.bits) } else { Err(FaultKind::Undefined(what)) }
        };
        match h {
            Hypercall::ObjMake => {
                let size = defined(arg(0, "obj_make size")?, "obj_make size")?;
                if size > 1 << 28 {
                    return Err(FaultKind::BadHypercall("object larger than 256 MiB"));
                }
                let id = self.state.heap.alloc(Object::new(ObjKind::Heap, size as usize, false));
                self.set_dest(dest, Scalar::pointer(id, 0));
            }
            Hypercall::ObjFree => {
                let p = arg(0, "obj_free pointer")?;
                let (obj, off) = decode(p.bits);
                let ok = p.ptr && p.is_defined(64) && off == 0 && self.state.heap.get(obj).is_some_and(|o| o.kind == ObjKind::Heap);
                if !ok {
                    return Err(FaultKind::InvalidFree);
                }
                self.state.heap.free(obj);
            }
            Hypercall::ObjSize => {
                let p = arg(0, "obj_size pointer")?;
                let (obj, _) = self.check_access(p, 0, false)?;
                let size = self.state.heap.get(obj).expect("checked").size();
                self.set_dest(dest, Scalar::int(u64::from(size)));
            }
            Hypercall::ObjResize => {
                let p = arg(0, "obj_resize pointer")?;
                let size = defined(arg(1, "obj_resize size")?, "obj_resize size")?;
                let (obj, _) = self.check_access(p, 0, true)?;
                if size > 1 << 28 {
                    return Err(FaultKind::BadHypercall("object larger than 256 MiB"));
                }
                self.state.heap.get_mut(obj).expect("checked").resize(size as u32);
            }
            Hypercall::ObjShared => self.set_dest(dest, Scalar::int(0)),
            Hypercall::CtlGet => {
                let r = defined(arg(0, "control register")?, "control register")?;
                let v = match r {
                    reg::STATE => if self.state.root == 0 { Scalar::null() } else { Scalar::pointer(self.state.root, 0) },
                    reg::FRAME => if self.frame == 0 { Scalar::null() } else { Scalar::pointer(self.frame, 0) },
                    reg::INT_SLOT => self.int_slot.unwrap_or(Scalar::null()),
                    reg::SCHEDULER => self.scheduler.map_or(Scalar::null(), code_pointer),
                    reg::FAULT_HANDLER => self.fault_handler.map_or(Scalar::null(), code_pointer),
                    _ => return Err(FaultKind::BadHypercall("unknown control register")),
                };
                self.set_dest(dest, v);
            }
            Hypercall::CtlSet => {
                let r = defined(arg(0, "control register")?, "control register")?;
                let v = arg(1, "control register value")?;
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
                    _ => return Err(FaultKind::BadHypercall("unknown control register")),
                }
            }
            Hypercall::FrameMake => {
                let fp = arg(0, "frame_make function")?;
                let n = defined(arg(1, "frame_make argument count")?, "frame_make argument count")? as u32 as usize;
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
                let id = self.make_frame(FuncId(f), &args[2..2 + take], 0)?;
                self.set_dest(dest, Scalar::pointer(id, 0));
            }
            Hypercall::Trace => {
                self.quiet = None;
                let kind = arg(0, "trace kind")?.bits as u32;
                let text = self.read_c_string(arg(1, "trace message")?, 4096)?;
                self.event(Event::Trace { kind, text });
            }
            Hypercall::InterruptMem => {
                // An explicit visible access (the loader's points are marked on the accesses).
                if self.visible_access() {
                    return Ok(Flow::Stop(Stop::Interrupt));
                }
            }
            Hypercall::InterruptCfl => {
                // An explicit interrupt point (the OS's waiting loops): the transition ends when
                // this call is reached a second time in it, so a thread that waits for another
                // gives the scheduler a chance to run the other without spinning.
                let key = (u32::MAX - 1, self.frame.wrapping_mul(0x9e37_79b9) ^ (self.block << 12) ^ self.inst);
                if self.interruptible() {
                    if self.passed.iter().any(|(k, _, _)| *k == key) {
                        return Ok(Flow::Stop(Stop::Interrupt));
                    }
                    self.passed.push((key, self.choices.taken.len(), 1));
                }
            }
            Hypercall::Choose => {
                let n = defined(arg(0, "choose count")?, "choose count")? as u32 as i32;
                if n < 1 {
                    return Err(FaultKind::BadHypercall("choose with no options"));
                }
                if self.interruptible() && self.choices.taken.len() > self.choice_base && self.state.flags & flags::ATOMIC == 0 && n > 1 {
                    // A second choice by the program in one transition: the transition ends
                    // before it, so the state after the first choice is stored. Values chosen and
                    // already dead then merge in the visited set instead of multiplying the
                    // successors (k inputs read in a row cost k·n runs, not nᵏ).
                    return Ok(Flow::Stop(Stop::Interrupt));
                }
                let c = self.choose(n as u32);
                self.set_dest(dest, Scalar::int(u64::from(c)));
            }
            Hypercall::Control => {
                let op = defined(arg(0, "control op")?, "control op")?;
                let a = arg(1, "control argument").map(|s| s.bits).unwrap_or(0);
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
                            return Ok(Flow::Stop(Stop::Interrupt));
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
                    ctl::FAULT => {
                        return Err(match a {
                            1 => FaultKind::Assert,
                            2 => FaultKind::InvalidFree,
                            4 => FaultKind::Leak,
                            _ => FaultKind::BadHypercall("invalid argument to a library function"),
                        })
                    }
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
                self.set_dest(dest, Scalar::int(result));
            }
        }
        Ok(Flow::Next)
    }

    /// `llvm.lifetime.start/end` on `p` (see the module doc, "Block scopes"). Markers on anything
    /// but an alloca of this run are ignored, as LLVM allows.
    fn lifetime(&mut self, start: bool, p: Scalar) {
        let (obj, off) = decode(p.bits);
        if !p.ptr || off != 0 {
            return;
        }
        if let Some(o) = self.state.heap.get_mut(obj).filter(|o| matches!(o.kind, ObjKind::Alloca | ObjKind::OutOfScope)) {
            o.kind = if start { ObjKind::Alloca } else { ObjKind::OutOfScope };
            o.clear();
        }
    }

    fn intrinsic(&mut self, which: Intrinsic, args: &[Operand], dest: Option<ValueId>) -> Exec<Flow> {
        use Intrinsic::*;
        let w = if args.is_empty() { 0 } else { self.op_width(args[0]) };
        let a = |m: &Self, i: usize| m.operand(args[i]);
        let defined_len = |m: &Self, i: usize| -> Exec<u64> {
            let v = m.operand(args[i]);
            if v.is_defined(m.op_width(args[i])) { Ok(v.bits) } else { Err(FaultKind::Undefined("length")) }
        };
        match which {
            LifetimeStart | LifetimeEnd => self.lifetime(which == LifetimeStart, a(self, 1)),
            Memcpy | Memmove => {
                if self.mem_interrupt() {
                    return Ok(Flow::Stop(Stop::Interrupt));
                }
                let len = defined_len(self, 2)?;
                let (d, s) = (a(self, 0), a(self, 1));
                self.copy_memory(d, s, len)?;
            }
            Memset => {
                if self.mem_interrupt() {
                    return Ok(Flow::Stop(Stop::Interrupt));
                }
                let len = defined_len(self, 2)?;
                if len > 0 {
                    let len = u32::try_from(len).map_err(|_| FaultKind::OutOfBounds)?;
                    let (obj, off) = self.check_access(a(self, 0), len, true)?;
                    let v = a(self, 1);
                    self.state.heap.get_mut(obj).expect("checked").fill(off, len, v.bits as u8, v.def as u8);
                }
            }
            StackSave => {
                let n = self.frame().read(FRAME_NALLOCA, 4).bits;
                self.set_dest(dest, Scalar::int(n));
            }
            StackRestore => {
                let n = a(self, 0);
                self.free_allocas(n.bits as u32);
            }
            Expect => {
                let v = a(self, 0);
                self.set_dest(dest, v);
            }
            Abs => {
                let v = a(self, 0);
                let neg = ops::binop(vigil_ir::BinOp::Sub, false, false, w, Scalar::int(0), v)?;
                let is_neg = ops::icmp(vigil_ir::ICmpPred::Slt, w, v, Scalar::int(0));
                self.set_dest(dest, if is_neg.bits == 1 { neg } else { v });
            }
            SMin | SMax | UMin | UMax => {
                let (x, y) = (a(self, 0), a(self, 1));
                let pred = match which {
                    SMin => vigil_ir::ICmpPred::Slt,
                    SMax => vigil_ir::ICmpPred::Sgt,
                    UMin => vigil_ir::ICmpPred::Ult,
                    _ => vigil_ir::ICmpPred::Ugt,
                };
                let c = ops::icmp(pred, w, x, y);
                let mut r = if c.bits == 1 { x } else { y };
                if c.def == 0 {
                    r.def = 0;
                }
                self.set_dest(dest, r);
            }
            Ctpop | Ctlz | Cttz | Bswap | Bitreverse => {
                let v = a(self, 0);
                let m = crate::memory::mask(w);
                let x = v.bits & m;
                let bits = match which {
                    Ctpop => u64::from(x.count_ones()),
                    Ctlz => u64::from(x.leading_zeros() - (64 - w)),
                    Cttz => u64::from(if x == 0 { w } else { x.trailing_zeros() }),
                    Bswap => x.swap_bytes() >> (64 - w),
                    _ => x.reverse_bits() >> (64 - w),
                };
                let def = if v.is_defined(w) { u64::MAX } else { 0 };
                self.set_dest(dest, Scalar { bits, def, ptr: false });
            }
            Fshl | Fshr => {
                let (x, y, z) = (a(self, 0), a(self, 1), a(self, 2));
                let m = crate::memory::mask(w);
                let s = (z.bits % u64::from(w)) as u32;
                let (hi, lo) = (x.bits & m, y.bits & m);
                let bits = if s == 0 {
                    if which == Fshl { hi } else { lo }
                } else if which == Fshl {
                    ((hi << s) | (lo >> (w - s))) & m
                } else {
                    ((lo >> s) | (hi << (w - s))) & m
                };
                let def = if x.is_defined(w) && y.is_defined(w) && z.is_defined(w) { u64::MAX } else { 0 };
                self.set_dest(dest, Scalar { bits, def, ptr: false });
            }
            SAddWithOverflow | UAddWithOverflow | SSubWithOverflow | USubWithOverflow | SMulWithOverflow | UMulWithOverflow => {
                let (x, y) = (a(self, 0), a(self, 1));
                let m = crate::memory::mask(w);
                let (ux, uy) = (x.bits & m, y.bits & m);
                let sx = ops::cast(vigil_ir::CastOp::SExt, w, 64, x).bits as i64 as i128;
                let sy = ops::cast(vigil_ir::CastOp::SExt, w, 64, y).bits as i64 as i128;
                let (ux, uy) = (ux as u128, uy as u128);
                let (exact, signed) = match which {
                    SAddWithOverflow => (sx + sy, true),
                    SSubWithOverflow => (sx - sy, true),
                    SMulWithOverflow => (sx * sy, true),
                    UAddWithOverflow => ((ux + uy) as i128, false),
                    USubWithOverflow => (ux as i128 - uy as i128, false),
                    _ => ((ux * uy) as i128, false),
                };
                let result = (exact as u64) & m;
                let overflow = if signed {
                    exact < -(1i128 << (w - 1)) || exact > (1i128 << (w - 1)) - 1
                } else {
                    exact < 0 || exact > m as i128
                };
                let def = if x.is_defined(w) && y.is_defined(w) { u64::MAX } else { 0 };
                if let Some(d) = dest {
                    let len = self.prog.funcs[self.func.index()].reg_size[d.index()];
                    let vbytes = w.div_ceil(8);
                    let mut out = Object::new(ObjKind::Frame, len as usize, false);
                    out.write(0, vbytes, Scalar { bits: result, def, ptr: false });
                    if vbytes < len {
                        out.write(vbytes, 1, Scalar { bits: u64::from(overflow), def, ptr: false });
                    }
                    self.set_reg_bytes(d, &out);
                }
            }
            Trap => return Err(FaultKind::Unreachable),
            Assume => {
                let c = a(self, 0);
                if c.def & 1 == 1 && c.bits & 1 == 0 {
                    self.trans_flags |= flags::CANCEL;
                }
            }
            VaStart if self.prog.ptr_bytes == NARROW_PTR_BYTES => {
                // i386 va_list: a pointer to the next argument in the frame's vararg object.
                let area = self.first_alloca().ok_or(FaultKind::BadHypercall("va_start in a function without varargs"))?;
                let ap = a(self, 0);
                self.store(ap, NARROW_PTR_BYTES, Scalar::pointer(area, 0))?;
            }
            VaStart => {
                // x86-64 va_list: {i32 gp_offset, i32 fp_offset, ptr overflow_arg_area,
                // ptr reg_save_area}. Both offsets say "registers used up", so clang's va_arg code
                // reads every argument from the overflow area, which is the frame's vararg object.
                let area = self.first_alloca().ok_or(FaultKind::BadHypercall("va_start in a function without varargs"))?;
                let ap = a(self, 0);
                self.store(ap, 4, Scalar::int(48))?;
                let ap4 = ops::pointer_offset(ap, 4);
                self.store(ap4, 4, Scalar::int(304))?;
                let ap8 = ops::pointer_offset(ap, 8);
                self.store(ap8, 8, Scalar::pointer(area, 0))?;
                let ap16 = ops::pointer_offset(ap, 16);
                self.store(ap16, 8, Scalar::null())?;
            }
            VaEnd => {}
            VaCopy => {
                let (d, s) = (a(self, 0), a(self, 1));
                // sizeof(va_list): 24 bytes on x86-64, one pointer on i386.
                let len = if self.prog.ptr_bytes == NARROW_PTR_BYTES { 4 } else { 24 };
                self.copy_memory(d, s, len)?;
            }
            ObjectSize => {
                let p = a(self, 0);
                let min = args.get(1).map(|x| self.operand(*x).bits & 1 == 1).unwrap_or(false);
                let rw = self.dest_width(dest);
                let size = match self.check_access(p, 0, false) {
                    Ok((obj, off)) => u64::from(self.state.heap.get(obj).expect("checked").size().saturating_sub(off)),
                    Err(_) => if min { 0 } else { crate::memory::mask(rw) },
                };
                self.set_dest(dest, Scalar::int(size));
            }
            IsConstant => self.set_dest(dest, Scalar::int(0)),
        }
        Ok(Flow::Next)
    }
}

/// An argument value: a scalar, or the bytes of an aggregate.
#[derive(Clone, Debug)]
pub enum Arg {
    Scalar(Scalar),
    Bytes(Object),
}

fn rmw(op: vigil_ir::RmwOp, w: u32, old: Scalar, v: Scalar) -> Exec<Scalar> {
    use vigil_ir::{BinOp, ICmpPred, RmwOp::*};
    let bin = |b: BinOp| ops::binop(b, false, false, w, old, v);
    let pick = |p: ICmpPred| {
        let c = ops::icmp(p, w, old, v);
        if c.bits == 1 { old } else { v }
    };
    Ok(match op {
        Xchg => v,
        Add => bin(BinOp::Add)?,
        Sub => bin(BinOp::Sub)?,
        And => bin(BinOp::And)?,
        Or => bin(BinOp::Or)?,
        Xor => bin(BinOp::Xor)?,
        Nand => {
            let a = bin(BinOp::And)?;
            ops::binop(BinOp::Xor, false, false, w, a, Scalar::int(u64::MAX))?
        }
        Max => pick(ICmpPred::Sgt),
        Min => pick(ICmpPred::Slt),
        UMax => pick(ICmpPred::Ugt),
        UMin => pick(ICmpPred::Ult),
        UIncWrap => {
            let ge = ops::icmp(ICmpPred::Uge, w, old, v);
            if ge.bits == 1 { Scalar::int(0) } else { ops::binop(BinOp::Add, false, false, w, old, Scalar::int(1))? }
        }
        UDecWrap => {
            let zero = old.bits & crate::memory::mask(w) == 0;
            let gt = ops::icmp(ICmpPred::Ugt, w, old, v);
            if zero || gt.bits == 1 { v } else { ops::binop(BinOp::Sub, false, false, w, old, Scalar::int(1))? }
        }
    })
}

/// Spreads the low bits of `value` over the set bits of `mask`, lowest first (`pdep`).
fn deposit_bits(mut value: u64, mask: u64) -> u64 {
    let mut out = 0;
    let mut m = mask;
    while m != 0 {
        let bit = m & m.wrapping_neg();
        if value & 1 == 1 {
            out |= bit;
        }
        value >>= 1;
        m &= m - 1;
    }
    out
}
