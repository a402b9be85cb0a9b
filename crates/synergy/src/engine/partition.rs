//! The partition Π and the abstract program over it (Gulavani et al. 2006, §3): regions per
//! location, abstract edges decided by the solver on each block's abstract-mode relation,
//! abstract error traces (breadth-first, shortest), splits and preconditions, and the proof a
//! partition without abstract error trace is.
//!
//! Invariants (see [`super`]): the alive regions of a location partition its valuations that
//! satisfy the invariants proven there ([`Ctx::restrict`]);
//! an edge answer is cached by region ids, which are never reused; a solver `unknown` counts as
//! an edge, so a missing edge is always a proof that no step exists.

use super::*;

impl<'a> Ctx<'a> {
    pub(super) fn add_region(&mut self, loc: usize, pred: TermId) -> usize {
        self.regions.push(Region { loc, pred, alive: true, members: Vec::new(), split: None });
        let id = self.regions.len() - 1;
        self.at[loc].push(id);
        id
    }

    /// The abstract-mode relation of block `b` over the canonical variables (cached).
    pub fn rel(&mut self, b: usize) -> Rc<Vec<SymExit>> {
        if let Some(r) = &self.rel[b] {
            return r.clone();
        }
        let mut ins = Vec::new();
        let mut fresh = Vec::new();
        let pre = self.canon.clone();
        let mut ex = symbolic::sym_step(&mut self.tm, self.flat, b as u32, &pre, Mode::Abstract, &mut ins, &mut fresh);
        if let Some(facts) = self.ghost_facts.get(&b).cloned() {
            for e in ex.iter_mut().filter(|e| !e.array_reads.is_empty()) {
                let inst = self.ghost_instances(&facts, &e.array_reads);
                e.guard = self.tm.and(e.guard, inst);
            }
        }
        self.relation_bytes[b] = budget::exits_bytes(&ex);
        let r = Rc::new(ex);
        self.rel[b] = Some(r.clone());
        r
    }

    /// The instances of `facts` (invariants at a step's location, over the canonical
    /// variables) at the array reads `reads` of the step: each fact that speaks of an array's
    /// ghost cell, with the ghost offset replaced by the read's offset and the ghost value by
    /// the read's value; a fact over the ghost cells of several arrays, at every choice of
    /// one read (or none: the ghost cell itself) per array, not all none. Sound because the
    /// fact holds for every ghost offset of every array in every state reachable there, and a
    /// read's value is the pre-state's cell at its offset.
    pub fn ghost_instances(&mut self, facts: &[TermId], reads: &[symbolic::ArrayRead]) -> TermId {
        let mut out = self.tm.tt();
        if reads.is_empty() {
            return out;
        }
        for &f in facts {
            let vars = symbolic::free_vars(&self.tm, f);
            // Per array the fact speaks of: its ghost (k, g) and the reads of it.
            let mut per: Vec<((TermId, TermId), Vec<&symbolic::ArrayRead>)> = Vec::new();
            for (i, a) in self.flat.arrays.iter().enumerate() {
                let gh = a.ghost;
                let (k, g) = (self.canon[gh.k as usize], self.canon[gh.g as usize]);
                if !vars.contains(&k) && !vars.contains(&g) {
                    continue;
                }
                let rs: Vec<&symbolic::ArrayRead> = reads.iter().filter(|r| r.array as usize == i).collect();
                per.push(((k, g), rs));
            }
            // Every choice: an index per array into (none, its reads...).
            let mut choice = vec![0usize; per.len()];
            loop {
                if choice.iter().any(|&c| c > 0) {
                    let mut map = HashMap::new();
                    for (((k, g), rs), &c) in per.iter().zip(&choice) {
                        if c > 0 {
                            map.insert(*k, rs[c - 1].off);
                            map.insert(*g, rs[c - 1].value);
                        }
                    }
                    let i = symbolic::subst(&mut self.tm, f, &map, &mut HashMap::new());
                    out = self.tm.and(out, i);
                }
                // The next choice (odometer order).
                let mut d = 0;
                while d < per.len() {
                    choice[d] += 1;
                    if choice[d] <= per[d].1.len() {
                        break;
                    }
                    choice[d] = 0;
                    d += 1;
                }
                if d == per.len() {
                    break;
                }
            }
        }
        out
    }

    /// The ghost facts proven at `loc` ([`Ctx::add_ghost_facts`]).
    pub fn ghost_facts_at(&self, loc: usize) -> Vec<TermId> {
        self.ghost_facts.get(&loc).cloned().unwrap_or_default()
    }

