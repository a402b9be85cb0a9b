//! The directed graph every analysis in [`crate::cfg`] runs on.
//!
//! A [`Graph`] has dense node ids `0..num_nodes` and a designated entry node. For a function's
//! control-flow graph the nodes are basic blocks and the entry is block 0.
//!
//! # Representation and invariants
//!
//! * Successors and predecessors are stored in compressed-sparse-row form: one offset array and
//!   one target array per direction, so `succs(n)` and `preds(n)` are plain slices.
//! * **Parallel edges are kept** (a `switch` with two cases branching to the same block yields two
//!   edges), and each node's successors appear in the order the edges were given. A caller that
//!   lists a terminator's targets in order can therefore rely on `succs(n)[i]` being the `i`-th
//!   target. Predecessors list, for each incoming edge, its source, ordered by source id (and
//!   by the position of the edge in the input for parallel edges). Every analysis in this module
//!   is indifferent to duplicates.
//! * Self-loops are ordinary edges.
//! * `1 <= num_nodes <= MAX_NODES` and `entry < num_nodes`, so that the post-dominator tree can
//!   use `num_nodes` as the id of its virtual exit and `u32::MAX` stays free as a sentinel;
//!   [`Graph::try_new`] checks all of this and reports violations as [`GraphError`] instead of
//!   panicking.

use std::fmt;

/// The largest number of nodes a [`Graph`] may have. With at most `MAX_NODES` nodes, the id
/// `num_nodes` is free for the post-dominator tree's virtual exit, and the derived graph with that
/// extra node still leaves `u32::MAX` unused, which the analyses use as a sentinel.
pub const MAX_NODES: usize = (u32::MAX - 2) as usize;

/// Why a graph could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// A graph needs at least its entry node.
    Empty,
    /// More than [`MAX_NODES`] nodes.
    TooManyNodes(usize),
    /// The entry id is not below `num_nodes`.
    EntryOutOfRange { entry: u32, num_nodes: usize },
    /// An edge endpoint is not below `num_nodes`.
    EdgeOutOfRange {
        from: u32,
        to: u32,
        num_nodes: usize,
    },
    /// A node listed on its own (e.g. an address-taken function) is not below `num_nodes`.
    NodeOutOfRange { node: u32, num_nodes: usize },
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::Empty => write!(f, "a graph needs at least one node"),
            GraphError::TooManyNodes(n) => write!(f, "{n} nodes do not fit in u32 ids"),
            GraphError::EntryOutOfRange { entry, num_nodes } => {
                write!(f, "entry {entry} is not a node of a {num_nodes}-node graph")
            }
            GraphError::EdgeOutOfRange {
                from,
                to,
                num_nodes,
            } => {
                write!(f, "edge {from} -> {to} leaves a {num_nodes}-node graph")
            }
            GraphError::NodeOutOfRange { node, num_nodes } => {
                write!(f, "{node} is not a node of a {num_nodes}-node graph")
            }
        }
    }
}

impl std::error::Error for GraphError {}

/// Adjacency lists in compressed-sparse-row form: the neighbours of `n` are
/// `targets[offsets[n]..offsets[n + 1]]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Csr {
    offsets: Vec<usize>,
    targets: Vec<u32>,
}

impl Csr {
    /// Groups `edges` by source (a counting sort, stable in the input order). Endpoints must be
    /// below `num_nodes`; callers check that first.
    pub(crate) fn from_edges(num_nodes: usize, edges: &[(u32, u32)]) -> Csr {
        let mut offsets = vec![0usize; num_nodes + 1];
        for &(from, _) in edges {
            offsets[from as usize + 1] += 1;
        }
        for i in 0..num_nodes {
            offsets[i + 1] += offsets[i];
        }
        let mut next = offsets.clone();
        let mut targets = vec![0u32; edges.len()];
        for &(from, to) in edges {
            let slot = &mut next[from as usize];
            targets[*slot] = to;
            *slot += 1;
        }
        Csr { offsets, targets }
    }

    /// The same lists with every edge reversed.
    pub(crate) fn transpose(&self) -> Csr {
        let n = self.num_nodes();
        let mut edges = Vec::with_capacity(self.targets.len());
        for from in 0..n as u32 {
            for &to in self.row(from) {
                edges.push((to, from));
            }
        }
        Csr::from_edges(n, &edges)
    }

