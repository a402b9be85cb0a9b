//! A state of the abstract machine: the call stack (registers as abstract values) and the
//! symbolic memory graph, with what every step needs from it: following references, finding
//! leaked memory, rewriting pointers, and a canonical form for the visited set.
//!
//! Invariant: a register that is dead (no later use) holds `Undef` at block entries
//! ([`crate::exec`] kills them), so two states that differ only in dead registers are equal, and
//! memory that only dead registers point to is unreachable — as it is in the VM, where such a
//! register's C variable has been overwritten or gone out of scope.

use crate::heap::{Inexpressible, Object, Region, Status};
use crate::value::{ObjId, Ptr, Val};
use std::collections::{BTreeMap, HashMap};
use vigil_ir::{BlockId, FuncId, ValueId};

/// One activation of a function.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Frame {
    pub func: FuncId,
    pub block: BlockId,
    /// Index of the next instruction of `block` to run (φs are run on entry).
    pub inst: u32,
    pub regs: Vec<Val>,
    /// The stack slots (`alloca`s) this activation created.
    pub slots: Vec<ObjId>,
    /// The caller's register that receives the result.
    pub ret_to: Option<ValueId>,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct State {
    pub objects: Vec<Option<Object>>,
    pub frames: Vec<Frame>,
    /// The object of each global variable, by `GlobalId`.
    pub globals: Vec<ObjId>,
}

/// Where a pointer is held.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Holder {
    Register { frame: usize, reg: usize },
    Field { obj: ObjId, off: u64 },
}

impl State {
    pub fn obj(&self, id: ObjId) -> &Object {
        self.objects[id as usize].as_ref().expect("a pointer to a removed object")
    }

    pub fn obj_mut(&mut self, id: ObjId) -> &mut Object {
        self.objects[id as usize].as_mut().expect("a pointer to a removed object")
    }

    pub fn add(&mut self, o: Object) -> ObjId {
        self.objects.push(Some(o));
        (self.objects.len() - 1) as ObjId
    }

    pub fn remove(&mut self, id: ObjId) {
        self.objects[id as usize] = None;
    }

    pub fn top(&self) -> &Frame {
        self.frames.last().expect("a state with no frame")
    }

    pub fn top_mut(&mut self) -> &mut Frame {
        self.frames.last_mut().expect("a state with no frame")
    }

    /// Every pointer held in a register or in a live object's field, with its holder.
    pub fn references(&self) -> Vec<(Holder, Ptr)> {
        let mut out = Vec::new();
        for (fi, f) in self.frames.iter().enumerate() {
            for (ri, v) in f.regs.iter().enumerate() {
                if let Val::Ptr(p) = v {
                    out.push((Holder::Register { frame: fi, reg: ri }, *p));
                }
            }
        }
        for (id, o) in self.objects.iter().enumerate() {
            if let Some(o) = o.as_ref().filter(|o| o.status == Status::Live) {
                out.extend(o.pointers().map(|(off, p)| (Holder::Field { obj: id as ObjId, off }, p)));
            }
        }
        out
    }

    /// Objects reachable from the roots: globals, stack slots, and the registers of every frame
    /// (through the fields of live objects only: a freed object's contents are gone).
    pub fn reachable(&self) -> Vec<bool> {
        let mut seen = vec![false; self.objects.len()];
        let mut work: Vec<ObjId> = self.globals.clone();
        for f in &self.frames {
            work.extend(f.slots.iter().copied());
            work.extend(f.regs.iter().filter_map(Val::target));
        }
        while let Some(id) = work.pop() {
            if std::mem::replace(&mut seen[id as usize], true) {
                continue;
            }
            let o = self.obj(id);
            if o.status == Status::Live {
                work.extend(o.pointers().map(|(_, p)| p.obj));
            }
        }
        seen
    }

    /// A live heap object (or segment) nothing reachable points to: memory lost for good.
    pub fn leaked(&self) -> Option<ObjId> {
        let seen = self.reachable();
        self.objects.iter().enumerate().find_map(|(id, o)| match o {
            Some(o) if o.region == Region::Heap && o.status == Status::Live && !seen[id] => Some(id as ObjId),
            _ => None,
        })
    }

    /// Removes every object nothing reachable refers to (memory lost, freed or dead objects no
    /// pointer names any more): what [`State::canonical`] drops, without renumbering.
    pub fn drop_unreachable(&mut self) {
        let seen = self.reachable();
        for (o, seen) in self.objects.iter_mut().zip(seen) {
            if !seen {
                *o = None;
            }
        }
    }

    /// The state with every integer made unknown: the key under which states that differ only
    /// in integers meet ([`crate::exec`]'s widening).
    pub fn without_integers(&self) -> State {
        let mut out = self.clone();
        out.map_values(|v| Ok(v.without_integer())).expect("forgetting integers is always expressible");
        out
    }

