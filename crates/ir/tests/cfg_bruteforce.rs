//! Every CFG analysis checked against its textbook definition, evaluated by brute force, on all
//! graphs with up to 3 nodes (every edge set, every entry) and on thousands of seeded random
//! graphs with up to 10 nodes (self-loops, parallel edges, unreachable nodes, irreducible loops).

// The brute-force definitions index adjacency matrices by node id on purpose: they should read
// like the textbook formulas they check.
#![allow(clippy::needless_range_loop)]

use vigil_ir::cfg::{
    CallGraph, ControlDependence, DfsOrder, DomTree, DominanceFrontiers, GatingExpr, GatingPaths,
    Graph, LoopForest, PostDomTree,
};

/// SplitMix64: a tiny deterministic generator, so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const RANDOM_GRAPHS: usize = 3000;

/// A random graph: sometimes fully random, sometimes a chain with extra edges (which makes most
/// nodes reachable and produces nested and irreducible loops).
fn random_graph(rng: &mut Rng) -> Graph {
    let n = 1 + rng.below(10) as usize;
    let mut edges = Vec::new();
    if rng.below(2) == 0 {
        for v in 1..n as u32 {
            edges.push((rng.below(v as u64) as u32, v));
        }
    }
    let extra = rng.below(2 * n as u64 + 2);
    for _ in 0..extra {
        edges.push((rng.below(n as u64) as u32, rng.below(n as u64) as u32));
    }
    let entry = if rng.below(4) == 0 {
        rng.below(n as u64) as u32
    } else {
        0
    };
    Graph::new(n, entry, edges)
}

/// All graphs on 1..=3 nodes, every entry: 2 + 3·16 + ... = every subset of possible edges.
fn exhaustive_graphs() -> Vec<Graph> {
    let mut out = Vec::new();
    for n in 1..=3u32 {
        let all: Vec<(u32, u32)> = (0..n).flat_map(|a| (0..n).map(move |b| (a, b))).collect();
        for mask in 0u32..(1 << all.len()) {
            let edges: Vec<(u32, u32)> = all
                .iter()
                .enumerate()
                .filter(|(i, _)| mask >> i & 1 == 1)
                .map(|(_, &e)| e)
                .collect();
            for entry in 0..n {
                out.push(Graph::new(n as usize, entry, edges.clone()));
            }
        }
    }
    out
}

/// Runs `check` on every exhaustive graph and `RANDOM_GRAPHS` random ones; returns the count.
fn for_each_graph(seed: u64, mut check: impl FnMut(&Graph)) -> usize {
    let exhaustive = exhaustive_graphs();
    for g in &exhaustive {
        check(g);
    }
    let mut rng = Rng(seed);
    for _ in 0..RANDOM_GRAPHS {
        check(&random_graph(&mut rng));
    }
    exhaustive.len() + RANDOM_GRAPHS
}

// ---------------------------------------------------------------------------------------------
// Brute-force definitions.

/// Nodes reachable from `from` by paths that never enter `avoid` (nothing if `from == avoid`).
fn reach_avoiding(
    n: usize,
    succs: &dyn Fn(u32) -> Vec<u32>,
    from: u32,
    avoid: Option<u32>,
) -> Vec<bool> {
    let mut seen = vec![false; n];
    if Some(from) == avoid {
        return seen;
    }
    seen[from as usize] = true;
    let mut work = vec![from];
    while let Some(v) = work.pop() {
        for s in succs(v) {
            if Some(s) != avoid && !seen[s as usize] {
                seen[s as usize] = true;
                work.push(s);
            }
        }
    }
    seen
}

/// `a rel b` (and its strict version) as an implementation answers agrees with the
/// brute-force matrix `bf` (`bf[a][b]`: `a rel b`, reflexive).
fn assert_relation(bf: &[Vec<bool>], a: usize, b: usize, rel: bool, strict: bool, name: &str, g: &impl std::fmt::Debug) {
    assert_eq!(rel, bf[a][b], "{a} {name} {b} in {g:?}");
    assert_eq!(strict, a != b && bf[a][b], "{a} strictly {name} {b} in {g:?}");
}

