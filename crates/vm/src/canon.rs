//! Canonical form of a state (DiVM §5.2, heap symmetry reduction).
//!
//! Objects reachable from the roots — the global objects in order, then the running frame (whose
//! parent pointers and registers reach the rest of the stack and the heap) — are numbered in
//! depth-first pre-order, and every pointer is rewritten to the canonical number of its object.
//! Two states whose memory graphs are isomorphic therefore serialise to the same bytes, however
//! their object ids differ. Pointers to freed objects all become one "dangling" marker.
//!
//! The same walk finds the live heap objects that are *not* reachable: memory the program can no
//! longer free (`valid-memtrack`).

use crate::machine::{flags, State};
use crate::memory::{decode, encode, Object, CODE_TAG, INVALID_OBJ, PTR_BYTES};
use std::collections::HashMap;

/// Marker object id for pointers to freed objects in the canonical form.
pub const DANGLING: u32 = crate::memory::DANGLING_OBJ;

/// A canonical serialisation and what the walk found.
pub struct Canonical {
    pub bytes: Vec<u8>,
    /// Where each object's serialisation lies in `bytes` (after the 8-byte header), in order.
    pub object_ranges: Vec<std::ops::Range<usize>>,
    /// Live heap objects unreachable from the roots (leaked memory), by real id.
    pub unreachable_heap: Vec<u32>,
    /// Number of objects in the canonical form.
    pub objects: usize,
}

/// Length of the header of a canonical form (state flags and the running frame's number).
pub const HEADER_BYTES: usize = 8;

/// Computes the canonical form of `state`; `num_globals` objects 1..=G are the global roots.
pub fn canonicalize(state: &State, num_globals: u32) -> Canonical {
    let heap = &state.heap;
    let mut number: HashMap<u32, u32> = HashMap::new();
    let mut order: Vec<u32> = Vec::new();
    let mut stack: Vec<u32> = Vec::new();
    // Globals keep their numbers (program constants refer to them by id); everything else is
    // numbered in depth-first pre-order from the globals and then the running frame.
    for g in 1..=num_globals {
        if heap.is_live(g) {
            number.insert(g, order.len() as u32);
            order.push(g);
        }
    }
    let mut roots: Vec<u32> = (1..=num_globals).collect();
    if state.frame != 0 {
        roots.push(state.frame);
    }
    for root in roots {
        let is_global = root <= num_globals;
        stack.push(root);
        while let Some(id) = stack.pop() {
            if !(is_global && id == root) {
                if number.contains_key(&id) {
                    continue;
                }
                if heap.get(id).is_none() {
                    continue;
                }
                number.insert(id, order.len() as u32);
                order.push(id);
            }
            let Some(obj) = heap.get(id) else { continue };
            for &p in obj.ptrs.iter().rev() {
                let (target, _) = decode(obj.read(p, PTR_BYTES).bits);
                if target != 0 && target & CODE_TAG == 0 && target != INVALID_OBJ && heap.is_live(target) && !number.contains_key(&target) {
                    stack.push(target);
                }
            }
        }
    }
    let mut bytes = Vec::with_capacity(order.len() * 32);
    bytes.extend_from_slice(&(state.flags & flags::ATOMIC).to_le_bytes());
    let frame_number = if state.frame == 0 { 0 } else { number.get(&state.frame).map_or(0, |n| n + 1) };
    bytes.extend_from_slice(&frame_number.to_le_bytes());
    let mut object_ranges = Vec::with_capacity(order.len());
    for &id in &order {
        let obj = heap.get(id).expect("numbered objects are live");
        let start = bytes.len();
        serialise(obj, &number, heap, &mut bytes);
        object_ranges.push(start..bytes.len());
    }
    let unreachable_heap = heap
        .live_ids()
        .filter(|id| !number.contains_key(id))
        .filter(|id| heap.get(*id).is_some_and(|o| o.kind == crate::memory::ObjKind::Heap))
        .collect();
    Canonical { bytes, object_ranges, unreachable_heap, objects: order.len() }
}

