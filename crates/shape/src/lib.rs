//! vigil's shape analysis: a proof of `valid-memsafety` (or of `unreach-call`, see [`Goal`]) for
//! programs that build, walk and free linked lists of any length, by abstract interpretation over symbolic memory graphs with list
//! segments (Dudka, Peringer, Vojnar: *Predator*, CAV 2011, and *Byte-Precise Verification of
//! Low-Level List Manipulation*, SAS 2013).
//!
//! The explicit engine exhausts a program's states only when they are finitely many; a loop that
//! appends to a list while an input says so has infinitely many. Here a chain of similar heap
//! nodes is summarised as one segment of "at least 0, 1 or 2" nodes at loop heads, so the states
//! are finitely many again, and every access to a segment first splits a concrete node off it.
//! What a node owns alone (a buffer, its own sub-list) is summarised with it as a prototype that
//! every node split off the segment gets a copy of.
//!
//! Modules, one idea each:
//! * [`value`]: abstract values (known or unknown integers, pointers with a segment end);
//! * [`heap`]: objects as fields over a fill, with byte-precise reads and writes;
//! * [`state`]: frames and memory, references, leaks, canonical form;
//! * [`segments`]: materialisation and abstraction of list segments;
//! * [`owned`]: sub-heaps a node owns (private data, sub-lists) as a segment's prototypes;
//! * [`liveness`]: registers still read (dead ones are forgotten);
//! * [`exec`]: the interpreter and the exploration.
//!
//! Soundness contract: [`check`] returns `Ok` only when the exploration finished and no explored
//! state can dereference an invalid pointer, free wrongly or lose memory (for [`Goal::Unreach`]:
//! dereference or free wrongly, or call the error function) — under the VM's
//! semantics (README, "Semantics where C and SV-COMP leave room"): memory is lost when nothing
//! reachable from globals, stack slots and registers still read points to it; `main`'s locals die
//! when it returns; `exit` and `abort` keep every frame. Anything else — a possible violation,
//! a construct it does not model, a limit — is `Err(Unknown)` with the reason: the analysis never
//! answers `false`.
#![forbid(unsafe_code)]

pub mod exec;
pub mod heap;
pub mod liveness;
pub mod owned;
pub mod segments;
pub mod state;
pub mod value;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;
use vigil_ir::unknown::{Cause, Unknown};
use vigil_ir::Module;

/// The property the exploration proves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Goal {
    /// `valid-memsafety`: no invalid dereference or free, no memory lost.
    #[default]
    MemSafety,
    /// `unreach-call`: no call of the error function (`reach_error`, `__VERIFIER_error`, a
    /// failing `__VERIFIER_assert` the program does not define). Memory lost is no error here:
    /// unreachable objects are dropped like garbage. A possible invalid dereference or free is
    /// still `unknown` (the program's behaviour would be undefined from there on).
    Unreach,
}

/// What the analysis may use.
#[derive(Clone, Debug)]
pub struct Options {
    /// The property proved.
    pub goal: Goal,
    pub deadline: Option<Instant>,
    pub interrupt: Option<Arc<AtomicBool>>,
    /// States stored before giving up.
    pub max_states: u64,
    /// Bytes the stored states may take (an estimate) before giving up.
    pub max_memory: u64,
    /// `malloc` may return NULL (`--malloc-can-fail`).
    pub malloc_can_fail: bool,
    /// The fewest nodes a chain of plain nodes summarised into a segment stands for in the second,
    /// more precise exploration (shorter lists stay exact).
    pub abstraction_threshold: u8,
    /// A node whose integer field holds a known value is summarised only with nodes holding
    /// the same value there (see [`segments::abstract_lists`]); [`check`] sets it for its first
    /// round under [`Goal::Unreach`].
    pub exact_data: bool,
    /// At a loop head, states that differ only in integers are joined (each integer that
    /// differs becomes unknown) once more than this many of them were met: loops with constant
    /// bounds up to it stay exact, counters without one stop growing the state space. 0: never.
    pub widen_after: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options { goal: Goal::MemSafety, deadline: None, interrupt: None, max_states: 200_000, max_memory: 1 << 30, malloc_can_fail: false, abstraction_threshold: 3, exact_data: false, widen_after: 32 }
    }
}