/// `dom[a][b]`: every path from `root` to `b` visits `a`; false when `b` is unreachable.
fn dominance_matrix(n: usize, succs: &dyn Fn(u32) -> Vec<u32>, root: u32) -> Vec<Vec<bool>> {
    let reachable = reach_avoiding(n, succs, root, None);
    (0..n as u32)
        .map(|a| {
            let without_a = reach_avoiding(n, succs, root, Some(a));
            (0..n)
                .map(|b| reachable[b] && (a as usize == b || !without_a[b]))
                .collect()
        })
        .collect()
}

/// The strict dominator of `b` dominated by all its other strict dominators.
fn idom_from_matrix(dom: &[Vec<bool>], b: usize) -> Option<u32> {
    let strict: Vec<usize> = (0..dom.len()).filter(|&a| a != b && dom[a][b]).collect();
    let closest: Vec<usize> = strict
        .iter()
        .copied()
        .filter(|&c| strict.iter().all(|&a| dom[a][c]))
        .collect();
    assert!(closest.len() <= 1, "dominators are not linearly ordered");
    closest.first().map(|&c| c as u32)
}

fn succs_of(g: &Graph) -> impl Fn(u32) -> Vec<u32> + '_ {
    move |v| g.succs(v).to_vec()
}

fn reachable_set(g: &Graph) -> Vec<bool> {
    reach_avoiding(g.num_nodes(), &succs_of(g), g.entry(), None)
}

/// Whether the graph given by `edges` on `n` nodes is acyclic (Kahn's algorithm).
fn is_acyclic(n: usize, edges: &[(u32, u32)]) -> bool {
    let mut indeg = vec![0usize; n];
    for &(_, b) in edges {
        indeg[b as usize] += 1;
    }
    let mut ready: Vec<u32> = (0..n as u32).filter(|&v| indeg[v as usize] == 0).collect();
    let mut removed = 0;
    while let Some(v) = ready.pop() {
        removed += 1;
        for &(a, b) in edges {
            if a == v {
                indeg[b as usize] -= 1;
                if indeg[b as usize] == 0 {
                    ready.push(b);
                }
            }
        }
    }
    removed == n
}

/// `closure[a][b]`: a path of length >= 1 leads from `a` to `b`.
fn transitive_closure(n: usize, edges: &[(u32, u32)]) -> Vec<Vec<bool>> {
    let mut c = vec![vec![false; n]; n];
    for &(a, b) in edges {
        c[a as usize][b as usize] = true;
    }
    for k in 0..n {
        for i in 0..n {
            if c[i][k] {
                for j in 0..n {
                    if c[k][j] {
                        c[i][j] = true;
                    }
                }
            }
        }
    }
    c
}

// ---------------------------------------------------------------------------------------------
// Checks.

#[test]
fn dfs_orders_match_definitions() {
    let count = for_each_graph(1, |g| {
        let order = DfsOrder::compute(g);
        let reachable = reachable_set(g);
        let n = g.num_nodes();
        let reach_ids: Vec<u32> = (0..n as u32).filter(|&v| reachable[v as usize]).collect();
        let unreach_ids: Vec<u32> = (0..n as u32).filter(|&v| !reachable[v as usize]).collect();
        assert_eq!(order.unreachable(), &unreach_ids[..]);
        let mut pre = order.preorder().to_vec();
        pre.sort_unstable();
        assert_eq!(pre, reach_ids);
        assert_eq!(order.preorder()[0], g.entry());
        assert_eq!(order.rpo().next(), Some(g.entry()));
        for v in 0..n as u32 {
            assert_eq!(order.is_reachable(v), reachable[v as usize]);
            assert_eq!(order.pre(v).is_some(), reachable[v as usize]);
            if let Some(p) = order.parent(v) {
                assert!(g.succs(p).contains(&v), "tree edge {p}->{v} is not an edge");
                assert!(order.pre(p) < order.pre(v) && order.post(v) < order.post(p));
            } else {
                assert!(v == g.entry() || !reachable[v as usize]);
            }
        }
        for (u, v) in g.edges().filter(|&(u, _)| reachable[u as usize]) {
            // Depth-first property: an edge to a node discovered later is a tree descendant.
            if order.pre(u) < order.pre(v) {
                assert!(
                    order.is_dfs_ancestor(u, v),
                    "edge {u}->{v} violates depth-first order"
                );
            }
            // RPO orders every non-retreating edge forward.
            assert!(order.is_retreating(u, v) || order.rpo_num(u) < order.rpo_num(v));
        }
    });
    assert!(count > 3000);
}

