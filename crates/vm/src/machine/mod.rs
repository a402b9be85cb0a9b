//! The interpreter: runs one *transition* of the program from a [`State`] (DiVM §4: the model
//! checker only asks for the initial state and the successors of a state).
//!
//! A transition starts in the OS's scheduler (a fresh frame), which picks a thread and switches
//! to its frame. The thread then runs until one of these ends the transition (DiVM §4.3, §6.1):
//! * it passes a `cfl` interrupt point again after a nondeterministic choice (or for the 1000th
//!   time without one, or the first time after a fast run of the loop it heads that did not
//!   leave the loop, see `fastloop`), or an explicit `__vm_interrupt_cfl()` call a second time;
//! * it asks for a second nondeterministic choice (the state after the first is stored, so
//!   inputs that are dead after their use merge);
//! * with several threads (`VM_FLAG_THREADED`), it is about to make a second *visible* action:
//!   an access at one of the loader's `interrupt_mem` points to a shared object (`sharing`),
//!   entering an atomic section
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
//! undefined ("freeze at load", `access.rs`) chooses the undefined bits: every combination when
//! at most 8 bits are undefined (a `char` is explored completely; a byte read as a `_Bool`, which
//! a `BoolCheck` follows, only in its lowest bit, the others becoming zero: a `_Bool`'s values
//! are 0 and 1), otherwise one sample — the
//! undefined bits zero — with the run marked incomplete ([`flags::UNDEF_SAMPLED`]: no `true` from
//! a sample); a pointer-typed load of an undefined pointer gives an invalid address (a sample
//! too). The chosen bytes are written back to the object, so later reads agree. With symbolic
//! data ([`Config::symbolic`], `symdata`), a wholly undefined value wider than 8 bits read by the
//! program is a fresh symbolic input instead of the two samples (every value at once: the run
//! stays complete), written back to memory as such. A copy by the program (`llvm.memcpy`,
//! aggregate loads: the runtime's memcpy, realloc, qsort, struct assignment, a struct returned
//! by value) first makes the wholly undefined bytes it copies such inputs in the source
//! (`symops`, `sym_uninit_copy`: at most 128 bytes per copy), so the copy and its source hold
//! one value. Other undefined bytes (partly defined ones, larger copies, copies without
//! symbolic data) are carried without choosing; since the copy and its source may then be read
//! with different choices, both objects are marked (`Object::undef_copied`), and a freeze in a
//! marked object sets [`flags::UNDEF_DOUBT`]: the verifier does not report a violation from a
//! state with that flag (it could rest on two reads of one value that disagree). A branch on a
//! register that is still undefined (an `undef` constant of the runtime, a faulting
//! instruction's result) explores both ways, freezes the register in place and also sets
//! [`flags::UNDEF_DOUBT`]. The OS's own code and the runtime's trace-only code never freeze (they
//! make no choices).
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
//! re-enters the block). `main`'s frame dies when `main` returns, before the runtime's `exit`
//! runs (C11 5.1.2.2.3), so memory only its variables pointed to is lost then.
//!
//! This module holds the machine's state and the run loop (a transition, the fault handler's
//! entry); the rest is split by idea: `registers` (values of the running frame), `access`
//! (checked memory access), `frames` (frame objects, switching frames, stack locations),
//! `interrupts` (where a transition ends), `sharing` (dynamic sharedness, recorded accesses), `step` (one instruction), `control` (jumps,
//! terminators, calls, returns), `hypercall` (the OS's interface) and `intrinsic`.

mod access;
mod addresses;
mod char_inputs;
mod control;
mod event_log;
pub(crate) mod fastloop;
mod frames;
mod hypercall;
mod interrupts;
mod intrinsic;
mod jump;
mod registers;
mod sharing;
mod step;
mod symatomic;
mod symops;
pub mod symdata;
mod symnorm;
mod symslice;
mod widereg;

pub use symdata::{argc_is_input, main_argc_only, ModelError, SymStats, Symbolic, ARGC_RUNNABLE};

pub use event_log::EventLog;
pub use sharing::Access;

