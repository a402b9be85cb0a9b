//! The heap, as far as it is static: a `malloc(n)` or `calloc(k, s)` of constant size whose
//! call runs at most once (its flat block is on no cycle of the flat CFG, checked when
//! flattening finishes) is one more object of the memory model, with a liveness register (of
//! a variable size, an object whose size is an expression over a register: [`super::sized`]);
//! `free` of it clears the register. Pointers compare as the VM compares them where the
//! flattening knows the answer: with static offsets in `[0, 2^32)` (the VM's pointer is
//! `(object << 32) | offset`), an object's address is never null, two distinct objects never
//! share an address, and two addresses of one object compare by offset.
//!
//! Invariants:
//! * Allocation succeeds (the VM's default; [`crate::Options::malloc_can_fail`] makes the engine
//!   decline programs that allocate). `malloc`'s bytes are undefined, `calloc`'s zero.
//! * Every access to a heap object, and every `free` of it, is preceded by a [`FInst::Check`] of
//!   its liveness register: a use after free or a double free is undefined behaviour (an error
//!   region: `unknown` under unreach-call, never a verdict). A `free` of anything but the start
//!   of a heap object always fails its check; `free(NULL)` does nothing.
//! * An allocation at a site on a cycle of its function's control flow stands for a few objects
//!   used in turn ([`super::pointers`]); any other allocation that may run twice (a site in a
//!   callee inlined into a loop) and `realloc` make flattening fail.
//! * Leaks are checked where `main` returns. An execution that loses an object and then loops
//!   forever never gets there, so under valid-memsafety a proof of a program that allocates and
//!   has a loop counts only when a second proof, of [`super::reach::with_loop_head_checks`],
//!   shows that every heap object allocated when a loop head is entered is still reachable
//!   (an infinite execution enters some loop head again and again, and a lost object stays
//!   allocated and unreachable); see [`crate::check`].

use super::*;

/// Whether an offset stays inside the VM's offset word (a pointer is `(object << 32) | offset`),
/// so that pointers to distinct objects, and to an object and null, differ.
fn in_object_word(off: i64) -> bool {
    (0..1 << 32).contains(&off)
}

impl<'m> Builder<'m> {
    /// A `Check` of `obj`'s liveness register, when it is a heap object or block-scoped.
    pub(super) fn check_alive(&mut self, cur: u32, loc: Loc, obj: u32) {
        let o = &self.objs[obj as usize];
        if let Some(a) = o.alive.filter(|_| o.heap || o.scoped) {
            self.emit(cur, loc, FInst::Check { c: Opnd::Reg(a), what: "access to freed memory", kind: CheckKind::Memory });
        }
    }

    fn const_arg(&self, o: Option<&Operand>) -> Option<u64> {
        match o? {
            Operand::Const(c) => match self.m.konst(*c) {
                Const::Int { bits, .. } => Some(*bits),
                _ => None,
            },
            _ => None,
        }
    }

