//! Natural loops, their nesting forest, and irreducible control flow.
//!
//! # Definitions
//!
//! Over the nodes reachable from the entry (unreachable nodes belong to no loop):
//!
//! * A **back edge** is an edge `latch -> header` whose target dominates its source (self-loops
//!   included).
//! * The **natural loop** of a header `h` is `h` together with every node that reaches one of
//!   `h`'s latches without passing through `h`; several back edges into one header give one loop,
//!   the union of their bodies (Aho, Lam, Sethi & Ullman, *Compilers*, §9.6.6).
//! * Natural loops with different headers are disjoint or nested, so they form a **forest**: the
//!   parent of a loop is the smallest loop strictly containing it; depth 1 is outermost.
//! * An **exiting edge** of a loop goes from a body node to a node outside the body; its target is
//!   an **exit**. The **preheader** is the unique node outside the loop with an edge to the
//!   header, provided the header is its only successor (LLVM's convention); otherwise `None`.
//! * A **retreating edge** goes from a node to one of its ancestors in the DFS tree of
//!   [`crate::cfg::order`]. The graph is **reducible** iff every retreating edge is a back edge,
//!   equivalently iff the graph without its back edges is acyclic (Hecht & Ullman, "Flow graph
//!   reducibility", SIAM J. Computing 1(2), 1972). Otherwise the cycles of the graph without back
//!   edges are reported as **irreducible regions**: the cyclic strongly connected components of the
//!   reachable graph without back edges (loops with several entries, which have no header
//!   dominating them and are therefore not natural loops).
//!
//! # Invariants
//!
//! * Loop ids are a preorder of the forest: a parent's id is smaller than its children's, and the
//!   loops nested in `l` (itself included) are the ids `l .. l + subtree size`. Roots and siblings
//!   are ordered by the reverse-postorder position of their headers.
//! * Nodes are stored grouped by innermost loop in that order, so the body of every loop is one
//!   contiguous slice (header first, then the other nodes) and membership is an O(1) test.
//!
//! # Algorithm
//!
//! Back edges come from the dominator tree ([`crate::cfg::dom`]). Headers are processed from the
//! deepest in the dominator tree up (reverse dominator-tree preorder), so inner loops come first;
//! each body is found by a backward walk from the latches that stops at the header and, on meeting
//! a node of an already built loop, jumps to the header of that loop's outermost enclosing loop
//! found so far (kept in a union–find with path halving) and records the nesting. This is the
//! scheme of Havlak ("Nesting of reducible and irreducible loops", ACM TOPLAS 19(4), 1997) and of
//! LLVM's `LoopInfo`, near-linear in V + E. Exiting edges walk up the forest from the innermost
//! loop of their source, costing O(E + number of (loop, exiting edge) pairs). Irreducible regions
//! use Tarjan's SCCs ([`crate::cfg::scc`]).

use super::dom::DomTree;
use super::graph::{Csr, Graph};
use super::order::DfsOrder;
use super::scc::Sccs;

const NONE: u32 = u32::MAX;

/// One natural loop. Its body is [`LoopForest::body`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loop {
    /// The node that dominates the whole loop and is the target of its back edges.
    pub header: u32,
    /// Sources of the back edges into `header`, increasing ids.
    pub latches: Vec<u32>,
    /// The innermost loop strictly containing this one.
    pub parent: Option<u32>,
    /// Loops whose parent is this one, in id order.
    pub children: Vec<u32>,
    /// 1 for an outermost loop.
    pub depth: u32,
    /// Distinct edges from the body to outside it, sorted.
    pub exiting_edges: Vec<(u32, u32)>,
    /// Distinct targets of the exiting edges, increasing ids.
    pub exits: Vec<u32>,
    /// The unique outside predecessor of the header, if it branches only to the header.
    pub preheader: Option<u32>,
}

/// All natural loops of a graph, their nesting, and its irreducible regions.
#[derive(Clone, Debug)]
pub struct LoopForest {
    loops: Vec<Loop>,
    /// Per loop: one past the last id nested in it.
    subtree_end: Vec<u32>,
    /// Per node: innermost loop, `NONE` if none.
    innermost: Vec<u32>,
    /// Loop nodes grouped by innermost loop in id order; `body(l)` is
    /// `nodes[body_start[l]..body_start[subtree_end[l]]]`.
    nodes: Vec<u32>,
    body_start: Vec<usize>,
    back_edges: Vec<(u32, u32)>,
    irreducible_edges: Vec<(u32, u32)>,
    irreducible_regions: Vec<Vec<u32>>,
}

