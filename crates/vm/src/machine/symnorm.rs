//! State matching up to forgotten and renamed inputs (symbolic data in the explicit engine).
//!
//! A symbolic state stands for the set of concrete states `{ E[T(v)] | PC(v) }`: its explicit
//! part `E`, its terms `T` over the path's inputs and its path condition `PC`. Exact matching
//! ([`super::symdata`]: equal explicit parts, equal term ids) never merges two iterations of a
//! loop that reads an input, branches on it and forgets it (`while (1) { x = nondet(); if (x >
//! 5) … }`): each iteration adds a conjunct over a new input to the path condition and bumps the
//! count of inputs read, so the state space never closes and such programs ended `unknown` at
//! any time limit. Bauch, Havel, Barnat (TOSEM 2016, §4) match states by the sets they stand
//! for; this module does the part of that which needs no solver call, on a state's canonical
//! form before it is stored:
//!
//! * **Dead inputs are forgotten.** Split `PC` into its conjuncts and group the inputs that
//!   conjuncts share (as [`super::symslice`] does). A group none of whose inputs occurs in a term
//!   of the state constrains nothing the state can still observe: `∃dead. PC = PC_live ∧
//!   ∃dead. PC_dead = PC_live`, since `PC_dead` shares no input with the rest and is satisfiable
//!   whenever the whole path condition is. Its conjuncts are dropped.
//! * **Conditions on forgotten inputs merge.** A conjunct over live inputs and one input that
//!   occurs in no term and in no other conjunct says `∃a. c(a, live)`; two conjuncts equal up
//!   to that input (`x1 < limit`, `x2 < limit` after two rounds) are one condition, and one of
//!   them is kept. Kept conjuncts are ordered by their shape (the conjunct with a placeholder
//!   for its private input), so the names given below do not depend on the rounds' order.
//! * **Live inputs are renamed** `in0, in1, …` in the order the canonical form first mentions
//!   them (its objects in canonical order, each object's symbolic slots by offset, the inputs of
//!   one term by their old number, then the kept conjuncts in the order of their shapes), and
//!   the count of inputs read becomes their number, so that the next input read is a fresh
//!   variable. Renaming input variables is a bijection of valuations: the set is the same.
//!
//! Invariants and soundness:
//! * The normalised state stands for exactly the set the state stood for when its path
//!   condition is satisfiable. When it is not (an undecided query let an infeasible branch
//!   through, which [`super::symdata`] counts as feasible), dropping conjuncts can only make the
//!   set larger: the search explores a superset of the real runs, a `true` stays a proof, and
//!   every violation is confirmed concretely.
//! * Input numbers of a normalised state are not those of the path that reached it, so a
//!   violation's inputs cannot be read off its path condition: the engine re-runs the path's
//!   choices symbolically without normalisation to solve for them
//!   (`vigil_explicit::search`), and confirms the result concretely as for any symbolic path.
//! * Matching stays exact on what is kept: two states merge only when their normalised forms
//!   are identical. States equal up to a renaming that the first-mention order does not expose
//!   (the rewriter orders commutative operands by term id) may stay apart: fewer merges, never
//!   a wrong one.
//! * Nothing happens when inputs are replayed ([`Config::wide_inputs`]: there the count of
//!   inputs read indexes the given values) or when no input was read.

use super::symdata::SymData;
use super::*;
use crate::canon::Canonical;
use crate::memory::SYM_MAX_HANDLE;
use std::collections::HashMap;
use vigil_bv::{Op, TermId};

