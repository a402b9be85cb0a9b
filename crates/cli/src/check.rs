//! `vigil check`: read the program (C files or an SV-COMP task), run the engines, print one
//! verdict, and write what the user asked for besides (counterexample, witness, harness, test
//! case).
//!
//! The front end's failures (missing file, compile error, corrupt bitcode) exit with code 2 and a
//! one-line reason; unsupported constructs are listed as notes; an unsupported property is
//! `unknown`, not an error, so that benchmark runs go on.

use crate::compile::CompileSettings;
use crate::config::{self, Config, SynergyAlgorithm};
use crate::engines::explicit::ExplicitEngine;
use crate::engines::Engine;
use crate::property::Property;
use crate::task::Task;
use crate::verdict::{Answer, Report};
use vigil_ir::unknown::{Cause, Unknown};
use crate::{FrontendArgs, EXIT_USAGE};
use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineChoice {
    /// Run the engines that apply in parallel; the first answer with evidence wins.
    Auto,
    /// DiVM-style virtual machine with explicit state-space search.
    Explicit,
    /// Calysto-style structure-preserving symbolic execution.
    Static,
    /// The SYNERGY algorithm (tests + abstraction refinement).
    Synergy,
    /// Shape analysis with list segments (valid-memsafety proofs for lists of any length).
    Shape,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
    /// SARIF 2.1.0: the static engine's reports (runs the static engine only).
    Sarif,
}

/// The algorithm of the synergy engine.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum AlgorithmChoice {
    /// Tests and partition refinement guiding each other (Gulavani et al. 2006).
    Synergy,
    /// Reachable bisimulation quotient (Lee and Yannakakis 1992), a baseline.
    LeeYannakakis,
    /// Refinement from abstract counterexamples alone, a baseline.
    Cegar,
}

impl From<AlgorithmChoice> for SynergyAlgorithm {
    fn from(a: AlgorithmChoice) -> Self {
        match a {
            AlgorithmChoice::Synergy => SynergyAlgorithm::Synergy,
            AlgorithmChoice::LeeYannakakis => SynergyAlgorithm::LeeYannakakis,
            AlgorithmChoice::Cegar => SynergyAlgorithm::Cegar,
        }
    }
}

/// The configuration: defaults, then `--config FILE`, then each `-C`, then the dedicated options
/// that were given (see [`crate::config`]).
pub fn resolve_config(args: &CheckArgs) -> Result<Config, String> {
    let mut c = Config::default();
    if let Some(path) = &args.config {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        c.apply_toml(&text, &path.display().to_string())?;
    }
    for setting in &args.set {
        c.apply_setting(setting)?;
    }
    let option = |r: Result<(), vigil_sat::ParamError>, name: &str| r.map_err(|e| format!("--{name}: {e}"));
    if let Some(n) = args.max_states {
        option(c.explicit.set("max_states", &n.to_string()), "max-states")?;
    }
    if let Some(o) = args.search {
        c.explicit.search = match o {
            SearchOrder::Dfs => config::SearchOrder::Dfs,
            SearchOrder::Bfs => config::SearchOrder::Bfs,
            SearchOrder::Mixed => config::SearchOrder::Mixed,
            SearchOrder::Auto => config::SearchOrder::Auto,
        };
    }
    if let Some(m) = args.symbolic {
        c.explicit.symbolic = match m {
            SymbolicChoice::Auto => config::SymbolicMode::Auto,
            SymbolicChoice::Always => config::SymbolicMode::Always,
            SymbolicChoice::Never => config::SymbolicMode::Never,
        };
    }
    if let Some(m) = args.max_memory {
        option(c.portfolio.set("max_memory_mib", &m.to_string()), "max-memory")?;
    }
    c.vm.malloc_can_fail |= args.malloc_can_fail;
    if let Some(a) = args.algorithm {
        c.synergy.algorithm = a.into();
    }
    c.synergy.generalize &= !args.no_generalize;
    if let Some(k) = args.unroll {
        // Exactly this bound: no deeper rounds.
        option(c.static_.set("unroll", &k.to_string()), "unroll")?;
        option(c.static_.set("max_unroll", &k.to_string()), "unroll")?;
    }
    Ok(c)
}

