//! Hand-written graphs with known answers, input validation, and 100k-node graphs that would
//! overflow the stack of any recursive implementation.

use vigil_ir::cfg::{
    CallGraph, ControlDependence, DfsOrder, DomTree, DominanceFrontiers, GatingExpr, GatingPaths,
    Graph, GraphError, LoopForest, PostDomTree, Sccs,
};

fn graph(n: usize, edges: &[(u32, u32)]) -> Graph {
    Graph::try_new(n, 0, edges.iter().copied()).unwrap()
}

#[test]
fn diamond() {
    // 0 -> {1, 2} -> 3
    let g = graph(4, &[(0, 1), (0, 2), (1, 3), (2, 3)]);
    let dom = DomTree::compute(&g);
    assert_eq!(dom.idoms(), &[None, Some(0), Some(0), Some(0)]);
    assert_eq!(dom.children(0), &[1, 2, 3]);
    assert!(!dom.dominates(1, 3) && dom.dominates(0, 3));
    let df = DominanceFrontiers::compute(&g);
    assert_eq!(
        (df.of(0), df.of(1), df.of(2), df.of(3)),
        (&[][..], &[3][..], &[3][..], &[][..])
    );
    assert_eq!(df.iterated([1]), vec![3]);

    let pdom = PostDomTree::compute(&g);
    assert_eq!(pdom.virtual_exit(), 4);
    assert_eq!(
        (0..4).map(|v| pdom.ipdom(v)).collect::<Vec<_>>(),
        [Some(3), Some(3), Some(3), Some(4)]
    );
    assert!(pdom.loop_roots().is_empty());
    let cd = ControlDependence::compute_with(&pdom);
    assert_eq!(
        (
            cd.controlling(0),
            cd.controlling(1),
            cd.controlling(2),
            cd.controlling(3)
        ),
        (&[][..], &[0][..], &[0][..], &[][..])
    );

    let order = DfsOrder::compute(&g);
    assert_eq!(order.preorder(), &[0, 1, 3, 2]);
    assert_eq!(order.rpo_vec(), vec![0, 2, 1, 3]);
    let loops = LoopForest::compute(&g);
    assert_eq!(loops.num_loops(), 0);
    assert!(loops.is_reducible());
}

#[test]
fn nested_loops() {
    // 0 -> 1 (outer header) -> 2 (inner header) -> 3 -> 2 (inner back edge)
    // 3 -> 4 -> 1 (outer back edge), 4 -> 5 (exit)
    let g = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 2), (3, 4), (4, 1), (4, 5)]);
    let loops = LoopForest::compute(&g);
    assert_eq!(loops.back_edges(), &[(3, 2), (4, 1)]);
    assert_eq!(loops.num_loops(), 2);
    let outer = loops.loop_of_header(1).unwrap();
    let inner = loops.loop_of_header(2).unwrap();
    assert_eq!((outer, inner), (0, 1));
    let mut body = loops.body(outer).to_vec();
    body.sort_unstable();
    assert_eq!(body, vec![1, 2, 3, 4]);
    assert_eq!(loops.body(inner), &[2, 3]);
    let (o, i) = (loops.get(outer), loops.get(inner));
    assert_eq!(
        (o.parent, i.parent, o.depth, i.depth),
        (None, Some(outer), 1, 2)
    );
    assert_eq!(o.children, vec![inner]);
    assert_eq!((o.latches.clone(), i.latches.clone()), (vec![4], vec![3]));
    assert_eq!(
        (o.exiting_edges.clone(), o.exits.clone()),
        (vec![(4, 5)], vec![5])
    );
    assert_eq!(
        (i.exiting_edges.clone(), i.exits.clone()),
        (vec![(3, 4)], vec![4])
    );
    assert_eq!((o.preheader, i.preheader), (Some(0), Some(1)));
    assert_eq!(
        (0..6).map(|v| loops.loop_depth(v)).collect::<Vec<_>>(),
        [0, 1, 2, 2, 1, 0]
    );
    assert!(loops.is_reducible());

    let df = DominanceFrontiers::compute(&g);
    assert_eq!(df.of(3), &[1, 2]);
    assert_eq!(df.of(1), &[1]);
    assert_eq!(df.iterated([3]), vec![1, 2]);
    let pdom = PostDomTree::compute(&g);
    assert_eq!(
        (0..6).map(|v| pdom.ipdom(v).unwrap()).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 6]
    );
    let cd = ControlDependence::compute(&g);
    assert_eq!(cd.controlling(2), &[3, 4]);
    assert_eq!(cd.controlling(4), &[4]);
}

