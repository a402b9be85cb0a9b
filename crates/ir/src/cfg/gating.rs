//! Gating path expressions.
//!
//! # Definition
//!
//! Babić, thesis 2008, §2.3.2 (Definitions 3 and 4, after Tu & Padua, "Efficient building and
//! placing of gating functions", PLDI 1995): in an acyclic CFG, the *gating path expression*
//! `GP(B)` of a block `B` records which predecessor `Bp` precedes `B` on a path
//! `idom(B) ->* Bp -> B`, as a function of the branch decisions taken along the way:
//!
//! ```text
//! Γ ::= γ(x; Γ_0, …, Γ_{k-1})  |  Bp  |  ∅
//! ```
//!
//! where `γ(x; …)` selects arm `i` when branch node `x` takes its `i`-th successor edge
//! (`graph.succs(x)[i]`; a two-way branch is the thesis' `γ(c, Γ_true, Γ_false)` when the IR lists
//! the true target first, a `switch` has one arm per edge), `Bp` is a predecessor of `B`, and `∅`
//! an edge after which `B` cannot be reached. As in the thesis, `GP(Entry) = Entry`.
//!
//! Cyclic graphs: the analysis works on the acyclic slice made of the non-retreating edges of the
//! depth-first search ([`crate::cfg::order`]) — for a reducible CFG, the graph without its back
//! edges, i.e. one iteration of every loop, which is how the thesis' symbolic execution treats
//! loops. An arm taking a retreating edge is `∅`, and `idom` is taken in that acyclic slice (for
//! reducible graphs it equals the dominator of the full graph).
//!
//! # Invariants
//!
//! * Expressions are hash-consed in one arena: equal expressions have equal [`GateId`]s, so
//!   shared sub-expressions are stored once and comparisons are O(1).
//! * Expressions describe the entering predecessor *given that `B` is reached*: an arm along
//!   which `B` cannot be reached (`∅`) is a don't-care. Canonicalization therefore replaces a `γ`
//!   whose non-`∅` arms are all equal by that arm (the thesis' `γ(c, Bi, Bi) = Bi`, and its
//!   examples such as `GP(B8) = γ(c_Entry, B6, B7)`, where the `∅` arms below `B6` and `B7` have
//!   disappeared). Unconditional branches never appear; every `γ` has at least two distinct
//!   non-`∅` arms; `∅` survives only as an arm of a multi-way branch, or as the whole expression
//!   of a block no acyclic path reaches from its dominator (which cannot happen for a reachable
//!   block). [`GatingPaths::eval`] is exact for every decision sequence that reaches `B`.
//! * Every terminal of `GP(B)` other than the entry special case is a predecessor of `B`.
//! * Unreachable nodes have no expression (`None`).
//!
//! # Algorithm
//!
//! For each reachable `B` with acyclic-slice immediate dominator `D`: collect the nodes that
//! reach `B` without passing through `D` (a backward walk), then build each node's expression
//! from its successors' in postorder (successors first) and read off `D`'s. Time
//! O(Σ_B |region(B)| · out-degree), quadratic in the worst case but proportional to the size of
//! the expressions' sharing-free trees in structured code; Tu & Padua's near-linear construction
//! is not implemented.

use std::collections::HashMap;

use super::dom::DomTree;
use super::graph::Graph;
use super::order::DfsOrder;

/// Identifier of an expression in a [`GatingPaths`] arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GateId(pub u32);

/// One node of a gating path expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GatingExpr {
    /// `∅`: the chosen path does not reach the block.
    Empty,
    /// The block is entered from this predecessor.
    Pred(u32),
    /// `γ(node; arms…)`: arm `i` when `node` takes its `i`-th successor edge.
    Branch { node: u32, arms: Vec<GateId> },
}

/// Gating path expressions of every block, sharing one hash-consed arena.
#[derive(Clone, Debug)]
pub struct GatingPaths {
    exprs: Vec<GatingExpr>,
    of: Vec<Option<GateId>>,
}