fn serialise(obj: &Object, number: &HashMap<u32, u32>, heap: &crate::memory::Heap, out: &mut Vec<u8>) {
    out.push(obj.kind as u8);
    out.extend_from_slice(&obj.size().to_le_bytes());
    let start = out.len();
    out.extend_from_slice(&obj.data);
    for &p in &obj.ptrs {
        let (target, off) = decode(obj.read(p, PTR_BYTES).bits);
        let canon = if target == 0 || target & CODE_TAG != 0 || target == INVALID_OBJ {
            target
        } else if let Some(n) = number.get(&target) {
            *n + 1
        } else if heap.was_allocated(target) {
            DANGLING
        } else {
            INVALID_OBJ
        };
        let enc = encode(canon, off).to_le_bytes();
        let at = start + p as usize;
        out[at..at + 8].copy_from_slice(&enc);
    }
    if obj.def.iter().all(|d| *d == 0xff) {
        out.push(1);
    } else {
        out.push(0);
        out.extend_from_slice(&obj.def);
    }
    out.extend_from_slice(&(obj.ptrs.len() as u32).to_le_bytes());
    for &p in &obj.ptrs {
        out.extend_from_slice(&p.to_le_bytes());
    }
}

/// Rebuilds a state from its canonical form: object number *n* becomes id *n + 1*, so globals
/// keep their ids; pointers to freed objects point to [`DANGLING`] (never live, but known to have
/// been allocated, so an access is reported as use after free).
pub fn decode_state(bytes: &[u8]) -> Option<State> {
    let mut r = Reader { bytes, at: 0 };
    let flags = r.u32()?;
    let frame = r.u32()?;
    let mut heap = crate::memory::Heap::new();
    while r.at < bytes.len() {
        let kind = match r.u8()? {
            0 => crate::memory::ObjKind::Heap,
            1 => crate::memory::ObjKind::Global,
            2 => crate::memory::ObjKind::Constant,
            3 => crate::memory::ObjKind::Frame,
            4 => crate::memory::ObjKind::Alloca,
            _ => return None,
        };
        let size = r.u32()? as usize;
        let data = r.take(size)?.to_vec();
        let def = if r.u8()? == 1 { vec![0xff; size] } else { r.take(size)?.to_vec() };
        let n = r.u32()? as usize;
        let mut ptrs = Vec::with_capacity(n);
        for _ in 0..n {
            ptrs.push(r.u32()?);
        }
        heap.alloc(Object { kind, data, def, ptrs });
    }
    Some(State { heap, frame, flags })
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let s = self.bytes.get(self.at..self.at + n)?;
        self.at += n;
        Some(s)
    }
    fn u8(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::{Heap, ObjKind, Scalar};

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
        State { heap, frame: 0, flags: 0 }
    }

    #[test]
    fn isomorphic_heaps_have_equal_canonical_forms() {
        let a = canonicalize(&state_with_list(&[0, 1]), 1);
        let b = canonicalize(&state_with_list(&[1, 0]), 1);
        assert_eq!(a.bytes, b.bytes);
        assert_eq!(a.objects, 3);
        assert!(a.unreachable_heap.is_empty());
    }

    #[test]
    fn decoding_a_canonical_form_gives_an_equivalent_state() {
        let a = state_with_list(&[1, 0]);
        let c = canonicalize(&a, 1);
        let back = decode_state(&c.bytes).expect("decodes");
        assert_eq!(canonicalize(&back, 1).bytes, c.bytes);
        assert_eq!(back.heap.id_bound(), 4, "compact ids: null, global, two nodes");
    }

    #[test]
    fn different_contents_differ_and_garbage_is_found() {
        let a = state_with_list(&[0, 1]);
        let mut b = a.clone();
        let g_ptr = b.heap.get(1).expect("global").read(0, 8);
        let (first, _) = decode(g_ptr.bits);
        b.heap.get_mut(first).expect("live").write(0, 8, Scalar::int(99));
        assert_ne!(canonicalize(&a, 1).bytes, canonicalize(&b, 1).bytes);
        // Drop the global's pointer: both nodes become garbage.
        b.heap.get_mut(1).expect("global").write(0, 8, Scalar::null());
        let c = canonicalize(&b, 1);
        assert_eq!(c.unreachable_heap.len(), 2);
        assert_eq!(c.objects, 1);
    }
}
