//! Dynamic sharedness and the visible accesses of a transition (DiVM §6.1, τ-reduction with
//! dynamic sharedness; `../shared/papers/002_*`).
//!
//! An object is *shared* ([`Object::shared`]) once it may be reachable from more than one
//! thread. Invariants:
//! * globals are shared from the start; every other object starts private to the thread that
//!   made it;
//! * the shared objects are closed under pointers: storing a pointer into a shared object (a
//!   store, an atomic, a copy) marks its target shared, and marking an object shared marks
//!   everything reachable from it ([`Machine::mark_shared`]); the runtime marks what it hands to
//!   another thread itself (`__vm_obj_shared`: a new thread's argument, a thread's result);
//! * so a thread reaches an object that is not shared only through its own registers, frames
//!   and the objects it made: no other thread can access it. An access at an `interrupt_mem`
//!   point to an object that is not shared is therefore invisible (τ): it commutes with every
//!   action of the other threads and ends no transition. So is an access to read-only memory
//!   (`const` globals, string literals): it can only be a read (a write faults), and nothing
//!   ever writes there.
//! * nothing here assumes the program race-free: an access to a shared object is visible
//!   whether or not it races, so the interleavings of the visible actions are every sequentially
//!   consistent behaviour of a racy program too (the explicit search relies on it for its
//!   `true` under SV-COMP's semantics, README "Racy programs under the other properties").
//!
//! The visible accesses a thread makes in a transition are recorded ([`Machine::accesses`]);
//! the explicit search compares the first visible action of two threads from one state to find
//! data races (README, "Threads"). Accesses inside an atomic section (`__VERIFIER_atomic_*`, the
//! runtime's own sections) and LLVM's atomic instructions are recorded as atomic.

use super::*;

/// A visible access to memory by a thread, as recorded for race detection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    pub obj: u32,
    pub off: u32,
    pub size: u32,
    pub write: bool,
    /// An atomic instruction, or an access inside an atomic section.
    pub atomic: bool,
    /// The program location of the access (for the report).
    pub loc: Loc,
}

impl Access {
    /// Whether two accesses (by different threads, both enabled in one state) race: they
    /// overlap (an empty access, such as a copy of 0 bytes, overlaps nothing), one writes, and
    /// not both are atomic.
    pub fn races_with(&self, other: &Access) -> bool {
        self.obj == other.obj
            && (self.write || other.write)
            && !(self.atomic && other.atomic)
            && u64::from(self.off) < u64::from(other.off) + u64::from(other.size)
            && u64::from(other.off) < u64::from(self.off) + u64::from(self.size)
    }
}

