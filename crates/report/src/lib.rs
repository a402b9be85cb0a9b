//! vigil-report: what vigil hands to other tools about a verdict.
//!
//! * [`evidence`] — the engine-independent description of a counterexample: the input values in
//!   the order the program read them, and where the violation happened;
//! * [`witness`] — SV-COMP violation witnesses in the YAML format 2.0, and a structural checker of
//!   that format (written from its public description) used by the tests;
//! * [`correctness`] — SV-COMP correctness witnesses (format 2.0, `invariant_set` with loop
//!   invariants): writing, reading back, and the structural check;
//! * [`harness`] — a C file defining the `__VERIFIER_nondet_*` functions so that the
//!   counterexample runs natively (e.g. under AddressSanitizer), and Test-Comp's XML test case.
#![forbid(unsafe_code)]

pub mod correctness;
pub mod evidence;
pub mod harness;
pub mod witness;

pub use evidence::{Access, EnvEvent, Evidence, InputValue, SourceLoc, Subproperty};