#[derive(Args)]
pub struct CheckArgs {
    /// The program: C files (.c, .i), LLVM files (.bc, .ll), or one SV-COMP task file (.yml).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Which engine to run.
    #[arg(long, value_enum, default_value_t = EngineChoice::Auto)]
    pub engine: EngineChoice,
    /// The property: unreach-call, valid-memsafety, valid-memcleanup, no-overflow, no-data-race, no-deadlock, or a .prp file
    /// [default: the task's first property, else unreach-call].
    #[arg(long, value_name = "PROPERTY")]
    pub property: Option<String>,
    /// Time budget in seconds; when it runs out the verdict is unknown(timeout).
    #[arg(long, value_name = "SECONDS", default_value_t = 900.0)]
    pub timeout: f64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Search order of the explicit engine: mixed (a DFS and a BFS step in turn), dfs, bfs, or
    /// auto (dfs until the program starts a thread, then mixed) [default: mixed, explicit.search].
    #[arg(long, value_enum)]
    pub search: Option<SearchOrder>,
    /// Stop the explicit search after this many states (the verdict is then unknown)
    /// [default: 5000000, explicit.max_states].
    #[arg(long, value_name = "N")]
    pub max_states: Option<u64>,
    /// Stop when vigil's resident memory exceeds this many MiB (the verdict is then unknown); the
    /// explicit search also stops when its stored states alone reach it [default: 8192,
    /// portfolio.max_memory_mib].
    #[arg(long, value_name = "MIB")]
    pub max_memory: Option<u64>,
    /// Let malloc, calloc and realloc fail (return NULL) nondeterministically.
    #[arg(long)]
    pub malloc_can_fail: bool,
    /// Make the host file PATH visible to the program, read-only, as NAME (repeatable; NAME
    /// alone: PATH = NAME). The VM's file system holds exactly these files: fopen/open of NAME
    /// for reading works as in glibc; any other name fails with ENOENT, and opening for writing
    /// with EROFS (a read-only file system). The bytes are saved with a counterexample.
    #[arg(long = "file", value_name = "NAME=PATH")]
    pub vm_files: Vec<String>,
    /// When the verdict is false, save the counterexample here (JSON) for `vigil replay`.
    #[arg(long, value_name = "FILE")]
    pub counterexample: Option<PathBuf>,
    /// Write an SV-COMP witness (YAML, format 2.0) here: for false a violation witness, for true
    /// a correctness witness (loop invariants from the synergy engine's proof; none from the
    /// other engines, as the format allows).
    #[arg(long, value_name = "FILE")]
    pub witness: Option<PathBuf>,
    /// Instead of checking the property, read this correctness witness (YAML 2.0,
    /// loop_invariant entries in C) and check that each invariant is inductive on the program
    /// and whether together they prove the property (unreach-call or no-overflow; exit 0 when all
    /// are inductive, 1 if not).
    #[arg(long, value_name = "FILE")]
    pub validate_witness: Option<PathBuf>,
    /// When the verdict is false, write a C test harness here that reproduces the bug natively
    /// (its header shows the clang command line; native confirmation builds the same).
    #[arg(long, value_name = "FILE")]
    pub harness: Option<PathBuf>,
    /// When the verdict is false, write the inputs as a Test-Comp test case (XML) here.
    #[arg(long, value_name = "FILE")]
    pub testcase: Option<PathBuf>,
    /// Do not confirm a `false` natively (by default the program is compiled with the
    /// counterexample's harness under AddressSanitizer/UBSan and run against the real libc).
    #[arg(long)]
    pub no_native_confirm: bool,
    /// Print the engines' statistics before the verdict line (JSON output always has them).
    #[arg(long)]
    pub stats: bool,
    /// The synergy engine's algorithm [default: synergy, synergy.algorithm].
    #[arg(long, value_enum)]
    pub algorithm: Option<AlgorithmChoice>,
    /// Switch off the synergy engine's generalisation of refinements.
    #[arg(long)]
    pub no_generalize: bool,
    /// How many times the static engine unrolls each loop, and no more [default: 1, then rounds
    /// with twice the bound up to static.max_unroll while time remains].
    #[arg(long, value_name = "K")]
    pub unroll: Option<u32>,
    /// Enumerate __VERIFIER_nondet_* inputs over LO..HI instead of a few boundary values.
    #[arg(long, value_name = "LO..HI", value_parser = parse_range, allow_hyphen_values = true)]
    pub nondet_range: Option<(i64, i64)>,
    /// Which __VERIFIER_nondet_* inputs the explicit engine keeps symbolic (bit-vector terms,
    /// branches decided by the solver) instead of enumerating values: `auto` those wider than
    /// 8 bits (unless --nondet-range asks for enumeration), `always` also chars, `never` none
    /// [default: auto, explicit.symbolic].
    #[arg(long, value_enum)]
    pub symbolic: Option<SymbolicChoice>,
    /// Write every solver query of the symbolic engines into this directory (SMT-LIB 2 QF_BV,
    /// one file per query, each answered as the engine's call was): the explicit engine's
    /// symbolic data as qNNNNNN.smt2, the static engine's verification conditions as
    /// vcNNNNNN.smt2 (`bench/collect_vcs.sh` builds tuning classes from them).
    #[arg(long, value_name = "DIR")]
    pub dump_vcs: Option<PathBuf>,
    /// Write the whole incremental solver session of the explicit engine's search
    /// (explicit-NNNNNN.smt2) and of each of the static engine's VCs (static-NNNNNN.smt2) into
    /// this directory, as SMT-LIB 2 scripts that `vigil smt` replays call by call (`; engine:`
    /// comments give the engine's answers); the instances of `vigil tune`'s session classes.
    #[arg(long, value_name = "DIR")]
    pub dump_sessions: Option<PathBuf>,
    /// Read parameters from a TOML file (sections [explicit], [vm], [synergy], [static],
    /// [portfolio], [sat], [bv]; `vigil params` lists every key).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Set one parameter, e.g. `-C explicit.max_states=100000` or `-C sat.restart=luby` (after
    /// --config; `vigil params` lists every key). The symbolic engines' solvers start from their
    /// classes' tuned configurations (explicit: explicit-queries, static: static-vcs; `--stats`
    /// names them as solver_config); `-C solver.class=default` runs the solver's plain defaults,
    /// `-C solver.class=CLASS` one shipped class everywhere; [sat]/[bv] settings apply on top. `-C explicit.racy=unknown` is the strict mode
    /// for thread programs: no `true` for a program with a data race or atomics weaker than
    /// seq_cst (by default, `sc`, they get the sequentially consistent verdict, as SV-COMP
    /// defines it, with a warning).
    #[arg(short = 'C', value_name = "SECTION.KEY=VALUE")]
    pub set: Vec<String>,
    #[command(flatten)]
    pub frontend: FrontendArgs,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum SymbolicChoice {
    Auto,
    Always,
    Never,
}

/// The VM's symbolic mode for `explicit.symbolic` (`auto` enumerates when a range was asked for).
pub fn symbolic_mode(mode: config::SymbolicMode, nondet_range: Option<(i64, i64)>) -> vigil_vm::Symbolic {
    match mode {
        config::SymbolicMode::Auto if nondet_range.is_some() => vigil_vm::Symbolic::Never,
        config::SymbolicMode::Auto => vigil_vm::Symbolic::Auto,
        config::SymbolicMode::Always => vigil_vm::Symbolic::Always,
        config::SymbolicMode::Never => vigil_vm::Symbolic::Never,
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum SearchOrder {
    Dfs,
    Bfs,
    Mixed,
    Auto,
}

fn parse_range(s: &str) -> Result<(i64, i64), String> {
    let (lo, hi) = s.split_once("..").ok_or("expected LO..HI, e.g. -5..5")?;
    let lo: i64 = lo.trim().parse().map_err(|_| format!("bad lower bound '{lo}'"))?;
    let hi: i64 = hi.trim().parse().map_err(|_| format!("bad upper bound '{hi}'"))?;
    if lo > hi {
        return Err(format!("empty range {lo}..{hi}"));
    }
    if hi.abs_diff(lo) > 1 << 20 {
        return Err("range too large (at most 2^20 values)".into());
    }
    Ok((lo, hi))
}

/// The program and property after reading a task file, if one was given.
pub struct Inputs {
    pub files: Vec<PathBuf>,
    /// The VM's file system (`--file`).
    pub vm_files: Vec<crate::vm_files::VmFile>,
    pub frontend: FrontendArgs,
    pub property: Property,
    /// The task's expected verdict for the property, when it says.
    pub expected: Option<bool>,
}

/// Resolves the command line into program files, front-end options and the property.
pub fn resolve_inputs(args: &CheckArgs) -> Result<Inputs, String> {
    let mut frontend = args.frontend.clone();
    let explicit_property = match &args.property {
        Some(p) => Some(crate::property::parse(p)?),
        None => None,
    };
    let vm_files = crate::vm_files::read_all(&args.vm_files)?;
    let is_task = args.files.iter().any(|f| crate::task::is_task_file(f));
    if !is_task {
        return Ok(Inputs {
            files: args.files.clone(),
            vm_files,
            frontend,
            property: explicit_property.unwrap_or(Property::UnreachCall),
            expected: None,
        });
    }
    if args.files.len() != 1 {
        return Err("give one task file (.yml) alone, not together with other files".into());
    }
    let task = Task::load(&args.files[0])?;
    frontend.m32 |= task.ilp32;
    let property = match explicit_property {
        Some(p) => p,
        None => task
            .properties
            .first()
            .map(|p| p.property)
            .ok_or_else(|| format!("{}: the task lists no property; give one with --property", args.files[0].display()))?,
    };
    let expected = task.property(&property).and_then(|p| p.expected);
    Ok(Inputs { files: task.input_files, vm_files, frontend, property, expected })
}

pub fn run(args: &CheckArgs) -> u8 {
    let start = Instant::now();
    let budget = match crate::timeout_duration(args.timeout, false) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("vigil check: {e}");
            return EXIT_USAGE;
        }
    };
    if args.format == Format::Sarif && !matches!(args.engine, EngineChoice::Auto | EngineChoice::Static) {
        eprintln!("vigil check: --format sarif shows the static engine's reports; use it with --engine static");
        return EXIT_USAGE;
    }
    let inputs = match resolve_inputs(args) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("vigil check: {e}");
            return EXIT_USAGE;
        }
    };
    let config = match resolve_config(args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("vigil check: {e}");
            return EXIT_USAGE;
        }
    };
    let property = inputs.property;
    let compile = CompileSettings::for_check(&inputs);
    let deadline = start + budget;
    if let Some(w) = &args.validate_witness {
        return crate::witness_cmd::validate(w, &inputs, &compile, &config, deadline);
    }
    let mut facts = crate::native::ProgramFacts::default();
    let mut no_proof = None;
    let mut notes = Vec::new();
    let mut stats = serde_json::Map::new();
    let result = if let Property::Unsupported(name) = property {
        crate::portfolio::PortfolioResult {
            decided_by: "none",
            outcome: crate::engines::EngineReport::unknown(Unknown::new(Cause::Declined, format!("property {name} is not supported"))),
            summaries: Vec::new(),
        }
    } else {
        let engines = match build_engines(args, &config, &inputs, &compile, deadline, &mut notes, &mut stats) {
            Ok((e, f, why)) => {
                facts = f;
                no_proof = why;
                e
            }
            Err(code) => return code,
        };
        // On a terminal, a long run says what it is waiting for (on stderr, erased at the end).
        let tty = std::io::IsTerminal::is_terminal(&std::io::stderr());
        let report = |elapsed: Duration, running: &[&'static str]| {
            eprint!("\r\x1b[Kvigil: {:.0} s, still running: {}", elapsed.as_secs_f64(), running.join(", "));
        };
        let limits = crate::portfolio::Limits::from(&config.portfolio);
        let result = crate::portfolio::run(engines, deadline, limits, tty.then_some((Duration::from_secs(5), &report as _)));
        if tty {
            eprint!("\r\x1b[K");
        }
        result
    };
    let mut outcome = result.outcome;
    if let (Answer::True, Some(why)) = (&outcome.answer, no_proof) {
        outcome.answer = Answer::Unknown(Unknown::new(Cause::Unsupported, why));
        outcome.details.clear();
        outcome.invariants.clear();
    }
    let native = if args.no_native_confirm {
        None
    } else {
        confirm_natively(&compile, facts, &mut outcome, result.decided_by, deadline, config.portfolio.max_memory_mib)
    };
    for (k, v) in &outcome.stats {
        stats.insert(k.clone(), v.clone());
    }
    if result.summaries.len() > 1 {
        let engines: Vec<serde_json::Value> = result
            .summaries
            .iter()
            .map(|s| serde_json::json!({"engine": s.engine, "result": s.result, "time_s": s.time_s}))
            .collect();
        stats.insert("engines".into(), engines.into());
        let others: Vec<String> = result
            .summaries
            .iter()
            .filter(|s| s.engine != result.decided_by)
            .map(|s| format!("{}: {}", s.engine, s.result))
            .collect();
        if !others.is_empty() {
            notes.push(format!("note: other engines: {}", others.join("; ")));
        }
    }
    if let Some(expected) = inputs.expected {
        stats.insert("expected_verdict".into(), expected.into());
    }
    if let Err(e) = write_artefacts(args, &config, &inputs, &compile, &outcome) {
        eprintln!("vigil check: {e}");
        return EXIT_USAGE;
    }
    let report = Report {
        answer: outcome.answer,
        property: property.name().into(),
        engine: result.decided_by.into(),
        trace: outcome.trace,
        stats,
        time_s: start.elapsed().as_secs_f64(),
        notes,
        native,
        warnings: outcome.warnings.clone(),
    };
    match args.format {
        Format::Text => {
            for w in &report.warnings {
                eprintln!("{w}");
            }
            if !report.trace.is_empty() {
                println!("counterexample (replayed):");
                for step in &report.trace {
                    println!("{}", step.get("text").and_then(|t| t.as_str()).unwrap_or_default());
                }
            }
            for line in &outcome.details {
                println!("{line}");
            }
            if args.stats {
                println!("statistics ({}):", report.engine);
                for (k, v) in &report.stats {
                    println!("  {k}: {v}");
                }
            }
            print!("{}", report.to_text())
        }
        Format::Json => println!("{}", report.to_json()),
        Format::Sarif => match &outcome.sarif {
            Some(log) => println!("{log}"),
            None => {
                eprintln!("vigil check: no SARIF log: {}", report.answer.display());
                return EXIT_USAGE;
            }
        },
    }
    report.answer.exit_code()
}

