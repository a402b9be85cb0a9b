//! The synergy engine (`vigil-synergy`: the SYNERGY algorithm) as a portfolio member.
//!
//! `true` is the engine's proof (a partition with no abstract error trace, printed with the
//! verdict); `false` only after the explicit engine confirmed the engine's input vector on the
//! VM ([`super::confirm`]).

use super::explicit::ExplicitEngine;
use super::{Engine, EngineReport};
use crate::verdict::Answer;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub struct SynergyEngine {
    /// The program without vigil's runtime, after mem2reg (the engine's input).
    pub module: vigil_ir::Module,
    pub options: vigil_synergy::Options,
    /// The explicit engine's setup for the same program, to confirm counterexamples.
    pub confirm_with: Arc<ExplicitEngine>,
}

impl Engine for SynergyEngine {
    fn name(&self) -> &'static str {
        "synergy"
    }

    fn run(&self, cancel: &Arc<AtomicBool>) -> EngineReport {
        let mut opts = self.options.clone();
        opts.interrupt = Some(Arc::clone(cancel));
        let (result, st) = vigil_synergy::check(&self.module, &opts);
        let mut stats = super::stats([
            ("algorithm", opts.algorithm.name().into()),
            ("iterations", st.iterations.into()),
            ("tests", st.tests.into()),
            ("refinements", st.refinements.into()),
            ("generalizations", st.generalizations.into()),
            ("solver_calls", st.solver_calls.into()),
            ("solver_s", st.solver_time.as_secs_f64().into()),
            ("regions", st.regions.into()),
            ("memory_mib", (st.memory_bytes >> 20).into()),
        ]);
        let mut out = match result {
            vigil_synergy::Verdict::Safe { proof } => {
                let mut o = EngineReport::new(Answer::True);
                o.details = proof.to_string().lines().map(String::from).collect();
                o.invariants = proof.invariants.clone();
                if let Ok(j) = serde_json::from_str::<serde_json::Value>(&proof.to_json()) {
                    stats.insert("proof".into(), j);
                }
                o
            }
            vigil_synergy::Verdict::Unsafe { inputs, .. } => {
                let vector: Vec<u64> = inputs.iter().map(|i| i.value).collect();
                match super::confirm::confirm(&self.confirm_with, vector, cancel) {
                    Ok(o) => o,
                    Err(why) => {
                        let message = format!("the synergy engine's counterexample is {}", why.message);
                        EngineReport::unknown(why.with_message(message))
                    }
                }
            }
            vigil_synergy::Verdict::Unknown(why) => EngineReport::unknown(why),
        };
        out.stats.extend(stats);
        out
    }
}
