//! List segments: materialisation (a concrete node split off a segment, or the segment found
//! empty) and abstraction (a chain of similar nodes summarised as one segment), after Predator's
//! symbolic memory graphs (Dudka, Peringer, Vojnar, *Predator: A Practical Tool for Checking
//! Manipulation of Dynamic Data Structures Using Separation Logic*, CAV 2011; byte-precise
//! nodes as in their SAS 2013 paper).
//!
//! Soundness rests on these invariants of a segment object `S` standing for nodes n1 … nk
//! (k ≥ `S.seg.min`):
//! * the nodes are linked n_i.next → n_{i+1} + head (and n_{i+1}.prev → n_i + head); n_k.next is
//!   the template's `next` value and n_1.prev the template's `prev` value, both outside `S`;
//! * nothing outside points into n2 … n_{k−1}; pointers to n1 are `Ptr { end: First }` and, for a
//!   doubly linked segment, pointers to n_k are `Ptr { end: Last }`; a singly linked segment
//!   has no `Last` pointers;
//! * every node's other fields hold values the template's fields cover ([`Val::join`]), and none
//!   of them points into the segment; a template field that points to a prototype (an object
//!   with `owner` = `S`, see [`crate::owned`]) stands for each node's own copy of it.
//!
//! Abstraction only forgets (lengths above [`Seg::MAX_MIN`], differing integers, which of two
//! same-shaped sub-heaps a node owned); materialisation
//! covers every length the segment stands for, so every concrete state of the program is covered
//! by some state the analysis explores.

use crate::heap::{Field, Inexpressible, Object, Region, Seg, Status};
use crate::owned;
use crate::state::{Holder, State};
use crate::value::{End, ObjId, Ptr, Val};
use std::collections::{BTreeMap, HashMap, HashSet};

/// The states in which the pointer to `end` of segment `obj` targets a concrete node: the
/// segment split into that node and the rest, and (when it may be empty) the segment removed.
pub fn materialize(state: &State, obj: ObjId, end: End) -> Result<Vec<State>, Inexpressible> {
    let seg = state.obj(obj).seg.expect("materialising a plain object");
    let mut out = Vec::new();
    if seg.min == 0 {
        let mut empty = state.clone();
        remove_empty(&mut empty, obj, seg)?;
        out.push(empty);
    }
    let mut split = state.clone();
    split_off(&mut split, obj, seg, end)?;
    out.push(split);
    Ok(out)
}

/// Removes a segment of length 0: pointers to its first node are pointers to its successor and
/// pointers to its last node pointers to its predecessor (moved by their offset from the head).
fn remove_empty(state: &mut State, obj: ObjId, seg: Seg) -> Result<(), Inexpressible> {
    let o = state.obj(obj);
    let succ = o.fields.get(&seg.next).map(|f| f.val).ok_or(Inexpressible("a segment without its next link"))?;
    let pred = match seg.prev {
        Some(p) => Some(o.fields.get(&p).map(|f| f.val).ok_or(Inexpressible("a segment without its prev link"))?),
        None => None,
    };
    let head = seg.head as i64;
    state.map_values(|v| match v {
        Val::Ptr(p) if p.obj == obj => {
            let to = match (p.end, pred) {
                (End::First, _) => succ,
                (End::Last, Some(pred)) => pred,
                (End::Last, None) => return Err(Inexpressible("a pointer to the last node of a singly linked segment")),
            };
            to.shifted(p.off - head).ok_or(Inexpressible("an offset pointer into an empty segment"))
        }
        v => Ok(v),
    })?;
    for proto in owned::owned_by(state, obj) {
        state.remove(proto);
    }
    state.remove(obj);
    Ok(())
}