#[test]
fn classic_irreducible_two_entry_loop() {
    // 0 -> 1, 0 -> 2, 1 <-> 2: the cycle has two entries, no header dominates it.
    let g = graph(4, &[(0, 1), (0, 2), (1, 2), (2, 1), (2, 3)]);
    let loops = LoopForest::compute(&g);
    assert!(loops.back_edges().is_empty());
    assert_eq!(loops.num_loops(), 0);
    assert!(!loops.is_reducible());
    assert_eq!(loops.irreducible_edges(), &[(2, 1)]);
    assert_eq!(loops.irreducible_regions(), &[vec![1, 2]]);
    let dom = DomTree::compute(&g);
    assert_eq!(dom.idoms(), &[None, Some(0), Some(0), Some(2)]);
}

#[test]
fn infinite_loop_is_rooted_at_its_header() {
    // 0 -> 1 -> 2 -> 1 forever; 0 -> 3 returns.
    let g = graph(4, &[(0, 1), (0, 3), (1, 2), (2, 1)]);
    let pdom = PostDomTree::compute(&g);
    assert_eq!(pdom.exits(), &[3]);
    assert_eq!(pdom.loop_roots(), &[1]);
    assert_eq!(
        (0..4).map(|v| pdom.ipdom(v)).collect::<Vec<_>>(),
        [Some(4), Some(4), Some(1), Some(4)]
    );
    assert_eq!(pdom.ipdom(4), None);
    assert!(pdom.post_dominates(1, 2) && !pdom.post_dominates(2, 1));
    // A function that never returns at all.
    let spin = graph(2, &[(0, 1), (1, 1)]);
    let pdom = PostDomTree::compute(&spin);
    assert_eq!((pdom.exits(), pdom.loop_roots()), (&[][..], &[1][..]));
    assert_eq!((pdom.ipdom(0), pdom.ipdom(1)), (Some(1), Some(2)));
}

#[test]
fn unreachable_nodes_are_reported() {
    let g = graph(4, &[(0, 1), (2, 1), (2, 3), (3, 3)]);
    let order = DfsOrder::compute(&g);
    assert_eq!(order.unreachable(), &[2, 3]);
    assert_eq!(
        (order.pre(2), order.rpo_num(3), order.parent(3)),
        (None, None, None)
    );
    let dom = DomTree::compute(&g);
    assert_eq!(dom.idoms(), &[None, Some(0), None, None]);
    assert!(!dom.is_reachable(2) && dom.depth(2).is_none());
    assert!(!dom.dominates(2, 3) && !dom.dominates(0, 2) && !dom.dominates(3, 3));
    assert_eq!(dom.nearest_common_dominator(1, 2), None);
    let loops = LoopForest::compute(&g);
    assert_eq!(loops.num_loops(), 0, "the self-loop on 3 is unreachable");
    assert_eq!(DominanceFrontiers::compute(&g).of(2), &[] as &[u32]);
    // Post-dominance is defined for them all the same: 2 reaches the exit 1.
    let pdom = PostDomTree::compute(&g);
    assert_eq!(pdom.ipdom(2), Some(4));
    assert_eq!(pdom.loop_roots(), &[3]);
}

#[test]
fn self_loop_on_entry_and_parallel_edges() {
    let g = graph(3, &[(0, 0), (0, 1), (0, 1), (0, 2), (1, 2)]);
    assert_eq!(g.succs(0), &[0, 1, 1, 2]);
    assert_eq!(g.preds(1), &[0, 0]);
    assert_eq!(g.num_edges(), 5);
    let loops = LoopForest::compute(&g);
    assert_eq!(loops.back_edges(), &[(0, 0)]);
    assert_eq!(loops.body(0), &[0]);
    assert_eq!(loops.get(0).exits, vec![1, 2]);
    assert_eq!(loops.get(0).preheader, None);
    let df = DominanceFrontiers::compute(&g);
    assert_eq!((df.of(0), df.of(1)), (&[0][..], &[2][..]));
}

