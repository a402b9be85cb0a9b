//! Arrays indexed by expressions: a `getelementptr` with a variable index gives a pointer whose
//! byte offset is a register ([`DynPtr`]), and a load or store through it reads or writes the
//! object's cells as an array of bit-vectors, read-over-write spelled out as if-then-else over
//! the cells (the theory of arrays with a finite index set, by case split on the offset: the
//! "case split when the tests do not decide the aliasing" of DASH, Beckman et al., ISSTA 2008,
//! §3, made exhaustive since the object has finitely many cells).
//!
//! Invariants:
//! * An object accessed at a dynamic offset with `len`-byte accesses is a *grid*: cells of `len`
//!   bytes at every multiple of `len` inside it (at most [`MAX_ARRAY_CELLS`]), all created at the
//!   first dynamic access; a cell of another shape overlapping the grid makes flattening fail
//!   ([`super::cells`]), so every dynamic access sees all the cells its offset can name.
//! * Before the access, a [`FInst::Check`] makes an offset outside the grid, or not a multiple of
//!   `len`, undefined behaviour (an error region: `unknown`, never a verdict). The VM faults on
//!   the first (out of bounds); the second, a misaligned access inside the object, is defined
//!   on the VM, so answering `unknown` there is weaker than the VM, never wrong.
//! * A load is `cell_0`, then for each `k ≥ 1` `off == k·len ? cell_k : previous`; a store
//!   assigns each cell `off == k·len ? value : cell_k`. Both agree with the VM's byte memory
//!   on every offset the check lets through.
//!
//! # Large arrays (more than [`MAX_ARRAY_CELLS`] cells)
//!
//! An object of more than [`MAX_ARRAY_CELLS`] cells (a non-heap object whose address does not
//! escape) is a [`LargeArray`], of any size:
//! * Its *pinned* cells are the ones static accesses name (`a[99]`): ordinary cell registers,
//!   which the partition and the invariants can name. Each must be a cell of the grid.
//! * Every grid cell also has a *shadow* cell, for the tests only ([`Shadow`]): a register
//!   when the array has at most [`EXACT_CONCRETE_CELLS`] cells (and the arrays' shadow
//!   registers stay within [`MAX_LARGE_ARRAY_CELLS`]), else an entry of a sparse map beside
//!   the registers ([`crate::sparse`]: a forest state holds only what differs from its
//!   parent's, so an array of 100000 cells costs a state what its step wrote). Copies into
//!   the shadow registers, or [`FInst::ShadowFill`]s of the sparse map (an undefined value is
//!   0 there, as [`crate::exec`] reads it), give them a havoc's, a fill's or a global's
//!   values. [`FInst::ArrayRead`] and [`FInst::ArrayWrite`] read and write the shadow cell at
//!   the offset in [`crate::exec`], so a test is an exact run. The symbolic step
//!   ([`crate::symbolic`]) never reads a shadow cell in the abstract program: a dynamic read there is a fresh value,
//!   then `off == k·len ? pinned_k : value` over the pinned cells; a dynamic write updates the
//!   pinned cells the same way and leaves the rest alone. The abstract program thus
//!   over-approximates the VM: every value a read can return is one of the fresh value's, and
//!   the pinned cells hold what the VM's memory holds at their offsets. Within one step a
//!   read at an offset the step has read or written before sees that value
//!   ([`crate::symbolic`]); a fact about the other cells comes from the ghost cell below.
//! * Exact where it matters for tests: along a test's path ([`crate::symbolic::Mode::Concrete`])
//!   an array of at most [`EXACT_CONCRETE_CELLS`] cells is read and written by case split over
//!   its shadow cells, so a path condition can drive a test through reads of the array.
//! * A large array has a [`Ghost`] cell (cell morphing: Monniaux and Gonnord,
//!   *Cell Morphing: From Array Programs to Array-Free Horn Clauses*, SAS 2016): a register
//!   `k`, an undefined byte offset fixed first thing in block 0 (0 in tests), and a register
//!   `g` that equals the array's cell at offset `k` in every state: a dynamic read at `k`
//!   reads `g`, a dynamic write at `k` writes it, every instruction writing a pinned cell is
//!   followed by `g := k == offset ? cell : g`, and the copies of a havoc, a fill or a
//!   global's initial values set it ([`Builder::ghost_of_copies`]). Since `k` can be any
//!   offset, an invariant over `(k, g)` is one for every cell (`∀k`): the quantified
//!   invariants of [`crate::generalize::ghost`].
//!
//! Objects of variable size ([`super::sized`]) are large arrays of the largest size they can
//! have, checked against their size at every access.
//!
//! Out of reach: large heap objects of constant size, large objects whose address is stored or compared. An address with a variable offset that is stored or compared
//! becomes a pointer register ([`super::pointers`]).

use super::*;

/// The largest number of cells an array accessed at a dynamic offset may have to be a grid
/// of ordinary cell registers; a larger one is a [`LargeArray`].
pub const MAX_ARRAY_CELLS: u64 = 64;

/// The most shadow cells of all [`LargeArray`]s of one program kept from the start
/// ([`LargeArray::early`]; registers for arrays of at most [`EXACT_CONCRETE_CELLS`] cells).
pub const MAX_LARGE_ARRAY_CELLS: u64 = 8192;

