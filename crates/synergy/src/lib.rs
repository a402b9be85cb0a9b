//! The synergy engine: the SYNERGY algorithm (Gulavani, Henzinger, Kannan, Nori, Rajamani,
//! *SYNERGY: A New Algorithm for Property Checking*, FSE 2006), tests and partition refinement
//! guiding each other, bit-precisely on vigil IR; plus the paper's two baselines on the same
//! infrastructure (issue 4).
//!
//! Modules, one idea each:
//! * [`flatten`]: `main` with non-recursive calls inlined and recursive functions as
//!   procedures of their own, cell-shaped memory promoted to registers, arrays indexed by
//!   expressions as if-then-else over their cells (larger ones, and objects whose size is an
//!   input, as shadow cells for the tests and a ghost cell for quantified invariants), and
//!   pointers as values (in memory, φs) read
//!   and written by case split over the objects whose address escaped (DASH's aliasing case
//!   split);
//! * [`summary`]: procedure summaries after SMASH: must-summaries (the memo of concrete calls)
//!   for tests, may-summaries (`pre ⇒ post`, proven inductively) for the abstract program;
//! * [`exec`]: concrete execution (the tests), through `vigil_semantics::ops`; [`sparse`]: the
//!   tests' values of large arrays, persistent sparse maps shared between forest states;
//! * [`symbolic`]: the symbolic step (IR op → bit-vector term), preconditions, term utilities;
//! * [`locations`]: the abstract program's locations, trees of blocks (a block with one
//!   predecessor runs as part of its step);
//! * [`engine`]: partition, abstract program, forest;
//! * [`synergy`]: the main loop (Figure 2); [`generalize`]: RefineWithGeneralization (§5), with
//!   [`affine`] equalities from the tests' values as candidates, proven invariants restricting
//!   the loop head's regions; [`suffix`]: the part of an abstract error trace past the frontier
//!   refined when it is infeasible on its own;
//! * [`lee_yannakakis`]: Lee–Yannakakis (Figure 5); [`cegar`]: refinement from abstract counterexamples;
//! * [`witness`]: loop invariants of a proof for correctness witnesses, and their validation.
//!
//! Properties: `unreach-call`; `no-overflow`, for which the error is a signed overflow the
//! VM reports ([`flatten::Flat::check_overflow`]); `valid-memsafety`, for which the error is an
//! out-of-bounds access, a use of freed memory, a bad free, or heap memory still allocated when
//! `main` returns ([`flatten::CheckKind`]; the VM's replay names the sub-property), declined for
//! programs that print or have block-scoped objects (what the model would miss there: reads by
//! printf, addresses kept past a scope); a program that allocates and loops gets a proof only
//! when a second proof shows every allocated object reachable at every loop head
//! ([`flatten::reach`]: a leak before an endless loop is caught that way).
//!
//! Soundness contract: `Safe` only when no abstract error trace exists in an abstract program
//! whose edges over-approximate the VM's steps (undefined values free, undefined behaviour an
//! error region); `Unsafe` only with an input vector that the concrete interpreter has replayed
//! into `reach_error`; everything else is `Unknown` with a reason.
#![forbid(unsafe_code)]

pub mod affine;
pub mod cegar;
pub mod engine;
pub mod exec;
pub mod flatten;
pub mod generalize;
pub mod lee_yannakakis;
pub mod locations;
pub mod sparse;
pub mod suffix;
pub mod summary;
pub mod symbolic;
pub mod synergy;
pub mod witness;

use std::fmt;
use vigil_ir::unknown::{Cause, Unknown};
use vigil_semantics::Property;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Which algorithm runs on the shared infrastructure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    Synergy,
    LeeYannakakis,
    Cegar,
}

impl Algorithm {
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Synergy => "synergy",
            Algorithm::LeeYannakakis => "lee-yannakakis",
            Algorithm::Cegar => "cegar",
        }
    }

    /// Parses `synergy`, `lee-yannakakis`, `cegar`.
    pub fn from_name(s: &str) -> Option<Algorithm> {
        match s {
            "synergy" => Some(Algorithm::Synergy),
            "lee-yannakakis" | "ly" => Some(Algorithm::LeeYannakakis),
            "cegar" => Some(Algorithm::Cegar),
            _ => None,
        }
    }
}

