//! Canonical form of a state (DiVM §5.2, heap symmetry reduction).
//!
//! Objects reachable from the roots — the global objects in order, then the scheduler state (from
//! which the OS's thread table reaches every thread's stack of frames, whose registers and allocas
//! reach the rest of the heap) — are numbered in
//! depth-first pre-order, and every pointer is rewritten to the canonical number of its object.
//! Two states whose memory graphs are isomorphic therefore serialise to the same bytes, however
//! their object ids differ. Pointers to freed objects all become one "dangling" marker.
//!
//! Globals whose object is still the first state's (the same `Rc`, see [`InitialGlobals`]) and
//! whose pointers all lead to globals or code need neither the walk nor renumbering: the
//! runtime's string literals and tables, hundreds of objects in every state, cost one pointer
//! comparison each instead.
//!
//! The same walk finds the live heap objects that are *not* reachable: memory the program can no
//! longer free (`valid-memtrack`). Reachability counts every frame still on a stack: a program
//! that calls `exit` keeps its callers' variables (they never return), while `main`'s own frame
//! is gone once `main` has returned (the VM frees it before the runtime's `exit` runs).

use crate::machine::State;
use crate::memory::{Heap, Object, CODE_TAG, INVALID_OBJ};
use std::rc::Rc;

/// Marker object id for pointers to freed objects in the canonical form.
pub const DANGLING: u32 = crate::memory::DANGLING_OBJ;

/// The canonical form of a state and what the walk found.
///
/// Object number *n* of the canonical form (`objects[n]`) has id *n + 1* when the state is
/// rebuilt ([`Canonical::to_state`]), and every pointer in it already refers to those ids. An
/// object whose pointers needed no renumbering is shared with the state it came from (the same
/// `Rc`), so an unchanged object costs neither a copy nor a hash when the explicit engine stores
/// the state.
pub struct Canonical {
    /// The state's flags that belong to it (`machine::STATE_FLAGS`).
    pub flags: u32,
    /// Canonical id of the scheduler state (`State::root`).
    pub root: u32,
    /// The symbolic part (`State::sym`): term handles are the same for every state of one
    /// search (one hash-consing term manager), so equal terms are equal words.
    pub sym: u64,
    pub objects: Vec<Rc<Object>>,
    /// Live heap objects unreachable from the roots (leaked memory), by real id.
    pub unreachable_heap: Vec<u32>,
}

/// Length of the header of a serialised canonical form (flags, the scheduler state's id, the
/// symbolic part).
pub const HEADER_BYTES: usize = 16;

const UNNUMBERED: u32 = u32::MAX;

/// The global objects of a search's first state that point only to globals or code (held by
/// their `Rc`). A later state whose global *g* is that very `Rc` has *g* unchanged, so when every
/// global is live (globals keep their numbers) *g* reaches no object to number and none of its
/// pointers is renumbered: [`canonicalize_from`] skips it. Objects are copied before they are
/// written (`Rc::make_mut`), so an object still shared with the first state has its contents.
#[derive(Default)]
pub struct InitialGlobals {
    /// Index g - 1: the first state's object of global g, if it points only to globals or code.
    fixed: Vec<Option<Rc<Object>>>,
}

impl InitialGlobals {
    /// The fixed globals of `first` (objects 1..=`num_globals`), a canonical form whose globals
    /// are all live (none otherwise).
    pub fn of(first: &Canonical, num_globals: u32) -> InitialGlobals {
        let g = num_globals as usize;
        if first.objects.len() < g {
            return InitialGlobals::default();
        }
        let points_to_globals_only = |o: &Object| {
            o.ptrs.iter().all(|&p| {
                let (t, _) = o.pointer_in(p);
                t & CODE_TAG != 0 || t <= num_globals
            })
        };
        let fixed = first.objects[..g].iter().map(|o| points_to_globals_only(o).then(|| Rc::clone(o))).collect();
        InitialGlobals { fixed }
    }