/// Splits the node at `end` off segment `obj`: a concrete copy of the template linked to the
/// rest, which keeps the object id and one node less.
fn split_off(state: &mut State, obj: ObjId, seg: Seg, end: End) -> Result<(), Inexpressible> {
    let template = state.obj(obj).clone();
    let node = Object { seg: None, ..template };
    let n = state.add(node);
    // The node's own copies of the segment's prototypes.
    let copies = owned::copy_owned(state, obj);
    for f in state.obj_mut(n).fields.values_mut() {
        if let Val::Ptr(p) = f.val {
            if let Some(&c) = copies.get(&p.obj) {
                f.val = Val::Ptr(Ptr { obj: c, ..p });
            }
        }
    }
    let head = seg.head as i64;
    let (moved, link_in_node, link_in_rest) = match end {
        End::First => (End::First, seg.next, seg.prev),
        End::Last => (End::Last, seg.prev.ok_or(Inexpressible("the last node of a singly linked segment"))?, Some(seg.next)),
    };
    // Pointers to the split-off end now target the node.
    state.map_values(|v| match v {
        Val::Ptr(p) if p.obj == obj && p.end == moved => Ok(Val::ptr(n, p.off, End::First)),
        v => Ok(v),
    })?;
    // The node links to the rest (its other link keeps the template's outside value) and the
    // rest links back to the node.
    let rest_end = if end == End::First { End::First } else { End::Last };
    state.obj_mut(n).fields.insert(link_in_node, Field { size: 8, val: Val::ptr(obj, head, rest_end) });
    if let Some(l) = link_in_rest {
        state.obj_mut(obj).fields.insert(l, Field { size: 8, val: Val::ptr(n, head, End::First) });
    }
    let rest = state.obj_mut(obj);
    let s = rest.seg.as_mut().expect("a segment");
    s.min = s.min.saturating_sub(1);
    Ok(())
}

/// One element of a chain being summarised: a plain node or a segment.
struct Element {
    id: ObjId,
    /// Nodes it stands for at least.
    min: u8,
}

/// Summarises every chain of two or more list elements into one segment, until none is left,
/// except chains of plain nodes fewer than `threshold`: a higher threshold keeps short lists
/// exact (a list of two nodes freed as `free(a->next); free(a)` stays two nodes) at the price of
/// more states; a segment always absorbs its neighbours. With `exact_data`, a node whose
/// integer field holds a known value is summarised only with nodes holding the same value
/// there (a list of 1s ended by a 2 keeps its 2), which may not converge where the values keep
/// changing. Returns how many chains were summarised.
pub fn abstract_lists(state: &mut State, threshold: u8, exact_data: bool) -> usize {
    let mut merged = 0;
    loop {
        let refs = state.references();
        let Some((chain, link)) = find_chain(state, &refs, threshold, exact_data) else { return merged };
        collapse(state, &chain, link);
        merged += 1;
    }
}

/// The link shape of a chain: the `next` and `prev` field offsets and the head offset.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Link {
    next: u64,
    prev: Option<u64>,
    head: u64,
}

fn summarisable(o: &Object) -> bool {
    o.region == Region::Heap && o.status == Status::Live
}

/// The pointer in field `off` of `o`, if there is one of 8 bytes.
fn link_at(o: &Object, off: u64) -> Option<Ptr> {
    match o.fields.get(&off) {
        Some(Field { size: 8, val: Val::Ptr(p) }) => Some(*p),
        _ => None,
    }
}

/// Whether `b` can follow `a` in a chain with links `link`: same size and fill, and a segment
/// among them has the same link shape.
fn compatible(a: &Object, b: &Object, link: Link) -> bool {
    let seg_ok = |o: &Object| o.seg.is_none_or(|s| s.next == link.next && s.prev == link.prev && s.head == link.head);
    summarisable(b) && a.size == b.size && a.fill == b.fill && a.owner == b.owner && seg_ok(a) && seg_ok(b)
}

fn find_chain(state: &State, refs: &[(Holder, Ptr)], threshold: u8, exact_data: bool) -> Option<(Vec<Element>, Link)> {
    for (id, o) in state.objects.iter().enumerate() {
        let Some(o) = o.as_ref().filter(|o| summarisable(o)) else { continue };
        let id = id as ObjId;
        // The candidate links out of `o`: a segment's own; any pointer field of a plain node.
        let candidates: Vec<u64> = match o.seg {
            Some(s) => vec![s.next],
            None => o.pointers().map(|(off, _)| off).collect(),
        };
        for next in candidates {
            let Some(p) = link_at(o, next) else { continue };
            if p.obj == id || p.end != End::First || p.off < 0 {
                continue;
            }
            let b = state.obj(p.obj);
            let head = p.off as u64;
            // A back link: the segment's own, or a field of `b` pointing at `o`'s head.
            let prev = match (o.seg, b.seg) {
                (Some(s), _) => s.prev,
                (None, Some(s)) => s.prev,
                (None, None) => b
                    .pointers()
                    .find(|&(off, q)| off != next && q.obj == id && q.off == head as i64)
                    .map(|(off, _)| off),
            };
            let link = Link { next, prev, head };
            if !compatible(o, b, link) {
                continue;
            }
            if let Some(chain) = grow(state, refs, id, link, exact_data) {
                let nodes: u32 = chain.iter().map(|e| u32::from(e.min)).sum();
                let has_segment = chain.iter().any(|e| state.obj(e.id).seg.is_some());
                if has_segment || nodes >= u32::from(threshold) {
                    return Some((chain, link));
                }
            }
        }
    }
    None
}

