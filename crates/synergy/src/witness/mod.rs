//! Correctness witnesses: loop invariants from a proof, and the check that a witness's loop
//! invariants are inductive (SV-COMP witness format 2.0, `invariant_set` with `loop_invariant`
//! entries; the YAML itself is `vigil_report::correctness`).
//!
//! **Writing.** When SYNERGY proves a program, the union of the abstractly reachable regions at a
//! location contains every reachable state there, and the unions at the loop heads are
//! inductive together: a state in a reachable region steps only into reachable regions (the
//! abstract edges over-approximate the VM's steps, Gulavani et al. 2006 §3), so every path from
//! a loop head to the next ends in its union again — where a head was restricted to a proven
//! invariant ([`Ctx::restrict`]), the step's target satisfies it by that invariant's
//! consecution (paths from its own head) or initiation (paths from elsewhere). [`invariants`]
//! writes that union at each loop head as a C expression
//! ([`cexpr::render`]) over the source variables it can name; a loop head whose regions mention
//! anything else gets no invariant (a witness with fewer invariants is weaker, never wrong).
//! Since the unions are inductive only together, what is written is checked with
//! [`validate`] and an invariant that is not inductive without the missing ones is dropped.
//!
//! **Naming.** The flat program has registers, not C variables. At a loop head, a register named
//! `f:x.N` that the edges into the head assign (a φ that mem2reg made for the local `x`) is the
//! value of `x` there; [`names_at`] maps such names, drops names two registers claim and names
//! that differ only by trailing digits (clang's renaming of shadowed locals), and names nothing
//! else. Memory cells are named too ([`crate::flatten::CellName`]): `g` for a global scalar,
//! `a[2]` for the element of an integer array `a` (a global, or a local of the head's function
//! whose scope is the whole function), when no other object or φ claims the identifier. Writer
//! and checker use the same map.
//!
//! **Checking** ([`validate`]): the cut points are block 0 (invariant `true`) and the loop heads
//! (the conjunction of the invariants claimed there, or `true`); the loop forest's heads cut
//! every cycle of a reducible flat CFG. The blocks between a cut point and the next ones are
//! executed symbolically in topological order (abstract mode: undefined values free), the
//! states of the paths meeting at a block merged by `ite` on their conditions, so every path is
//! covered in time linear in the number of blocks. An invariant is *inductive* when on every
//! such path ending at its loop head the solver shows `Inv(source) ∧ path ⇒ inv(target)`
//! (initiation from block 0, consecution around loops, relative to the other claimed
//! invariants). The invariants *prove the property* when moreover no path from a cut point
//! reaches the error or undefined behaviour.

pub mod cexpr;

use std::collections::{HashMap, HashSet};

use vigil_bv::TermId;
use vigil_ir::cfg::{Graph, LoopForest};

use crate::engine::{Ctx, Sat};
use crate::flatten::Flat;
use crate::symbolic::{sym_step, Mode, Target};
use crate::Options;

/// A loop invariant at the loop head of `function` on source line `line`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopInvariant {
    /// The source file of the loop head.
    pub file: String,
    pub function: String,
    pub line: u32,
    /// A C expression (witness format `c_expression`).
    pub value: String,
}

/// The source line of a flat block (its first known instruction location).
pub fn block_line(flat: &Flat, b: usize) -> u32 {
    let blk = &flat.blocks[b];
    blk.locs.iter().find(|x| x.is_known()).copied().unwrap_or(blk.term_loc).line
}

/// The loop heads of the flat CFG (None when it cannot be analysed).
pub fn loop_heads(flat: &Flat) -> Option<Vec<u32>> {
    let n = flat.blocks.len();
    let mut edges = Vec::new();
    for (i, b) in flat.blocks.iter().enumerate() {
        for e in b.term.edges() {
            edges.push((i as u32, e.target));
        }
    }
    let g = Graph::try_new(n, 0, edges).ok()?;
    let lf = LoopForest::compute(&g);
    let mut hs: Vec<u32> = lf.loops().iter().map(|l| l.header).collect();
    hs.sort_unstable();
    hs.dedup();
    Some(hs)
}