    /// `malloc`, `calloc` and `free` declared externally (the runtime's); None for any other
    /// function. Returns the block lowering continues in.
    pub(super) fn lower_heap_call(&mut self, f: FuncId, fr: &mut Frame, cur: u32, inst: &vigil_ir::Inst, name: &str, args: &[Operand]) -> Result<Option<u32>, Unsupported> {
        let loc = inst.loc;
        let m = self.m;
        match name {
            "malloc" | "calloc" => {
                let size = if name == "malloc" {
                    self.const_arg(args.first())
                } else {
                    self.const_arg(args.first()).zip(self.const_arg(args.get(1))).and_then(|(k, s)| k.checked_mul(s))
                };
                if size.is_none() {
                    // A variable size ([`super::sized`]): malloc(count) is `count` bytes;
                    // calloc(k, s) needs one constant argument, the element size.
                    let Some(d) = inst.dest else { return Ok(Some(cur)) };
                    let (count, elem, kind) = match name {
                        "malloc" => (args.first().copied(), 1, super::sized::SizedKind::Malloc),
                        _ => match (self.const_arg(args.first()), self.const_arg(args.get(1))) {
                            (None, Some(s)) => (args.first().copied(), s, super::sized::SizedKind::Calloc),
                            (Some(k), None) => (args.get(1).copied(), k, super::sized::SizedKind::Calloc),
                            _ => (None, 0, super::sized::SizedKind::Calloc),
                        },
                    };
                    let count = count.ok_or_else(|| Unsupported(format!("memory: {name} of a variable size at {}", m.describe_loc(loc))))?;
                    self.alloc_sized(f, fr, cur, loc, d, count, elem, kind)?;
                    return Ok(Some(cur));
                }
                let size = size.filter(|&n| n <= 1 << 20).ok_or_else(|| {
                    Unsupported(format!("memory: {name} of a variable size at {}", m.describe_loc(loc)))
                })?;
                let Some(d) = inst.dest else { return Ok(Some(cur)) };
                if self.call_in_loop || self.on_cycle(f, self.ir_at) {
                    // Several objects from one site ([`super::pointers`]).
                    let p = self.alloc_in_loop(f, cur, loc, size, name == "calloc")?;
                    fr.vals.insert(d.0, Val::Reg(p));
                    return Ok(Some(cur));
                }
                let fname = &m.function(f).name;
                let oname = format!("{fname}:heap@{}", loc.line);
                let alive = self.new_reg(format!("{oname}.alive"), 1);
                self.objs.push(Obj { name: oname, size, cells: Vec::new(), global_init: None, alive: Some(alive), heap: true, shape: None, escaped: false, scoped: false, constant: false, dyn_size: None });
                let obj = (self.objs.len() - 1) as u32;
                fr.vals.insert(d.0, Val::Ptr(StaticPtr { obj, off: 0 }));
                self.emit(cur, loc, FInst::Copy { dst: alive, v: Opnd::Const { bits: 1, width: 1 } });
                let at = self.blocks[cur as usize].insts.len();
                self.pending.push(if name == "malloc" {
                    Pending::Havoc { block: cur as usize, at, obj }
                } else {
                    Pending::Fill { block: cur as usize, at, obj, off: 0, bytes: vec![0; size as usize], loc }
                });
                self.alloc_sites.push((cur, loc));
                Ok(Some(cur))
            }
            "free" => {
                let Some(&a) = args.first() else { return Ok(None) };
                if let Operand::Const(c) = a {
                    if matches!(m.konst(c), Const::Null) {
                        return Ok(Some(cur));
                    }
                }
                let p = match self.any_ptr(fr, a, loc)? {
                    AnyPtr::Reg { reg, disp } => {
                        self.defer_access(cur, loc, reg, disp, 0, 1, super::pointers::PtrOp::Free);
                        return Ok(Some(cur));
                    }
                    _ => self.static_ptr(fr, a, loc)?,
                };
                match self.objs[p.obj as usize].alive.filter(|_| self.objs[p.obj as usize].heap) {
                    Some(alive) if p.off == 0 => {
                        self.emit(cur, loc, FInst::Check { c: Opnd::Reg(alive), what: "free of freed memory", kind: CheckKind::Memory });
                        self.emit(cur, loc, FInst::Copy { dst: alive, v: Opnd::Const { bits: 0, width: 1 } });
                    }
                    _ => self.emit(cur, loc, FInst::Check { c: Opnd::Const { bits: 0, width: 1 }, what: "free of a pointer malloc did not return", kind: CheckKind::Memory }),
                }
                Ok(Some(cur))
            }
            _ => Ok(None),
        }
    }

    /// Whether `o` is a pointer (so an `icmp` of it compares addresses).
    pub(super) fn is_ptr_operand(&self, func: &vigil_ir::Function, o: Operand) -> bool {
        match o {
            Operand::Value(v) => self.m.types.is_ptr(func.value(v).ty),
            Operand::Const(c) => matches!(self.m.konst(c), Const::Null | Const::Ptr { .. }),
        }
    }

