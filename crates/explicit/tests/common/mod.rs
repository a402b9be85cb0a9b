//! What the explicit engine's integration tests share: compiling a C program from its text, and a
//! depth-first search with small limits.

use std::path::PathBuf;
use vigil_explicit::{check, Order, SearchConfig, SearchStats, Verdict};
use vigil_vm::{Config, Program, Property};

/// Compiles the C program `src` (written to a temporary `name.c` under a directory named after
/// `suite`) with the front end options `opts`.
pub fn compile_with(suite: &str, name: &str, src: &str, opts: &vigil_frontend::FrontendOptions) -> Program {
    // The source is only needed while it is compiled: the directory goes when `dir` does.
    let dir = tempfile::Builder::new().prefix(&format!("vigil-{suite}-")).tempdir().expect("temp dir");
    let path: PathBuf = dir.path().join(format!("{name}.c"));
    std::fs::write(&path, src).expect("write program");
    let module = vigil_frontend::load(&[path], opts).expect("program compiles");
    Program::new(module)
}

/// A depth-first search of `prog` for `property` with the VM configuration `vm` (at most a
/// million steps a transition) and at most `max_states` states.
pub fn search(prog: &Program, property: Property, vm: Config, max_states: u64) -> (Verdict, SearchStats) {
    search_forgetting(prog, property, vm, max_states, true)
}

/// [`search`], with dead inputs forgotten in stored states or not
/// ([`SearchConfig::forget_dead_inputs`]).
pub fn search_forgetting(prog: &Program, property: Property, vm: Config, max_states: u64, forget: bool) -> (Verdict, SearchStats) {
    let cfg = SearchConfig {
        property,
        order: Order::Dfs,
        vm: Config { max_steps: 1_000_000, ..vm },
        max_states,
        max_memory: 1 << 28,
        deadline: None,
        cancel: None,
        racy: Default::default(),
        por: false,
        forget_dead_inputs: forget,
    };
    check(prog, &cfg)
}