use crate::fault::FaultKind;
use crate::memory::{decode, Heap, ObjKind, Object, Scalar, CODE_TAG, NARROW_PTR_BYTES, PTR_BYTES};
use crate::ops;
use crate::program::*;
use vigil_ir::{BlockId, Callee, FuncId, InstKind, Intrinsic, Loc, Operand, Terminator, ValueId};

/// How often a transition may pass the same interrupt point without a choice in between before
/// it is cut anyway.
pub const DETERMINISTIC_PASSES: u32 = 1000;

/// Control flags: those of the runtime's `vigil_vm.h` (`VM_FLAG_*`, from
/// [`vigil_runtime::consts`], which a test checks against the header) and the VM's own.
pub mod flags {
    use vigil_runtime::consts as rt;
    pub const ERROR: u32 = rt::VM_FLAG_ERROR as u32;
    pub const CANCEL: u32 = rt::VM_FLAG_CANCEL as u32;
    pub const INCOMPLETE: u32 = rt::VM_FLAG_INCOMPLETE as u32;
    pub const EXIT: u32 = rt::VM_FLAG_EXIT as u32;
    pub const MALLOC_CAN_FAIL: u32 = rt::VM_FLAG_MALLOC_CAN_FAIL as u32;
    pub const ATOMIC: u32 = rt::VM_FLAG_ATOMIC as u32;
    /// Raised by the VM (not part of the runtime's interface) when a result depends on where
    /// the platform puts objects, which the VM does not model (module `addresses`): a non-null
    /// pointer's address turned into an integer narrower than the VM's 64-bit pointer encoding
    /// (a cast, or a narrow load over pointer bytes: only the offset is kept, so two different
    /// objects could compare equal); a pointer compared with an integer-made address where the
    /// platform could have put the object; pointers into different objects ordered or
    /// subtracted; a pointer to a dead object, or outside its object, compared with a pointer
    /// to another. A run that did this proves nothing either way; `Machine::address_use` says
    /// why.
    pub const ADDRESS_AS_INT: u32 = 64;
    /// Set by the OS once the program has more than one thread: from then on the loader's
    /// `interrupt_mem` points are visible actions, at most one per transition (DiVM §6.1). Part
    /// of the state.
    pub const THREADED: u32 = rt::VM_FLAG_THREADED as u32;
    /// Transition flag, raised by the runtime's transcendental math.h functions (`exp`, `sin`,
    /// `pow`, …): they return the correctly rounded result, which glibc's do not always, so the
    /// values of the transition may differ from a glibc run in the last bit. Such a transition
    /// can show a violation (confirmed natively) but cannot prove `true`.
    pub const LIBM_ROUNDING: u32 = rt::VM_FLAG_LIBM_ROUNDING as u32;
    /// Transition flag, raised by the runtime's printf for `%p` of a non-null pointer, and by the
    /// VM when a variadic library function gets an address as an integer (`%lx` of
    /// `(uintptr_t)p`): the text is the VM's encoding of the address, natively another address
    /// of another length, so the transition can show a violation (confirmed natively) but
    /// cannot prove `true`.
    pub const ADDRESS_PRINTED: u32 = rt::VM_FLAG_ADDRESS_PRINTED as u32;
    /// Transition flag, raised by the runtime's file system when it refuses an open, `access`
    /// or `unlink` that a file system with other contents or permissions would grant: the
    /// transition follows one environment of many, so it can show a violation but cannot
    /// prove `true`.
    pub const FS_FIXED: u32 = rt::VM_FLAG_FS_FIXED as u32;
    /// Part of the state: a read chose a value for undefined memory in an object that undefined
    /// bytes were copied into or out of (`Object::undef_copied`), or a branch on an undefined
    /// register went both ways. A violation in such a state may rest on two reads of one
    /// uninitialised value that disagree: it is not evidence.
    pub const UNDEF_DOUBT: u32 = 512;
    /// Transition flag: a read of uninitialised memory took one sample value (more than 8
    /// undefined bits, or a pointer), like a sampled input; [`INCOMPLETE`] is set with it.
    pub const UNDEF_SAMPLED: u32 = 1024;
    /// Part of the state: the running thread's rounding direction, set by the runtime's
    /// `fesetround` and by its scheduler when it switches threads (each thread has its own, as
    /// each x86 thread has its own MXCSR). `ROUND_DOWN` alone rounds toward negative infinity,
    /// `ROUND_UP` alone toward positive infinity, both toward zero, neither to nearest.
    pub const ROUND_DOWN: u32 = rt::VM_FLAG_ROUND_DOWN as u32;
    pub const ROUND_UP: u32 = rt::VM_FLAG_ROUND_UP as u32;
    /// Part of the state, raised by the runtime's `pthread_cond_wait`/`_timedwait` when it
    /// returns without a signal (a spurious wake-up, which POSIX allows and glibc makes only in
    /// rare races). The search explores such returns, so a program that relies on there being
    /// none is not proved; a violation in such a state is not evidence (it may need one).
    pub const SPURIOUS: u32 = rt::VM_FLAG_SPURIOUS as u32;
    /// Part of the state, set by the explicit search under `valid-memcleanup` (the VM's own,
    /// not the runtime's): a heap object became unreachable on the way here. The canonical form
    /// that the search stores drops unreachable objects (`canon`), so without the flag a state
    /// rebuilt from it would have forgotten memory that can never be freed, and a program that
    /// loses a block and then ends would pass as having freed everything.
    pub const LEAKED: u32 = 1 << 17;
    /// Transition flag (the VM's own): the transition took a side of a symbolic branch whose
    /// feasibility the solver did not decide within [`super::Config::branch_quick_conflicts`],
    /// and ended right after it. The explicit search expands the state it leaves only after
    /// every state reached without such a side, once a check with the full budget has not
    /// refuted its path condition (`symdata`, "Undecided branch sides").
    pub const PC_UNPROVEN: u32 = 1 << 18;
}

