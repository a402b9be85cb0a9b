//! vigil's automatic configurator (`vigil tune`): ParamILS's FocusedILS over the solvers'
//! parameter tables (Babić's thesis ch. 5 and Hutter, Babić, Hoos, Hu, FMCAD 2007: Spear was
//! tuned per class of verification conditions this way; JAIR 2009 for the algorithm).
//!
//! - [`space`]: the parameter tables, discretised into a finite configuration space.
//! - [`objective`]: PAR-k under a cap, and exact versus lower-bound run costs.
//! - [`ils`]: FocusedILS with adaptive capping, generic over an [`ils::Evaluator`].
//! - [`runner`]: the evaluator for the real solvers (in process, CPU-time cap).
//! - [`instances`]: training and validation sets from directories or lists.
//! - [`tuning`]: one session (search, final measurement on training and validation sets).
//! - [`db`]: the configuration database (`configs/CLASS.toml`).
//!
//! The tuner only chooses among configurations the solvers accept: every value comes from the
//! solver's own parameter table, and the answers are never affected by it (only run times).
#![forbid(unsafe_code)]

pub mod db;
pub mod ils;
pub mod instances;
pub mod objective;
pub mod runner;
pub mod space;
pub mod tuning;

pub use ils::{Evaluator, FocusedIls, IlsOptions, Progress};
pub use objective::{Objective, Run, RunResult};
pub use space::{Config, Space};
