//! The static engine (`vigil-static`: Calysto-style structure-preserving symbolic execution) as
//! a portfolio member.
//!
//! The engine never answers `true` (loops are unrolled a bounded number of times). Each of its
//! bug candidates that concerns the checked property is run on the VM with the candidate's
//! inputs ([`super::confirm`]); the first confirmed one is the `false`, the others stay
//! candidates (listed in the statistics and in SARIF output).
//!
//! **Deepening.** A round that confirms no bug but cut loop back edges at its bound (executions
//! left out) is followed by a round with twice the bound, up to `max_unroll`, until the time
//! runs out: a bug that needs six iterations of a loop is found in the round with bound 8.
//! Each round analyses the whole program again (its term space is fresh); a candidate input
//! vector is confirmed on the VM once, whichever round proposes it again. A deeper round starts
//! only when its predicted peak memory (the last round's growth of vigil's peak again) stays
//! below half the portfolio's limit, and the engine's thread runs them at a lower priority
//! (nice 10), so that they take only CPU time nothing else wants. The statistics and SARIF output are those of the last round
//! that finished.

use super::explicit::ExplicitEngine;
use super::{Engine, EngineReport};
use crate::property::Property;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use vigil_ir::unknown::{Cause, Unknown};
use vigil_static::ReportKind;

pub struct StaticEngine {
    /// The program without vigil's runtime, after mem2reg (the engine's input).
    pub module: vigil_ir::Module,
    /// The first round's options (`unroll` is its bound).
    pub options: vigil_static::Options,
    /// The largest bound a later round may use (at most `options.unroll`: no deepening).
    pub max_unroll: u32,
    /// A deeper round starts only when its predicted peak memory stays below this (bytes): the
    /// portfolio's limit stops every engine, and a round can take several times the memory of
    /// the one before ([`predicted_peak`]).
    pub deepen_below_bytes: u64,
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

/// The peak memory (bytes) predicted for the next round from the process's peak before and
/// after the last one: the last round's growth again, at least doubling.
fn predicted_peak(before: u64, after: u64) -> u64 {
    let growth = (after as f64 / before.max(1) as f64).max(2.0);
    (after as f64 * growth).min(u64::MAX as f64) as u64
}

/// Deeper rounds are speculative work: the thread that runs them gives way to the other engines
/// and to other processes by raising its own nice value to 10 (Linux keeps one per thread; the
/// portfolio runs each engine on a thread of its own, which ends with the engine).
fn give_way() {
    // SAFETY: `gettid` has no arguments, and `setpriority` with the calling thread's id changes
    // only that thread's nice value; a failure leaves the priority as it was.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, 10);
    }
}

/// The bound of the round after one with bound `k` (`None`: no further round).
fn next_bound(k: u32, max: u32) -> Option<u32> {
    let next = k.max(1).saturating_mul(2).min(max);
    (next > k).then_some(next)
}