    /// Records invariants proven at `loc` that speak of ghost cells (among `proven`): the
    /// relation of `loc` is rebuilt with their instances, and the edges from its regions
    /// found before are asked again.
    pub fn add_ghost_facts(&mut self, loc: usize, proven: &[TermId]) {
        let ghosts: HashSet<TermId> = self.flat.arrays.iter().map(|a| a.ghost).flat_map(|gh| [self.canon[gh.k as usize], self.canon[gh.g as usize]]).collect();
        if ghosts.is_empty() {
            return;
        }
        let new: Vec<TermId> = proven.iter().copied().filter(|&f| symbolic::free_vars(&self.tm, f).iter().any(|v| ghosts.contains(v))).collect();
        let known = self.ghost_facts.entry(loc).or_default();
        let before = known.len();
        for f in new {
            if !known.contains(&f) {
                known.push(f);
            }
        }
        if known.len() == before || loc >= self.rel.len() {
            return;
        }
        self.rel[loc] = None;
        let regions = &self.regions;
        self.edge_cache.retain(|&(s, _), _| regions[s].loc != loc);
    }

    /// `pred` with the canonical variables replaced by `post`.
    pub fn at_post(&mut self, pred: TermId, post: &[TermId]) -> TermId {
        if self.tm.is_const(pred) {
            return pred;
        }
        let map: HashMap<TermId, TermId> = self.canon.iter().copied().zip(post.iter().copied()).collect();
        let mut memo = HashMap::new();
        symbolic::subst(&mut self.tm, pred, &map, &mut memo)
    }

    /// The formula "a state of the block at `from` steps into a state satisfying `pred` at
    /// location `to`", over the canonical variables and the step's inputs.
    pub fn step_into(&mut self, from: usize, to: usize, pred: TermId) -> TermId {
        let rel = self.rel(from);
        let mut disj = self.tm.ff();
        for e in rel.iter() {
            if self.loc_of_target(&e.target) != to {
                continue;
            }
            let p = self.at_post(pred, &e.post);
            let c = self.tm.and(e.guard, p);
            disj = self.tm.or(disj, c);
        }
        disj
    }

    /// Does the abstract edge `s → t` exist? (cached)
    pub fn edge(&mut self, s: usize, t: usize) -> bool {
        if let Some(&e) = self.edge_cache.get(&(s, t)) {
            return e;
        }
        if self.out_of_time() {
            // The solver would not be asked (`Ctx::sat`), but building the query alone (the
            // target's predicate substituted into every exit) kept a breadth-first search busy
            // for seconds past the deadline. An edge is the sound answer; it is not cached.
            return true;
        }
        let (sl, sp) = (self.regions[s].loc, self.regions[s].pred);
        let (tl, tp) = (self.regions[t].loc, self.regions[t].pred);
        let e = if sl >= self.flat.blocks.len() {
            false
        } else {
            let f = self.step_into(sl, tl, tp);
            self.sat(&[sp, f]) != Sat::No
        };
        self.edge_cache.insert((s, t), e);
        e
    }

    /// Locations a block can step to.
    pub fn succ_locs(&mut self, b: usize) -> Vec<usize> {
        if b >= self.flat.blocks.len() {
            return Vec::new();
        }
        let rel = self.rel(b);
        let mut v: Vec<usize> = Vec::new();
        for e in rel.iter() {
            let l = self.loc_of_target(&e.target);
            if l != self.exit_loc() && !v.contains(&l) {
                v.push(l);
            }
        }
        v
    }

    /// Abstract successors of region `r`.
    pub fn succ_regions(&mut self, r: usize) -> Vec<usize> {
        let mut out = Vec::new();
        for l in self.succ_locs(self.regions[r].loc) {
            for t in self.at[l].clone() {
                if self.edge(r, t) {
                    out.push(t);
                }
            }
        }
        out
    }

