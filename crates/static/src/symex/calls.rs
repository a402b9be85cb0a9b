//! Calls (thesis §4.2.1): the SV-COMP functions (nondet, assume, error, allocation), external
//! functions (unconstrained results, no side effects), and calls of analysed functions through
//! their summaries: callee inputs are bound to the caller's terms, every effect becomes a summary
//! operator (unconstrained until refinement expands it), except pointer-sized effects whose
//! summary term is small, which are inlined so they can be dereferenced precisely.
//!
//! Invariant: a call site is recorded with the context under which it is reached, so a VC lifted
//! through it (crate docs, "VC lifting") is conjoined with that context.

use super::*;
use vigil_ir::svcomp::{self, Role};

impl FunctionExecutor<'_> {
    pub(super) fn call(&mut self, callee: &Callee, args: &[Operand], ret_ty: TypeId, loc: vigil_ir::Loc) -> Result<Option<TermId>, SkipReason> {
        let wd = self.width_of(ret_ty);
        let Callee::Direct(g) = *callee else {
            return Ok((wd > 0).then(|| self.free_var("indirect-call", wd.min(MAX_VALUE_BITS))));
        };
        let gf = self.m.function(g);
        let name = gf.name.as_str();
        match svcomp::role(name) {
            Some(Role::Error | Role::AssertFail) => {
                let ff = self.w.tm.ff();
                self.check(ReportKind::Assertion, ff, loc);
                self.ctx = ff;
                return Ok(None);
            }
            Some(Role::Exit) => {
                self.ctx = self.w.tm.ff();
                return Ok(None);
            }
            // (Called without its condition — declared without a prototype — the VM stops at
            // "too few arguments"; this engine only loses the check, never claims anything.)
            Some(Role::Assert | Role::Assume) if args.is_empty() => return Ok(None),
            Some(Role::Assert) => {
                // `__VERIFIER_assert(cond)` (and a body-less `assert`, see
                // `vigil_frontend::conventions`): an error unless `cond`; the run goes on where
                // it holds.
                let c = self.operand(args[0]);
                let holds = symbolic::to_bool(&mut self.w.tm, c);
                self.check(ReportKind::Assertion, holds, loc);
                self.ctx = self.w.tm.and(self.ctx, holds);
                return Ok(None);
            }
            Some(Role::Assume) => {
                let c = self.operand(args[0]);
                let cb = symbolic::to_bool(&mut self.w.tm, c);
                self.ctx = self.w.tm.and(self.ctx, cb);
                return Ok(None);
            }
            _ => {}
        }
        match name {
            "malloc" | "calloc" | "realloc" | "valloc" | "alloca" | "__builtin_alloca" | "aligned_alloc" => {
                // Allocation never fails in this model (documented limitation: NULL results of
                // malloc are not explored, which can only lose bugs).
                let base = Base::Heap(self.fid, loc.line, loc.col);
                if name == "calloc" {
                    self.w.objects.zeroed.insert(base);
                }
                let a = self.w.objects.addr(base);
                return Ok(Some(self.w.tm.bv_u64(64, a)));
            }
            "free" => return Ok(None),
            _ => {}
        }
        if svcomp::role(name) == Some(Role::Nondet) {
            if wd == 0 {
                return Ok(None);
            }
            let v = self.w.new_var(
                name,
                wd,
                VarKind::Local(LocalKind::Nondet { function: name.to_string(), width: wd }),
            );
            self.out.events.push((self.ctx, Event::Nondet { var: v, function: name.to_string(), width: wd }));
            return Ok(Some(v));
        }
        let actuals: Vec<TermId> = args.iter().map(|&a| self.operand(a)).collect();
        if gf.is_declaration() || self.w.summaries[g.index()].is_none() {
            if !gf.is_declaration() {
                self.out.broken_edges.push(format!("{} -> {}", self.f.name, gf.name));
            }
            return Ok((wd > 0).then(|| self.free_var("extern-ret", wd.min(MAX_VALUE_BITS))));
        }
        Ok(self.call_summary(g, &actuals, wd, loc))
    }

    /// Callee locations resolved in the caller's space under instance `j`.
    pub(super) fn resolve(&mut self, j: InstId, loc: Loc) -> Vec<(TermId, Loc)> {
        match loc.base {
            Base::Global(_) | Base::Heap(..) | Base::Func(_) => {
                let tt = self.w.tm.tt();
                vec![(tt, loc)]
            }
            Base::Alloca(..) | Base::Reg(..) => Vec::new(),
            Base::Term(t) => {
                let p = self.w.subst(j, t);
                self.locations(p, loc.bytes)
                    .into_iter()
                    .map(|(g, l)| {
                        let off = match (l.off, loc.off) {
                            (Some(a), Some(b)) => Some(a.wrapping_add(b)),
                            _ => None,
                        };
                        (g, Loc { off, ..l })
                    })
                    .collect()
            }
        }
    }

    /// A call of an analysed function (thesis §4.2.1): binds the callee's inputs, creates its
    /// summary operators, applies its memory effects and conjoins its control-flow context.
    pub(super) fn call_summary(&mut self, g: FuncId, actuals: &[TermId], wd: u32, loc: vigil_ir::Loc) -> Option<TermId> {
        let sum: Summary = self.w.summaries[g.index()].clone().expect("checked by the caller");
        let site = self.out.sites.len() as u32;
        let mut env = HashMap::new();
        for (i, &p) in sum.params.iter().enumerate() {
            let a = match actuals.get(i) {
                Some(&a) => {
                    let pw = self.w.tm.width(p);
                    self.fit(a, pw)
                }
                None => {
                    let pw = self.w.tm.width(p);
                    self.free_var("missing-arg", pw)
                }
            };
            env.insert(p, a);
        }
        let j = self.w.new_instance(g, env, site);
        for (l, var) in &sum.inlocs {
            let alts = self.resolve(j, *l);
            let mut vals: Vec<(TermId, TermId)> = Vec::new();
            for (gd, cl) in alts {
                let v = self.read(cl);
                vals.push((gd, v));
            }
            let v = match vals.pop() {
                None => self.free_var("unresolved-input", l.bytes * 8),
                Some((_, last)) => vals.into_iter().rev().fold(last, |acc, (gd, v)| self.w.tm.ite(gd, v, acc)),
            };
            self.w.instances[j as usize].env.insert(*var, v);
        }
        let ctx_at_call = self.ctx;
        self.out.sites.push(CallSite { callee: g, inst: j, ctx: ctx_at_call, loc });
        self.out.events.push((ctx_at_call, Event::Call { site }));
        let limit = self.opts.deref_inline_limit;
        let ret = match sum.ret {
            Some(t) if wd > 0 => {
                let r = if wd == 64 && self.w.dag_size(t, limit) <= limit {
                    self.w.subst(j, t)
                } else {
                    self.w.sumvar(j, Effect::Ret, self.w.tm.width(t))
                };
                Some(self.fit(r, wd))
            }
            _ => None,
        };
        // Effects, grouped by caller location: several effects on one location (pointer
        // parameters that alias here) get a fresh nondeterministic choice between them.
        let mut by_loc: Vec<(Loc, Vec<(TermId, TermId)>)> = Vec::new();
        for (k, (l, val)) in sum.effects.iter().enumerate() {
            let v = if l.bytes == 8 && self.w.dag_size(*val, limit) <= limit {
                self.w.subst(j, *val)
            } else {
                self.w.sumvar(j, Effect::Mem(k as u32), l.bytes * 8)
            };
            for (gd, cl) in self.resolve(j, *l) {
                match by_loc.iter_mut().find(|(x, _)| *x == cl) {
                    Some((_, list)) => list.push((gd, v)),
                    None => by_loc.push((cl, vec![(gd, v)])),
                }
            }
        }
        let tt = self.w.tm.tt();
        for (cl, list) in by_loc {
            let aliased = list.len() > 1;
            if aliased && list.iter().all(|&(gd, _)| gd == tt) {
                // Unconditionally aliased: the final value is one of the definitions.
                let mut it = list.into_iter().rev();
                let (_, last) = it.next().expect("non-empty");
                let mut cur = last;
                for (_, v) in it {
                    let choice = self.w.new_var("alias-choice", 0, VarKind::Local(LocalKind::Free));
                    cur = self.w.tm.ite(choice, v, cur);
                }
                self.write_mem(cl, cur);
                continue;
            }
            let mut cur: Option<TermId> = None;
            for (gd, v) in list {
                let gd = if aliased {
                    let choice = self.w.new_var("alias-choice", 0, VarKind::Local(LocalKind::Free));
                    self.w.tm.and(gd, choice)
                } else {
                    gd
                };
                let nv = if gd == tt {
                    v
                } else {
                    let old = match cur {
                        Some(c) => c,
                        None => self.read(cl),
                    };
                    self.w.tm.ite(gd, v, old)
                };
                cur = Some(nv);
            }
            if let Some(v) = cur {
                self.write_mem(cl, v);
            }
        }
        if sum.cfc != tt {
            let c = self.w.sumvar(j, Effect::Cfc, 0);
            self.ctx = self.w.tm.and(self.ctx, c);
        }
        ret
    }
}