#[test]
fn invalid_input_is_an_error_not_a_panic() {
    assert_eq!(Graph::try_new(0, 0, []), Err(GraphError::Empty));
    assert_eq!(
        Graph::try_new(2, 2, []),
        Err(GraphError::EntryOutOfRange {
            entry: 2,
            num_nodes: 2
        })
    );
    assert_eq!(
        Graph::try_new(2, 0, [(0, 1), (1, 5)]),
        Err(GraphError::EdgeOutOfRange {
            from: 1,
            to: 5,
            num_nodes: 2
        })
    );
    assert!(matches!(
        CallGraph::new(2, vec![(0, 2)], vec![], vec![]),
        Err(GraphError::EdgeOutOfRange { .. })
    ));
    assert_eq!(
        CallGraph::new(2, vec![], vec![0], vec![7]).err(),
        Some(GraphError::NodeOutOfRange {
            node: 7,
            num_nodes: 2
        })
    );
    let empty = CallGraph::new(0, vec![], vec![], vec![]).unwrap();
    assert_eq!(empty.bottom_up().count(), 0);
    assert!(Graph::try_new(1, 0, []).unwrap().reversed(3).is_err());
}

#[test]
fn call_graph_example() {
    // main(0) -> f(1) <-> g(2) -> h(3) -> h; h calls through a pointer; k(4) is address-taken.
    let cg = CallGraph::new(
        6,
        vec![(0, 1), (1, 2), (2, 1), (2, 3), (3, 3), (0, 1)],
        vec![3],
        vec![4],
    )
    .unwrap();
    assert_eq!(cg.callees(0), &[1]);
    assert_eq!(cg.callees(3), &[3, 4]);
    assert_eq!(cg.callers(1), &[0, 2]);
    assert_eq!(
        (0..6).map(|f| cg.is_recursive(f)).collect::<Vec<_>>(),
        [false, true, true, true, false, false]
    );
    let bottom_up: Vec<Vec<u32>> = cg.bottom_up().map(|m| m.to_vec()).collect();
    assert_eq!(
        bottom_up,
        vec![vec![4], vec![3], vec![1, 2], vec![0], vec![5]]
    );
}

#[test]
fn gating_paths_of_the_thesis_figure() {
    // Babić, thesis Fig. 2.5, numbered Entry = 0, B1..B9 = 1..9, Exit = 10, true target first:
    // Entry -> B1 | B2, B1 -> B5 | B4, B2 -> B3 -> B7, B4 -> B6, B5 -> B6, B6 -> B9 | B8,
    // B7 -> B8 | Exit, B8 -> Exit, B9 -> Exit. The expected strings are the thesis' examples.
    let g = graph(
        11,
        &[
            (0, 1),
            (0, 2),
            (1, 5),
            (1, 4),
            (2, 3),
            (3, 7),
            (4, 6),
            (5, 6),
            (6, 9),
            (6, 8),
            (7, 8),
            (7, 10),
            (8, 10),
            (9, 10),
        ],
    );
    let gp = GatingPaths::compute(&g);
    let show = |id| render(&gp, id);
    assert_eq!(show(gp.of(0).unwrap()), "0");
    assert_eq!(show(gp.of(1).unwrap()), "0");
    assert_eq!(show(gp.of(6).unwrap()), "γ(1; 5, 4)");
    assert_eq!(show(gp.of(8).unwrap()), "γ(0; 6, 7)");
    assert_eq!(show(gp.of(10).unwrap()), "γ(0; γ(6; 9, 8), γ(7; 8, 7))");
}