    /// A state covering both `self` and `other`, which differ only in integers (their
    /// [`State::without_integers`] are equal): each integer is the join of the two at its place
    /// ([`Val::join`]), so an integer that differs becomes unknown. None when they differ in
    /// anything else.
    pub fn join_integers(&self, other: &State) -> Option<State> {
        if self.frames.len() != other.frames.len() || self.objects.len() != other.objects.len() || self.globals != other.globals {
            return None;
        }
        let mut out = self.clone();
        for (a, b) in out.frames.iter_mut().zip(&other.frames) {
            let same_place = (a.func, a.block, a.inst, a.ret_to) == (b.func, b.block, b.inst, b.ret_to) && a.slots == b.slots;
            if !same_place || a.regs.len() != b.regs.len() {
                return None;
            }
            for (x, y) in a.regs.iter_mut().zip(&b.regs) {
                *x = x.join(*y)?;
            }
        }
        for (a, b) in out.objects.iter_mut().zip(&other.objects) {
            match (a, b) {
                (None, None) => {}
                (Some(a), Some(b)) => {
                    let layout = |o: &Object| Object { fields: BTreeMap::new(), ..o.clone() };
                    let same_fields = a.fields.len() == b.fields.len()
                        && a.fields.iter().zip(&b.fields).all(|((oa, fa), (ob, fb))| oa == ob && fa.size == fb.size);
                    if !same_fields || layout(a) != layout(b) {
                        return None;
                    }
                    for (fa, fb) in a.fields.values_mut().zip(b.fields.values()) {
                        fa.val = fa.val.join(fb.val)?;
                    }
                }
                _ => return None,
            }
        }
        Some(out)
    }

    /// Rewrites every value in registers and in live objects' fields.
    pub fn map_values(&mut self, mut f: impl FnMut(Val) -> Result<Val, Inexpressible>) -> Result<(), Inexpressible> {
        for fr in &mut self.frames {
            for r in &mut fr.regs {
                *r = f(*r)?;
            }
        }
        for o in self.objects.iter_mut().flatten() {
            o.map_values(&mut f)?;
        }
        Ok(())
    }

    /// The same state with objects numbered in the order a depth-first walk from the roots meets
    /// them, and objects nothing refers to dropped (freed and dead ones; live heap objects are
    /// dropped only after the caller checked for leaks). Equal states have equal canonical forms
    /// up to the order of fields, which is fixed by offset.
    pub fn canonical(&self) -> State {
        let mut order: Vec<ObjId> = Vec::new();
        let mut number: HashMap<ObjId, ObjId> = HashMap::new();
        let mut visit = |id: ObjId, order: &mut Vec<ObjId>| {
            if let std::collections::hash_map::Entry::Vacant(e) = number.entry(id) {
                e.insert(order.len() as ObjId);
                order.push(id);
            }
        };
        for &g in &self.globals {
            visit(g, &mut order);
        }
        for f in &self.frames {
            for &s in &f.slots {
                visit(s, &mut order);
            }
            for r in &f.regs {
                if let Some(t) = r.target() {
                    visit(t, &mut order);
                }
            }
        }
        let mut i = 0;
        while i < order.len() {
            let o = self.obj(order[i]);
            if o.status == Status::Live {
                for (_, p) in o.pointers() {
                    visit(p.obj, &mut order);
                }
            }
            i += 1;
        }
        let renumber = |v: Val| match v {
            Val::Ptr(p) => Val::Ptr(Ptr { obj: number[&p.obj], ..p }),
            v => v,
        };
        let objects = order
            .iter()
            .map(|&id| {
                let mut o = self.obj(id).clone();
                for f in o.fields.values_mut() {
                    f.val = renumber(f.val);
                }
                o.owner = o.owner.map(|x| number[&x]);
                Some(o)
            })
            .collect();
        let frames = self
            .frames
            .iter()
            .map(|f| Frame {
                regs: f.regs.iter().map(|&v| renumber(v)).collect(),
                slots: f.slots.iter().map(|s| number[s]).collect(),
                ..f.clone()
            })
            .collect();
        State { objects, frames, globals: self.globals.iter().map(|g| number[g]).collect() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::Fill;
    use crate::value::End;

    /// A state with one heap node (a pointer field at 0, an integer at 8) and one frame whose
    /// registers are a pointer to the node and `reg`.
    fn state(field: Val, reg: Val) -> State {
        let mut node = Object::new(16, 16, Region::Heap, Fill::Undef);
        node.write(0, 8, Val::Null).expect("write");
        node.write(8, 4, field).expect("write");
        let frame = Frame {
            func: FuncId(0),
            block: BlockId(1),
            inst: 0,
            regs: vec![Val::ptr(0, 0, End::First), reg],
            slots: Vec::new(),
            ret_to: None,
        };
        State { objects: vec![Some(node)], frames: vec![frame], globals: Vec::new() }
    }

    #[test]
    fn states_that_differ_in_integers_join_and_nothing_else_does() {
        let a = state(Val::int(1, 32), Val::int(7, 64));
        let b = state(Val::int(2, 32), Val::int(7, 64));
        assert_eq!(a.without_integers(), b.without_integers());
        let j = a.join_integers(&b).expect("same shape");
        // The differing field is unknown, the equal register kept.
        assert_eq!(j, state(Val::any(32), Val::int(7, 64)));
        assert_eq!(j.join_integers(&a), Some(j.clone()));
        // A pointer where the other has an integer, or an uninitialised value: no join, and
        // the keys differ too.
        let c = state(Val::int(1, 32), Val::Null);
        assert!(a.join_integers(&c).is_none() && a.without_integers() != c.without_integers());
        let d = state(Val::Undef, Val::int(7, 64));
        assert!(a.join_integers(&d).is_none() && a.without_integers() != d.without_integers());
    }
}
