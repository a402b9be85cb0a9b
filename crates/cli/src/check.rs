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
    #[command(flatten)]
    pub frontend: FrontendArgs,
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
    let module = match vigil_frontend::load(&args.files, &args.frontend.options()) {
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
    let report = Report {
        answer: Answer::Unknown("no engine".into()),
        property: property.name().into(),
        engine: "none".into(),
        trace: Vec::new(),
        stats,
        time_s: start.elapsed().as_secs_f64(),
        notes,
    };
    match args.format {
        Format::Text => print!("{}", report.to_text()),
        Format::Json => println!("{}", report.to_json()),
    }
    report.answer.exit_code()
}