#[test]
fn dominators_match_path_definition() {
    for_each_graph(2, |g| {
        let n = g.num_nodes();
        let dom = DomTree::compute(g);
        let bf = dominance_matrix(n, &succs_of(g), g.entry());
        for b in 0..n {
            assert_eq!(
                dom.idom(b as u32),
                idom_from_matrix(&bf, b),
                "idom({b}) in {g:?}"
            );
            let strict_count = (0..n).filter(|&a| a != b && bf[a][b]).count() as u32;
            let reachable = bf[b][b];
            assert_eq!(dom.depth(b as u32), reachable.then_some(strict_count));
            assert_eq!(dom.is_reachable(b as u32), reachable);
            for a in 0..n {
                let (a32, b32) = (a as u32, b as u32);
                assert_relation(&bf, a, b, dom.dominates(a32, b32), dom.strictly_dominates(a32, b32), "dom", g);
                let common: Vec<usize> = (0..n).filter(|&c| bf[c][a] && bf[c][b]).collect();
                let deepest = common
                    .iter()
                    .copied()
                    .find(|&c| common.iter().all(|&d| bf[d][c]));
                assert_eq!(
                    dom.nearest_common_dominator(a as u32, b as u32),
                    deepest.map(|c| c as u32)
                );
            }
            for &c in dom.children(b as u32) {
                assert_eq!(dom.idom(c), Some(b as u32));
            }
        }
    });
}

/// The augmented successor function of the post-dominator definition: exits and the reported
/// loop roots flow into the virtual exit `n`.
fn augmented_succs<'a>(g: &'a Graph, pdom: &'a PostDomTree) -> impl Fn(u32) -> Vec<u32> + 'a {
    let n = g.num_nodes() as u32;
    move |v| {
        if v == n {
            return Vec::new();
        }
        let mut s = g.succs(v).to_vec();
        if s.is_empty() || pdom.loop_roots().contains(&v) {
            s.push(n);
        }
        s
    }
}