    /// Whether global `g`'s object `o` is its fixed first-state object.
    #[inline]
    fn holds(&self, g: u32, o: &Rc<Object>) -> bool {
        self.fixed.get(g as usize - 1).is_some_and(|f| f.as_ref().is_some_and(|f| Rc::ptr_eq(f, o)))
    }
}

/// Computes the canonical form of `state`; `num_globals` objects 1..=G are the global roots.
pub fn canonicalize(state: &State, num_globals: u32) -> Canonical {
    canonicalize_from(state, num_globals, &InitialGlobals::default())
}

/// [`canonicalize`], skipping the globals still as in the first state (`initial`).
pub fn canonicalize_from(state: &State, num_globals: u32, initial: &InitialGlobals) -> Canonical {
    let heap = &state.heap;
    let bound = heap.id_bound() as usize;
    // number[id] = canonical number of a live object reached by the walk.
    let mut number: Vec<u32> = vec![UNNUMBERED; bound];
    let mut order: Vec<u32> = Vec::with_capacity(bound);
    let mut stack: Vec<u32> = Vec::new();
    // The canonical objects; the globals' are set in the first pass (shared `Rc`s) and replaced
    // after the walk where pointers need renumbering.
    let mut objects: Vec<Rc<Object>> = Vec::with_capacity(bound);
    // Globals keep their numbers (program constants refer to them by id); everything else is
    // numbered in depth-first pre-order from the globals and then the scheduler state.
    // `walked`: the globals that are roots of the walk and whose pointers are checked.
    let mut walked: Vec<u32> = Vec::new();
    for g in 1..=num_globals {
        if let Some(rc) = heap.get_rc(g) {
            number[g as usize] = order.len() as u32;
            order.push(g);
            if !initial.holds(g, rc) {
                walked.push(g);
            }
            objects.push(Rc::clone(rc));
        }
    }
    // With a global freed, later globals' numbers shift and even fixed ones are renumbered.
    if order.len() != num_globals as usize {
        walked.clone_from(&order);
    }
    let unnumbered_live = |number: &[u32], t: u32| {
        number.get(t as usize).is_some_and(|n| *n == UNNUMBERED) && heap.is_live(t)
    };
    for &root in walked.iter().chain((state.root != 0).then_some(&state.root)) {
        let is_global = root <= num_globals;
        stack.push(root);
        while let Some(id) = stack.pop() {
            if !(is_global && id == root) {
                if !unnumbered_live(&number, id) {
                    continue;
                }
                number[id as usize] = order.len() as u32;
                order.push(id);
            }
            let Some(obj) = heap.get(id) else { continue };
            for &p in obj.ptrs.iter().rev() {
                let (target, _) = obj.pointer_in(p);
                if target != 0 && target & CODE_TAG == 0 && unnumbered_live(&number, target) {
                    stack.push(target);
                }
            }
        }
    }
    let canonical_id = |target: u32| -> u32 {
        if target == 0 || target & CODE_TAG != 0 || target == INVALID_OBJ {
            target
        } else if let Some(n) = number.get(target as usize).filter(|n| **n != UNNUMBERED) {
            *n + 1
        } else if heap.was_allocated(target) {
            DANGLING
        } else {
            INVALID_OBJ
        }
    };
    // The object `rc` with its pointers renumbered (itself, shared, when none changes).
    let renumbered = |rc: &Rc<Object>| -> Rc<Object> {
        let renumber = rc.ptrs.iter().any(|&p| {
            let (t, _) = rc.pointer_in(p);
            canonical_id(t) != t
        });
        if !renumber {
            return Rc::clone(rc);
        }
        let mut obj: Object = (**rc).clone();
        for &p in &rc.ptrs {
            let (t, _) = rc.pointer_in(p);
            obj.set_pointer_object(p, canonical_id(t));
        }
        Rc::new(obj)
    };
    for &g in &walked {
        let n = number[g as usize] as usize;
        objects[n] = renumbered(&objects[n]);
    }
    let live_globals = objects.len();
    for &id in &order[live_globals..] {
        objects.push(renumbered(heap.get_rc(id).expect("numbered objects are live")));
    }
    let root = if state.root == 0 { 0 } else { canonical_id(state.root) };
    let root = if root == DANGLING || root == INVALID_OBJ { 0 } else { root };
    // Live globals are all numbered: only the objects after them can be unreachable.
    let unreachable_heap = heap
        .live_ids_after(num_globals)
        .filter(|id| number[*id as usize] == UNNUMBERED)
        .filter(|id| heap.get(*id).is_some_and(|o| o.kind == crate::memory::ObjKind::Heap))
        .collect();
    Canonical { flags: state.flags & crate::machine::STATE_FLAGS, root, sym: state.sym, objects, unreachable_heap }
}