/// The largest [`LargeArray`] read and written exactly along a test's path (see the module doc).
pub const EXACT_CONCRETE_CELLS: u32 = 256;

/// Where the tests keep a [`LargeArray`]'s cells (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shadow {
    /// Registers `first .. first + cells` (the cell at byte offset `k·len` being `first + k`).
    Regs(u32),
    /// A sparse map beside the registers ([`crate::sparse`]), at the array's own index.
    Sparse,
}

/// An array of more than [`MAX_ARRAY_CELLS`] cells accessed at a dynamic offset (see the
/// module doc): `cells` cells of `len` bytes, whose values the tests keep as `shadow` says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LargeArray {
    pub name: String,
    pub shadow: Shadow,
    pub cells: u32,
    /// Bytes per cell (1, 2, 4 or 8).
    pub len: u64,
    /// The pinned cells: (element index, cell register), set when flattening ends.
    pub pinned: Vec<(u64, u32)>,
    /// The array's ghost cell (see the module doc).
    pub ghost: Ghost,
    /// Whether the tests keep its cells from the start: the arrays within
    /// [`MAX_LARGE_ARRAY_CELLS`] cells in all; the tests keep the others' only once they run
    /// long ([`crate::engine::Ctx::long_tests`]), and until then a test ends (blocked) where it
    /// reads one of their cells at a variable index, as when those had no shadow cells.
    pub early: bool,
}

/// The ghost cell of a large array: a byte offset `k` fixed at the start to any value
/// (undefined: 0 in tests) and the array's value `g` at `k`, kept up to date by every write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ghost {
    pub k: u32,
    pub g: u32,
    /// A 1-bit temporary of the updates (`k == offset`).
    pub at: u32,
}

impl LargeArray {
    /// Whether `r` is one of its shadow registers.
    pub fn holds(&self, r: u32) -> bool {
        self.first_shadow_reg().is_some_and(|first| r >= first && r - first < self.cells)
    }

    /// The first shadow register, None when the shadow cells are sparse.
    pub fn first_shadow_reg(&self) -> Option<u32> {
        match self.shadow {
            Shadow::Regs(first) => Some(first),
            Shadow::Sparse => None,
        }
    }

    /// Whether byte offset `off` names a cell.
    pub fn names_cell(&self, off: u64) -> bool {
        off % self.len == 0 && off / self.len < u64::from(self.cells)
    }

    /// The first shadow register when the array is read and written exactly along a test's
    /// path ([`EXACT_CONCRETE_CELLS`]).
    pub fn exact_along_tests(&self) -> Option<u32> {
        self.first_shadow_reg().filter(|_| self.cells <= EXACT_CONCRETE_CELLS)
    }
}

/// The register an instruction writes, if any.
pub(crate) fn written_reg(i: &FInst) -> Option<u32> {
    match i {
        FInst::Bin { dst, .. } | FInst::ICmp { dst, .. } | FInst::Select { dst, .. } | FInst::Cast { dst, .. } | FInst::Copy { dst, .. } | FInst::Nondet { dst, .. } | FInst::ArrayRead { dst, .. } => Some(*dst),
        FInst::Call { dst, .. } => *dst,
        FInst::ArrayWrite { .. } | FInst::ArrayFill { .. } | FInst::ShadowFill { .. } | FInst::Assume { .. } | FInst::Check { .. } | FInst::Error { .. } | FInst::Exit => None,
    }
}

/// A dynamic access to a large array, whose selects over the pinned cells are inserted at
/// `(block, at)` once every pinned cell is known.
pub(super) struct PinnedAccess {
    pub block: usize,
    pub at: usize,
    pub obj: u32,
    pub off: u32,
    pub kind: PinnedKind,
    pub loc: Loc,
}

pub(super) enum PinnedKind {
    /// The read's result register (the fresh value in the abstract program).
    Read(u32),
    /// The value written.
    Write(Opnd),
}

impl<'m> Builder<'m> {
    pub(super) fn temp(&mut self, f: FuncId, what: &str, width: u32) -> u32 {
        let name = format!("{}:{what}", self.m.function(f).name);
        self.new_reg(name, width)
    }

    /// The indices of a `getelementptr` from displacement `disp` plus `offset`: the constant ones
    /// folded into the returned displacement (an overflow is unsupported), the variable ones as
    /// 64-bit registers computed in block `cur`, each sign-extended and multiplied by its scale.
    #[allow(clippy::too_many_arguments)]
    fn fold_indices(&mut self, f: FuncId, fr: &mut Frame, cur: u32, loc: Loc, disp: i64, offset: i64, indices: &[(Operand, i64)]) -> Result<(i64, Vec<Opnd>), Unsupported> {
        let overflow = || Unsupported("memory: offset overflow".into());
        let mut disp = disp.checked_add(offset).ok_or_else(overflow)?;
        let mut var = Vec::new();
        for (i, scale) in indices {
            match self.opnd(f, fr, *i, loc)? {
                Opnd::Const { bits, width } => {
                    disp = sext(bits, width).checked_mul(*scale).and_then(|x| disp.checked_add(x)).ok_or_else(overflow)?;
                }
                Opnd::Undef { .. } => {
                    return Err(Unsupported(format!("memory: undefined array index at {}", self.m.describe_loc(loc))))
                }
                idx @ Opnd::Reg(r) => {
                    let w = self.regs[r as usize].width;
                    let mut x = idx;
                    if w < 64 {
                        let t = self.temp(f, "idx.sext", 64);
                        self.emit(cur, loc, FInst::Cast { dst: t, op: CastOp::SExt, from: w, to: 64, v: x });
                        x = Opnd::Reg(t);
                    }
                    if *scale != 1 {
                        let t = self.temp(f, "idx.scaled", 64);
                        let s = Opnd::Const { bits: *scale as u64, width: 64 };
                        self.emit(cur, loc, FInst::Bin { dst: t, op: BinOp::Mul, w: 64, a: x, b: s, nsw: false });
                        x = Opnd::Reg(t);
                    }
                    var.push(x);
                }
            }
        }
        Ok((disp, var))
    }

