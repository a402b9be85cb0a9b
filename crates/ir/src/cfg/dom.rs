//! Dominator trees.
//!
//! # Definition
//!
//! In a graph with entry `r`, node `a` *dominates* `b` iff every path from `r` to `b` visits `a`
//! (equivalently: `b` is reachable from `r`, and unreachable once `a` is deleted, or `a == b`).
//! `a` *strictly dominates* `b` iff it dominates it and `a != b`. The *immediate dominator*
//! `idom(b)` of a reachable `b != r` is its strict dominator closest to `b`, i.e. the one
//! strictly dominated by every other strict dominator of `b`. The edges `idom(b) -> b` form a tree
//! rooted at `r` (Babić, thesis 2008, §2.3.1 "Dominance relations" and "Dominator tree").
//!
//! # Invariants and conventions
//!
//! * The relation is computed over the nodes reachable from the entry. For an unreachable node
//!   `idom` is `None` and `depth` is `None`, exactly as for the root, which is told apart by
//!   [`DomTree::is_reachable`]. Every dominance query involving an unreachable node answers
//!   `false` (the textbook definition would make an unreachable node vacuously dominated by
//!   everything; no client wants that).
//! * `depth(root) == 0`, `depth(b) == depth(idom(b)) + 1`.
//! * Children are listed in increasing id order.
//! * The tree is numbered by a depth-first walk; `a` dominates `b` iff `a`'s interval
//!   `[tin, tout]` contains `b`'s (equivalently, `b`'s `tin`), an O(1) query
//!   ([`super::tree_ancestor`]).
//!
//! # Algorithm
//!
//! Lengauer & Tarjan, "A fast algorithm for finding dominators in a flowgraph", ACM TOPLAS 1(1),
//! 1979, in its "simple" form (semidominators, buckets, `eval`/`link` with path compression):
//! O(E log V) worst case, where the iterative Cooper–Harvey–Kennedy scheme ("A Simple, Fast
//! Dominance Algorithm", 2001) can degrade to quadratic time. Path compression and every
//! traversal are iterative, so 100k-node chains are fine.

use super::graph::{Csr, Graph};
use super::order::DfsOrder;

const NONE: u32 = u32::MAX;

/// The dominator tree of a graph (or, built on the reversed graph, a post-dominator tree).
#[derive(Clone, Debug)]
pub struct DomTree {
    root: u32,
    idom: Vec<Option<u32>>,
    children: Csr,
    depth: Vec<u32>,
    tin: Vec<u32>,
    tout: Vec<u32>,
    preorder: Vec<u32>,
}

impl DomTree {
    /// Dominator tree of `graph` rooted at its entry.
    pub fn compute(graph: &Graph) -> DomTree {
        let order = DfsOrder::compute(graph);
        DomTree::compute_with_order(graph, &order)
    }

    /// Same as [`DomTree::compute`], reusing a DFS of `graph` from its entry.
    pub fn compute_with_order(graph: &Graph, order: &DfsOrder) -> DomTree {
        let idom = lengauer_tarjan(graph, order);
        DomTree::from_idoms(graph.entry(), idom)
    }

    /// Builds the tree structure from immediate dominators (`None` for the root and for nodes
    /// outside the tree).
    fn from_idoms(root: u32, idom: Vec<Option<u32>>) -> DomTree {
        let n = idom.len();
        let edges: Vec<(u32, u32)> = (0..n as u32)
            .filter_map(|b| idom[b as usize].map(|a| (a, b)))
            .collect();
        let children = Csr::from_edges(n, &edges);

        let mut depth = vec![NONE; n];
        let mut tin = vec![NONE; n];
        let mut tout = vec![NONE; n];
        let mut preorder = Vec::with_capacity(n);
        let mut stack = vec![root];
        depth[root as usize] = 0;
        while let Some(v) = stack.pop() {
            tin[v as usize] = preorder.len() as u32;
            preorder.push(v);
            for &c in children.row(v).iter().rev() {
                depth[c as usize] = depth[v as usize] + 1;
                stack.push(c);
            }
        }
        // A subtree occupies a contiguous range of the preorder: close intervals bottom-up.
        for &v in preorder.iter().rev() {
            let last_child = children.row(v).iter().map(|&c| tout[c as usize]).max();
            tout[v as usize] = last_child.unwrap_or(tin[v as usize]);
        }
        DomTree {
            root,
            idom,
            children,
            depth,
            tin,
            tout,
            preorder,
        }
    }

    /// Number of nodes the tree is defined over (reachable or not).
    pub fn num_nodes(&self) -> usize {
        self.idom.len()
    }

    /// The root (the entry of the graph).
    pub fn root(&self) -> u32 {
        self.root
    }

    /// Immediate dominator; `None` for the root and for unreachable nodes.
    pub fn idom(&self, n: u32) -> Option<u32> {
        self.idom[n as usize]
    }

    /// All immediate dominators, indexed by node.
    pub fn idoms(&self) -> &[Option<u32>] {
        &self.idom
    }

    /// Whether `n` is in the tree, i.e. reachable from the root.
    pub fn is_reachable(&self, n: u32) -> bool {
        self.depth[n as usize] != NONE
    }

