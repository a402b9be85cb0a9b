//! Explicit-state search over the VM's state space (DiVM §4–5).
//!
//! The successors of a state are found by running one transition for every sequence of choices:
//! the first run takes option 0 at every `choose`, and each later run forces the longest prefix
//! that still has an untried option (an odometer over the choice tree). New states are recognised
//! by their canonical form (`vigil_vm::canon`), stored exactly (no hash compaction, so a visited
//! check never confuses two states) in the visited-state store (`crate::store`), which also keeps
//! the search tree: each state's parent and the choices that led to it. The frontier is a queue
//! (BFS) or stack (DFS) of 32-bit state ids.
//!
//! What the search may conclude:
//! * a fault that violates the property → a counterexample (the choices of every transition from
//!   the initial state), which the caller replays before reporting it;
//! * an exhausted state space with every input enumerated over its whole domain and no
//!   undefined behaviour on any path → the property holds;
//! * anything else (inputs sampled from a subset, undefined behaviour that is not the property,
//!   limits) → unknown, with the reason.

use crate::store::{StateId, StateStore};
use std::collections::{HashMap, VecDeque};
use std::time::Instant;
use vigil_vm::canon::{canonicalize, canonicalize_from, InitialGlobals};
use vigil_vm::machine::flags;
use vigil_ir::unknown::{Cause, Unknown};
use vigil_vm::{Choices, Config, FaultClass, FaultKind, Machine, Program, Property, Stop, Subproperty};

/// Search order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Order {
    Dfs,
    Bfs,
    /// DFS and BFS steps in turn: the newest state of the frontier, then the oldest. A program
    /// whose state space is infinite or huge in depth (a loop creating threads, a loop bounded
    /// by an input) traps a DFS in one deep branch; the BFS half still reaches every shallow
    /// state, at half its speed, and the DFS half deep ones. The stateful search is complete in
    /// any order, so this changes only which violation is found first and when.
    Mixed,
    /// [`Order::Dfs`] until the program starts a second thread, then [`Order::Mixed`].
    Auto,
}

/// Limits and options of a search.
#[derive(Clone, Debug)]
pub struct SearchConfig {
    pub property: Property,
    pub order: Order,
    pub vm: Config,
    pub max_states: u64,
    /// Bytes of stored states after which the search gives up.
    pub max_memory: u64,
    pub deadline: Option<Instant>,
    /// Set from another thread to stop the search (it then answers unknown).
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// What a data race or an atomic weaker than `seq_cst` does to the verdict of a property
    /// other than `no-data-race` (README, "Racy programs under the other properties").
    pub racy: Racy,
    /// Sleep sets (`crate::sleep`) in thread programs, under `explicit.racy=sc` and the
    /// properties other than `no-data-race`.
    pub por: bool,
    /// Symbolic states are stored with their dead inputs forgotten and their live inputs
    /// renamed (`vigil_vm::machine::symnorm`), so that a loop that reads an input and forgets
    /// it closes its state space.
    pub forget_dead_inputs: bool,
}

/// The verdict of a racy program (or one with weak atomics) under the properties other than
/// `no-data-race`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Racy {
    /// SV-COMP's semantics: the verdict of the sequentially consistent interleavings, `true`
    /// included when their exploration is complete; the race is reported as a warning
    /// ([`SearchStats::race`]).
    #[default]
    Sc,
    /// Strict: no `true` for a racy program (its behaviour is undefined in C11 and x86-64 is not
    /// sequentially consistent); the answer is `unknown` naming the race.
    Unknown,
}