/// The C variables nameable at loop head `header`: name → register (see the module doc).
pub fn names_at(flat: &Flat, header: u32) -> HashMap<String, u32> {
    let func = &flat.blocks[header as usize].func;
    let mut phis: HashSet<u32> = HashSet::new();
    for b in &flat.blocks {
        for e in b.term.edges() {
            if e.target == header {
                phis.extend(e.assigns.iter().map(|(d, _)| *d));
            }
        }
    }
    // Per identifier, who claims it: a φ register, or the cells of a memory object.
    #[derive(PartialEq)]
    enum Owner {
        Phi(u32),
        Object(u32),
    }
    let mut claimed: HashMap<String, Vec<(Owner, u32, Option<u64>)>> = HashMap::new();
    for r in phis {
        if flat.regs[r as usize].ptr {
            continue; // a pointer's encoding is not its C value
        }
        let full = &flat.regs[r as usize].name;
        let Some(local) = full.strip_prefix(func.as_str()).and_then(|s| s.strip_prefix(':')) else { continue };
        let Some((base, n)) = local.rsplit_once('.') else { continue };
        if n.is_empty() || !n.bytes().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let ident = base.strip_suffix(".addr").unwrap_or(base);
        let ok = ident.bytes().next().is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
            && ident.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
        if ok {
            claimed.entry(ident.to_string()).or_default().push((Owner::Phi(r), r, None));
        }
    }
    // Memory cells of globals and of the head's function's whole-function locals.
    for c in &flat.cell_names {
        if c.func.as_ref().is_none_or(|f| f == func) {
            claimed.entry(c.ident.clone()).or_default().push((Owner::Object(c.obj), c.reg, c.index));
        }
    }
    let names: Vec<String> = claimed.keys().cloned().collect();
    let renamed = |n: &str| {
        let stem = n.trim_end_matches(|c: char| c.is_ascii_digit());
        stem.len() < n.len() && names.iter().any(|m| m == stem)
    };
    let mut out = HashMap::new();
    for (n, rs) in &claimed {
        let one_owner = match rs[0].0 {
            Owner::Phi(_) => rs.len() == 1,
            Owner::Object(_) => rs.iter().all(|x| x.0 == rs[0].0),
        };
        if one_owner && !renamed(n) && !names.iter().any(|m| m != n && renamed(m) && m.trim_end_matches(|c: char| c.is_ascii_digit()) == n) {
            for (_, r, index) in rs {
                match index {
                    Some(i) => out.insert(format!("{n}[{i}]"), *r),
                    None => out.insert(n.clone(), *r),
                };
            }
        }
    }
    out
}

/// Loop invariants from a proof: at each loop head, the union of its abstractly reachable
/// regions `reach`, when it is not trivially true and can be written in C.
pub fn invariants(cx: &mut Ctx, reach: &HashSet<usize>) -> Vec<LoopInvariant> {
    let Some(heads) = loop_heads(cx.flat) else { return Vec::new() };
    let mut lines: HashMap<(String, u32), usize> = HashMap::new();
    for &h in &heads {
        *lines.entry((cx.flat.blocks[h as usize].func.clone(), block_line(cx.flat, h as usize))).or_default() += 1;
    }
    let mut out = Vec::new();
    for &h in &heads {
        let func = cx.flat.blocks[h as usize].func.clone();
        let line = block_line(cx.flat, h as usize);
        // Two loop heads on one line cannot be told apart in a witness.
        if line == 0 || lines[&(func.clone(), line)] > 1 {
            continue;
        }
        let regions = cx.at[h as usize].clone();
        let live: Vec<usize> = regions.iter().copied().filter(|r| reach.contains(r)).collect();
        let all_live = live.len() == regions.len();
        let mut inv = cx.tm.ff();
        for r in live {
            let p = cx.regions[r].pred;
            inv = cx.tm.or(inv, p);
        }
        if all_live {
            // Every region is reachable: the union is everything, unless the location was
            // restricted to a proven invariant ([`Ctx::restrict`]).
            let outside = cx.tm.not(inv);
            if cx.sat(&[outside]) != Sat::Yes {
                continue;
            }
        }
        let names: HashMap<TermId, String> =
            names_at(cx.flat, h).into_iter().map(|(n, r)| (cx.canon[r as usize], n)).collect();
        if let Some(value) = cexpr::render(&cx.tm, inv, &|v| names.get(&v).cloned()) {
            let blk = &cx.flat.blocks[h as usize];
            let loc = blk.locs.iter().find(|x| x.is_known()).copied().unwrap_or(blk.term_loc);
            let file = cx.flat.file_of(loc).to_string();
            out.push(LoopInvariant { file, function: func, line, value });
        }
    }
    keep_inductive(cx, out)
}

/// The invariants of `invs` that [`validate`] finds inductive relative to each other, dropping
/// the others until none is left to drop. A head's union is inductive relative to the unions at
/// every head, but a head may have none written (a variable it cannot name), and an outer
/// loop's union can rest on an inner loop's; what is written must check on its own.
fn keep_inductive(cx: &Ctx, mut invs: Vec<LoopInvariant>) -> Vec<LoopInvariant> {
    while !invs.is_empty() {
        let claims: Vec<Claim> =
            invs.iter().map(|i| Claim { line: i.line, function: Some(i.function.clone()), value: i.value.clone() }).collect();
        // The rendered expressions use `long long`, never `long`: the width of `long` is moot.
        let Ok(v) = validate(cx.flat, &claims, cx.opts, 64) else { return Vec::new() };
        let before = invs.len();
        let mut results = v.results.iter();
        invs.retain(|_| results.next() == Some(&ClaimResult::Inductive));
        if invs.len() == before {
            break;
        }
    }
    invs
}