/// Engine options.
#[derive(Clone, Debug)]
pub struct Options {
    pub algorithm: Algorithm,
    /// The property to check: `unreach-call`, `no-overflow` or `valid-memsafety` (anything
    /// else → `Unknown`).
    /// [default: unreach-call]
    pub property: Property,
    /// Run RefineWithGeneralization (synergy only). [default: true]
    pub generalize: bool,
    /// Locations are trees of blocks: a block with one predecessor runs as part of its
    /// predecessor's step ([`locations`]); off, every block is a location. A run on trees
    /// that ends `unknown` for imprecision is repeated with every block a location.
    /// [default: true]
    pub block_trees: bool,
    /// Main-loop iterations before `unknown`. [default: 10000]
    pub max_iterations: u64,
    /// Block steps after which a test stops; a second run's long tests go on within a third
    /// of the engine's time ([`engine::PAST_BOUND_SHARE`], [`synergy`]). [default: 100000]
    pub test_step_bound: u64,
    pub deadline: Option<Instant>,
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Bytes the engine's own structures may take (estimated, [`engine::MemoryUse`]) before
    /// the run ends `unknown(memory-limit)`; None: no budget. [default: None]
    pub max_memory: Option<u64>,
    /// `malloc` and `calloc` may return NULL (the VM's `malloc_can_fail`): the engine, which
    /// models allocation as succeeding, then declines programs that allocate. [default: false]
    pub malloc_can_fail: bool,
    /// The bit-vector solver's configuration, with the SAT core's parameters.
    pub solver: vigil_bv::config::SolverConfig,
    /// Write every region query of the engine (`Ctx::sat`: abstract edges, splits) as an SMT-LIB 2 script
    /// with its answer into this directory (`sNNNNNN.smt2`; `vigil check --dump-vcs`).
    pub dump_vcs: Option<std::path::PathBuf>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            algorithm: Algorithm::Synergy,
            property: Property::UnreachCall,
            generalize: true,
            block_trees: true,
            max_iterations: 10_000,
            test_step_bound: 100_000,
            deadline: None,
            interrupt: None,
            max_memory: None,
            malloc_can_fail: false,
            solver: vigil_bv::config::SolverConfig::default(),
            dump_vcs: None,
        }
    }
}

/// One nondet call's result, in call order (shared with the VM, which replays them).
pub use vigil_vm::Input;

/// One step of a counterexample: a block entered (or the error reached).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceStep {
    pub file: String,
    /// Source line (0 when unknown).
    pub line: u32,
    pub function: String,
    pub what: String,
    /// Inputs read on the step into this point.
    pub inputs: Vec<u64>,
}

/// The regions of one location in a proof.
#[derive(Clone, Debug)]
pub struct ProofLocation {
    pub location: String,
    pub function: String,
    pub line: u32,
    /// Region predicates (they partition the location's states).
    pub regions: Vec<String>,
}

/// A proof: a partition whose abstract program has no path to an error or undefined behaviour.
#[derive(Clone, Debug)]
pub struct Proof {
    pub locations: Vec<ProofLocation>,
    pub abstract_reachable_regions: usize,
    /// Loop invariants at loop heads, in C, from the abstractly reachable regions.
    pub invariants: Vec<witness::LoopInvariant>,
}

/// The longest region predicate [`Proof`]'s text shows whole; a longer one (a heap shape's
/// predicates run to tens of kilobytes) is cut, and [`Proof::to_json`] keeps it whole.
const REGION_TEXT_LIMIT: usize = 400;

impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "partition ({} abstractly reachable regions; no abstract error trace):", self.abstract_reachable_regions)?;
        for l in &self.locations {
            if l.regions.len() == 1 && l.regions[0] == "true" {
                continue;
            }
            writeln!(f, "  {} (line {}):", l.location, l.line)?;
            for r in &l.regions {
                if r.len() <= REGION_TEXT_LIMIT {
                    writeln!(f, "    {r}")?;
                } else {
                    let cut = (0..=REGION_TEXT_LIMIT).rev().find(|&i| r.is_char_boundary(i)).unwrap_or(0);
                    writeln!(f, "    {} … ({} characters in all: the JSON output has the whole predicate)", &r[..cut], r.len())?;
                }
            }
        }
        Ok(())
    }
}

