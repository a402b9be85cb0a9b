//! Loop cutting: the acyclic unrolled control-flow graph a function is executed on.
//!
//! Babić, thesis 2008, §3.1.2 (assumption: loops are unrolled or given invariants): symbolic
//! execution works on an acyclic graph. A node of the unrolled graph is a basic block together
//! with one iteration counter per enclosing natural loop (outermost first). Following a back edge
//! of loop `L` increments `L`'s counter; entering a loop starts its counter at 0; leaving a loop
//! drops it. A back edge that would make a counter exceed the bound `K` is **cut**: the path that
//! takes it is discarded, i.e. `assume(!condition)` is placed on it. Each loop's back edges are
//! thus followed at most `K` times per entry of the loop. Cutting only removes executions, so
//! every path of the unrolled graph is a path of the program (bugs may be lost, never invented).
//!
//! Invariants: node 0 is the entry (block 0, no counters); the last node is a virtual exit whose
//! predecessors are the nodes ending in `ret`; the graph is acyclic and every node is reachable
//! from the entry.

use std::collections::HashMap;

use vigil_ir::cfg::{Graph, LoopForest};
use vigil_ir::{BlockId, Function, Terminator};

/// One node of the unrolled graph.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UNode {
    /// The block this node copies; `None` for the virtual exit.
    pub block: Option<BlockId>,
    /// Iteration counters of the enclosing loops, outermost first.
    pub iters: Vec<u32>,
}

/// The unrolled acyclic graph of one function.
#[derive(Clone, Debug)]
pub struct Unrolled {
    pub nodes: Vec<UNode>,
    /// Per node: the distinct successor nodes with the block each copies (in the order of the
    /// block's terminator successors, duplicates merged).
    pub succs: Vec<Vec<(u32, BlockId)>>,
    /// Per node: successor blocks whose edge was cut (a back edge beyond the bound).
    pub cut: Vec<Vec<BlockId>>,
    pub exit: u32,
    pub graph: Graph,
}

/// Why a function cannot be unrolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnrollError {
    Irreducible,
    TooLarge(usize),
}

impl Unrolled {
    /// Unrolls `f` with bound `k`; at most `max_nodes` nodes.
    pub fn build(f: &Function, k: u32, max_nodes: usize) -> Result<Unrolled, UnrollError> {
        let cfg = vigil_ir::graphs::function_graph(f);
        let loops = LoopForest::compute(&cfg);
        if !loops.is_reducible() {
            return Err(UnrollError::Irreducible);
        }
        // Loop chain (outermost first) of each block.
        let chain = |b: u32| -> Vec<u32> {
            let mut c = Vec::new();
            let mut l = loops.innermost_loop(b);
            while let Some(x) = l {
                c.push(x);
                l = loops.get(x).parent;
            }
            c.reverse();
            c
        };
        let chains: Vec<Vec<u32>> = (0..f.blocks.len() as u32).map(chain).collect();

        let mut nodes: Vec<UNode> = vec![UNode { block: Some(BlockId(0)), iters: Vec::new() }];
        let mut index: HashMap<UNode, u32> = HashMap::new();
        index.insert(nodes[0].clone(), 0);
        let mut succs: Vec<Vec<(u32, BlockId)>> = vec![Vec::new()];
        let mut cut: Vec<Vec<BlockId>> = vec![Vec::new()];
        let mut rets: Vec<u32> = Vec::new();
        let mut work = vec![0u32];
        while let Some(n) = work.pop() {
            let node = nodes[n as usize].clone();
            let b = node.block.expect("only real blocks are on the work list");
            let block = &f.blocks[b.index()];
            if matches!(block.term, Terminator::Ret { .. }) {
                rets.push(n);
            }
            let mut seen: Vec<BlockId> = Vec::new();
            for s in block.term.successors() {
                if seen.contains(&s) {
                    continue;
                }
                seen.push(s);
                let (cb, cs) = (&chains[b.index()], &chains[s.index()]);
                let common = cb.iter().zip(cs.iter()).take_while(|(x, y)| x == y).count();
                let mut iters: Vec<u32> = node.iters[..common].to_vec();
                // A back edge: `s` is the header of a loop containing `b`.
                let back = (0..common).rev().find(|&i| loops.get(cs[i]).header == s.0);
                if let Some(i) = back {
                    iters.truncate(i + 1);
                    iters[i] += 1;
                    if iters[i] > k {
                        cut[n as usize].push(s);
                        continue;
                    }
                }
                iters.resize(cs.len(), 0);
                let key = UNode { block: Some(s), iters };
                let m = match index.get(&key) {
                    Some(&m) => m,
                    None => {
                        let m = nodes.len() as u32;
                        if nodes.len() >= max_nodes {
                            return Err(UnrollError::TooLarge(nodes.len()));
                        }
                        nodes.push(key.clone());
                        index.insert(key, m);
                        succs.push(Vec::new());
                        cut.push(Vec::new());
                        work.push(m);
                        m
                    }
                };
                succs[n as usize].push((m, s));
            }
        }
        let exit = nodes.len() as u32;
        nodes.push(UNode { block: None, iters: Vec::new() });
        succs.push(Vec::new());
        cut.push(Vec::new());
        for &r in &rets {
            succs[r as usize].push((exit, BlockId(u32::MAX)));
        }
        let edges: Vec<(u32, u32)> = succs
            .iter()
            .enumerate()
            .flat_map(|(i, ss)| ss.iter().map(move |&(m, _)| (i as u32, m)))
            .collect();
        let graph = Graph::new(nodes.len(), 0, edges);
        Ok(Unrolled { nodes, succs, cut, exit, graph })
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}