    /// A `getelementptr`: a static pointer when every index is a constant (no instruction), else
    /// a [`DynPtr`] whose offset register is computed in block `cur` (indices sign-extended to 64
    /// bits, scaled and summed with wrap-around, as the VM computes addresses).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn lower_ptr_add(&mut self, f: FuncId, fr: &mut Frame, cur: u32, inst: &vigil_ir::Inst, base: Operand, offset: i64, indices: &[(Operand, i64)]) -> Result<(), Unsupported> {
        let loc = inst.loc;
        let d = inst.dest.expect("ptradd dest");
        let (obj, off, mut reg) = match self.any_ptr(fr, base, loc)? {
            AnyPtr::Static(p) => (p.obj, p.off, None),
            AnyPtr::Dyn(p) => (p.obj, 0, Some(p.off)),
            AnyPtr::Reg { reg, disp } => return self.reg_ptr_add(f, fr, cur, inst, reg, disp, offset, indices),
        };
        let (off, var) = self.fold_indices(f, fr, cur, loc, off, offset, indices)?;
        for x in var {
            reg = Some(match reg {
                None => match x {
                    Opnd::Reg(t) => t,
                    _ => unreachable!("an index register"),
                },
                Some(acc) => {
                    let t = self.temp(f, "idx.sum", 64);
                    self.emit(cur, loc, FInst::Bin { dst: t, op: BinOp::Add, w: 64, a: Opnd::Reg(acc), b: x, nsw: false });
                    t
                }
            });
        }
        let val = match reg {
            None => Val::Ptr(StaticPtr { obj, off }),
            Some(r) => {
                let func = self.m.function(f);
                let t = self.new_reg(format!("{}:{}.off", func.name, func.value(d).name), 64);
                let k = Opnd::Const { bits: off as u64, width: 64 };
                self.emit(cur, loc, FInst::Bin { dst: t, op: BinOp::Add, w: 64, a: Opnd::Reg(r), b: k, nsw: false });
                Val::Dyn(DynPtr { obj, off: t })
            }
        };
        fr.vals.insert(d.0, val);
        Ok(())
    }

    /// The check of an `IndexCheck`: a subscript outside the array of `bytes` bytes at `base`
    /// is undefined behaviour under every property (the VM's `SubArrayBounds`) when that array
    /// is part of a larger object; `limit` is the first subscript refused. An array known to be
    /// a whole object is left to the object's bounds (a memory error past them).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn lower_index_check(&mut self, f: FuncId, fr: &mut Frame, cur: u32, loc: Loc, base: Operand, index: Operand, bytes: u64, limit: u64) -> Result<(), Unsupported> {
        let whole = match self.any_ptr(fr, base, loc)? {
            AnyPtr::Static(p) => p.off == 0 && self.objs[p.obj as usize].size == bytes,
            // (An array of the object's size at a dynamic offset inside it starts at 0.)
            AnyPtr::Dyn(p) => self.objs[p.obj as usize].size == bytes,
            AnyPtr::Reg { .. } => false,
        };
        if whole {
            return Ok(());
        }
        let i = self.opnd(f, fr, index, loc)?;
        let w = opnd_width(&self.regs, i);
        let i = if w < 64 {
            let wide = self.temp(f, "subarray.index", 64);
            self.emit(cur, loc, FInst::Cast { dst: wide, op: CastOp::SExt, from: w, to: 64, v: i });
            Opnd::Reg(wide)
        } else {
            i
        };
        // Unsigned: a negative subscript is a huge one.
        let inside = self.temp(f, "subarray.inside", 1);
        self.emit(cur, loc, FInst::ICmp { dst: inside, pred: ICmpPred::Ult, w: 64, a: i, b: Opnd::Const { bits: limit, width: 64 } });
        self.emit(cur, loc, FInst::Check { c: Opnd::Reg(inside), what: "array subscript outside a member array or row", kind: CheckKind::Ub });
        Ok(())
    }

    /// A `getelementptr` from a pointer register ([`super::pointers`]): constant indices move
    /// the displacement; a variable index is added to the encoding, which must stay inside
    /// its object's word.
    #[allow(clippy::too_many_arguments)]
    fn reg_ptr_add(&mut self, f: FuncId, fr: &mut Frame, cur: u32, inst: &vigil_ir::Inst, base: u32, disp: i64, offset: i64, indices: &[(Operand, i64)]) -> Result<(), Unsupported> {
        let loc = inst.loc;
        let d = inst.dest.expect("ptradd dest");
        let (disp, var) = self.fold_indices(f, fr, cur, loc, disp, offset, indices)?;
        let mut reg = base;
        for x in var {
            let t = self.new_ptr_reg(format!("{}:ptr.idx", self.m.function(f).name));
            self.emit(cur, loc, FInst::Bin { dst: t, op: BinOp::Add, w: 64, a: Opnd::Reg(reg), b: x, nsw: false });
            self.same_object_check(cur, loc, reg, t);
            reg = t;
        }
        fr.vals.insert(d.0, Val::RegPtr { reg, disp });
        Ok(())
    }

    /// The grid of `len`-byte cells of `obj` (see the module doc), created on first use.
    pub(super) fn grid(&mut self, obj: u32, len: u64, loc: Loc) -> Result<Vec<u32>, Unsupported> {
        let size = self.objs[obj as usize].size;
        if !matches!(len, 1 | 2 | 4 | 8) {
            return Err(Unsupported(format!("memory: {len}-byte access at a variable offset at {}", self.m.describe_loc(loc))));
        }
        let n = size / len;
        if n == 0 {
            return Err(Unsupported(format!("memory: access into {}, smaller than one element, at {}", self.objs[obj as usize].name, self.m.describe_loc(loc))));
        }
        debug_assert!(n <= MAX_ARRAY_CELLS, "a large array is no grid");
        (0..n).map(|k| self.cell(StaticPtr { obj, off: (k * len) as i64 }, len, loc)).collect()
    }

    /// Emits the checks that `p`'s offset names a cell of a grid of `n` cells of `len` bytes.
    /// An object of variable size is checked against its size instead ([`super::sized`]).
    fn check_offset(&mut self, f: FuncId, cur: u32, loc: Loc, p: DynPtr, n: u64, len: u64) {
        self.check_alive(cur, loc, p.obj);
        let off = Opnd::Reg(p.off);
        if self.objs[p.obj as usize].dyn_size.is_some() {
            self.check_dyn_bounds(cur, loc, p.obj, off, len);
        } else {
            let inb = self.temp(f, "mem.inbounds", 1);
            let end = Opnd::Const { bits: n * len, width: 64 };
            self.emit(cur, loc, FInst::ICmp { dst: inb, pred: ICmpPred::Ult, w: 64, a: off, b: end });
            self.emit(cur, loc, FInst::Check { c: Opnd::Reg(inb), what: "array access out of bounds", kind: CheckKind::Memory });
        }
        if len > 1 {
            let low = self.temp(f, "mem.low", 64);
            self.emit(cur, loc, FInst::Bin { dst: low, op: BinOp::And, w: 64, a: off, b: Opnd::Const { bits: len - 1, width: 64 }, nsw: false });
            let al = self.temp(f, "mem.aligned", 1);
            self.emit(cur, loc, FInst::ICmp { dst: al, pred: ICmpPred::Eq, w: 64, a: Opnd::Reg(low), b: Opnd::Const { bits: 0, width: 64 } });
            self.emit(cur, loc, FInst::Check { c: Opnd::Reg(al), what: "array access between elements (not modelled)", kind: CheckKind::Ub });
        }
    }

    /// `dst := *p` for `len` bytes at a dynamic offset (`w`: the loaded width, 1 for an `i1`
    /// read from a byte).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn dyn_load(&mut self, f: FuncId, cur: u32, loc: Loc, p: DynPtr, len: u64, w: u32, dst: u32) -> Result<(), Unsupported> {
        if let Some(a) = self.large_array(p.obj, len, loc)? {
            return self.large_load(f, cur, loc, p, a, w, dst);
        }
        let cells = self.grid(p.obj, len, loc)?;
        self.check_offset(f, cur, loc, p, cells.len() as u64, len);
        let cw = (len * 8) as u32;
        let acc = if cw == w { dst } else { self.temp(f, "mem.read", cw) };
        self.emit(cur, loc, FInst::Copy { dst: acc, v: Opnd::Reg(cells[0]) });
        let eq = self.temp(f, "mem.at", 1);
        for (k, &c) in cells.iter().enumerate().skip(1) {
            let at = Opnd::Const { bits: k as u64 * len, width: 64 };
            self.emit(cur, loc, FInst::ICmp { dst: eq, pred: ICmpPred::Eq, w: 64, a: Opnd::Reg(p.off), b: at });
            self.emit(cur, loc, FInst::Select { dst: acc, c: Opnd::Reg(eq), t: Opnd::Reg(c), f: Opnd::Reg(acc) });
        }
        if acc != dst {
            self.emit(cur, loc, FInst::Cast { dst, op: CastOp::Trunc, from: cw, to: w, v: Opnd::Reg(acc) });
        }
        Ok(())
    }

    /// `*p := v` for `len` bytes at a dynamic offset (`v` of width `w`; an `i1` is stored
    /// zero-extended, as C stores `_Bool`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn dyn_store(&mut self, f: FuncId, cur: u32, loc: Loc, p: DynPtr, len: u64, w: u32, v: Opnd) -> Result<(), Unsupported> {
        if let Some(a) = self.large_array(p.obj, len, loc)? {
            return self.large_store(f, cur, loc, p, a, w, v);
        }
        let cells = self.grid(p.obj, len, loc)?;
        self.check_offset(f, cur, loc, p, cells.len() as u64, len);
        if self.write_to_constant(cur, loc, p.obj) {
            return Ok(());
        }
        let v = self.cell_value(f, cur, loc, len, w, v);
        let eq = self.temp(f, "mem.at", 1);
        for (k, &c) in cells.iter().enumerate() {
            let at = Opnd::Const { bits: k as u64 * len, width: 64 };
            self.emit(cur, loc, FInst::ICmp { dst: eq, pred: ICmpPred::Eq, w: 64, a: Opnd::Reg(p.off), b: at });
            self.emit(cur, loc, FInst::Select { dst: c, c: Opnd::Reg(eq), t: v, f: Opnd::Reg(c) });
        }
        Ok(())
    }

    /// The value `v` of width `w` as stored in a `len`-byte cell (an `i1` zero-extended, as C
    /// stores `_Bool`; an undefined value in a register, the same in whichever cell it lands).
    #[allow(clippy::too_many_arguments)]
    fn cell_value(&mut self, f: FuncId, cur: u32, loc: Loc, len: u64, w: u32, v: Opnd) -> Opnd {
        let cw = (len * 8) as u32;
        if cw != w {
            let t = self.temp(f, "mem.write", cw);
            self.emit(cur, loc, FInst::Cast { dst: t, op: CastOp::ZExt, from: w, to: cw, v });
            Opnd::Reg(t)
        } else if let Opnd::Undef { .. } = v {
            let t = self.temp(f, "mem.write", cw);
            self.emit(cur, loc, FInst::Copy { dst: t, v });
            Opnd::Reg(t)
        } else {
            v
        }
    }

    /// The large array of `obj` accessed with `len`-byte cells (created on first use), None
    /// when `obj` has at most [`MAX_ARRAY_CELLS`] cells of `len` bytes (a grid).
    fn large_array(&mut self, obj: u32, len: u64, loc: Loc) -> Result<Option<u32>, Unsupported> {
        let o = &self.objs[obj as usize];
        if !matches!(len, 1 | 2 | 4 | 8) || o.size / len <= MAX_ARRAY_CELLS {
            return Ok(None);
        }
        let n = o.size / len;
        let refuse = |why: &str| {
            Err(Unsupported(format!("memory: array {} of {n} elements accessed at a variable index: {why} at {}", o.name, self.m.describe_loc(loc))))
        };
        if let Some(&a) = self.large.get(&obj) {
            if self.arrays[a as usize].len != len {
                return refuse("accessed with elements of two sizes");
            }
            return Ok(Some(a));
        }
        // An object of variable size ([`super::sized`]) is a large array of the largest
        // size it can have, its tests' cells sparse (a test pays for the cells it writes) and
        // kept from the start.
        let sized = o.dyn_size.is_some();
        if o.heap && !sized {
            return refuse("a heap object (at most 64 elements)");
        }
        if n > u64::from(u32::MAX) {
            return refuse("too many elements");
        }
        let in_regs: u64 = self.arrays.iter().filter(|a| a.first_shadow_reg().is_some()).map(|a| u64::from(a.cells)).sum();
        let sized_arrays: Vec<u32> = self.large.iter().filter(|(&ob, _)| self.objs[ob as usize].dyn_size.is_some()).map(|(_, &x)| x).collect();
        let early_cells: u64 = self.arrays.iter().enumerate().filter(|(i, a)| a.early && !sized_arrays.contains(&(*i as u32))).map(|(_, a)| u64::from(a.cells)).sum();
        let early = sized || early_cells + n <= MAX_LARGE_ARRAY_CELLS;
        let name = o.name.clone();
        let shadow = if !sized && early && n <= u64::from(EXACT_CONCRETE_CELLS) && in_regs + n <= MAX_LARGE_ARRAY_CELLS {
            let first = self.regs.len() as u32;
            for k in 0..n {
                self.new_reg(format!("{name}[{}]~", k * len), (len * 8) as u32);
            }
            Shadow::Regs(first)
        } else {
            Shadow::Sparse
        };
        let ghost = Ghost {
            k: self.new_reg(format!("{name}~k"), 64),
            g: self.new_reg(format!("{name}~g"), (len * 8) as u32),
            at: self.new_reg(format!("{name}~at"), 1),
        };
        let a = self.arrays.len() as u32;
        self.arrays.push(LargeArray { name, shadow, cells: n as u32, len, pinned: Vec::new(), ghost, early });
        self.large.insert(obj, a);
        Ok(Some(a))
    }

    /// Types the cells a dynamic access of `len` bytes to `obj` can name as holding pointers
    /// (`is_ptr`) or integers; a large array holds integers only.
    pub(super) fn type_dyn_cells(&mut self, obj: u32, len: u64, is_ptr: bool, loc: Loc) -> Result<(), Unsupported> {
        if self.large_array(obj, len, loc)?.is_some() {
            if is_ptr {
                return Err(Unsupported(format!("memory: pointers in array {} of more than {MAX_ARRAY_CELLS} elements at {}", self.objs[obj as usize].name, self.m.describe_loc(loc))));
            }
            return Ok(());
        }
        for c in self.grid(obj, len, loc)? {
            self.type_cell(c, is_ptr, loc)?;
        }
        Ok(())
    }

    /// The shadow cells of `obj` as `(offset, bytes, register)` (none unless it is a large array).
    pub(super) fn shadow_cells(&self, obj: u32) -> Vec<(u64, u64, u32)> {
        match self.large.get(&obj) {
            Some(&a) => {
                let a = &self.arrays[a as usize];
                match a.shadow {
                    Shadow::Regs(first) => (0..a.cells).map(|k| (u64::from(k) * a.len, a.len, first + k)).collect(),
                    Shadow::Sparse => Vec::new(),
                }
            }
            None => Vec::new(),
        }
    }

    /// `dst := *p` at a dynamic offset of large array `a` (see the module doc).
    #[allow(clippy::too_many_arguments)]
    fn large_load(&mut self, f: FuncId, cur: u32, loc: Loc, p: DynPtr, a: u32, w: u32, dst: u32) -> Result<(), Unsupported> {
        let LargeArray { cells, len, .. } = self.arrays[a as usize].clone();
        self.check_offset(f, cur, loc, p, u64::from(cells), len);
        let cw = (len * 8) as u32;
        let acc = if cw == w { dst } else { self.temp(f, "mem.read", cw) };
        self.emit(cur, loc, FInst::ArrayRead { dst: acc, array: a, off: Opnd::Reg(p.off) });
        let at = self.blocks[cur as usize].insts.len();
        self.pending.push(Pending::Pinned(PinnedAccess { block: cur as usize, at, obj: p.obj, off: p.off, kind: PinnedKind::Read(acc), loc }));
        if acc != dst {
            self.emit(cur, loc, FInst::Cast { dst, op: CastOp::Trunc, from: cw, to: w, v: Opnd::Reg(acc) });
        }
        Ok(())
    }

    /// `*p := v` at a dynamic offset of large array `a` (see the module doc).
    #[allow(clippy::too_many_arguments)]
    fn large_store(&mut self, f: FuncId, cur: u32, loc: Loc, p: DynPtr, a: u32, w: u32, v: Opnd) -> Result<(), Unsupported> {
        let LargeArray { cells, len, .. } = self.arrays[a as usize].clone();
        self.check_offset(f, cur, loc, p, u64::from(cells), len);
        if self.write_to_constant(cur, loc, p.obj) {
            return Ok(());
        }
        let v = self.cell_value(f, cur, loc, len, w, v);
        self.emit(cur, loc, FInst::ArrayWrite { array: a, off: Opnd::Reg(p.off), v });
        let at = self.blocks[cur as usize].insts.len();
        self.pending.push(Pending::Pinned(PinnedAccess { block: cur as usize, at, obj: p.obj, off: p.off, kind: PinnedKind::Write(v), loc }));
        Ok(())
    }

    /// The selects of a dynamic access over the pinned cells of its large array.
    pub(super) fn pinned_code(&mut self, a: &PinnedAccess) -> Result<Vec<FInst>, Unsupported> {
        let mut code = Vec::new();
        if let Some(gh) = self.large.get(&a.obj).map(|&x| self.arrays[x as usize].ghost) {
            code.push(FInst::ICmp { dst: gh.at, pred: ICmpPred::Eq, w: 64, a: Opnd::Reg(a.off), b: Opnd::Reg(gh.k) });
            code.push(match a.kind {
                PinnedKind::Read(acc) => FInst::Select { dst: acc, c: Opnd::Reg(gh.at), t: Opnd::Reg(gh.g), f: Opnd::Reg(acc) },
                PinnedKind::Write(v) => FInst::Select { dst: gh.g, c: Opnd::Reg(gh.at), t: v, f: Opnd::Reg(gh.g) },
            });
        }
        let eq = self.new_reg(format!("{}:mem.at", self.objs[a.obj as usize].name), 1);
        for (co, _, r) in self.objs[a.obj as usize].cells.clone() {
            let at = Opnd::Const { bits: co, width: 64 };
            code.push(FInst::ICmp { dst: eq, pred: ICmpPred::Eq, w: 64, a: Opnd::Reg(a.off), b: at });
            code.push(match a.kind {
                PinnedKind::Read(acc) => FInst::Select { dst: acc, c: Opnd::Reg(eq), t: Opnd::Reg(r), f: Opnd::Reg(acc) },
                PinnedKind::Write(v) => FInst::Select { dst: r, c: Opnd::Reg(eq), t: v, f: Opnd::Reg(r) },
            });
        }
        Ok(code)
    }

    /// The copies of `code` into the shadow registers of `obj`, as (byte offset, value).
    pub(super) fn shadow_copies(&self, obj: u32, code: &[FInst]) -> Vec<(u64, Opnd)> {
        let Some(a) = self.large.get(&obj).map(|&x| &self.arrays[x as usize]) else { return Vec::new() };
        let Some(first) = a.first_shadow_reg() else { return Vec::new() };
        code.iter()
            .filter_map(|i| match i {
                FInst::Copy { dst, v } if a.holds(*dst) => Some((u64::from(dst - first) * a.len, *v)),
                _ => None,
            })
            .collect()
    }

    /// Whether `obj` is a large array whose shadow cells are sparse; then its index and cells.
    pub(super) fn sparse_array(&self, obj: u32) -> Option<(u32, LargeArray)> {
        let &x = self.large.get(&obj)?;
        let a = &self.arrays[x as usize];
        (a.shadow == Shadow::Sparse).then(|| (x, a.clone()))
    }

    /// The code that makes the sparse shadow cells of array `x` hold `copies` (byte offset,
    /// value; consecutive cells of one value become one [`FInst::ShadowFill`]; an undefined
    /// value is 0, as [`crate::exec`] reads it). With `from_zero` (the initial state, where
    /// every cell is 0) the runs of zeros are left out.
    pub(super) fn shadow_fills(&self, x: u32, copies: &[(u64, Opnd)], from_zero: bool) -> Vec<FInst> {
        let a = &self.arrays[x as usize];
        let value = |v: &Opnd| match v {
            Opnd::Const { bits, .. } => Some(*bits & mask((a.len * 8) as u32)),
            Opnd::Undef { .. } => Some(0),
            Opnd::Reg(_) => None,
        };
        let mut out: Vec<FInst> = Vec::new();
        for (off, v) in copies {
            let v = value(v).expect("constant copies into a large array");
            let i = off / a.len;
            match out.last_mut() {
                Some(FInst::ShadowFill { to, v: last, .. }) if *to == i && *last == v => *to = i + 1,
                _ => out.push(FInst::ShadowFill { array: x, from: i, to: i + 1, v }),
            }
        }
        if from_zero {
            out.retain(|f| !matches!(f, FInst::ShadowFill { v: 0, .. }));
        }
        out
    }

    /// The ghost's part of copies into `obj`'s shadow cells (a havoc, a fill, a global's
    /// initial values), given as (byte offset, value): `g` undefined when every cell is made
    /// undefined, else `g` takes the value copied at `k` (one select over the range when the
    /// copies are of one constant into consecutive cells, else one per cell).
    pub(super) fn ghost_of_copies(&mut self, obj: u32, copies: &[(u64, Opnd)]) -> Vec<FInst> {
        let Some(a) = self.large.get(&obj).map(|&x| self.arrays[x as usize].clone()) else { return Vec::new() };
        let gh = a.ghost;
        let Some(&(lo, v0)) = copies.first() else { return Vec::new() };
        let w = self.regs[gh.g as usize].width;
        if copies.len() as u64 == u64::from(a.cells) && copies.iter().all(|(_, v)| matches!(v, Opnd::Undef { .. })) {
            return vec![FInst::Copy { dst: gh.g, v: Opnd::Undef { width: w } }];
        }
        let consecutive = copies.windows(2).all(|p| p[1].0 == p[0].0 + a.len);
        let mut out = Vec::new();
        if consecutive && matches!(v0, Opnd::Const { .. }) && copies.iter().all(|(_, v)| *v == v0) {
            let hi = copies.last().map_or(lo, |c| c.0) + a.len;
            let c64 = |x: u64| Opnd::Const { bits: x, width: 64 };
            let below = self.new_reg(format!("{}~below", a.name), 1);
            out.push(FInst::ICmp { dst: gh.at, pred: ICmpPred::Uge, w: 64, a: Opnd::Reg(gh.k), b: c64(lo) });
            out.push(FInst::ICmp { dst: below, pred: ICmpPred::Ult, w: 64, a: Opnd::Reg(gh.k), b: c64(hi) });
            out.push(FInst::Bin { dst: gh.at, op: BinOp::And, w: 1, a: Opnd::Reg(gh.at), b: Opnd::Reg(below), nsw: false });
            out.push(FInst::Select { dst: gh.g, c: Opnd::Reg(gh.at), t: v0, f: Opnd::Reg(gh.g) });
            return out;
        }
        for &(off, v) in copies {
            out.push(FInst::ICmp { dst: gh.at, pred: ICmpPred::Eq, w: 64, a: Opnd::Reg(gh.k), b: Opnd::Const { bits: off, width: 64 } });
            out.push(FInst::Select { dst: gh.g, c: Opnd::Reg(gh.at), t: v, f: Opnd::Reg(gh.g) });
        }
        out
    }

    /// Keeps each ghost cell equal to its array at `k` through the writes of pinned cells
    /// (after every instruction writing one: `g := k == offset ? cell : g`), and fixes each
    /// `k` at the start (undefined, first in block 0).
    pub(super) fn ghost_pass(&mut self) {
        let mut of_pinned: HashMap<u32, (u64, Ghost)> = HashMap::new();
        for (&obj, &a) in &self.large {
            let gh = self.arrays[a as usize].ghost;
            for &(co, _, r) in &self.objs[obj as usize].cells {
                of_pinned.insert(r, (co, gh));
            }
        }
        if !of_pinned.is_empty() {
            for blk in &mut self.blocks {
                if !blk.insts.iter().any(|i| written_reg(i).is_some_and(|d| of_pinned.contains_key(&d))) {
                    continue;
                }
                let mut insts = Vec::with_capacity(blk.insts.len());
                let mut locs = Vec::with_capacity(blk.locs.len());
                for (i, l) in blk.insts.drain(..).zip(blk.locs.drain(..)) {
                    let pinned = written_reg(&i).and_then(|d| of_pinned.get(&d).map(|&(co, gh)| (d, co, gh)));
                    insts.push(i);
                    locs.push(l);
                    if let Some((r, co, gh)) = pinned {
                        insts.push(FInst::ICmp { dst: gh.at, pred: ICmpPred::Eq, w: 64, a: Opnd::Reg(gh.k), b: Opnd::Const { bits: co, width: 64 } });
                        insts.push(FInst::Select { dst: gh.g, c: Opnd::Reg(gh.at), t: Opnd::Reg(r), f: Opnd::Reg(gh.g) });
                        locs.extend([l, l]);
                    }
                }
                blk.insts = insts;
                blk.locs = locs;
            }
        }
        for a in &self.arrays {
            self.blocks[0].insts.insert(0, FInst::Copy { dst: a.ghost.k, v: Opnd::Undef { width: 64 } });
            self.blocks[0].locs.insert(0, Loc::UNKNOWN);
        }
    }

    /// Records each large array's pinned cells (once every static access is lowered).
    pub(super) fn record_pinned(&mut self) {
        for (&obj, &a) in &self.large {
            let len = self.arrays[a as usize].len;
            let mut pinned: Vec<(u64, u32)> = self.objs[obj as usize].cells.iter().map(|&(co, _, r)| (co / len, r)).collect();
            pinned.sort_unstable();
            self.arrays[a as usize].pinned = pinned;
        }
    }

    /// Refuses large arrays the model does not cover (see the module doc): a pinned cell off
    /// the grid, an address that escaped, pointers in a global's initialiser.
    pub(super) fn check_large_arrays(&self) -> Result<(), Unsupported> {
        for (&obj, &a) in &self.large {
            let o = &self.objs[obj as usize];
            let len = self.arrays[a as usize].len;
            let refuse = |why: &str| Err(Unsupported(format!("memory: array {} accessed at a variable index: {why}", o.name)));
            if o.escaped {
                return refuse("its address is stored or compared");
            }
            if o.cells.iter().any(|&(co, cl, _)| cl != len || co % len != 0) {
                return refuse("also accessed in another shape than its elements");
            }
            if o.cells.iter().any(|&(_, _, r)| self.cell_kinds.get(&r) == Some(&true)) {
                return refuse("holds pointers");
            }
            if o.global_init.as_ref().is_some_and(|g| !g.relocs.is_empty()) {
                return refuse("holds addresses");
            }
        }
        Ok(())
    }

    /// `memset(p, c, n)` and `memcpy(p, q, n)` with constants `c`, `n` and `q` a constant
    /// global without pointers or undefined bytes in the range (how clang initialises local
    /// arrays): the cells of `p`'s object inside the range get their bytes, at finishing time
    /// when all cells are known. Anything else is unsupported.
    pub(super) fn lower_fill(&mut self, fr: &Frame, cur: u32, inst: &vigil_ir::Inst, which: Intrinsic, args: &[Operand]) -> Result<(), Unsupported> {
        let loc = inst.loc;
        let m = self.m;
        let unsupported = || Unsupported(format!("memory: {} at {}", which.llvm_name(), m.describe_loc(loc)));
        let konst = |o: &Operand| match o {
            Operand::Const(c) => match m.konst(*c) {
                Const::Int { bits, .. } => Some(*bits),
                _ => None,
            },
            _ => None,
        };
        let n = args.get(2).and_then(konst).filter(|&n| n <= 1 << 20).ok_or_else(unsupported)?;
        let dst = self.static_ptr(fr, args[0], loc)?;
        self.check_alive(cur, loc, dst.obj);
        if self.write_to_constant(cur, loc, dst.obj) {
            return Ok(());
        }
        let bytes = if which == Intrinsic::Memset {
            let c = args.get(1).and_then(konst).ok_or_else(unsupported)?;
            vec![c as u8; n as usize]
        } else {
            let Some(Operand::Const(c)) = args.get(1) else { return Err(unsupported()) };
            let Const::Ptr { target: PtrTarget::Global(g), offset } = m.konst(*c) else { return Err(unsupported()) };
            let gl = m.global(*g);
            let init = gl.init.as_ref().filter(|_| gl.is_constant).ok_or_else(unsupported)?;
            let start = u64::try_from(*offset).map_err(|_| unsupported())?;
            let end = start + n;
            let clash = init.relocs.iter().any(|r| r.offset < end && start < r.offset + u64::from(r.size))
                || init.undef.iter().any(|&(uo, ul)| uo < end && start < uo + ul);
            if clash || end > gl.size {
                return Err(unsupported());
            }
            (start..end).map(|i| init.bytes.get(i as usize).copied().unwrap_or(0)).collect()
        };
        let size = self.objs[dst.obj as usize].size;
        if dst.off < 0 || dst.off as u64 + n > size {
            return Err(Unsupported(format!("memory: {} out of the bounds of {} at {}", which.llvm_name(), self.objs[dst.obj as usize].name, m.describe_loc(loc))));
        }
        if n > 0 {
            self.check_dyn_bounds(cur, loc, dst.obj, Opnd::Const { bits: dst.off as u64, width: 64 }, n);
        }
        let at = self.blocks[cur as usize].insts.len();
        self.pending.push(Pending::Fill { block: cur as usize, at, obj: dst.obj, off: dst.off as u64, bytes, loc });
        Ok(())
    }
}
