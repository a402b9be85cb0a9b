//! Pointers as values: an address stored in memory, passed through a φ, a `select`, a return
//! or a parameter is a 64-bit register holding the *encoding* `(object + 1) << 32 | offset`
//! of a modelled object (null is 0), and a load or store through such a register reads or
//! writes the cells of every object whose address was ever encoded, by case split on the
//! encoding (the "case split when the tests do not decide the aliasing" of DASH, Beckman et
//! al., ISSTA 2008, §3; here always exhaustive, so the preconditions stay exact).
//!
//! Invariants:
//! * An object whose address is encoded is *escaped*; a pointer register only ever holds the
//!   encoding of an escaped object's address, null, or an undefined value. Offsets stay in
//!   `[0, 2^32)` (checked where they are computed), so two encodings are equal exactly when the
//!   addresses are, as the VM compares pointers.
//! * Before an access of `len` bytes through a register `p + disp`, checks in this order: not
//!   null (a memory error), the object part names an escaped object (else undefined behaviour:
//!   a garbage or uninitialised pointer), the access lies inside that object (a memory error),
//!   a heap object is still allocated (a memory error), and the address is a modelled cell of
//!   `len` bytes (else undefined behaviour: a limit of the model, never a verdict). The access
//!   is then an `ite` over those cells. The case split is expanded when flattening finishes,
//!   once every cell is known; each object also gets a cell at `disp` for each such access
//!   that fits it and overlaps no other cell (the fields of list nodes reached only through
//!   pointers).
//! * A cell holds pointers or integers, never both (a pointer read as an integer would expose
//!   the encoding, which is not the VM's address): flattening fails otherwise.
//! * An allocation site in a loop of its function, or in a function called from a loop, has
//!   [`MAX_SITE_OBJECTS`] *slots*: an allocation takes the first slot not allocated. The first
//!   object of a slot gets its fresh contents when the program starts (nothing can reach it
//!   before); a slot taken again gets calloc's zeros, or for malloc its cells are marked not
//!   written, and a read of such a cell before a write is undefined behaviour ([`UNWRITTEN_READ`]:
//!   a limit of the model, never a verdict). When every slot is allocated, one more allocation
//!   is a check that always fails with [`SITE_CUT`], an error region of its own like the
//!   recursion cut: a proof shows it unreachable, a test reaching it makes the answer `unknown`.
//! * Reuse is sound because no pointer to a freed slot object survives the `free`: every
//!   pointer register and every cell holding pointers that names the freed object is set to
//!   the *dangling* encoding `0xffff_ffff << 32 | offset` (no object has it; a pointer to a
//!   freed object in the VM is one that names no allocated object either). An access or free
//!   through a dangling pointer is a memory error (use after free, double free), as in the VM;
//!   it is not null. So a pointer to an object of a slot names the slot's current object,
//!   exactly as the VM's fresh object ids would. (A comparison of two dangling pointers would
//!   tell them apart no longer: such a comparison is a check that fails, undefined behaviour
//!   here, `unknown`.)
//! * What this does not give: unboundedly many objects *allocated at once* (a list built by a
//!   loop of input-dependent length and kept) still reach the cut; the engine then answers
//!   `unknown` (bounded). A list of at most [`MAX_SITE_OBJECTS`] nodes built by a loop is
//!   proved with the heap-shape invariants of [`crate::generalize::shapes`]; one of up to the
//!   last count of [`SITE_OBJECT_COUNTS`], after a test reached the cut, with those of
//!   [`crate::generalize::closure`] (no test per length needed); a loop freeing such a list
//!   is proved leak-free with those of [`crate::generalize::reachable`], and the loop building
//!   it never reaching the cut with those of [`crate::generalize::counts`].

use super::*;

/// Objects one allocation site in a loop stands for (see the module doc), at first.
pub const MAX_SITE_OBJECTS: u64 = 6;

/// The slot counts tried in turn ([`crate::check`]): a run ends `unknown` at [`SITE_CUT`] only
/// when a test allocated more objects of one site at once than its slots, and then the next
/// count is tried with the time left (a list built by a loop of input-bounded length).
pub const SITE_OBJECT_COUNTS: [u64; 2] = [MAX_SITE_OBJECTS, 12];

