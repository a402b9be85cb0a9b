//! Building the graphs of [`crate::cfg`] from IR: the control-flow graph of a function (nodes are
//! [`BlockId`]s, entry block 0, one edge per distinct successor) and the call graph of a module
//! (direct calls, plus an edge from every function containing an indirect call to every
//! address-taken function).

use crate::cfg::Graph;
use crate::{BlockId, Callee, Const, FuncId, Function, InstKind, Module, Operand, PtrTarget};
use std::collections::BTreeSet;

/// The CFG of a function (a declaration, which has no blocks, gets a one-node graph so that the
/// analyses stay total).
pub fn function_graph(f: &Function) -> Graph {
    let n = f.blocks.len().max(1);
    let mut edges = Vec::new();
    for (i, b) in f.blocks.iter().enumerate() {
        let mut seen = BTreeSet::new();
        for s in b.term.successors() {
            if seen.insert(s) {
                edges.push((i as u32, s.0));
            }
        }
    }
    Graph::new(n, 0, edges)
}

/// Call-graph inputs of a module: direct call edges, functions that make indirect calls, and
/// address-taken functions (referenced other than as a direct callee: in operands, constants or
/// global initialisers).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CallInfo {
    pub direct: BTreeSet<(FuncId, FuncId)>,
    pub indirect_callers: BTreeSet<FuncId>,
    pub address_taken: BTreeSet<FuncId>,
}

fn funcs_in_const(c: &Const, out: &mut BTreeSet<FuncId>) {
    match c {
        Const::Ptr { target: PtrTarget::Func(f), .. } | Const::PtrAsInt { target: PtrTarget::Func(f), .. } => {
            out.insert(*f);
        }
        Const::Aggregate { init, .. } => {
            for r in &init.relocs {
                if let PtrTarget::Func(f) = r.target {
                    out.insert(f);
                }
            }
        }
        _ => {}
    }
}

/// Collects [`CallInfo`] for a module.
pub fn call_info(m: &Module) -> CallInfo {
    let mut info = CallInfo::default();
    for g in &m.globals {
        if let Some(init) = &g.init {
            for r in &init.relocs {
                if let PtrTarget::Func(f) = r.target {
                    info.address_taken.insert(f);
                }
            }
        }
    }
    for (fid, f) in m.defined_functions() {
        for b in &f.blocks {
            for inst in &b.insts {
                let mut ops = inst.kind.operands();
                if let InstKind::Call { callee, .. } = &inst.kind {
                    match callee {
                        Callee::Direct(g) => {
                            info.direct.insert((fid, *g));
                        }
                        Callee::Indirect(_) => {
                            info.indirect_callers.insert(fid);
                            // The callee operand itself is not an address-taking use when it is
                            // a constant function pointer; keep only the arguments.
                        }
                    }
                    if let Callee::Indirect(p) = callee {
                        // A constant function pointer called indirectly is a direct call.
                        if let Operand::Const(c) = p {
                            if let Const::Ptr { target: PtrTarget::Func(g), offset: 0 } = m.konst(*c) {
                                info.direct.insert((fid, *g));
                            }
                        }
                        ops.remove(0);
                    }
                }
                for op in ops {
                    if let Operand::Const(c) = op {
                        funcs_in_const(m.konst(c), &mut info.address_taken);
                    }
                }
            }
            for op in term_operands(&b.term) {
                if let Operand::Const(c) = op {
                    funcs_in_const(m.konst(c), &mut info.address_taken);
                }
            }
        }
    }
    info
}

fn term_operands(t: &crate::Terminator) -> Vec<Operand> {
    use crate::Terminator::*;
    match t {
        Ret { val: Some(v) } => vec![*v],
        CondBr { cond, .. } => vec![*cond],
        Switch { val, .. } => vec![*val],
        _ => Vec::new(),
    }
}

/// The blocks of `f` in reverse post-order from the entry (unreachable blocks omitted).
pub fn reverse_post_order(f: &Function) -> Vec<BlockId> {
    let g = function_graph(f);
    crate::cfg::order::DfsOrder::compute(&g).rpo().map(BlockId).collect()
}