/// The flags that belong to a state rather than to one transition.
pub const STATE_FLAGS: u32 =
    flags::ATOMIC | flags::THREADED | flags::UNDEF_DOUBT | flags::ROUND_DOWN | flags::ROUND_UP | flags::SPURIOUS | flags::LEAKED;

/// The rounding direction `flags` (a state's) name.
pub fn rounding(flags: u32) -> vigil_semantics::float_round::Rounding {
    use vigil_semantics::float_round::Rounding;
    match (flags & flags::ROUND_DOWN != 0, flags & flags::ROUND_UP != 0) {
        (false, false) => Rounding::NearestEven,
        (true, false) => Rounding::Down,
        (false, true) => Rounding::Up,
        (true, true) => Rounding::TowardZero,
    }
}

/// Control operations of `__vm_control` (`VM_CTL_*` of `vigil_vm.h`).
pub mod ctl {
    use vigil_runtime::consts as rt;
    pub const GET_FLAGS: u64 = rt::VM_CTL_GET_FLAGS as u64;
    pub const SET_FLAGS: u64 = rt::VM_CTL_SET_FLAGS as u64;
    pub const CLEAR_FLAGS: u64 = rt::VM_CTL_CLEAR_FLAGS as u64;
    pub const FAULT: u64 = rt::VM_CTL_FAULT as u64;
    pub const NONDET_RANGE: u64 = rt::VM_CTL_NONDET_RANGE as u64;
    /// Returns 1 when the run records a trace (replay); the runtime skips formatting otherwise.
    pub const TRACING: u64 = rt::VM_CTL_TRACING as u64;
    /// Returns -1 without a fixed input vector ([`super::Config::inputs`]), else its length.
    pub const INPUTS: u64 = rt::VM_CTL_INPUTS as u64;
    /// Returns value number `a` of the fixed input vector (0 past its end).
    pub const INPUT: u64 = rt::VM_CTL_INPUT as u64;
    /// Records an environment event `a` (`VM_ENV_*`) with value `b` in a traced run.
    pub const ENVIRONMENT: u64 = rt::VM_CTL_ENVIRONMENT as u64;
    /// The scheduler's threads that may run, as a bit set ([`super::Machine::ready_threads`]).
    pub const READY: u64 = rt::VM_CTL_READY as u64;
}