impl State {
    /// Live heap objects the program allocated (every `ObjKind::Heap` object except the OS's
    /// scheduler state; the runtime's own `ObjKind::Internal` ones are not the program's): what
    /// `valid-memcleanup` requires to be empty when the program ends.
    pub fn allocated_heap(&self) -> Vec<u32> {
        let heap = &self.heap;
        heap.live_ids()
            .filter(|id| *id != self.root && heap.get(*id).is_some_and(|o| o.kind == crate::memory::ObjKind::Heap))
            .collect()
    }
}

impl Canonical {
    /// The state this canonical form stands for (object *n* gets id *n + 1*; pointers to freed
    /// objects point to [`DANGLING`], never live but known to have been allocated, so an access
    /// is reported as use after free).
    pub fn to_state(&self) -> State {
        state_from_objects(self.flags, self.root, self.sym, self.objects.iter().cloned())
    }

    /// A byte serialisation (equal exactly when the canonical forms are equal).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(&self.flags.to_le_bytes());
        out.extend_from_slice(&self.root.to_le_bytes());
        out.extend_from_slice(&self.sym.to_le_bytes());
        for o in &self.objects {
            serialise(o, &mut out);
        }
        out
    }
}

/// Rebuilds a state from canonical objects (object *n* gets id *n + 1*).
pub fn state_from_objects(flags: u32, root: u32, sym: u64, objects: impl IntoIterator<Item = Rc<Object>>) -> State {
    State { heap: Heap::from_shared(objects), root, flags, sym }
}

