//! A DiVM-style virtual machine for vigil IR (Ročkai et al., *DiVM: Model Checking with LLVM and
//! Graph Memory*, JSS 2018; `../shared/papers/002_*`).
//!
//! The instruction set is vigil IR plus ten hypercalls ([`program::Hypercall`]); memory is a graph
//! of objects ([`memory`]); frames are objects too, so a state is entirely its heap plus the
//! running frame. The model checker only asks for the initial state ([`Machine::boot`]) and runs
//! transitions from a state ([`Machine::run_transition`]), fixing the outcome of every
//! nondeterministic choice. Undefined behaviour becomes a fault ([`fault`]); the concrete meaning
//! of every operation is written once in [`ops`].
//!
//! Deviations from the paper, for now: faults stop the transition directly instead of entering an
//! OS fault handler; there is one thread and no scheduler in C yet (the runtime's `exit` is called
//! when `main` returns); each global is its own object rather than a slot of one globals object
//! (bounds checks then come from object bounds).
//!
//! Data models: LP64 and ILP32 (`--m32`). Registers are 64 bits wide in both; in ILP32 memory a
//! pointer takes 4 bytes holding its offset, and the object id lives in the shadow
//! ([`memory::PtrSlot`]). A pointer that went through a 32-bit integer keeps only its offset, so
//! dereferencing an integer in ILP32 is inconclusive (never reported as a violation).

#![forbid(unsafe_code)]

pub mod canon;
pub mod fasthash;
pub mod fault;
pub mod machine;
pub mod memory;
pub mod ops;
pub mod program;
pub mod symbolic;

pub use fault::{FaultKind, Property};
pub use machine::{Choices, Config, Event, Input, Machine, Outcome, State, Stop};
pub use program::Program;