/// The end of a chain element that the next element's `prev` points at.
fn exit_end(o: &Object) -> End {
    if o.seg.is_some() {
        End::Last
    } else {
        End::First
    }
}

/// The longest valid chain starting at `first` with links `link`, if it has two elements.
fn grow(state: &State, refs: &[(Holder, Ptr)], first: ObjId, link: Link, exact_data: bool) -> Option<Vec<Element>> {
    let mut chain = vec![Element { id: first, min: node_count(state.obj(first)) }];
    let mut members: HashSet<ObjId> = HashSet::from([first]);
    loop {
        let cur = chain.last().expect("non-empty").id;
        let co = state.obj(cur);
        let Some(p) = link_at(co, link.next) else { break };
        if members.contains(&p.obj) || p.end != End::First || p.off != link.head as i64 {
            break;
        }
        let nx = state.obj(p.obj);
        if !compatible(co, nx, link) {
            break;
        }
        // Doubly linked: the new element's prev must point back at the current one's exit end.
        if let Some(pf) = link.prev {
            let back = nx.fields.get(&pf).map(|f| f.val);
            if back != Some(Val::ptr(cur, link.head as i64, exit_end(co))) {
                break;
            }
        }
        let mut with_next = members.clone();
        with_next.insert(p.obj);
        if fits(state, refs, first, p.obj, link, &with_next, exact_data).is_none() {
            break;
        }
        // The current element becomes interior once `nx` joins: only links may point at it.
        if !only_links_point_at(refs, cur, chain.len() == 1, &chain, p.obj, link, state) {
            break;
        }
        members = with_next;
        chain.push(Element { id: p.obj, min: node_count(nx) });
    }
    // The last element: in a singly linked chain only its predecessor's link may point at it; in
    // a doubly linked one, pointers at its (last) node become pointers at the segment's last
    // node, but a segment's first node becomes interior.
    while chain.len() >= 2 {
        let last = chain.last().expect("non-empty").id;
        let pred = chain[chain.len() - 2].id;
        let last_is_seg = state.obj(last).seg.is_some();
        let ok = refs.iter().filter(|(_, p)| p.obj == last).all(|(h, p)| {
            let from_pred = *h == (Holder::Field { obj: pred, off: link.next });
            match (link.prev, last_is_seg, p.end) {
                (None, _, _) => from_pred,
                (Some(_), false, _) | (Some(_), true, End::Last) => true,
                (Some(_), true, End::First) => from_pred,
            }
        });
        if ok {
            break;
        }
        chain.pop();
    }
    if chain.len() < 2 {
        return None;
    }
    // No data field may point into the chain, and the outside links must leave it.
    let ids: HashSet<ObjId> = chain.iter().map(|e| e.id).collect();
    let template_points_in = chain.iter().any(|e| {
        data_fields(state.obj(e.id), link).values().any(|f| matches!(f.val, Val::Ptr(p) if ids.contains(&p.obj)))
    });
    let last = state.obj(chain.last().expect("non-empty").id);
    let first = state.obj(chain[0].id);
    let succ_in = matches!(last.fields.get(&link.next).map(|f| f.val), Some(Val::Ptr(p)) if ids.contains(&p.obj));
    let pred_in = link.prev.is_some_and(|pf| {
        matches!(first.fields.get(&pf).map(|f| f.val), Some(Val::Ptr(p)) if ids.contains(&p.obj))
    });
    let links_present = chain.iter().all(|e| {
        let o = state.obj(e.id);
        o.fields.get(&link.next).is_some_and(|f| f.size == 8)
            && link.prev.is_none_or(|pf| o.fields.get(&pf).is_some_and(|f| f.size == 8))
    });
    // A list ends in NULL, outside the heap (a cyclic list's head), or at a node like its own:
    // a chain whose link leads on to a heap object of another size links through a field that
    // is not the list's (an item and its first sub-list node, both of 16 bytes, through the
    // item's pointer to its sub-list). Summarising it would be sound but useless.
    let ends_like_a_list = match last.fields.get(&link.next).map(|f| f.val) {
        Some(Val::Ptr(p)) => {
            let o = state.obj(p.obj);
            o.region != Region::Heap || o.size == last.size
        }
        _ => true,
    };
    if template_points_in || succ_in || pred_in || !links_present || !ends_like_a_list {
        return None;
    }
    Some(chain)
}