fn serialise(obj: &Object, out: &mut Vec<u8>) {
    out.push(obj.kind as u8 | if obj.undef_copied { 0x80 } else { 0 } | if obj.shared { 0x40 } else { 0 });
    out.extend_from_slice(&obj.size().to_le_bytes());
    out.extend_from_slice(&obj.data);
    out.extend_from_slice(&obj.def);
    out.extend_from_slice(&(obj.ptrs.len() as u32).to_le_bytes());
    for p in &obj.ptrs {
        out.extend_from_slice(&p.off.to_le_bytes());
        out.extend_from_slice(&p.obj.to_le_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::{decode, Heap, ObjKind, Scalar};

    fn state_with_list(order: &[usize]) -> State {
        // One global pointing at a two-element list; `order` decides allocation order (ids).
        let mut heap = Heap::new();
        let g = heap.alloc(Object::new(ObjKind::Global, 8, true));
        let mut ids = [0u32; 2];
        for &k in order {
            let mut node = Object::new(ObjKind::Heap, 16, true);
            node.write(0, 8, Scalar::int(k as u64 + 10));
            ids[k] = heap.alloc(node);
        }
        heap.get_mut(ids[0]).expect("live").write(8, 8, Scalar::pointer(ids[1], 0));
        heap.get_mut(ids[1]).expect("live").write(8, 8, Scalar::null());
        heap.get_mut(g).expect("live").write(0, 8, Scalar::pointer(ids[0], 0));
        State { heap, root: 0, flags: 0, sym: 0 }
    }

    #[test]
    fn isomorphic_heaps_have_equal_canonical_forms() {
        let a = canonicalize(&state_with_list(&[0, 1]), 1);
        let b = canonicalize(&state_with_list(&[1, 0]), 1);
        assert_eq!(a.to_bytes(), b.to_bytes());
        assert_eq!(a.objects.len(), 3);
        assert!(a.unreachable_heap.is_empty());
    }

    #[test]
    fn decoding_a_canonical_form_gives_an_equivalent_state() {
        let a = state_with_list(&[1, 0]);
        let c = canonicalize(&a, 1);
        let back = c.to_state();
        let again = canonicalize(&back, 1);
        assert_eq!(again.to_bytes(), c.to_bytes());
        assert_eq!(back.heap.id_bound(), 4, "compact ids: null, global, two nodes");
        // The rebuilt state is already canonical: every object is shared, none copied.
        assert!(again.objects.iter().zip(&c.objects).all(|(x, y)| Rc::ptr_eq(x, y)));
    }

    /// A constant pointing to a global, and a global pointing to a heap node.
    fn state_with_fixed_global() -> State {
        let mut heap = Heap::new();
        let k = heap.alloc(Object::new(ObjKind::Constant, 8, true));
        let g = heap.alloc(Object::new(ObjKind::Global, 8, true));
        let node = heap.alloc(Object::new(ObjKind::Heap, 8, true));
        heap.get_mut(k).expect("live").write(0, 8, Scalar::pointer(g, 0));
        heap.get_mut(g).expect("live").write(0, 8, Scalar::pointer(node, 0));
        State { heap, root: 0, flags: 0, sym: 0 }
    }

    #[test]
    fn skipping_unchanged_globals_gives_the_same_canonical_form() {
        let first = canonicalize(&state_with_fixed_global(), 2);
        let initial = InitialGlobals::of(&first, 2);
        assert!(initial.fixed[0].is_some(), "the constant points only to a global");
        assert!(initial.fixed[1].is_none(), "the global points to the heap");
        let same = |s: &State| {
            let (a, b) = (canonicalize(s, 2), canonicalize_from(s, 2, &initial));
            assert_eq!(a.to_bytes(), b.to_bytes());
            assert_eq!(a.unreachable_heap, b.unreachable_heap);
            b
        };
        let mut s = first.to_state();
        let c = same(&s);
        assert!(Rc::ptr_eq(&c.objects[0], &first.objects[0]), "the unchanged constant is shared");
        // New nodes: the global's pointer is renumbered, the old node becomes garbage.
        let a = s.heap.alloc(Object::new(ObjKind::Heap, 8, true));
        let b = s.heap.alloc(Object::new(ObjKind::Heap, 8, true));
        s.heap.get_mut(2).expect("live").write(0, 8, Scalar::pointer(b, 0));
        s.heap.get_mut(b).expect("live").write(0, 8, Scalar::pointer(a, 0));
        let c = same(&s);
        assert_eq!(c.unreachable_heap.len(), 1);
        // A changed constant (a copy, no longer the first state's object) is walked again.
        s.heap.get_mut(1).expect("live").write(0, 8, Scalar::pointer(b, 0));
        same(&s);
        // A freed global shifts the numbers of the globals after it: nothing is skipped.
        let mut t = first.to_state();
        t.heap.free(1);
        same(&t);
    }

    #[test]
    fn different_contents_differ_and_garbage_is_found() {
        let a = state_with_list(&[0, 1]);
        let mut b = a.clone();
        let g_ptr = b.heap.get(1).expect("global").read(0, 8);
        let (first, _) = decode(g_ptr.bits);
        b.heap.get_mut(first).expect("live").write(0, 8, Scalar::int(99));
        assert_ne!(canonicalize(&a, 1).to_bytes(), canonicalize(&b, 1).to_bytes());
        // Drop the global's pointer: both nodes become garbage.
        b.heap.get_mut(1).expect("global").write(0, 8, Scalar::null());
        let c = canonicalize(&b, 1);
        assert_eq!(c.unreachable_heap.len(), 2);
        assert_eq!(c.objects.len(), 1);
    }
}
