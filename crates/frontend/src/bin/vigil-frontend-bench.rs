//! Times the phases of the front end on one input, for `bench/frontend.sh`:
//! clang + opt (subprocesses), parsing by the `llvm-ir` crate alone, the constant-GEP offset table
//! (llvm-sys), and the lowering into vigil IR. Prints one line of `key=value` pairs.

use std::path::PathBuf;
use std::time::Instant;

/// The value, or the error on stderr and exit 2.
fn or_exit<T, E: std::fmt::Display>(r: Result<T, E>) -> T {
    r.unwrap_or_else(|e| {
        eprintln!("vigil-frontend-bench: {e}");
        std::process::exit(2)
    })
}

fn main() {
    let Some(input) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: vigil-frontend-bench FILE.c");
        std::process::exit(2);
    };
    let opts = vigil_frontend::FrontendOptions::default();
    let t0 = Instant::now();
    let bc = or_exit(vigil_frontend::driver::build_bitcode(&[input], &opts));
    let t_compile = t0.elapsed().as_secs_f64();

    // The rewrite (`lower::canon`) and the GEP table come first: llvm-ir reads the rewritten file.
    let t2 = Instant::now();
    let rewritten = bc.path.with_extension("canon.bc");
    let offsets = or_exit(vigil_frontend::lower::gep_offsets::compute(&bc.path, bc.runtime_to_link(), &rewritten).map_err(|e| e.to_string()));
    let t_geps = t2.elapsed().as_secs_f64();

    let t1 = Instant::now();
    let parsed = llvm_ir::Module::from_bc_path(&rewritten);
    let t_parse = t1.elapsed().as_secs_f64();
    let llvm = or_exit(parsed);
    let llvm_insts: usize =
        llvm.functions.iter().map(|f| f.basic_blocks.iter().map(|b| b.instrs.len() + 1).sum::<usize>()).sum();

    let t3 = Instant::now();
    let module = vigil_frontend::lower::lower_module(&llvm, offsets);
    let t_lower = t3.elapsed().as_secs_f64();
    let insts: usize = module.defined_functions().map(|(_, f)| f.num_insts()).sum();
    println!(
        "llvm_instructions={llvm_insts} vigil_instructions={insts} compile_s={t_compile:.3} \
         llvm_ir_parse_s={t_parse:.3} gep_table_s={t_geps:.3} lower_s={t_lower:.3} unsupported={}",
        module.unsupported.len()
    );
}