fn json_str(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

impl Proof {
    /// The proof as one JSON object.
    pub fn to_json(&self) -> String {
        let locs: Vec<String> = self
            .locations
            .iter()
            .map(|l| {
                let rs: Vec<String> = l.regions.iter().map(|r| json_str(r)).collect();
                format!(
                    "{{\"location\":{},\"function\":{},\"line\":{},\"regions\":[{}]}}",
                    json_str(&l.location),
                    json_str(&l.function),
                    l.line,
                    rs.join(",")
                )
            })
            .collect();
        let invs: Vec<String> = self
            .invariants
            .iter()
            .map(|i| format!("{{\"function\":{},\"line\":{},\"value\":{}}}", json_str(&i.function), i.line, json_str(&i.value)))
            .collect();
        format!(
            "{{\"abstract_reachable_regions\":{},\"locations\":[{}],\"loop_invariants\":[{}]}}",
            self.abstract_reachable_regions,
            locs.join(","),
            invs.join(",")
        )
    }
}

/// The engine's answer: a replayed counterexample, a proof, or why neither was found.
#[derive(Clone, Debug)]
pub enum Verdict {
    Unsafe { inputs: Vec<Input>, trace: Vec<TraceStep> },
    Safe { proof: Proof },
    Unknown(Unknown),
}

impl Verdict {
    /// `true`, `false` or `unknown`.
    pub fn verdict(&self) -> &'static str {
        match self {
            Verdict::Unsafe { .. } => "false",
            Verdict::Safe { .. } => "true",
            Verdict::Unknown(_) => "unknown",
        }
    }
}

/// Counters.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub iterations: u64,
    pub tests: u64,
    pub refinements: u64,
    pub generalizations: u64,
    pub solver_calls: u64,
    pub solver_time: Duration,
    /// Concrete block steps executed.
    pub steps: u64,
    pub forest_states: u64,
    pub regions: u64,
    /// The estimate of the engine's memory when the run ended, in bytes ([`engine::MemoryUse`]).
    pub memory_bytes: u64,
}

impl Stats {
    /// The counts of two runs one after the other (the sizes are the second's).
    pub fn then(&self, next: &Stats) -> Stats {
        Stats {
            iterations: self.iterations + next.iterations,
            tests: self.tests + next.tests,
            refinements: self.refinements + next.refinements,
            generalizations: self.generalizations + next.generalizations,
            solver_calls: self.solver_calls + next.solver_calls,
            solver_time: self.solver_time + next.solver_time,
            steps: self.steps + next.steps,
            ..next.clone()
        }
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "iterations: {}\ntests: {}\nrefinements: {}\ngeneralizations: {}\nsolver calls: {}\nsolver time: {:.3}s\nconcrete steps: {}\nforest states: {}\nregions: {}\nmemory (estimated): {} MiB",
            self.iterations,
            self.tests,
            self.refinements,
            self.generalizations,
            self.solver_calls,
            self.solver_time.as_secs_f64(),
            self.steps,
            self.forest_states,
            self.regions,
            self.memory_bytes >> 20
        )
    }
}

/// Checks unreach-call, no-overflow or valid-memsafety ([`Options::property`]) on `module`
/// (its `main`): with [`flatten::pointers::MAX_SITE_OBJECTS`] slots per allocation site in a
/// loop, then, when a test allocated more objects of one site at once, with the next count of
/// [`flatten::pointers::SITE_OBJECT_COUNTS`] in the time left (the slot model is exact at any
/// count; only the cut moves).
pub fn check(module: &vigil_ir::Module, opts: &Options) -> (Verdict, Stats) {
    let counts = flatten::pointers::SITE_OBJECT_COUNTS;
    let mut total = Stats::default();
    for (i, &slots) in counts.iter().enumerate() {
        let (v, st) = check_slots(module, opts, slots);
        total = total.then(&st);
        let cut = matches!(&v, Verdict::Unknown(u) if u.message.contains(flatten::pointers::SITE_CUT_REACHED));
        let time_left = opts.deadline.is_none_or(|d| Instant::now() < d) && !opts.interrupt.as_ref().is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed));
        if !(cut && time_left && i + 1 < counts.len()) {
            return (v, total);
        }
    }
    (Verdict::Unknown(Unknown::new(Cause::Bug, "internal: no slot count tried")), total)
}