/// What the exploration did.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Distinct states stored (at block entries).
    pub states: u64,
    /// Instructions run.
    pub steps: u64,
    /// Chains summarised into segments.
    pub abstractions: u64,
    /// Nodes split off segments (or segments found empty).
    pub materializations: u64,
    /// Explorations run (under unreach-call first one that keeps different node values apart;
    /// then one that summarises chains of two nodes; and one with the configured abstraction
    /// threshold when that found a possible violation).
    pub rounds: u64,
    /// Loop-head states replaced by a join with earlier ones that differ only in integers.
    pub widenings: u64,
}

/// Checks `opts.goal` on `module` (the program alone, after `mem2reg`, without vigil's
/// runtime: `malloc`, `free` and the `__VERIFIER_*` functions are modelled here).
pub fn check(module: &Module, opts: &Options) -> (Result<(), Unknown>, Stats) {
    if module.pointer_bytes != 8 {
        return (Err(Unknown::new(Cause::Declined, "the shape analysis models LP64 programs only")), Stats::default());
    }
    let mut stats = Stats::default();
    // The deadline of a round that may use `1/parts` of the time left.
    let share = |parts: u32| {
        opts.deadline.map(|d| {
            let now = Instant::now();
            now + d.saturating_duration_since(now) / parts
        })
    };
    let time_left = || opts.deadline.is_none_or(|d| Instant::now() < d);
    // Under unreach-call the values in the nodes decide whether the error is reachable: a first
    // round keeps nodes with different known values apart. Where values keep changing it does
    // not converge, so it gets a third of the time and a tenth of the states; any other reason
    // to stop (an unsupported construct) would stop the later rounds too.
    if opts.goal == Goal::Unreach && !opts.exact_data {
        let exact = Options {
            exact_data: true,
            abstraction_threshold: 2,
            deadline: share(3),
            max_states: opts.max_states / 10,
            max_memory: opts.max_memory / 4,
            ..opts.clone()
        };
        let r = explore(module, &exact, &mut stats);
        let retry = matches!(&r, Err(u) if matches!(u.cause, Cause::Imprecise | Cause::StateLimit | Cause::MemoryLimit | Cause::Timeout));
        if !retry || !time_left() {
            return (located(module, r), stats);
        }
    }
    // Then every chain of two nodes is summarised, which converges soonest; when that finds a
    // possible violation, another exploration keeps lists shorter than the configured
    // threshold exact (a two-node list freed as `free(a->next); free(a)` is no leak there).
    let coarse = Options { abstraction_threshold: 2, deadline: share(2), ..opts.clone() };
    let mut r = explore(module, &coarse, &mut stats);
    let imprecise = matches!(&r, Err(u) if u.cause == Cause::Imprecise);
    if opts.abstraction_threshold > 2 && imprecise && time_left() {
        r = explore(module, opts, &mut stats);
    }
    (located(module, r), stats)
}

/// `r` with the location of its reason in the message.
fn located(module: &Module, r: Result<(), Unknown>) -> Result<(), Unknown> {
    r.map_err(|u| match u.at {
        Some(loc) => {
            let message = format!("{} at {}", u.message, module.describe_loc(loc));
            u.with_message(message)
        }
        None => u,
    })
}

/// One exploration with `opts`; its counts are added to `stats`.
fn explore(module: &Module, opts: &Options, stats: &mut Stats) -> Result<(), Unknown> {
    let mut a = exec::Analysis::new(module, opts);
    let r = a.run();
    stats.states += a.stats.states;
    stats.steps += a.stats.steps;
    stats.abstractions += a.stats.abstractions;
    stats.materializations += a.stats.materializations;
    stats.rounds += 1;
    stats.widenings += a.stats.widenings;
    r
}