/// A violation found by the search.
#[derive(Clone, Debug)]
pub struct Violation {
    /// The violated (sub)property.
    pub property: Subproperty,
    pub fault: FaultKind,
    pub loc: vigil_ir::Loc,
    pub func: vigil_ir::FuncId,
    /// The choices of each transition from the initial state.
    pub choices: Vec<Vec<u32>>,
    /// Values of the symbolic inputs of the path (the solver's model of its path condition);
    /// None when the path read none. The caller confirms them by a concrete run.
    pub inputs: Option<Vec<u64>>,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub enum SearchResult {
    Holds,
    Violated(Violation),
    Unknown(Unknown),
}

/// Counters of a search.
#[derive(Clone, Debug, Default)]
pub struct SearchStats {
    pub states: u64,
    /// States stored but not expanded: another state with the same explicit part and a path
    /// condition they imply was queued before (subsumption).
    pub subsumed: u64,
    /// States left by a transition that took a branch side the solver's quick check did not
    /// decide (`vigil_vm::flags::PC_UNPROVEN`): expanded after all others, unless refuted.
    pub deferred: u64,
    /// Deferred states whose path condition the full check refuted (never expanded).
    pub deferred_refuted: u64,
    pub transitions: u64,
    pub instructions: u64,
    /// Bytes held for the visited states: the store ([`crate::store::StateStore::bytes`]: object
    /// and record arenas, hash tables, the first state's globals) and the frontier of ids.
    pub stored_bytes: u64,
    /// The store's part of `stored_bytes`, by part (at the end of the search).
    pub store: crate::store::StoreBytes,
    pub time_s: f64,
    /// The solver counters of the symbolic data (queries, cache and model hits, resets, the
    /// time they took), summed over the search.
    pub solver: vigil_vm::SymStats,
    /// A deadlock the search met while checking another property (a warning: the path ends
    /// there, which SV-COMP's properties do not count as a violation).
    pub deadlock: Option<String>,
    /// Under [`Racy::Sc`], a data race the search met while checking another property (the
    /// verdict assumes sequential consistency).
    pub race: Option<String>,
    /// Under [`Racy::Sc`], an atomic weaker than `seq_cst` in a thread program: where it is.
    pub weak_atomic: Option<String>,
}

/// The next choice vector after a run that took `taken`, or None when all were tried.
pub fn next_choices(taken: &[(u32, u32)]) -> Option<Vec<u32>> {
    let i = taken.iter().rposition(|(c, n)| c + 1 < *n)?;
    let mut v: Vec<u32> = taken[..i].iter().map(|(c, _)| *c).collect();
    v.push(taken[i].0 + 1);
    Some(v)
}

/// Whether the state after a transition (`exited`: the program ended in it) violates the memory
/// property checked: under `valid-memsafety` some heap object is unreachable (`valid-memtrack`:
/// lost at any point, not only at the end), under `valid-memcleanup` the program ended with heap
/// memory still allocated (reachable or not; memory lost before a state was stored is gone from
/// it, and its flag `LEAKED` says so: [`note_lost_memory`]). Search and replay decide it here
/// alike.
pub fn memory_lost(property: Property, state: &vigil_vm::State, canon: &vigil_vm::canon::Canonical, exited: bool) -> bool {
    match property {
        Property::ValidMemsafety => !canon.unreachable_heap.is_empty(),
        Property::ValidMemcleanup => exited && (state.flags & flags::LEAKED != 0 || !state.allocated_heap().is_empty()),
        Property::UnreachCall | Property::NoOverflow | Property::NoDataRace | Property::NoDeadlock | Property::Unsupported(_) => false,
    }
}

/// Under `valid-memcleanup`, marks a state (and its canonical form, which is what the search
/// stores) in which some heap object is unreachable: the canonical form leaves such objects out,
/// and a state rebuilt from it must still know that the program can no longer free everything
/// (`while (c) { p = malloc(4); }` then `return 0`). Under `valid-memsafety` the loss is a
/// violation at once; under the other properties it does not matter, and the flag would only
/// split states.
pub fn note_lost_memory(property: Property, state: &mut vigil_vm::State, canon: &mut vigil_vm::canon::Canonical) {
    if property == Property::ValidMemcleanup && !canon.unreachable_heap.is_empty() {
        state.flags |= flags::LEAKED;
        canon.flags |= flags::LEAKED;
    }
}

/// Reason of an unknown answer: some input was sampled, not enumerated.
const INPUT_SAMPLED: &str = "input domain not enumerated";
/// Reason of an unknown answer: some uninitialised value was sampled, not enumerated.
const UNINITIALISED_SAMPLED: &str = "uninitialised value not enumerated (more than 8 undefined bits, or a pointer)";
/// Reason of an unknown answer: a path's values came from a transcendental math.h function,
/// where glibc's last bit may differ from the correctly rounded result vigil computes.
const LIBM_ROUNDING: &str =
    "a math.h function (exp, log, pow, sin, …) was called: vigil rounds its result correctly, glibc does not always, so no path through it proves the program";

/// Reason of an unknown answer: a path printed an address, whose text differs natively.
const ADDRESS_PRINTED: &str =
    "printf formatted an address (%p, or a pointer converted to an integer): vigil prints its own encoding of it, a native run another address of another length, so no path through it proves the program";

/// Reason of an unknown answer: the VM's file system refused a request that another file
/// system would grant.
const FS_FIXED: &str = "the program's file-system request was refused (a write, or a name not given with --file, whose contents were read as empty: the VM's file system is a read-only mount), so runs where it succeeds are not explored";

/// What a state's doubt flags (`UNDEF_DOUBT`, `SPURIOUS`) say a violation in it follows.
fn doubt_cause(state_flags: u32) -> &'static str {
    if state_flags & flags::UNDEF_DOUBT != 0 {
        "reads of uninitialised memory that vigil may not have kept equal (a copy of uninitialised bytes, or a branch on an undefined register)"
    } else {
        "a spurious wake-up of a condition variable (POSIX allows one and vigil explores it; glibc wakes a waiter without a signal only in rare races, so no native run need show the violation)"
    }
}