impl GatingPaths {
    pub fn compute(graph: &Graph) -> GatingPaths {
        let n = graph.num_nodes();
        let order = DfsOrder::compute(graph);
        let forward: Vec<(u32, u32)> = graph
            .edges()
            .filter(|&(u, v)| order.is_reachable(u) && !order.is_retreating(u, v))
            .collect();
        let slice = Graph::from_checked(n, graph.entry(), &forward);
        let dom = DomTree::compute(&slice);

        let mut arena = Arena::default();
        let empty = arena.intern(GatingExpr::Empty);
        let mut of = vec![None; n];
        of[graph.entry() as usize] = Some(arena.intern(GatingExpr::Pred(graph.entry())));

        let mut in_region = vec![false; n];
        let mut expr_at = vec![empty; n];
        let mut region: Vec<u32> = Vec::new();
        for b in 0..n as u32 {
            let Some(d) = dom.idom(b) else { continue };
            // Nodes reaching `b` in the slice without passing through `d`, plus `d`.
            region.clear();
            let mut work: Vec<u32> = slice.preds(b).to_vec();
            while let Some(x) = work.pop() {
                if !std::mem::replace(&mut in_region[x as usize], true) {
                    region.push(x);
                    if x != d {
                        work.extend_from_slice(slice.preds(x));
                    }
                }
            }
            region.sort_unstable_by_key(|&x| order.post(x));
            for &x in &region {
                let arms: Vec<GateId> = graph
                    .succs(x)
                    .iter()
                    .map(|&s| {
                        if order.is_retreating(x, s) {
                            empty
                        } else if s == b {
                            arena.intern(GatingExpr::Pred(x))
                        } else if in_region[s as usize] {
                            expr_at[s as usize]
                        } else {
                            empty
                        }
                    })
                    .collect();
                expr_at[x as usize] = arena.branch(x, arms, empty);
            }
            of[b as usize] = Some(expr_at[d as usize]);
            for &x in &region {
                in_region[x as usize] = false;
            }
        }
        GatingPaths {
            exprs: arena.exprs,
            of,
        }
    }

    /// `GP(b)`; `None` if `b` is unreachable.
    pub fn of(&self, b: u32) -> Option<GateId> {
        self.of[b as usize]
    }

    /// The expression node with id `id`.
    pub fn expr(&self, id: GateId) -> &GatingExpr {
        &self.exprs[id.0 as usize]
    }

    /// Number of distinct expression nodes in the arena.
    pub fn num_exprs(&self) -> usize {
        self.exprs.len()
    }

    /// Evaluates `id` when each branch node `x` takes successor edge `choose(x)` (taken modulo
    /// its number of successors): the predecessor selected, or `None` for `∅`. Exact when the
    /// decisions lead from the dominator to the block; otherwise the answer is unspecified.
    pub fn eval(&self, mut id: GateId, mut choose: impl FnMut(u32) -> usize) -> Option<u32> {
        loop {
            match self.expr(id) {
                GatingExpr::Empty => return None,
                GatingExpr::Pred(p) => return Some(*p),
                GatingExpr::Branch { node, arms } => id = arms[choose(*node) % arms.len()],
            }
        }
    }
}

/// Hash-consing table of expressions.
#[derive(Default)]
struct Arena {
    exprs: Vec<GatingExpr>,
    index: HashMap<GatingExpr, GateId>,
}

impl Arena {
    fn intern(&mut self, e: GatingExpr) -> GateId {
        if let Some(&id) = self.index.get(&e) {
            return id;
        }
        let id = GateId(self.exprs.len() as u32);
        self.exprs.push(e.clone());
        self.index.insert(e, id);
        id
    }

    /// `γ(node; arms)`, collapsed to its single distinct non-`∅` arm when the others are equal
    /// to it or `∅` (and to `∅` if every arm is `∅`, or `node` has no successors).
    fn branch(&mut self, node: u32, arms: Vec<GateId>, empty: GateId) -> GateId {
        let mut live = arms.iter().copied().filter(|&a| a != empty);
        match live.next() {
            None => empty,
            Some(first) if live.all(|a| a == first) => first,
            Some(_) => self.intern(GatingExpr::Branch { node, arms }),
        }
    }
}
