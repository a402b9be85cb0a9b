//! `vigil check`: load the program, run the engines, print one verdict.
//!
//! No engine has landed yet, so after the front end has read the program the answer is
//! `unknown(no engine)`. The front end's failures (missing file, compile error, corrupt bitcode)
//! exit with code 2 and a one-line reason; unsupported constructs are listed as notes.

use crate::property::Property;
use crate::verdict::{Answer, Report};
use crate::{FrontendArgs, EXIT_USAGE};
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::time::Instant;

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Engine {
    /// Run the engines that apply in parallel; the first answer with evidence wins.
    Auto,
    /// DiVM-style virtual machine with explicit state-space search.
    Explicit,
    /// Calysto-style structure-preserving symbolic execution.
    Static,
    /// The SYNERGY algorithm (tests + abstraction refinement).
    Synergy,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

#[derive(Args)]
pub struct CheckArgs {
    /// The program: one or more C files (.c, .i) or LLVM files (.bc, .ll).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Which engine to run.
    #[arg(long, value_enum, default_value_t = Engine::Auto)]
    pub engine: Engine,
    /// The property: unreach-call, valid-memsafety, no-overflow, no-data-race, or a .prp file.
    #[arg(long, default_value = "unreach-call", value_name = "PROPERTY")]
    pub property: String,
    /// Time budget in seconds; when it runs out the verdict is unknown(timeout).
    #[arg(long, value_name = "SECONDS", default_value_t = 900.0)]
    pub timeout: f64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Search order of the explicit engine.
    #[arg(long, value_enum, default_value_t = SearchOrder::Dfs)]
    pub search: SearchOrder,
    /// Stop the explicit search after this many states (the verdict is then unknown).
    #[arg(long, value_name = "N", default_value_t = 5_000_000)]
    pub max_states: u64,
    /// Stop the explicit search when stored states take this many MiB.
    #[arg(long, value_name = "MIB", default_value_t = 8192)]
    pub max_memory: u64,
    /// Let malloc, calloc and realloc fail (return NULL) nondeterministically.
    #[arg(long)]
    pub malloc_can_fail: bool,
    /// When the verdict is false, save the counterexample here (JSON) for `vigil replay`.
    #[arg(long, value_name = "FILE")]
    pub counterexample: Option<std::path::PathBuf>,
    /// Enumerate __VERIFIER_nondet_* inputs over LO..HI instead of a few boundary values.
    #[arg(long, value_name = "LO..HI", value_parser = parse_range, allow_hyphen_values = true)]
    pub nondet_range: Option<(i64, i64)>,
    #[command(flatten)]
    pub frontend: FrontendArgs,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum SearchOrder {
    Dfs,
    Bfs,
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

pub fn run(args: &CheckArgs) -> u8 {
    let start = Instant::now();
    let property = match Property::parse(&args.property) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("vigil check: {e}");
            return EXIT_USAGE;
        }
    };
    if !(args.timeout > 0.0 && args.timeout.is_finite()) {
        eprintln!("vigil check: --timeout must be a positive number of seconds");
        return EXIT_USAGE;
    }
    let mut fe = args.frontend.options();
    fe.runtime = crate::runtime::bitcode_for(fe.m32);
    if property == Property::ValidMemsafety {
        // Memory tracking must see C variables as memory: after mem2reg, "p was overwritten"
        // and "p is never read again" are the same dead register, and leak reports would be
        // wrong one way or the other.
        fe.mem2reg = false;
    }
    let module = match vigil_frontend::load(&args.files, &fe) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("vigil check: {e}");
            return EXIT_USAGE;
        }
    };
    if module.function_by_name("main").is_none_or(|f| module.function(f).is_declaration()) {
        eprintln!("vigil check: {}: no main function", args.files[0].display());
        return EXIT_USAGE;
    }
    let mut notes = Vec::new();
    for u in &module.unsupported {
        notes.push(format!("note: unsupported construct {} at {}", u.construct, module.describe_loc(u.loc)));
    }
    let mut stats = serde_json::Map::new();
    stats.insert("functions".into(), module.defined_functions().count().into());
    stats.insert(
        "instructions".into(),
        module.defined_functions().map(|(_, f)| f.num_insts()).sum::<usize>().into(),
    );
    let (answer, engine, trace, choices) = run_engines(args, property, module, &mut stats, start);
    if let (Some(path), Some(choices)) = (&args.counterexample, &choices) {
        let violated = match &answer {
            Answer::False(p) => p.clone(),
            _ => String::new(),
        };
        let saved = crate::replay_cmd::SavedCounterexample::new(args, property.name(), &violated, choices.clone());
        if let Err(e) = saved.write(path) {
            eprintln!("vigil check: cannot write {}: {e}", path.display());
            return EXIT_USAGE;
        }
    }
    let report = Report {
        answer,
        property: property.name().into(),
        engine,
        trace,
        stats,
        time_s: start.elapsed().as_secs_f64(),
        notes,
    };
    match args.format {
        Format::Text => {
            if !report.trace.is_empty() {
                println!("counterexample (replayed):");
                for step in &report.trace {
                    println!("{}", step.get("text").and_then(|t| t.as_str()).unwrap_or_default());
                }
            }
            print!("{}", report.to_text())
        }
        Format::Json => println!("{}", report.to_json()),
    }
    report.answer.exit_code()
}

