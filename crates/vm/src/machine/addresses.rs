//! Results that depend on where the platform puts objects, which the VM does not model.
//!
//! A pointer here is an object and an offset ([`decode`]); x86-64 Linux gives each object an
//! address of its own choosing, and reuses the address of a freed block or of a returned
//! function's locals for the next allocation or call. So every result that depends on the order
//! of, or the distance between, two objects' addresses, or on whether a dead object's address
//! was given to another, may differ natively, in both directions: `free(p); q = malloc(n);
//! p == q` holds natively (glibc hands the same block back) and not in the VM. C makes most of
//! these undefined (the value of a pointer to a dead object is indeterminate, C11 6.2.4p2;
//! ordering or subtracting pointers into different objects, 6.5.8p5, 6.5.6p9), and lets a
//! pointer one past an object compare equal to the object next to it (6.5.9p6). A transition
//! that computes such a result raises [`flags::ADDRESS_AS_INT`]: it proves nothing either way,
//! and [`Machine::address_use`] says why.
//!
//! What stays modelled, because the platform's result is fixed: a pointer against NULL;
//! pointers into the same object (offsets order like addresses); equality of pointers strictly
//! inside two different live objects (never equal) or to two functions; adding an integer to a
//! pointer, the low bits an `and` with an integer keeps (`ops::binop`'s provenance rules) and
//! a remainder by a power of two (the same low bits).
//! Only the program's own code is watched here: the runtime orders or subtracts pointers where
//! the answer cannot change what the program sees (`memmove`'s direction).

use super::*;
use crate::memory::{DANGLING_OBJ, INVALID_OBJ};
use vigil_ir::{BinOp, ICmpPred};

/// Where x86-64 Linux may place a process's memory: above `vm.mmap_min_addr` (64 KiB), below
/// the 47-bit user half of the address space. An integer outside these can be no object's
/// address (NULL, small sentinels, `(void *)-1`).
const USER_ADDRESSES: std::ops::Range<u64> = 0x1_0000..0x8000_0000_0000;

/// A defined, non-null pointer's object and offset.
fn address(v: Scalar) -> Option<(u32, u32)> {
    (v.ptr && v.bits != 0 && v.is_defined(64)).then(|| decode(v.bits))
}

/// An object id that several different objects' pointers share (an offset moved out of range,
/// a freed object in a rebuilt state): two such pointers being equal says nothing.
fn provenance_lost(obj: u32) -> bool {
    obj == INVALID_OBJ || obj == DANGLING_OBJ
}

impl Machine<'_> {
    /// Raises [`flags::ADDRESS_AS_INT`], keeping the first reason of the transition.
    pub(super) fn note_address_use(&mut self, why: &'static str) {
        self.trans_flags |= flags::ADDRESS_AS_INT;
        if self.address_use.is_none() {
            self.address_use = Some((why, self.current_loc()));
        }
    }

    /// A non-null pointer value is about to become a narrower integer.
    pub(super) fn note_narrowed_pointer(&mut self, v: Scalar) {
        if v.ptr && decode(v.bits).0 != 0 {
            self.note_address_use("a pointer's address was used as an integer narrower than 64 bits");
        }
    }

    /// Two operands of a comparison: when one is a pointer into an object and the other an
    /// integer-made address where x86-64 Linux can place user memory ([`USER_ADDRESSES`]) that
    /// is no address of the VM's own encoding, the result depends on where the platform put
    /// the object (`(char *)0x55a8a2e6b007 != ""` can fail natively, in the run where the
    /// literal lies there).
    pub(super) fn note_foreign_address_compare(&mut self, a: Scalar, b: Scalar) {
        let foreign = |p: Scalar, q: Scalar| {
            p.ptr
                && decode(p.bits).0 != 0
                && !q.ptr
                && q.def == u64::MAX
                && USER_ADDRESSES.contains(&q.bits)
                && self.state.heap.get(decode(q.bits).0).is_none()
        };
        if foreign(a, b) || foreign(b, a) {
            self.note_address_use("a pointer was compared with an integer address");
        }
    }

    /// A comparison `a pred b` in the program's own code of two non-null pointers (or of the
    /// 64-bit integers made from them) whose result depends on the objects' addresses: into
    /// different objects and ordered; equal-or-not where one of them is dead or points outside
    /// its object (its address may be another object's natively); or through lost provenance.
    pub(super) fn note_address_compare(&mut self, pred: ICmpPred, a: Scalar, b: Scalar) {
        if !self.prog.checks_overflow[self.func.index()] {
            return;
        }
        let (Some((oa, fa)), Some((ob, fb))) = (address(a), address(b)) else { return };
        let why = if provenance_lost(oa) || provenance_lost(ob) {
            "pointers whose object is no longer known were compared"
        } else if oa == ob {
            return;
        } else if !matches!(pred, ICmpPred::Eq | ICmpPred::Ne) {
            "pointers into different objects were ordered (undefined, C11 6.5.8p5)"
        } else if !self.strictly_inside_live_object(oa, fa) || !self.strictly_inside_live_object(ob, fb) {
            "a pointer to a dead object, or outside its object, was compared with a pointer to another object"
        } else {
            return;
        };
        self.note_address_use(why);
    }

    /// Arithmetic `a op b` at 64 bits in the program's own code on a non-null pointer's address
    /// that `ops::binop` does not keep as provenance (an offset added or subtracted, the
    /// difference within one object, bits masked with an integer) and that is not the address's
    /// low bits (a remainder by a power of two, which the offset gives: objects start aligned
    /// beyond any type here, and natively at least as their type): its value is the VM's
    /// encoding of the address, not the platform's (`(uintptr_t)q - (uintptr_t)p` for two
    /// blocks, `(uintptr_t)p * 31`).
    pub(super) fn note_address_arithmetic(&mut self, op: BinOp, a: Scalar, b: Scalar) {
        if !self.prog.checks_overflow[self.func.index()] {
            return;
        }
        let (pa, pb) = (address(a), address(b));
        let kept = match (op, pa, pb) {
            (_, None, None) => true,
            (BinOp::Add, Some(_), None) | (BinOp::Add, None, Some(_)) => true,
            (BinOp::Sub, Some(_), None) => true,
            (BinOp::Sub, Some((oa, _)), Some((ob, _))) => oa == ob && !provenance_lost(oa),
            (BinOp::And | BinOp::Or | BinOp::Xor, Some(_), None) | (BinOp::And | BinOp::Or | BinOp::Xor, None, Some(_)) => {
                true
            }
            // The low bits, as a mask gives them: `(uintptr_t)&s % _Alignof(s)`.
            (BinOp::URem | BinOp::SRem, Some(_), None) => b.bits.is_power_of_two() && b.bits <= 1 << 32,
            _ => false,
        };
        let undefined = !a.is_defined(64) || !b.is_defined(64);
        if !kept && !undefined {
            self.note_address_use("arithmetic on the addresses of pointers gives a value the VM does not model");
        }
    }

    /// Whether offset `off` of object `obj` is a byte of a live object (or, for a function, its
    /// address): no other object can have that address natively.
    fn strictly_inside_live_object(&self, obj: u32, off: u32) -> bool {
        if obj & CODE_TAG != 0 {
            return off == 0;
        }
        match self.state.heap.get(obj) {
            Some(o) => !matches!(o.kind, ObjKind::OutOfScope | ObjKind::EarlierInstance | ObjKind::Frame) && off < o.size(),
            None => false,
        }
    }
}
