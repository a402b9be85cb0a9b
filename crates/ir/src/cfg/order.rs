//! Depth-first orders and reachability from the entry.
//!
//! # Definition
//!
//! One depth-first search from [`Graph::entry`], visiting each node's successors in the order of
//! [`Graph::succs`]. A node gets its *preorder* number when it is first reached and its
//! *postorder* number when all its successors have been explored; *reverse postorder* (RPO) is the
//! postorder sequence read backwards (Babić, thesis 2008, §2.3.1 "Traversal orders"; Aho, Lam,
//! Sethi & Ullman, *Compilers*, §9.6.3 "Depth-first ordering").
//!
//! # Invariants
//!
//! * Exactly the nodes reachable from the entry are numbered; all others are *unreachable* and are
//!   listed by [`DfsOrder::unreachable`] rather than dropped silently. Their `pre`/`post` numbers
//!   are `None`.
//! * The entry has preorder number 0 and is last in postorder (first in RPO).
//! * Every edge `u -> v` between reachable nodes is either *retreating* (`v` is a DFS-tree ancestor
//!   of `u`, `u == v` included) or goes forward in RPO (`rpo(u) < rpo(v)`). Hence RPO is a
//!   topological order of the reachable graph without retreating edges, and for a reducible graph
//!   the retreating edges are exactly the back edges (see [`crate::cfg::loops`]).
//! * The DFS tree is recorded (`parent`), and ancestry in it is an O(1) interval test on the
//!   pre/post numbers.
//!
//! # Algorithm
//!
//! Iterative DFS with an explicit stack of `(node, index of next successor)`: O(V + E) time, and
//! no recursion, so arbitrarily deep graphs do not overflow the call stack.

use super::graph::Graph;

const NONE: u32 = u32::MAX;

/// Depth-first numbering of the nodes reachable from the entry.
#[derive(Clone, Debug)]
pub struct DfsOrder {
    preorder: Vec<u32>,
    postorder: Vec<u32>,
    pre_num: Vec<u32>,
    post_num: Vec<u32>,
    parent: Vec<u32>,
    unreachable: Vec<u32>,
}

impl DfsOrder {
    /// Runs the depth-first search from `graph.entry()`.
    pub fn compute(graph: &Graph) -> DfsOrder {
        let n = graph.num_nodes();
        let mut pre_num = vec![NONE; n];
        let mut post_num = vec![NONE; n];
        let mut parent = vec![NONE; n];
        let mut preorder = Vec::new();
        let mut postorder = Vec::new();
        let mut stack: Vec<(u32, usize)> = Vec::new();

        let entry = graph.entry();
        pre_num[entry as usize] = 0;
        preorder.push(entry);
        stack.push((entry, 0));
        while let Some(top) = stack.last_mut() {
            let (node, next) = *top;
            let succs = graph.succs(node);
            if next < succs.len() {
                top.1 += 1;
                let s = succs[next];
                if pre_num[s as usize] == NONE {
                    pre_num[s as usize] = preorder.len() as u32;
                    parent[s as usize] = node;
                    preorder.push(s);
                    stack.push((s, 0));
                }
            } else {
                post_num[node as usize] = postorder.len() as u32;
                postorder.push(node);
                stack.pop();
            }
        }
        let unreachable = (0..n as u32)
            .filter(|&v| pre_num[v as usize] == NONE)
            .collect();
        DfsOrder {
            preorder,
            postorder,
            pre_num,
            post_num,
            parent,
            unreachable,
        }
    }

    /// Reachable nodes in preorder (entry first).
    pub fn preorder(&self) -> &[u32] {
        &self.preorder
    }

    /// Reachable nodes in postorder (entry last).
    pub fn postorder(&self) -> &[u32] {
        &self.postorder
    }

    /// Reachable nodes in reverse postorder (entry first).
    pub fn rpo(&self) -> impl DoubleEndedIterator<Item = u32> + ExactSizeIterator + '_ {
        self.postorder.iter().rev().copied()
    }

    /// Reverse postorder collected into a vector.
    pub fn rpo_vec(&self) -> Vec<u32> {
        self.rpo().collect()
    }

    /// Position of `n` in preorder, `None` if unreachable.
    pub fn pre(&self, n: u32) -> Option<u32> {
        some(self.pre_num[n as usize])
    }

    /// Position of `n` in postorder, `None` if unreachable.
    pub fn post(&self, n: u32) -> Option<u32> {
        some(self.post_num[n as usize])
    }

    /// Position of `n` in reverse postorder, `None` if unreachable.
    pub fn rpo_num(&self, n: u32) -> Option<u32> {
        self.post(n).map(|p| self.postorder.len() as u32 - 1 - p)
    }

    /// Parent of `n` in the DFS tree; `None` for the entry and for unreachable nodes.
    pub fn parent(&self, n: u32) -> Option<u32> {
        some(self.parent[n as usize])
    }

    pub fn is_reachable(&self, n: u32) -> bool {
        self.pre_num[n as usize] != NONE
    }

    /// Number of nodes reachable from the entry.
    pub fn num_reachable(&self) -> usize {
        self.preorder.len()
    }

    /// Nodes not reachable from the entry, in increasing id order.
    pub fn unreachable(&self) -> &[u32] {
        &self.unreachable
    }

    /// Whether `a` is an ancestor of `b` in the DFS tree (reflexive); false if either is
    /// unreachable.
    pub fn is_dfs_ancestor(&self, a: u32, b: u32) -> bool {
        super::tree_ancestor(&self.pre_num, &self.post_num, a, b)
    }

    /// Whether the edge `from -> to` is retreating: `to` is a DFS ancestor of `from` (self-loops
    /// included).
    pub fn is_retreating(&self, from: u32, to: u32) -> bool {
        self.is_dfs_ancestor(to, from)
    }
}

fn some(x: u32) -> Option<u32> {
    (x != NONE).then_some(x)
}
