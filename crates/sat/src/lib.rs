//! vigil's CDCL SAT core.
//!
//! - [`Solver`]: an incremental CDCL solver (two watched literals with blocking literals,
//!   first-UIP learning with recursive minimisation, EVSIDS, phase saving, Luby/geometric/glucose
//!   restarts, LBD-based clause database reduction, level-0 simplification, bounded variable
//!   elimination) with assumptions, failed-assumption sets, budgets and DRAT proofs.
//! - [`Params`]: the single parameter table every heuristic reads (see [`params`]).
//! - [`dimacs`] and [`cli`]: strict DIMACS reading (plain, `.gz`, `.xz`) and the `vigil sat`
//!   front end with SAT-competition output.
#![forbid(unsafe_code)]

mod analyze;
pub mod cli;
mod clause_db;
mod decide;
pub mod dimacs;
mod drat;
mod elim;
mod lit;
pub mod params;
mod propagate;
mod reduce;
mod restart;
mod rng;
mod search;
mod simplify;
mod solver;
mod stats;
mod vsids;
mod watch;

pub use cli::{run_dimacs_cli, SatCliArgs, SatError};
pub use dimacs::Cnf;
pub use lit::{Lit, SolveResult, Var};
pub use params::{ParamError, Params};
pub use solver::Solver;
pub use stats::Stats;