/// What the `unknown` of a run whose test reached [`SITE_CUT`] says ([`crate::engine`]).
pub const SITE_CUT_REACHED: &str = "a test allocates more objects at once than one allocation site's slots";

/// What a failed check at an allocation site with every slot allocated says.
pub const SITE_CUT: &str = "more objects of one allocation site allocated at once than the modelled slots";

/// What a failed check of a read of a slot's cell not written since the slot was taken
/// again says.
pub const UNWRITTEN_READ: &str = "read of heap memory not written since its allocation (not modelled at an allocation site in a loop)";

/// The high word of the encoding of a pointer to a freed slot object (no object has it).
pub(super) const DANGLING_HI: u64 = 0xffff_ffff;

/// An access through a pointer register, expanded when flattening finishes.
pub(super) struct PtrAccess {
    pub block: usize,
    pub at: usize,
    pub loc: Loc,
    /// The address is `reg + disp`.
    pub reg: u32,
    pub disp: i64,
    pub len: u64,
    /// The alignment the access promises (LLVM's `align`; 1 for a `free`): only cells at a
    /// multiple of it can be named, so a misaligned address fails the "modelled cell" check.
    pub align: u64,
    pub what: PtrOp,
}

pub(super) enum PtrOp {
    /// `dst := *p` (`w` bits; `ptr`: a pointer is loaded).
    Load { dst: u32, w: u32, ptr: bool },
    /// `*p := v` (`w` bits).
    Store { v: Opnd, w: u32, ptr: bool },
    /// `free(p)`.
    Free,
    /// `p` is compared with a pointer into another object (both not null) when register
    /// `guard` is 1: undefined behaviour here unless `p` points strictly inside a live object,
    /// since natively a dead object's address, or one just past an object, may be another
    /// object's (C11 6.2.4p2, 6.5.9p6). No access, no cell.
    Compared { guard: u32 },
}

const LOW32: u64 = 0xffff_ffff;

/// The undefined behaviour of [`PtrOp::Compared`].
pub(super) const COMPARED_OUTSIDE_LIVE: &str =
    "comparison of a pointer to a dead object, or outside its object, with a pointer to another object (not modelled)";

impl<'m> Builder<'m> {
    /// The encoding of `obj`'s address plus `off` (the object becomes escaped).
    pub(super) fn encode(&mut self, obj: u32, off: i64, loc: Loc) -> Result<u64, Unsupported> {
        if !(0..1 << 32).contains(&off) {
            return Err(Unsupported(format!("memory: address outside its object stored at {}", self.m.describe_loc(loc))));
        }
        self.objs[obj as usize].escaped = true;
        Ok(((u64::from(obj) + 1) << 32) | off as u64)
    }

    /// The pointer value `v` as an operand (its encoding), computed in block `self.cur`.
    pub(super) fn ptr_value(&mut self, v: Val, loc: Loc) -> Result<Opnd, Unsupported> {
        let cur = self.cur;
        Ok(match v {
            Val::Reg(r) => Opnd::Reg(r),
            Val::Ptr(p) => Opnd::Const { bits: self.encode(p.obj, p.off, loc)?, width: 64 },
            Val::Dyn(d) => {
                let base = self.encode(d.obj, 0, loc)?;
                let small = self.new_reg("ptr.inword".into(), 1);
                self.emit(cur, loc, FInst::ICmp { dst: small, pred: ICmpPred::Ult, w: 64, a: Opnd::Reg(d.off), b: Opnd::Const { bits: 1 << 32, width: 64 } });
                self.emit(cur, loc, FInst::Check { c: Opnd::Reg(small), what: "address far outside its object (not modelled)", kind: CheckKind::Ub });
                let r = self.new_ptr_reg("ptr.enc".into());
                self.emit(cur, loc, FInst::Bin { dst: r, op: BinOp::Add, w: 64, a: Opnd::Reg(d.off), b: Opnd::Const { bits: base, width: 64 }, nsw: false });
                Opnd::Reg(r)
            }
            Val::RegPtr { reg, disp } => {
                let r = self.new_ptr_reg("ptr.add".into());
                self.emit(cur, loc, FInst::Bin { dst: r, op: BinOp::Add, w: 64, a: Opnd::Reg(reg), b: Opnd::Const { bits: disp as u64, width: 64 }, nsw: false });
                self.same_object_check(cur, loc, reg, r);
                Opnd::Reg(r)
            }
        })
    }