#[test]
fn post_dominators_match_path_definition() {
    for_each_graph(3, |g| {
        let n = g.num_nodes();
        let pdom = PostDomTree::compute(g);
        let exit = n as u32;
        assert_eq!(pdom.virtual_exit(), exit);

        // The loop roots: exactly one node of every cyclic SCC that no edge leaves.
        let edges: Vec<(u32, u32)> = g.edges().collect();
        let closure = transitive_closure(n, &edges);
        let same_scc = |a: usize, b: usize| a == b || (closure[a][b] && closure[b][a]);
        let mut expected_sinks = 0;
        for v in 0..n {
            let cyclic = closure[v][v];
            let sink = (0..n).all(|w| !closure[v][w] || same_scc(v, w));
            let leader = (0..v).all(|u| !same_scc(u, v));
            if cyclic && sink && leader {
                expected_sinks += 1;
                let roots_here = pdom
                    .loop_roots()
                    .iter()
                    .filter(|&&r| same_scc(r as usize, v))
                    .count();
                assert_eq!(roots_here, 1, "sink SCC of {v} in {g:?}");
            }
        }
        assert_eq!(pdom.loop_roots().len(), expected_sinks);
        let exits: Vec<u32> = (0..n as u32).filter(|&v| g.succs(v).is_empty()).collect();
        assert_eq!(pdom.exits(), &exits[..]);

        // a post-dominates b iff every path from b to the virtual exit visits a: dominance from
        // the virtual exit on the reversed augmented graph, evaluated by deleting nodes.
        let fwd = augmented_succs(g, &pdom);
        let rev = |v: u32| {
            (0..=n as u32)
                .filter(|&u| fwd(u).contains(&v))
                .collect::<Vec<u32>>()
        };
        let bf = dominance_matrix(n + 1, &rev, exit);
        for b in 0..=n {
            assert!(bf[b][b], "node {b} cannot reach the virtual exit");
            assert_eq!(pdom.ipdom(b as u32), idom_from_matrix(&bf, b));
            for a in 0..=n {
                let (a32, b32) = (a as u32, b as u32);
                assert_relation(&bf, a, b, pdom.post_dominates(a32, b32), pdom.strictly_post_dominates(a32, b32), "pdom", g);
            }
        }
        // Where every node reaches a real exit no augmentation beyond exits is needed, and the
        // relation is the plain definition: every path from b to an exit passes through a.
        if expected_sinks == 0 {
            for a in 0..n as u32 {
                let without_a = |v: u32| {
                    if v == a {
                        Vec::new()
                    } else {
                        g.succs(v).to_vec()
                    }
                };
                for b in 0..n as u32 {
                    let escapes = a != b
                        && reach_avoiding(n, &without_a, b, Some(a))
                            .iter()
                            .enumerate()
                            .any(|(x, &r)| r && g.succs(x as u32).is_empty());
                    assert_eq!(pdom.post_dominates(a, b), !escapes);
                }
            }
        }
    });
}

/// `DF(x)` by definition from a dominance matrix over the successor function `succs`.
fn frontier_bf(n: usize, succs: &dyn Fn(u32) -> Vec<u32>, dom: &[Vec<bool>], x: usize) -> Vec<u32> {
    let mut out: Vec<u32> = (0..n as u32)
        .filter(|&y| {
            let y = y as usize;
            let has_pred =
                (0..n as u32).any(|p| dom[x][p as usize] && succs(p).contains(&(y as u32)));
            dom[y][y] && has_pred && !(x != y && dom[x][y])
        })
        .collect();
    out.dedup();
    out
}

#[test]
fn dominance_frontiers_match_definition() {
    let mut rng = Rng(44);
    for_each_graph(4, |g| {
        let n = g.num_nodes();
        let df = DominanceFrontiers::compute(g);
        let succs = succs_of(g);
        let bf = dominance_matrix(n, &succs, g.entry());
        let bf_df: Vec<Vec<u32>> = (0..n).map(|x| frontier_bf(n, &succs, &bf, x)).collect();
        for x in 0..n {
            assert_eq!(df.of(x as u32), &bf_df[x][..], "DF({x}) in {g:?}");
        }
        // Iterated frontier of a random set, as the fixed point of DF(S ∪ DF_i).
        let set: Vec<u32> = (0..n as u32).filter(|_| rng.below(3) == 0).collect();
        let mut current: Vec<bool> = vec![false; n];
        loop {
            let mut next = vec![false; n];
            for x in (0..n).filter(|&x| current[x] || set.contains(&(x as u32))) {
                for &y in &bf_df[x] {
                    next[y as usize] = true;
                }
            }
            if next == current {
                break;
            }
            current = next;
        }
        let expected: Vec<u32> = (0..n as u32).filter(|&y| current[y as usize]).collect();
        assert_eq!(
            df.iterated(set.iter().copied()),
            expected,
            "DF+({set:?}) in {g:?}"
        );
    });
}

