//! How many `char` inputs a run may read: the part of [`crate::Symbolic::Auto`] that decides
//! whether 8-bit inputs are enumerated or symbolic.
//!
//! Enumerating a `char` input (256 runs) is complete and keeps the run concrete: a char used as
//! an index or a table key needs no solver and no sampling, and a dead one merges in the visited
//! set. But k chars read on one path cost 256^k runs: ESBMC's `github_151` (seven chars written
//! into a buffer in a loop) and the PALS tasks' CIL output (a dozen `msg_t` chars) time out
//! after a million states, and both are answered in 1–7 s with chars symbolic. Symbolic chars
//! cost solver queries instead, which is slower where two chars feed a `gcd` of divisions
//! (SV-COMP's `gcd_2_true`: 9 s enumerated, past 10 s symbolic).
//!
//! The rule: chars are symbolic when the program may read **three or more** on one run, by the
//! program's text — counting each call of an 8-bit input function once when the call is outside
//! every loop of its function and that function runs at most once (it is `main`, or is called
//! from one such call site of a function that runs at most once), and as "many" otherwise (a
//! call in a loop, in a function called from several places, from a loop, through a pointer,
//! or recursively). Only the program's own functions count (the runtime's `getrandom` and stdin
//! bytes are symbolic anyway). Either choice is sound; the rule only picks the faster one, and
//! it depends on the program alone, so a search and its replay make the same choice.

use std::collections::HashMap;
use vigil_ir::cfg::loops::LoopForest;
use vigil_ir::{Callee, FuncId, InstKind, Module};

/// Reads of chars on one run from which the chars are symbolic.
const MANY: u32 = 3;

/// Whether the program may read [`MANY`] or more chars on one run; `is_char_input` tells the
/// 8-bit input functions.
pub(super) fn reads_many_chars(m: &Module, is_char_input: impl Fn(FuncId) -> bool) -> bool {
    let program = |f: FuncId| !m.function(f).runtime && !m.function(f).is_declaration();
    let info = vigil_ir::graphs::call_info(m);
    // Call sites of each program function: (caller, the site is inside a loop of the caller).
    let mut callers: HashMap<FuncId, Vec<(FuncId, bool)>> = HashMap::new();
    let mut reads: Vec<(FuncId, bool)> = Vec::new();
    for (id, f) in m.defined_functions().filter(|&(id, _)| program(id)) {
        let loops = LoopForest::compute(&vigil_ir::graphs::function_graph(f));
        for (b, block) in f.blocks.iter().enumerate() {
            let in_loop = loops.innermost_loop(b as u32).is_some();
            for inst in &block.insts {
                let InstKind::Call { callee: Callee::Direct(g), .. } = &inst.kind else { continue };
                if is_char_input(*g) {
                    reads.push((id, in_loop));
                } else if program(*g) {
                    callers.entry(*g).or_default().push((id, in_loop));
                }
            }
        }
    }
    let mut once: HashMap<FuncId, bool> = HashMap::new();
    let mut count = 0u32;
    for (f, in_loop) in reads {
        count += if !in_loop && runs_once(m, f, &callers, &info.address_taken, &mut once, 0) { 1 } else { MANY };
        if count >= MANY {
            return true;
        }
    }
    false
}

/// Whether `f` runs at most once: `main` (never called by the program), or a function whose
/// only call is a direct one outside loops in a function that runs at most once, and whose
/// address is not taken. Recursion counts as many, and so does a function nothing calls (a
/// thread's start routine, a handler).
fn runs_once(
    m: &Module,
    f: FuncId,
    callers: &HashMap<FuncId, Vec<(FuncId, bool)>>,
    address_taken: &std::collections::BTreeSet<FuncId>,
    memo: &mut HashMap<FuncId, bool>,
    depth: usize,
) -> bool {
    if let Some(&known) = memo.get(&f) {
        return known;
    }
    // Provisionally many: a call chain that comes back to `f` is recursion.
    memo.insert(f, false);
    let sites = callers.get(&f).map(Vec::as_slice).unwrap_or(&[]);
    // (The runtime takes `main`'s address to start it, once.)
    let once = match sites {
        [] => m.function(f).name == "main",
        [(caller, false)] => !address_taken.contains(&f) && depth < 64 && runs_once(m, *caller, callers, address_taken, memo, depth + 1),
        _ => false,
    };
    memo.insert(f, once);
    once
}