    /// An `icmp` of addresses, when the flattening knows its result (see the module doc); else
    /// unsupported.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn lower_ptr_icmp(&mut self, f: FuncId, fr: &mut Frame, cur: u32, inst: &vigil_ir::Inst, pred: ICmpPred, lhs: Operand, rhs: Operand) -> Result<(), Unsupported> {
        let loc = inst.loc;
        let unsupported = || Unsupported(format!("memory: pointer comparison at {}", self.m.describe_loc(loc)));
        let is_null = |o: Operand| matches!(o, Operand::Const(c) if matches!(self.m.konst(c), Const::Null));
        let in_reg = |me: &mut Self, o: Operand| matches!(me.any_ptr(fr, o, loc), Ok(AnyPtr::Reg { .. }));
        if (in_reg(self, lhs) || in_reg(self, rhs)) && matches!(pred, ICmpPred::Eq | ICmpPred::Ne) {
            // A pointer register: the encodings compare as the addresses do ([`super::pointers`]).
            let a = self.opnd(f, fr, lhs, loc)?;
            let b = self.opnd(f, fr, rhs, loc)?;
            // Two dangling pointers ([`super::pointers`]) no longer tell their objects apart.
            let mut dang = Vec::new();
            for x in [a, b] {
                let h = self.new_reg("cmp.obj".into(), 64);
                self.emit(cur, loc, FInst::Bin { dst: h, op: BinOp::LShr, w: 64, a: x, b: Opnd::Const { bits: 32, width: 64 }, nsw: false });
                let d = self.new_reg("cmp.dangling".into(), 1);
                self.emit(cur, loc, FInst::ICmp { dst: d, pred: ICmpPred::Eq, w: 64, a: Opnd::Reg(h), b: Opnd::Const { bits: super::pointers::DANGLING_HI, width: 64 } });
                dang.push(d);
            }
            let both = self.new_reg("cmp.both".into(), 1);
            self.emit(cur, loc, FInst::Bin { dst: both, op: BinOp::And, w: 1, a: Opnd::Reg(dang[0]), b: Opnd::Reg(dang[1]), nsw: false });
            let fine = self.new_reg("cmp.fine".into(), 1);
            self.emit(cur, loc, FInst::Bin { dst: fine, op: BinOp::Xor, w: 1, a: Opnd::Reg(both), b: Opnd::Const { bits: 1, width: 1 }, nsw: false });
            self.emit(cur, loc, FInst::Check { c: Opnd::Reg(fine), what: "comparison of two pointers to freed memory (not modelled)", kind: CheckKind::Ub });
            // Into different objects, neither null: each must point strictly inside a live
            // object, or the platform's addresses could make them equal.
            let k = |bits: u64, width: u32| Opnd::Const { bits, width };
            let mut guard = Opnd::Const { bits: 1, width: 1 };
            for x in [a, b] {
                let nn = self.new_reg("cmp.nonnull".into(), 1);
                self.emit(cur, loc, FInst::ICmp { dst: nn, pred: ICmpPred::Ne, w: 64, a: x, b: k(0, 64) });
                let g = self.new_reg("cmp.guard".into(), 1);
                self.emit(cur, loc, FInst::Bin { dst: g, op: BinOp::And, w: 1, a: guard, b: Opnd::Reg(nn), nsw: false });
                guard = Opnd::Reg(g);
            }
            let his: Vec<u32> = [a, b]
                .iter()
                .map(|&x| {
                    let h = self.new_reg("cmp.obj".into(), 64);
                    self.emit(cur, loc, FInst::Bin { dst: h, op: BinOp::LShr, w: 64, a: x, b: k(32, 64), nsw: false });
                    h
                })
                .collect();
            let apart = self.new_reg("cmp.apart".into(), 1);
            self.emit(cur, loc, FInst::ICmp { dst: apart, pred: ICmpPred::Ne, w: 64, a: Opnd::Reg(his[0]), b: Opnd::Reg(his[1]) });
            let g = self.new_reg("cmp.guard".into(), 1);
            self.emit(cur, loc, FInst::Bin { dst: g, op: BinOp::And, w: 1, a: guard, b: Opnd::Reg(apart), nsw: false });
            for x in [a, b] {
                let reg = match x {
                    Opnd::Reg(r) => r,
                    _ => {
                        let r = self.new_ptr_reg("cmp.ptr".into());
                        self.emit(cur, loc, FInst::Copy { dst: r, v: x });
                        r
                    }
                };
                self.defer_access(cur, loc, reg, 0, 0, 1, super::pointers::PtrOp::Compared { guard: g });
            }
            let dst = self.reg_of_value(f, fr, inst.dest.expect("icmp dest"), loc)?;
            self.emit(cur, loc, FInst::ICmp { dst, pred, w: 64, a, b });
            return Ok(());
        }
        let known = match (is_null(lhs), is_null(rhs)) {
            (true, true) => Some(true),
            (false, true) | (true, false) => {
                let p = if is_null(lhs) { rhs } else { lhs };
                match self.any_ptr(fr, p, loc).map_err(|_| unsupported())? {
                    AnyPtr::Static(x) if in_object_word(x.off) => Some(false),
                    _ => None,
                }
            }
            (false, false) => {
                let (a, b) = (self.any_ptr(fr, lhs, loc).map_err(|_| unsupported())?, self.any_ptr(fr, rhs, loc).map_err(|_| unsupported())?);
                match (a, b) {
                    (AnyPtr::Static(x), AnyPtr::Static(y)) if !in_object_word(x.off) || !in_object_word(y.off) => None,
                    (AnyPtr::Static(x), AnyPtr::Static(y)) if x.obj != y.obj => {
                        // Natively, a pointer just past one object may be the next one's
                        // address, and a dead object's address may be a live one's.
                        for p in [x, y] {
                            let ob = &self.objs[p.obj as usize];
                            // (An object of variable size may end before the offset.)
                            if p.off >= ob.size as i64 || ob.dyn_size.is_some() {
                                return Err(unsupported());
                            }
                            if let Some(al) = ob.alive {
                                self.emit(cur, loc, FInst::Check { c: Opnd::Reg(al), what: super::pointers::COMPARED_OUTSIDE_LIVE, kind: CheckKind::Ub });
                            }
                        }
                        Some(false)
                    }
                    (AnyPtr::Static(x), AnyPtr::Static(y)) => Some(x.off == y.off),
                    _ => None,
                }
            }
        };
        let equal = known.ok_or_else(unsupported)?;
        let result = match pred {
            ICmpPred::Eq => equal,
            ICmpPred::Ne => !equal,
            _ => return Err(unsupported()),
        };
        let dst = self.reg_of_value(f, fr, inst.dest.expect("icmp dest"), loc)?;
        self.emit(cur, loc, FInst::Copy { dst, v: Opnd::Const { bits: u64::from(result), width: 1 } });
        Ok(())
    }

    /// Fails when a heap allocation's block lies on a cycle of the flat CFG (it could run
    /// more than once, and one object would stand for several).
    pub(super) fn check_alloc_sites(&self) -> Result<(), Unsupported> {
        for &(site, loc) in &self.alloc_sites {
            let mut seen = vec![false; self.blocks.len()];
            let mut stack: Vec<u32> = self.blocks[site as usize].term.edges().iter().map(|e| e.target).collect();
            while let Some(b) = stack.pop() {
                if b == site {
                    return Err(Unsupported(format!("memory: allocation in a loop at {}", self.m.describe_loc(loc))));
                }
                if std::mem::replace(&mut seen[b as usize], true) {
                    continue;
                }
                stack.extend(self.blocks[b as usize].term.edges().iter().map(|e| e.target));
            }
        }
        Ok(())
    }

    /// Before `main` returns and before `exit`/`abort`, a check per heap object that it is no
    /// longer allocated ([`CheckKind::Leak`], [`CheckKind::LeakAtExit`]).
    pub(super) fn add_leak_checks(&mut self) {
        let alive: Vec<u32> = self.objs.iter().filter(|o| o.heap).filter_map(|o| o.alive).collect();
        if alive.is_empty() {
            return;
        }
        // Not allocated before its allocation runs.
        for &a in &alive {
            self.blocks[0].insts.push(FInst::Copy { dst: a, v: Opnd::Const { bits: 0, width: 1 } });
            self.blocks[0].locs.push(Loc::UNKNOWN);
        }
        for b in 0..self.blocks.len() {
            let exit_at = self.blocks[b].insts.iter().position(|i| matches!(i, FInst::Exit));
            let (at, kind, what) = match (exit_at, &self.blocks[b].term) {
                (Some(at), _) => (at, CheckKind::LeakAtExit, "memory still allocated at exit"),
                (None, FTerm::Return) if !self.blocks[b].insts.iter().any(|i| matches!(i, FInst::Error { .. })) => {
                    (self.blocks[b].insts.len(), CheckKind::Leak, "memory still allocated when main returns")
                }
                _ => continue,
            };
            let loc = if at < self.blocks[b].locs.len() { self.blocks[b].locs[at] } else { self.blocks[b].term_loc };
            let mut code = Vec::new();
            for &a in &alive {
                let freed = self.new_reg("leak.freed".into(), 1);
                code.push(FInst::ICmp { dst: freed, pred: ICmpPred::Eq, w: 1, a: Opnd::Reg(a), b: Opnd::Const { bits: 0, width: 1 } });
                code.push(FInst::Check { c: Opnd::Reg(freed), what, kind });
            }
            let n = code.len();
            let blk = &mut self.blocks[b];
            blk.insts.splice(at..at, code);
            blk.locs.splice(at..at, std::iter::repeat(loc).take(n));
        }
    }
}