impl Machine<'_> {
    /// Forgets the dead inputs of canonical form `c` (of this machine's current state) and
    /// renames the live ones (see the module doc). Returns whether `c` changed.
    pub fn forget_dead_inputs(&mut self, c: &mut Canonical) -> bool {
        let Some(sd) = self.sym.as_mut() else { return false };
        let read = (c.sym >> 32) as u32;
        if sd.replay.is_some() || !sd.live || read == 0 {
            return false;
        }
        // Symbolic slots in canonical order: (object index, offset, length, term).
        let mut slots: Vec<(usize, u32, u32, TermId)> = Vec::new();
        for (i, o) in c.objects.iter().enumerate() {
            for p in &o.ptrs {
                if let Some((len, h)) = p.sym() {
                    slots.push((i, p.off, len, TermId::from_index(h)));
                }
            }
        }
        let pc = match c.sym as u32 {
            0 => None,
            h => Some(TermId::from_index(h - 1)),
        };
        let conjuncts = pc.map(|p| super::symslice::conjuncts(&sd.tm, p)).unwrap_or_default();
        let supports: Vec<std::rc::Rc<[u32]>> = conjuncts.iter().map(|&t| sd.slicer.support(&sd.tm, t)).collect();
        // Union-find over variable indices (symslice's): the variables of one conjunct are one
        // group.
        use super::symslice::find;
        let vars = slots
            .iter()
            .map(|&(_, _, _, t)| sd.slicer.support(&sd.tm, t))
            .chain(supports.iter().cloned())
            .filter_map(|s| s.last().copied())
            .max()
            .map_or(0, |v| v as usize + 1);
        let mut parent: Vec<u32> = (0..vars as u32).collect();
        for s in &supports {
            let Some(&first) = s.first() else { continue };
            let r = find(&mut parent, first);
            for &v in &s[1..] {
                let rv = find(&mut parent, v);
                if rv != r {
                    parent[rv as usize] = r;
                }
            }
        }
        // Live variables in order of first mention: the slots' terms, then the kept conjuncts.
        let mut order: Vec<u32> = Vec::new();
        let mut seen: std::collections::HashSet<u32> = std::collections::HashSet::new();
        for &(_, _, _, t) in &slots {
            for &v in sd.slicer.support(&sd.tm, t).iter() {
                if seen.insert(v) {
                    order.push(v);
                }
            }
        }
        let slot_vars = order.len();
        let live_groups: std::collections::HashSet<u32> = order.iter().map(|&v| find(&mut parent, v)).collect();
        let mut kept: Vec<(TermId, std::rc::Rc<[u32]>)> = Vec::new();
        for (&t, s) in conjuncts.iter().zip(&supports) {
            let keep = match s.first() {
                Some(&v) => live_groups.contains(&find(&mut parent, v)),
                None => sd.tm.bool_value(t) != Some(true),
            };
            if keep {
                kept.push((t, s.clone()));
            }
        }
        // Conjuncts that differ only in one private forgotten input are one condition: a
        // variable in no slot and in no other conjunct is existentially quantified in the set
        // the state stands for, and `∃a. c(a) ∧ ∃b. c(b)` is `∃a. c(a)`. Each such conjunct's
        // *shape* puts a placeholder for that variable; one conjunct per shape is kept, and the
        // kept ones are put in the order of their shapes, so that states whose conditions are
        // the same up to the order and names of forgotten inputs get the same names.
        let mut uses: HashMap<u32, u32> = HashMap::new();
        for (_, s) in &kept {
            for &v in s.iter() {
                *uses.entry(v).or_default() += 1;
            }
        }
        let placeholder = sd.placeholder();
        let mut shaped: Vec<(TermId, TermId, std::rc::Rc<[u32]>)> = Vec::new();
        for (t, s) in kept {
            let private: Vec<u32> = s.iter().copied().filter(|v| !seen.contains(v) && uses[v] == 1).collect();
            let shape = match private[..] {
                [v] => substitute(sd, t, &HashMap::from([(v, placeholder)]), &mut HashMap::new()),
                _ => t,
            };
            shaped.push((shape, t, s));
        }
        shaped.sort_by_key(|(shape, t, _)| (*shape, *t));
        shaped.dedup_by_key(|(shape, _, _)| *shape);
        let kept: Vec<TermId> = shaped.iter().map(|(_, t, _)| *t).collect();
        for (_, _, s) in &shaped {
            for &v in s.iter() {
                if seen.insert(v) {
                    order.push(v);
                }
            }
        }
        debug_assert!(order.len() >= slot_vars);
        // Only variables that are inputs are renamed; anything else would be a bug upstream,
        // and the state is then left as it is.
        let mut rename: HashMap<u32, u32> = HashMap::new();
        for (new, v) in order.iter().enumerate() {
            if !sd.input_of_var.contains_key(v) {
                return false;
            }
            rename.insert(*v, new as u32);
        }
        let identity = rename.iter().all(|(v, &new)| sd.input_of_var[v] == new);
        if identity && kept == conjuncts && order.len() as u32 == read {
            return false;
        }
        // The renamed terms (variables first: each new input variable exists before use).
        // Variables renamed to themselves are left out, so that subterms over those alone are
        // not rebuilt (`substitute` skips them).
        let mut var_to: HashMap<u32, TermId> = HashMap::new();
        for (v, &new) in &rename {
            if sd.input_of_var[v] != new {
                var_to.insert(*v, sd.input_var(new));
            }
        }
        let mut memo: HashMap<TermId, TermId> = HashMap::new();
        let mut subst = |sd: &mut SymData, t: TermId| if identity { t } else { substitute(sd, t, &var_to, &mut memo) };
        let new_slots: Vec<TermId> = slots.iter().map(|&(_, _, _, t)| subst(sd, t)).collect();
        let new_kept: Vec<TermId> = kept.iter().map(|&t| subst(sd, t)).collect();
        let new_pc = new_kept.into_iter().reduce(|a, b| sd.tm.and(a, b));
        let pc_word = match new_pc {
            Some(p) if sd.tm.bool_value(p) != Some(true) => p.index() as u32 + 1,
            _ => 0,
        };
        // A handle must fit a slot; past the limit the state is stored as it is.
        if new_slots.iter().chain(new_pc.iter()).any(|t| t.index() as u32 > SYM_MAX_HANDLE) {
            return false;
        }
        for (&(i, off, len, old), &new) in slots.iter().zip(&new_slots) {
            if new != old {
                std::rc::Rc::make_mut(&mut c.objects[i]).write_sym(off, len, new.index() as u32);
            }
        }
        c.sym = (u64::from(order.len() as u32) << 32) | u64::from(pc_word);
        sd.stats.normalised += 1;
        true
    }

    /// The conjuncts of the path condition in the symbolic part `sym` of a canonical form, as
    /// sorted term handles (empty for `true`). A state whose conjuncts include all of another
    /// state's, where the two have the same explicit part and terms, stands for a subset of
    /// that state's concrete states (`vigil_explicit::search`: subsumption). None when states
    /// are not normalised here: without symbolic inputs, and when inputs are replayed — there
    /// the count of inputs read (which subsumption ignores) says which value comes next.
    pub fn path_conjuncts(&self, sym: u64) -> Option<Vec<u32>> {
        let sd = self.sym.as_ref().filter(|sd| sd.replay.is_none())?;
        let mut out: Vec<u32> = match sym as u32 {
            0 => Vec::new(),
            h => super::symslice::conjuncts(&sd.tm, TermId::from_index(h - 1)).into_iter().map(|t| t.index() as u32).collect(),
        };
        out.sort_unstable();
        out.dedup();
        Some(out)
    }
}

