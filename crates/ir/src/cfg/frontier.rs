//! Dominance frontiers, iterated dominance frontiers and control dependence.
//!
//! # Definitions
//!
//! * The *dominance frontier* `DF(x)` is the set of nodes `y` such that `x` dominates some
//!   predecessor of `y` but does not strictly dominate `y` (Cytron, Ferrante, Rosen, Wegman &
//!   Zadeck, "Efficiently computing static single assignment form and the control dependence
//!   graph", ACM TOPLAS 13(4), 1991, §4.2; Babić, thesis 2008, §2.3.1). These are the places
//!   where `x`'s dominance ends, hence where a definition in `x` meets other definitions.
//! * For a set `S`, `DF(S)` is the union of the `DF(x)`, and the *iterated dominance frontier*
//!   `DF+(S)` is the limit of `DF_1 = DF(S)`, `DF_{i+1} = DF(S ∪ DF_i)`: the φ (merge) points for
//!   a variable defined in the blocks `S` (Cytron et al. §5.1).
//! * The *post-dominance frontier* `PDF(y)` is the dominance frontier of `y` in the augmented
//!   reverse graph of [`PostDomTree`]. `y` is *control dependent* on `x` iff `x ∈ PDF(y)` (Cytron
//!   et al. §6): `x` has a successor from which `y` is certain to be reached on the way to the
//!   exit, and another from which it is not.
//!
//! # Invariants
//!
//! * Only predecessors reachable from the root count; unreachable nodes have empty frontiers and
//!   appear in none. Each frontier is sorted by id and has no duplicates.
//! * The virtual exit never appears in a post-dominance frontier of an original node. Nodes that
//!   depend on no branch (they run whenever the function returns normally) have an empty `PDF`;
//!   no artificial `entry -> exit` edge is added.
//!
//! # Algorithm
//!
//! The "runner" formulation of Cytron et al.'s computation given by Cooper, Harvey & Kennedy ("A
//! Simple, Fast Dominance Algorithm", 2001, Fig. 5): for each node `y` and each reachable
//! predecessor `p`, walk from `p` up the dominator tree until `idom(y)`, adding `y` to the frontier
//! of every node passed. A walk stops early at a node that already has `y` (its ancestors up to
//! `idom(y)` have it too), so the time is O(E + Σ|DF|). The iterated frontier is Cytron et al.'s
//! worklist fixed point over these sets, O(|S| + Σ_{x ∈ DF+(S) ∪ S} |DF(x)|).

use super::dom::DomTree;
use super::graph::{Csr, Graph};
use super::postdom::PostDomTree;

const NONE: u32 = u32::MAX;

/// The dominance frontier of every node.
#[derive(Clone, Debug)]
pub struct DominanceFrontiers {
    df: Csr,
}

impl DominanceFrontiers {
    /// Dominance frontiers of `graph`.
    pub fn compute(graph: &Graph) -> DominanceFrontiers {
        DominanceFrontiers::compute_with(graph, &DomTree::compute(graph))
    }

    /// Dominance frontiers of `graph` given its dominator tree.
    ///
    /// # Panics
    /// If `dom` has fewer nodes than `graph` (it must be `graph`'s tree: a programming error).
    pub fn compute_with(graph: &Graph, dom: &DomTree) -> DominanceFrontiers {
        let n = graph.num_nodes();
        let mut last_added = vec![NONE; n];
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for y in 0..n as u32 {
            if !dom.is_reachable(y) {
                continue;
            }
            let stop = dom.idom(y);
            for &p in graph.preds(y) {
                let mut runner = Some(p);
                while let Some(r) = runner {
                    if Some(r) == stop || !dom.is_reachable(r) || last_added[r as usize] == y {
                        break;
                    }
                    last_added[r as usize] = y;
                    pairs.push((r, y));
                    runner = dom.idom(r);
                }
            }
        }
        // Rows come out sorted by `y`, because `y` was the outer loop.
        DominanceFrontiers {
            df: Csr::from_edges(n, &pairs),
        }
    }

    /// Number of nodes the frontiers are defined over.
    pub fn num_nodes(&self) -> usize {
        self.df.num_nodes()
    }

    /// `DF(x)`, sorted by id.
    pub fn of(&self, x: u32) -> &[u32] {
        self.df.row(x)
    }

    /// `DF+(S)`, sorted by id. Panics if a node of `nodes` is out of range.
    pub fn iterated(&self, nodes: impl IntoIterator<Item = u32>) -> Vec<u32> {
        let mut in_result = vec![false; self.num_nodes()];
        let mut queued = vec![false; self.num_nodes()];
        let mut work: Vec<u32> = Vec::new();
        for x in nodes {
            if !std::mem::replace(&mut queued[x as usize], true) {
                work.push(x);
            }
        }
        let mut result = Vec::new();
        while let Some(x) = work.pop() {
            for &y in self.of(x) {
                if !std::mem::replace(&mut in_result[y as usize], true) {
                    result.push(y);
                    if !std::mem::replace(&mut queued[y as usize], true) {
                        work.push(y);
                    }
                }
            }
        }
        result.sort_unstable();
        result
    }
}

/// Control dependence: the post-dominance frontiers of every node.
#[derive(Clone, Debug)]
pub struct ControlDependence {
    pdf: DominanceFrontiers,
}

impl ControlDependence {
    /// Control dependence of `graph`.
    pub fn compute(graph: &Graph) -> ControlDependence {
        ControlDependence::compute_with(&PostDomTree::compute(graph))
    }

    /// Control dependence from an already computed post-dominator tree.
    pub fn compute_with(pdom: &PostDomTree) -> ControlDependence {
        ControlDependence {
            pdf: DominanceFrontiers::compute_with(pdom.reverse_graph(), pdom.tree()),
        }
    }

    /// The branch nodes `y` is control dependent on, i.e. `PDF(y)`, sorted by id. Defined for the
    /// original nodes and for the virtual exit (whose frontier is empty).
    pub fn controlling(&self, y: u32) -> &[u32] {
        self.pdf.of(y)
    }

    /// The post-dominance frontiers as a [`DominanceFrontiers`] over the augmented reverse graph
    /// (for iterated post-dominance frontiers, e.g. placing η/merge points for backward analyses).
    pub fn frontiers(&self) -> &DominanceFrontiers {
        &self.pdf
    }
}
