//! Instructions and terminators.
//!
//! The instruction set is LLVM's integer and memory subset as clang-19 emits it for C at `-O0`
//! (optionally after `mem2reg`), with the following resolved at lowering time:
//!
//! * `getelementptr` becomes [`InstKind::PtrAdd`]: a constant byte offset plus a list of
//!   (index, scale) pairs, each index sign-extended or truncated to 64 bits;
//! * `extractvalue`/`insertvalue` carry the byte offset and type of the member;
//! * intrinsics are a closed enum [`Intrinsic`]; debug markers are dropped; lifetime markers
//!   (which clang emits at `-O0` because the driver asks for them) end and restart the life of a
//!   block-scoped local;
//! * calls name their callee as a [`FuncId`](crate::FuncId) when it is a known function.
//!
//! The concrete meaning of each operation (wrap-around arithmetic, what is undefined) is defined
//! once, by the VM's interpreter; symbolic engines must agree with it.

use crate::float::FloatOp;
use crate::{BlockId, ConstId, FuncId, Loc, TypeId, ValueId};

/// An operand: a register of the current function or a constant of the module pool.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Operand {
    Value(ValueId),
    Const(ConstId),
}

/// Integer binary operators.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    And,
    Or,
    Xor,
    Shl,
    LShr,
    AShr,
}

impl BinOp {
    /// All binary operators, for exhaustive tests.
    pub const ALL: [BinOp; 13] = {
        use BinOp::*;
        [Add, Sub, Mul, UDiv, SDiv, URem, SRem, And, Or, Xor, Shl, LShr, AShr]
    };

    pub fn name(self) -> &'static str {
        match self {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mul => "mul",
            BinOp::UDiv => "udiv",
            BinOp::SDiv => "sdiv",
            BinOp::URem => "urem",
            BinOp::SRem => "srem",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::Xor => "xor",
            BinOp::Shl => "shl",
            BinOp::LShr => "lshr",
            BinOp::AShr => "ashr",
        }
    }
}

/// Poison-generating flags of an arithmetic instruction. `nsw` on add/sub/mul/shl is what the
/// no-overflow property checks (C signed arithmetic); `exact` on divisions and right shifts.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct ArithFlags {
    pub nsw: bool,
    pub nuw: bool,
    pub exact: bool,
}

/// Integer comparison predicates (operands may also be pointers).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ICmpPred {
    Eq,
    Ne,
    Ugt,
    Uge,
    Ult,
    Ule,
    Sgt,
    Sge,
    Slt,
    Sle,
}

impl ICmpPred {
    /// All comparison predicates, for exhaustive tests.
    pub const ALL: [ICmpPred; 10] = {
        use ICmpPred::*;
        [Eq, Ne, Ugt, Uge, Ult, Ule, Sgt, Sge, Slt, Sle]
    };

    pub fn name(self) -> &'static str {
        match self {
            ICmpPred::Eq => "eq",
            ICmpPred::Ne => "ne",
            ICmpPred::Ugt => "ugt",
            ICmpPred::Uge => "uge",
            ICmpPred::Ult => "ult",
            ICmpPred::Ule => "ule",
            ICmpPred::Sgt => "sgt",
            ICmpPred::Sge => "sge",
            ICmpPred::Slt => "slt",
            ICmpPred::Sle => "sle",
        }
    }
}

/// Conversions between integers and pointers (floating-point ones are [`FloatOp`]s).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum CastOp {
    Trunc,
    ZExt,
    SExt,
    PtrToInt,
    IntToPtr,
    /// Same bits, different type (pointer to pointer, or between same-sized first-class types).
    Bitcast,
}

impl CastOp {
    pub fn name(self) -> &'static str {
        match self {
            CastOp::Trunc => "trunc",
            CastOp::ZExt => "zext",
            CastOp::SExt => "sext",
            CastOp::PtrToInt => "ptrtoint",
            CastOp::IntToPtr => "inttoptr",
            CastOp::Bitcast => "bitcast",
        }
    }
}

/// Memory ordering of an atomic access. Kept for completeness; the VM treats every atomic
/// operation as sequentially consistent.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum AtomicOrdering {
    Unordered,
    Monotonic,
    Acquire,
    Release,
    AcqRel,
    SeqCst,
}

/// Operations of `atomicrmw` (integer ones; floating-point ones are unsupported).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum RmwOp {
    Xchg,
    Add,
    Sub,
    And,
    Nand,
    Or,
    Xor,
    Max,
    Min,
    UMax,
    UMin,
    UIncWrap,
    UDecWrap,
}

/// The callee of a call.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Callee {
    /// A function of the module (defined or declared).
    Direct(FuncId),
    /// A function pointer computed at run time.
    Indirect(Operand),
}