/// Why a violation found in a state marked `UNDEF_DOUBT` or `SPURIOUS` is not reported.
fn doubt_reason(v: &Violation, prog: &Program, state_flags: u32) -> Unknown {
    let message = format!(
        "a violation that is not evidence: {} at {} follows {}",
        v.property,
        prog.module.describe_loc(v.loc),
        doubt_cause(state_flags)
    );
    Unknown::new(Cause::DoubtfulViolation, message).at(v.loc)
}

/// How seriously a reason forbids a `true` answer, when several paths give one: undefined
/// behaviour, unsupported code and doubtful violations (4) over a data race or weak atomics in a
/// thread program (3) over a cut-off transition (2) over inputs sampled rather than enumerated
/// (1).
fn severity(cause: Cause) -> u8 {
    match cause {
        Cause::InputSampled | Cause::UninitialisedSampled | Cause::LibmRounding | Cause::FileSystem | Cause::AddressPrinted => 1,
        Cause::CutTransition => 2,
        Cause::Threads | Cause::DataRace | Cause::WeakAtomics => 3,
        _ => 4,
    }
}

/// The reason a fault gives when it ends a path without violating the property checked.
fn fault_reason(kind: &FaultKind, loc: vigil_ir::Loc, prog: &Program) -> Unknown {
    let what = match (kind.class(), kind) {
        (FaultClass::ToolLimit | FaultClass::ResourceLimit, _) => kind.to_string(),
        (FaultClass::Checked, FaultKind::Assert) => "assertion failure (not the property checked)".to_string(),
        _ => format!("undefined behaviour: {kind}"),
    };
    let at = prog.module.describe_loc(loc);
    Unknown::new(kind.unknown_cause(), format!("{what} at {at}")).at(loc)
}

