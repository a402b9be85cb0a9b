//! Saved counterexamples and `vigil replay`: re-executing a counterexample that
//! `vigil check --counterexample FILE` saved, on a freshly compiled program.
//!
//! The file (JSON, `"format": "vigil-counterexample-2"`) records how the program was compiled
//! ([`CompileSettings`]: files, `-I`, `-D`, `--m32`, `mem2reg`, the tools), the property checked,
//! the violated subproperty, the VM options that change behaviour (`malloc_can_fail`,
//! `max_steps`, `nondet_range`), and the choices of every transition. Replaying compiles the program again
//! from exactly those settings and must reach the same violation; otherwise it says why not.

use crate::compile::CompileSettings;
use crate::EXIT_USAGE;
use clap::Args;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use vigil_report::Subproperty;

const FORMAT: &str = "vigil-counterexample-2";

#[derive(Serialize, Deserialize)]
pub struct SavedCounterexample {
    format: String,
    /// How the checked program was compiled (absolute paths).
    pub compile: CompileSettings,
    property: String,
    violated: String,
    malloc_can_fail: bool,
    /// `vm.max_steps` of the check: a transition is cut off at the same step in the replay
    /// (absent in files of older versions: the default).
    #[serde(default = "default_max_steps")]
    max_steps: u64,
    nondet_range: Option<(i64, i64)>,
    choices: Vec<Vec<u32>>,
    /// The fixed input vector of a counterexample another engine found (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    inputs: Option<Vec<u64>>,
    /// The values of the symbolic inputs (`vigil_vm::Config::wide_inputs`) and which inputs
    /// were symbolic (`auto` or `always`), for a counterexample found on symbolic data.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    wide_inputs: Option<Vec<u64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    symbolic: Option<String>,
}

fn default_max_steps() -> u64 {
    crate::config::VmParams::default().max_steps
}

impl SavedCounterexample {
    pub fn new(
        vm: &crate::config::VmParams,
        nondet_range: Option<(i64, i64)>,
        compile: &CompileSettings,
        property: &str,
        violated: Subproperty,
        choices: Vec<Vec<u32>>,
        input_vector: Option<Vec<u64>>,
        wide_inputs: Option<(Vec<u64>, vigil_vm::Symbolic)>,
    ) -> Self {
        let symbolic = wide_inputs.as_ref().map(|(_, mode)| match mode {
            vigil_vm::Symbolic::Always => "always".to_string(),
            _ => "auto".to_string(),
        });
        let wide_inputs = wide_inputs.map(|(values, _)| values);
        SavedCounterexample {
            format: FORMAT.into(),
            compile: compile.with_absolute_paths(),
            property: property.into(),
            violated: violated.name().into(),
            malloc_can_fail: vm.malloc_can_fail,
            max_steps: vm.max_steps,
            nondet_range,
            choices,
            inputs: input_vector,
            wide_inputs,
            symbolic,
        }
    }

    /// The violated subproperty, as saved.
    pub fn violated(&self) -> Result<Subproperty, String> {
        Subproperty::from_name(&self.violated).ok_or_else(|| format!("no such subproperty: {}", self.violated))
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

/// Compiles the saved program again and replays the saved choices; returns the counterexample
/// and the replayed trace, or the reason (`Err((exit code, message))`).
pub fn replay_saved(path: &Path) -> Result<(SavedCounterexample, Vec<vigil_explicit::Step>), (u8, String)> {
    let usage = |m: String| (EXIT_USAGE, m);
    let text = std::fs::read_to_string(path).map_err(|e| usage(format!("{}: {e}", path.display())))?;
    let not_ours = |e: String| usage(format!("{}: not a vigil counterexample ({e})", path.display()));
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| not_ours(e.to_string()))?;
    match value.get("format").and_then(|f| f.as_str()) {
        Some(FORMAT) => {}
        Some(other) => {
            return Err(usage(format!(
                "{}: format '{other}' is not {FORMAT} (saved by another version of vigil: check the program again)",
                path.display()
            )))
        }
        None => return Err(not_ours("no \"format\" field".into())),
    }
    let saved: SavedCounterexample = serde_json::from_value(value).map_err(|e| not_ours(e.to_string()))?;
    let property = crate::property::parse(&saved.property).map_err(usage)?;
    let violated = saved.violated().map_err(not_ours)?;
    let Some(vm_property) = crate::check::vm_property(property) else {
        return Err(usage(format!("property {} cannot be replayed", saved.property)));
    };
    let module = saved.compile.load_for_vm().map_err(|e| usage(e.to_string()))?;
    let program = vigil_vm::Program::new(module);
    // Every VM parameter, named: a new one must be saved too, or say why a replay does not need it.
    let params = crate::config::VmParams { malloc_can_fail: saved.malloc_can_fail, max_steps: saved.max_steps };
    let mut vm = crate::check::vm_config(property, &params, saved.nondet_range);
    vm.inputs = saved.inputs.clone();
    if let Some(values) = &saved.wide_inputs {
        vm.wide_inputs = Some(values.clone());
        vm.symbolic = if saved.symbolic.as_deref() == Some("always") { vigil_vm::Symbolic::Always } else { vigil_vm::Symbolic::Auto };
    }
    match vigil_explicit::replay::replay_choices(&program, &vm, vm_property, violated, &saved.choices) {
        Ok(trace) => Ok((saved, trace)),
        Err(why) => Err((20, format!("the counterexample does not replay: {why}"))),
    }
}

pub fn run(args: &ReplayArgs) -> u8 {
    match replay_saved(&args.file) {
        Ok((saved, trace)) => {
            println!("counterexample (replayed):");
            for step in trace.iter().filter(|s| s.is_shown()) {
                println!("{}", step.to_text());
            }
            println!("verdict: false({})", saved.violated);
            10
        }
        Err((20, why)) => {
            println!("verdict: unknown({why})");
            20
        }
        Err((code, why)) => {
            eprintln!("vigil replay: {why}");
            code
        }
    }
}

#[derive(Args)]
pub struct HarnessArgs {
    /// A counterexample saved by `vigil check --counterexample FILE`.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Where to write the C harness [default: standard output].
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Also write the inputs as a Test-Comp test case (XML) here.
    #[arg(long, value_name = "FILE")]
    pub testcase: Option<PathBuf>,
}

/// `vigil harness`: replay a saved counterexample and write the C harness that reproduces it.
pub fn run_harness(args: &HarnessArgs) -> u8 {
    let (saved, trace) = match replay_saved(&args.file) {
        Ok(r) => r,
        Err((code, why)) => {
            eprintln!("vigil harness: {why}");
            return code;
        }
    };
    let violated = match saved.violated() {
        Ok(v) => v,
        Err(why) => {
            eprintln!("vigil harness: {why}");
            return EXIT_USAGE;
        }
    };
    let ev = crate::engines::explicit::evidence(&trace, violated);
    let harness = saved.compile.harness(&ev);
    let written = match &args.output {
        Some(p) => std::fs::write(p, harness).map_err(|e| format!("cannot write {}: {e}", p.display())),
        None => {
            print!("{harness}");
            Ok(())
        }
    };
    let written = written.and_then(|()| match &args.testcase {
        Some(p) => std::fs::write(p, vigil_report::harness::testcomp_testcase(&ev))
            .map_err(|e| format!("cannot write {}: {e}", p.display())),
        None => Ok(()),
    });
    match written {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("vigil harness: {e}");
            EXIT_USAGE
        }
    }
}
