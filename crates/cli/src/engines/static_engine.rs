//! The static engine (`vigil-static`: Calysto-style structure-preserving symbolic execution) as
//! a portfolio member.
//!
//! The engine never answers `true` (loops are unrolled a bounded number of times). Each of its
//! bug candidates that concerns the checked property is run on the VM with the candidate's
//! inputs ([`super::confirm`]); the first confirmed one is the `false`, the others stay
//! candidates (listed in the statistics and in SARIF output).

use super::explicit::ExplicitEngine;
use super::{Engine, EngineReport};
use crate::property::Property;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use vigil_ir::unknown::{Cause, Unknown};
use vigil_static::ReportKind;

pub struct StaticEngine {
    /// The program without vigil's runtime, after mem2reg (the engine's input).
    pub module: vigil_ir::Module,
    pub options: vigil_static::Options,
    pub property: Property,
    /// The explicit engine's setup for the same program, to confirm candidates.
    pub confirm_with: Arc<ExplicitEngine>,
    /// The name of the main source file (for SARIF).
    pub source_file: String,
}

/// The report kinds that can violate `property`.
pub fn relevant(property: Property, kind: ReportKind) -> bool {
    match property {
        Property::UnreachCall => kind == ReportKind::Assertion,
        Property::ValidMemsafety => kind == ReportKind::NullDeref,
        _ => false,
    }
}

impl Engine for StaticEngine {
    fn name(&self) -> &'static str {
        "static"
    }

    fn run(&self, cancel: &Arc<AtomicBool>) -> EngineReport {
        let mut opts = self.options.clone();
        opts.interrupt = Some(Arc::clone(cancel));
        let analysis = vigil_static::analyse(&self.module, &opts);
        let st = &analysis.stats;
        let mut stats = super::stats([
            ("vcs", st.vcs.into()),
            ("vcs_proved", st.vcs_proved.into()),
            ("candidates", analysis.reports.len().into()),
            ("summaries_expanded", st.summaries_expanded.into()),
            ("summary_operators", st.summary_operators.into()),
            ("symex_s", st.symex_time.as_secs_f64().into()),
            ("solver_s", st.solver_time.as_secs_f64().into()),
        ]);
        let mut unconfirmed = Vec::new();
        let mut out = None;
        // Per report: replayed into the bug, did not replay, or not tried (None).
        let mut confirmed: Vec<Option<bool>> = vec![None; analysis.reports.len()];
        for (k, r) in analysis.reports.iter().enumerate().filter(|(_, r)| relevant(self.property, r.kind)) {
            if cancel.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
            let vector: Vec<u64> = r.inputs.iter().map(|i| i.value).collect();
            match super::confirm::confirm(&self.confirm_with, vector, cancel) {
                Ok(o) => {
                    confirmed[k] = Some(true);
                    out = Some(o);
                    break;
                }
                Err(why) => {
                    confirmed[k] = Some(false);
                    unconfirmed.push(format!("{} at {}:{} ({why})", r.kind.rule_id(), r.file, r.line));
                }
            }
        }
        let mut out = out.unwrap_or_else(|| {
            let (cause, mut why) = match &analysis.incomplete {
                Some(stop) => (stop.cause, format!("static analysis stopped early: {stop}")),
                None => (
                    if unconfirmed.is_empty() { Cause::Bounded } else { Cause::Unconfirmed },
                    format!(
                        "no bug found within the unrolling bound ({} of {} verification conditions proved)",
                        st.vcs_proved, st.vcs
                    ),
                ),
            };
            if !unconfirmed.is_empty() {
                why.push_str(&format!("; {} candidate(s) did not replay on the VM", unconfirmed.len()));
            }
            EngineReport::unknown(Unknown::new(cause, why))
        });
        if !unconfirmed.is_empty() {
            stats.insert("unconfirmed".into(), unconfirmed.into());
        }
        if !analysis.skipped.is_empty() {
            let skipped: Vec<String> = analysis.skipped.iter().map(|(f, why)| format!("{f}: {why}")).collect();
            stats.insert("skipped_functions".into(), skipped.into());
        }
        out.sarif = Some(vigil_static::sarif(&analysis, &self.source_file, &confirmed));
        out.stats.extend(stats);
        out
    }
}