impl Machine<'_> {
    /// Marks `obj` and every object reachable from it shared (see the module doc).
    pub(super) fn mark_shared(&mut self, obj: u32) {
        let mut work = vec![obj];
        while let Some(id) = work.pop() {
            match self.state.heap.get(id) {
                Some(o) if !o.shared && o.kind != ObjKind::Frame => {}
                _ => continue,
            }
            let o = self.state.heap.get_mut(id).expect("live");
            o.shared = true;
            for i in 0..o.ptrs.len() {
                let slot = o.ptrs[i];
                work.push(o.pointer_in(slot).0);
            }
        }
    }

    /// `len` bytes were just written at `off` in `obj`: if it is shared, the targets of the
    /// pointers now in that range become shared.
    pub(super) fn note_stored_pointers(&mut self, obj: u32, off: u32, len: u32) {
        let Some(o) = self.state.heap.get(obj) else { return };
        if !o.shared || o.ptrs.is_empty() {
            return;
        }
        let end = u64::from(off) + u64::from(len);
        let targets: Vec<u32> = o
            .ptrs
            .iter()
            .filter(|p| u64::from(p.off) < end && p.off + p.len() > off)
            .map(|p| o.pointer_in(*p).0)
            .collect();
        for t in targets {
            self.mark_shared(t);
        }
    }

    /// At an `interrupt_mem` point of the loader (the instruction at the pc), about to make the
    /// accesses `acc` (pointer, bytes, write), atomic or not: does the transition end before
    /// them? Only an access to a shared object is visible (see [`Self::visible_access`]); a
    /// visible one that goes ahead is recorded in [`Self::accesses`].
    pub(super) fn mem_interrupt(&mut self, acc: &[(Scalar, u64, bool)], atomic: bool) -> bool {
        if self.state.flags & flags::THREADED == 0 || !self.threaded() {
            return false;
        }
        let points = &self.prog.funcs[self.func.index()].mem_point;
        if !points.get(self.block as usize).and_then(|b| b.get(self.inst as usize)).copied().unwrap_or(false) {
            return false;
        }
        // An address that is not a live object's faults in the access itself; counting it as
        // visible keeps the fault in order with the other threads' actions.
        // Read-only memory (string literals, `const` globals) is never written, so reading it
        // commutes with everything: invisible too.
        let shared = |m: &Self, p: Scalar| {
            let (obj, _) = decode(p.bits);
            !p.ptr || m.state.heap.get(obj).is_none_or(|o| o.shared && o.kind != ObjKind::Constant)
        };
        if !acc.iter().any(|(p, _, _)| shared(self, *p)) {
            return false;
        }
        if self.visible_access() {
            return true;
        }
        let atomic = atomic || self.state.flags & flags::ATOMIC != 0;
        let loc = self.user_loc().0;
        for &(p, size, write) in acc {
            if !shared(self, p) {
                continue;
            }
            let (obj, off) = decode(p.bits);
            let size = u32::try_from(size).unwrap_or(u32::MAX);
            self.accesses.push(Access { obj, off, size, write, atomic, loc });
        }
        false
    }

    /// `__vm_obj_free(p)` is about to run: does the transition end before it? Freeing a shared
    /// object does not commute with the other threads' accesses to it, so it is a visible
    /// action, recorded as a write of the whole object (a free at the same time as another
    /// thread's access races with it).
    pub(super) fn visible_free(&mut self, p: Scalar) -> bool {
        if self.state.flags & flags::THREADED == 0 || !self.threaded() || !p.ptr {
            return false;
        }
        let (obj, _) = decode(p.bits);
        let size = match self.state.heap.get(obj) {
            Some(o) if o.shared => o.size(),
            _ => return false,
        };
        if self.visible_access() {
            return true;
        }
        let atomic = self.state.flags & flags::ATOMIC != 0;
        let loc = self.user_loc().0;
        self.accesses.push(Access { obj, off: 0, size, write: true, atomic, loc });
        false
    }

    /// The thread that runs in this transition, as the address of the slot its frame is saved
    /// in (`VM_CR_INT_SLOT`): distinct threads have distinct slots in one state.
    pub fn thread_slot(&self) -> Option<u64> {
        self.int_slot.map(|s| s.bits)
    }
}

#[cfg(test)]
mod tests {
    use super::Access;
    use vigil_ir::Loc;

    fn access(obj: u32, off: u32, size: u32, write: bool, atomic: bool) -> Access {
        Access { obj, off, size, write, atomic, loc: Loc::UNKNOWN }
    }

    #[test]
    fn races_need_overlap_a_write_and_a_plain_access() {
        let w = access(1, 0, 4, true, false);
        assert!(w.races_with(&access(1, 2, 4, false, false)), "overlapping read");
        assert!(!w.races_with(&access(1, 4, 4, false, false)), "adjacent bytes do not overlap");
        assert!(!w.races_with(&access(2, 0, 4, true, false)), "another object");
        assert!(!access(1, 0, 4, false, false).races_with(&access(1, 0, 4, false, false)), "two reads");
        assert!(!access(1, 0, 4, true, true).races_with(&access(1, 0, 4, true, true)), "two atomics");
        assert!(access(1, 0, 4, true, true).races_with(&access(1, 0, 4, false, false)), "atomic and plain");
        assert!(!access(1, 0, 0, true, false).races_with(&access(1, 0, 1, false, false)), "an empty access touches nothing");
    }
}
