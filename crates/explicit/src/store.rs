//! The visited-state store of the explicit search: every state seen, stored exactly and compactly,
//! together with the search tree (each state's parent and the choices that led to it).
//!
//! Background: DiVM §1.5 (an explicit-state checker needs an efficient store for the visited
//! set) and §6.2 (states are compared by their canonical form, `vigil_vm::canon`). The layout
//! follows the idea of sharing the parts of states, as DIVINE's tree compression does, at the
//! granularity of the VM's objects.
//!
//! # Layout
//!
//! * **Object arena.** Every distinct canonical object is encoded once (`crate::encode`) into
//!   one byte arena; its *object id* is its offset there divided by [`ALIGN`]. A table of ids,
//!   hashed by encoding and compared byte for byte, finds an object that is already stored.
//! * **State records.** A state is one record in a second arena; its *state id* is its offset
//!   divided by [`ALIGN`]. A record is the state's *key* followed by its search-tree entry:
//!
//!   ```text
//!   key     varint flags word, varint root id, varint symbolic part (the canonical header, stored as opaque
//!           u32s), varint n (number of objects), then
//!           if n ≥ G (G = globals of the first state):
//!               varint c, then c pairs (varint index gap, varint id) for the globals whose
//!               object differs from the first state's, then the ids of objects G..n
//!           else: the ids of all n objects
//!   tree    varint (parent id + 1, or 0 for the first state), the choices of the transition
//!           from the parent (two varints when all are 0 or 1, see `put_choices`)
//!   ```
//!
//!   A table of state ids, hashed by key and compared byte for byte, is the visited set.
//!   Globals come first in every canonical form and most never change (the runtime's strings,
//!   FILE objects…), so a key lists only the globals that changed.
//!
//! # Invariants
//!
//! * Exact: a key determines its state (flags, root and every object's encoding), and two states
//!   have equal keys exactly when their canonical forms are equal. Keys and object encodings are
//!   self-delimiting, so comparing a key with the bytes at the start of a record compares it with
//!   that record's key. No hash compaction: a visited check never confuses two states.
//! * Canonical: an object's id depends only on its contents (each content is stored once), so
//!   equal canonical forms give equal keys whatever path reached them.
//! * Objects are immutable once handed out: [`Expanded`] keeps its own reference to every object
//!   of the state it rebuilt, so a machine running from that state copies an object before it
//!   writes it (`Rc::make_mut`). An object of a successor that is *the same `Rc`* as the expanded
//!   state's object at the same position is therefore that object, and its id is known without
//!   encoding or hashing it (the cheap path for the many objects a transition does not touch).
//!   Any other object is encoded and looked up by content: slower, never wrong. Likewise a
//!   global that is *the same `Rc`* as the first state's (held decoded, see `pinned`) has the
//!   first state's id: the hundreds of runtime strings and tables in every state cost one
//!   pointer comparison each.
//!
//! # What [`StateStore::bytes`] counts
//!
//! Everything kept per state: both arenas (objects and records, as many bytes as are used; the
//! unused capacity of a growing vector is address space the kernel has not backed), the whole
//! allocation of both hash tables (buckets and control bytes, including free buckets), and the
//! in-memory size of the first state's global objects, which the store keeps decoded. The search
//! adds its frontier of state ids (`crate::search`).

use crate::encode::{decode_object, encode_object, get_u32, get_varint, object_len, put_varint};
use hashbrown::HashTable;
use std::hash::Hasher;
use std::rc::Rc;
use vigil_vm::canon::{state_from_objects, Canonical};
use vigil_vm::fasthash::FastHasher;
use vigil_vm::memory::Object;
use vigil_vm::State;

/// A stored state: its record's offset in the record arena divided by [`ALIGN`].
pub type StateId = u32;

/// Arena offsets are multiples of this, so a 32-bit id addresses 8 GiB per arena.
pub const ALIGN: usize = 2;

/// The store cannot take another object or state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreFull {
    /// An arena would grow beyond what a 32-bit id addresses (8 GiB).
    Ids,
    /// The allocator refused to grow an arena or a table (the process's address space or memory
    /// is exhausted, e.g. under `ulimit -v`): the search stops instead of aborting the process.
    Memory,
}

impl std::fmt::Display for StoreFull {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreFull::Ids => {
                write!(f, "state store full ({} GiB of objects or of states)", ((u64::from(u32::MAX) + 1) * ALIGN as u64) >> 30)
            }
            StoreFull::Memory => write!(f, "memory limit reached (the allocator refused to grow the state store)"),
        }
    }
}

