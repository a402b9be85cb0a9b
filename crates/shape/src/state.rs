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
use std::collections::HashMap;
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
