//! The explicit engine: exhaustive state-space search over the DiVM-style VM (`vigil-vm`).
//!
//! [`check`] explores the program's states ([`search`]), replays any violation on a fresh VM
//! ([`replay`]) and returns a verdict backed by evidence: `Violated` only with a replayed trace,
//! `Holds` only when the whole state space was explored with every input enumerated.
//!
//! Uninitialised memory: the search gives each uninitialised value one value, chosen at its
//! first read (`vigil_vm::machine`, "Uninitialised values"); wide ones are only sampled, and a
//! violation reached after reads the VM may not have kept consistent is not reported. When that
//! is all that stands between the search and an answer, a second search reads uninitialised
//! values without choosing (every branch on them both ways): it covers every initial value at
//! once, so it may prove the property, and it never reports a violation.
//!
//! Threads: the search compares the first visible actions of the threads from each state to find
//! data races ([`race`]); `no-data-race` answers from them. For the other properties a racy
//! program gets the verdict of its sequentially consistent interleavings, as SV-COMP defines it,
//! with the race as a warning ([`search::Racy::Sc`]), or `unknown` in the strict mode
//! ([`search::Racy::Unknown`]; README, "Threads").

#![forbid(unsafe_code)]

mod dive;
mod encode;
pub mod race;
pub mod replay;
pub mod search;
mod sleep;
pub mod store;

pub use replay::Step;
pub use search::{Order, Racy, SearchConfig, SearchResult, SearchStats, Violation};
pub use vigil_vm::Symbolic;

use vigil_ir::unknown::{Cause, Unknown};
use vigil_vm::Program;

/// A verdict of the explicit engine.
#[derive(Clone, Debug)]
pub enum Verdict {
    Holds,
    /// The violated (sub)property, the replayed trace, and the choices of each transition (what
    /// `vigil replay` re-executes, with `wide_inputs` as [`vigil_vm::Config::wide_inputs`] when
    /// the counterexample came from symbolic inputs).
    Violated { property: vigil_vm::Subproperty, trace: Vec<Step>, choices: Vec<Vec<u32>>, wide_inputs: Option<Vec<u64>> },
    Unknown(Unknown),
}

/// Checks `prog` and replays any counterexample before reporting it.
///
/// With a fixed input vector (`cfg.vm.inputs`), `Holds` means only that no run with those inputs
/// violates the property (the other nondeterminism was explored exhaustively); `Violated` is a
/// replayed counterexample with those inputs.
pub fn check(prog: &Program, cfg: &SearchConfig) -> (Verdict, SearchStats) {
    if !matches!(prog.module.pointer_bytes, 4 | 8) {
        return (
            Verdict::Unknown(Unknown::new(
                Cause::Unsupported,
                format!("unsupported pointer size of {} bytes", prog.module.pointer_bytes),
            )),
            SearchStats::default(),
        );
    }
    if let Some(at) = &prog.narrow_address_constant {
        return (
            Verdict::Unknown(Unknown::new(
                Cause::Addresses,
                format!("an address is used as a constant integer narrower than 64 bits at {at} (addresses are not modelled)"),
            )),
            SearchStats::default(),
        );
    }
    let (mut result, mut stats) = match dive_then_probe(prog, cfg) {
        Ok(found) => found,
        Err(probe) => {
            let (result, mut stats) = search::explore(prog, cfg);
            // The probe's work counts, its states do not: they are visited again.
            stats.time_s += probe.time_s;
            stats.instructions += probe.instructions;
            stats.solver.add(&probe.solver);
            (result, stats)
        }
    };
    if let SearchResult::Unknown(why) = &result {
        // Uninitialised values chosen once are sampled beyond 8 bits, and a violation after a
        // copy of undefined bytes is no evidence; reading them without choosing covers every
        // choice at once. That search can only prove the property (see
        // vigil_vm::Config::uninitialised_over_approximated).
        if matches!(why.cause, Cause::UninitialisedSampled | Cause::DoubtfulViolation) {
            let mut over = cfg.clone();
            over.vm.uninitialised_over_approximated = true;
            let (again, more) = search::explore(prog, &over);
            add_stats(&mut stats, more);
            match again {
                SearchResult::Holds => result = SearchResult::Holds,
                // A limit of the second search is what stands between the program and a proof
                // (scull_true at 10 s): say so, with its cause, rather than the first one's alone.
                SearchResult::Unknown(limit) if limit.cause.class() == vigil_ir::unknown::Class::Limit => {
                    let text = format!("{why}; reading them without choosing: {limit}");
                    result = SearchResult::Unknown(Unknown::new(limit.cause, text));
                }
                _ => {}
            }
        }
    }
    let verdict = match result {
        SearchResult::Holds => match main_arguments_observed(prog, &cfg.vm) {
            // The VM runs `main` with argc = 1 and argv = {program name}: one of the many ways
            // the program can be started, so it proves nothing about the others (unless argc
            // alone is read and was an input).
            true => Verdict::Unknown(Unknown::new(
                Cause::MainArguments,
                "main (or a constructor) reads its arguments, which the VM fixes to argc = 1",
            )),
            false => Verdict::Holds,
        },
        SearchResult::Unknown(r) => Verdict::Unknown(r),
        SearchResult::Violated(v) if v.inputs.is_some() => confirm_symbolic(prog, cfg, v, &mut stats),
        SearchResult::Violated(v) => match replay::replay(prog, &cfg.vm, cfg.property, &v) {
            Ok(trace) => Verdict::Violated { property: v.property, trace, choices: v.choices, wide_inputs: None },
            // A counterexample that does not replay is a bug in vigil; never report it as false.
            Err(why) => Verdict::Unknown(Unknown::new(Cause::Bug, format!("counterexample did not replay ({why}); please report"))),
        },
    };
    (verdict, stats)
}

