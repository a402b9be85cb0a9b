//! The engine's memory budget ([`crate::Options::max_memory`]).
//!
//! What the engine keeps grows as it runs: the hash-consed terms (every step relation,
//! precondition, region predicate and query built so far), the forest F (a whole valuation of
//! the registers per test state and the nodes of the sparse shadow cells it does not share
//! with its parent, [`super::forest`], [`crate::sparse`]), the step relations cached per location (a
//! post-state term per register and exit, [`super::partition`]) and the solver's circuit. Grown
//! past what the process may use, they make the portfolio's process-wide limit stop every
//! engine, and the others' answers are lost with synergy's. So the engine keeps an estimate of
//! the heap bytes of those structures, updated as they grow (never a walk over them), and stops
//! with `unknown(memory-limit)` naming the budget when the estimate passes it: at the start of
//! each main-loop iteration ([`Ctx::out_of_budget`]), and within one at every solver query
//! and every 1024 steps of a test ([`Ctx::out_of_time`]).
//!
//! Invariants: the estimate counts the structures above at their allocated sizes with glibc's
//! block rounding ([`malloc_block`]); the solver's part is coarser (per variable, clause and
//! circuit node, from the solver's counters), and what the estimate leaves out — the
//! generaliser's and the summaries' tables, compiled predicates, the allocator's free lists —
//! is why the budget is a share of the process limit, not all of it. The budget only ends a run
//! early with `unknown`: it never changes a `true` or `false`.

use super::*;

/// Bytes glibc's `malloc` takes for a request of `n` bytes: a block of at least 32 bytes, in
/// steps of 16, with an 8-byte header (none for `n == 0`, which Rust does not allocate).
pub(crate) fn malloc_block(n: usize) -> u64 {
    if n == 0 {
        0
    } else {
        ((n + 8 + 15) & !15).max(32) as u64
    }
}

/// Estimated bytes of one forest state over `regs` registers that read `inputs` on its step:
/// its entry in the state array and in the index, its valuation, its inputs.
pub(super) fn state_bytes(regs: usize, inputs: &[(String, u32, u64)]) -> u64 {
    let entry = std::mem::size_of::<FState>() as u64;
    // A hashbrown bucket and its control byte, at a load of 7/8.
    let index = (std::mem::size_of::<((usize, Rc<[u64]>, Shadows), usize)>() as u64 + 1) * 8 / 7;
    // Rc's two counts before the values.
    let vals = malloc_block(16 + 8 * regs);
    let ins = malloc_block(std::mem::size_of_val(inputs)) + inputs.iter().map(|(f, _, _)| malloc_block(f.len())).sum::<u64>();
    entry + index + vals + ins
}

/// Estimated bytes of a step relation's exits.
pub(super) fn exits_bytes(exits: &[SymExit]) -> u64 {
    let input = std::mem::size_of::<SymInput>();
    exits
        .iter()
        .map(|e| {
            std::mem::size_of::<SymExit>() as u64
                + malloc_block(std::mem::size_of_val(e.post.as_slice()))
                + malloc_block(std::mem::size_of_val(e.path.as_slice()))
                + malloc_block(input * e.reads.len())
                + e.reads.iter().map(|r| malloc_block(r.func.len())).sum::<u64>()
                + match &e.target {
                    Target::Ub(what, _) => malloc_block(what.len()),
                    _ => 0,
                }
        })
        .sum()
}

/// Coarse bytes of the solver's state from its counters: per SAT variable its assignment,
/// level, reason, phases, activity, heap position and two watch lists; per clause its literals
/// (three on average after bit-blasting) with header and two watches; per circuit node its
/// entry and its hash-consing entry; per bit-blasted term its bits (32 on average).
fn solver_bytes(s: &vigil_bv::solver::SolverStats) -> u64 {
    s.sat_vars as u64 * 96 + s.clauses * 48 + s.aig_nodes as u64 * 40 + s.blasted_terms as u64 * 160
}

/// What the estimate is made of, in bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoryUse {
    pub terms: u64,
    pub forest: u64,
    pub relations: u64,
    pub solver: u64,
}

impl MemoryUse {
    pub fn total(&self) -> u64 {
        self.terms + self.forest + self.relations + self.solver
    }
}

fn mib(b: u64) -> u64 {
    b >> 20
}

impl<'a> Ctx<'a> {
    /// The estimate of the engine's memory (see the module doc).
    pub fn memory_use(&self) -> MemoryUse {
        MemoryUse {
            terms: self.tm.heap_bytes() as u64,
            forest: self.forest_bytes,
            relations: self.relation_bytes.iter().sum(),
            solver: solver_bytes(&self.solver.stats()),
        }
    }

    /// `unknown(memory-limit)` when the estimate has passed [`crate::Options::max_memory`].
    pub fn over_memory_budget(&self) -> Option<Unknown> {
        let budget = self.opts.max_memory?;
        let m = self.memory_use();
        if m.total() <= budget {
            return None;
        }
        let why = format!(
            "the synergy engine's memory budget of {} MiB is spent after {} iterations (estimated: terms {} MiB, \
             {} test states {} MiB, step relations {} MiB, solver {} MiB)",
            mib(budget),
            self.stats.iterations,
            mib(m.terms),
            self.states.len(),
            mib(m.forest),
            mib(m.relations),
            mib(m.solver)
        );
        Some(Unknown::new(Cause::MemoryLimit, why))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_rounded_as_glibc_does() {
        assert_eq!(malloc_block(0), 0);
        assert_eq!(malloc_block(1), 32);
        assert_eq!(malloc_block(24), 32);
        assert_eq!(malloc_block(25), 48);
        assert_eq!(malloc_block(8 * 1000), 8016);
    }

    #[test]
    fn a_state_costs_at_least_its_valuation() {
        let small = state_bytes(10, &[]);
        let big = state_bytes(1000, &[]);
        assert!(big >= small + 8 * 990, "{small} {big}");
        let with_input = state_bytes(10, &[("__VERIFIER_nondet_int".into(), 32, 7)]);
        assert!(with_input >= small + 32 + 32, "{small} {with_input}");
    }
}