fn check_slots(module: &vigil_ir::Module, opts: &Options, slots: u64) -> (Verdict, Stats) {
    let (check_overflow, check_memsafety) = match opts.property {
        Property::UnreachCall => (false, false),
        Property::NoOverflow => (true, false),
        Property::ValidMemsafety => (false, true),
        other => {
            let why = format!("the synergy engine checks unreach-call, no-overflow and valid-memsafety, not {}", other.name());
            return (Verdict::Unknown(Unknown::new(Cause::Declined, why)), Stats::default());
        }
    };
    if check_memsafety {
        // Output functions are skipped without reading the memory they are given.
        if ["printf", "puts"].iter().any(|n| module.function_by_name(n).is_some()) {
            let why = "under valid-memsafety the synergy engine declines programs that print (their reads are not checked)";
            return (Verdict::Unknown(Unknown::new(Cause::Declined, why)), Stats::default());
        }
    }
    if check_overflow {
        if let Some(w) = module.compiler_warnings.first() {
            // The compiler folded an overflowing constant expression: no instruction is left
            // to overflow, so a proof over the instructions would miss it.
            let why = format!("a constant expression overflows and was folded by the compiler: {w}");
            return (Verdict::Unknown(Unknown::new(Cause::FoldedOverflow, why)), Stats::default());
        }
    }
    if opts.malloc_can_fail && ["malloc", "calloc"].iter().any(|n| module.function_by_name(n).is_some()) {
        let why = "the program allocates memory and malloc may fail; the synergy engine models allocation as succeeding";
        return (Verdict::Unknown(Unknown::new(Cause::Declined, why)), Stats::default());
    }
    // Constructors run before main and destructors after it; the flattened program is main alone.
    if !module.constructors.is_empty() || !module.destructors.is_empty() {
        return (
            Verdict::Unknown(Unknown::new(
                Cause::Declined,
                "the program has constructors or destructors, which the synergy engine does not run",
            )),
            Stats::default(),
        );
    }
    let flat = match std::panic::catch_unwind(|| flatten::flatten_slots(module, slots)) {
        Ok(Ok(f)) => f,
        Ok(Err(flatten::Unsupported(why))) => {
            // A construct vigil could not lower stops every engine; anything else flattening
            // refuses is beyond this engine only.
            let cause = if module.unsupported.is_empty() { Cause::Declined } else { Cause::Unsupported };
            return (Verdict::Unknown(Unknown::new(cause, why)), Stats::default());
        }
        Err(_) => return (Verdict::Unknown(Unknown::new(Cause::Bug, "internal error while flattening (please report)")), Stats::default()),
    };
    if check_memsafety && flat.scope_ends {
        let why = "under valid-memsafety the synergy engine declines programs with block-scoped objects (an address kept past its scope is not caught)";
        return (Verdict::Unknown(Unknown::new(Cause::Declined, why)), Stats::default());
    }
    let flat = flatten::Flat { check_overflow, check_memsafety, ..flat };
    flat.procs.set_flags(check_overflow, check_memsafety);
    if check_memsafety && flat.heap_objects > 0 {
        // A leak is checked where main returns; an execution that loops forever after losing
        // a heap object never gets there, and the VM reports the loss where it happens. A
        // proof then also needs that no object is allocated at a loop head ([`flatten::heap`]).
        let heads = match witness::loop_heads(&flat) {
            Some(h) => h,
            None => {
                let why = "under valid-memsafety the synergy engine declines programs that allocate and whose loops it cannot find";
                return (Verdict::Unknown(Unknown::new(Cause::Declined, why)), Stats::default());
            }
        };
        if !heads.is_empty() || !flat.procs.is_empty() {
            return check_allocating_loops(&flat, &heads, opts);
        }
    }
    check_trees(&flat, opts)
}