/// The bytes a [`StateStore`] holds, by part.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StoreBytes {
    /// The object arena.
    pub objects: u64,
    /// The state records (keys and search-tree entries).
    pub records: u64,
    /// Both hash tables' allocations.
    pub tables: u64,
    /// The first state's globals, held decoded.
    pub pinned: u64,
}

impl StoreBytes {
    pub fn total(&self) -> u64 {
        self.objects + self.records + self.tables + self.pinned
    }
}

/// A state rebuilt from the store to be expanded, with the ids of its objects.
pub struct Expanded {
    pub state: State,
    /// The object ids of the canonical form, position by position.
    ids: Vec<u32>,
    /// The objects handed to `state`, position by position (see the module invariants).
    objects: Vec<Rc<Object>>,
}

/// The visited states (see the module documentation).
pub struct StateStore {
    objects: Vec<u8>,
    object_table: HashTable<u32>,
    records: Vec<u8>,
    state_table: HashTable<u32>,
    /// Object ids of the first state's globals.
    initial_globals: Vec<u32>,
    /// Those globals, decoded once and shared by every state rebuilt where they are unchanged.
    pinned: Vec<Rc<Object>>,
    pinned_bytes: u64,
    object_scratch: Vec<u8>,
    key_scratch: Vec<u8>,
    ids_scratch: Vec<u32>,
    /// The id of the visited state the last [`Self::insert`] that returned None found.
    last_found: Option<StateId>,
}

fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut h = FastHasher::default();
    h.write(bytes);
    h.finish()
}

/// The bytes of an arena from an id's position on.
#[inline]
fn at(arena: &[u8], id: u32) -> &[u8] {
    &arena[id as usize * ALIGN..]
}

/// Appends `bytes` to an arena at an aligned position and returns its id.
fn push(arena: &mut Vec<u8>, bytes: &[u8]) -> Result<u32, StoreFull> {
    let id = u32::try_from(arena.len() / ALIGN).map_err(|_| StoreFull::Ids)?;
    let needed = bytes.len() + ALIGN;
    if arena.try_reserve(needed).is_err() {
        // Doubling was refused: grow by what this entry needs, if even that is possible.
        arena.try_reserve_exact(needed).map_err(|_| StoreFull::Memory)?;
    }
    arena.extend_from_slice(bytes);
    arena.resize(arena.len().next_multiple_of(ALIGN), 0);
    Ok(id)
}

/// Length of the key at the start of `rec`, in a store whose first state has `g` globals.
fn key_len(rec: &[u8], g: usize) -> usize {
    let mut pos = 0;
    get_varint(rec, &mut pos);
    get_varint(rec, &mut pos);
    get_varint(rec, &mut pos);
    let n = get_varint(rec, &mut pos) as usize;
    let listed = if n >= g {
        let changed = get_varint(rec, &mut pos) as usize;
        2 * changed + n - g
    } else {
        n
    };
    for _ in 0..listed {
        get_varint(rec, &mut pos);
    }
    pos
}

/// The first of the positions `i`, `i + 1`, `i − 1`, `i + 2`, `i − 2` below `len` where `hit`
/// holds. Objects keep their canonical position when a transition changes other objects of the
/// same size, and move by one or two when it allocates or frees one before them (a push on a
/// list); looking there finds most shared objects without hashing. A miss only costs time.
#[inline]
fn near(i: usize, len: usize, hit: impl Fn(usize) -> bool) -> Option<usize> {
    [Some(i), i.checked_add(1), i.checked_sub(1), i.checked_add(2), i.checked_sub(2)]
        .into_iter()
        .flatten()
        .find(|j| *j < len && hit(*j))
}

/// Appends a transition's choices: varint(2 × count + 1) and one varint whose bit k is choice k
/// when there are at most 64 choices, all 0 or 1 (the usual case: every `__VERIFIER_nondet_bool`
/// and every two-way branch of the runtime); else varint(2 × count) and one varint per choice.
fn put_choices(out: &mut Vec<u8>, choices: &[u32]) {
    if choices.len() <= 64 && choices.iter().all(|c| *c < 2) {
        put_varint(out, 2 * choices.len() as u64 + 1);
        put_varint(out, choices.iter().enumerate().fold(0u64, |bits, (k, c)| bits | (u64::from(*c) << k)));
    } else {
        put_varint(out, 2 * choices.len() as u64);
        for c in choices {
            put_varint(out, u64::from(*c));
        }
    }
}