#[test]
fn control_dependence_matches_post_dominance_frontier() {
    for_each_graph(5, |g| {
        let n = g.num_nodes();
        let pdom = PostDomTree::compute(g);
        let cd = ControlDependence::compute_with(&pdom);
        let fwd = augmented_succs(g, &pdom);
        let rev = |v: u32| {
            (0..=n as u32)
                .filter(|&u| fwd(u).contains(&v))
                .collect::<Vec<u32>>()
        };
        let pdom_bf = dominance_matrix(n + 1, &rev, n as u32);
        for y in 0..n {
            // Cytron et al.: y depends on x iff y post-dominates a successor of x (in the
            // augmented graph) but does not strictly post-dominate x.
            let expected: Vec<u32> = (0..n as u32)
                .filter(|&x| {
                    let strict = x as usize != y && pdom_bf[y][x as usize];
                    !strict && fwd(x).iter().any(|&s| pdom_bf[y][s as usize])
                })
                .collect();
            assert_eq!(cd.controlling(y as u32), &expected[..], "CD({y}) in {g:?}");
        }
        assert!(cd.controlling(n as u32).is_empty());
    });
}

#[test]
fn loops_match_definitions() {
    let mut irreducible_seen = 0;
    let mut nested_seen = 0;
    for_each_graph(6, |g| {
        let n = g.num_nodes();
        let forest = LoopForest::compute(g);
        let reachable = reachable_set(g);
        let dom = dominance_matrix(n, &succs_of(g), g.entry());

        let mut back: Vec<(u32, u32)> = g
            .edges()
            .filter(|&(u, v)| reachable[u as usize] && dom[v as usize][u as usize])
            .collect();
        back.sort_unstable();
        back.dedup();
        assert_eq!(forest.back_edges(), &back[..]);

        // Natural loop bodies: header plus nodes reaching a latch without passing the header.
        let mut headers: Vec<u32> = back.iter().map(|&(_, h)| h).collect();
        headers.sort_unstable();
        headers.dedup();
        assert_eq!(forest.num_loops(), headers.len());
        let bodies: Vec<Vec<u32>> = headers
            .iter()
            .map(|&h| {
                let latches: Vec<u32> = back.iter().filter(|e| e.1 == h).map(|e| e.0).collect();
                (0..n as u32)
                    .filter(|&x| {
                        x == h
                            || (reachable[x as usize]
                                && latches.iter().any(|&l| {
                                    reach_avoiding(n, &succs_of(g), x, Some(h))[l as usize]
                                }))
                    })
                    .collect()
            })
            .collect();
        let subset = |a: &[u32], b: &[u32]| a.iter().all(|x| b.contains(x));
        for (i, &h) in headers.iter().enumerate() {
            let l = forest.loop_of_header(h).expect("header has a loop");
            let lp = forest.get(l);
            assert_eq!(lp.header, h);
            let mut body = forest.body(l).to_vec();
            assert_eq!(body[0], h);
            body.sort_unstable();
            assert_eq!(body, bodies[i], "body of loop at {h} in {g:?}");
            for v in 0..n as u32 {
                assert_eq!(forest.contains(l, v), bodies[i].contains(&v));
            }
            // Nesting: laminar family; the parent is the smallest strict superset.
            for other in &bodies {
                let disjoint = other.iter().all(|x| !bodies[i].contains(x));
                assert!(disjoint || subset(&bodies[i], other) || subset(other, &bodies[i]));
            }
            let parent_body = bodies
                .iter()
                .filter(|b| b.len() > bodies[i].len() && subset(&bodies[i], b))
                .min_by_key(|b| b.len());
            let parent_header = lp.parent.map(|p| forest.get(p).header);
            let expected_parent =
                parent_body.map(|b| headers[bodies.iter().position(|x| x == b).unwrap()]);
            assert_eq!(parent_header, expected_parent);
            let containing = bodies.iter().filter(|b| b.contains(&h)).count() as u32;
            assert_eq!(lp.depth, containing);
            if lp.depth > 1 {
                nested_seen += 1;
            }
            if let Some(p) = lp.parent {
                assert!(p < l && forest.get(p).children.contains(&l));
            }
            // Exits and preheader.
            let mut exiting: Vec<(u32, u32)> = g
                .edges()
                .filter(|&(u, v)| bodies[i].contains(&u) && !bodies[i].contains(&v))
                .collect();
            exiting.sort_unstable();
            exiting.dedup();
            assert_eq!(lp.exiting_edges, exiting);
            let mut exits: Vec<u32> = exiting.iter().map(|e| e.1).collect();
            exits.sort_unstable();
            exits.dedup();
            assert_eq!(lp.exits, exits);
            let mut entering: Vec<u32> = g
                .preds(h)
                .iter()
                .copied()
                .filter(|&p| reachable[p as usize] && !bodies[i].contains(&p))
                .collect();
            entering.dedup();
            let expected_pre = match entering[..] {
                [p] if g.succs(p).iter().all(|&s| s == h) => Some(p),
                _ => None,
            };
            assert_eq!(lp.preheader, expected_pre);
        }
        for v in 0..n as u32 {
            let containing = bodies.iter().filter(|b| b.contains(&v)).count() as u32;
            assert_eq!(forest.loop_depth(v), containing);
        }

        // Reducible iff the reachable graph without back edges is acyclic.
        let forward: Vec<(u32, u32)> = g
            .edges()
            .filter(|&(u, v)| reachable[u as usize] && back.binary_search(&(u, v)).is_err())
            .collect();
        let acyclic = is_acyclic(n, &forward);
        assert_eq!(forest.is_reducible(), acyclic, "{g:?}");
        assert_eq!(forest.irreducible_regions().is_empty(), acyclic);
        // Regions: the cyclic classes of mutual reachability without back edges.
        let closure = transitive_closure(n, &forward);
        let mut regions: Vec<Vec<u32>> = Vec::new();
        for v in 0..n as u32 {
            let class: Vec<u32> = (0..n as u32)
                .filter(|&w| closure[v as usize][w as usize] && closure[w as usize][v as usize])
                .collect();
            if class.len() > 1 && !regions.contains(&class) {
                regions.push(class);
            }
        }
        regions.sort_unstable();
        assert_eq!(forest.irreducible_regions(), &regions[..]);
        if !acyclic {
            irreducible_seen += 1;
        } else {
            // For reducible graphs, RPO is a topological order of the graph without back edges.
            let order = DfsOrder::compute(g);
            for &(u, v) in &forward {
                assert!(
                    order.rpo_num(u) < order.rpo_num(v),
                    "edge {u}->{v} against RPO in {g:?}"
                );
            }
        }
    });
    assert!(
        irreducible_seen > 100,
        "only {irreducible_seen} irreducible graphs generated"
    );
    assert!(
        nested_seen > 100,
        "only {nested_seen} nested loops generated"
    );
}

