//! Strongly connected components.
//!
//! # Definition
//!
//! Two nodes are in the same strongly connected component (SCC) iff each is reachable from the
//! other (by paths of length zero or more). An SCC is *cyclic* if it has more than one node or its
//! single node has a self-loop.
//!
//! # Invariants
//!
//! * Every node of the graph belongs to exactly one SCC, whether or not it is reachable from the
//!   entry.
//! * SCC ids are assigned in the order the components are completed, which is a reverse
//!   topological order of the condensation: if an edge leads from SCC `a` to a different SCC `b`,
//!   then `b < a`. For a call graph this is the bottom-up (callees first) order.
//! * Each SCC records its *root*: the member the search reached first. Searches start at the
//!   entry (for a [`Graph`]) and then at the remaining nodes in increasing id order, so for a
//!   loop reachable from the entry of a reducible CFG the root is the loop header.
//! * Members of an SCC are listed in increasing id order.
//!
//! # Algorithm
//!
//! Tarjan, "Depth-first search and linear graph algorithms", SIAM J. Computing 1(2), 1972, run
//! with an explicit call stack instead of recursion: O(V + E) time and memory, no stack overflow.

use super::graph::Graph;

const NONE: u32 = u32::MAX;

/// Working state of Tarjan's search.
struct Tarjan {
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    calls: Vec<(u32, usize)>,
    counter: u32,
}

impl Tarjan {
    /// Numbers `v` and makes it the current node of the search.
    fn visit(&mut self, v: u32) {
        self.index[v as usize] = self.counter;
        self.low[v as usize] = self.counter;
        self.counter += 1;
        self.on_stack[v as usize] = true;
        self.stack.push(v);
        self.calls.push((v, 0));
    }
}

/// The strongly connected components of a graph.
#[derive(Clone, Debug)]
pub struct Sccs {
    comp_of: Vec<u32>,
    offsets: Vec<usize>,
    members: Vec<u32>,
    roots: Vec<u32>,
}

impl Sccs {
    /// SCCs of every node of `graph`, searching from the entry first.
    pub fn compute(graph: &Graph) -> Sccs {
        let n = graph.num_nodes();
        let starts = std::iter::once(graph.entry()).chain(0..n as u32);
        Sccs::compute_with(n, |v| graph.succs(v), starts)
    }

    /// SCCs of the graph on `0..num_nodes` given by `succs`, starting searches at `starts` in
    /// order and then at every node not yet visited. `succs` must return ids below `num_nodes`.
    pub(crate) fn compute_with<'a>(
        num_nodes: usize,
        succs: impl Fn(u32) -> &'a [u32],
        starts: impl IntoIterator<Item = u32>,
    ) -> Sccs {
        let mut t = Tarjan {
            index: vec![NONE; num_nodes],
            low: vec![0; num_nodes],
            on_stack: vec![false; num_nodes],
            stack: Vec::new(),
            calls: Vec::new(),
            counter: 0,
        };
        let mut sccs = Sccs {
            comp_of: vec![NONE; num_nodes],
            offsets: vec![0],
            members: Vec::with_capacity(num_nodes),
            roots: Vec::new(),
        };
        for start in starts.into_iter().chain(0..num_nodes as u32) {
            if t.index[start as usize] != NONE {
                continue;
            }
            t.visit(start);
            while let Some(top) = t.calls.last_mut() {
                let (v, next) = *top;
                let out = succs(v);
                if next < out.len() {
                    top.1 += 1;
                    let w = out[next] as usize;
                    if t.index[w] == NONE {
                        t.visit(w as u32);
                    } else if t.on_stack[w] {
                        t.low[v as usize] = t.low[v as usize].min(t.index[w]);
                    }
                    continue;
                }
                t.calls.pop();
                if let Some(&(p, _)) = t.calls.last() {
                    t.low[p as usize] = t.low[p as usize].min(t.low[v as usize]);
                }
                if t.low[v as usize] == t.index[v as usize] {
                    sccs.close_component(v, &mut t.stack, &mut t.on_stack);
                }
            }
        }
        sccs
    }

    /// Pops the component rooted at `root` off the Tarjan stack.
    fn close_component(&mut self, root: u32, stack: &mut Vec<u32>, on_stack: &mut [bool]) {
        let id = self.roots.len() as u32;
        let first = self.members.len();
        while let Some(w) = stack.pop() {
            on_stack[w as usize] = false;
            self.comp_of[w as usize] = id;
            self.members.push(w);
            if w == root {
                break;
            }
        }
        self.members[first..].sort_unstable();
        self.offsets.push(self.members.len());
        self.roots.push(root);
    }

    pub fn num_sccs(&self) -> usize {
        self.roots.len()
    }

    /// The SCC containing node `n`.
    pub fn scc_of(&self, n: u32) -> u32 {
        self.comp_of[n as usize]
    }

    /// Members of SCC `c`, in increasing id order.
    pub fn members(&self, c: u32) -> &[u32] {
        let c = c as usize;
        &self.members[self.offsets[c]..self.offsets[c + 1]]
    }

    /// The member of SCC `c` that the search reached first.
    pub fn root(&self, c: u32) -> u32 {
        self.roots[c as usize]
    }

    /// SCC ids in completion order: every SCC comes after all SCCs it has edges to.
    pub fn ids(&self) -> std::ops::Range<u32> {
        0..self.roots.len() as u32
    }
}
