//! The locations of the abstract program: trees of flat blocks (extended basic blocks).
//!
//! SYNERGY starts from "one abstract state per program location" (Gulavani et al. 2006, §2 and
//! §4) and refines only where a test stops; what a location is, is the implementation's choice.
//! A flat block that has exactly one reachable predecessor block adds no join of paths: every
//! state there came from that predecessor one step earlier. Such a block is *absorbed*: its code
//! runs as part of its predecessor's step ([`crate::exec::step`], [`crate::symbolic::sym_step`]),
//! so a location is a block where paths join (or the start) together with the tree of absorbed
//! blocks below it, and one abstract step follows a path down that tree. This is large-block
//! encoding restricted to trees (Beyer, Cimatti, Griggio, Keremoglu, Sebastiani, *Software
//! Model Checking via Large-Block Encoding*, FMCAD 2009): a block belongs to exactly one
//! tree, so a step's relation grows with the tree's size, not with its number of paths.
//!
//! Why it matters for the paper's counts (Table 1): a check after a loop (`if (lock != 1)
//! error();`) or inside it is then part of the loop head's step, so the refinement that
//! excludes the error splits the loop head itself, where the invariant lives, instead of first
//! the check's own block; and a φ join of a two-way branch whose arms only assign constants
//! is no longer a location of its own that needs the same predicate again.
//!
//! An empty block that only jumps on (a *forwarder*: the join of an `if` whose arms assign
//! the φ, a loop's latch) is absorbed too, whatever its predecessors: it has no code, so
//! running it as part of each predecessor's step adds nothing to any step's size, and the φ
//! values it carries reach the next location in the same step.
//!
//! Invariants: block 0 is never absorbed, and nothing is absorbed into it; loop heads (targets
//! of back edges of a depth-first search) are never absorbed; a non-forwarder absorbed block
//! has exactly one reachable predecessor, which is not itself; no cycle consists of absorbed
//! blocks only ([`break_cycles`] checks it whatever the CFG), so a step visits each block at
//! most once on each path and ends. Unreachable blocks are not absorbed and not counted as
//! predecessors. Soundness does not depend on the choice: a step through absorbed blocks is
//! the exact composition of their blocks' steps.
//!
//! A block that several edges reach — a forwarder with several predecessors, or the target of
//! several cases of one switch — makes a location's blocks a DAG rather than a tree, and a
//! DAG's paths multiply: a chain of `k` two-way branches each joined by a forwarder has `2^k`
//! paths, and the symbolic step keeps one exit, with a whole post-state, per path (an inlined
//! SystemC scheduler gave one location 236,251 exits, 8 s and gigabytes to build). So no
//! location's step has more than [`MAX_STEP_PATHS`] paths: while one has more, such a join in
//! it is made a location again ([`bound_paths`]). Without joins a location's blocks form a
//! tree, whose paths are at most its edges: only a tree wider than the bound (a switch with
//! more cases) keeps more.

use crate::flatten::{FTerm, Flat};

/// Which blocks of `flat` are absorbed into their single predecessor (see the module doc).
pub fn absorbed(flat: &Flat) -> Vec<bool> {
    let n = flat.blocks.len();
    let succs: Vec<Vec<u32>> = flat.blocks.iter().map(|b| b.term.edges().iter().map(|e| e.target).collect()).collect();
    let mut reach = vec![false; n];
    let mut stack = vec![0u32];
    while let Some(b) = stack.pop() {
        if (b as usize) < n && !reach[b as usize] {
            reach[b as usize] = true;
            stack.extend(succs[b as usize].iter().copied());
        }
    }
    // Distinct reachable predecessor blocks (None: none yet, Some(Some(p)): one, Some(None): many).
    let mut pred: Vec<Option<Option<u32>>> = vec![None; n];
    for b in 0..n {
        if !reach[b] {
            continue;
        }
        for &t in &succs[b] {
            let t = t as usize;
            if t >= n {
                continue;
            }
            pred[t] = match pred[t] {
                None => Some(Some(b as u32)),
                Some(Some(p)) if p == b as u32 => Some(Some(p)),
                _ => Some(None),
            };
        }
    }
    let header = loop_headers(&succs, &reach);
    let mut out = vec![false; n];
    for b in 1..n {
        if !reach[b] {
            continue;
        }
        out[b] = match pred[b] {
            // Block 0 gives globals and cells their initial values (undefined ones as free
            // values); it stays a location of its own, and nothing runs as part of its step.
            Some(Some(p)) => p as usize != b && p != 0,
            // Several predecessors: only an empty block that jumps on (a forwarder, e.g. the
            // join of an if whose arms assign the φ) runs as part of each predecessor's step.
            _ => {
                let blk = &flat.blocks[b];
                let forwards = blk.insts.is_empty() && matches!(&blk.term, FTerm::Br(e) if e.target as usize != b);
                forwards && !header[b] && !succs[0].contains(&(b as u32))
            }
        };
    }
    break_cycles(&succs, &mut out);
    // Joins: blocks that several edges of reachable blocks reach.
    let mut into = vec![0u32; n];
    for b in (0..n).filter(|&b| reach[b]) {
        for &t in &succs[b] {
            if (t as usize) < n {
                into[t as usize] += 1;
            }
        }
    }
    let shared: Vec<bool> = into.iter().map(|&k| k > 1).collect();
    bound_paths(&succs, &shared, &mut out, MAX_STEP_PATHS);
    out
}

