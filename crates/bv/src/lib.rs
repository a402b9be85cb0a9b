//! vigil-bv: the bit-vector decision procedure of vigil, after Spear (Babić thesis, chapter 5).
//!
//! Floating point is a layer of bit-vector circuits over this ([`fp`], after SymFPU).
//!
//! Pipeline: terms are built in a hash-consed DAG ([`term`]) through a local rewriter
//! ([`rewrite`]); asserted terms are bit-blasted ([`blast`], [`circuits`]) into a structurally
//! hashed and-inverter graph ([`aig`]), Tseitin-encoded into the CDCL core (`vigil-sat`) by the
//! incremental [`solver`]. [`eval`] is the reference semantics everything is tested against;
//! [`smtlib`] is the SMT-LIB 2 (QF_BV, QF_FP) front end; [`config`] loads TOML configurations.
#![forbid(unsafe_code)]

pub mod aig;
pub mod blast;
pub mod circuits;
pub mod cone;
pub mod config;
pub mod derived;
pub mod eval;
pub mod fasthash;
pub mod fp;
pub mod interval_models;
pub mod low_bits;
pub mod model_cache;
pub mod neighbour_models;
pub mod ranges;
pub mod rewrite;
pub mod session_log;
pub mod smtlib;
pub mod solver;
pub mod sort;
pub mod term;
pub mod value;
pub mod word_eval;

pub use eval::{Evaluator, Value};
pub use rewrite::{RewriteConfig, Rule};
pub use solver::{CheckResult, Solver};
pub use sort::{Sort, SortError, MAX_WIDTH};
pub use term::{Op, TermId, TermManager};
pub use value::BitVecValue;
