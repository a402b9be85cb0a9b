//! The `auto` portfolio: run the engines that apply in parallel threads under one deadline; the
//! first answer backed by evidence wins and the others are cancelled.
//!
//! Invariants:
//! * engines never see each other; they share only the cancellation flag;
//! * two conclusive answers that contradict each other (`true` against a replayed `false`) mean a
//!   bug in vigil: the verdict is `unknown(engines disagree …)` naming both, never one of them;
//!   answers arriving while the others wind down after a cancellation are compared too;
//! * an engine that panics is reported as `unknown(internal error …)`; it cannot take the others
//!   down;
//! * with a memory limit, the process's resident memory is checked every 100 ms; above the limit
//!   the running engine holding the most heap ([`memory_accounts`]) is cancelled alone, and its
//!   answer becomes `unknown(memory limit …)` unless it had evidence; once it has stopped, freed
//!   memory is given back to the system and the check goes on. When the last engine running is
//!   above the limit (or no engine's share is known), every engine is cancelled and, unless one
//!   had already answered with evidence, the verdict is `unknown(memory limit …)`. The engines'
//!   own structures have no limit of their own;
//! * when no engine has evidence, the reason lists every engine's and its cause is the most
//!   serious of theirs ([`Unknown::dominant`]).
//!
//! Decisions are taken on the reasons' [`Cause`], never on their text.

use crate::engines::{Engine, EngineReport};
use crate::memory_accounts::{self, Account};
use crate::verdict::Answer;
use vigil_ir::unknown::{Cause, Unknown};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// The portfolio's limits (from the `[portfolio]` table).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Resident memory in bytes above which every engine is cancelled (None: no limit).
    pub memory: Option<u64>,
    /// How long engines get to stop after a cancellation before the portfolio stops waiting.
    pub wind_down: Duration,
    /// How often the resident memory is compared with the limit.
    pub memory_check: Duration,
    /// How long the engines named in [`DELAYED`] wait before they start, unless every other
    /// engine has finished sooner.
    pub delay: Duration,
}

/// The engines that start [`Limits::delay`] after the others. The static engine answers first
/// rarely (14 of the 1,270 tasks of the wide peer set of 2026-11-29; the explicit engine 694,
/// SYNERGY 456, shape 82), but until another engine answers it takes its share of the cores: on a
/// machine with two, a third of the CPU time of a program that another engine decides in a second.
/// Waiting costs the programs only it decides at most the delay.
pub const DELAYED: &[&str] = &["static"];

impl Default for Limits {
    /// The defaults of [`crate::config::PortfolioParams`], without a memory limit.
    fn default() -> Self {
        Limits { memory: None, ..Limits::from(&crate::config::PortfolioParams::default()) }
    }
}

impl From<&crate::config::PortfolioParams> for Limits {
    fn from(p: &crate::config::PortfolioParams) -> Self {
        Limits {
            memory: Some(p.max_memory_mib.saturating_mul(1 << 20)),
            wind_down: Duration::from_millis(p.wind_down_ms),
            memory_check: Duration::from_millis(p.memory_check_ms),
            delay: Duration::from_millis(p.static_delay_ms),
        }
    }
}

/// What one engine reached, for the summary.
#[derive(Clone, Debug)]
pub struct EngineSummary {
    pub engine: &'static str,
    /// `true`, `false(P)`, `unknown(R)`, or `cancelled` / `still running` when it gave no answer.
    pub result: String,
    pub time_s: f64,
}

/// The portfolio's verdict.
#[derive(Debug)]
pub struct PortfolioResult {
    /// The engine whose outcome is reported (`none` when no engine ran or they disagree).
    pub decided_by: &'static str,
    pub outcome: EngineReport,
    pub summaries: Vec<EngineSummary>,
}

/// The resident memory of this process in bytes (`VmRSS` of `/proc/self/status`), if known.
pub fn resident_bytes() -> Option<u64> {
    status_bytes("VmRSS:")
}

/// The most resident memory this process has had so far, in bytes (`VmHWM`), if known.
pub fn peak_resident_bytes() -> Option<u64> {
    status_bytes("VmHWM:")
}

