//! The shape analysis (`vigil-shape`: symbolic memory graphs with list segments) as a portfolio
//! member for `valid-memsafety`, and for `unreach-call` on programs that allocate heap memory.
//!
//! It only proves: `true` when its exploration of abstract states finished with no possible
//! violation; everything else is `unknown` (a possible violation is left to the explicit engine,
//! which finds and replays real ones).

use super::{Engine, EngineReport};
use crate::verdict::Answer;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub struct ShapeEngine {
    /// The program without vigil's runtime, after mem2reg (the engine's input).
    pub module: vigil_ir::Module,
    pub options: vigil_shape::Options,
}

impl Engine for ShapeEngine {
    fn name(&self) -> &'static str {
        "shape"
    }

    fn run(&self, cancel: &Arc<AtomicBool>) -> EngineReport {
        let mut opts = self.options.clone();
        opts.interrupt = Some(Arc::clone(cancel));
        let (result, st) = vigil_shape::check(&self.module, &opts);
        let mut out = match result {
            Ok(()) => {
                let mut o = EngineReport::new(Answer::True);
                let what = match self.options.goal {
                    vigil_shape::Goal::MemSafety => "is memory-safe",
                    vigil_shape::Goal::Unreach => "is memory-safe and calls no error function",
                };
                o.details = vec![format!(
                    "proof: every abstract state explored ({} states; {} list chains summarised as segments, {} nodes materialised) {what}",
                    st.states, st.abstractions, st.materializations
                )];
                o
            }
            Err(why) => EngineReport::unknown(why),
        };
        out.stats.extend(super::stats([
            ("states", st.states.into()),
            ("steps", st.steps.into()),
            ("abstractions", st.abstractions.into()),
            ("materializations", st.materializations.into()),
            ("rounds", st.rounds.into()),
            ("widenings", st.widenings.into()),
        ]));
        out
    }
}