/// Explores the state space of `prog`.
pub fn explore(prog: &Program, cfg: &SearchConfig) -> (SearchResult, SearchStats) {
    let start = Instant::now();
    let mut stats = SearchStats::default();
    let mut vm = cfg.vm.clone();
    vm.deadline = cfg.deadline;
    let machine = match Machine::boot(prog, vm) {
        Ok(m) => m,
        Err(e) => return (SearchResult::Unknown(Unknown::new(Cause::Bug, e)), stats),
    };
    let globals = prog.module.globals.len() as u32;
    let c = canonicalize(&machine.state, globals);
    // The globals every state shares with the first one are not walked again.
    let initial = InitialGlobals::of(&c, globals);
    // One machine runs every transition (reset to each state in turn).
    let mut m = machine;
    let full = |e: crate::store::StoreFull, stats: &mut SearchStats| {
        stats.time_s = start.elapsed().as_secs_f64();
        (SearchResult::Unknown(Unknown::new(Cause::MemoryLimit, format!("{e} after {} states", stats.states))), stats.clone())
    };
    let (mut store, init) = match StateStore::new(&c, globals as usize) {
        Ok(s) => s,
        Err(e) => return full(e, &mut stats),
    };
    drop(c);
    // States still to expand, by id. Its memory is counted with the store's.
    let mut frontier: VecDeque<StateId> = VecDeque::new();
    frontier.push_back(init);
    // (The subsumption index's bytes are counted with the store's.)
    let count_bytes = |store: &StateStore, frontier: &VecDeque<StateId>, index_bytes: u64, stats: &mut SearchStats| {
        stats.store = store.breakdown();
        stats.stored_bytes = stats.store.total() + (frontier.capacity() * std::mem::size_of::<StateId>()) as u64 + index_bytes;
    };
    count_bytes(&store, &frontier, 0, &mut stats);
    stats.states = 1;
    // The most serious reason that forbids a `true` answer (the first of that severity is kept).
    let mut incomplete: Option<Unknown> = None;
    let note = |reason: Unknown, incomplete: &mut Option<Unknown>| {
        if incomplete.as_ref().is_none_or(|kept| severity(kept.cause) < severity(reason.cause)) {
            *incomplete = Some(reason);
        }
    };
    // Whether the program's weak atomics were noted (once is enough).
    let mut weak_noted = false;
    // The state expanded last: its objects are reused when the next one is rebuilt.
    let mut previous: Option<crate::store::Expanded> = None;
    let mut pops = 0u64;
    let por_on = cfg.por && cfg.property != Property::NoDataRace && cfg.racy == Racy::Sc;
    let mut sleep = crate::sleep::Sleep::default();
    // Whether a state with several threads was reached (Order::Auto).
    let mut threaded_seen = false;
    // Subsumption between symbolic states with the same explicit part (see [`Subsumption`]):
    // only with `forget_dead_inputs`, which makes the conjuncts of two such states speak of the
    // same inputs, and only outside thread programs (sleep sets assume that a state found is
    // the same state).
    let mut subsumption = Subsumption::default();
    // States reached through a branch side that a quick check left undecided: expanded, oldest
    // first, once the frontier is empty and a full check has not refuted their own path
    // condition (vigil_vm::machine::symdata, "Undecided branch sides"). Like the frontier, every
    // state in it is expanded or refuted before the search may answer `true`.
    let mut deferred: VecDeque<StateId> = VecDeque::new();
    while let Some(idx) = {
        pops += 1;
        let next = match cfg.order {
            Order::Dfs => frontier.pop_back(),
            Order::Bfs => frontier.pop_front(),
            Order::Mixed | Order::Auto if pops % 2 == 0 && (cfg.order == Order::Mixed || threaded_seen) => frontier.pop_front(),
            Order::Mixed | Order::Auto => frontier.pop_back(),
        };
        next.or_else(|| {
            while let Some(id) = deferred.pop_front() {
                m.reset(store.expand(id, previous.as_ref()).state);
                if m.path_condition_feasible() {
                    return Some(id);
                }
                stats.deferred_refuted += 1;
            }
            None
        })
    } {
        let from = store.expand(idx, previous.as_ref());
        let mut forced: Vec<u32> = Vec::new();
        // The first visible action of each transition from this state (data races).
        let mut actions: Vec<crate::race::Action> = Vec::new();
        // Sleep sets: the picks to run, the transitions asleep here and those run so far, the
        // one being run (its entry and successors).
        let por = por_on && from.state.flags & flags::THREADED != 0;
        let mut plan = None;
        let mut asleep: Vec<crate::sleep::Entry> = Vec::new();
        let mut current: Option<(crate::sleep::Entry, Vec<(StateId, bool)>)> = None;
        if por {
            let (z, only) = sleep.take(idx);
            for e in &z {
                actions.push(crate::race::Action { thread: e.thread, accesses: e.accesses.clone(), choices: Vec::new() });
            }
            // Without anything asleep every pick runs: no need to probe which thread each is.
            if !z.is_empty() || only.is_some() {
                let p = crate::sleep::Plan::new(&mut m, &from.state, &z, only.as_deref());
                forced = p.from(0).unwrap_or_default();
                plan = Some(p);
            }
            asleep = z;
        }
        let nothing_to_run = plan.as_ref().is_some_and(|p| p.from(0).is_none());
        while !nothing_to_run {
            // Checked before every transition: a transition of a state with large objects can
            // take a good part of a second to store, so a coarser check overran the deadline by
            // seconds (SV-COMP `relax_true`: a 5 s limit ended after 10 s).
            {
                if cfg.deadline.is_some_and(|d| Instant::now() >= d) {
                    stats.time_s = start.elapsed().as_secs_f64();
                    add_solver_stats(&m, &mut stats);
                    let why = Unknown::new(Cause::Timeout, format!("timeout after {} states", stats.states));
                    return (SearchResult::Unknown(why), stats);
                }
                if cfg.cancel.as_ref().is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed)) {
                    stats.time_s = start.elapsed().as_secs_f64();
                    return (SearchResult::Unknown(Unknown::new(Cause::Cancelled, "cancelled")), stats);
                }
            }
            m.reset(from.state.clone());
            let out = m.run_transition(Choices::forced(forced.clone()));
            stats.transitions += 1;
            stats.instructions += out.steps;
            let taken = std::mem::take(&mut m.choices.taken);
            let choice_vec: Vec<u32> = taken.iter().map(|(c, _)| *c).collect();
            if out.flags & flags::ADDRESS_AS_INT != 0 {
                // Every run through this transition depends on an address the VM does not model:
                // neither a violation on it nor the absence of one would be evidence.
                stats.time_s = start.elapsed().as_secs_f64();
                let (what, loc) = m.address_use.unwrap_or(("an address was used as an integer", m.last_loc));
                let loc = if loc.is_known() { loc } else { m.last_loc };
                let at = prog.module.describe_loc(loc);
                let why = Unknown::new(Cause::Addresses, format!("{what} at {at} (addresses are not modelled)"));
                return (SearchResult::Unknown(why.at(loc)), stats);
            }
            if out.flags & flags::UNDEF_SAMPLED != 0 {
                note(Unknown::new(Cause::UninitialisedSampled, UNINITIALISED_SAMPLED), &mut incomplete);
            } else if out.flags & flags::INCOMPLETE != 0 {
                note(Unknown::new(Cause::InputSampled, INPUT_SAMPLED), &mut incomplete);
            }
            if out.flags & flags::LIBM_ROUNDING != 0 {
                note(Unknown::new(Cause::LibmRounding, LIBM_ROUNDING), &mut incomplete);
            }
            if out.flags & flags::ADDRESS_PRINTED != 0 {
                note(Unknown::new(Cause::AddressPrinted, ADDRESS_PRINTED), &mut incomplete);
            }
            if out.flags & flags::FS_FIXED != 0 {
                note(Unknown::new(Cause::FileSystem, FS_FIXED), &mut incomplete);
            }
            if m.state.flags & flags::THREADED != 0 {
                threaded_seen = true;
                if let (Some(at), false) = (&prog.weak_atomic, weak_noted) {
                    if cfg.racy == Racy::Unknown {
                        let why = format!("an atomic weaker than seq_cst at {at} (behaviours beyond sequential consistency are not explored)");
                        note(Unknown::new(Cause::WeakAtomics, why), &mut incomplete);
                    } else {
                        stats.weak_atomic = Some(at.clone());
                    }
                    weak_noted = true;
                }
                if let (false, Some(thread)) = (m.accesses.is_empty(), m.thread_slot()) {
                    actions.push(crate::race::Action { thread, accesses: m.accesses.clone(), choices: choice_vec.clone() });
                }
            }
            // A violation in a state whose uninitialised values may have been read inconsistently
            // (see vigil_vm::machine, "Uninitialised values"), or after a spurious wake-up, is
            // not evidence.
            let doubt = m.state.flags & (flags::UNDEF_DOUBT | flags::SPURIOUS);
            let doubtful = doubt != 0;
            if por {
                // The runs of one pick (one thread) come one after the other.
                let slot = m.thread_slot();
                let index = crate::sleep::thread_of(m.ready_threads(), &choice_vec);
                let slot32 = index.unwrap_or(u32::MAX);
                if current.as_ref().is_some_and(|(e, _)| e.slot != slot32) {
                    let (e, succ) = current.take().expect("checked");
                    crate::sleep::finish(&mut sleep, &mut asleep, e, succ, &mut frontier);
                }
                let (e, _) = current.get_or_insert_with(|| {
                    let entry = crate::sleep::Entry { slot: slot32, thread: slot.unwrap_or(u64::MAX), accesses: Vec::new(), global: index.is_none() };
                    (entry, Vec::new())
                });
                e.accesses.extend(m.accesses.iter().copied());
                e.global |= !matches!(out.stop, Stop::Interrupt | Stop::Cancelled) || m.state.flags & flags::ATOMIC != 0;
            }
            let violation = |fault: FaultKind, loc, func| {
                let property = fault.violates(cfg.property)?;
                let mut choices = store.path_to(idx);
                choices.push(choice_vec.clone());
                Some(Violation { property, fault, loc, func, choices, inputs: None })
            };
            match out.stop {
                Stop::Interrupt | Stop::Exit => {
                    let exited = out.stop == Stop::Exit;
                    let mut exited_or_spurious = exited;
                    m.scrub_dead_registers();
                    let mut canon = canonicalize_from(&m.state, globals, &initial);
                    if cfg.forget_dead_inputs {
                        m.forget_dead_inputs(&mut canon);
                    }
                    note_lost_memory(cfg.property, &mut m.state, &mut canon);
                    if memory_lost(cfg.property, &m.state, &canon, exited) {
                        let loc = m.last_loc;
                        if let Some(v) = violation(FaultKind::Leak, loc, vigil_ir::FuncId(0)) {
                            if doubtful {
                                note(doubt_reason(&v, prog, doubt), &mut incomplete);
                            } else {
                                match finish_violation(v, &mut m, &mut stats, start, cfg, &mut |r| note(r, &mut incomplete)) {
                                    Some(end) => return end,
                                    // A spurious path: it ends here.
                                    None => exited_or_spurious = true,
                                }
                            }
                        }
                    }
                    if exited_or_spurious {
                        // The program ended (or its path is infeasible): no state to store or expand.
                    } else {
                        let inserted = store.insert(&canon, Some(&from), Some(idx), &choice_vec);
                        // (The conjuncts are listed only for a new symbolic state of a sequential program.)
                        let subsumed = match &inserted {
                            Ok(Some(id)) if cfg.forget_dead_inputs && canon.sym != 0 && m.state.flags & flags::THREADED == 0 => {
                                m.path_conjuncts(canon.sym).is_some_and(|pc| subsumption.covers(store.explicit_key(*id), pc))
                            }
                            _ => false,
                        };
                        match inserted {
                            Err(e) => return full(e, &mut stats),
                            Ok(None) => {
                                if let (Some((_, succ)), Some(id)) = (current.as_mut(), store.last_found()) {
                                    succ.push((id, false));
                                }
                            }
                            Ok(Some(_)) if subsumed => stats.subsumed += 1,
                            Ok(Some(id)) => {
                                if let Some((_, succ)) = current.as_mut() {
                                    succ.push((id, true));
                                }
                                stats.states += 1;
                                if out.flags & flags::PC_UNPROVEN != 0 {
                                    stats.deferred += 1;
                                    deferred.push_back(id);
                                } else {
                                    frontier.push_back(id);
                                }
                                count_bytes(&store, &frontier, subsumption.bytes, &mut stats);
                                if stats.states >= cfg.max_states {
                                    stats.time_s = start.elapsed().as_secs_f64();
                                    add_solver_stats(&m, &mut stats);
                                    let why = format!("state limit reached ({} states)", stats.states);
                                    return (SearchResult::Unknown(Unknown::new(Cause::StateLimit, why)), stats);
                                }
                                if stats.stored_bytes >= cfg.max_memory {
                                    stats.time_s = start.elapsed().as_secs_f64();
                                    let why = format!(
                                        "memory limit reached ({} states, {} MB stored)",
                                        stats.states,
                                        stats.stored_bytes >> 20
                                    );
                                    return (SearchResult::Unknown(Unknown::new(Cause::MemoryLimit, why)), stats);
                                }
                            }
                        }
                    }
                }
                Stop::Cancelled => {}
                Stop::Fault { kind: FaultKind::Deadlock, .. } if cfg.property != Property::NoDeadlock => {
                    // A deadlocked program hangs: the path ends, with nothing more to check.
                    stats.deadlock.get_or_insert_with(|| "a deadlock is reachable (every thread waits)".into());
                }
                Stop::Fault { kind: FaultKind::Assert, .. } if matches!(cfg.property, Property::NoDataRace | Property::NoDeadlock) => {
                    // A failed assertion aborts the program: the path ends.
                }
                Stop::StepLimit => {
                    let why = "a transition exceeded the step limit (a loop without interrupt?)";
                    note(Unknown::new(Cause::CutTransition, why), &mut incomplete)
                }
                Stop::Fault { kind, loc, func } => match violation(kind.clone(), loc, func) {
                    Some(v) if !doubtful => {
                        if let Some(end) = finish_violation(v, &mut m, &mut stats, start, cfg, &mut |r| note(r, &mut incomplete)) {
                            return end;
                        }
                    }
                    Some(v) => note(doubt_reason(&v, prog, doubt), &mut incomplete),
                    None => note(fault_reason(&kind, loc, prog), &mut incomplete),
                },
            }
            let next = next_choices(&taken);
            // Sleep sets: after the runs of one pick, the next pick to run.
            let jump = match (&plan, &next) {
                (Some(p), Some(v)) if p.choice => {
                    let pick = choice_vec.first().copied().unwrap_or(0);
                    (v.first() != Some(&pick)).then(|| p.from(pick + 1))
                }
                _ => None,
            };
            match (jump, next) {
                (Some(Some(v)), _) | (None, Some(v)) => forced = v,
                _ => break,
            }
        }
        if let Some((e, succ)) = current.take() {
            crate::sleep::finish(&mut sleep, &mut asleep, e, succ, &mut frontier);
        }
        if let Some((i, j)) = crate::race::find(prog, from.state.root, &actions) {
            let (a, b) = (&actions[i], &actions[j]);
            let pair = crate::race::racing_pair(prog, from.state.root, (a.thread, &a.accesses), (b.thread, &b.accesses));
            let (x, y) = pair.expect("found");
            let what = crate::race::describe(prog, &x, &y);
            let doubt = from.state.flags & (flags::UNDEF_DOUBT | flags::SPURIOUS);
            if doubt != 0 {
                // The schedule to this state may rest on uninitialised reads that disagree, or
                // on a spurious wake-up.
                let why = format!("a violation that is not evidence: {what} follows {}", doubt_cause(doubt));
                note(Unknown::new(Cause::DoubtfulViolation, why).at(y.loc), &mut incomplete);
            } else if cfg.property == Property::NoDataRace {
                let order = crate::race::schedule(&mut m, prog, &from.state, a, b)
                    .or_else(|| crate::race::schedule(&mut m, prog, &from.state, b, a));
                match order {
                    Some((first, second)) => {
                        let mut choices = store.path_to(idx);
                        choices.push(first);
                        choices.push(second);
                        stats.time_s = start.elapsed().as_secs_f64();
                        let v = Violation { property: Subproperty::NoDataRace, fault: FaultKind::DataRace, loc: y.loc, func: vigil_ir::FuncId(0), choices, inputs: None };
                        return (SearchResult::Violated(v), stats);
                    }
                    None => note(Unknown::new(Cause::Bug, format!("{what}, but no schedule to it was found")).at(y.loc), &mut incomplete),
                }
            } else if cfg.racy == Racy::Unknown {
                let why = format!("the program has a data race ({what}); it was explored under sequential consistency only");
                note(Unknown::new(Cause::DataRace, why).at(y.loc), &mut incomplete);
            } else {
                // SV-COMP's semantics: the exploration goes on under sequential consistency,
                // which stays complete for a racy program (every access to a shared object is a
                // visible action whether it races or not, see vigil_vm::machine::sharing).
                stats.race.get_or_insert(what);
            }
        }
        previous = Some(from);
    }
    stats.time_s = start.elapsed().as_secs_f64();
    add_solver_stats(&m, &mut stats);
    match incomplete {
        None => (SearchResult::Holds, stats),
        Some(reason) => (SearchResult::Unknown(reason), stats),
    }
}

