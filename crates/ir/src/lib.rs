//! vigil's compact intermediate representation.
//!
//! Every engine (the DiVM-style virtual machine, the Calysto-style static checker and SYNERGY)
//! reads programs through this crate and never through LLVM types. The front end
//! (`vigil-frontend`) lowers LLVM bitcode into a [`Module`]; this crate holds the data types,
//! the control-flow analyses ([`cfg`]) and a readable printer ([`print`]). It deliberately does
//! not link LLVM, so engines and their tests build without it.
//!
//! # Invariants of a lowered module
//!
//! * Ids are dense indices: [`FuncId`] into [`Module::functions`], [`BlockId`] into
//!   [`Function::blocks`] (block 0 is the entry), [`ValueId`] into [`Function::values`]
//!   (parameters first, then instruction results in program order), [`TypeId`] into
//!   [`Module::types`], [`GlobalId`] into [`Module::globals`], [`ConstId`] into
//!   [`Module::consts`].
//! * Every first-class value is a bit-vector of a known width: integers of their width, pointers of
//!   [`types::POINTER_BITS`], aggregates of their byte size × 8 (padding included), so symbolic
//!   engines can treat every register as one bit-vector term.
//! * Branch targets, GEP offsets and type sizes are resolved at lowering time: engines never look
//!   anything up by name.
//! * Every instruction carries a [`Loc`] (line 0 means "unknown").
//! * Anything the lowering does not support is an explicit [`InstKind::Unsupported`] or
//!   [`Terminator::Unsupported`] marker naming the construct, and is also listed in
//!   [`Module::unsupported`]. Engines that reach one answer `unknown`; nothing is skipped
//!   silently.

#![forbid(unsafe_code)]

pub mod cfg;
pub mod float;
pub mod graphs;
mod ids;
pub mod inst;
pub mod module;
pub mod print;
pub mod subproperty;
pub mod svcomp;
pub mod unknown;
pub mod types;

pub use float::{FCmpPred, FloatOp};
pub use ids::{BlockId, ConstId, FileId, FuncId, GlobalId, TypeId, ValueId};
pub use inst::{
    ArithFlags, AtomicOrdering, BinOp, CastOp, Callee, ICmpPred, Inst, InstKind, Intrinsic,
    Operand, RmwOp, Terminator,
};
pub use module::{
    Block, Const, Function, Global, GlobalInit, Loc, Module, PtrTarget, Reloc, Unsupported,
    ValueInfo, RUNTIME_SECTION,
};
pub use types::{Type, TypeTable};
