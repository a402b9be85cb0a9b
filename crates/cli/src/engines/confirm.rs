//! Confirming another engine's counterexample on the concrete VM (DESIGN.md: every `false` is
//! replayed on the concrete VM before it is reported).
//!
//! The static and synergy engines find input vectors: the values the `__VERIFIER_nondet_*` calls
//! return, in order. The explicit engine runs the program with exactly those inputs
//! (`vigil_vm::Config::inputs`), still exploring the nondeterminism that is not an input, and
//! replays what it finds; only a violation of the checked property found that way becomes
//! `false`, with the VM's trace as the counterexample.

use super::explicit::ExplicitEngine;
use super::{Engine, EngineReport};
use crate::verdict::Answer;
use vigil_ir::unknown::{Cause, Class, Unknown};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Runs the program of `base` (the explicit engine's setup for the same program and property)
/// on `inputs`. Returns the confirmed `false` outcome, or why the vector does not confirm: the
/// message completes "the counterexample is …"; the cause is the VM's when the run stopped on a
/// limit, undefined behaviour or unsupported code, else [`Cause::Unconfirmed`].
pub fn confirm(base: &ExplicitEngine, inputs: Vec<u64>, cancel: &Arc<AtomicBool>) -> Result<EngineReport, Unknown> {
    let mut engine = ExplicitEngine {
        module: base.module.clone(),
        config: base.config.clone(),
        folded_overflow: None,
        confirm_max_states: base.confirm_max_states,
    };
    engine.config.vm.inputs = Some(inputs);
    engine.config.max_states = engine.config.max_states.min(base.confirm_max_states);
    let outcome = engine.run(cancel);
    match &outcome.answer {
        Answer::False(_) => Ok(outcome),
        Answer::True => Err(Unknown::new(Cause::Unconfirmed, "the program does not violate the property with these inputs")),
        Answer::Unknown(why) => {
            let cause = match why.cause.class() {
                Class::Limit | Class::Undefined | Class::Unsupported | Class::Internal => why.cause,
                Class::Declined | Class::Incomplete => Cause::Unconfirmed,
            };
            Err(Unknown::new(cause, format!("not confirmed on the VM ({why})")))
        }
    }
}