/// The LLVM intrinsics clang emits for C that vigil understands. Arguments keep LLVM's order.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Intrinsic {
    /// `memcpy(dst, src, len, volatile)`
    Memcpy,
    /// `memmove(dst, src, len, volatile)`
    Memmove,
    /// `memset(dst, byte, len, volatile)`
    Memset,
    StackSave,
    StackRestore,
    /// `expect(v, expected)` returns `v`.
    Expect,
    /// `abs(v, int_min_is_poison)`
    Abs,
    SMin,
    SMax,
    UMin,
    UMax,
    Ctpop,
    /// `ctlz(v, zero_is_poison)`
    Ctlz,
    /// `cttz(v, zero_is_poison)`
    Cttz,
    Bswap,
    Bitreverse,
    Fshl,
    Fshr,
    /// `{iN, i1}` results: value and overflow bit.
    SAddWithOverflow,
    UAddWithOverflow,
    SSubWithOverflow,
    USubWithOverflow,
    SMulWithOverflow,
    UMulWithOverflow,
    Trap,
    /// `llvm.assume(cond)`: the program promises `cond`.
    Assume,
    VaStart,
    VaEnd,
    VaCopy,
    /// `llvm.objectsize` etc. fold to "unknown" answers; kept as an instruction so the VM can
    /// answer exactly.
    ObjectSize,
    /// `llvm.is.constant`: always false at -O0.
    IsConstant,
    /// `llvm.lifetime.start(size, ptr)`: the alloca `ptr` (re)enters its scope; its contents are
    /// undefined again (a loop iteration re-enters a block).
    LifetimeStart,
    /// `llvm.lifetime.end(size, ptr)`: the alloca `ptr` leaves its scope; accesses through any
    /// pointer to it are dangling until the next `LifetimeStart`.
    LifetimeEnd,
}

impl Intrinsic {
    /// The LLVM base name without type suffixes, e.g. `llvm.memcpy`.
    pub fn llvm_name(self) -> &'static str {
        use Intrinsic::*;
        match self {
            Memcpy => "llvm.memcpy",
            Memmove => "llvm.memmove",
            Memset => "llvm.memset",
            StackSave => "llvm.stacksave",
            StackRestore => "llvm.stackrestore",
            Expect => "llvm.expect",
            Abs => "llvm.abs",
            SMin => "llvm.smin",
            SMax => "llvm.smax",
            UMin => "llvm.umin",
            UMax => "llvm.umax",
            Ctpop => "llvm.ctpop",
            Ctlz => "llvm.ctlz",
            Cttz => "llvm.cttz",
            Bswap => "llvm.bswap",
            Bitreverse => "llvm.bitreverse",
            Fshl => "llvm.fshl",
            Fshr => "llvm.fshr",
            SAddWithOverflow => "llvm.sadd.with.overflow",
            UAddWithOverflow => "llvm.uadd.with.overflow",
            SSubWithOverflow => "llvm.ssub.with.overflow",
            USubWithOverflow => "llvm.usub.with.overflow",
            SMulWithOverflow => "llvm.smul.with.overflow",
            UMulWithOverflow => "llvm.umul.with.overflow",
            Trap => "llvm.trap",
            Assume => "llvm.assume",
            VaStart => "llvm.va_start",
            VaEnd => "llvm.va_end",
            VaCopy => "llvm.va_copy",
            ObjectSize => "llvm.objectsize",
            IsConstant => "llvm.is.constant",
            LifetimeStart => "llvm.lifetime.start",
            LifetimeEnd => "llvm.lifetime.end",
        }
    }

    /// All intrinsics, for lookups by name and for exhaustive tests.
    pub const ALL: [Intrinsic; 33] = {
        use Intrinsic::*;
        [
            Memcpy, Memmove, Memset, StackSave, StackRestore, Expect, Abs, SMin, SMax, UMin,
            UMax, Ctpop, Ctlz, Cttz, Bswap, Bitreverse, Fshl, Fshr, SAddWithOverflow,
            UAddWithOverflow, SSubWithOverflow, USubWithOverflow, SMulWithOverflow,
            UMulWithOverflow, Trap, Assume, VaStart, VaEnd, VaCopy, ObjectSize, IsConstant,
            LifetimeStart, LifetimeEnd,
        ]
    };

    /// Recognises an LLVM intrinsic name with or without its type suffixes
    /// (`llvm.memcpy.p0.p0.i64` → `Memcpy`). The longest matching base name wins, so
    /// `llvm.umul.with.overflow.i32` is not mistaken for a shorter name.
    pub fn from_llvm_name(name: &str) -> Option<Intrinsic> {
        let mut best: Option<Intrinsic> = None;
        for i in Intrinsic::ALL {
            let base = i.llvm_name();
            let matches = name == base
                || (name.starts_with(base) && name.as_bytes().get(base.len()) == Some(&b'.'));
            if matches && best.is_none_or(|b| b.llvm_name().len() < base.len()) {
                best = Some(i);
            }
        }
        best
    }
}