/// Runs the engines that apply. Only the explicit engine exists so far; `auto` runs it.
fn run_engines(
    args: &CheckArgs,
    property: Property,
    module: vigil_ir::Module,
    stats: &mut serde_json::Map<String, serde_json::Value>,
    start: Instant,
) -> (Answer, String, Vec<serde_json::Value>, Option<Vec<Vec<u32>>>) {
    let vm_property = match vm_property(property) {
        Some(p) => p,
        None => {
            return (Answer::Unknown("property no-data-race is not supported yet".into()), "none".into(), Vec::new(), None)
        }
    };
    match args.engine {
        Engine::Auto | Engine::Explicit => {}
        Engine::Static | Engine::Synergy => {
            return (Answer::Unknown("no engine: this engine is not implemented yet".into()), "none".into(), Vec::new(), None)
        }
    }
    if crate::runtime::bitcode().is_none() {
        return (Answer::Unknown("no engine: the in-VM runtime is not built".into()), "none".into(), Vec::new(), None);
    }
    let folded_overflow = if property == Property::NoOverflow {
        module.compiler_warnings.first().cloned()
    } else {
        None
    };
    let program = vigil_vm::Program::new(module);
    let cfg = search_config(args, vm_property, property, start);
    // An internal error of the engine must not take vigil down: it ends in unknown.
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| vigil_explicit::check(&program, &cfg)));
    let (mut verdict, st) = match run {
        Ok(r) => r,
        Err(_) => (
            vigil_explicit::Verdict::Unknown("internal error in the explicit engine (please report)".into()),
            vigil_explicit::SearchStats::default(),
        ),
    };
    if let (vigil_explicit::Verdict::Holds, Some(w)) = (&verdict, folded_overflow) {
        // The compiler evaluated an overflowing constant expression: no instruction is left for
        // the engine to check, so its `true` does not cover that expression.
        verdict = vigil_explicit::Verdict::Unknown(format!("a constant expression overflows and was folded by the compiler: {w}"));
    }
    stats.insert("states".into(), st.states.into());
    stats.insert("transitions".into(), st.transitions.into());
    stats.insert("instructions".into(), st.instructions.into());
    stats.insert("stored_bytes".into(), st.stored_bytes.into());
    if st.states > 0 {
        stats.insert("bytes_per_state".into(), (st.stored_bytes / st.states).into());
    }
    stats.insert("search_s".into(), st.time_s.into());
    let answer = match verdict {
        vigil_explicit::Verdict::Holds => (Answer::True, Vec::new(), None),
        vigil_explicit::Verdict::Violated { property, trace, choices } => {
            let steps = trace
                .iter()
                .map(|s| {
                    let mut j = s.to_json();
                    if let Some(o) = j.as_object_mut() {
                        o.insert("text".into(), s.to_text().into());
                    }
                    j
                })
                .collect();
            (Answer::False(property.to_string()), steps, Some(choices))
        }
        vigil_explicit::Verdict::Unknown(r) => (Answer::Unknown(r), Vec::new(), None),
    };
    (answer.0, "explicit".into(), answer.1, answer.2)
}

/// The VM property for a checked property (None for properties the VM does not check).
pub fn vm_property(property: Property) -> Option<vigil_vm::Property> {
    match property {
        Property::UnreachCall => Some(vigil_vm::Property::UnreachCall),
        Property::ValidMemsafety => Some(vigil_vm::Property::ValidMemsafety),
        Property::NoOverflow => Some(vigil_vm::Property::NoOverflow),
        Property::NoDataRace => None,
    }
}

/// The VM configuration for the given options.
pub fn vm_config(property: Property, malloc_can_fail: bool, nondet_range: Option<(i64, i64)>) -> vigil_vm::Config {
    vigil_vm::Config {
        check_overflow: property == Property::NoOverflow,
        malloc_can_fail,
        nondet_range,
        max_steps: 50_000_000,
        inputs: None,
    }
}

fn search_config(args: &CheckArgs, vm_property: vigil_vm::Property, property: Property, start: Instant) -> vigil_explicit::SearchConfig {
    vigil_explicit::SearchConfig {
        property: vm_property,
        order: match args.search {
            SearchOrder::Dfs => vigil_explicit::Order::Dfs,
            SearchOrder::Bfs => vigil_explicit::Order::Bfs,
        },
        vm: vm_config(property, args.malloc_can_fail, args.nondet_range),
        max_states: args.max_states,
        max_memory: args.max_memory.saturating_mul(1 << 20),
        deadline: Some(start + std::time::Duration::from_secs_f64(args.timeout)),
        cancel: None,
    }
}