/// Prints an expression as `γ(node; arm, …)` with predecessors as numbers and `∅`.
fn render(gp: &GatingPaths, id: vigil_ir::cfg::GateId) -> String {
    match gp.expr(id) {
        GatingExpr::Empty => "∅".to_string(),
        GatingExpr::Pred(p) => p.to_string(),
        GatingExpr::Branch { node, arms } => {
            let arms: Vec<String> = arms.iter().map(|&a| render(gp, a)).collect();
            format!("γ({node}; {})", arms.join(", "))
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 100k-node graphs: no recursion on the depth of the graph anywhere.

const BIG: u32 = 100_000;

#[test]
fn long_chain() {
    let g = Graph::new(BIG as usize, 0, (1..BIG).map(|v| (v - 1, v)));
    let order = DfsOrder::compute(&g);
    assert!(order.rpo().eq(0..BIG));
    let dom = DomTree::compute(&g);
    assert_eq!(dom.idom(BIG - 1), Some(BIG - 2));
    assert_eq!(dom.depth(BIG - 1), Some(BIG - 1));
    assert!(dom.dominates(0, BIG - 1) && !dom.dominates(BIG - 1, 0));
    let pdom = PostDomTree::compute(&g);
    assert_eq!(pdom.ipdom(0), Some(1));
    assert!(pdom.post_dominates(BIG - 1, 0));
    assert_eq!(pdom.tree().depth(0), Some(BIG));
    assert!(DominanceFrontiers::compute(&g).of(5).is_empty());
    assert_eq!(LoopForest::compute(&g).num_loops(), 0);
    assert_eq!(Sccs::compute(&g).num_sccs(), BIG as usize);
    let gp = GatingPaths::compute(&g);
    assert_eq!(gp.expr(gp.of(BIG - 1).unwrap()), &GatingExpr::Pred(BIG - 2));
    // Closing the chain makes one loop and one SCC.
    let ring = Graph::new(BIG as usize, 0, (0..BIG).map(|v| (v, (v + 1) % BIG)));
    let loops = LoopForest::compute(&ring);
    assert_eq!(loops.back_edges(), &[(BIG - 1, 0)]);
    assert_eq!(loops.body(0).len(), BIG as usize);
    assert_eq!(Sccs::compute(&ring).num_sccs(), 1);
    let pdom = PostDomTree::compute(&ring);
    assert_eq!(pdom.loop_roots(), &[0]);
    assert_eq!(pdom.ipdom(1), Some(2));
    let cg = CallGraph::new(
        BIG as usize,
        (0..BIG).map(|v| (v, (v + 1) % BIG)).collect(),
        vec![],
        vec![],
    )
    .unwrap();
    assert!(cg.is_recursive(12345));
    assert_eq!(cg.bottom_up().count(), 1);
}

#[test]
fn ladder_with_irreducible_rungs() {
    // Rungs (a_i, b_i): a_i -> b_i, b_i -> a_i, a_i -> a_{i+1}, b_i -> b_{i+1}. Every rung is a
    // two-entry cycle (from a_{i-1} and from b_{i-1}), so the ladder is irreducible; the last
    // rung is an exit-less sink.
    let a = |i: u32| 2 * i;
    let b = |i: u32| 2 * i + 1;
    let rungs = BIG / 2;
    let mut edges = Vec::new();
    for i in 0..rungs {
        edges.extend([(a(i), b(i)), (b(i), a(i))]);
        if i + 1 < rungs {
            edges.extend([(a(i), a(i + 1)), (b(i), b(i + 1))]);
        }
    }
    let g = Graph::new(BIG as usize, 0, edges);
    let dom = DomTree::compute(&g);
    for i in 1..rungs {
        // Both a_i and b_i are entered from either rail: only a_0 dominates them.
        assert_eq!(dom.idom(a(i)), Some(a(0)));
        assert_eq!(dom.idom(b(i)), Some(a(0)));
    }
    let loops = LoopForest::compute(&g);
    assert!(!loops.is_reducible());
    assert_eq!(loops.back_edges(), &[(b(0), a(0))]);
    let df = DominanceFrontiers::compute(&g);
    assert_eq!(df.of(a(1)), &[b(1), a(2)]);
    assert_eq!(loops.irreducible_regions().len(), rungs as usize - 1);
    assert_eq!(loops.irreducible_regions()[0], vec![a(1), b(1)]);
    assert_eq!(
        df.iterated([b(rungs - 1)]),
        vec![a(rungs - 1), b(rungs - 1)]
    );
    let pdom = PostDomTree::compute(&g);
    assert_eq!(pdom.loop_roots().len(), 1);
}

#[test]
fn deep_loop_nest() {
    // Headers h_0..h_k in a chain, latches l_k..l_0 back out: loop i = {h_i.., l_i..} nested k deep.
    let k = BIG / 2;
    let h = |i: u32| i;
    let l = |i: u32| k + i;
    let mut edges = Vec::new();
    for i in 0..k {
        edges.push((l(i), h(i)));
        if i + 1 < k {
            edges.push((h(i), h(i + 1)));
            edges.push((l(i + 1), l(i)));
        }
    }
    edges.push((h(k - 1), l(k - 1)));
    let g = Graph::new(BIG as usize, 0, edges);
    let loops = LoopForest::compute(&g);
    assert_eq!(loops.num_loops(), k as usize);
    assert!(loops.is_reducible());
    let innermost = loops.loop_of_header(h(k - 1)).unwrap();
    assert_eq!(loops.get(innermost).depth, k);
    assert_eq!(loops.loop_depth(l(k - 1)), k);
    assert_eq!(loops.body(0).len(), BIG as usize);
    assert_eq!(loops.get(innermost).exits, vec![l(k - 2)]);
    assert_eq!(loops.get(1).preheader, Some(h(0)));
}