/// One non-terminator instruction.
#[derive(Clone, PartialEq, Debug)]
pub struct Inst {
    pub kind: InstKind,
    /// The register this instruction defines, if it produces a value.
    pub dest: Option<ValueId>,
    pub loc: Loc,
}

/// What an instruction does. `ty` fields are the type of the value produced or accessed.
#[derive(Clone, PartialEq, Debug)]
pub enum InstKind {
    Bin { op: BinOp, flags: ArithFlags, lhs: Operand, rhs: Operand },
    ICmp { pred: ICmpPred, lhs: Operand, rhs: Operand },
    Select { cond: Operand, if_true: Operand, if_false: Operand },
    Cast { op: CastOp, val: Operand, to: TypeId },
    /// SSA φ: one incoming value per predecessor edge (a predecessor may appear more than once
    /// when several switch cases lead here; its values are then equal).
    Phi { incoming: Vec<(BlockId, Operand)> },
    /// Allocates `count × elem_size` bytes of stack memory, freed when the function returns.
    Alloca { elem_ty: TypeId, elem_size: u64, count: Operand, align: u64 },
    Load { ptr: Operand, ty: TypeId, align: u64, atomic: Option<AtomicOrdering>, volatile: bool },
    Store { ptr: Operand, val: Operand, ty: TypeId, align: u64, atomic: Option<AtomicOrdering>, volatile: bool },
    /// `base + offset + Σ index_i × scale_i` in bytes (a lowered `getelementptr`). Indices are
    /// sign-extended (or truncated) to 64 bits. `inbounds` is LLVM's flag.
    PtrAdd { base: Operand, offset: i64, indices: Vec<(Operand, i64)>, inbounds: bool },
    /// The subscript `index` of the array of `len` elements of `elem_size` bytes that starts at
    /// `base` must lie in `0..len`, or in `0..=len` when the element's address is only formed,
    /// not accessed (`&s.buf[4]`, one past the end) — when that array is part of a larger object:
    /// a member array of a struct (`s.buf[i]`) or a row of a multi-dimensional array
    /// (`a[r][i]`). C11 6.5.6p8 and J.2 make any other subscript undefined even where the
    /// address stays inside the enclosing object, which the object's own bounds cannot see. An
    /// array that is a whole object (`base` at its start, its size the array's) is left to the
    /// object's bounds, so that an access past it stays a memory-safety violation. The front end
    /// emits this check before the `PtrAdd` of the subscript (see `frontend::lower::subarrays`),
    /// never for a struct's last member (the "struct hack" over-allocates it); `index` is
    /// sign-extended (or truncated) to 64 bits as `PtrAdd` indices are. It defines no value.
    IndexCheck { base: Operand, index: Operand, len: u64, elem_size: u64, one_past: bool },
    /// The byte `val`, just loaded from a `_Bool` object, must be 0 or 1. The x86-64 psABI
    /// stores a `_Bool` as one byte that is always 0 or 1, and clang relies on it: at `-O2` it
    /// loads with `!range [0, 2)` and truncates with `trunc nuw` (a 2 is poison there), at `-O0`
    /// it keeps the low bit. C leaves the read of such a byte through a `_Bool` lvalue
    /// undefined (C11 6.2.6.1p5: a representation that is no value of the type), so a `_Bool`
    /// holding 2 (written through a union member or a `char` lvalue) is undefined behaviour.
    /// The front end emits this check before clang's `trunc i8 … to i1` of a loaded byte in the
    /// program's own code (see `frontend::lower::bools`). Only the defined bits of `val` are
    /// checked; an uninitialised `_Bool` is 0 or 1 (SV-COMP's nondeterministic value of its type:
    /// the VM's load chooses only its lowest bit when this check follows). It defines no value.
    BoolCheck { val: Operand },
    Call { callee: Callee, args: Vec<Operand>, ret_ty: TypeId },
    Intrinsic { which: Intrinsic, args: Vec<Operand>, ret_ty: TypeId },
    /// `freeze`: an undefined input becomes an arbitrary but fixed value.
    Freeze { val: Operand },
    /// Reads the member of type `ty` at byte `offset` of an aggregate value.
    ExtractValue { agg: Operand, offset: u64, ty: TypeId },
    /// Writes `val` (of type `ty`) at byte `offset` of an aggregate value.
    InsertValue { agg: Operand, val: Operand, offset: u64, ty: TypeId },
    AtomicRmw { op: RmwOp, ptr: Operand, val: Operand, ty: TypeId, ordering: AtomicOrdering },
    /// Returns `{ty, i1}`: the old value and whether the exchange happened.
    CmpXchg { ptr: Operand, expected: Operand, new: Operand, ty: TypeId, ordering: AtomicOrdering },
    Fence { ordering: AtomicOrdering },
    /// A floating-point operation (see [`crate::float`]); `ty` is the result type.
    Float { op: FloatOp, args: Vec<Operand>, ty: TypeId },
    /// A construct vigil does not support (floating-point arithmetic, inline asm, vectors, …).
    /// Reaching it makes an engine answer `unknown` naming `construct` and the location.
    Unsupported { construct: String },
}