/// Adds the solver counters of the machine's symbolic data to `stats`.
fn add_solver_stats(m: &Machine, stats: &mut SearchStats) {
    if let Some(s) = m.sym_stats() {
        stats.solver.add(&s);
    }
}

/// The end of a search that found violation `v` in the machine's current state: the inputs of a
/// symbolic path come from the solver (unknown when it cannot give them; a timeout when that is
/// because the deadline has passed, after which every query is undecided). None when the path
/// condition is unsatisfiable: the path was followed only because an undecided query counts as
/// feasible, so the violation is on no run and the search goes on without this path; None too
/// when it needs `main` started with more arguments than a native run is given, after telling
/// `no_true` (the search goes on: another path may give a violation, but no `true`).
fn finish_violation(
    mut v: Violation,
    m: &mut Machine,
    stats: &mut SearchStats,
    start: Instant,
    cfg: &SearchConfig,
    no_true: &mut dyn FnMut(Unknown),
) -> Option<(SearchResult, SearchStats)> {
    // Normalised states number their inputs afresh (`vigil_vm::machine::symnorm`): the path
    // condition of a state reached through one speaks of renamed inputs, so the path runs again.
    let r = if m.sym_stats().is_some_and(|s| s.normalised > 0) { rerun_inputs(m.prog, cfg, &v) } else { m.sym_inputs_model() };
    add_solver_stats(m, stats);
    stats.time_s = start.elapsed().as_secs_f64();
    match r {
        Ok(inputs) => {
            v.inputs = inputs;
            Some((SearchResult::Violated(v), stats.clone()))
        }
        Err(vigil_vm::ModelError::Infeasible) => None,
        Err(why @ vigil_vm::ModelError::TooManyArguments) => {
            // A run of the platform, but not one a native run can repeat: no evidence for
            // `false`, and no `true` either; other paths may still give a violation.
            let what = format!("{} at {}: {why}", v.property, m.prog.module.describe_loc(v.loc));
            no_true(Unknown::new(Cause::Unconfirmed, what).at(v.loc));
            None
        }
        Err(why) => {
            if cfg.deadline.is_some_and(|d| Instant::now() >= d) {
                let why = Unknown::new(Cause::Timeout, format!("timeout after {} states", stats.states));
                return Some((SearchResult::Unknown(why), stats.clone()));
            }
            let what = format!("{} at {}: {why}", v.property, m.prog.module.describe_loc(v.loc));
            if why == vigil_vm::ModelError::Diverged {
                // No evidence either way on this path; other paths may still give a violation.
                no_true(Unknown::new(Cause::Unconfirmed, what).at(v.loc));
                return None;
            }
            Some((SearchResult::Unknown(Unknown::new(Cause::SolverLimit, what)), stats.clone()))
        }
    }
}

