//! Post-dominator trees, with a single virtual exit.
//!
//! # Definition
//!
//! Node `a` *post-dominates* `b` iff every path from `b` to the exit visits `a` (Babić, thesis
//! 2008, §2.3.1: post-dominance is dominance in the reverse graph). A CFG may have many exit
//! nodes (nodes without successors: returns, `unreachable`, calls that never return) or none
//! at all (an infinite loop), so the relation is defined on an *augmented reverse graph*:
//!
//! * a **virtual exit** with id `num_nodes` is added;
//! * every exit node (no successors) gets an edge to the virtual exit;
//! * nodes that cannot reach any exit would be outside the tree. Each of them reaches some
//!   *exit-less sink SCC* (a cyclic strongly connected component with no edge leaving it, e.g.
//!   `for (;;) {}`); the *root* of every such SCC ([`crate::cfg::scc::Sccs::root`]: its first
//!   node in a DFS from the entry, i.e. the loop header for a loop of a reducible CFG) also gets an
//!   edge to the virtual exit. This mirrors LLVM's post-dominator "roots" for infinite loops and
//!   means the loop behaves as if it could leave through its header.
//!
//! Post-dominance is then dominance from the virtual exit in the reversed augmented graph, which
//! [`PostDomTree::reverse_graph`] exposes (post-dominance frontiers are computed on it).
//!
//! # Invariants
//!
//! * Every node, reachable from the entry or not, can reach the virtual exit in the augmented
//!   graph, so every node has an immediate post-dominator (possibly the virtual exit); only the
//!   virtual exit has `ipdom == None`.
//! * The augmentation adds the fewest edges that make every node reach an exit: one per exit node
//!   and one per exit-less sink SCC.
//!
//! # Algorithm
//!
//! Tarjan's SCCs find the exit-less sink components; the dominator tree of the augmented reverse
//! graph is computed by Lengauer–Tarjan ([`crate::cfg::dom`]). O(E log V) overall, iterative.

use super::dom::DomTree;
use super::graph::Graph;
use super::scc::Sccs;

/// The post-dominator tree of a graph, over its nodes plus a virtual exit.
#[derive(Clone, Debug)]
pub struct PostDomTree {
    tree: DomTree,
    reverse: Graph,
    exits: Vec<u32>,
    loop_roots: Vec<u32>,
}

impl PostDomTree {
    pub fn compute(graph: &Graph) -> PostDomTree {
        let n = graph.num_nodes();
        let virtual_exit = n as u32;
        let exits: Vec<u32> = (0..n as u32)
            .filter(|&v| graph.succs(v).is_empty())
            .collect();

        let sccs = Sccs::compute(graph);
        let mut loop_roots: Vec<u32> = sccs
            .ids()
            .filter(|&c| {
                let members = sccs.members(c);
                let stays_inside = |v: &u32| graph.succs(*v).iter().all(|&s| sccs.scc_of(s) == c);
                let has_edge = members.iter().any(|&v| !graph.succs(v).is_empty());
                has_edge && members.iter().all(stays_inside)
            })
            .map(|c| sccs.root(c))
            .collect();
        loop_roots.sort_unstable();

        let mut edges: Vec<(u32, u32)> = Vec::with_capacity(graph.num_edges() + exits.len());
        edges.extend(exits.iter().chain(&loop_roots).map(|&r| (virtual_exit, r)));
        edges.extend(graph.edges().map(|(from, to)| (to, from)));
        let reverse = Graph::from_checked(n + 1, virtual_exit, &edges);
        let tree = DomTree::compute(&reverse);
        PostDomTree {
            tree,
            reverse,
            exits,
            loop_roots,
        }
    }

    /// Id of the virtual exit: the number of nodes of the original graph.
    pub fn virtual_exit(&self) -> u32 {
        self.tree.root()
    }

    /// Immediate post-dominator of `n` (may be the virtual exit); `None` only for the virtual
    /// exit itself.
    pub fn ipdom(&self, n: u32) -> Option<u32> {
        self.tree.idom(n)
    }

    /// Whether `a` post-dominates `b` (reflexive). Either may be the virtual exit, which
    /// post-dominates everything.
    pub fn post_dominates(&self, a: u32, b: u32) -> bool {
        self.tree.dominates(a, b)
    }

    /// Whether `a` post-dominates `b` and `a != b`.
    pub fn strictly_post_dominates(&self, a: u32, b: u32) -> bool {
        self.tree.strictly_dominates(a, b)
    }

    /// The tree itself: a [`DomTree`] over `num_nodes + 1` nodes rooted at the virtual exit, for
    /// children, depths and O(1) queries.
    pub fn tree(&self) -> &DomTree {
        &self.tree
    }

    /// The augmented reverse graph: edges reversed, entry = virtual exit, with an edge from the
    /// virtual exit to each of [`exits`](Self::exits) and [`loop_roots`](Self::loop_roots).
    pub fn reverse_graph(&self) -> &Graph {
        &self.reverse
    }

    /// Nodes without successors, increasing ids.
    pub fn exits(&self) -> &[u32] {
        &self.exits
    }

    /// The roots of exit-less sink SCCs that were connected to the virtual exit, increasing ids.
    pub fn loop_roots(&self) -> &[u32] {
        &self.loop_roots
    }
}