/// A stateless dive ([`dive`]) when the search confirms a given vector, then the depth-first
/// probe. Returns a violation either found (the dive's work counted with the probe's), or
/// the counters of the work thrown away.
fn dive_then_probe(prog: &Program, cfg: &SearchConfig) -> Result<(SearchResult, SearchStats), SearchStats> {
    let mut spent = SearchStats::default();
    if dive::worth_diving(cfg) {
        let (found, stats) = dive::dive(prog, cfg);
        if let Some(v) = found {
            return Ok((SearchResult::Violated(v), stats));
        }
        spent = stats;
    }
    match depth_first_probe(prog, cfg) {
        Ok((result, more)) => {
            add_stats(&mut spent, more);
            Ok((result, spent))
        }
        Err(more) => {
            add_stats(&mut spent, more);
            Err(spent)
        }
    }
}

/// How many states the depth-first probe before a [`search::Order::Mixed`] search may visit.
pub const PROBE_STATES: u64 = 16384;

/// The share of the time left that the probe may take when the search has a deadline (1/8):
/// states of thread programs can cost a millisecond each, so 16,384 of them could take much of
/// a short time limit.
pub const PROBE_TIME_DIVISOR: u32 = 8;

/// Before a search in the mixed order (the default), a pure depth-first search of at most
/// [`PROBE_STATES`] states (and [`PROBE_TIME_DIVISOR`]) on its own store. The mixed order reaches shallow states of an
/// infinite or very deep state space (its BFS half), but it meets late a bug at the end of one
/// long run: a thread's loop of unprotected increments completing before the main thread reads
/// the counter (SV-COMP's `pthread-demo-datarace_false`, 2,159 states depth-first), a SystemC
/// scheduler's run to the failing transmitter (`transmitter.08_false`: 7,075 states
/// depth-first, 132,099 mixed). A dive inside the mixed search would not do: the states it
/// leaves on the frontier come before the shallow ones the BFS half needs.
///
/// The probe's answer is kept when it is a violation (real: the same semantics, replayed like
/// any other) or a proof (it explored the whole state space within its limit: a stateful search
/// is complete in any order). Otherwise it is thrown away and the mixed search starts afresh,
/// having lost at most [`PROBE_STATES`] states' work or an eighth of its time. Returns the kept answer with its
/// statistics, or the statistics of a probe thrown away (empty when no probe ran).
fn depth_first_probe(prog: &Program, cfg: &SearchConfig) -> Result<(SearchResult, SearchStats), SearchStats> {
    if cfg.order != search::Order::Mixed {
        return Err(SearchStats::default());
    }
    let now = std::time::Instant::now();
    let deadline = cfg.deadline.map(|end| now + end.saturating_duration_since(now) / PROBE_TIME_DIVISOR);
    let probe = SearchConfig {
        order: search::Order::Dfs,
        max_states: cfg.max_states.min(PROBE_STATES),
        deadline,
        ..cfg.clone()
    };
    match search::explore(prog, &probe) {
        (result @ (SearchResult::Violated(_) | SearchResult::Holds), stats) => Ok((result, stats)),
        (_, stats) => Err(stats),
    }
}