impl LoopForest {
    /// Loops of `graph`.
    pub fn compute(graph: &Graph) -> LoopForest {
        let order = DfsOrder::compute(graph);
        let dom = DomTree::compute_with_order(graph, &order);
        LoopForest::compute_with(graph, &order, &dom)
    }

    /// Loops of `graph` given its DFS order and dominator tree (both must be `graph`'s).
    pub fn compute_with(graph: &Graph, order: &DfsOrder, dom: &DomTree) -> LoopForest {
        let n = graph.num_nodes();
        let mut back_edges = Vec::new();
        let mut irreducible_edges = Vec::new();
        for &u in order.preorder() {
            for &v in graph.succs(u) {
                if dom.dominates(v, u) {
                    back_edges.push((u, v));
                } else if order.is_retreating(u, v) {
                    irreducible_edges.push((u, v));
                }
            }
        }
        back_edges.sort_unstable();
        back_edges.dedup();
        irreducible_edges.sort_unstable();
        irreducible_edges.dedup();

        let raw = build_raw_loops(graph, dom, &back_edges);
        let mut forest = arrange_forest(n, raw, order);
        forest.back_edges = back_edges;
        forest.irreducible_edges = irreducible_edges;
        forest.compute_exits(graph, order);
        forest.compute_preheaders(graph, order);
        if !forest.irreducible_edges.is_empty() {
            forest.irreducible_regions = irreducible_regions(graph, order, &forest.back_edges);
        }
        forest
    }

    /// All loops, indexed by loop id (forest preorder).
    pub fn loops(&self) -> &[Loop] {
        &self.loops
    }

    pub fn num_loops(&self) -> usize {
        self.loops.len()
    }

    /// The loop with id `l`.
    pub fn get(&self, l: u32) -> &Loop {
        &self.loops[l as usize]
    }

    /// Outermost loops, in id order.
    pub fn roots(&self) -> impl Iterator<Item = u32> + '_ {
        self.loops
            .iter()
            .enumerate()
            .filter(|(_, l)| l.parent.is_none())
            .map(|(i, _)| i as u32)
    }

    /// Body of loop `l`: its header first, then the other nodes (grouped by innermost loop).
    pub fn body(&self, l: u32) -> &[u32] {
        let end = self.subtree_end[l as usize] as usize;
        &self.nodes[self.body_start[l as usize]..self.body_start[end]]
    }

    /// Whether node `n` is in the body of loop `l`.
    pub fn contains(&self, l: u32, n: u32) -> bool {
        let inner = self.innermost[n as usize];
        inner != NONE && l <= inner && inner < self.subtree_end[l as usize]
    }

    /// Whether loop `outer` contains loop `inner` (reflexive).
    pub fn loop_contains(&self, outer: u32, inner: u32) -> bool {
        outer <= inner && inner < self.subtree_end[outer as usize]
    }

    /// The innermost loop containing `n`.
    pub fn innermost_loop(&self, n: u32) -> Option<u32> {
        let l = self.innermost[n as usize];
        (l != NONE).then_some(l)
    }

    /// Number of loops containing `n` (0 outside every loop).
    pub fn loop_depth(&self, n: u32) -> u32 {
        self.innermost_loop(n)
            .map_or(0, |l| self.loops[l as usize].depth)
    }

    /// The loop headed by `n`, if `n` is a loop header.
    pub fn loop_of_header(&self, n: u32) -> Option<u32> {
        self.innermost_loop(n)
            .filter(|&l| self.loops[l as usize].header == n)
    }

    /// Distinct back edges `(latch, header)`, sorted.
    pub fn back_edges(&self) -> &[(u32, u32)] {
        &self.back_edges
    }

    /// Whether the reachable graph is reducible.
    pub fn is_reducible(&self) -> bool {
        self.irreducible_edges.is_empty()
    }

    /// Distinct retreating edges that are not back edges, sorted: each enters a cycle of the graph
    /// without back edges at a node other than a dominating header.
    pub fn irreducible_edges(&self) -> &[(u32, u32)] {
        &self.irreducible_edges
    }

    /// The irreducible regions (cyclic SCCs of the reachable graph without back edges), each
    /// sorted, ordered by their smallest node.
    pub fn irreducible_regions(&self) -> &[Vec<u32>] {
        &self.irreducible_regions
    }

    fn compute_exits(&mut self, graph: &Graph, order: &DfsOrder) {
        let mut per_loop: Vec<Vec<(u32, u32)>> = vec![Vec::new(); self.loops.len()];
        for &u in order.preorder() {
            for &v in graph.succs(u) {
                let mut l = self.innermost_loop(u);
                while let Some(cur) = l.filter(|&cur| !self.contains(cur, v)) {
                    per_loop[cur as usize].push((u, v));
                    l = self.loops[cur as usize].parent;
                }
            }
        }
        for (lp, mut edges) in self.loops.iter_mut().zip(per_loop) {
            edges.sort_unstable();
            edges.dedup();
            let mut exits: Vec<u32> = edges.iter().map(|&(_, v)| v).collect();
            exits.sort_unstable();
            exits.dedup();
            lp.exiting_edges = edges;
            lp.exits = exits;
        }
    }

    fn compute_preheaders(&mut self, graph: &Graph, order: &DfsOrder) {
        for l in 0..self.loops.len() {
            let header = self.loops[l].header;
            let mut entering: Vec<u32> = graph
                .preds(header)
                .iter()
                .copied()
                .filter(|&p| order.is_reachable(p) && !self.contains(l as u32, p))
                .collect();
            entering.dedup(); // predecessors are sorted, so duplicates are adjacent
            let preheader = match entering[..] {
                [p] if graph.succs(p).iter().all(|&s| s == header) => Some(p),
                _ => None,
            };
            self.loops[l].preheader = preheader;
        }
    }
}

