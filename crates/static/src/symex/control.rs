//! Control flow on the unrolled acyclic graph (thesis §2.3.2, §3.2.1): the control-flow context
//! of each node, gated terms for φs and memory merges (the gating path expression of a node with
//! each predecessor replaced by its value), terminators, and the function's exit (its summary).
//!
//! Invariants: nodes are entered in reverse post-order, so every predecessor's context and
//! definitions exist when a node is entered; the context of a node is the disjunction over its
//! predecessors of their end context and edge condition.

use super::*;

impl FunctionExecutor<'_> {
    /// Context at the start of `n`, and pending memory merges.
    pub(super) fn enter(&mut self, n: u32) {
        let ctx = if n == 0 {
            self.w.tm.tt()
        } else {
            let mut c = self.w.tm.ff();
            let preds: Vec<u32> = self.un.graph.preds(n).to_vec();
            for p in preds {
                let e = self.edge_cond(p, n);
                let pc = self.w.tm.and(self.ctx_end[p as usize], e);
                c = self.w.tm.or(c, pc);
            }
            c
        };
        self.ctx = ctx;
        let pending = std::mem::take(&mut self.pending[n as usize]);
        for loc in pending {
            let preds: Vec<u32> = self.un.graph.preds(n).to_vec();
            let mut leaves = HashMap::new();
            for p in preds {
                let v = self.read_at(loc, p);
                leaves.insert(p, v);
            }
            let v = self.gate(n, &leaves);
            self.node_defs[n as usize].insert(loc, v);
        }
    }

    pub(super) fn edge_cond(&self, p: u32, n: u32) -> TermId {
        let i = self.un.succs[p as usize].iter().position(|&(m, _)| m == n).expect("edge exists");
        self.econd[p as usize][i]
    }

    /// The gated term selecting `leaves[p]` by the gating path expression of `n`.
    pub(super) fn gate(&mut self, n: u32, leaves: &HashMap<u32, TermId>) -> TermId {
        let Some(g) = self.gp.of(n) else {
            return self.free_var("unreachable", leaves.values().next().map_or(1, |&t| self.w.tm.width(t)));
        };
        let mut memo = HashMap::new();
        self.gate_expr(g, leaves, &mut memo).unwrap_or_else(|| {
            let &t = leaves.values().next().expect("a merge node has predecessors");
            t
        })
    }

    pub(super) fn gate_expr(&mut self, g: GateId, leaves: &HashMap<u32, TermId>, memo: &mut HashMap<GateId, Option<TermId>>) -> Option<TermId> {
        if let Some(&r) = memo.get(&g) {
            return r;
        }
        let r = match self.gp.expr(g).clone() {
            GatingExpr::Empty => None,
            GatingExpr::Pred(p) => leaves.get(&p).copied(),
            GatingExpr::Branch { node, arms } => {
                let mut alts: Vec<(TermId, TermId)> = Vec::new();
                for (i, a) in arms.iter().enumerate() {
                    if let Some(t) = self.gate_expr(*a, leaves, memo) {
                        alts.push((self.econd[node as usize][i], t));
                    }
                }
                let mut it = alts.into_iter().rev();
                it.next().map(|(_, last)| it.fold(last, |acc, (c, t)| self.w.tm.ite(c, t, acc)))
            }
        };
        memo.insert(g, r);
        r
    }

    pub(super) fn phi(&mut self, n: u32, incoming: &[(BlockId, Operand)], wd: u32) -> TermId {
        let preds: Vec<u32> = self.un.graph.preds(n).to_vec();
        let mut leaves = HashMap::new();
        for p in preds {
            let pb = self.un.nodes[p as usize].block.expect("real predecessor");
            if let Some(&(_, op)) = incoming.iter().find(|(b, _)| *b == pb) {
                let v = self.operand_at(op, p);
                leaves.insert(p, v);
            }
        }
        if leaves.is_empty() {
            return self.free_var("phi", wd);
        }
        self.gate(n, &leaves)
    }

    pub(super) fn terminator(&mut self, n: u32, term: &Terminator) -> Result<(), SkipReason> {
        let succs = self.un.succs[n as usize].clone();
        let mut conds = Vec::with_capacity(succs.len());
        match term {
            Terminator::Ret { .. } | Terminator::Br { .. } => {
                for _ in &succs {
                    conds.push(self.w.tm.tt());
                }
            }
            Terminator::CondBr { cond, if_true, if_false } => {
                let c = self.operand(*cond);
                let cb = symbolic::to_bool(&mut self.w.tm, c);
                let nc = self.w.tm.not(cb);
                for &(_, s) in &succs {
                    conds.push(if if_true == if_false {
                        self.w.tm.tt()
                    } else if s == *if_true {
                        cb
                    } else {
                        nc
                    });
                }
                // A cut edge (loop bound reached) is excluded from the context by construction.
            }
            Terminator::Switch { val, cases, default } => {
                let v = self.operand(*val);
                let wd = self.w.tm.width(v);
                let mut hits = Vec::new();
                for &(k, t) in cases {
                    let kc = self.w.tm.bv_u64(wd, k);
                    hits.push((self.w.tm.eq(v, kc), t));
                }
                for &(_, s) in &succs {
                    let mut c = self.w.tm.ff();
                    for &(h, t) in &hits {
                        if t == s {
                            c = self.w.tm.or(c, h);
                        }
                    }
                    if s == *default {
                        let mut none = self.w.tm.tt();
                        for &(h, _) in &hits {
                            let nh = self.w.tm.not(h);
                            none = self.w.tm.and(none, nh);
                        }
                        c = self.w.tm.or(c, none);
                    }
                    conds.push(c);
                }
            }
            Terminator::Unreachable => {
                self.ctx = self.w.tm.ff();
            }
            Terminator::Unsupported { construct } => return Err(format!("unsupported terminator: {construct}")),
        }
        self.econd[n as usize] = conds;
        Ok(())
    }

    /// At the virtual exit: the return value, the final values of modified locations and the
    /// context under which the function returns make the summary.
    pub(super) fn finish_exit(&mut self) {
        let x = self.un.exit;
        self.node = x;
        let reachable = self.dom.is_reachable(x);
        let ret_w = self.width_of(self.f.ret_ty);
        let ret = if ret_w == 0 {
            None
        } else if !reachable {
            Some(self.free_var("no-return", ret_w.min(MAX_VALUE_BITS)))
        } else {
            let preds: Vec<u32> = self.un.graph.preds(x).to_vec();
            let mut leaves = HashMap::new();
            for p in preds {
                let b = self.un.nodes[p as usize].block.expect("real");
                if let Terminator::Ret { val: Some(op) } = self.f.blocks[b.index()].term {
                    let v = self.operand_at(op, p);
                    leaves.insert(p, v);
                }
            }
            if leaves.is_empty() {
                Some(self.free_var("no-return", ret_w))
            } else {
                Some(self.gate(x, &leaves))
            }
        };
        let cfc = if reachable { self.ctx } else { self.w.tm.ff() };
        let written = self.written.clone();
        let mut effects = Vec::new();
        for l in written {
            let v = if reachable { self.read_at(l, x) } else { self.initial(l) };
            effects.push((l, v));
        }
        self.w.summaries[self.fid.index()] = Some(Summary {
            params: self.params.clone(),
            inlocs: self.inlocs.clone(),
            ret,
            effects,
            cfc,
        });
    }
}