/// Reads what [`put_choices`] wrote.
fn get_choices(bytes: &[u8], pos: &mut usize) -> Vec<u32> {
    let tag = get_varint(bytes, pos);
    let n = (tag / 2) as usize;
    if tag % 2 == 1 {
        let bits = get_varint(bytes, pos);
        (0..n).map(|k| ((bits >> k) & 1) as u32).collect()
    } else {
        (0..n).map(|_| get_u32(bytes, pos)).collect()
    }
}

/// In-memory size of a decoded object held by an `Rc` (counts, header, contents).
fn object_bytes(o: &Object) -> u64 {
    (2 * std::mem::size_of::<usize>()
        + std::mem::size_of::<Object>()
        + o.data.len()
        + o.def.len()
        + std::mem::size_of_val(o.ptrs.as_slice())) as u64
}

impl StateStore {
    /// A store holding the first state `first`, whose first `num_globals` objects are the
    /// globals, and that state's id.
    pub fn new(first: &Canonical, num_globals: usize) -> Result<(StateStore, StateId), StoreFull> {
        let g = num_globals.min(first.objects.len());
        let pinned: Vec<Rc<Object>> = first.objects[..g].to_vec();
        let mut store = StateStore {
            objects: Vec::new(),
            object_table: HashTable::new(),
            records: Vec::new(),
            state_table: HashTable::new(),
            initial_globals: Vec::new(),
            pinned_bytes: pinned.iter().map(|o| object_bytes(o)).sum(),
            pinned,
            object_scratch: Vec::new(),
            key_scratch: Vec::new(),
            ids_scratch: Vec::new(),
            last_found: None,
        };
        for (i, o) in first.objects[..g].iter().enumerate() {
            let id = store.intern(o, i, None)?;
            store.initial_globals.push(id);
        }
        let id = store.insert(first, None, None, &[])?.expect("the first state is new");
        Ok((store, id))
    }

    /// The id of the object at position `i` of a canonical form, storing it if it is new.
    /// `from` is the expanded state the canonical form is a successor of.
    fn intern(&mut self, o: &Rc<Object>, i: usize, from: Option<&Expanded>) -> Result<u32, StoreFull> {
        if let Some(f) = from {
            // Most objects are where they were (the globals always): one comparison.
            if f.objects.get(i).is_some_and(|same| Rc::ptr_eq(same, o)) {
                return Ok(f.ids[i]);
            }
            if let Some(j) = near(i, f.objects.len(), |j| Rc::ptr_eq(&f.objects[j], o)) {
                return Ok(f.ids[j]);
            }
        }
        self.object_scratch.clear();
        encode_object(o, &mut self.object_scratch);
        let hash = hash_bytes(&self.object_scratch);
        let (arena, enc) = (&self.objects, &self.object_scratch);
        if let Some(id) = self.object_table.find(hash, |id| at(arena, *id).starts_with(enc)) {
            return Ok(*id);
        }
        let id = push(&mut self.objects, &self.object_scratch)?;
        let arena = &self.objects;
        self.object_table
            .try_reserve(1, |id| {
                let bytes = at(arena, *id);
                hash_bytes(&bytes[..object_len(bytes)])
            })
            .map_err(|_| StoreFull::Memory)?;
        self.object_table.insert_unique(hash, id, |id| {
            let bytes = at(arena, *id);
            hash_bytes(&bytes[..object_len(bytes)])
        });
        Ok(id)
    }

    /// Writes the key of a state with these header words and object ids into `key_scratch`.
    fn encode_key(&mut self, flags: u32, root: u32, sym: u64, ids: &[u32]) {
        let out = &mut self.key_scratch;
        out.clear();
        put_varint(out, u64::from(flags));
        put_varint(out, u64::from(root));
        put_varint(out, sym);
        put_varint(out, ids.len() as u64);
        let g = self.initial_globals.len();
        let rest = if ids.len() >= g {
            let changed = ids[..g].iter().zip(&self.initial_globals).filter(|(a, b)| a != b).count();
            put_varint(out, changed as u64);
            let mut prev = 0;
            for (i, (id, initial)) in ids[..g].iter().zip(&self.initial_globals).enumerate() {
                if id != initial {
                    put_varint(out, (i - prev) as u64);
                    put_varint(out, u64::from(*id));
                    prev = i;
                }
            }
            &ids[g..]
        } else {
            ids
        };
        for id in rest {
            put_varint(out, u64::from(*id));
        }
    }

