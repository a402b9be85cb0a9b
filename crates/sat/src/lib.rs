//! vigil's CDCL SAT core.
//!
//! - [`Solver`]: an incremental CDCL solver (two watched literals with blocking literals,
//!   first-UIP learning with recursive minimisation, EVSIDS, phase saving with target and best
//!   phases, Luby/geometric/glucose restarts, stable/focused mode switching, rephasing with a
//!   ProbSAT local-search walk, LBD-based clause database reduction, level-0 simplification,
//!   bounded variable elimination) with assumptions, failed-assumption sets, budgets and DRAT
//!   proofs.
//! - [`Params`]: the single parameter table every heuristic reads (see [`params`]).
//! - [`dimacs`] and [`cli`]: strict DIMACS reading (plain, `.gz`, `.xz`) and the `vigil sat`
//!   front end with SAT-competition output.
//!
//! ```
//! use vigil_sat::{Lit, SolveResult, Solver};
//! let mut s = Solver::new();
//! let (a, b) = (s.new_var(), s.new_var());
//! s.add_clause(&[Lit::positive(a), Lit::positive(b)]);
//! s.add_clause(&[!Lit::positive(a)]);
//! assert_eq!(s.solve(), SolveResult::Sat);
//! assert_eq!(s.value(Lit::positive(b)), Some(true));
//! assert_eq!(s.solve_with(&[Lit::negative(b)]), SolveResult::Unsat);
//! assert_eq!(s.failed_assumptions(), &[Lit::negative(b)]);
//! ```
//!
//! Variable elimination and incremental use: see [`Solver`]'s module rule (elimination runs
//! only with the `elim` parameter; frozen and assumption variables are never eliminated).
#![forbid(unsafe_code)]

mod analyze;
mod clause_db;
pub mod cli;
mod decide;
pub mod dimacs;
mod drat;
mod elim;
mod keep_trail;
mod lit;
mod mode;
pub mod params;
mod propagate;
mod reduce;
mod rephase;
mod restart;
mod rng;
mod scope;
mod search;
mod simplify;
mod solver;
mod stats;
mod vsids;
mod walk;
mod watch;

pub use cli::{run_dimacs_cli, SatCliArgs, SatError};
pub use dimacs::Cnf;
pub use lit::{Lit, SolveResult, Var};
pub use params::{ParamError, Params};
pub use rng::Rng;
pub use solver::Solver;
pub use stats::Stats;