/// Checks a flattened program with locations as trees of blocks ([`locations`]) when the options
/// ask for it, falling back to every block a location when the refinement cannot separate.
fn check_trees(flat: &flatten::Flat, opts: &Options) -> (Verdict, Stats) {
    if !opts.block_trees {
        return check_flat(flat, opts);
    }
    let trees = flatten::Flat { absorbed: locations::absorbed(flat), ..flat.clone() };
    let (v, st) = check_flat(&trees, opts);
    match &v {
        // A refinement that cannot separate the tests from the abstract step (typically an
        // undefined value that tests take as 0, inside a larger step): every block a location
        // again, with what is left of the budget.
        Verdict::Unknown(why) if why.cause == Cause::Imprecise && trees.absorbed.iter().any(|&a| a) => {
            let rest = Options { max_iterations: opts.max_iterations.saturating_sub(st.iterations), ..opts.clone() };
            let (v2, mut st2) = check_flat(flat, &rest);
            st2.iterations += st.iterations;
            st2.tests += st.tests;
            st2.refinements += st.refinements;
            st2.solver_calls += st.solver_calls;
            st2.solver_time += st.solver_time;
            (v2, st2)
        }
        _ => (v, st),
    }
}

/// valid-memsafety for a program that allocates and loops: a counterexample of the program
/// stands; a proof stands once the program with [`flatten::reach::with_loop_head_checks`] is proven
/// too (see [`flatten::heap`]), else `unknown`.
fn check_allocating_loops(flat: &flatten::Flat, heads: &[u32], opts: &Options) -> (Verdict, Stats) {
    let why = "under valid-memsafety the synergy engine proves a program that allocates and loops only when every allocated heap object is reachable where a loop starts again (a leak before a loop that never ends is not caught otherwise)";
    if !flat.procs.is_empty() {
        // A procedure that never returns is a loop the loop heads do not show.
        let (v, st) = check_trees(flat, opts);
        return match v {
            Verdict::Safe { .. } => (Verdict::Unknown(Unknown::new(Cause::Imprecise, why)), st),
            v => (v, st),
        };
    }
    let (v, st) = check_trees(flat, opts);
    if !matches!(v, Verdict::Safe { .. }) {
        return (v, st);
    }
    let checked = flatten::reach::with_loop_head_checks(flat, heads);
    let (v2, st2) = check_trees(&checked, opts);
    let st = st.then(&st2);
    match v2 {
        Verdict::Safe { .. } => (v2, st),
        // The checked program has the same behaviours up to the new checks, which are never
        // an error: a counterexample of it is one of the program.
        Verdict::Unsafe { .. } => (v2, st),
        Verdict::Unknown(u) => {
            let u = if u.message.contains(flatten::reach::UNREACHABLE_AT_LOOP_HEAD) { Unknown::new(Cause::Imprecise, why) } else { u };
            (Verdict::Unknown(u), st)
        }
    }
}

/// Checks an already flattened program.
pub fn check_flat(flat: &flatten::Flat, opts: &Options) -> (Verdict, Stats) {
    let mut cx = engine::Ctx::new(flat, opts);
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match opts.algorithm {
        Algorithm::Synergy => synergy::run(&mut cx),
        Algorithm::LeeYannakakis => lee_yannakakis::run(&mut cx),
        Algorithm::Cegar => cegar::run(&mut cx),
    }));
    let outcome = match run {
        Ok(o) => o,
        Err(_) => Verdict::Unknown(Unknown::new(Cause::Bug, "internal error in the synergy engine (please report)")),
    };
    let mut stats = cx.stats.clone();
    stats.forest_states = cx.states.len() as u64;
    stats.regions = cx.regions.iter().filter(|r| r.alive).count() as u64;
    stats.memory_bytes = cx.memory_use().total();
    (outcome, stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_region_is_cut_in_the_text_and_whole_in_the_json() {
        let long = format!("(x == {})", "é".repeat(REGION_TEXT_LIMIT));
        let proof = Proof {
            locations: vec![ProofLocation {
                location: "main/loop".into(),
                function: "main".into(),
                line: 3,
                regions: vec!["(x < 5)".into(), long.clone()],
            }],
            abstract_reachable_regions: 2,
            invariants: Vec::new(),
        };
        let text = proof.to_string();
        assert!(text.contains("    (x < 5)\n"), "{text}");
        let cut = text.lines().find(|l| l.contains("characters in all")).expect("the long region is cut");
        assert!(cut.len() < REGION_TEXT_LIMIT + 100, "{cut}");
        assert!(cut.contains(&format!("({} characters in all", long.len())), "{cut}");
        assert!(proof.to_json().contains(&long));
    }
}
