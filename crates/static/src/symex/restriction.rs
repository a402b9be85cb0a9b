//! Memory as definitions per abstract location (thesis §3.2.1, the read and write restriction
//! operators): writes record a definition at their node and schedule merges on the iterated
//! dominance frontier; reads take the definition at the node or at its closest dominator that
//! has one; a location never written reads its entry value (a parameter's in-location variable,
//! a global's initialiser in `main`, or a free variable). Loads and stores resolve a pointer term
//! into the locations it may designate ([`crate::memory::targets`]) and record the checks of a
//! dereference.
//!
//! Invariant: a check recorded at a point conjoins its safety condition into the context, since a
//! concrete execution that faults stops there (`bad = context ∧ ¬safe`).

use super::*;

impl FunctionExecutor<'_> {
    pub(super) fn is_local(&self, b: Base) -> bool {
        matches!(b, Base::Alloca(..) | Base::Func(_) | Base::Reg(..))
    }

    /// The value of `loc` on entry to the function.
    pub(super) fn initial(&mut self, loc: Loc) -> TermId {
        if let Some(&v) = self.init.get(&loc) {
            return v;
        }
        let width = loc.bytes * 8;
        let v = match loc.base {
            Base::Reg(_, bits) => self.free_var("no-definition", bits),
            Base::Alloca(..) | Base::Func(_) => {
                let v = self.free_var("uninit", width);
                self.undef_vars.insert(v);
                v
            }
            Base::Global(g) if self.is_main => self.global_initial(g, loc),
            // The object of a `calloc` site starts zeroed (one node per site: its first
            // allocation, as seen from main).
            Base::Heap(..) if self.is_main && self.w.objects.zeroed.contains(&loc.base) => self.w.tm.bv_u64(width, 0),
            Base::Global(_) | Base::Heap(..) if !self.is_main => self.inloc_var(loc),
            Base::Term(t)
                if !self.is_main && matches!(self.w.kinds.get(&t), Some(VarKind::Param { .. } | VarKind::InLoc { .. })) =>
            {
                self.inloc_var(loc)
            }
            _ => self.free_var("unknown-memory", width),
        };
        self.init.insert(loc, v);
        v
    }

    pub(super) fn inloc_var(&mut self, loc: Loc) -> TermId {
        let name = format!("{}:in{}", self.f.name, self.inlocs.len());
        let v = self.w.new_var(&name, loc.bytes * 8, VarKind::InLoc { func: self.fid });
        self.inlocs.push((loc, v));
        v
    }

    pub(super) fn global_initial(&mut self, g: u32, loc: Loc) -> TermId {
        let width = loc.bytes * 8;
        let glob = self.m.global(vigil_ir::GlobalId(g));
        let (Some(init), Some(off)) = (glob.init.clone(), loc.off) else {
            return self.free_var("global", width);
        };
        if off < 0 || off as u64 + u64::from(loc.bytes) > glob.size {
            return self.free_var("global-oob", width);
        }
        let (lo, hi) = (off as u64, off as u64 + u64::from(loc.bytes));
        if init.undef.iter().any(|&(o, l)| o < hi && lo < o + l) {
            return self.free_var("global-undef", width);
        }
        let relocs: Vec<_> = init.relocs.iter().filter(|r| r.offset < hi && lo < r.offset + u64::from(r.size)).collect();
        match relocs.as_slice() {
            [] => self.bytes_const(&init.bytes, off as usize, width),
            [r] if r.offset == lo && u64::from(r.size) == u64::from(loc.bytes) => {
                let a = self.target_addr(r.target).wrapping_add(r.addend as u64);
                self.w.tm.bv_u64(width, a)
            }
            _ => self.free_var("global-reloc", width),
        }
    }

    pub(super) fn iterated_frontier(&mut self, n: u32) -> Vec<u32> {
        if let Some(v) = self.idf.get(&n) {
            return v.clone();
        }
        let v = self.df.iterated([n]);
        self.idf.insert(n, v.clone());
        v
    }

    /// The write restriction: a definition of `loc` at the current node.
    pub(super) fn write(&mut self, loc: Loc, v: TermId) {
        let n = self.node;
        let first = self.node_defs[n as usize].insert(loc, v).is_none();
        if first {
            for y in self.iterated_frontier(n) {
                if self.marked.insert((y, loc)) {
                    self.pending[y as usize].push(loc);
                }
            }
        }
        if !self.is_local(loc.base) && self.written_set.insert(loc) {
            self.written.push(loc);
        }
    }

    /// A memory write of `v` to `loc`, also spliced into every known access shape of the same
    /// object that overlaps it (so a 4-byte field read after an 8-byte store, or the reverse,
    /// sees the bytes written; little-endian).
    pub(super) fn write_mem(&mut self, loc: Loc, v: TermId) {
        self.write(loc, v);
        let Some(off) = loc.off else { return };
        let shapes: Vec<(i64, u32)> = self.shapes.get(&loc.base).cloned().unwrap_or_default();
        let end = off + i64::from(loc.bytes);
        for (o, k) in shapes {
            let oend = o + i64::from(k);
            if (o, k) == (off, loc.bytes) || oend <= off || end <= o || k * 8 > MAX_VALUE_BITS {
                continue;
            }
            let (s, e) = (off.max(o), end.min(oend));
            let piece = self.w.tm.extract(v, ((e - off) * 8 - 1) as u32, ((s - off) * 8) as u32);
            let sl = Loc { base: loc.base, off: Some(o), bytes: k };
            let nv = if s == o && e == oend {
                piece
            } else {
                let old = self.read(sl);
                match self.insert_bits(old, piece, ((s - o) * 8) as u32) {
                    Ok(t) => t,
                    Err(_) => continue,
                }
            };
            self.write(sl, nv);
        }
    }

    /// The read restriction: the definition at `n` or its closest dominator.
    pub(super) fn read_at(&mut self, loc: Loc, n: u32) -> TermId {
        let mut x = n;
        loop {
            if let Some(&v) = self.node_defs[x as usize].get(&loc) {
                return v;
            }
            match self.dom.idom(x) {
                Some(p) if p != x => x = p,
                _ => break,
            }
        }
        self.initial(loc)
    }

    pub(super) fn read(&mut self, loc: Loc) -> TermId {
        self.read_at(loc, self.node)
    }

    /// Locations a pointer may designate (non-NULL alternatives), for an access of `bytes`.
    pub(super) fn locations(&mut self, p: TermId, bytes: u32) -> Vec<(TermId, Loc)> {
        targets(&mut self.w.tm, &self.w.objects, p)
            .into_iter()
            .filter_map(|(g, t)| match t {
                Target::Null => None,
                Target::At(base, off) => Some((g, Loc { base, off, bytes })),
            })
            .collect()
    }

    /// Adds a check `safe` (reported as `kind` if that property is on) and assumes it after.
    pub(super) fn check(&mut self, kind: ReportKind, safe: TermId, loc: vigil_ir::Loc) {
        let tt = self.w.tm.tt();
        if safe == tt {
            return;
        }
        if self.opts.properties.contains(kind) {
            let ns = self.w.tm.not(safe);
            let bad = self.w.tm.and(self.ctx, ns);
            let idx = self.out.checks.len() as u32;
            self.out.checks.push(Check { kind, loc, bad });
            self.out.events.push((self.ctx, Event::Check { check: idx }));
        }
        self.ctx = self.w.tm.and(self.ctx, safe);
    }

    pub(super) fn deref_check(&mut self, p: TermId, loc: vigil_ir::Loc) {
        let safe = if self.undef_vars.contains(&p) {
            self.w.tm.ff()
        } else {
            let z = self.w.tm.bv_u64(64, 0);
            let e = self.w.tm.eq(p, z);
            self.w.tm.not(e)
        };
        self.check(ReportKind::NullDeref, safe, loc);
    }

    pub(super) fn load(&mut self, p: TermId, ty: TypeId) -> Result<TermId, SkipReason> {
        let bytes = self.m.types.store_size(ty) as u32;
        let wd = self.width_of(ty);
        if bytes == 0 || bytes * 8 > MAX_VALUE_BITS {
            return Err(format!("load of {bytes} bytes"));
        }
        let alts = self.locations(p, bytes);
        let mut vals: Vec<(TermId, TermId)> = Vec::new();
        for (g, l) in alts {
            let v = self.read(l);
            vals.push((g, v));
        }
        let raw = match vals.pop() {
            None => self.free_var("null-load", bytes * 8),
            Some((_, last)) => vals.into_iter().rev().fold(last, |acc, (g, v)| self.w.tm.ite(g, v, acc)),
        };
        Ok(self.fit(raw, wd))
    }

    pub(super) fn fit(&mut self, t: TermId, wd: u32) -> TermId {
        let have = self.w.tm.width(t);
        if have == wd {
            t
        } else if have > wd {
            self.w.tm.extract(t, wd - 1, 0)
        } else {
            self.w.tm.zero_extend(t, wd - have)
        }
    }

    pub(super) fn store(&mut self, p: TermId, v: TermId, ty: TypeId) -> Result<(), SkipReason> {
        let bytes = self.m.types.store_size(ty) as u32;
        if bytes == 0 || bytes * 8 > MAX_VALUE_BITS {
            return Err(format!("store of {bytes} bytes"));
        }
        let v = self.fit(v, bytes * 8);
        let alts = self.locations(p, bytes);
        let tt = self.w.tm.tt();
        let single = alts.len() == 1;
        for (g, l) in alts {
            let nv = if single || g == tt {
                v
            } else {
                let old = self.read(l);
                self.w.tm.ite(g, v, old)
            };
            self.write_mem(l, nv);
        }
        Ok(())
    }
}