/// The path conditions of the symbolic states queued so far, as sorted conjuncts
/// ([`Machine::path_conjuncts`]), by explicit key ([`StateStore::explicit_key`]): a new state
/// with the same explicit part whose conjuncts include all of one of these stands for a subset
/// of that state's concrete states, which are explored from it, and need not be expanded
/// (subsumption; Bauch, Havel, Barnat, TOSEM 2016, §4.3, here by syntactic inclusion instead of
/// a solver call).
#[derive(Default)]
struct Subsumption {
    by_explicit: HashMap<Vec<u8>, Vec<Vec<u32>>>,
    /// Bytes held, roughly (keys, conjunct lists and their vectors).
    bytes: u64,
}

impl Subsumption {
    /// Whether a state queued before covers the new state `key`/`pc`; if not, the new one is
    /// remembered (it will be expanded).
    fn covers(&mut self, key: Vec<u8>, pc: Vec<u32>) -> bool {
        let vec_bytes = 3 * std::mem::size_of::<usize>() as u64;
        let key_bytes = key.len() as u64;
        let bytes = &mut self.bytes;
        let same = self.by_explicit.entry(key).or_insert_with(|| {
            *bytes += key_bytes + 2 * vec_bytes;
            Vec::new()
        });
        if same.iter().any(|old| includes(&pc, old)) {
            return true;
        }
        self.bytes += 4 * pc.len() as u64 + vec_bytes;
        same.push(pc);
        false
    }
}