/// The independent check of a `false` (see [`crate::native`]): confirms it natively; when the
/// native run contradicts the counterexample, the answer becomes `unknown` and the disagreement
/// is printed loudly on stderr. Returns the check's result (None unless the answer was false).
fn confirm_natively(
    compile: &CompileSettings,
    facts: crate::native::ProgramFacts,
    outcome: &mut crate::engines::EngineReport,
    engine: &str,
    deadline: Instant,
    max_memory_mib: u64,
) -> Option<crate::native::NativeCheck> {
    let (Answer::False(violated), Some(ev)) = (&outcome.answer, &outcome.evidence) else { return None };
    let remaining = deadline.saturating_duration_since(Instant::now());
    // Within what is left of the time budget, but never so little that a normal build or run
    // could not finish (they take well under a second).
    let limits = crate::native::Limits {
        compile: remaining.clamp(Duration::from_secs(10), Duration::from_secs(60)),
        run: remaining.clamp(Duration::from_secs(2), Duration::from_secs(10)),
        memory_mib: max_memory_mib.clamp(256, 2048),
    };
    let check = crate::native::confirm(compile, ev, facts, &limits);
    if check.status == crate::native::Status::Contradicted {
        eprintln!("vigil check: WARNING: the counterexample of the {engine} engine (false({violated})) DOES NOT REPRODUCE NATIVELY");
        eprintln!("vigil check: {}", check.detail);
        eprintln!("vigil check: vigil's model of C or libc disagrees with the real platform here; this is a bug in vigil.");
        eprintln!("vigil check: the VM's counterexample was:");
        for step in &outcome.trace {
            eprintln!("{}", step.get("text").and_then(|t| t.as_str()).unwrap_or_default());
        }
        *outcome = crate::engines::EngineReport {
            stats: std::mem::take(&mut outcome.stats),
            ..crate::engines::EngineReport::unknown(Unknown::new(
                Cause::Disagreement,
                format!("counterexample does not reproduce natively: {}", check.detail),
            ))
        };
    }
    Some(check)
}