/// The most paths one location's step may take through its absorbed blocks (see the module
/// doc): each is one exit of the symbolic step, with a term per register.
pub const MAX_STEP_PATHS: u64 = 64;

/// Paths from each block down the absorbed blocks below it to the end of a step (an edge to a
/// block that is not absorbed, or a block without successors), saturating.
fn paths_below(succs: &[Vec<u32>], out: &[bool]) -> Vec<u64> {
    let n = succs.len();
    let mut below = vec![0u64; n];
    let mut state = vec![0u8; n]; // 0 new, 1 on the stack, 2 done
    for s in 0..n {
        if state[s] != 0 {
            continue;
        }
        state[s] = 1;
        let mut stack: Vec<(usize, usize)> = vec![(s, 0)];
        while let Some(&mut (b, ref mut i)) = stack.last_mut() {
            if let Some(&t) = succs[b].get(*i) {
                *i += 1;
                let t = t as usize;
                if t < n && out[t] && state[t] == 0 {
                    state[t] = 1;
                    stack.push((t, 0));
                }
            } else {
                // Absorbed successors are done: absorbed blocks form no cycle (break_cycles).
                let mut p = 0u64;
                for &t in &succs[b] {
                    let t = t as usize;
                    p = p.saturating_add(if t < n && out[t] { below[t] } else { 1 });
                }
                below[b] = p.max(1);
                state[b] = 2;
                stack.pop();
            }
        }
    }
    below
}