    /// The start of one main-loop iteration, common to SYNERGY and CEGAR: the run ends with a
    /// test state in a bad region, on the budget, or with the proof when no abstract error trace
    /// is left; otherwise the iteration is counted and the shortest abstract error trace returned.
    /// Iterations count the abstract error traces worked on (each gives a test or a refinement),
    /// as Table 1 of the paper does: neither the check that finds a test in the error region
    /// nor the one that finds no abstract error trace is an iteration (§4: Figure 7's error is
    /// found "in the third iteration" by the third test; Figure 3's proof takes one test and
    /// five splits, six iterations, test2.c's count).
    pub fn next_error_trace(&mut self) -> Result<Vec<usize>, Verdict> {
        if let Some(o) = self.check_bad_states() {
            return Err(o);
        }
        if self.broken_invariant {
            let why = "internal: a test state violates a loop invariant the engine proved (please report)";
            return Err(Verdict::Unknown(Unknown::new(Cause::Bug, why)));
        }
        if self.out_of_time() {
            return Err(Verdict::Unknown(self.out_of_budget().unwrap_or_else(|| self.gave_up())));
        }
        match self.abstract_error_trace() {
            Some(trace) => {
                if let Some(why) = self.out_of_budget() {
                    return Err(Verdict::Unknown(why));
                }
                self.stats.iterations += 1;
                Ok(trace)
            }
            None => Err(match self.proof() {
                Some(p) => Verdict::Safe { proof: p },
                // Past the deadline every edge not yet decided exists: the check is incomplete.
                None if self.out_of_time() => Verdict::Unknown(self.out_of_budget().unwrap_or_else(|| self.gave_up())),
                None => Verdict::Unknown(Unknown::new(Cause::Bug, "internal: proof check failed")),
            }),
        }
    }

    /// A shortest abstract error trace from an initial region (breadth-first), if any.
    pub fn abstract_error_trace(&mut self) -> Option<Vec<usize>> {
        let mut prev: HashMap<usize, usize> = HashMap::new();
        let mut q: VecDeque<usize> = VecDeque::new();
        let mut seen = HashSet::new();
        for &r in &self.at[0] {
            q.push_back(r);
            seen.insert(r);
        }
        while let Some(r) = q.pop_front() {
            if self.is_bad(self.regions[r].loc) {
                let mut path = vec![r];
                let mut c = r;
                while let Some(&p) = prev.get(&c) {
                    path.push(p);
                    c = p;
                }
                path.reverse();
                return Some(path);
            }
            for t in self.succ_regions(r) {
                if seen.insert(t) {
                    prev.insert(t, r);
                    q.push_back(t);
                }
            }
        }
        None
    }

    /// All abstractly reachable regions.
    pub fn abstract_reachable(&mut self) -> HashSet<usize> {
        let mut seen: HashSet<usize> = self.at[0].iter().copied().collect();
        let mut q: VecDeque<usize> = seen.iter().copied().collect();
        while let Some(r) = q.pop_front() {
            for t in self.succ_regions(r) {
                if seen.insert(t) {
                    q.push_back(t);
                }
            }
        }
        seen
    }

    /// Does the valuation `vals` satisfy `pred`?
    pub fn holds(&self, pred: TermId, vals: &[u64]) -> bool {
        if let Some(b) = self.tm.bool_value(pred) {
            return b;
        }
        // Compiled once per predicate: a split evaluates its predicate on every member state,
        // and every test state is placed in a region.
        let compiled = {
            let mut cache = self.compiled.borrow_mut();
            match cache.get(&pred) {
                Some(c) => c.clone(),
                None => {
                    let reg_of: HashMap<TermId, u32> = self.canon.iter().enumerate().map(|(i, &v)| (v, i as u32)).collect();
                    let c = match vigil_bv::word_eval::WordProgram::compile(&self.tm, pred, |v| reg_of.get(&v).copied()) {
                        Some(p) => CompiledPred::Word(Rc::new(p)),
                        None => {
                            let fv = symbolic::free_vars(&self.tm, pred);
                            CompiledPred::Reference(self.canon.iter().enumerate().filter(|(_, v)| fv.contains(v)).map(|(i, _)| i).collect())
                        }
                    };
                    cache.insert(pred, c.clone());
                    c
                }
            }
        };
        match compiled {
            CompiledPred::Word(p) => p.eval(vals, &mut self.eval_scratch.borrow_mut()) == 1,
            CompiledPred::Reference(idx) => {
                let assign = idx.iter().map(|&i| {
                    let w = self.flat.regs[i].width;
                    (self.canon[i], Value::Bv(vigil_bv::BitVecValue::from_u64(w, vals[i])))
                });
                vigil_bv::Evaluator::new(&self.tm, assign).eval(pred) == Value::Bool(true)
            }
        }
    }

    /// The alive region at `loc` whose predicate `vals` satisfies: down the location's split
    /// tree from its root (region `loc`), one split predicate at a time — the same region as
    /// testing each alive region's whole predicate, at the cost of the small predicates only.
    pub(super) fn region_of(&self, loc: usize, vals: &[u64]) -> usize {
        let mut r = loc;
        while let Some((p, a, b)) = self.regions[r].split {
            r = if self.holds(p, vals) { a } else { b };
        }
        debug_assert!(self.regions[r].loc == loc);
        r
    }