    /// Defers `what`, an access of `len` bytes at `reg + disp` at the current end of block `cur`,
    /// until flattening finishes and the pointer's objects are known ([`Self::expand_access`]).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn defer_access(&mut self, cur: u32, loc: Loc, reg: u32, disp: i64, len: u64, align: u64, what: PtrOp) {
        let at = self.blocks[cur as usize].insts.len();
        self.pending.push(Pending::Access(PtrAccess { block: cur as usize, at, loc, reg, disp, len, align, what }));
    }

    pub(super) fn new_ptr_reg(&mut self, name: String) -> u32 {
        let r = self.new_reg(name, 64);
        self.regs[r as usize].ptr = true;
        r
    }

    /// Undefined behaviour unless `a` and `b` encode addresses of one object.
    pub(super) fn same_object_check(&mut self, cur: u32, loc: Loc, a: u32, b: u32) {
        let (ha, hb, eq) = (self.new_reg("ptr.obj".into(), 64), self.new_reg("ptr.obj".into(), 64), self.new_reg("ptr.same".into(), 1));
        let k32 = Opnd::Const { bits: 32, width: 64 };
        self.emit(cur, loc, FInst::Bin { dst: ha, op: BinOp::LShr, w: 64, a: Opnd::Reg(a), b: k32, nsw: false });
        self.emit(cur, loc, FInst::Bin { dst: hb, op: BinOp::LShr, w: 64, a: Opnd::Reg(b), b: k32, nsw: false });
        self.emit(cur, loc, FInst::ICmp { dst: eq, pred: ICmpPred::Eq, w: 64, a: Opnd::Reg(ha), b: Opnd::Reg(hb) });
        self.emit(cur, loc, FInst::Check { c: Opnd::Reg(eq), what: "pointer arithmetic leaving its object (not modelled)", kind: CheckKind::Ub });
    }

    /// Records that `cell` holds pointers (`ptr`) or integers; both is unsupported.
    pub(super) fn type_cell(&mut self, cell: u32, ptr: bool, loc: Loc) -> Result<(), Unsupported> {
        match self.cell_kinds.insert(cell, ptr) {
            Some(k) if k != ptr => Err(Unsupported(format!(
                "memory: {} holds both pointers and integers (at {})",
                self.regs[cell as usize].name,
                self.m.describe_loc(loc)
            ))),
            _ => Ok(()),
        }
    }

    /// Whether IR block `b` of `f` lies on a cycle of `f`'s control flow (cached).
    pub(super) fn on_cycle(&mut self, f: FuncId, b: BlockId) -> bool {
        let func = self.m.function(f);
        let cyc = self.cycles.entry(f.0).or_insert_with(|| {
            let n = func.blocks.len();
            let succ = |i: usize| func.blocks[i].term.successors();
            (0..n)
                .map(|start| {
                    let mut seen = vec![false; n];
                    let mut stack: Vec<usize> = succ(start).iter().map(|s| s.index()).collect();
                    while let Some(x) = stack.pop() {
                        if x == start {
                            return true;
                        }
                        if !std::mem::replace(&mut seen[x], true) {
                            stack.extend(succ(x).iter().map(|s| s.index()));
                        }
                    }
                    false
                })
                .collect()
        });
        cyc[b.index()]
    }

    /// A `malloc`/`calloc` of `size` bytes at a site on a cycle: the first of the site's
    /// slots ([`MAX_SITE_OBJECTS`] unless flattened with another count) that is not allocated
    /// (see the module doc); returns the
    /// register holding the new address.
    pub(super) fn alloc_in_loop(&mut self, f: FuncId, cur: u32, loc: Loc, size: u64, zero: bool) -> Result<u32, Unsupported> {
        let fname = self.m.function(f).name.clone();
        let base = self.objs.len() as u32;
        let one = Opnd::Const { bits: 1, width: 1 };
        // found: a free slot was seen among slots 0..k; the address is built slot by slot.
        let mut found = Opnd::Const { bits: 0, width: 1 };
        let mut addr = Opnd::Const { bits: 0, width: 64 };
        let mut takes = Vec::new();
        for k in 0..self.site_objects {
            let oname = format!("{fname}:heap@{}#{k}", loc.line);
            let alive = self.new_reg(format!("{oname}.alive"), 1);
            self.objs.push(Obj { name: oname, size, cells: Vec::new(), global_init: None, alive: Some(alive), heap: true, shape: None, escaped: true, scoped: false, constant: false, dyn_size: None });
            let obj = base + k as u32;
            self.slots.insert(obj, base);
            // take = ¬found ∧ ¬alive; found |= ¬alive.
            let free = self.new_reg("site.free".into(), 1);
            self.emit(cur, loc, FInst::Bin { dst: free, op: BinOp::Xor, w: 1, a: Opnd::Reg(alive), b: one, nsw: false });
            let not_found = self.new_reg("site.notfound".into(), 1);
            self.emit(cur, loc, FInst::Bin { dst: not_found, op: BinOp::Xor, w: 1, a: found, b: one, nsw: false });
            let take = self.new_reg("site.take".into(), 1);
            self.emit(cur, loc, FInst::Bin { dst: take, op: BinOp::And, w: 1, a: Opnd::Reg(not_found), b: Opnd::Reg(free), nsw: false });
            let f2 = self.new_reg("site.found".into(), 1);
            self.emit(cur, loc, FInst::Bin { dst: f2, op: BinOp::Or, w: 1, a: found, b: Opnd::Reg(free), nsw: false });
            found = Opnd::Reg(f2);
            takes.push((obj, alive, take));
            // The slot's first object gets its fresh contents when the program starts (nothing
            // reaches it before), so that no precondition has to quantify a value made here.
            let at = self.blocks[0].insts.len();
            self.pending.push(if zero {
                Pending::Fill { block: 0, at, obj, off: 0, bytes: vec![0; size as usize], loc }
            } else {
                Pending::Havoc { block: 0, at, obj }
            });
        }
        self.emit(cur, loc, FInst::Check { c: found, what: SITE_CUT, kind: CheckKind::Ub });
        for &(obj, alive, take) in &takes {
            self.emit(cur, loc, FInst::Select { dst: alive, c: Opnd::Reg(take), t: one, f: Opnd::Reg(alive) });
            let a2 = self.new_reg("site.addr".into(), 64);
            self.emit(cur, loc, FInst::Select { dst: a2, c: Opnd::Reg(take), t: Opnd::Const { bits: (u64::from(obj) + 1) << 32, width: 64 }, f: addr });
            addr = Opnd::Reg(a2);
            // Taken again (not the slot's first object): its contents are new.
            let used = self.new_reg(format!("{}.used", self.objs[obj as usize].name), 1);
            self.blocks[0].insts.push(FInst::Copy { dst: used, v: Opnd::Const { bits: 0, width: 1 } });
            self.blocks[0].locs.push(Loc::UNKNOWN);
            let again = self.new_reg("site.again".into(), 1);
            self.emit(cur, loc, FInst::Bin { dst: again, op: BinOp::And, w: 1, a: Opnd::Reg(take), b: Opnd::Reg(used), nsw: false });
            self.emit(cur, loc, FInst::Bin { dst: used, op: BinOp::Or, w: 1, a: Opnd::Reg(used), b: Opnd::Reg(take), nsw: false });
            let at = self.blocks[cur as usize].insts.len();
            self.pending.push(Pending::Renew { block: cur as usize, at, obj, when: again, zero });
        }
        let p = self.new_ptr_reg(format!("{fname}:heap@{}.ptr", loc.line));
        self.emit(cur, loc, FInst::Copy { dst: p, v: addr });
        Ok(p)
    }

    /// The register saying whether `cell` of a slot was written since the slot's object was
    /// allocated (1 for the slot's first object, whose contents are fresh from the start).
    pub(super) fn written_reg(&mut self, cell: u32) -> u32 {
        if let Some(&r) = self.slot_written.get(&cell) {
            return r;
        }
        let r = self.new_reg(format!("{}.written", self.regs[cell as usize].name), 1);
        self.blocks[0].insts.push(FInst::Copy { dst: r, v: Opnd::Const { bits: 1, width: 1 } });
        self.blocks[0].locs.push(Loc::UNKNOWN);
        self.slot_written.insert(cell, r);
        r
    }

    /// Every register and cell that may hold a pointer's encoding.
    fn pointer_holders(&self) -> Vec<u32> {
        let mut v: Vec<u32> = (0..self.regs.len() as u32).filter(|&r| self.regs[r as usize].ptr || self.cell_kinds.get(&r) == Some(&true)).collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Creates, in every escaped object, the cell each pointer access names when the pointer
    /// is the object's start (see the module doc), where it fits and overlaps no cell.
    pub(super) fn add_access_cells(&mut self) -> Result<(), Unsupported> {
        let wanted: Vec<(i64, u64)> = self
            .pending
            .iter()
            .filter_map(|p| match p {
                Pending::Access(a) if !matches!(a.what, PtrOp::Free | PtrOp::Compared { .. }) => Some((a.disp, a.len)),
                _ => None,
            })
            .collect();
        for o in 0..self.objs.len() {
            if !self.objs[o].escaped {
                continue;
            }
            for &(disp, len) in &wanted {
                let ob = &self.objs[o];
                let Ok(off) = u64::try_from(disp) else { continue };
                if off + len > ob.size || ob.cells.iter().any(|&(co, cl, _)| co < off + len && off < co + cl) {
                    continue;
                }
                self.cell(StaticPtr { obj: o as u32, off: disp }, len, Loc::UNKNOWN)?;
            }
        }
        Ok(())
    }

    /// The code of one pointer access (see the module doc), with all cells known.
    pub(super) fn expand_access(&mut self, a: &PtrAccess) -> Result<Vec<FInst>, Unsupported> {
        let mut code = Vec::new();
        let c = |bits: u64| Opnd::Const { bits, width: 64 };
        let bool_and = |code: &mut Vec<FInst>, me: &mut Self, x: Opnd, y: Opnd| {
            let r = me.new_reg("acc.and".into(), 1);
            code.push(FInst::Bin { dst: r, op: BinOp::And, w: 1, a: x, b: y, nsw: false });
            Opnd::Reg(r)
        };
        let bool_or = |code: &mut Vec<FInst>, me: &mut Self, x: Opnd, y: Opnd| {
            let r = me.new_reg("acc.or".into(), 1);
            code.push(FInst::Bin { dst: r, op: BinOp::Or, w: 1, a: x, b: y, nsw: false });
            Opnd::Reg(r)
        };
        let icmp = |code: &mut Vec<FInst>, me: &mut Self, pred: ICmpPred, x: Opnd, y: Opnd| {
            let r = me.new_reg("acc.cmp".into(), 1);
            code.push(FInst::ICmp { dst: r, pred, w: 64, a: x, b: y });
            Opnd::Reg(r)
        };
        // The address.
        let p = if a.disp == 0 {
            a.reg
        } else {
            let r = self.new_ptr_reg("acc.addr".into());
            code.push(FInst::Bin { dst: r, op: BinOp::Add, w: 64, a: Opnd::Reg(a.reg), b: c(a.disp as u64), nsw: false });
            r
        };
        let hi = self.new_reg("acc.obj".into(), 64);
        code.push(FInst::Bin { dst: hi, op: BinOp::LShr, w: 64, a: Opnd::Reg(p), b: c(32), nsw: false });
        let lo = self.new_reg("acc.off".into(), 64);
        code.push(FInst::Bin { dst: lo, op: BinOp::And, w: 64, a: Opnd::Reg(p), b: c(LOW32), nsw: false });
        if a.disp != 0 {
            let base_hi = self.new_reg("acc.obj".into(), 64);
            code.push(FInst::Bin { dst: base_hi, op: BinOp::LShr, w: 64, a: Opnd::Reg(a.reg), b: c(32), nsw: false });
            let same = icmp(&mut code, self, ICmpPred::Eq, Opnd::Reg(hi), Opnd::Reg(base_hi));
            code.push(FInst::Check { c: same, what: "pointer arithmetic leaving its object (not modelled)", kind: CheckKind::Ub });
        }
        if let PtrOp::Compared { guard } = a.what {
            // Strictly inside some live object (a dangling encoding names none).
            let mut inside_live = Opnd::Const { bits: 0, width: 1 };
            for o in 0..self.objs.len() as u32 {
                let (escaped, size, alive) = {
                    let ob = &self.objs[o as usize];
                    (ob.escaped, ob.size, ob.alive)
                };
                if !escaped {
                    continue;
                }
                let is_o = icmp(&mut code, self, ICmpPred::Eq, Opnd::Reg(hi), c(u64::from(o) + 1));
                let inside = icmp(&mut code, self, ICmpPred::Ult, Opnd::Reg(lo), c(size));
                let mut here = bool_and(&mut code, self, is_o, inside);
                if let Some(al) = alive {
                    here = bool_and(&mut code, self, here, Opnd::Reg(al));
                }
                inside_live = bool_or(&mut code, self, inside_live, here);
            }
            let unguarded = self.new_reg("cmp.unguarded".into(), 1);
            code.push(FInst::Bin { dst: unguarded, op: BinOp::Xor, w: 1, a: Opnd::Reg(guard), b: Opnd::Const { bits: 1, width: 1 }, nsw: false });
            let fine = bool_or(&mut code, self, Opnd::Reg(unguarded), inside_live);
            code.push(FInst::Check { c: fine, what: COMPARED_OUTSIDE_LIVE, kind: CheckKind::Ub });
            return Ok(code);
        }
        let free = matches!(a.what, PtrOp::Free);
        let nonnull = icmp(&mut code, self, ICmpPred::Ne, Opnd::Reg(p), c(0));
        let objs: Vec<u32> = (0..self.objs.len() as u32).filter(|&o| self.objs[o as usize].escaped && (!free || self.objs[o as usize].heap)).collect();
        let mut is_obj = Vec::new();
        for &o in &objs {
            is_obj.push(icmp(&mut code, self, ICmpPred::Eq, Opnd::Reg(hi), c(u64::from(o) + 1)));
        }
        // A pointer to a freed slot object (see the module doc).
        let dangling = !self.slots.is_empty();
        if dangling {
            let d = icmp(&mut code, self, ICmpPred::Ne, Opnd::Reg(hi), c(DANGLING_HI));
            let what = if free { "free of freed memory" } else { "access to freed memory" };
            code.push(FInst::Check { c: d, what, kind: CheckKind::Memory });
        }
        if free {
            // free(NULL) does nothing; anything but the start of a heap object is a bad free.
            let mut ok = Opnd::Const { bits: 0, width: 1 };
            for (k, &o) in objs.iter().enumerate() {
                let start = icmp(&mut code, self, ICmpPred::Eq, Opnd::Reg(lo), c(0));
                let here = bool_and(&mut code, self, is_obj[k], start);
                ok = bool_or(&mut code, self, ok, here);
                let alive = self.objs[o as usize].alive.expect("a heap object has a liveness register");
                let not_here = self.new_reg("acc.not".into(), 1);
                code.push(FInst::Bin { dst: not_here, op: BinOp::Xor, w: 1, a: here, b: Opnd::Const { bits: 1, width: 1 }, nsw: false });
                let fine = bool_or(&mut code, self, Opnd::Reg(not_here), Opnd::Reg(alive));
                code.push(FInst::Check { c: fine, what: "free of freed memory", kind: CheckKind::Memory });
                code.push(FInst::Select { dst: alive, c: here, t: Opnd::Const { bits: 0, width: 1 }, f: Opnd::Reg(alive) });
            }
            let is_null = icmp(&mut code, self, ICmpPred::Eq, Opnd::Reg(p), c(0));
            let ok = bool_or(&mut code, self, ok, is_null);
            code.push(FInst::Check { c: ok, what: "free of a pointer malloc did not return", kind: CheckKind::Memory });
            // Every pointer to a freed slot object becomes dangling, so that the slot can be
            // taken again with no pointer to the old object aliasing the new one.
            let mut slot = Opnd::Const { bits: 0, width: 1 };
            for (k, &o) in objs.iter().enumerate() {
                if self.slots.contains_key(&o) {
                    slot = bool_or(&mut code, self, slot, is_obj[k]);
                }
            }
            if slot != (Opnd::Const { bits: 0, width: 1 }) {
                for r in self.pointer_holders() {
                    let rh = self.new_reg("free.obj".into(), 64);
                    code.push(FInst::Bin { dst: rh, op: BinOp::LShr, w: 64, a: Opnd::Reg(r), b: c(32), nsw: false });
                    let same = icmp(&mut code, self, ICmpPred::Eq, Opnd::Reg(rh), Opnd::Reg(hi));
                    let hit = bool_and(&mut code, self, same, slot);
                    let off = self.new_reg("free.off".into(), 64);
                    code.push(FInst::Bin { dst: off, op: BinOp::And, w: 64, a: Opnd::Reg(r), b: c(LOW32), nsw: false });
                    let dang = self.new_reg("free.dangling".into(), 64);
                    code.push(FInst::Bin { dst: dang, op: BinOp::Or, w: 64, a: Opnd::Reg(off), b: c(DANGLING_HI << 32), nsw: false });
                    code.push(FInst::Select { dst: r, c: hit, t: Opnd::Reg(dang), f: Opnd::Reg(r) });
                }
            }
            return Ok(code);
        }
        code.push(FInst::Check { c: nonnull, what: "dereference of a null pointer", kind: CheckKind::Memory });
        let mut known = Opnd::Const { bits: 0, width: 1 };
        for &k in &is_obj {
            known = bool_or(&mut code, self, known, k);
        }
        code.push(FInst::Check { c: known, what: "dereference of a pointer to no modelled object", kind: CheckKind::Ub });
        // In bounds and allocated, per object.
        let mut inb = Opnd::Const { bits: 1, width: 1 };
        let mut live = Opnd::Const { bits: 1, width: 1 };
        for (k, &o) in objs.iter().enumerate() {
            let size = self.objs[o as usize].size;
            let fits = if a.len > size { Opnd::Const { bits: 0, width: 1 } } else { icmp(&mut code, self, ICmpPred::Ule, Opnd::Reg(lo), c(size - a.len)) };
            let not_o = self.new_reg("acc.not".into(), 1);
            code.push(FInst::Bin { dst: not_o, op: BinOp::Xor, w: 1, a: is_obj[k], b: Opnd::Const { bits: 1, width: 1 }, nsw: false });
            let f_ok = bool_or(&mut code, self, Opnd::Reg(not_o), fits);
            inb = bool_and(&mut code, self, inb, f_ok);
            if let Some(al) = self.objs[o as usize].alive {
                let l_ok = bool_or(&mut code, self, Opnd::Reg(not_o), Opnd::Reg(al));
                live = bool_and(&mut code, self, live, l_ok);
            }
        }
        code.push(FInst::Check { c: inb, what: "access out of the bounds of its object", kind: CheckKind::Memory });
        code.push(FInst::Check { c: live, what: "access to freed memory", kind: CheckKind::Memory });
        if matches!(a.what, PtrOp::Store { .. }) {
            // Not one of the constant objects the pointer may name.
            let mut writable = Opnd::Const { bits: 1, width: 1 };
            for (k, &o) in objs.iter().enumerate() {
                if self.objs[o as usize].constant {
                    let not_o = self.new_reg("acc.not".into(), 1);
                    code.push(FInst::Bin { dst: not_o, op: BinOp::Xor, w: 1, a: is_obj[k], b: Opnd::Const { bits: 1, width: 1 }, nsw: false });
                    writable = bool_and(&mut code, self, writable, Opnd::Reg(not_o));
                }
            }
            if writable != (Opnd::Const { bits: 1, width: 1 }) {
                code.push(FInst::Check { c: writable, what: super::cells::WRITE_TO_CONSTANT, kind: CheckKind::Memory });
            }
        }
        // The cells of `len` bytes the address may name (and which of them are a slot's).
        let mut cells = Vec::new();
        let mut slot_cells = Vec::new();
        for &o in &objs {
            for &(off, l, r) in &self.objs[o as usize].cells {
                if l == a.len && off % a.align.max(1) == 0 {
                    cells.push((((u64::from(o) + 1) << 32) | off, r));
                    if self.slots.contains_key(&o) {
                        slot_cells.push(cells.len() - 1);
                    }
                }
            }
        }
        let mut matched = Opnd::Const { bits: 0, width: 1 };
        let mut at = Vec::new();
        for &(e, _) in &cells {
            let m = icmp(&mut code, self, ICmpPred::Eq, Opnd::Reg(p), c(e));
            matched = bool_or(&mut code, self, matched, m);
            at.push(m);
        }
        code.push(FInst::Check { c: matched, what: "access between modelled cells (not modelled)", kind: CheckKind::Ub });
        let cw = (a.len * 8) as u32;
        match a.what {
            PtrOp::Load { dst, w, ptr } => {
                let acc = if cw == w { dst } else { self.new_reg("acc.read".into(), cw) };
                // The checks leave exactly one cell: the last one by default (no free value
                // that a precondition would have to quantify).
                let first = match cells.last() {
                    Some(&(_, r)) => Opnd::Reg(r),
                    None => Opnd::Undef { width: cw },
                };
                // A slot's cell not written since the slot was taken again: its value is
                // not modelled (see the module doc).
                let mut written = Opnd::Const { bits: 1, width: 1 };
                for &k in &slot_cells {
                    let wr = self.written_reg(cells[k].1);
                    let not_here = self.new_reg("acc.not".into(), 1);
                    code.push(FInst::Bin { dst: not_here, op: BinOp::Xor, w: 1, a: at[k], b: Opnd::Const { bits: 1, width: 1 }, nsw: false });
                    let ok = bool_or(&mut code, self, Opnd::Reg(not_here), Opnd::Reg(wr));
                    written = bool_and(&mut code, self, written, ok);
                }
                if !slot_cells.is_empty() {
                    code.push(FInst::Check { c: written, what: UNWRITTEN_READ, kind: CheckKind::Ub });
                }
                code.push(FInst::Copy { dst: acc, v: first });
                for (k, &(_, r)) in cells.iter().enumerate() {
                    self.type_cell(r, ptr, a.loc)?;
                    if k + 1 < cells.len() {
                        code.push(FInst::Select { dst: acc, c: at[k], t: Opnd::Reg(r), f: Opnd::Reg(acc) });
                    }
                }
                if acc != dst {
                    code.push(FInst::Cast { dst, op: CastOp::Trunc, from: cw, to: w, v: Opnd::Reg(acc) });
                }
            }
            PtrOp::Store { v, w, ptr } => {
                let t = self.new_reg("acc.write".into(), cw);
                if cw == w {
                    code.push(FInst::Copy { dst: t, v });
                } else {
                    code.push(FInst::Cast { dst: t, op: CastOp::ZExt, from: w, to: cw, v });
                }
                for (k, &(_, r)) in cells.iter().enumerate() {
                    self.type_cell(r, ptr, a.loc)?;
                    code.push(FInst::Select { dst: r, c: at[k], t: Opnd::Reg(t), f: Opnd::Reg(r) });
                }
                for &k in &slot_cells {
                    let wr = self.written_reg(cells[k].1);
                    code.push(FInst::Bin { dst: wr, op: BinOp::Or, w: 1, a: Opnd::Reg(wr), b: at[k], nsw: false });
                }
            }
            PtrOp::Free | PtrOp::Compared { .. } => unreachable!("handled above"),
        }
        Ok(code)
    }
}