/// The math.h functions whose results the runtime rounds correctly where glibc's are not always
/// (crates/runtime/c/fp_exp.c, fp_trig.c), that functions of the program call directly.
fn transcendental_calls(module: &vigil_ir::Module) -> Vec<String> {
    const MATH: [&str; 20] = [
        "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "pow", "sinh", "cosh", "tanh", "hypot", "cbrt", "sin",
        "cos", "tan", "asin", "acos", "atan", "atan2",
    ];
    let mut found: Vec<String> = Vec::new();
    for (_, f) in module.defined_functions().filter(|(_, f)| !f.runtime) {
        for inst in f.blocks.iter().flat_map(|b| &b.insts) {
            if let vigil_ir::InstKind::Call { callee: vigil_ir::Callee::Direct(g), .. } = &inst.kind {
                let name = module.function(*g).name.as_str();
                let base = name.strip_suffix('f').filter(|b| MATH.contains(b)).unwrap_or(name);
                if MATH.contains(&base) && !found.iter().any(|n| n == name) {
                    found.push(name.to_string());
                }
            }
        }
    }
    found.sort();
    found
}

/// Whether one of the program's own functions (not the runtime's) calls the function `name`
/// directly.
fn program_calls(module: &vigil_ir::Module, name: &str) -> bool {
    module.defined_functions().filter(|(_, f)| !f.runtime).any(|(_, f)| {
        f.blocks.iter().flat_map(|b| &b.insts).any(|inst| {
            matches!(&inst.kind, vigil_ir::InstKind::Call { callee: vigil_ir::Callee::Direct(g), .. } if module.function(*g).name == name)
        })
    })
}