/// Loops as found, before being arranged into forest preorder.
struct RawLoops {
    headers: Vec<u32>,
    latches: Vec<Vec<u32>>,
    parent: Vec<u32>,
    innermost: Vec<u32>,
}

/// Finds each natural loop body, innermost loops first, recording nesting.
fn build_raw_loops(graph: &Graph, dom: &DomTree, back_edges: &[(u32, u32)]) -> RawLoops {
    let n = graph.num_nodes();
    let mut latches_of: Vec<Vec<u32>> = vec![Vec::new(); n];
    for &(latch, header) in back_edges {
        latches_of[header as usize].push(latch);
    }
    let mut raw = RawLoops {
        headers: Vec::new(),
        latches: Vec::new(),
        parent: Vec::new(),
        innermost: vec![NONE; n],
    };
    // `outer[l]`: union-find link towards the outermost loop known to contain `l`.
    let mut outer: Vec<u32> = Vec::new();
    let mut work: Vec<u32> = Vec::new();
    for &h in dom.preorder().iter().rev() {
        let latches = std::mem::take(&mut latches_of[h as usize]);
        if latches.is_empty() {
            continue;
        }
        let t = raw.headers.len() as u32;
        raw.headers.push(h);
        raw.parent.push(NONE);
        outer.push(t);
        raw.innermost[h as usize] = t;
        work.extend(latches.iter().copied().filter(|&x| x != h));
        raw.latches.push(latches);
        while let Some(x) = work.pop() {
            if x == h {
                continue;
            }
            let inner = raw.innermost[x as usize];
            let from = if inner == NONE {
                raw.innermost[x as usize] = t;
                x
            } else {
                let top = find(&mut outer, inner);
                if top == t {
                    continue;
                }
                outer[top as usize] = t;
                raw.parent[top as usize] = t;
                raw.headers[top as usize]
            };
            work.extend(
                graph
                    .preds(from)
                    .iter()
                    .copied()
                    .filter(|&p| dom.is_reachable(p)),
            );
        }
    }
    raw
}

/// Root of `l` in the union–find, halving the path on the way.
fn find(outer: &mut [u32], mut l: u32) -> u32 {
    while outer[l as usize] != l {
        let grand = outer[outer[l as usize] as usize];
        outer[l as usize] = grand;
        l = grand;
    }
    l
}

