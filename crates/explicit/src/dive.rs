//! A stateless dive: one run of the program that takes the first option of every choice and
//! stores no state, before a search confirms another engine's input vector.
//!
//! Why: the search stores every state it reaches, and an object that a transition writes is
//! copied and stored anew. A program that walks a large array reading uninitialised cells (each
//! read a choice, so each loop iteration a state) therefore costs the array's size per
//! iteration: quadratic. SV-COMP's `standard_minInArray_false` (100,000 cells) ran out of 8 GiB
//! confirming the counterexample SYNERGY had found in half a second. The input vector to confirm
//! came from a concrete run that the dive repeats, so one run is usually all it takes, and a run
//! on one machine state writes objects in place.
//!
//! Invariants:
//! * The dive is a run of the same VM with the same configuration, so a violation it meets is a
//!   real one; the caller replays it ([`crate::replay`]) like a violation of the search before
//!   reporting it. The recorded choices are exactly those taken (all first options).
//! * It only ever reports a violation; a run that ends, cuts a path, gets stuck or meets
//!   something the search treats with care (several threads, addresses as integers, doubtful
//!   uninitialised reads, a symbolic state) gives nothing, and the search runs as it would have.
//! * Memory is checked for leaks where the run ends, not after every transition (that would
//!   canonicalise the whole state each time, the cost the dive avoids). A heap object lost on
//!   the way is still lost at the end; a fault of another subproperty met first is reported
//!   instead: both are violations on the same run.

use crate::search::{memory_lost, SearchConfig, SearchStats, Violation};
use std::time::Instant;
use vigil_vm::canon::canonicalize;
use vigil_vm::machine::flags;
use vigil_vm::{Choices, FaultKind, Machine, Program, Stop};

/// The share of the time left that a dive may take when the search has a deadline (1/4): a
/// confirmation's vector usually leads the first run straight to the violation, and a first
/// run that loops forever must leave the search most of its time.
pub const DIVE_TIME_DIVISOR: u32 = 4;

/// Runs the program once, taking the first option of every choice, without storing states.
/// Returns the violation of `cfg.property` it met (to be replayed) and its counters, or None.
pub fn dive(prog: &Program, cfg: &SearchConfig) -> (Option<Violation>, SearchStats) {
    let start = Instant::now();
    let mut stats = SearchStats::default();
    let deadline = cfg.deadline.map(|end| start + end.saturating_duration_since(start) / DIVE_TIME_DIVISOR);
    let mut vm = cfg.vm.clone();
    vm.deadline = deadline;
    let Ok(mut m) = Machine::boot(prog, vm) else {
        return (None, stats);
    };
    let mut path: Vec<Vec<u32>> = Vec::new();
    let found = loop {
        let out_of_time = deadline.is_some_and(|d| Instant::now() >= d);
        let cancelled = cfg.cancel.as_ref().is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed));
        if out_of_time || cancelled {
            break None;
        }
        let out = m.run_transition(Choices::forced(Vec::new()));
        stats.transitions += 1;
        stats.instructions += out.steps;
        path.push(m.choices.taken.iter().map(|(c, _)| *c).collect());
        let careful = flags::ADDRESS_AS_INT | flags::UNDEF_DOUBT | flags::SPURIOUS | flags::THREADED;
        if (out.flags | m.state.flags) & careful != 0 || m.state.sym != 0 {
            break None;
        }
        match out.stop {
            Stop::Interrupt => {}
            Stop::Exit => {
                m.scrub_dead_registers();
                let canon = canonicalize(&m.state, prog.module.globals.len() as u32);
                break memory_lost(cfg.property, &m.state, &canon, true).then_some((FaultKind::Leak, m.last_loc, vigil_ir::FuncId(0)));
            }
            // A fault that is not a violation of the property (`violates` below) ends the path.
            Stop::Fault { kind, loc, func } => break Some((kind, loc, func)),
            Stop::Cancelled | Stop::StepLimit => break None,
        }
    };
    stats.time_s = start.elapsed().as_secs_f64();
    let violation = found.and_then(|(fault, loc, func)| {
        let property = fault.violates(cfg.property)?;
        Some(Violation { property, fault, loc, func, choices: path, inputs: None })
    });
    (violation, stats)
}

/// Whether a search with `cfg` confirms a given vector (another engine's inputs, or a symbolic
/// path's model): only then does a dive come first.
pub fn worth_diving(cfg: &SearchConfig) -> bool {
    cfg.vm.inputs.is_some() || cfg.vm.wide_inputs.is_some()
}