/// Loads the program and prepares the engines the options ask for, with the facts the native
/// confirmation needs and, when the program is one vigil must not prove, why. On a front-end
/// failure, prints the reason and returns the exit code.
fn build_engines(
    args: &CheckArgs,
    config: &Config,
    inputs: &Inputs,
    compile: &CompileSettings,
    deadline: Instant,
    notes: &mut Vec<String>,
    stats: &mut serde_json::Map<String, serde_json::Value>,
) -> Result<(Vec<Arc<dyn Engine>>, crate::native::ProgramFacts, Option<String>), u8> {
    let property = inputs.property;
    let module = match compile.load_for_vm() {
        Ok(m) => m,
        Err(e) => {
            eprintln!("vigil check: {e}");
            return Err(EXIT_USAGE);
        }
    };
    let Some(main) = module.function_by_name("main").filter(|f| !module.function(*f).is_declaration()) else {
        eprintln!("vigil check: {}: no main function", inputs.files[0].display());
        return Err(EXIT_USAGE);
    };
    let facts = crate::native::ProgramFacts {
        main_takes_arguments: !module.function(main).params.is_empty(),
        calls_pthread_exit: program_calls(&module, "pthread_exit"),
    };
    // Why no engine's `true` stands, whatever the engine (vigil_frontend::literals).
    let no_proof = module.unmarked_lifetime_kept.as_ref().map(|at| {
        format!(
            "the program keeps the address of a compound literal of a nested block or of a temporary ({at}); clang \
             marks no end of such an object's life, so an access after it would go unseen (README, \"Compound \
             literals\")"
        )
    });
    for u in &module.unsupported {
        notes.push(format!("note: unsupported construct {} at {}", u.construct, module.describe_loc(u.loc)));
    }
    let math = transcendental_calls(&module);
    if !math.is_empty() {
        notes.push(format!(
            "note: the program calls {}: vigil's results are correctly rounded, glibc's differ in the last bit for a \
             fraction of arguments (README, \"Floating point\"); a path through them can show a violation (confirmed \
             natively) but cannot prove the program correct",
            math.join(", ")
        ));
    }
    if let Some(at) = module.mem2reg_declined {
        // See vigil_frontend::load: SSA form would let an uninitialised local differ between
        // reads, hide an access to a local after its block (vigil_frontend::scope), or the
        // byte of a local read as a `_Bool` (vigil_frontend::lower::bools).
        stats.insert(
            "mem2reg".into(),
            format!(
                "not applied: a local read uninitialised, whose address may outlive its block, or written as a char and read as a _Bool, near {}",
                module.describe_loc(at)
            )
            .into(),
        );
    }
    stats.insert("functions".into(), module.defined_functions().count().into());
    stats.insert(
        "instructions".into(),
        module.defined_functions().map(|(_, f)| f.num_insts()).sum::<usize>().into(),
    );
    let mut engines: Vec<Arc<dyn Engine>> = Vec::new();
    // SARIF output is the static engine's report list.
    let engine = if args.format == Format::Sarif { EngineChoice::Static } else { args.engine };
    let want = |e: EngineChoice| engine == EngineChoice::Auto || engine == e;
    let solver_names: serde_json::Map<String, serde_json::Value> =
        [(EngineChoice::Explicit, "explicit"), (EngineChoice::Static, "static"), (EngineChoice::Synergy, "synergy")]
            .into_iter()
            .filter(|&(e, _)| want(e))
            .map(|(_, name)| (name.to_string(), engine_solver(config, name).1.into()))
            .collect();
    stats.insert("solver_config".into(), solver_names.into());
    let explicit = vm_property(property).map(|vm_property| {
        let folded_overflow =
            if property == Property::NoOverflow { module.compiler_warnings.first().cloned() } else { None };
        Arc::new(ExplicitEngine {
            module,
            config: search_config(args, config, vm_property, property, deadline),
            folded_overflow,
            confirm_max_states: config.explicit.confirm_max_states,
        })
    });
    if want(EngineChoice::Explicit) {
        match &explicit {
            Some(e) => engines.push(Arc::clone(e) as Arc<dyn Engine>),
            None => engines.push(declined("explicit", format!("property {} is not supported", property.name()))),
        }
    }
    let symbolic_wanted = want(EngineChoice::Synergy) || want(EngineChoice::Static) || want(EngineChoice::Shape);
    if symbolic_wanted {
        match symbolic_engines(args, config, inputs, compile, explicit.as_ref(), deadline) {
            Ok(mut more) => engines.append(&mut more),
            Err(code) => return Err(code),
        }
    }
    Ok((engines, facts, no_proof))
}