fn status_bytes(key: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// A progress report: every so often, called with the time elapsed and the engines still running.
pub type Progress<'a> = (Duration, &'a dyn Fn(Duration, &[&'static str]));

/// Runs `engines` until one gives a conclusive answer, all have finished, `deadline` passes, or
/// the process's resident memory exceeds `limits.memory` bytes.
/// With `progress`, calls `progress.1(elapsed, engines still running)` every `progress.0`.
pub fn run(
    engines: Vec<Arc<dyn Engine>>,
    deadline: Instant,
    limits: Limits,
    progress: Option<Progress<'_>>,
) -> PortfolioResult {
    if engines.is_empty() {
        return PortfolioResult { decided_by: "none", outcome: EngineReport::unknown(Unknown::new(Cause::NoEngine, "no engine applies")), summaries: Vec::new() };
    }
    let start = Instant::now();
    // One cancellation flag per engine, so that the memory limit can stop one engine alone.
    let cancels: Vec<Arc<AtomicBool>> = engines.iter().map(|_| Arc::new(AtomicBool::new(false))).collect();
    let cancel_all = || cancels.iter().for_each(|c| c.store(true, Ordering::Relaxed));
    let accounts: Vec<Option<Arc<Account>>> = engines.iter().map(|_| Account::claim().map(Arc::new)).collect();
    let (tx, rx) = mpsc::channel::<(usize, EngineReport, f64)>();
    // How many engines that start at once are still running (a delayed engine starts early when
    // none is).
    let is_delayed = |e: &Arc<dyn Engine>| engines.len() > 1 && DELAYED.contains(&e.name()) && !limits.delay.is_zero();
    let undelayed_running = Arc::new(std::sync::atomic::AtomicUsize::new(engines.iter().filter(|e| !is_delayed(e)).count()));
    for (k, engine) in engines.iter().enumerate() {
        let delayed = is_delayed(engine);
        let engine = Arc::clone(engine);
        let cancel = Arc::clone(&cancels[k]);
        let account = accounts[k].clone();
        let engine_tx = tx.clone();
        let running = Arc::clone(&undelayed_running);
        let delay = limits.delay;
        let spawned = std::thread::Builder::new().name(format!("engine-{}", engine.name())).spawn(move || {
            if delayed {
                let until = Instant::now() + delay;
                while Instant::now() < until && running.load(Ordering::Acquire) > 0 {
                    if cancel.load(Ordering::Relaxed) {
                        let why = "not started: it starts after the others, and they answered (or the check stopped) first";
                        let _ = engine_tx.send((k, EngineReport::unknown(Unknown::new(Cause::Cancelled, why)), 0.0));
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
            if let Some(account) = &account {
                account.enter();
            }
            let t0 = Instant::now();
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| engine.run(&cancel)))
                .unwrap_or_else(|_| {
                    EngineReport::unknown(Unknown::new(Cause::Bug, format!("internal error in the {} engine (please report)", engine.name())))
                });
            // A conclusive answer cancels the delayed engines; until the portfolio has done so
            // they must not start.
            if !delayed && !outcome.is_conclusive() {
                running.fetch_sub(1, Ordering::Release);
            }
            let _ = engine_tx.send((k, outcome, t0.elapsed().as_secs_f64()));
        });
        if spawned.is_err() {
            let _ = tx.send((k, EngineReport::unknown(Unknown::new(Cause::Bug, "could not start a thread")), 0.0));
        }
    }
    drop(tx);
    let mut results: Vec<Option<(EngineReport, f64)>> = vec![None; engines.len()];
    let mut stop_waiting_at = deadline;
    let mut cancelled = false;
    // Engines stopped for memory: the resident size then, and what the engine held if it was
    // stopped alone (None: every engine still running was stopped).
    let mut shed: Vec<Option<(u64, Option<u64>)>> = vec![None; engines.len()];
    // The engine last stopped for memory, until it has reported or its wind-down is over.
    let mut shedding: Option<(usize, Instant)> = None;
    let mut next_report = progress.map(|(interval, _)| start + interval);
    loop {
        let now = Instant::now();
        if now >= stop_waiting_at {
            break;
        }
        if let Some((k, until)) = shedding {
            if results[k].is_some() || now >= until {
                shedding = None;
                memory_accounts::return_free_memory();
            }
        }
        if let (Some(limit), None, false) = (limits.memory, shedding, cancelled) {
            if let Some(rss) = resident_bytes().filter(|rss| *rss > limit) {
                let running: Vec<usize> = (0..engines.len()).filter(|&k| results[k].is_none() && shed[k].is_none()).collect();
                let held = |k: usize| accounts[k].as_ref().map_or(0, |a| a.held());
                let heaviest = running.iter().copied().max_by_key(|&k| held(k));
                match heaviest {
                    // Others are still running and this engine's share is known: stop it alone
                    // and let the others go on.
                    Some(k) if running.len() > 1 && held(k) > 0 => {
                        shed[k] = Some((rss, Some(held(k))));
                        cancels[k].store(true, Ordering::Relaxed);
                        shedding = Some((k, now + limits.wind_down));
                    }
                    _ => {
                        for &k in &running {
                            shed[k] = Some((rss, None));
                        }
                        cancelled = true;
                        cancel_all();
                        stop_waiting_at = now + limits.wind_down;
                    }
                }
            }
        }
        let mut wait = stop_waiting_at - now;
        if let Some(at) = next_report {
            wait = wait.min(at.saturating_duration_since(now));
        }
        if limits.memory.is_some() {
            wait = wait.min(limits.memory_check);
        }
        match rx.recv_timeout(wait) {
            Ok((k, outcome, secs)) => {
                let conclusive = outcome.is_conclusive();
                results[k] = Some((outcome, secs));
                if conclusive && !cancelled {
                    cancelled = true;
                    cancel_all();
                    stop_waiting_at = (Instant::now() + limits.wind_down).min(deadline + limits.wind_down);
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) if Instant::now() < stop_waiting_at => {
                if let (Some((interval, report)), Some(at)) = (progress, next_report) {
                    if Instant::now() >= at {
                        next_report = Some(at + interval);
                        let running: Vec<&'static str> =
                            engines.iter().zip(&results).filter(|(_, r)| r.is_none()).map(|(e, _)| e.name()).collect();
                        report(start.elapsed(), &running);
                    }
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if !cancelled {
                    // The deadline passed: ask everyone to stop and give them a moment.
                    cancelled = true;
                    cancel_all();
                    stop_waiting_at = Instant::now() + limits.wind_down;
                } else {
                    break;
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    // An engine stopped for memory reports that, unless it answered with evidence first.
    if let Some(limit) = limits.memory {
        for (k, r) in results.iter_mut().enumerate() {
            let Some((rss, alone)) = shed[k] else { continue };
            if !r.as_ref().is_some_and(|(o, _)| o.is_conclusive()) {
                let mut why = format!("memory limit reached ({} MiB resident, limit {} MiB", rss >> 20, limit >> 20);
                if let Some(held) = alone {
                    why += &format!("; this engine held {} MiB and was stopped, the others went on", held >> 20);
                }
                why.push(')');
                let secs = r.as_ref().map_or_else(|| start.elapsed().as_secs_f64(), |(_, s)| *s);
                *r = Some((EngineReport::unknown(Unknown::new(Cause::MemoryLimit, why)), secs));
            }
        }
    }
    decide(&engines, results, start)
}

fn decide(engines: &[Arc<dyn Engine>], results: Vec<Option<(EngineReport, f64)>>, start: Instant) -> PortfolioResult {
    let summaries: Vec<EngineSummary> = engines
        .iter()
        .zip(&results)
        .map(|(e, r)| EngineSummary {
            engine: e.name(),
            result: match r {
                Some((o, _)) => o.answer.display(),
                None => "cancelled (no answer)".into(),
            },
            time_s: r.as_ref().map(|(_, s)| *s).unwrap_or_else(|| start.elapsed().as_secs_f64()),
        })
        .collect();
    let conclusive: Vec<usize> = (0..engines.len())
        .filter(|&k| results[k].as_ref().is_some_and(|(o, _)| o.is_conclusive()))
        .collect();
    let says_true = conclusive.iter().any(|&k| matches!(results[k].as_ref().map(|r| &r.0.answer), Some(Answer::True)));
    let says_false = conclusive.iter().any(|&k| matches!(results[k].as_ref().map(|r| &r.0.answer), Some(Answer::False(_))));
    if says_true && says_false {
        let who: Vec<String> = conclusive.iter().map(|&k| format!("{} says {}", summaries[k].engine, summaries[k].result)).collect();
        let why = format!("engines disagree: {}; this is a bug in vigil, please report", who.join(", "));
        let mut outcome = EngineReport::unknown(Unknown::new(Cause::Disagreement, why));
        // Show the counterexample that was claimed, so the disagreement can be investigated.
        if let Some(&k) = conclusive.iter().find(|&&k| matches!(results[k].as_ref().map(|r| &r.0.answer), Some(Answer::False(_)))) {
            outcome.trace = results[k].as_ref().map(|r| r.0.trace.clone()).unwrap_or_default();
        }
        return PortfolioResult { decided_by: "none", outcome, summaries };
    }
    let mut results = results;
    if let Some(&k) = conclusive.iter().min_by(|&&a, &&b| {
        let ta = results[a].as_ref().map(|r| r.1).unwrap_or(f64::MAX);
        let tb = results[b].as_ref().map(|r| r.1).unwrap_or(f64::MAX);
        ta.total_cmp(&tb)
    }) {
        let (outcome, _) = results[k].take().expect("conclusive result present");
        return PortfolioResult { decided_by: engines[k].name(), outcome, summaries };
    }
    // No evidence anywhere: unknown, with the reason of every engine that ran (of every engine
    // when none applied); the summaries still list them all.
    let declined = |r: &Option<(EngineReport, f64)>| r.as_ref().is_some_and(|(o, _)| o.declined);
    let any_ran = results.iter().any(|r| !declined(r));
    let reasons: Vec<(&str, Unknown)> = engines
        .iter()
        .zip(&results)
        .filter(|(_, r)| !any_ran || !declined(r))
        .map(|(e, r)| match r {
            Some((EngineReport { answer: Answer::Unknown(why), .. }, _)) => (e.name(), why.clone()),
            _ => (e.name(), Unknown::new(Cause::Timeout, "no answer in time")),
        })
        .collect();
    let mut outcome = EngineReport::unknown(match reasons.as_slice() {
        [(_, only)] => only.clone(),
        _ => {
            let text = reasons.iter().map(|(e, why)| format!("{e}: {why}")).collect::<Vec<_>>().join("; ");
            let cause = Unknown::dominant(reasons.iter().map(|(_, why)| why)).map_or(Cause::NoEngine, |u| u.cause);
            Unknown::new(cause, text)
        }
    });
    // Keep the statistics of the single engine that ran, if only one did.
    if engines.len() == 1 {
        if let Some((o, _)) = results[0].take() {
            outcome.stats = o.stats;
            outcome.details = o.details;
            outcome.warnings = o.warnings;
        }
    }
    let decided_by = if engines.len() == 1 { engines[0].name() } else { "none" };
    PortfolioResult { decided_by, outcome, summaries }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in engine: answers `answer` after `delay`, or unknown when cancelled first.
    struct Stub {
        name: &'static str,
        answer: Answer,
        delay: Duration,
        honours_cancel: bool,
        panics: bool,
    }

    impl Engine for Stub {
        fn name(&self) -> &'static str {
            self.name
        }
        fn run(&self, cancel: &Arc<AtomicBool>) -> EngineReport {
            let until = Instant::now() + self.delay;
            while Instant::now() < until {
                if self.honours_cancel && cancel.load(Ordering::Relaxed) {
                    return EngineReport::unknown(Unknown::new(Cause::Cancelled, "cancelled"));
                }
                std::thread::sleep(Duration::from_millis(2));
            }
            if self.panics {
                panic!("stub engine failure");
            }
            EngineReport::new(self.answer.clone())
        }
    }

    fn stub(name: &'static str, answer: Answer, delay_ms: u64) -> Arc<dyn Engine> {
        Arc::new(Stub { name, answer, delay: Duration::from_millis(delay_ms), honours_cancel: true, panics: false })
    }

    fn gave_up() -> Answer {
        Answer::Unknown(Unknown::new(Cause::SolverLimit, "gave up"))
    }

    fn far() -> Instant {
        Instant::now() + Duration::from_secs(60)
    }

    #[test]
    fn first_conclusive_answer_wins_and_the_others_are_cancelled() {
        // The slow engine would answer only after an hour: it ends because it saw the cancel
        // flag (its result says so), not because its time was up.
        let r = run(vec![stub("slow", Answer::True, 3_600_000), stub("fast", Answer::False(vigil_ir::subproperty::Subproperty::UnreachCall), 10)], far(), Limits::default(), None);
        assert_eq!(r.decided_by, "fast");
        assert_eq!(r.outcome.answer, Answer::False(vigil_ir::subproperty::Subproperty::UnreachCall));
        assert_eq!(r.summaries[0].result, "unknown(cancelled)");
    }

    #[test]
    fn unknown_answers_do_not_win() {
        let r = run(vec![stub("a", gave_up(), 1), stub("b", Answer::True, 50)], far(), Limits::default(), None);
        assert_eq!(r.decided_by, "b");
        assert_eq!(r.outcome.answer, Answer::True);
    }

    #[test]
    fn disagreement_is_unknown_and_names_both() {
        // A deliberately wrong engine that does not stop when cancelled: both answers arrive.
        let wrong: Arc<dyn Engine> = Arc::new(Stub {
            name: "wrong",
            answer: Answer::True,
            delay: Duration::from_millis(50),
            honours_cancel: false,
            panics: false,
        });
        let r = run(vec![stub("right", Answer::False(vigil_ir::subproperty::Subproperty::UnreachCall), 1), wrong], far(), Limits::default(), None);
        assert_eq!(r.decided_by, "none");
        match &r.outcome.answer {
            Answer::Unknown(why) => {
                assert_eq!(why.cause, Cause::Disagreement);
                let why = &why.message;
                assert!(why.contains("engines disagree"), "{why}");
                assert!(why.contains("wrong says true") && why.contains("right says false(unreach-call)"), "{why}");
            }
            other => panic!("expected unknown, got {other:?}"),
        }
    }

    #[test]
    fn all_unknown_gives_every_reason_and_a_panic_is_contained() {
        let panicking: Arc<dyn Engine> = Arc::new(Stub {
            name: "broken",
            answer: Answer::True,
            delay: Duration::from_millis(1),
            honours_cancel: true,
            panics: true,
        });
        let r = run(vec![stub("a", Answer::Unknown(Unknown::new(Cause::Bounded, "loops")), 1), panicking], far(), Limits::default(), None);
        match &r.outcome.answer {
            Answer::Unknown(why) => {
                // The panic (a bug) is the more serious cause.
                assert_eq!(why.cause, Cause::Bug);
                let why = &why.message;
                assert!(why.contains("a: loops"), "{why}");
                assert!(why.contains("broken: internal error in the broken engine"), "{why}");
            }
            other => panic!("expected unknown, got {other:?}"),
        }
    }

    struct Declining;

    impl Engine for Declining {
        fn name(&self) -> &'static str {
            "declining"
        }
        fn run(&self, _cancel: &Arc<AtomicBool>) -> EngineReport {
            EngineReport::declined("does not apply")
        }
    }

    #[test]
    fn declined_engines_are_left_out_of_the_reason_unless_none_ran() {
        let r = run(vec![stub("a", Answer::Unknown(Unknown::new(Cause::Bounded, "loops")), 1), Arc::new(Declining)], far(), Limits::default(), None);
        assert_eq!(r.outcome.answer, Answer::Unknown(Unknown::new(Cause::Bounded, "loops")));
        assert_eq!(r.summaries.len(), 2);
        let r = run(vec![Arc::new(Declining)], far(), Limits::default(), None);
        assert_eq!(r.outcome.answer, Answer::Unknown(Unknown::new(Cause::Declined, "does not apply")));
    }

    /// Runs the stand-in `static` engine, started `delay_ms` after the others, beside `others`;
    /// gives the result and whether the stand-in started.
    fn with_delayed_static(others: Vec<Arc<dyn Engine>>, delay_ms: u64) -> (PortfolioResult, bool) {
        struct Recording(Arc<AtomicBool>);
        impl Engine for Recording {
            fn name(&self) -> &'static str {
                "static"
            }
            fn run(&self, _cancel: &Arc<AtomicBool>) -> EngineReport {
                self.0.store(true, Ordering::Relaxed);
                EngineReport::new(Answer::True)
            }
        }
        let started = Arc::new(AtomicBool::new(false));
        let mut engines = others;
        engines.push(Arc::new(Recording(Arc::clone(&started))));
        let limits = Limits { delay: Duration::from_millis(delay_ms), ..Limits::default() };
        let r = run(engines, far(), limits, None);
        (r, started.load(Ordering::Relaxed))
    }

    #[test]
    fn a_delayed_engine_does_not_start_when_another_answers_within_the_delay() {
        let (r, started) = with_delayed_static(vec![stub("quick", Answer::True, 20)], 10_000);
        assert_eq!(r.decided_by, "quick");
        assert!(!started);
        assert!(r.summaries[1].result.contains("not started"), "{}", r.summaries[1].result);
    }

    #[test]
    fn a_delayed_engine_starts_once_the_others_have_finished_or_the_delay_is_over() {
        // The others give up at once: the delayed engine starts then, not after 10 s.
        let t0 = Instant::now();
        let (r, started) = with_delayed_static(vec![stub("a", gave_up(), 1), stub("b", gave_up(), 5)], 10_000);
        assert!(started && r.decided_by == "static");
        assert!(t0.elapsed() < Duration::from_secs(5), "{:?}", t0.elapsed());
        // Another is still running when the delay is over.
        let (r, started) = with_delayed_static(vec![stub("slow", Answer::True, 3_600_000)], 20);
        assert!(started && r.decided_by == "static");
    }

    #[test]
    fn progress_reports_the_engines_still_running() {
        let seen = std::sync::Mutex::new(Vec::new());
        let report = |_: Duration, running: &[&'static str]| seen.lock().unwrap().push(running.to_vec());
        let r = run(
            vec![stub("quick", gave_up(), 1), stub("slow", Answer::True, 300)],
            far(),
            Limits::default(),
            Some((Duration::from_millis(50), &report)),
        );
        assert_eq!(r.outcome.answer, Answer::True);
        let seen = seen.into_inner().unwrap();
        assert!(seen.iter().any(|r| r == &vec!["slow"]), "{seen:?}");
    }

    #[test]
    fn the_deadline_cancels_everyone() {
        // An engine that would answer only after an hour is cancelled at the deadline.
        let r = run(vec![stub("a", Answer::True, 3_600_000)], Instant::now() + Duration::from_millis(50), Limits::default(), None);
        assert_eq!(r.outcome.answer, Answer::Unknown(Unknown::new(Cause::Cancelled, "cancelled")));
    }

    /// Held by the tests that watch the resident size: one test's hungry engine would cross the
    /// limit of another run beside it.
    static MEMORY_TESTS: std::sync::Mutex<()> = std::sync::Mutex::new(());

    /// A stand-in engine that holds `bytes` of touched memory until it is cancelled.
    struct Hungry {
        bytes: usize,
    }

    impl Engine for Hungry {
        fn name(&self) -> &'static str {
            "hungry"
        }
        fn run(&self, cancel: &Arc<AtomicBool>) -> EngineReport {
            let mut block = vec![0u8; self.bytes];
            for i in (0..block.len()).step_by(4096) {
                block[i] = 1;
            }
            let start = Instant::now();
            while !cancel.load(Ordering::Relaxed) && start.elapsed() < Duration::from_secs(60) {
                std::thread::sleep(Duration::from_millis(5));
            }
            std::hint::black_box(&block);
            EngineReport::unknown(Unknown::new(Cause::Cancelled, "cancelled"))
        }
    }

    #[test]
    fn an_engine_that_spends_its_own_budget_leaves_the_others_running() {
        // One engine stops early on its own memory budget; the other's later answer stands.
        let spent = Answer::Unknown(Unknown::new(Cause::MemoryLimit, "budget spent"));
        let r = run(vec![stub("a", spent, 5), stub("b", Answer::True, 150)], far(), Limits::default(), None);
        assert_eq!(r.outcome.answer, Answer::True);
        assert_eq!(r.decided_by, "b");
    }

    #[test]
    fn an_answer_found_while_the_memory_limit_stops_the_others_is_kept() {
        let _alone = MEMORY_TESTS.lock().unwrap_or_else(|e| e.into_inner());
        let Some(now) = resident_bytes() else { return }; // no /proc: nothing to watch
        let limit = now + (64 << 20);
        // "a" finishes its answer during the wind-down that follows the memory limit.
        let a = Arc::new(Stub { name: "a", answer: Answer::True, delay: Duration::from_millis(300), honours_cancel: false, panics: false });
        let r = run(vec![a, Arc::new(Hungry { bytes: 256 << 20 })], far(), Limits { memory: Some(limit), ..Limits::default() }, None);
        assert_eq!(r.outcome.answer, Answer::True);
        assert_eq!(r.decided_by, "a");
    }

    #[test]
    fn the_engine_holding_the_memory_is_stopped_alone_and_the_others_go_on() {
        let _alone = MEMORY_TESTS.lock().unwrap_or_else(|e| e.into_inner());
        let Some(now) = resident_bytes() else { return }; // no /proc: nothing to watch
        let limit = now + (64 << 20);
        // "patient" answers only after the hungry engine has crossed the limit.
        let r = run(
            vec![stub("patient", Answer::True, 1500), Arc::new(Hungry { bytes: 1 << 30 })],
            far(),
            Limits { memory: Some(limit), ..Limits::default() },
            None,
        );
        assert_eq!(r.outcome.answer, Answer::True);
        assert_eq!(r.decided_by, "patient");
        let hungry = &r.summaries[1].result;
        assert!(hungry.starts_with("unknown(memory limit reached") && hungry.contains("the others went on"), "{hungry}");
    }

    #[test]
    fn an_engine_stopped_for_memory_is_named_in_the_reason_when_nobody_answers() {
        let _alone = MEMORY_TESTS.lock().unwrap_or_else(|e| e.into_inner());
        let Some(now) = resident_bytes() else { return }; // no /proc: nothing to watch
        let limit = now + (64 << 20);
        let r = run(
            vec![stub("patient", gave_up(), 1500), Arc::new(Hungry { bytes: 1 << 30 })],
            far(),
            Limits { memory: Some(limit), ..Limits::default() },
            None,
        );
        match &r.outcome.answer {
            Answer::Unknown(why) => {
                assert!(why.message.contains("patient: gave up"), "{why}");
                assert!(why.message.contains("hungry: memory limit reached"), "{why}");
            }
            other => panic!("expected unknown, got {other:?}"),
        }
    }

    #[test]
    fn an_engine_above_the_memory_limit_is_stopped() {
        let _alone = MEMORY_TESTS.lock().unwrap_or_else(|e| e.into_inner());
        let Some(now) = resident_bytes() else { return }; // no /proc: nothing to watch
        let limit = now + (64 << 20);
        // (The other tests of this process run beside it and may free memory they held when
        // `now` was read: the engine takes far more than the margin, so the limit is crossed
        // whatever they do. With 256 MiB it once was not, and the engine ran out its 60 s.)
        let r = run(vec![Arc::new(Hungry { bytes: 1 << 30 })], far(), Limits { memory: Some(limit), ..Limits::default() }, None);
        match &r.outcome.answer {
            Answer::Unknown(why) => {
                assert_eq!(why.cause, Cause::MemoryLimit);
                assert!(why.message.starts_with("memory limit reached"), "{why}");
            }
            other => panic!("expected unknown, got {other:?}"),
        }
    }
}