/// A readable report of the analyses per function, printed by `vigil ir --analysis`: reverse
/// post-order, immediate dominators and post-dominators, dominance frontiers, loops (header,
/// body, depth, exits) and irreducible edges; then the call graph with its recursive functions.
pub fn analysis_report(m: &Module) -> String {
    use crate::cfg::{dom::DomTree, frontier::DominanceFrontiers, loops::LoopForest, postdom::PostDomTree};
    use std::fmt::Write;
    let bb = |v: &[u32]| v.iter().map(|b| format!("bb{b}")).collect::<Vec<_>>().join(" ");
    let mut out = String::new();
    let _ = writeln!(out, "; ---- analyses ----");
    for (_, f) in m.defined_functions() {
        let g = function_graph(f);
        let order = crate::cfg::order::DfsOrder::compute(&g);
        let dom = DomTree::compute(&g);
        let pdom = PostDomTree::compute(&g);
        let df = DominanceFrontiers::compute_with(&g, &dom);
        let loops = LoopForest::compute(&g);
        let _ = writeln!(out, "; function @{}", f.name);
        let _ = writeln!(out, ";   rpo: {}", bb(&order.rpo_vec()));
        if !order.unreachable().is_empty() {
            let _ = writeln!(out, ";   unreachable: {}", bb(order.unreachable()));
        }
        for b in 0..g.num_nodes() as u32 {
            let idom = dom.idom(b).map_or("-".to_string(), |d| format!("bb{d}"));
            let ipdom = match pdom.ipdom(b) {
                Some(p) if p == pdom.virtual_exit() => "exit".to_string(),
                Some(p) => format!("bb{p}"),
                None => "-".to_string(),
            };
            let _ = writeln!(out, ";   bb{b}: idom {idom}, ipdom {ipdom}, frontier [{}]", bb(df.of(b)));
        }
        for (i, l) in loops.loops().iter().enumerate() {
            let _ = writeln!(
                out,
                ";   loop {i}: header bb{}, depth {}, body [{}], exits [{}]",
                l.header,
                l.depth,
                bb(loops.body(i as u32)),
                bb(&l.exits)
            );
        }
        if !loops.is_reducible() {
            let edges: Vec<String> = loops.irreducible_edges().iter().map(|(a, b)| format!("bb{a}->bb{b}")).collect();
            let _ = writeln!(out, ";   irreducible edges: {}", edges.join(" "));
        }
    }
    let info = call_info(m);
    let _ = writeln!(out, "; call graph");
    for (a, b) in &info.direct {
        let _ = writeln!(out, ";   @{} -> @{}", m.function(*a).name, m.function(*b).name);
    }
    for a in &info.indirect_callers {
        let _ = writeln!(out, ";   @{} -> (indirect)", m.function(*a).name);
    }
    if !info.address_taken.is_empty() {
        let names: Vec<String> = info.address_taken.iter().map(|f| format!("@{}", m.function(*f).name)).collect();
        let _ = writeln!(out, ";   address taken: {}", names.join(" "));
    }
    if let Ok(cg) = call_graph(m, &info) {
        let rec: Vec<String> = (0..m.functions.len() as u32)
            .filter(|f| cg.is_recursive(*f))
            .map(|f| format!("@{}", m.functions[f as usize].name))
            .collect();
        if !rec.is_empty() {
            let _ = writeln!(out, ";   recursive: {}", rec.join(" "));
        }
    }
    out
}

/// The call graph of a module (nodes are [`FuncId`] indices).
pub fn call_graph(m: &Module, info: &CallInfo) -> Result<crate::cfg::callgraph::CallGraph, crate::cfg::graph::GraphError> {
    crate::cfg::callgraph::CallGraph::new(
        m.functions.len(),
        info.direct.iter().map(|(a, b)| (a.0, b.0)).collect(),
        info.indirect_callers.iter().map(|f| f.0).collect(),
        info.address_taken.iter().map(|f| f.0).collect(),
    )
}