/// The synergy and static engines that apply (declined ones say why).
fn symbolic_engines(
    args: &CheckArgs,
    config: &Config,
    inputs: &Inputs,
    compile: &CompileSettings,
    explicit: Option<&Arc<ExplicitEngine>>,
    deadline: Instant,
) -> Result<Vec<Arc<dyn Engine>>, u8> {
    let property = inputs.property;
    let engine = if args.format == Format::Sarif { EngineChoice::Static } else { args.engine };
    let want = |e: EngineChoice| engine == EngineChoice::Auto || engine == e;
    // Both engines read the program alone (no in-VM runtime), in SSA form.
    let ssa = CompileSettings { mem2reg: true, ..compile.clone() };
    let module = match vigil_frontend::load(&ssa.files, &ssa.frontend_options(false)) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("vigil check: {e}");
            return Err(EXIT_USAGE);
        }
    };
    let threads = ["pthread_create", "thrd_create"].iter().any(|f| module.function_by_name(f).is_some());
    let mut engines: Vec<Arc<dyn Engine>> = Vec::new();
    let Some(confirm_with) = explicit else {
        for (e, name) in [(EngineChoice::Synergy, "synergy"), (EngineChoice::Static, "static"), (EngineChoice::Shape, "shape")] {
            if want(e) {
                engines.push(declined(name, format!("property {} is not supported", property.name())));
            }
        }
        return Ok(engines);
    };
    if want(EngineChoice::Synergy) {
        if threads {
            engines.push(declined("synergy", "the program uses threads".into()));
        } else if !matches!(property, Property::UnreachCall | Property::NoOverflow | Property::ValidMemsafety) {
            engines.push(declined("synergy", format!("checks unreach-call, no-overflow and valid-memsafety, not {}", property.name())));
        } else {
            let p = &config.synergy;
            let options = vigil_synergy::Options {
                algorithm: match p.algorithm {
                    SynergyAlgorithm::Synergy => vigil_synergy::Algorithm::Synergy,
                    SynergyAlgorithm::LeeYannakakis => vigil_synergy::Algorithm::LeeYannakakis,
                    SynergyAlgorithm::Cegar => vigil_synergy::Algorithm::Cegar,
                },
                property,
                generalize: p.generalize,
                max_iterations: p.max_iterations,
                test_step_bound: p.test_step_bound,
                deadline: Some(deadline),
                max_memory: Some(config.portfolio.max_memory_mib.saturating_mul(1 << 20) / 100 * p.memory_percent),
                malloc_can_fail: config.vm.malloc_can_fail,
                solver: engine_solver(config, "synergy").0,
                dump_vcs: args.dump_vcs.clone(),
                ..Default::default()
            };
            engines.push(Arc::new(crate::engines::synergy::SynergyEngine {
                module: module.clone(),
                options,
                confirm_with: Arc::clone(confirm_with),
            }));
        }
    }
    if want(EngineChoice::Shape) {
        if threads {
            engines.push(declined("shape", "the program uses threads".into()));
        } else if !matches!(property, Property::ValidMemsafety | Property::UnreachCall) {
            engines.push(declined("shape", format!("checks valid-memsafety and unreach-call, not {}", property.name())));
        } else if property == Property::UnreachCall && engine == EngineChoice::Auto && !allocates(&module) {
            // Without lists on the heap the other engines do the same work better, and the
            // shape analysis would only take their CPU.
            engines.push(declined("shape", "the program does not allocate heap memory (unreach-call)".into()));
        } else {
            let goal = if property == Property::UnreachCall { vigil_shape::Goal::Unreach } else { vigil_shape::Goal::MemSafety };
            let options = vigil_shape::Options {
                goal,
                deadline: Some(deadline),
                // A fifth of the portfolio's memory for the stored abstract states.
                max_memory: config.portfolio.max_memory_mib.saturating_mul(1 << 20) / 5,
                malloc_can_fail: config.vm.malloc_can_fail,
                ..Default::default()
            };
            engines.push(Arc::new(crate::engines::shape::ShapeEngine { module: module.clone(), options }));
        }
    }
    if want(EngineChoice::Static) {
        if threads {
            engines.push(declined("static", "the program uses threads".into()));
        } else if !matches!(property, Property::UnreachCall | Property::ValidMemsafety) {
            engines.push(declined("static", format!("checks unreach-call and NULL dereferences, not {}", property.name())));
        } else {
            let p = &config.static_;
            let size = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
            let options = vigil_static::Options {
                unroll: u32::try_from(p.unroll).unwrap_or(u32::MAX),
                deadline: Some(deadline),
                summary_expand_limit: size(p.summary_expand_limit),
                refine_batch: size(p.refine_batch),
                deref_inline_limit: size(p.deref_inline_limit),
                max_unrolled_nodes: size(p.max_unrolled_nodes),
                max_contexts: size(p.max_contexts),
                vc_conflict_limit: (p.vc_conflict_limit > 0).then_some(p.vc_conflict_limit),
                solver: engine_solver(config, "static").0,
                dump_vcs: args.dump_vcs.clone(),
                dump_sessions: args.dump_sessions.clone(),
                ..Default::default()
            };
            engines.push(Arc::new(crate::engines::static_engine::StaticEngine {
                module,
                max_unroll: u32::try_from(p.max_unroll.max(p.unroll)).unwrap_or(u32::MAX),
                deepen_below_bytes: config.portfolio.max_memory_mib.saturating_mul(1 << 20) / 2,
                options,
                property,
                confirm_with: Arc::clone(confirm_with),
                source_file: inputs.files[0].display().to_string(),
            }));
        }
    }
    Ok(engines)
}