/// Whether every reference to element `cur` (about to become interior or the chain's first) is
/// allowed: the first element may be pointed at from anywhere except at its last node (a
/// segment's `Last` end) other than by the next element's `prev`; an interior element only by
/// its neighbours' links.
fn only_links_point_at(
    refs: &[(Holder, Ptr)],
    cur: ObjId,
    is_first: bool,
    chain: &[Element],
    next: ObjId,
    link: Link,
    state: &State,
) -> bool {
    let pred = if is_first { None } else { Some(chain[chain.len() - 2].id) };
    let cur_is_seg = state.obj(cur).seg.is_some();
    refs.iter().filter(|(_, p)| p.obj == cur).all(|(h, p)| {
        let from_pred = pred.is_some_and(|pr| *h == Holder::Field { obj: pr, off: link.next });
        let from_next = link.prev.is_some_and(|pf| *h == Holder::Field { obj: next, off: pf });
        // Pointers at the entry (first node): the predecessor's link, or anything for the first.
        let at_entry = p.end == End::First;
        let at_exit = if cur_is_seg { p.end == End::Last } else { true };
        (at_entry && (is_first || from_pred)) || (at_exit && from_next)
    })
}

fn node_count(o: &Object) -> u8 {
    o.seg.map_or(1, |s| s.min)
}

/// The fields of `o` other than the links.
fn data_fields(o: &Object, link: Link) -> BTreeMap<u64, Field> {
    o.fields.iter().filter(|(&off, _)| off != link.next && Some(off) != link.prev).map(|(&o, &f)| (o, f)).collect()
}

/// The field-by-field join of two templates with the same layout.
fn join_fields(a: &BTreeMap<u64, Field>, b: &BTreeMap<u64, Field>) -> Option<BTreeMap<u64, Field>> {
    if a.len() != b.len() {
        return None;
    }
    a.iter()
        .zip(b)
        .map(|((&oa, fa), (&ob, fb))| {
            (oa == ob && fa.size == fb.size).then_some(())?;
            let val = match (fa.val, fb.val) {
                // Pointers to owned sub-heaps (checked by `fits`): the first element's become the
                // prototypes.
                (Val::Ptr(_), Val::Ptr(_)) => fa.val,
                (u, v) => u.join(v)?,
            };
            Some((oa, Field { size: fa.size, val }))
        })
        .collect()
}

