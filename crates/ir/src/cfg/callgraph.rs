//! Call graphs, their recursion structure, and a bottom-up order.
//!
//! # Definition
//!
//! Nodes are functions `0..num_functions`. There is an edge `f -> g` iff `f` contains a direct
//! call to `g`, or `f` contains an indirect call (through a function pointer) and `g` is
//! *address-taken* (its address escapes somewhere in the program). The latter is the usual sound
//! over-approximation when no points-to information is available: an indirect call may reach any
//! function whose address was taken (Babić, thesis 2008, §2.3.1 "Call graph" discusses sharper
//! constructions from points-to analysis; the caller can pass a sharper `direct` list instead).
//!
//! A function is *recursive* iff it lies on a cycle: its strongly connected component has more
//! than one function, or it calls itself.
//!
//! # Invariants
//!
//! * Edges are distinct (several calls from `f` to `g` make one edge); callee and caller lists
//!   are sorted by id.
//! * SCC ids are in bottom-up order: every SCC comes after all SCCs it calls into, so summaries
//!   can be computed callees first, with a fixed point only inside an SCC.
//! * Any number of functions is allowed, zero included (a module of declarations only).
//!
//! # Algorithm
//!
//! Tarjan's SCC algorithm ([`crate::cfg::scc`]), iterative; O(F + E) where the indirect edges
//! number `|indirect_callers| × |address_taken|`.

use super::graph::{check_edges, Csr, GraphError, MAX_NODES};
use super::scc::Sccs;

/// A call graph with its strongly connected components.
#[derive(Clone, Debug)]
pub struct CallGraph {
    callees: Csr,
    callers: Csr,
    sccs: Sccs,
}

impl CallGraph {
    /// Builds the call graph. `direct` lists `(caller, callee)` pairs; every function in
    /// `indirect_callers` gets an edge to every function in `address_taken`. Duplicates are fine.
    pub fn new(
        num_functions: usize,
        direct: Vec<(u32, u32)>,
        indirect_callers: Vec<u32>,
        address_taken: Vec<u32>,
    ) -> Result<CallGraph, GraphError> {
        if num_functions > MAX_NODES {
            return Err(GraphError::TooManyNodes(num_functions));
        }
        check_edges(num_functions, &direct)?;
        let out_of_range = indirect_callers
            .iter()
            .chain(&address_taken)
            .find(|&&f| f as usize >= num_functions);
        if let Some(&node) = out_of_range {
            return Err(GraphError::NodeOutOfRange {
                node,
                num_nodes: num_functions,
            });
        }
        let mut edges = direct;
        for &caller in &indirect_callers {
            edges.extend(address_taken.iter().map(|&callee| (caller, callee)));
        }
        edges.sort_unstable();
        edges.dedup();
        let callees = Csr::from_edges(num_functions, &edges);
        let callers = callees.transpose();
        let sccs = Sccs::compute_with(num_functions, |f| callees.row(f), []);
        Ok(CallGraph {
            callees,
            callers,
            sccs,
        })
    }

    pub fn num_functions(&self) -> usize {
        self.callees.num_nodes()
    }

    /// Functions `f` may call, sorted, distinct. Panics if `f` is out of range.
    pub fn callees(&self, f: u32) -> &[u32] {
        self.callees.row(f)
    }

    /// Functions that may call `f`, sorted, distinct. Panics if `f` is out of range.
    pub fn callers(&self, f: u32) -> &[u32] {
        self.callers.row(f)
    }

    /// Whether `f` may call `g` directly (one edge).
    pub fn calls(&self, f: u32, g: u32) -> bool {
        self.callees(f).binary_search(&g).is_ok()
    }

    /// The strongly connected components, numbered bottom-up.
    pub fn sccs(&self) -> &Sccs {
        &self.sccs
    }

    /// The SCC of `f`.
    pub fn scc_of(&self, f: u32) -> u32 {
        self.sccs.scc_of(f)
    }

    /// SCCs callees first: each item is the sorted list of functions of one SCC, and comes after
    /// every SCC it calls into.
    pub fn bottom_up(&self) -> impl DoubleEndedIterator<Item = &[u32]> + '_ {
        self.sccs.ids().map(move |c| self.sccs.members(c))
    }

    /// Whether `f` can (transitively) call itself.
    pub fn is_recursive(&self, f: u32) -> bool {
        self.sccs.members(self.scc_of(f)).len() > 1 || self.calls(f, f)
    }
}