    /// Decodes the key at the start of `rec`: flags, root, object ids, and the key's length.
    fn decode_key(&self, rec: &[u8]) -> (u32, u32, u64, Vec<u32>, usize) {
        let mut pos = 0;
        let flags = get_u32(rec, &mut pos);
        let root = get_u32(rec, &mut pos);
        let sym = get_varint(rec, &mut pos);
        let n = get_varint(rec, &mut pos) as usize;
        let g = self.initial_globals.len();
        let mut ids = Vec::with_capacity(n);
        if n >= g {
            ids.extend_from_slice(&self.initial_globals);
            let changed = get_varint(rec, &mut pos);
            let mut i = 0;
            for _ in 0..changed {
                i += get_varint(rec, &mut pos) as usize;
                ids[i] = get_u32(rec, &mut pos);
            }
        }
        while ids.len() < n {
            ids.push(get_u32(rec, &mut pos));
        }
        (flags, root, sym, ids, pos)
    }

    /// Stores the state `c` unless it was seen before: its new id, or None when it is visited.
    /// `from` is the expanded state `c` is a successor of (for the cheap path), `parent` its id
    /// and `choices` the choices of the transition (None and empty for the first state).
    pub fn insert(
        &mut self,
        c: &Canonical,
        from: Option<&Expanded>,
        parent: Option<StateId>,
        choices: &[u32],
    ) -> Result<Option<StateId>, StoreFull> {
        let mut ids = std::mem::take(&mut self.ids_scratch);
        ids.clear();
        for (i, o) in c.objects.iter().enumerate() {
            // A global still the first state's object (most of them: the runtime's strings and
            // tables) has its first id; no call, no lookup.
            let id = match self.pinned.get(i) {
                Some(p) if Rc::ptr_eq(p, o) => self.initial_globals[i],
                _ => self.intern(o, i, from)?,
            };
            ids.push(id);
        }
        // The canonical header (flags word, root object id) is stored as two opaque words.
        self.encode_key(c.flags, c.root, c.sym, &ids);
        self.ids_scratch = ids;
        let hash = hash_bytes(&self.key_scratch);
        let (records, key) = (&self.records, &self.key_scratch);
        if let Some(&id) = self.state_table.find(hash, |id| at(records, *id).starts_with(key)) {
            self.last_found = Some(id);
            return Ok(None);
        }
        let mut rec = std::mem::take(&mut self.key_scratch);
        put_varint(&mut rec, parent.map_or(0, |p| u64::from(p) + 1));
        put_choices(&mut rec, choices);
        let pushed = push(&mut self.records, &rec);
        self.key_scratch = rec;
        let id = pushed?;
        let (records, g) = (&self.records, self.initial_globals.len());
        self.state_table
            .try_reserve(1, |id| {
                let rec = at(records, *id);
                hash_bytes(&rec[..key_len(rec, g)])
            })
            .map_err(|_| StoreFull::Memory)?;
        self.state_table.insert_unique(hash, id, |id| {
            let rec = at(records, *id);
            hash_bytes(&rec[..key_len(rec, g)])
        });
        Ok(Some(id))
    }

    /// The key of stored state `id` without its symbolic part: its flags, scheduler state and
    /// objects (symbolic slots name their terms, so equal explicit keys mean equal terms), for
    /// subsumption between states whose path conditions differ (`crate::search`).
    pub fn explicit_key(&self, id: StateId) -> Vec<u8> {
        let rec = at(&self.records, id);
        let mut pos = 0;
        get_varint(rec, &mut pos);
        get_varint(rec, &mut pos);
        let before_sym = pos;
        get_varint(rec, &mut pos);
        let end = key_len(rec, self.initial_globals.len());
        let mut out = rec[..before_sym].to_vec();
        out.extend_from_slice(&rec[pos..end]);
        out
    }

    /// The visited state the last [`Self::insert`] that returned None found.
    pub fn last_found(&self) -> Option<StateId> {
        self.last_found
    }

    /// Rebuilds a stored state. An object that `previous` (the state expanded before, usually
    /// the parent or a sibling) holds near the same position is shared instead of decoded again.
    pub fn expand(&self, id: StateId, previous: Option<&Expanded>) -> Expanded {
        let (flags, root, sym, ids, _) = self.decode_key(at(&self.records, id));
        let objects: Vec<Rc<Object>> = ids
            .iter()
            .enumerate()
            .map(|(i, oid)| match (self.initial_globals.get(i), self.pinned.get(i)) {
                (Some(initial), Some(o)) if initial == oid => Rc::clone(o),
                _ => match previous.and_then(|p| near(i, p.ids.len(), |j| p.ids[j] == *oid).map(|j| &p.objects[j])) {
                    Some(o) => Rc::clone(o),
                    None => Rc::new(decode_object(at(&self.objects, *oid))),
                },
            })
            .collect();
        let state = state_from_objects(flags, root, sym, objects.iter().cloned());
        Expanded { state, ids, objects }
    }