#[test]
fn call_graph_sccs_match_reachability() {
    let mut rng = Rng(7);
    let mut recursive_seen = 0;
    for _ in 0..3000 {
        let n = rng.below(12) as usize;
        let pick = |rng: &mut Rng| rng.below(n.max(1) as u64) as u32;
        let (mut direct, mut indirect, mut taken) = (Vec::new(), Vec::new(), Vec::new());
        if n > 0 {
            for _ in 0..rng.below(2 * n as u64 + 1) {
                direct.push((pick(&mut rng), pick(&mut rng)));
            }
            for _ in 0..rng.below(3) {
                indirect.push(pick(&mut rng));
            }
            for _ in 0..rng.below(3) {
                taken.push(pick(&mut rng));
            }
        }
        let cg = CallGraph::new(n, direct.clone(), indirect.clone(), taken.clone()).unwrap();
        let mut edges = direct.clone();
        for &c in &indirect {
            edges.extend(taken.iter().map(|&t| (c, t)));
        }
        edges.sort_unstable();
        edges.dedup();
        let closure = transitive_closure(n, &edges);
        for f in 0..n as u32 {
            let callees: Vec<u32> = edges.iter().filter(|e| e.0 == f).map(|e| e.1).collect();
            assert_eq!(cg.callees(f), &callees[..]);
            let callers: Vec<u32> = edges.iter().filter(|e| e.1 == f).map(|e| e.0).collect();
            assert_eq!(cg.callers(f), &callers[..]);
            assert_eq!(cg.is_recursive(f), closure[f as usize][f as usize]);
            recursive_seen += usize::from(cg.is_recursive(f));
            for g in 0..n as u32 {
                let mutual =
                    f == g || (closure[f as usize][g as usize] && closure[g as usize][f as usize]);
                assert_eq!(cg.scc_of(f) == cg.scc_of(g), mutual);
            }
        }
        // Bottom-up: every callee's SCC comes no later than its caller's; SCCs partition.
        let position: Vec<usize> = {
            let mut pos = vec![usize::MAX; n];
            for (i, members) in cg.bottom_up().enumerate() {
                for &f in members {
                    assert_eq!(pos[f as usize], usize::MAX, "function in two SCCs");
                    pos[f as usize] = i;
                }
            }
            pos
        };
        assert!(position.iter().all(|&p| p != usize::MAX));
        for &(f, g) in &edges {
            assert!(position[g as usize] <= position[f as usize]);
            if position[g as usize] == position[f as usize] {
                assert_eq!(cg.scc_of(f), cg.scc_of(g));
            }
        }
    }
    assert!(recursive_seen > 1000);
}