    /// Splits region `s` by `p`. Returns the two new regions, or None if one side is empty.
    pub fn split(&mut self, s: usize, p: TermId) -> Option<(usize, usize)> {
        let sp = self.regions[s].pred;
        let a = self.tm.and(sp, p);
        let np = self.tm.not(p);
        let b = self.tm.and(sp, np);
        if self.sat(&[a]) == Sat::No || self.sat(&[b]) == Sat::No {
            return None;
        }
        let loc = self.regions[s].loc;
        self.regions[s].alive = false;
        self.at[loc].retain(|&r| r != s);
        let ra = self.add_region(loc, a);
        let rb = self.add_region(loc, b);
        self.regions[s].split = Some((p, ra, rb));
        let members = std::mem::take(&mut self.regions[s].members);
        // Every member satisfies `sp` (it was placed in `s`), so `a = sp ∧ p` holds of it iff
        // `p` does, and `p` is the smaller term.
        for m in members {
            let r = if self.holds(p, &self.states[m].vals) { ra } else { rb };
            self.states[m].region = r;
            self.regions[r].members.push(m);
        }
        self.stats.refinements += 1;
        self.splits_at[loc] += 1;
        Some((ra, rb))
    }

    /// Restricts the alive regions of `loc` to the states satisfying `c`, which the caller has
    /// proven to hold in every reachable state there (a loop invariant, [`crate::generalize`]):
    /// each region is split by `c` and its `¬c` part retired (no longer alive, no longer among
    /// the location's regions, so no abstract edge leads into it); a region inside `¬c` is
    /// retired whole. Returns whether any region changed. A retired part must hold no forest
    /// state (every forest state is reachable); if one does, nothing is changed and false
    /// returned (a broken invariant is not used).
    pub fn restrict(&mut self, loc: usize, c: TermId) -> bool {
        let regions = self.at[loc].clone();
        if regions.iter().any(|&r| self.regions[r].members.iter().any(|&m| !self.holds(c, &self.states[m].vals))) {
            return false;
        }
        let mut changed = false;
        let nc = self.tm.not(c);
        for r in regions {
            let sp = self.regions[r].pred;
            let outside = self.tm.and(sp, nc);
            if self.sat(&[outside]) == Sat::No {
                continue;
            }
            let inside = self.tm.and(sp, c);
            let retire = if self.sat(&[inside]) == Sat::No {
                r
            } else {
                match self.split(r, c) {
                    Some((_, b)) => b,
                    None => continue,
                }
            };
            self.regions[retire].alive = false;
            self.at[loc].retain(|&x| x != retire);
            changed = true;
        }
        changed
    }

    /// `Pre(t)` at the block of region `s` (over canonical variables); and whether it is exact.
    pub fn pre(&mut self, from: usize, t: usize) -> (TermId, bool) {
        let (tl, tp) = (self.regions[t].loc, self.regions[t].pred);
        self.pre_of(from, tl, tp)
    }

    /// `Pre` at the block `from` of the states satisfying `tp` at location `tl`; and whether it
    /// is exact.
    pub fn pre_of(&mut self, from: usize, tl: usize, tp: TermId) -> (TermId, bool) {
        let rel = self.rel(from);
        let mut disj = self.tm.ff();
        let mut exact = true;
        for e in rel.iter() {
            if self.loc_of_target(&e.target) != tl {
                continue;
            }
            let p = self.at_post(tp, &e.post);
            let c = self.tm.and(e.guard, p);
            let mut calls = 0;
            self.maybe_fresh_solver();
            let t0 = Instant::now();
            let (q, ex) = symbolic::exists(&mut self.tm, &mut self.solver, c, &self.canon_set, &mut calls);
            self.stats.solver_calls += calls;
            self.stats.solver_time += t0.elapsed();
            exact &= ex;
            disj = self.tm.or(disj, q);
        }
        (disj, exact)
    }