/// Whether the sorted list `big` contains every element of the sorted list `small`.
fn includes(big: &[u32], small: &[u32]) -> bool {
    let mut rest = big.iter();
    small.iter().all(|x| rest.any(|y| y == x))
}

/// The inputs of a violation's path in a search that stored normalised states: the path's
/// choices run again from the initial state on a machine of their own, which numbers inputs as
/// they are read, and its path condition is solved ([`Machine::sym_inputs_model`]). Between
/// transitions the state goes through its canonical form as in the search (without
/// normalisation), and each transition must ask for exactly the choices recorded and end as
/// an interruption (the last one anyhow): normalised states stand for the same concrete
/// states, so the same sides are feasible. Where a transition ends can still differ: a branch
/// side that the search's quick check left undecided ended its transition
/// (`vigil_vm::flags::PC_UNPROVEN`), and the rerun's solver, with another history, may decide
/// it. When the transitions do not line up and the violation is a fault (which ends its
/// transition), the choices are followed once more as one sequence ([`rerun_flat`]). A run
/// that diverges proves nothing either way — the path is then
/// [`vigil_vm::ModelError::Diverged`], never infeasible, so a real violation is not dropped.
/// Whatever inputs come out are confirmed concretely before a violation is reported
/// (`crate::confirm_symbolic`).
fn rerun_inputs(prog: &Program, cfg: &SearchConfig, v: &Violation) -> Result<Option<Vec<u64>>, vigil_vm::ModelError> {
    match rerun_by_transition(prog, cfg, &v.choices) {
        Err(vigil_vm::ModelError::Diverged) if v.fault != FaultKind::Leak => rerun_flat(prog, cfg, &v.choices),
        r => r,
    }
}