/// Adds the counters of a second search to `stats` (its warnings where `stats` has none).
fn add_stats(stats: &mut SearchStats, more: SearchStats) {
    stats.states += more.states;
    stats.subsumed += more.subsumed;
    stats.deferred += more.deferred;
    stats.deferred_refuted += more.deferred_refuted;
    stats.transitions += more.transitions;
    stats.instructions += more.instructions;
    stats.time_s += more.time_s;
    stats.solver.add(&more.solver);
    stats.race = stats.race.take().or(more.race);
    stats.weak_atomic = stats.weak_atomic.take().or(more.weak_atomic);
    stats.deadlock = stats.deadlock.take().or(more.deadlock);
}

/// A violation on a path with symbolic inputs: the solver's values for them are run concretely
/// (`wide_inputs`; other nondeterminism is explored as usual), and only a violation found and
/// replayed that way is reported. That concrete search may meet a violation of another
/// subproperty of the checked property first (under valid-memsafety, a use after free before the
/// leak the symbolic path claimed): it is a real run of the program with inputs it may receive,
/// so it is reported, with its own subproperty and trace.
fn confirm_symbolic(prog: &Program, cfg: &SearchConfig, v: Violation, stats: &mut SearchStats) -> Verdict {
    let mut concrete = cfg.clone();
    concrete.vm.wide_inputs = v.inputs.clone();
    let (r, more) = match dive::dive(prog, &concrete) {
        (Some(w), stats) => (SearchResult::Violated(w), stats),
        (None, spent) => {
            let (r, mut more) = search::explore(prog, &concrete);
            add_stats(&mut more, spent);
            (r, more)
        }
    };
    stats.time_s += more.time_s;
    stats.instructions += more.instructions;
    let unconfirmed = |why: String| {
        Verdict::Unknown(Unknown::new(Cause::Unconfirmed, format!(
            "a {} violation at {} on symbolic inputs was not confirmed by a concrete run of the solver's inputs ({why})",
            v.property,
            prog.module.describe_loc(v.loc),
        )))
    };
    match r {
        SearchResult::Violated(w) => match replay::replay(prog, &concrete.vm, cfg.property, &w) {
            Ok(trace) => Verdict::Violated { property: w.property, trace, choices: w.choices, wide_inputs: v.inputs },
            Err(why) => Verdict::Unknown(Unknown::new(Cause::Bug, format!("counterexample did not replay ({why}); please report"))),
        },
        SearchResult::Holds => unconfirmed("no violation".to_string()),
        SearchResult::Unknown(why) => unconfirmed(why.to_string()),
    }
}

/// Whether the program observes `main`'s parameters (argc, argv, envp) beyond what the search
/// explored: with symbolic data, a program that reads argc alone had every argc
/// ([`vigil_vm::main_argc_only`], the runtime's `__vigil_argc`).
fn main_arguments_observed(prog: &Program, vm: &vigil_vm::Config) -> bool {
    let m = &prog.module;
    let observes_params = |f: &vigil_ir::Function| f.params.iter().any(|&p| f.observes(p));
    // Constructors receive (argc, argv, envp) too, as glibc passes them.
    let observed = m.function_by_name("main").map(|f| m.function(f)).is_some_and(observes_params)
        || m.constructors.iter().any(|&f| observes_params(m.function(f)));
    let argc_explored = vigil_vm::argc_is_input(m, vm);
    observed && !argc_explored
}