/// How a block ends.
#[derive(Clone, PartialEq, Debug)]
pub enum Terminator {
    Ret { val: Option<Operand> },
    Br { target: BlockId },
    CondBr { cond: Operand, if_true: BlockId, if_false: BlockId },
    /// `cases` hold the case values truncated to the operand's width (as u64 bit patterns).
    Switch { val: Operand, cases: Vec<(u64, BlockId)>, default: BlockId },
    Unreachable,
    /// An unsupported terminator (`callbr`, exception handling; the front end rewrites `indirectbr`
    /// into a `switch`). It has no known successors; reaching it makes an engine answer `unknown`.
    Unsupported { construct: String },
}

impl Terminator {
    /// The operands this terminator reads.
    pub fn operands(&self) -> Vec<Operand> {
        match self {
            Terminator::Ret { val } => val.iter().copied().collect(),
            Terminator::CondBr { cond, .. } => vec![*cond],
            Terminator::Switch { val, .. } => vec![*val],
            Terminator::Br { .. } | Terminator::Unreachable | Terminator::Unsupported { .. } => Vec::new(),
        }
    }

    /// Successor blocks in order, duplicates kept (a switch may list one block several times).
    pub fn successors(&self) -> Vec<BlockId> {
        match self {
            Terminator::Ret { .. } | Terminator::Unreachable | Terminator::Unsupported { .. } => {
                Vec::new()
            }
            Terminator::Br { target } => vec![*target],
            Terminator::CondBr { if_true, if_false, .. } => vec![*if_true, *if_false],
            Terminator::Switch { cases, default, .. } => {
                let mut s = vec![*default];
                s.extend(cases.iter().map(|(_, b)| *b));
                s
            }
        }
    }
}

impl InstKind {
    /// The operands this instruction reads, in order.
    pub fn operands(&self) -> Vec<Operand> {
        match self {
            InstKind::Bin { lhs, rhs, .. } | InstKind::ICmp { lhs, rhs, .. } => vec![*lhs, *rhs],
            InstKind::Select { cond, if_true, if_false } => vec![*cond, *if_true, *if_false],
            InstKind::Cast { val, .. } | InstKind::Freeze { val } => vec![*val],
            InstKind::IndexCheck { base, index, .. } => vec![*base, *index],
            InstKind::BoolCheck { val } => vec![*val],
            InstKind::Phi { incoming } => incoming.iter().map(|(_, v)| *v).collect(),
            InstKind::Alloca { count, .. } => vec![*count],
            InstKind::Load { ptr, .. } => vec![*ptr],
            InstKind::Store { ptr, val, .. } => vec![*ptr, *val],
            InstKind::PtrAdd { base, indices, .. } => {
                let mut v = vec![*base];
                v.extend(indices.iter().map(|(i, _)| *i));
                v
            }
            InstKind::Call { callee, args, .. } => {
                let mut v = Vec::new();
                if let Callee::Indirect(p) = callee {
                    v.push(*p);
                }
                v.extend(args.iter().copied());
                v
            }
            InstKind::Intrinsic { args, .. } | InstKind::Float { args, .. } => args.clone(),
            InstKind::ExtractValue { agg, .. } => vec![*agg],
            InstKind::InsertValue { agg, val, .. } => vec![*agg, *val],
            InstKind::AtomicRmw { ptr, val, .. } => vec![*ptr, *val],
            InstKind::CmpXchg { ptr, expected, new, .. } => vec![*ptr, *expected, *new],
            InstKind::Fence { .. } | InstKind::Unsupported { .. } => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intrinsic_names_round_trip() {
        for i in Intrinsic::ALL {
            assert_eq!(Intrinsic::from_llvm_name(i.llvm_name()), Some(i));
            let suffixed = format!("{}.i32", i.llvm_name());
            assert_eq!(Intrinsic::from_llvm_name(&suffixed), Some(i), "{suffixed}");
        }
        assert_eq!(
            Intrinsic::from_llvm_name("llvm.memcpy.p0.p0.i64"),
            Some(Intrinsic::Memcpy)
        );
        assert_eq!(Intrinsic::from_llvm_name("llvm.memcpyx"), None);
        assert_eq!(Intrinsic::from_llvm_name("llvm.sqrt.f64"), None);
    }
}
