//! A DiVM-style virtual machine for vigil IR (Ročkai et al., *DiVM: Model Checking with LLVM and
//! Graph Memory*, JSS 2018; `../shared/papers/002_*`).
//!
//! The instruction set is vigil IR plus the hypercalls of [`program::Hypercall`] (the ten of the
//! paper, with `control` split into integer operations and the pointer-valued registers, and
//! `frame_make` for frames the OS starts itself); memory is a graph of objects ([`memory`]);
//! frames are objects too. The model checker only asks for the initial state ([`Machine::boot`])
//! and runs transitions from a state ([`Machine::run_transition`]), fixing the outcome of every
//! nondeterministic choice. The concrete meaning of every operation is written once in [`ops`] (crate `vigil-semantics`).
//!
//! The operating system runs inside the VM, in C (`vigil-runtime`, `c/os.c`): the VM runs the
//! runtime's `__boot` to build the initial state (scheduler state with a thread table, a frame
//! for `main`); each transition starts in the scheduler, which switches to a thread's frame; the
//! thread runs until an interrupt point, and the VM saves its frame where the scheduler said.
//! Threads (the runtime's pthreads) are entries of the OS's thread table; the VM knows nothing of
//! them beyond the `VM_FLAG_THREADED` flag that makes memory interrupt points visible.
//! Undefined behaviour becomes a fault ([`fault`]) that enters the OS's fault handler with a
//! continuation; the runtime's handler flags every fault as an error of the path, and the
//! verifier decides whether it violates the property checked. The state is the memory graph
//! reachable from the globals and the scheduler state ([`State::root`]).
//!
//! Deviation from the paper: each global is its own object rather than a slot of one globals
//! object (bounds checks come from object bounds, and a state that changes one global shares
//! every other global's object with its predecessor in the visited set — one globals object
//! would be copied whole on every change). Constants are read-only objects.
//!
//! Data models: LP64 and ILP32 (`--m32`). Registers are 64 bits wide in both; in ILP32 memory a
//! pointer takes 4 bytes holding its offset, and the object id lives in the shadow
//! ([`memory::PtrSlot`]). A pointer that went through a 32-bit integer keeps only its offset, so
//! dereferencing an integer in ILP32 is inconclusive (never reported as a violation).

#![forbid(unsafe_code)]

pub mod canon;
pub use vigil_bv::fasthash;
pub mod machine;
pub mod memory;
pub mod program;

// The meaning of the operations lives in `vigil-semantics`; re-exported under their old paths.
pub use vigil_semantics::{fault, float, ops, symbolic, wide};

pub use fault::{FaultClass, FaultKind, Property, Subproperty};
pub use machine::{argc_is_input, main_argc_only, Choices, Config, Event, Input, Machine, ModelError, TransitionResult, State, Stop, SymStats, Symbolic, ARGC_RUNNABLE};
pub use program::Program;
