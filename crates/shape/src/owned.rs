//! Sub-heaps a list node owns — its private data object, its own sub-list — and their
//! prototypes in a segment (Predator's nested abstraction: Dudka, Peringer, Vojnar, CAV 2011,
//! §3 "hierarchical" list segments).
//!
//! Two nodes summarised into one segment may each point, through the same field, to a sub-heap
//! nothing else points into; when the two sub-heaps have the same shape, the segment keeps one
//! of them as a prototype (objects with `owner` = the segment) and every node materialised from
//! the segment gets its own copy. Invariant: a prototype object is pointed to only from its
//! segment's template and from other prototypes of the same segment, so no access ever reaches
//! it before materialisation copies it.

use crate::heap::{Region, Status};
use crate::state::{Holder, State};
use crate::value::{ObjId, Ptr, Val};
use std::collections::{HashMap, HashSet};

/// The objects reachable from `root`, if they are all live heap objects outside `exclude`, none
/// points back at `holder` or into `exclude`, and nothing but `holder` and they themselves
/// points into them: the sub-heap `holder` owns through a field pointing at `root`.
pub fn owned_from(state: &State, refs: &[(Holder, Ptr)], holder: ObjId, root: ObjId, exclude: &HashSet<ObjId>) -> Option<Vec<ObjId>> {
    let mut set = vec![root];
    let mut seen: HashSet<ObjId> = HashSet::from([root]);
    let mut i = 0;
    while i < set.len() {
        let id = set[i];
        let o = state.obj(id);
        if id == holder || exclude.contains(&id) || o.region != Region::Heap || o.status != Status::Live {
            return None;
        }
        for (_, p) in o.pointers() {
            if p.obj == holder || exclude.contains(&p.obj) {
                return None;
            }
            if seen.insert(p.obj) {
                set.push(p.obj);
            }
        }
        i += 1;
    }
    let outside = refs.iter().any(|(h, p)| {
        seen.contains(&p.obj)
            && match h {
                Holder::Field { obj, .. } => *obj != holder && !seen.contains(obj),
                Holder::Register { .. } => true,
            }
    });
    (!outside).then_some(set)
}

/// The pairs of corresponding objects when the sub-heaps `a` (from `a_root`, held by `a_holder`)
/// and `b` (from `b_root`, held by `b_holder`) have the same shape: objects of equal size, fill, alignment, owner relation and
/// link shape, fields of equal layout whose values join, and pointers that either correspond
/// (same offset and end, into the two sub-heaps) or are equal and lead outside both.
pub fn same_shape(
    state: &State,
    (a_holder, a, a_root): (ObjId, &[ObjId], ObjId),
    (b_holder, b, b_root): (ObjId, &[ObjId], ObjId),
) -> Option<Vec<(ObjId, ObjId)>> {
    let (in_a, in_b): (HashSet<ObjId>, HashSet<ObjId>) = (a.iter().copied().collect(), b.iter().copied().collect());
    let mut map: HashMap<ObjId, ObjId> = HashMap::from([(a_root, b_root)]);
    let mut rev: HashMap<ObjId, ObjId> = HashMap::from([(b_root, a_root)]);
    let mut pairs = vec![(a_root, b_root)];
    let mut i = 0;
    while i < pairs.len() {
        let (x, y) = pairs[i];
        let (ox, oy) = (state.obj(x), state.obj(y));
        // A plain node corresponds to a segment of the same link shape (the two become a
        // segment of at most one node more); a segment to a segment of the same shape.
        let seg_shape = |o: &crate::heap::Object| o.seg.map(|s| (s.next, s.prev, s.head));
        let shapes_fit = match (seg_shape(ox), seg_shape(oy)) {
            (Some(u), Some(v)) => u == v,
            _ => true,
        };
        if ox.size != oy.size || ox.fill != oy.fill || ox.align != oy.align || !shapes_fit {
            return None;
        }
        // Prototypes of segments inside the sub-heaps belong to corresponding segments, or to a
        // segment paired with a plain node (whose own objects then become its prototypes); the
        // others belong to no segment or to the node that holds the sub-heap.
        let inner = |owner: Option<ObjId>, holder: ObjId| owner.filter(|&o| o != holder);
        let plain = |id: Option<&ObjId>| id.is_some_and(|&o| state.obj(o).seg.is_none());
        match (inner(ox.owner, a_holder), inner(oy.owner, b_holder)) {
            (None, None) => {}
            (Some(u), Some(v)) if map.get(&u) == Some(&v) => {}
            (None, Some(v)) if plain(rev.get(&v)) => {}
            (Some(u), None) if plain(map.get(&u)) => {}
            _ => return None,
        }
        if ox.fields.len() != oy.fields.len() {
            return None;
        }
        for ((&fa, va), (&fb, vb)) in ox.fields.iter().zip(&oy.fields) {
            if fa != fb || va.size != vb.size {
                return None;
            }
            match (va.val, vb.val) {
                (Val::Ptr(p), Val::Ptr(q)) if in_a.contains(&p.obj) || in_b.contains(&q.obj) => {
                    if !(in_a.contains(&p.obj) && in_b.contains(&q.obj)) || p.off != q.off || p.end != q.end {
                        return None;
                    }
                    match map.get(&p.obj) {
                        Some(m) if *m != q.obj => return None,
                        Some(_) => {}
                        None if rev.contains_key(&q.obj) => return None,
                        None => {
                            map.insert(p.obj, q.obj);
                            rev.insert(q.obj, p.obj);
                            pairs.push((p.obj, q.obj));
                        }
                    }
                }
                (u, v) => {
                    u.join(v)?;
                }
            }
        }
        i += 1;
    }
    // A bijection: no object of `b` is paired twice, and both sub-heaps are covered.
    let images: HashSet<ObjId> = pairs.iter().map(|(_, y)| *y).collect();
    (images.len() == pairs.len() && pairs.len() == a.len() && pairs.len() == b.len()).then_some(pairs)
}

/// Every object whose chain of owners leads to `owner`.
pub fn owned_by(state: &State, owner: ObjId) -> Vec<ObjId> {
    let leads_to = |mut id: ObjId| loop {
        match state.obj(id).owner {
            Some(o) if o == owner => return true,
            Some(o) => id = o,
            None => return false,
        }
    };
    state
        .objects
        .iter()
        .enumerate()
        .filter(|(_, o)| o.as_ref().is_some_and(|o| o.owner.is_some()))
        .map(|(id, _)| id as ObjId)
        .filter(|&id| leads_to(id))
        .collect()
}

/// Copies the prototypes of segment `owner` for a node materialised from it: the copies are
/// ordinary objects (those owned by nested segments stay prototypes of the copies of those).
/// Returns the map from prototype to copy.
pub fn copy_owned(state: &mut State, owner: ObjId) -> HashMap<ObjId, ObjId> {
    let ids = owned_by(state, owner);
    let mut map = HashMap::new();
    for &id in &ids {
        let copy = state.obj(id).clone();
        map.insert(id, state.add(copy));
    }
    for &copy in map.values() {
        let o = state.obj_mut(copy);
        o.owner = match o.owner {
            Some(x) if x == owner => None,
            Some(x) => Some(map[&x]),
            None => None,
        };
        for f in o.fields.values_mut() {
            if let Val::Ptr(p) = f.val {
                if let Some(&c) = map.get(&p.obj) {
                    f.val = Val::Ptr(Ptr { obj: c, ..p });
                }
            }
        }
    }
    map
}
