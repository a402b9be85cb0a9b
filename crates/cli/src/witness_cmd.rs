//! Correctness witnesses on the command line: `vigil check --witness FILE` after a `true`
//! writes one ([`correctness_witness`]), `vigil check --validate-witness FILE` reads one back
//! and checks its loop invariants ([`validate`], with `vigil_synergy::witness::validate`).
//!
//! Invariant: an invariant goes into a witness only at a line where a loop keyword can be
//! located (the format places loop invariants at the loop's keyword); the others are left out,
//! which makes the witness weaker, never wrong.

use crate::check::Inputs;
use crate::compile::CompileSettings;
use crate::config::Config;
use std::path::Path;
use std::time::Instant;
use vigil_synergy::witness::{ClaimResult, Claim, LoopInvariant};

fn task_info(inputs: &Inputs) -> vigil_report::witness::TaskInfo {
    vigil_report::witness::TaskInfo {
        input_files: inputs.files.iter().map(|f| f.display().to_string()).collect(),
        specification: crate::property::formula(inputs.property),
        ilp32: inputs.frontend.m32,
        producer_version: env!("CARGO_PKG_VERSION").into(),
    }
}

/// The text of a correctness witness with the invariants that can be placed at a loop keyword.
pub fn correctness_witness(inputs: &Inputs, invs: &[LoopInvariant]) -> Result<String, String> {
    let mut placed = Vec::new();
    for i in invs {
        // The debug information may name the file differently from the command line (a
        // relative or bare name): the input file with the same name stands for it.
        let same = |f: &&std::path::PathBuf| f.as_path() == Path::new(&i.file) || f.file_name() == Path::new(&i.file).file_name();
        let file = inputs.files.iter().find(same).map(|f| f.display().to_string()).unwrap_or_else(|| i.file.clone());
        let Ok(source) = std::fs::read_to_string(&file) else { continue };
        let Some(column) = vigil_report::correctness::loop_head_column(&source, i.line) else { continue };
        placed.push(vigil_report::correctness::InvariantAt {
            file,
            line: i.line,
            column,
            function: i.function.clone(),
            value: i.value.clone(),
        });
    }
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    vigil_report::correctness::correctness_witness(&task_info(inputs), &placed, &|f| std::fs::read(f).ok(), now)
}

/// `vigil check --validate-witness W prog.c`: prints one line per invariant and a summary
/// (whether the invariants suffice for the property: unreach-call, no-overflow, or
/// valid-memsafety as far as the flat model's checks go);
/// exit 0 when every invariant is inductive, 1 when one is not or could not be checked, 2 on
/// bad input.
pub fn validate(witness: &Path, inputs: &Inputs, compile: &CompileSettings, config: &Config, deadline: Instant) -> u8 {
    const USAGE: u8 = 2;
    let text = match std::fs::read_to_string(witness) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("vigil check: cannot read {}: {e}", witness.display());
            return USAGE;
        }
    };
    let invs = match vigil_report::correctness::read_invariants(&text) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("vigil check: {}: {e}", witness.display());
            return USAGE;
        }
    };
    let ssa = CompileSettings { mem2reg: true, ..compile.clone() };
    let module = match vigil_frontend::load(&ssa.files, &ssa.frontend_options(false)) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("vigil check: {e}");
            return USAGE;
        }
    };
    let flat = match vigil_synergy::flatten::flatten(&module) {
        Ok(f) => f,
        Err(vigil_synergy::flatten::Unsupported(why)) => {
            println!("witness: not checked: the program is beyond vigil's flat model ({why})");
            return 1;
        }
    };
    let property = inputs.property;
    let flat = vigil_synergy::flatten::Flat {
        check_overflow: property == crate::property::Property::NoOverflow,
        check_memsafety: property == crate::property::Property::ValidMemsafety,
        ..flat
    };
    let claims: Vec<Claim> = invs
        .iter()
        .map(|i| Claim { line: i.line, function: (!i.function.is_empty()).then(|| i.function.clone()), value: i.value.clone() })
        .collect();
    let opts = vigil_synergy::Options { deadline: Some(deadline), solver: config.solver.clone(), ..Default::default() };
    let long_bits = if inputs.frontend.m32 { 32 } else { 64 };
    let v = match vigil_synergy::witness::validate(&flat, &claims, &opts, long_bits) {
        Ok(v) => v,
        Err(why) => {
            println!("witness: not checked: {why}");
            return 1;
        }
    };
    let mut good = 0;
    for (i, r) in invs.iter().zip(&v.results) {
        let what = match r {
            ClaimResult::Inductive => {
                good += 1;
                "inductive".to_string()
            }
            ClaimResult::NotInductive { from } => format!("NOT inductive (a path from {from} violates it)"),
            ClaimResult::Unchecked(why) => format!("not checked: {why}"),
        };
        println!("invariant at {}:{}:{} ({}): {what}", i.file, i.line, i.column, i.value);
    }
    // Under valid-memsafety the engine's model misses addresses kept past a scope; and no
    // model sees the end of a compound literal's or a temporary's life (vigil_frontend::literals).
    let model_complete = !(flat.check_memsafety && flat.scope_ends) && module.unmarked_lifetime_kept.is_none();
    let proves = match v.proves_property.filter(|_| model_complete) {
        Some(true) => "yes",
        Some(false) => "no",
        None => "unknown",
    };
    println!("witness: {good} of {} invariants inductive; they suffice to prove {}: {proves}", invs.len(), property.name());
    if good == invs.len() { 0 } else { 1 }
}
