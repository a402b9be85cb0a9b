//! `vigil ir`: print the lowered IR, optionally with CFG analyses per function.

use crate::{FrontendArgs, EXIT_USAGE};
use clap::Args;
use std::path::PathBuf;

#[derive(Args)]
pub struct IrArgs {
    /// The program: one or more C files (.c, .i) or LLVM files (.bc, .ll).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Also print dominators, loops and the call graph.
    #[arg(long)]
    pub analysis: bool,
    #[command(flatten)]
    pub frontend: FrontendArgs,
}

pub fn run(args: &IrArgs) -> u8 {
    let module = match vigil_frontend::load(&args.files, &args.frontend.options()) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("vigil ir: {e}");
            return EXIT_USAGE;
        }
    };
    print!("{}", vigil_ir::print::module_to_string(&module));
    if args.analysis {
        print!("{}", vigil_ir::graphs::analysis_report(&module));
    }
    for u in &module.unsupported {
        eprintln!(
            "vigil ir: unsupported construct {} at {}{}",
            u.construct,
            module.describe_loc(u.loc),
            u.function.as_ref().map(|f| format!(" (in {f})")).unwrap_or_default()
        );
    }
    0
}