/// Of `invs` (loop invariants of a proof that used procedure summaries), those that
/// [`validate`] finds inductive when the calls are not summarised: the flat program as a
/// checker of the witness builds it (every block a location) and with no may-summary
/// assumed, so a call may fail and returns any value. That is how `vigil check
/// --validate-witness` reads the witness, so every invariant kept is one it finds inductive;
/// an invariant that needs a summary (e.g. a bound on a call's result) is dropped. Checked
/// with `long` of 32 and of 64 bits, so the answer does not depend on the data model.
pub fn summary_free(flat: &Flat, invs: Vec<LoopInvariant>, opts: &Options) -> Vec<LoopInvariant> {
    if invs.is_empty() {
        return invs;
    }
    let plain = Flat { absorbed: Vec::new(), ..flat.clone() };
    let saved = plain.procs.summaries.replace(Vec::new());
    let cleared: Vec<Vec<crate::summary::Summary>> = saved.iter().map(|_| Vec::new()).collect();
    plain.procs.summaries.replace(cleared);
    let claims: Vec<Claim> = invs.iter().map(|i| Claim { line: i.line, function: Some(i.function.clone()), value: i.value.clone() }).collect();
    let mut keep = vec![true; invs.len()];
    for long_bits in [32, 64] {
        match validate(&plain, &claims, opts, long_bits) {
            Ok(v) => {
                for (k, r) in v.results.iter().enumerate() {
                    keep[k] &= *r == ClaimResult::Inductive;
                }
            }
            Err(_) => keep.iter_mut().for_each(|k| *k = false),
        }
    }
    plain.procs.summaries.replace(saved);
    invs.into_iter().zip(keep).filter(|(_, k)| *k).map(|(i, _)| i).collect()
}

/// An invariant a witness claims (where: a line, optionally a function).
#[derive(Clone, Debug)]
pub struct Claim {
    pub line: u32,
    pub function: Option<String>,
    pub value: String,
}

/// What [`validate`] found about one claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimResult {
    /// Holds on entry and is preserved by every path back to its loop head.
    Inductive,
    /// A path from `from` violates it.
    NotInductive { from: String },
    /// Not checked, and why (no loop head there, a parse error, a solver limit).
    Unchecked(String),
}

/// The validation of a witness's invariants.
#[derive(Clone, Debug)]
pub struct Validation {
    pub results: Vec<ClaimResult>,
    /// Some(true) when the claimed invariants exclude every error and undefined behaviour;
    /// Some(false) when a path from a cut point reaches one; None when not decided.
    pub proves_property: Option<bool>,
}