/// The environment events (`VM_ENV_*` of `vigil_vm.h`, the argument `a` of
/// [`ctl::ENVIRONMENT`]) that the trace itself reads: the others are data for witnesses and
/// harnesses.
pub mod env {
    use vigil_runtime::consts as rt;
    /// The value a `__VERIFIER_nondet_*` function returns (the innermost such call).
    pub const NONDET: u64 = rt::VM_ENV_NONDET as u64;
    /// The thread the scheduler picked for the transition.
    pub const THREAD: u64 = rt::VM_ENV_THREAD as u64;
}

/// Kinds of `__vm_trace` messages (`VM_TRACE_*` of `vigil_vm.h`).
pub mod trace {
    use vigil_runtime::consts as rt;
    /// Program output.
    pub const TEXT: u32 = rt::VM_TRACE_TEXT as u32;
    /// A note of the runtime, for people.
    pub const INFO: u32 = rt::VM_TRACE_INFO as u32;
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
    /// The symbolic part of the state (path condition, inputs read; see [`symdata`]); zero
    /// when no value is symbolic.
    pub sym: u64,
}

/// Control registers (`__vm_ctl_get` / `__vm_ctl_set`, shared with the runtime's `vigil_vm.h`).
pub mod reg {
    use vigil_runtime::consts as rt;
    pub const STATE: u64 = rt::VM_CR_STATE as u64;
    pub const FRAME: u64 = rt::VM_CR_FRAME as u64;
    pub const INT_SLOT: u64 = rt::VM_CR_INT_SLOT as u64;
    pub const SCHEDULER: u64 = rt::VM_CR_SCHEDULER as u64;
    pub const FAULT_HANDLER: u64 = rt::VM_CR_FAULT_HANDLER as u64;
    pub const TRANSIENT: u64 = rt::VM_CR_TRANSIENT as u64;
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
    /// Which inputs are symbolic terms rather than enumerated values ([`symdata`]); nothing is
    /// symbolic with a fixed input vector ([`Config::inputs`]).
    pub symbolic: Symbolic,
    /// Concrete replay of a symbolic counterexample: the inputs that are symbolic under
    /// [`Config::symbolic`] return these values in order (the solver's model; 0 and an
    /// incomplete run past its end); every other input is chosen as usual.
    pub wide_inputs: Option<Vec<u64>>,
    /// Write each solver query as an SMT-LIB 2 script into this directory.
    pub dump_vcs: Option<std::path::PathBuf>,
    /// Write the symbolic-data solver's whole incremental session as one SMT-LIB 2 script into
    /// this directory (`explicit-NNNNNN.smt2`, `vigil_bv::session_log`).
    pub dump_sessions: Option<std::path::PathBuf>,
    /// The configuration of the symbolic-data solver (`vigil check` gives it the tuned
    /// configuration of class `explicit-queries`); its `[bv] conflict-limit`, when set, replaces
    /// the per-query default of [`symdata`].
    pub solver: vigil_bv::config::SolverConfig,
    /// Solver queries after this instant answer unknown.
    pub deadline: Option<std::time::Instant>,
    /// SAT conflicts of the first feasibility check of each side of a symbolic branch in a
    /// sequential program; a side undecided within them is taken at the end of a transition of
    /// its own ([`flags::PC_UNPROVEN`]). 0: each side is decided at once with the full budget.
    pub branch_quick_conflicts: u64,
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
    /// `__vm_trace` text (program output, runtime notes; `kind` is one of [`trace`]).
    Trace { kind: u32, text: String },
    /// The value an input function returned, where the VM itself made the input (a symbolic
    /// input replayed from the solver's model); the runtime's inputs come as
    /// [`Event::Environment`] events `VM_ENV_NONDET`. `value` is the value's bits, sign-extended
    /// for a signed type.
    Input { func: FuncId, value: i64 },
    /// What the path read from the environment (`VM_CTL_ENVIRONMENT`): the runtime's event code
    /// (`VM_ENV_*` in `vigil_vm.h`) and its value.
    Environment { event: u64, value: i64 },
    /// A choice made by the VM itself (a branch on an undefined value).
    UndefBranch { loc: Loc },
    /// A load read uninitialised memory and the VM chose `value` for it (freeze at load).
    UndefRead { loc: Loc, value: u64 },
    /// `count` location events of a very long run were left out here ([`EventLog`]).
    LeftOut { count: u64 },
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

/// How a transition ended, with the flags it raised and its length.
#[derive(Clone, Debug)]
pub struct TransitionResult {
    pub stop: Stop,
    /// Flags raised during the transition (INCOMPLETE in particular).
    pub flags: u32,
    pub steps: u64,
}

/// The result of executing part of an instruction: a value, or the fault it raised.
type VmResult<T> = Result<T, FaultKind>;

/// Runs transitions of one program.
pub struct Machine<'p> {
    pub prog: &'p Program,
    pub config: Config,
    pub state: State,
    pub choices: Choices,
    /// Events, when tracing (replay); None during the search.
    pub events: Option<EventLog>,
    trans_flags: u32,
    /// Why and where the transition first raised [`flags::ADDRESS_AS_INT`] (module `addresses`).
    pub address_use: Option<(&'static str, Loc)>,
    /// Instructions run in the current transition (fast loops count theirs, see `fastloop`).
    steps: u64,
    /// Interrupt points passed in this transition: key → (choices taken at the last pass,
    /// passes). A map: a long transition passes the loop heads of many frames.
    passed: crate::fasthash::FastMap<(u32, u32), (usize, u32)>,
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
    /// `VM_CR_TRANSIENT`: the offset in the scheduler state (the root object) of a 4-byte field
    /// that is dead between transitions outside atomic sections, zeroed when one ends (set by
    /// `__boot`; see [`Self::clear_transient`]).
    transient: Option<u32>,
    /// Set by [`Self::probe_ready`]: the run ends when the scheduler says which threads may run.
    probe: bool,
    /// What the scheduler said in this transition (`VM_CTL_READY`).
    ready: Option<u64>,
    /// While `__boot` runs (the only time the two registers above may be set).
    booting: bool,
    /// The fault the handler is running for, with where it happened.
    pending_fault: Option<(FaultKind, Loc, FuncId)>,
    /// Whether the running thread made a visible memory access in this transition.
    visible_done: bool,
    /// The visible accesses the thread made in this transition, in order (see `sharing`).
    pub accesses: Vec<Access>,
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
    /// Shapes of the arguments of the call being made (lay out the variadic area).
    arg_shapes: Vec<ValueShape>,
    /// The term manager and solver of symbolic data (None when no input is symbolic): one for
    /// all the transitions of the machine, so term handles are stable across its states.
    sym: Option<Box<symdata::SymData>>,
    /// Loop iterations run fast and not yet noted in the trace (only when tracing).
    fast_note: Option<fastloop::FastNote>,
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
            let mut obj = obj;
            // Globals are reachable from every thread (see `sharing`).
            obj.shared = true;
            let id = heap.alloc(obj);
            debug_assert_eq!(id, prog.global_object(g));
        }
        let mut m = Machine {
            prog,
            config,
            state: State { heap, root: 0, flags: 0, sym: 0 },
            choices: Choices::default(),
            events: None,
            trans_flags: 0,
            address_use: None,
            steps: 0,
            passed: Default::default(),
            frame: 0,
            int_slot: None,
            scheduler: None,
            fault_handler: None,
            transient: None,
            probe: false,
            ready: None,
            booting: true,
            pending_fault: None,
            visible_done: false,
            accesses: Vec::new(),
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
            arg_shapes: Vec::new(),
            sym: None,
            fast_note: None,
        };
        m.sym = symdata::SymData::new(prog, &m.config);
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
        m.address_use = None;
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
        self.address_use = None;
        self.clear_passed();
        self.frame = 0;
        self.int_slot = None;
        self.pending_fault = None;
        self.func = FuncId(0);
        self.block = 0;
        self.inst = 0;
        self.last_line = (0, 0);
        self.last_loc = Loc::UNKNOWN;
    }

    /// Forgets the interrupt points passed (a new transition). A map grown large by one long
    /// transition is dropped rather than cleared, which would cost its capacity every time.
    fn clear_passed(&mut self) {
        if self.passed.capacity() > 1024 {
            self.passed = Default::default();
        } else {
            self.passed.clear();
        }
    }

    /// Runs one transition from the current state with the given choices: the scheduler, in a
    /// fresh frame, picks a thread and switches to it; the thread runs until an interrupt, the
    /// end of the program, an error or a cancelled path.
    pub fn run_transition(&mut self, choices: Choices) -> TransitionResult {
        self.choices = choices;
        self.trans_flags = 0;
        self.address_use = None;
        self.clear_passed();
        self.pending_fault = None;
        self.int_slot = None;
        self.choice_base = 0;
        self.visible_done = false;
        self.accesses.clear();
        self.ready = None;
        self.quiet = None;
        self.in_thread = false;
        self.frame = 0;
        if self.state.root == 0 {
            return TransitionResult { stop: Stop::Exit, flags: 0, steps: 0 };
        }
        let Some(sched) = self.scheduler else {
            let stop = Stop::Fault { kind: FaultKind::BadHypercall("no scheduler"), loc: Loc::UNKNOWN, func: FuncId(0) };
            return TransitionResult { stop, flags: 0, steps: 0 };
        };
        if let Err(kind) = self.push_frame(sched, &[], 0) {
            let stop = Stop::Fault { kind, loc: Loc::UNKNOWN, func: sched };
            return TransitionResult { stop, flags: 0, steps: 0 };
        }
        self.run()
    }

    /// The threads that may run from the current state, as a bit set (bit k: thread k of the
    /// scheduler's table; `VM_CTL_READY`): only the scheduler runs, up to where it says so
    /// (partial-order reduction asks which thread each pick runs before running any). None when
    /// it says nothing (the program ends, a deadlock). The scheduler's frame stays in the state;
    /// the caller resets the machine before its next run.
    pub fn probe_ready(&mut self) -> Option<u64> {
        self.probe = true;
        let _ = self.run_transition(Choices::forced(Vec::new()));
        self.probe = false;
        self.ready
    }

    /// The threads that could run when this transition started, as the scheduler said
    /// (`VM_CTL_READY`; None if it did not).
    pub fn ready_threads(&self) -> Option<u64> {
        self.ready
    }

    /// Runs from the current frame until the transition ends.
    fn run(&mut self) -> TransitionResult {
        self.steps = 0;
        let stop = loop {
            self.steps += 1;
            if self.config.max_steps > 0 && self.steps > self.config.max_steps {
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
        if self.probe {
            // Only the scheduler ran: nothing of it is kept (see Self::probe_ready).
            return TransitionResult { stop, flags: self.trans_flags, steps: self.steps };
        }
        self.save_pc();
        self.save_context();
        if stop == Stop::Interrupt {
            self.clear_transient();
        }
        TransitionResult { stop, flags: self.trans_flags, steps: self.steps }
    }

    /// At the end of a transition that leaves a state: zeroes the scheduler state's transient
    /// field (`VM_CR_TRANSIENT`, the runtime's `current`: which thread ran last) unless a thread
    /// is inside an atomic section, where the next transition must go on with it. Outside one
    /// the scheduler picks the thread again before anything reads the field, so two states that
    /// differ only in it have the same behaviours; zeroing it merges them, and lets the states
    /// after two independent transitions in either order be one (a diamond closes).
    fn clear_transient(&mut self) {
        let Some(off) = self.transient else { return };
        if self.state.flags & flags::ATOMIC != 0 {
            return;
        }
        let root = self.state.root;
        if let Some(o) = self.state.heap.get_mut(root) {
            if u64::from(off) + 4 <= u64::from(o.size()) {
                o.write(off, 4, Scalar::int(0));
            }
        }
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

    fn event(&mut self, e: Event) {
        if let Some(ev) = self.events.as_mut() {
            ev.push(e);
        }
    }

    /// A nondeterministic choice among `n ≥ 1` options.
    fn choose(&mut self, n: u32) -> u32 {
        let k = self.choices.taken.len();
        let c = self.choices.forced.get(k).copied().unwrap_or(0).min(n.saturating_sub(1));
        self.choices.taken.push((c, n));
        c
    }
}

/// An argument value: a scalar, or the bytes of an aggregate.
#[derive(Clone, Debug)]
pub enum Arg {
    Scalar(Scalar),
    Bytes(Object),
}