/// Whether element `b` can be summarised with the chain's first element `a`: their data fields
/// have one layout, and each pair of values joins, or both point to sub-heaps their nodes own
/// (nothing else points into them; none reaches into `chain`) that have the same shape. Returns
/// the pairs of corresponding objects of those sub-heaps (`a`'s, `b`'s).
fn fits(
    state: &State,
    refs: &[(Holder, Ptr)],
    a: ObjId,
    b: ObjId,
    link: Link,
    chain: &HashSet<ObjId>,
    exact_data: bool,
) -> Option<Vec<(ObjId, ObjId)>> {
    let (fa, fb) = (data_fields(state.obj(a), link), data_fields(state.obj(b), link));
    if fa.len() != fb.len() {
        return None;
    }
    let mut pairs: Vec<(ObjId, ObjId)> = Vec::new();
    for ((&oa, x), (&ob, y)) in fa.iter().zip(&fb) {
        if oa != ob || x.size != y.size {
            return None;
        }
        match (x.val, y.val) {
            (Val::Ptr(p), Val::Ptr(q)) if p != q => {
                if p.off != q.off || p.end != q.end {
                    return None;
                }
                let sa = owned::owned_from(state, refs, a, p.obj, chain)?;
                let sb = owned::owned_from(state, refs, b, q.obj, chain)?;
                pairs.extend(owned::same_shape(state, (a, &sa, p.obj), (b, &sb, q.obj))?);
            }
            (u, v) => {
                u.join(v)?;
                // A known integer joined with anything else would become "any": not when data
                // is kept (a list of unknown values keeps its known first node apart).
                if exact_data && u != v && (matches!(u, Val::Int { .. }) || matches!(v, Val::Int { .. })) {
                    return None;
                }
            }
        }
    }
    // Two fields into one sub-heap would pair its objects twice.
    let firsts: HashSet<ObjId> = pairs.iter().map(|(x, _)| *x).collect();
    (firsts.len() == pairs.len()).then_some(pairs)
}

/// Replaces the chain by one segment in place of its first element.
fn collapse(state: &mut State, chain: &[Element], link: Link) {
    let first = chain[0].id;
    let last = chain.last().expect("non-empty").id;
    let mut template = data_fields(state.obj(first), link);
    let ids: HashSet<ObjId> = chain.iter().map(|e| e.id).collect();
    let refs = state.references();
    let mut owned_pairs = Vec::new();
    for e in &chain[1..] {
        template = join_fields(&template, &data_fields(state.obj(e.id), link)).expect("checked by grow");
        owned_pairs.push(fits(state, &refs, first, e.id, link, &ids, false).expect("checked by grow"));
    }
    // The first element's sub-heaps become the segment's prototypes, covering the others',
    // which go. A plain node paired with a segment becomes a segment (of at most one node), and
    // the objects paired with that segment's prototypes become its prototypes.
    for (e, pairs) in chain[1..].iter().zip(owned_pairs) {
        let b_to_a: HashMap<ObjId, ObjId> = pairs.iter().map(|&(x, y)| (y, x)).collect();
        for &(x, y) in &pairs {
            let other = state.obj(y).clone();
            let own = state.obj(x).owner.filter(|&o| o != first);
            let proto = state.obj_mut(x);
            for (f, g) in proto.fields.values_mut().zip(other.fields.values()) {
                if !matches!(f.val, Val::Ptr(_)) {
                    f.val = f.val.join(g.val).expect("checked by fits");
                }
            }
            proto.seg = match (proto.seg, other.seg) {
                (Some(s), Some(t)) => Some(Seg { min: s.min.min(t.min), ..s }),
                (Some(s), None) => Some(Seg { min: s.min.min(1), ..s }),
                (None, Some(t)) => Some(Seg { min: t.min.min(1), ..t }),
                (None, None) => None,
            };
            proto.owner = match (own, other.owner.filter(|&o| o != e.id)) {
                (Some(u), _) => Some(u),
                (None, Some(v)) => Some(b_to_a[&v]),
                (None, None) => Some(first),
            };
        }
        for (_, y) in pairs {
            state.remove(y);
        }
    }
    let succ = state.obj(last).fields[&link.next];
    let pred = link.prev.map(|pf| (pf, state.obj(first).fields[&pf]));
    let min = chain.iter().map(|e| u32::from(e.min)).sum::<u32>().min(u32::from(Seg::MAX_MIN)) as u8;
    let last_is_seg = state.obj(last).seg.is_some();
    for e in &chain[1..] {
        state.remove(e.id);
    }
    let seg = state.obj_mut(first);
    template.insert(link.next, succ);
    if let Some((pf, f)) = pred {
        template.insert(pf, f);
    }
    seg.fields = template;
    seg.seg = Some(Seg { min, next: link.next, prev: link.prev, head: link.head });
    // Outside pointers at the last element's last node now target the segment's last node.
    let last_end = if last_is_seg { End::Last } else { End::First };
    state
        .map_values(|v| match v {
            Val::Ptr(p) if p.obj == last && p.end == last_end => Ok(Val::ptr(first, p.off, End::Last)),
            v => Ok(v),
        })
        .expect("renaming pointers cannot fail");
}