    /// The proof: the alive regions per location (after checking again that no abstract error
    /// trace exists).
    pub fn proof(&mut self) -> Option<crate::Proof> {
        if self.abstract_error_trace().is_some() {
            return None;
        }
        let mut locations = Vec::new();
        for l in 0..self.flat.blocks.len() {
            if self.flat.is_absorbed(l) {
                continue; // part of its predecessor's location
            }
            let b = &self.flat.blocks[l];
            let line = b.locs.iter().find(|x| x.is_known()).copied().unwrap_or(b.term_loc).line;
            let regions: Vec<String> = self.at[l].clone().iter().map(|&r| self.show(self.regions[r].pred)).collect();
            locations.push(crate::ProofLocation { location: b.name.clone(), function: b.func.clone(), line, regions });
        }
        let table = self.flat.procs.clone();
        for (p, sums) in table.summaries.borrow().iter().enumerate() {
            let procs = table.procs.borrow();
            let pr = &procs[p];
            let name = |r: &u32| pr.flat.regs[*r as usize].name.clone();
            let names: Vec<String> = pr.inputs().iter().map(name).collect();
            let mut out_names: Vec<String> = pr.globals.iter().map(|r| format!("{}'", name(r))).collect();
            if pr.ret.is_some() {
                out_names.insert(0, "result".into());
            }
            let regions = sums.iter().map(|s| s.show(&names, &out_names)).collect();
            let line = pr.flat.blocks.get(1).map_or(0, |b| b.term_loc.line);
            locations.push(crate::ProofLocation { location: format!("summaries of {}", pr.name), function: pr.name.clone(), line, regions });
        }
        let reachable = self.abstract_reachable();
        let mut invariants = crate::witness::invariants(self, &reachable);
        if !table.is_empty() {
            // Summaries have no place in the witness's invariant set, and a checker of the
            // witness does not have them: keep the loop invariants that are inductive with
            // every call's result free (witness::summary_free).
            invariants = crate::witness::summary_free(self.flat, invariants, self.opts);
        }
        Some(crate::Proof { locations, abstract_reachable_regions: reachable.len(), invariants })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flatten::arrays::{Ghost, LargeArray};
    use crate::flatten::RegInfo;

    /// Two large arrays of 100 `int`s with ghost cells `(k, g)`: registers 0–2 and 3–5.
    fn two_arrays() -> Flat {
        let reg = |name: &str, width: u32| RegInfo { name: name.into(), width, cell: false, ptr: false };
        let regs = vec![reg("a~k", 64), reg("a~g", 32), reg("a~at", 1), reg("b~k", 64), reg("b~g", 32), reg("b~at", 1)];
        let mut flat = crate::generalize::two_block_flat(regs, Vec::new(), Vec::new());
        let array = |name: &str, first: u32| LargeArray {
            name: name.into(),
            shadow: crate::flatten::arrays::Shadow::Sparse,
            cells: 100,
            len: 4,
            pinned: Vec::new(),
            ghost: Ghost { k: first, g: first + 1, at: first + 2 },
            early: true,
        };
        flat.arrays = vec![array("a", 0), array("b", 3)];
        flat
    }

    #[test]
    fn a_fact_over_two_ghost_cells_is_instantiated_at_a_pair_of_reads() {
        let flat = two_arrays();
        let opts = Options::default();
        let mut cx = Ctx::new(&flat, &opts);
        // ∀ka, kb. ka ≠ kb ∨ gb == ga + 1.
        let (ka, ga, kb, gb) = (cx.canon[0], cx.canon[1], cx.canon[3], cx.canon[4]);
        let apart = cx.tm.eq(ka, kb);
        let apart = cx.tm.not(apart);
        let one = cx.tm.bv_u64(32, 1);
        let next = cx.tm.bvadd(ga, one);
        let same = cx.tm.eq(gb, next);
        let fact = cx.tm.or(apart, same);
        // A read of each array at one offset, values unknown.
        let o = cx.tm.var("o", vigil_bv::Sort::BitVec(64));
        let va = cx.tm.var("va", vigil_bv::Sort::BitVec(32));
        let vb = cx.tm.var("vb", vigil_bv::Sort::BitVec(32));
        let reads = [symbolic::ArrayRead { array: 0, off: o, value: va }, symbolic::ArrayRead { array: 1, off: o, value: vb }];
        let inst = cx.ghost_instances(&[fact], &reads);
        let want = cx.tm.bvadd(va, one);
        let wrong = cx.tm.eq(vb, want);
        let wrong = cx.tm.not(wrong);
        assert_eq!(cx.sat(&[inst, wrong]), Sat::No, "the pair's instance gives vb == va + 1");
        // One read alone leaves the other array's ghost cell free: no claim about the values.
        let inst1 = cx.ghost_instances(&[fact], &reads[1..]);
        assert_eq!(cx.sat(&[inst1, wrong]), Sat::Yes);
    }
}