#[test]
fn gating_path_expressions_select_the_entering_predecessor() {
    let mut rng = Rng(88);
    let (mut branches_seen, mut reached) = (0, 0);
    for_each_graph(8, |g| {
        let n = g.num_nodes();
        let gp = GatingPaths::compute(g);
        let order = DfsOrder::compute(g);
        // The acyclic slice (non-retreating edges) and its dominators, by brute force.
        let slice = |v: u32| -> Vec<u32> {
            if !order.is_reachable(v) {
                return Vec::new();
            }
            g.succs(v)
                .iter()
                .copied()
                .filter(|&s| !order.is_retreating(v, s))
                .collect()
        };
        let dom = dominance_matrix(n, &slice, g.entry());
        for b in 0..n as u32 {
            let Some(root) = gp.of(b) else {
                assert!(!order.is_reachable(b));
                continue;
            };
            if b == g.entry() {
                assert_eq!(gp.expr(root), &GatingExpr::Pred(b));
                continue;
            }
            // Canonical form, and terminals are predecessors of b.
            let mut stack = vec![root];
            while let Some(id) = stack.pop() {
                match gp.expr(id) {
                    GatingExpr::Empty => {}
                    GatingExpr::Pred(p) => assert!(g.preds(b).contains(p)),
                    GatingExpr::Branch { arms, .. } => {
                        branches_seen += 1;
                        let live: Vec<_> = arms
                            .iter()
                            .filter(|&&a| gp.expr(a) != &GatingExpr::Empty)
                            .collect();
                        assert!(live.len() >= 2 && live.iter().any(|&&a| a != *live[0]));
                        stack.extend(arms.iter().copied());
                    }
                }
            }
            // Semantics: follow random branch decisions from idom(b) through the slice; whenever
            // the walk reaches b, the expression names the node it enters b from.
            let d = idom_from_matrix(&dom, b as usize).expect("reachable node has an idom");
            for _ in 0..8 {
                let choice: Vec<usize> = (0..n).map(|_| rng.below(4) as usize).collect();
                let mut x = d;
                let expected = loop {
                    let succs = g.succs(x);
                    if succs.is_empty() {
                        break None;
                    }
                    let s = succs[choice[x as usize] % succs.len()];
                    if order.is_retreating(x, s) {
                        break None;
                    }
                    if s == b {
                        break Some(x);
                    }
                    x = s;
                };
                if expected.is_some() {
                    reached += 1;
                    assert_eq!(
                        gp.eval(root, |x| choice[x as usize]),
                        expected,
                        "GP({b}) in {g:?}"
                    );
                }
            }
        }
    });
    assert!(
        branches_seen > 1000 && reached > 10_000,
        "{branches_seen} branches, {reached} walks"
    );
}