impl Engine for StaticEngine {
    fn name(&self) -> &'static str {
        "static"
    }

    fn run(&self, cancel: &Arc<AtomicBool>) -> EngineReport {
        let mut opts = self.options.clone();
        opts.interrupt = Some(Arc::clone(cancel));
        // Candidate vectors already run on the VM; the ones that did not replay, and why.
        let mut tried: HashSet<Vec<u64>> = HashSet::new();
        let mut failed: HashSet<Vec<u64>> = HashSet::new();
        let mut unconfirmed: Vec<String> = Vec::new();
        // The last round that finished: its bound and analysis.
        let mut finished: Option<(u32, vigil_static::Analysis)> = None;
        let mut rounds = 0u64;
        let (analysis, bound, confirmed_cex, stopped) = loop {
            rounds += 1;
            let peak_before = crate::portfolio::peak_resident_bytes();
            let analysis = vigil_static::analyse(&self.module, &opts);
            let mut found = None;
            for r in analysis.reports.iter().filter(|r| relevant(self.property, r.kind)) {
                if cancel.load(Ordering::Relaxed) {
                    break;
                }
                let vector: Vec<u64> = r.inputs.iter().map(|i| i.value).collect();
                if !tried.insert(vector.clone()) {
                    continue;
                }
                match super::confirm::confirm(&self.confirm_with, vector.clone(), cancel) {
                    Ok(o) => {
                        found = Some((vector, o));
                        break;
                    }
                    Err(why) => {
                        failed.insert(vector);
                        unconfirmed.push(format!("{} at {}:{} ({why})", r.kind.rule_id(), r.file, r.line));
                    }
                }
            }
            if found.is_some() {
                break (analysis, opts.unroll, found, None);
            }
            if let Some(stop) = analysis.incomplete.clone() {
                // This round did not finish: report the last one that did, if any.
                match finished.take() {
                    Some((k, a)) => break (a, k, None, Some(stop)),
                    None => break (analysis, opts.unroll, None, Some(stop)),
                }
            }
            let room = match (peak_before, crate::portfolio::peak_resident_bytes()) {
                (Some(b), Some(a)) => predicted_peak(b, a) < self.deepen_below_bytes,
                _ => true,
            };
            let next = (analysis.stats.cut_back_edges > 0 && room && !cancel.load(Ordering::Relaxed))
                .then(|| next_bound(opts.unroll, self.max_unroll))
                .flatten();
            match next {
                Some(k) => {
                    if rounds == 1 {
                        give_way();
                    }
                    finished = Some((opts.unroll, analysis));
                    opts.unroll = k;
                }
                None => break (analysis, opts.unroll, None, None),
            }
        };
        let st = &analysis.stats;
        let mut stats = super::stats([
            ("vcs", st.vcs.into()),
            ("vcs_proved", st.vcs_proved.into()),
            ("candidates", analysis.reports.len().into()),
            ("summaries_expanded", st.summaries_expanded.into()),
            ("summary_operators", st.summary_operators.into()),
            ("symex_s", st.symex_time.as_secs_f64().into()),
            ("solver_s", st.solver_time.as_secs_f64().into()),
            ("unroll", bound.into()),
            ("rounds", rounds.into()),
        ]);
        // Per report of the reported round: replayed into the bug, did not replay, or not tried.
        let confirmed: Vec<Option<bool>> = analysis
            .reports
            .iter()
            .map(|r| {
                let vector: Vec<u64> = r.inputs.iter().map(|i| i.value).collect();
                match &confirmed_cex {
                    Some((v, _)) if *v == vector => Some(true),
                    _ => failed.contains(&vector).then_some(false),
                }
            })
            .collect();
        let mut out = match confirmed_cex {
            Some((_, o)) => o,
            None => {
                let vcs = format!("{} of {} verification conditions proved", st.vcs_proved, st.vcs);
                let (cause, mut why) = match (&stopped, analysis.incomplete.is_none()) {
                    (Some(stop), false) => (stop.cause, format!("static analysis stopped early: {stop}")),
                    (Some(stop), true) => (
                        stop.cause,
                        format!("no bug found within the unrolling bound {bound} ({vcs}); the next round stopped early: {stop}"),
                    ),
                    (None, _) => (
                        if unconfirmed.is_empty() { Cause::Bounded } else { Cause::Unconfirmed },
                        format!("no bug found within the unrolling bound {bound} ({vcs})"),
                    ),
                };
                if !unconfirmed.is_empty() {
                    why.push_str(&format!("; {} candidate(s) did not replay on the VM", unconfirmed.len()));
                }
                EngineReport::unknown(Unknown::new(cause, why))
            }
        };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_double_up_to_the_maximum() {
        assert_eq!(next_bound(0, 64), Some(2));
        assert_eq!(next_bound(1, 64), Some(2));
        assert_eq!(next_bound(32, 64), Some(64));
        assert_eq!(next_bound(48, 64), Some(64));
        assert_eq!(next_bound(64, 64), None);
        assert_eq!(next_bound(4, 4), None);
    }

    #[test]
    fn the_next_peak_repeats_the_last_growth_at_least_doubling() {
        assert_eq!(predicted_peak(100, 150), 300);
        assert_eq!(predicted_peak(100, 400), 1600);
        assert_eq!(predicted_peak(0, 10), 100);
    }
}