/// `t` with the variables of `map` (by variable index) replaced by their terms, rebuilt
/// bottom-up through the term manager (so the rewriter sees the new terms); `memo` keeps what
/// was rebuilt, for several terms under one map.
fn substitute(sd: &mut SymData, t: TermId, map: &HashMap<u32, TermId>, memo: &mut HashMap<TermId, TermId>) -> TermId {
    let mut stack = vec![(t, false)];
    while let Some((u, expanded)) = stack.pop() {
        if memo.contains_key(&u) {
            continue;
        }
        if let Op::Var(i) = *sd.tm.op(u) {
            memo.insert(u, map.get(&i).copied().unwrap_or(u));
            continue;
        }
        if !sd.slicer.support(&sd.tm, u).iter().any(|v| map.contains_key(v)) {
            memo.insert(u, u);
            continue;
        }
        if !expanded {
            stack.push((u, true));
            let args: Vec<TermId> = sd.tm.args(u).to_vec();
            stack.extend(args.into_iter().filter(|a| !memo.contains_key(a)).map(|a| (a, false)));
            continue;
        }
        let args: Vec<TermId> = sd.tm.args(u).iter().map(|a| memo[a]).collect();
        let op = sd.tm.op(u).clone();
        let r = sd.tm.app(op, &args);
        memo.insert(u, r);
    }
    memo[&t]
}