    /// The choices of every transition from the first state to state `id`.
    pub fn path_to(&self, mut id: StateId) -> Vec<Vec<u32>> {
        let mut path = Vec::new();
        loop {
            let rec = at(&self.records, id);
            let mut pos = key_len(rec, self.initial_globals.len());
            let parent = get_varint(rec, &mut pos);
            if parent == 0 {
                break;
            }
            path.push(get_choices(rec, &mut pos));
            id = (parent - 1) as u32;
        }
        path.reverse();
        path
    }

    /// Bytes held by the store (see the module documentation for what is counted).
    pub fn bytes(&self) -> u64 {
        self.breakdown().total()
    }

    /// [`StateStore::bytes`] by part.
    pub fn breakdown(&self) -> StoreBytes {
        StoreBytes {
            objects: self.objects.len() as u64,
            records: self.records.len() as u64,
            tables: (self.object_table.allocation_size() + self.state_table.allocation_size()) as u64,
            pinned: self.pinned_bytes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vigil_vm::canon::canonicalize;
    use vigil_vm::memory::{Heap, ObjKind, Scalar};

    /// Globals: one constant and one variable; then a list of two heap nodes hanging from the
    /// variable, allocated in `order`, the second node's value `v` and definedness `def`.
    fn state(order: [usize; 2], v: u64, def: u64) -> State {
        let mut heap = Heap::new();
        let mut k = Object::new(ObjKind::Constant, 4, true);
        k.write(0, 4, Scalar::int(7));
        heap.alloc(k);
        let g = heap.alloc(Object::new(ObjKind::Global, 8, true));
        let mut ids = [0u32; 2];
        for i in order {
            let mut node = Object::new(ObjKind::Heap, 16, false);
            node.write(0, 8, Scalar { bits: if i == 1 { v } else { 10 }, def: if i == 1 { def } else { u64::MAX }, ptr: false });
            ids[i] = heap.alloc(node);
        }
        heap.get_mut(ids[0]).expect("live").write(8, 8, Scalar::pointer(ids[1], 0));
        heap.get_mut(ids[1]).expect("live").write(8, 8, Scalar::null());
        heap.get_mut(g).expect("live").write(0, 8, Scalar::pointer(ids[0], 0));
        without_root(heap)
    }

    /// A state of `heap` alone (no scheduler state).
    fn without_root(heap: Heap) -> State {
        State { heap, root: 0, flags: 0, sym: 0 }
    }

    fn canon(st: &State) -> Canonical {
        canonicalize(st, 2)
    }

    #[test]
    fn a_stored_state_rebuilds_to_the_same_canonical_form() {
        let first = canon(&state([0, 1], 5, u64::MAX));
        let (store, id) = StateStore::new(&first, 2).expect("room");
        let back = store.expand(id, None);
        assert_eq!(canon(&back.state).to_bytes(), first.to_bytes());
        // Unchanged globals are the store's shared objects, not copies.
        assert!(Rc::ptr_eq(&back.objects[0], &first.objects[0]));
        assert_eq!(store.path_to(id), Vec::<Vec<u32>>::new());
    }

    #[test]
    fn isomorphic_states_have_one_key_and_different_states_have_different_keys() {
        let first = canon(&state([0, 1], 5, u64::MAX));
        let (mut store, id0) = StateStore::new(&first, 2).expect("room");
        // The same memory graph with the heap nodes allocated the other way round.
        assert_eq!(store.insert(&canon(&state([1, 0], 5, u64::MAX)), None, Some(id0), &[1]), Ok(None));
        let mut seen = vec![id0];
        // One byte of data differs.
        let byte = canon(&state([0, 1], 6, u64::MAX));
        // One definedness bit differs.
        let bit = canon(&state([0, 1], 5, u64::MAX - 1));
        // One pointer target differs: the list's first node points to itself.
        let mut st = state([0, 1], 5, u64::MAX);
        let first_node = vigil_vm::memory::decode(st.heap.get(2).expect("global").read(0, 8).bits).0;
        st.heap.get_mut(first_node).expect("live").write(8, 8, Scalar::pointer(first_node, 0));
        let target = canon(&st);
        // A global differs (the list is gone).
        let mut st = state([0, 1], 5, u64::MAX);
        st.heap.get_mut(2).expect("global").write(0, 8, Scalar::null());
        let global = canon(&st);
        for (k, c) in [byte, bit, target, global].iter().enumerate() {
            let id = store.insert(c, None, Some(id0), &[k as u32, 9]).expect("room").expect("a new state");
            assert!(!seen.contains(&id));
            seen.push(id);
            assert_eq!(canon(&store.expand(id, None).state).to_bytes(), c.to_bytes());
            assert_eq!(store.path_to(id), vec![vec![k as u32, 9]]);
            // Seen now, whichever way it is presented.
            assert_eq!(store.insert(c, None, Some(id), &[]), Ok(None));
        }
    }

    #[test]
    fn successors_share_the_untouched_objects_of_the_expanded_state() {
        let first = canon(&state([0, 1], 5, u64::MAX));
        let (mut store, id0) = StateStore::new(&first, 2).expect("room");
        let from = store.expand(id0, None);
        // A transition that changes nothing: no object is encoded again, the state is visited.
        let objects_before = store.objects.len();
        let same = canon(&from.state.clone());
        assert!(same.objects.iter().zip(&from.objects).all(|(a, b)| Rc::ptr_eq(a, b)));
        assert_eq!(store.insert(&same, Some(&from), Some(id0), &[0]), Ok(None));
        // A transition that writes the second node: only that object is new.
        let mut next = from.state.clone();
        let first_node = vigil_vm::memory::decode(next.heap.get(2).expect("global").read(0, 8).bits).0;
        let second = vigil_vm::memory::decode(next.heap.get(first_node).expect("live").read(8, 8).bits).0;
        next.heap.get_mut(second).expect("live").write(0, 8, Scalar::int(77));
        let id1 = store.insert(&canon(&next), Some(&from), Some(id0), &[1, 0]).expect("room").expect("new");
        let mut one = Vec::new();
        encode_object(next.heap.get(second).expect("live"), &mut one);
        assert_eq!(store.objects.len(), objects_before + one.len().next_multiple_of(ALIGN));
        // Its key lists no global (both are the first state's) and the two heap nodes.
        let rec = at(&store.records, id1);
        let (_, _, _, ids, len) = store.decode_key(rec);
        assert_eq!(ids.len(), 4);
        assert_eq!(len, 4 + 1 + 2, "flags, root, sym, n; no changed global; two one-byte ids");
        assert_eq!(store.path_to(id1), vec![vec![1, 0]]);
    }

    #[test]
    fn a_state_with_fewer_objects_than_globals_is_stored_exactly() {
        let first = canon(&state([0, 1], 5, u64::MAX));
        let (mut store, id0) = StateStore::new(&first, 2).expect("room");
        let mut heap = Heap::new();
        heap.alloc(Object::new(ObjKind::Constant, 4, true));
        let short = canonicalize(&without_root(heap), 1);
        let id = store.insert(&short, None, Some(id0), &[]).expect("room").expect("new");
        assert_eq!(canonicalize(&store.expand(id, None).state, 1).to_bytes(), short.to_bytes());
        assert_eq!(store.insert(&short, None, Some(id), &[]), Ok(None));
    }

    #[test]
    fn choices_round_trip_packed_and_unpacked() {
        let many: Vec<u32> = (0..70).map(|k| k % 2).collect();
        for choices in [vec![], vec![0], vec![1, 0, 1, 1], vec![0; 64], vec![1; 64], vec![2, 0], vec![0, 300_000, 1], many] {
            let mut out = vec![7];
            put_choices(&mut out, &choices);
            let mut pos = 1;
            assert_eq!(get_choices(&out, &mut pos), choices);
            assert_eq!(pos, out.len());
        }
        let mut out = Vec::new();
        put_choices(&mut out, &[0, 1, 0, 1]);
        assert_eq!(out.len(), 2, "four binary choices take two bytes");
    }

    #[test]
    fn the_count_covers_arenas_and_tables() {
        let first = canon(&state([0, 1], 5, u64::MAX));
        let (store, _) = StateStore::new(&first, 2).expect("room");
        let b = store.bytes();
        assert!(b >= (store.objects.len() + store.records.len()) as u64 + store.pinned_bytes);
        assert!(b > (store.objects.len() + store.records.len()) as u64 + store.pinned_bytes, "tables are counted");
    }
}
