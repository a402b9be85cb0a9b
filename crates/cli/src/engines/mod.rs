//! The engines as the portfolio sees them: something that, given a cancellation flag, produces an
//! [`EngineReport`] — an answer with its evidence — for one program and property.
//!
//! Invariant: a report's answer is `True` only with the engine's proof and `False` only with a
//! counterexample replayed on the concrete VM ([`EngineReport::evidence`] describes it for witnesses
//! and harnesses). Adapters turn each engine crate's own result into this form.

pub mod confirm;
pub mod explicit;
pub mod shape;
pub mod static_engine;
pub mod synergy;

use crate::verdict::Answer;
use vigil_ir::unknown::{Cause, Unknown};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// What one engine reached: its answer, the evidence for it and its statistics.
#[derive(Clone, Debug)]
pub struct EngineReport {
    pub answer: Answer,
    /// The replayed counterexample, as JSON steps with a `text` field each (empty unless false).
    pub trace: Vec<serde_json::Value>,
    /// The counterexample for witnesses and harnesses (unless false: None).
    pub evidence: Option<vigil_report::Evidence>,
    /// The explicit engine's choices (what `vigil replay` re-executes), when it has them.
    pub choices: Option<Vec<Vec<u32>>>,
    /// The fixed input vector the choices were made under (when another engine found it).
    pub inputs: Option<Vec<u64>>,
    /// The symbolic inputs' values the choices were made under (`vigil_vm::Config::wide_inputs`).
    pub wide_inputs: Option<Vec<u64>>,
    /// Engine statistics.
    pub stats: serde_json::Map<String, serde_json::Value>,
    /// Extra lines for text output (e.g. a proof), printed before the verdict.
    pub details: Vec<String>,
    /// Warnings about the program that do not change the answer (a reachable deadlock, a data
    /// race under sequential consistency): on stderr in text mode, `warnings` in JSON.
    pub warnings: Vec<String>,
    /// A SARIF 2.1.0 log of the engine's reports (static engine).
    pub sarif: Option<String>,
    /// The engine did not run: it does not apply to this program or property (the answer says why).
    pub declined: bool,
    /// For `true`: loop invariants of the proof (C expressions) for a correctness witness.
    pub invariants: Vec<vigil_synergy::witness::LoopInvariant>,
}

impl EngineReport {
    /// A report with `answer` and nothing else yet.
    pub fn new(answer: Answer) -> EngineReport {
        EngineReport {
            answer,
            trace: Vec::new(),
            evidence: None,
            choices: None,
            inputs: None,
            wide_inputs: None,
            stats: Default::default(),
            details: Vec::new(),
            warnings: Vec::new(),
            sarif: None,
            declined: false,
            invariants: Vec::new(),
        }
    }

    pub fn unknown(why: Unknown) -> EngineReport {
        EngineReport::new(Answer::Unknown(why))
    }

    /// The report of an engine that does not apply, with the reason.
    pub fn declined(reason: impl Into<String>) -> EngineReport {
        EngineReport { declined: true, ..EngineReport::unknown(Unknown::new(Cause::Declined, reason)) }
    }

    /// True for `true` and `false` (answers backed by evidence).
    pub fn is_conclusive(&self) -> bool {
        !matches!(self.answer, Answer::Unknown(_))
    }
}

/// Engine statistics from `(name, value)` pairs, in the order given (the `stats` of a report).
pub fn stats<const N: usize>(entries: [(&str, serde_json::Value); N]) -> serde_json::Map<String, serde_json::Value> {
    entries.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

/// An engine ready to run on one program.
pub trait Engine: Send + Sync {
    fn name(&self) -> &'static str;
    /// Runs to a report; must return soon after `cancel` becomes true (with unknown).
    fn run(&self, cancel: &Arc<AtomicBool>) -> EngineReport;
}