/// Makes joins (`shared`: blocks several edges reach) locations again until no location's
/// step has more than `limit` paths (or none is left to cut), one per location over the limit
/// and round.
fn bound_paths(succs: &[Vec<u32>], shared: &[bool], out: &mut [bool], limit: u64) {
    let n = succs.len();
    loop {
        let below = paths_below(succs, out);
        let mut changed = false;
        for root in 0..n {
            if out[root] || below[root] <= limit {
                continue;
            }
            // The blocks of root's DAG in topological order (reverse post-order), then the
            // paths from root into each.
            let mut order = Vec::new();
            let mut seen = vec![false; n];
            seen[root] = true;
            let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
            while let Some(&mut (b, ref mut i)) = stack.last_mut() {
                if let Some(&t) = succs[b].get(*i) {
                    *i += 1;
                    let t = t as usize;
                    if t < n && out[t] && !seen[t] {
                        seen[t] = true;
                        stack.push((t, 0));
                    }
                } else {
                    order.push(b);
                    stack.pop();
                }
            }
            order.reverse();
            let mut into = vec![0u64; n];
            into[root] = 1;
            for &b in &order {
                for &t in &succs[b] {
                    let t = t as usize;
                    if t < n && out[t] {
                        into[t] = into[t].saturating_add(into[b]);
                    }
                }
            }
            // Cutting a join that at most `limit` paths reach leaves those as the root's own
            // paths; of those joins, the one most paths pass through, the deepest on a tie (a
            // chain of joins is then cut every `limit` paths, not at every join). Failing
            // that, the join the fewest paths reach.
            let joins = || order.iter().copied().filter(|&b| shared[b] && out[b]);
            let best = joins()
                .filter(|&b| into[b] <= limit)
                .max_by_key(|&b| (into[b].saturating_mul(below[b]), into[b]))
                .or_else(|| joins().min_by_key(|&b| (into[b], u64::MAX - below[b])));
            if let Some(b) = best {
                out[b] = false;
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
}

/// Targets of back edges of a depth-first search from block 0 (loop heads stay locations).
fn loop_headers(succs: &[Vec<u32>], reach: &[bool]) -> Vec<bool> {
    let n = succs.len();
    let mut header = vec![false; n];
    let mut state = vec![0u8; n]; // 0 new, 1 on the stack, 2 done
    let mut stack: Vec<(usize, usize)> = Vec::new();
    if n > 0 && reach[0] {
        state[0] = 1;
        stack.push((0, 0));
    }
    while let Some(&mut (b, ref mut i)) = stack.last_mut() {
        if *i < succs[b].len() {
            let t = succs[b][*i] as usize;
            *i += 1;
            if t >= n {
                continue;
            }
            match state[t] {
                0 => {
                    state[t] = 1;
                    stack.push((t, 0));
                }
                1 => header[t] = true,
                _ => {}
            }
        } else {
            state[b] = 2;
            stack.pop();
        }
    }
    header
}

/// Un-absorbs a block of every cycle made of absorbed blocks only (none is expected: every
/// cycle has a loop head or a block with several predecessors; this keeps the invariant
/// whatever the CFG).
fn break_cycles(succs: &[Vec<u32>], out: &mut [bool]) {
    let n = succs.len();
    loop {
        let mut state = vec![0u8; n];
        let mut found = None;
        'outer: for s in 0..n {
            if !out[s] || state[s] != 0 {
                continue;
            }
            let mut stack: Vec<(usize, usize)> = vec![(s, 0)];
            state[s] = 1;
            while let Some(&mut (b, ref mut i)) = stack.last_mut() {
                if *i < succs[b].len() {
                    let t = succs[b][*i] as usize;
                    *i += 1;
                    if t >= n || !out[t] {
                        continue;
                    }
                    match state[t] {
                        0 => {
                            state[t] = 1;
                            stack.push((t, 0));
                        }
                        1 => {
                            found = Some(t);
                            break 'outer;
                        }
                        _ => {}
                    }
                } else {
                    state[b] = 2;
                    stack.pop();
                }
            }
        }
        match found {
            Some(b) => out[b] = false,
            None => return,
        }
    }
}

/// The blocks of the tree whose root is `b`: `b` and the absorbed blocks below it.
pub fn tree(flat: &Flat, b: usize) -> Vec<usize> {
    let mut out = vec![b];
    let mut i = 0;
    while i < out.len() {
        let c = out[i];
        for e in flat.blocks[c].term.edges() {
            let t = e.target as usize;
            if flat.is_absorbed(t) && !out.contains(&t) {
                out.push(t);
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Block 0, then `k` diamonds: branch `3i+1` to `3i+2` and `3i+3`, both to the join
    /// `3i+4` (the next diamond's branch, or the last block). Absorbed as a forwarder would
    /// be: every block but 0 and the first branch.
    fn diamonds(k: usize) -> (Vec<Vec<u32>>, Vec<bool>, Vec<bool>) {
        let n = 3 * k + 2;
        let mut succs = vec![Vec::new(); n];
        succs[0] = vec![1];
        for i in 0..k {
            let b = 3 * i + 1;
            succs[b] = vec![b as u32 + 1, b as u32 + 2];
            succs[b + 1] = vec![b as u32 + 3];
            succs[b + 2] = vec![b as u32 + 3];
        }
        let shared: Vec<bool> = (0..n).map(|b| b > 1 && b % 3 == 1).collect();
        let out: Vec<bool> = (0..n).map(|b| b > 1).collect();
        (succs, shared, out)
    }

    #[test]
    fn joins_multiply_paths_and_the_bound_cuts_them() {
        let (succs, shared, mut out) = diamonds(20);
        assert_eq!(paths_below(&succs, &out)[1], 1 << 20);
        bound_paths(&succs, &shared, &mut out, 64);
        let below = paths_below(&succs, &out);
        let roots: Vec<usize> = (0..succs.len()).filter(|&b| !out[b]).collect();
        assert!(roots.iter().all(|&r| below[r] <= 64), "{:?}", roots.iter().map(|&r| below[r]).collect::<Vec<_>>());
        // Only joins were made locations, and no more of them than the bound needs: 20
        // diamonds in steps of at most 6 (2^6 = 64) take 3 cuts, after diamonds 6, 12, 18.
        let cut: Vec<usize> = (2..succs.len()).filter(|&b| !out[b]).collect();
        assert_eq!(cut, vec![19, 37, 55]);
        // Three cases of a switch to one block, ten times in a row: 3^10 paths, cut too.
        let mut succs: Vec<Vec<u32>> = (0..11u32).map(|b| vec![b + 1; 3]).collect();
        succs.push(Vec::new());
        let shared: Vec<bool> = (0..12).map(|b| b > 1).collect();
        let mut out: Vec<bool> = (0..12).map(|b| b > 1).collect();
        assert_eq!(paths_below(&succs, &out)[1], 59049);
        bound_paths(&succs, &shared, &mut out, 64);
        let below = paths_below(&succs, &out);
        assert!((0..12).filter(|&b| !out[b]).all(|r| below[r] <= 64), "{below:?}");
        // Under the bound nothing changes.
        let (succs, shared, mut out) = diamonds(5);
        let before = out.clone();
        bound_paths(&succs, &shared, &mut out, 64);
        assert_eq!(out, before);
    }
}
