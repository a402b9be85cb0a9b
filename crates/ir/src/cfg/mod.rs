//! Control-flow-graph analyses, generic over a [`Graph`] with dense node ids.
//!
//! The IR builds a [`Graph`] from a function's basic blocks (entry = block 0) and a
//! [`CallGraph`] from the module's calls; the analyses never look at instructions. One idea per
//! module:
//!
//! * [`graph`]: the graph itself (compact adjacency, checked construction);
//! * [`order`]: depth-first pre/post order, reverse post-order, reachability;
//! * [`scc`]: strongly connected components (Tarjan);
//! * [`dom`]: dominator trees (Lengauer–Tarjan) with O(1) dominance queries;
//! * [`postdom`]: post-dominator trees over a single virtual exit;
//! * [`frontier`]: dominance frontiers, iterated dominance frontiers, control dependence;
//! * [`loops`]: back edges, natural loops and their nesting, irreducible regions;
//! * [`gating`]: gating path expressions (which predecessor enters a block, per branch decision);
//! * [`callgraph`]: call graphs, recursion, bottom-up order.
//!
//! Every algorithm is iterative (no recursion on the depth of the graph) and near-linear.
//! Nodes unreachable from the entry are never dropped silently: each analysis states what it
//! answers for them.

pub mod callgraph;
pub mod dom;
pub mod frontier;
pub mod gating;
pub mod graph;
pub mod loops;
pub mod order;
pub mod postdom;
pub mod scc;

pub use callgraph::CallGraph;
pub use dom::DomTree;
pub use frontier::{ControlDependence, DominanceFrontiers};
pub use gating::{GateId, GatingExpr, GatingPaths};
pub use graph::{Graph, GraphError, MAX_NODES};
pub use loops::{Loop, LoopForest};
pub use order::DfsOrder;
pub use postdom::PostDomTree;
pub use scc::Sccs;

/// Whether `a` is an ancestor of `b` (reflexive) in a tree whose nodes are numbered by `first`, a
/// preorder, and `last`, a number that no descendant exceeds (the last preorder number in the
/// subtree, or a postorder number): the O(1) interval test of the dominator tree and of the DFS
/// tree. False if either node is unnumbered (`u32::MAX`, unreachable).
pub(crate) fn tree_ancestor(first: &[u32], last: &[u32], a: u32, b: u32) -> bool {
    let (a, b) = (a as usize, b as usize);
    first[a] != u32::MAX && first[b] != u32::MAX && first[a] <= first[b] && last[b] <= last[a]
}