    pub(crate) fn num_nodes(&self) -> usize {
        self.offsets.len() - 1
    }

    pub(crate) fn num_edges(&self) -> usize {
        self.targets.len()
    }

    /// Neighbours of `n`; panics if `n` is out of range (a programming error).
    pub(crate) fn row(&self, n: u32) -> &[u32] {
        let n = n as usize;
        &self.targets[self.offsets[n]..self.offsets[n + 1]]
    }
}

/// A directed graph with dense node ids `0..num_nodes` and a designated entry. See the module
/// documentation for the invariants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    entry: u32,
    succs: Csr,
    preds: Csr,
}

impl Graph {
    /// Builds a graph, checking every id. Parallel edges are kept, in input order.
    pub fn try_new(
        num_nodes: usize,
        entry: u32,
        edges: impl IntoIterator<Item = (u32, u32)>,
    ) -> Result<Graph, GraphError> {
        if num_nodes == 0 {
            return Err(GraphError::Empty);
        }
        if num_nodes > MAX_NODES {
            return Err(GraphError::TooManyNodes(num_nodes));
        }
        if entry as usize >= num_nodes {
            return Err(GraphError::EntryOutOfRange { entry, num_nodes });
        }
        let edges: Vec<(u32, u32)> = edges.into_iter().collect();
        check_edges(num_nodes, &edges)?;
        Ok(Graph::from_checked(num_nodes, entry, &edges))
    }

    /// Builds a graph whose ids the caller has already checked (`entry < num_nodes`, endpoints
    /// below `num_nodes`, `num_nodes <= MAX_NODES + 1`). Used for derived graphs such as the
    /// reverse graph with a virtual exit, which has one node more than its source.
    pub(crate) fn from_checked(num_nodes: usize, entry: u32, edges: &[(u32, u32)]) -> Graph {
        let succs = Csr::from_edges(num_nodes, edges);
        let preds = succs.transpose();
        Graph {
            entry,
            succs,
            preds,
        }
    }

    /// Like [`Graph::try_new`], for ids the caller knows to be valid.
    ///
    /// # Panics
    /// If `try_new` would return an error: an invalid id is a programming error of the caller.
    pub fn new(num_nodes: usize, entry: u32, edges: impl IntoIterator<Item = (u32, u32)>) -> Graph {
        match Graph::try_new(num_nodes, entry, edges) {
            Ok(g) => g,
            Err(e) => panic!("invalid graph: {e}"),
        }
    }

    pub fn num_nodes(&self) -> usize {
        self.succs.num_nodes()
    }

    /// Number of edges, parallel edges counted separately.
    pub fn num_edges(&self) -> usize {
        self.succs.num_edges()
    }

    pub fn entry(&self) -> u32 {
        self.entry
    }

    /// Successors of `n`, in input order, duplicates kept. Panics if `n >= num_nodes()`.
    pub fn succs(&self, n: u32) -> &[u32] {
        self.succs.row(n)
    }

    /// Predecessors of `n`, one per incoming edge. Panics if `n >= num_nodes()`.
    pub fn preds(&self, n: u32) -> &[u32] {
        self.preds.row(n)
    }

    /// All edges `(from, to)`, grouped by source.
    pub fn edges(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.num_nodes() as u32).flat_map(move |n| self.succs(n).iter().map(move |&s| (n, s)))
    }

    /// The graph with every edge reversed and `entry` as its entry.
    pub fn reversed(&self, entry: u32) -> Result<Graph, GraphError> {
        if entry as usize >= self.num_nodes() {
            return Err(GraphError::EntryOutOfRange {
                entry,
                num_nodes: self.num_nodes(),
            });
        }
        Ok(Graph {
            entry,
            succs: self.preds.clone(),
            preds: self.succs.clone(),
        })
    }
}

/// Checks that every endpoint is a node.
pub(crate) fn check_edges(num_nodes: usize, edges: &[(u32, u32)]) -> Result<(), GraphError> {
    match edges
        .iter()
        .find(|&&(a, b)| a as usize >= num_nodes || b as usize >= num_nodes)
    {
        Some(&(from, to)) => Err(GraphError::EdgeOutOfRange {
            from,
            to,
            num_nodes,
        }),
        None => Ok(()),
    }
}