/// Renumbers loops into forest preorder and groups nodes by innermost loop.
fn arrange_forest(n: usize, raw: RawLoops, order: &DfsOrder) -> LoopForest {
    let count = raw.headers.len();
    let rpo_of = |l: u32| order.rpo_num(raw.headers[l as usize]).unwrap_or(NONE);
    let child_edges: Vec<(u32, u32)> = (0..count as u32)
        .filter(|&l| raw.parent[l as usize] != NONE)
        .map(|l| (raw.parent[l as usize], l))
        .collect();
    let children = Csr::from_edges(count, &child_edges);
    let mut roots: Vec<u32> = (0..count as u32)
        .filter(|&l| raw.parent[l as usize] == NONE)
        .collect();
    roots.sort_unstable_by_key(|&l| rpo_of(l));

    // Iterative preorder walk assigning new ids.
    let mut new_id = vec![NONE; count];
    let mut preorder: Vec<u32> = Vec::with_capacity(count);
    let mut stack: Vec<u32> = roots.iter().rev().copied().collect();
    while let Some(l) = stack.pop() {
        new_id[l as usize] = preorder.len() as u32;
        preorder.push(l);
        let mut kids: Vec<u32> = children.row(l).to_vec();
        kids.sort_unstable_by_key(|&k| std::cmp::Reverse(rpo_of(k)));
        stack.extend(kids);
    }

    let mut loops: Vec<Loop> = Vec::with_capacity(count);
    for &old in &preorder {
        let parent = raw.parent[old as usize];
        let parent = (parent != NONE).then(|| new_id[parent as usize]);
        let depth = parent.map_or(1, |p| loops[p as usize].depth + 1);
        let id = loops.len() as u32;
        if let Some(p) = parent {
            loops[p as usize].children.push(id);
        }
        loops.push(Loop {
            header: raw.headers[old as usize],
            latches: raw.latches[old as usize].clone(),
            parent,
            children: Vec::new(),
            depth,
            exiting_edges: Vec::new(),
            exits: Vec::new(),
            preheader: None,
        });
    }
    let mut subtree_end: Vec<u32> = (1..=count as u32).collect();
    for l in (0..count).rev() {
        if let Some(p) = loops[l].parent {
            subtree_end[p as usize] = subtree_end[p as usize].max(subtree_end[l]);
        }
    }

    let innermost: Vec<u32> = raw
        .innermost
        .iter()
        .map(|&l| if l == NONE { NONE } else { new_id[l as usize] })
        .collect();
    let mut nodes: Vec<u32> = (0..n as u32)
        .filter(|&v| innermost[v as usize] != NONE)
        .collect();
    nodes.sort_unstable_by_key(|&v| {
        let l = innermost[v as usize];
        (l, v != loops[l as usize].header, v)
    });
    // Every loop owns at least its header, so each group is non-empty.
    let mut body_start = vec![nodes.len(); count + 1];
    for (i, &v) in nodes.iter().enumerate().rev() {
        body_start[innermost[v as usize] as usize] = i;
    }

    LoopForest {
        loops,
        subtree_end,
        innermost,
        nodes,
        body_start,
        back_edges: Vec::new(),
        irreducible_edges: Vec::new(),
        irreducible_regions: Vec::new(),
    }
}

/// Cyclic SCCs of the reachable graph without back edges.
fn irreducible_regions(
    graph: &Graph,
    order: &DfsOrder,
    back_edges: &[(u32, u32)],
) -> Vec<Vec<u32>> {
    let edges: Vec<(u32, u32)> = order
        .preorder()
        .iter()
        .flat_map(|&u| graph.succs(u).iter().map(move |&v| (u, v)))
        .filter(|e| back_edges.binary_search(e).is_err())
        .collect();
    let forward = Csr::from_edges(graph.num_nodes(), &edges);
    let sccs = Sccs::compute_with(graph.num_nodes(), |v| forward.row(v), [graph.entry()]);
    let mut regions: Vec<Vec<u32>> = sccs
        .ids()
        .map(|c| sccs.members(c))
        .filter(|m| m.len() > 1)
        .map(|m| m.to_vec())
        .collect();
    regions.sort_unstable();
    regions
}