    /// Children of `n` in the tree, increasing ids.
    pub fn children(&self, n: u32) -> &[u32] {
        self.children.row(n)
    }

    /// Distance from the root in the tree; `None` for unreachable nodes.
    pub fn depth(&self, n: u32) -> Option<u32> {
        let d = self.depth[n as usize];
        (d != NONE).then_some(d)
    }

    /// Nodes of the tree in depth-first preorder (every node after its immediate dominator).
    pub fn preorder(&self) -> &[u32] {
        &self.preorder
    }

    /// Preorder number of `n` in the tree walk and the last preorder number in its subtree:
    /// `a` dominates `b` iff `dfs_interval(a)` contains `dfs_interval(b).0`.
    pub fn dfs_interval(&self, n: u32) -> Option<(u32, u32)> {
        self.is_reachable(n)
            .then(|| (self.tin[n as usize], self.tout[n as usize]))
    }

    /// Whether `a` dominates `b` (reflexive). False if either is unreachable.
    pub fn dominates(&self, a: u32, b: u32) -> bool {
        super::tree_ancestor(&self.tin, &self.tout, a, b)
    }

    /// Whether `a` dominates `b` and `a != b`.
    pub fn strictly_dominates(&self, a: u32, b: u32) -> bool {
        a != b && self.dominates(a, b)
    }

    /// The deepest node dominating both `a` and `b`; `None` if either is unreachable.
    pub fn nearest_common_dominator(&self, mut a: u32, b: u32) -> Option<u32> {
        if !self.is_reachable(a) || !self.is_reachable(b) {
            return None;
        }
        // Climb from `a` to its first ancestor that also dominates `b`.
        while !self.dominates(a, b) {
            a = self.idom(a)?;
        }
        Some(a)
    }

    /// Strict dominators of `n` from `idom(n)` up to the root.
    pub fn strict_dominators(&self, n: u32) -> impl Iterator<Item = u32> + '_ {
        std::iter::successors(self.idom(n), move |&d| self.idom(d))
    }
}

/// Immediate dominators by Lengauer–Tarjan, computed in DFS-preorder numbering.
fn lengauer_tarjan(graph: &Graph, order: &DfsOrder) -> Vec<Option<u32>> {
    let vertex = order.preorder();
    let r = vertex.len();
    let mut lt = LtState {
        semi: (0..r as u32).collect(),
        label: (0..r as u32).collect(),
        ancestor: vec![NONE; r],
        path: Vec::new(),
    };
    let parent: Vec<u32> = vertex
        .iter()
        .map(|&v| order.parent(v).and_then(|p| order.pre(p)).unwrap_or(NONE))
        .collect();
    let mut idom = vec![NONE; r];
    let mut bucket_head = vec![NONE; r];
    let mut bucket_next = vec![NONE; r];

    for i in (1..r).rev() {
        let w = vertex[i];
        for &v in graph.preds(w) {
            if let Some(v) = order.pre(v) {
                let u = lt.eval(v);
                if lt.semi[u as usize] < lt.semi[i] {
                    lt.semi[i] = lt.semi[u as usize];
                }
            }
        }
        let s = lt.semi[i] as usize;
        bucket_next[i] = bucket_head[s];
        bucket_head[s] = i as u32;

        let p = parent[i];
        lt.ancestor[i] = p;
        let mut b = std::mem::replace(&mut bucket_head[p as usize], NONE);
        while b != NONE {
            let u = lt.eval(b);
            idom[b as usize] = if lt.semi[u as usize] < lt.semi[b as usize] {
                u
            } else {
                p
            };
            b = bucket_next[b as usize];
        }
    }
    for i in 1..r {
        if idom[i] != lt.semi[i] {
            idom[i] = idom[idom[i] as usize];
        }
    }

    let mut result = vec![None; graph.num_nodes()];
    for i in 1..r {
        result[vertex[i] as usize] = Some(vertex[idom[i] as usize]);
    }
    result
}

/// The forest of processed vertices used by Lengauer–Tarjan's `eval`.
struct LtState {
    semi: Vec<u32>,
    label: Vec<u32>,
    ancestor: Vec<u32>,
    path: Vec<u32>,
}

impl LtState {
    /// The vertex of minimum semidominator on the forest path from `v` up to (excluding) its
    /// forest root; `v` itself if `v` is a root.
    fn eval(&mut self, v: u32) -> u32 {
        if self.ancestor[v as usize] == NONE {
            return v;
        }
        self.compress(v);
        self.label[v as usize]
    }

    /// Path compression, iteratively: make every vertex on the path from `v` point to the
    /// forest root's child, carrying the minimum-semidominator label down.
    fn compress(&mut self, v: u32) {
        self.path.clear();
        let mut x = v;
        loop {
            let a = self.ancestor[x as usize];
            if a == NONE || self.ancestor[a as usize] == NONE {
                break;
            }
            self.path.push(x);
            x = a;
        }
        while let Some(x) = self.path.pop() {
            let a = self.ancestor[x as usize] as usize;
            let x = x as usize;
            if self.semi[self.label[a] as usize] < self.semi[self.label[x] as usize] {
                self.label[x] = self.label[a];
            }
            self.ancestor[x] = self.ancestor[a];
        }
    }
}