/// Checks `claims` on `flat` (see the module doc). `long_bits` is the width of C's `long`.
pub fn validate(flat: &Flat, claims: &[Claim], opts: &Options, long_bits: u32) -> Result<Validation, String> {
    let heads = loop_heads(flat).ok_or("the program's control flow cannot be analysed")?;
    let mut cx = Ctx::new(flat, opts);
    let mut results: Vec<ClaimResult> = vec![ClaimResult::Inductive; claims.len()];
    // (claim, head, term)
    let mut placed: Vec<(usize, u32, TermId)> = Vec::new();
    for (k, c) in claims.iter().enumerate() {
        let at: Vec<u32> = heads
            .iter()
            .copied()
            .filter(|&h| block_line(flat, h as usize) == c.line)
            .filter(|&h| c.function.as_ref().is_none_or(|f| *f == flat.blocks[h as usize].func))
            .collect();
        if at.is_empty() {
            results[k] = ClaimResult::Unchecked(format!("no loop head at line {}", c.line));
            continue;
        }
        for h in at {
            let names = names_at(flat, h);
            let canon = cx.canon.clone();
            let var = |n: &str| names.get(n).map(|&r| (canon[r as usize], flat.width(r)));
            match cexpr::parse(&mut cx.tm, &c.value, &var, long_bits) {
                Ok(t) => placed.push((k, h, t)),
                Err(e) => results[k] = ClaimResult::Unchecked(format!("cannot read '{}': {e}", c.value)),
            }
        }
    }
    placed.retain(|(k, _, _)| results[*k] == ClaimResult::Inductive);
    let mut inv: HashMap<u32, TermId> = HashMap::new();
    for &(_, h, t) in &placed {
        let cur = match inv.get(&h) {
            Some(&c) => c,
            None => cx.tm.tt(),
        };
        let n = cx.tm.and(cur, t);
        inv.insert(h, n);
    }
    let cut: HashSet<u32> = heads.iter().copied().chain([0]).collect();
    let mut proves = Some(true);
    let mut sources: Vec<u32> = cut.iter().copied().collect();
    sources.sort_unstable();
    for src in sources {
        let start = match inv.get(&src) {
            Some(&t) => t,
            None => cx.tm.tt(),
        };
        let from_name = format!("{} (line {})", flat.blocks[src as usize].name, block_line(flat, src as usize));
        let order = segment_order(flat, src, &cut)?;
        // Per block of the segment: the incoming (condition, state) pairs, merged when the
        // block is reached (ite over the conditions), so the work is linear in the segment.
        let mut incoming: HashMap<u32, Vec<(TermId, Vec<TermId>)>> = HashMap::new();
        incoming.insert(src, vec![(start, cx.canon.clone())]);
        for b in order {
            let Some(ins_b) = incoming.remove(&b) else { continue };
            let (g, st) = merge(&mut cx.tm, ins_b);
            let mut ins = Vec::new();
            let mut fresh = Vec::new();
            let exits = sym_step(&mut cx.tm, flat, b, &st, Mode::Abstract, &mut ins, &mut fresh);
            for e in exits {
                let ng = cx.tm.and(g, e.guard);
                if cx.tm.bool_value(ng) == Some(false) {
                    continue;
                }
                match e.target {
                    Target::Exit => {}
                    Target::Error(_) | Target::Ub(..) => {
                        if proves == Some(true) {
                            match cx.sat(&[ng]) {
                                Sat::No => {}
                                Sat::Yes => proves = Some(false),
                                Sat::Unknown => proves = None,
                            }
                        }
                    }
                    Target::Block(t) if cut.contains(&t) => {
                        for &(k, h, c) in &placed {
                            if h != t || results[k] != ClaimResult::Inductive {
                                continue;
                            }
                            let after = cx.at_post(c, &e.post);
                            let bad = cx.tm.not(after);
                            match cx.sat(&[ng, bad]) {
                                Sat::No => {}
                                Sat::Yes => results[k] = ClaimResult::NotInductive { from: from_name.clone() },
                                Sat::Unknown => results[k] = ClaimResult::Unchecked("the solver gave up".into()),
                            }
                        }
                    }
                    Target::Block(t) => incoming.entry(t).or_default().push((ng, e.post)),
                }
            }
        }
    }
    if results.iter().any(|r| *r != ClaimResult::Inductive) && proves == Some(true) {
        // The property was shown from claims that do not all hold: not a proof.
        proves = None;
    }
    Ok(Validation { results, proves_property: proves })
}

/// The blocks reachable from cut point `src` without passing through a cut point (`src` first),
/// in topological order; an error if they contain a cycle.
fn segment_order(flat: &Flat, src: u32, cut: &HashSet<u32>) -> Result<Vec<u32>, String> {
    // Iterative DFS; post-order reversed is a topological order.
    let mut state: HashMap<u32, u8> = HashMap::new(); // 1 on stack, 2 done
    let mut post = Vec::new();
    let mut stack: Vec<(u32, usize)> = vec![(src, 0)];
    state.insert(src, 1);
    while let Some((b, i)) = stack.pop() {
        let succs: Vec<u32> = flat.blocks[b as usize].term.edges().iter().map(|e| e.target).filter(|t| !cut.contains(t)).collect();
        if i < succs.len() {
            stack.push((b, i + 1));
            let t = succs[i];
            match state.get(&t) {
                Some(1) => return Err("a cycle without loop head (irreducible control flow)".into()),
                Some(_) => {}
                None => {
                    state.insert(t, 1);
                    stack.push((t, 0));
                }
            }
        } else {
            state.insert(b, 2);
            post.push(b);
        }
    }
    post.reverse();
    Ok(post)
}

/// Merges the (condition, state) pairs reaching one block: the disjunction of the conditions
/// and, per register, an `ite` chain choosing the state of the first true condition.
fn merge(tm: &mut vigil_bv::TermManager, mut ins: Vec<(TermId, Vec<TermId>)>) -> (TermId, Vec<TermId>) {
    let (mut g, mut st) = ins.pop().expect("a block of the segment is reached");
    for (c, s) in ins {
        for (r, v) in st.iter_mut().enumerate() {
            if s[r] != *v {
                *v = tm.ite(c, s[r], *v);
            }
        }
        g = tm.or(g, c);
    }
    (g, st)
}