/// A machine for a rerun of `prog`.
fn rerun_machine<'p>(prog: &'p Program, cfg: &SearchConfig) -> Result<Machine<'p>, vigil_vm::ModelError> {
    let mut vm = cfg.vm.clone();
    vm.deadline = cfg.deadline;
    Machine::boot(prog, vm).map_err(|_| vigil_vm::ModelError::Diverged)
}

/// [`rerun_inputs`] transition by transition.
fn rerun_by_transition(prog: &Program, cfg: &SearchConfig, choices: &[Vec<u32>]) -> Result<Option<Vec<u64>>, vigil_vm::ModelError> {
    let mut m = rerun_machine(prog, cfg)?;
    let globals = prog.module.globals.len() as u32;
    for (k, cs) in choices.iter().enumerate() {
        let out = m.run_transition(Choices::forced(cs.clone()));
        let same = m.choices.taken.len() == cs.len() && m.choices.taken.iter().zip(cs).all(|((c, _), f)| c == f);
        if !same {
            return Err(vigil_vm::ModelError::Diverged);
        }
        if k + 1 < choices.len() {
            if out.stop != Stop::Interrupt {
                return Err(vigil_vm::ModelError::Diverged);
            }
            m.scrub_dead_registers();
            let state = canonicalize(&m.state, globals).to_state();
            m.reset(state);
        }
    }
    m.sym_inputs_model()
}

/// [`rerun_inputs`] for a fault, with the choices as one sequence: transitions run until one
/// ends otherwise than as an interruption (the fault), having asked for exactly the recorded
/// choices in order.
fn rerun_flat(prog: &Program, cfg: &SearchConfig, choices: &[Vec<u32>]) -> Result<Option<Vec<u64>>, vigil_vm::ModelError> {
    let mut m = rerun_machine(prog, cfg)?;
    let globals = prog.module.globals.len() as u32;
    let flat: Vec<u32> = choices.concat();
    let mut next = 0;
    // Each transition of the search ends at most once more in the rerun (at a branch side its
    // quick check leaves undecided): twice as many transitions mean the run has diverged.
    for _ in 0..2 * choices.len() + 1 {
        let out = m.run_transition(Choices::forced(flat[next..].to_vec()));
        let taken = &m.choices.taken;
        let same = taken.len() <= flat.len() - next && taken.iter().zip(&flat[next..]).all(|((c, _), f)| c == f);
        if !same {
            return Err(vigil_vm::ModelError::Diverged);
        }
        next += taken.len();
        if out.stop != Stop::Interrupt {
            return if next == flat.len() { m.sym_inputs_model() } else { Err(vigil_vm::ModelError::Diverged) };
        }
        m.scrub_dead_registers();
        let state = canonicalize(&m.state, globals).to_state();
        m.reset(state);
    }
    Err(vigil_vm::ModelError::Diverged)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn choice_odometer_enumerates_every_vector_once() {
        // Simulate a transition whose choices have 2 then 3 options.
        let mut seen = Vec::new();
        let mut forced: Vec<u32> = Vec::new();
        loop {
            let a = forced.first().copied().unwrap_or(0);
            let b = forced.get(1).copied().unwrap_or(0);
            seen.push((a, b));
            match next_choices(&[(a, 2), (b, 3)]) {
                Some(v) => forced = v,
                None => break,
            }
        }
        assert_eq!(seen.len(), 6);
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 6);
    }
}