/// Whether the program (without the runtime) calls `malloc` or `calloc`.
fn allocates(module: &vigil_ir::Module) -> bool {
    ["malloc", "calloc"].iter().any(|n| module.function_by_name(n).is_some())
}

fn declined(name: &'static str, reason: String) -> Arc<dyn Engine> {
    Arc::new(Declined { name, reason })
}

/// An engine that does not apply, with the reason.
struct Declined {
    name: &'static str,
    reason: String,
}

impl Engine for Declined {
    fn name(&self) -> &'static str {
        self.name
    }
    fn run(&self, _cancel: &Arc<std::sync::atomic::AtomicBool>) -> crate::engines::EngineReport {
        crate::engines::EngineReport::declined(self.reason.clone())
    }
}

/// Writes the counterexample, witness, harness and test case the user asked for (only for
/// `false`; for other verdicts nothing is written).
fn write_artefacts(
    args: &CheckArgs,
    config: &Config,
    inputs: &Inputs,
    compile: &CompileSettings,
    outcome: &crate::engines::EngineReport,
) -> Result<(), String> {
    let write = |path: &Path, text: &str| std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()));
    if let (Answer::True, Some(path)) = (&outcome.answer, &args.witness) {
        return write(path, &crate::witness_cmd::correctness_witness(inputs, &outcome.invariants)?);
    }
    let Answer::False(violated) = &outcome.answer else { return Ok(()) };
    if let (Some(path), Some(choices)) = (&args.counterexample, &outcome.choices) {
        let saved = crate::replay_cmd::SavedCounterexample::new(
            &config.vm,
            args.nondet_range,
            compile,
            inputs.property.name(),
            *violated,
            choices.clone(),
            outcome.inputs.clone(),
            outcome.wide_inputs.clone().map(|w| (w, symbolic_mode(config.explicit.symbolic, args.nondet_range))),
        );
        saved.write(path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let Some(ev) = &outcome.evidence else { return Ok(()) };
    if let Some(path) = &args.witness {
        let task = vigil_report::witness::TaskInfo {
            input_files: inputs.files.iter().map(|f| f.display().to_string()).collect(),
            specification: crate::property::formula(inputs.property),
            ilp32: inputs.frontend.m32,
            producer_version: env!("CARGO_PKG_VERSION").into(),
        };
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        let text = vigil_report::witness::violation_witness(&task, ev, &|f| std::fs::read(f).ok(), now)?;
        write(path, &text)?;
    }
    if let Some(path) = &args.harness {
        write(path, &compile.harness(ev))?;
    }
    if let Some(path) = &args.testcase {
        write(path, &vigil_report::harness::testcomp_testcase(ev))?;
    }
    Ok(())
}

/// The VM property for a checked property (None for properties the VM does not check).
pub fn vm_property(property: Property) -> Option<vigil_vm::Property> {
    property.is_checked().then_some(property)
}

/// The solver configuration of `engine` (explicit, static, synergy) and its name
/// ([`crate::solver_class`]).
fn engine_solver(config: &Config, engine: &str) -> (vigil_bv::config::SolverConfig, String) {
    use crate::solver_class::{EXPLICIT_CLASS, STATIC_CLASS};
    let class = match engine {
        "explicit" => Some(EXPLICIT_CLASS),
        "static" => Some(STATIC_CLASS),
        _ => None,
    };
    crate::solver_class::engine_solver(&config.solver_class, class, &config.solver_settings)
}

/// The VM configuration for the given options.
pub fn vm_config(property: Property, vm: &config::VmParams, nondet_range: Option<(i64, i64)>) -> vigil_vm::Config {
    vigil_vm::Config {
        check_overflow: property == Property::NoOverflow,
        malloc_can_fail: vm.malloc_can_fail,
        nondet_range,
        max_steps: vm.max_steps,
        inputs: None,
        uninitialised_over_approximated: false,
        ..Default::default()
    }
}

fn search_config(
    args: &CheckArgs,
    config: &Config,
    vm_property: vigil_vm::Property,
    property: Property,
    deadline: Instant,
) -> vigil_explicit::SearchConfig {
    vigil_explicit::SearchConfig {
        property: vm_property,
        order: match config.explicit.search {
            config::SearchOrder::Dfs => vigil_explicit::Order::Dfs,
            config::SearchOrder::Bfs => vigil_explicit::Order::Bfs,
            config::SearchOrder::Mixed => vigil_explicit::Order::Mixed,
            config::SearchOrder::Auto => vigil_explicit::Order::Auto,
        },
        vm: vigil_vm::Config {
            symbolic: symbolic_mode(config.explicit.symbolic, args.nondet_range),
            dump_vcs: args.dump_vcs.clone(),
            dump_sessions: args.dump_sessions.clone(),
            solver: engine_solver(config, "explicit").0,
            branch_quick_conflicts: config.explicit.branch_quick_conflicts,
            ..vm_config(property, &config.vm, args.nondet_range)
        },
        max_states: config.explicit.max_states,
        max_memory: config.portfolio.max_memory_mib.saturating_mul(1 << 20),
        deadline: Some(deadline),
        cancel: None,
        racy: match config.explicit.racy {
            config::RacyPolicy::Sc => vigil_explicit::Racy::Sc,
            config::RacyPolicy::Unknown => vigil_explicit::Racy::Unknown,
        },
        por: config.explicit.por,
        forget_dead_inputs: config.explicit.forget_dead_inputs,
    }
}

