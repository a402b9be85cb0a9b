//! Saved counterexamples and `vigil replay`: re-executing a counterexample that
//! `vigil check --counterexample FILE` saved, on a freshly compiled program.
//!
//! The file (JSON, `"format": "vigil-counterexample-1"`) records the input files, the front-end
//! options, the property checked, the violated subproperty, the VM options that change behaviour
//! (`malloc_can_fail`, `nondet_range`), and the choices of every transition. Replaying compiles
//! the same files again and must reach the same violation; otherwise it says why not.

use crate::check::CheckArgs;
use crate::property::Property;
use crate::{FrontendArgs, EXIT_USAGE};
use clap::Args;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

const FORMAT: &str = "vigil-counterexample-1";

#[derive(Serialize, Deserialize)]
pub struct SavedCounterexample {
    format: String,
    files: Vec<PathBuf>,
    include: Vec<PathBuf>,
    define: Vec<String>,
    m32: bool,
    property: String,
    violated: String,
    malloc_can_fail: bool,
    nondet_range: Option<(i64, i64)>,
    choices: Vec<Vec<u32>>,
}

fn absolute(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

impl SavedCounterexample {
    pub fn new(args: &CheckArgs, property: &str, violated: &str, choices: Vec<Vec<u32>>) -> Self {
        SavedCounterexample {
            format: FORMAT.into(),
            files: args.files.iter().map(|f| absolute(f)).collect(),
            include: args.frontend.include.iter().map(|f| absolute(f)).collect(),
            define: args.frontend.define.clone(),
            m32: args.frontend.m32,
            property: property.into(),
            violated: violated.into(),
            malloc_can_fail: args.malloc_can_fail,
            nondet_range: args.nondet_range,
            choices,
        }
    }

    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        std::fs::write(path, text + "\n")
    }
}

#[derive(Args)]
pub struct ReplayArgs {
    /// A counterexample saved by `vigil check --counterexample FILE`.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

pub fn run(args: &ReplayArgs) -> u8 {
    let text = match std::fs::read_to_string(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("vigil replay: {}: {e}", args.file.display());
            return EXIT_USAGE;
        }
    };
    let saved: SavedCounterexample = match serde_json::from_str(&text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("vigil replay: {}: not a vigil counterexample ({e})", args.file.display());
            return EXIT_USAGE;
        }
    };
    if saved.format != FORMAT {
        eprintln!("vigil replay: {}: unknown format '{}'", args.file.display(), saved.format);
        return EXIT_USAGE;
    }
    let property = match Property::parse(&saved.property) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("vigil replay: {e}");
            return EXIT_USAGE;
        }
    };
    let Some(vm_property) = crate::check::vm_property(property) else {
        eprintln!("vigil replay: property {} cannot be replayed", saved.property);
        return EXIT_USAGE;
    };
    let fe = FrontendArgs {
        include: saved.include.clone(),
        define: saved.define.clone(),
        m32: saved.m32,
        clang: None,
        no_mem2reg: false,
    };
    let mut opts = fe.options();
    opts.runtime = crate::runtime::bitcode_for(opts.m32);
    opts.mem2reg = property != Property::ValidMemsafety; // as `vigil check` compiled it
    let module = match vigil_frontend::load(&saved.files, &opts) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("vigil replay: {e}");
            return EXIT_USAGE;
        }
    };
    let program = vigil_vm::Program::new(module);
    let vm = crate::check::vm_config(property, saved.malloc_can_fail, saved.nondet_range);
    match vigil_explicit::replay::replay_choices(&program, &vm, vm_property, &saved.violated, &saved.choices) {
        Ok(trace) => {
            println!("counterexample (replayed):");
            for step in &trace {
                println!("{}", step.to_text());
            }
            println!("verdict: false({})", saved.violated);
            10
        }
        Err(why) => {
            println!("verdict: unknown(the counterexample does not replay: {why})");
            20
        }
    }
}
