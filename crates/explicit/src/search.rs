//! Explicit-state search over the VM's state space (DiVM §4–5).
//!
//! The successors of a state are found by running one transition for every sequence of choices:
//! the first run takes option 0 at every `choose`, and each later run forces the longest prefix
//! that still has an untried option (an odometer over the choice tree). New states are recognised
//! by their canonical form (`vigil_vm::canon`), stored exactly (no hash compaction, so a visited
//! check never confuses two states).
//!
//! What the search may conclude:
//! * a fault that violates the property → a counterexample (the choices of every transition from
//!   the initial state), which the caller replays before reporting it;
//! * an exhausted state space with every input enumerated over its whole domain and no
//!   undefined behaviour on any path → the property holds;
//! * anything else (inputs sampled from a subset, undefined behaviour that is not the property,
//!   limits) → unknown, with the reason.

use std::rc::Rc;
use std::time::Instant;
use vigil_vm::canon::{canonicalize, state_from_objects, Canonical, HEADER_BYTES};
use vigil_vm::fasthash::FastMap;
use vigil_vm::machine::flags;
use vigil_vm::memory::Object;
use vigil_vm::{Choices, Config, FaultKind, Machine, Program, Property, State, Stop};

/// Search order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Order {
    Dfs,
    Bfs,
}

/// Limits and options of a search.
#[derive(Clone, Debug)]
pub struct SearchConfig {
    pub property: Property,
    pub order: Order,
    pub vm: Config,
    pub max_states: u64,
    /// Bytes of stored states after which the search gives up.
    pub max_memory: u64,
    pub deadline: Option<Instant>,
    /// Set from another thread to stop the search (it then answers unknown).
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

/// A violation found by the search.
#[derive(Clone, Debug)]
pub struct Violation {
    /// The SV-COMP name of the violated (sub)property.
    pub property: &'static str,
    pub fault: FaultKind,
    pub loc: vigil_ir::Loc,
    pub func: vigil_ir::FuncId,
    /// The choices of each transition from the initial state.
    pub choices: Vec<Vec<u32>>,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub enum SearchResult {
    Holds,
    Violated(Violation),
    Unknown(String),
}

/// Counters of a search.
#[derive(Clone, Debug, Default)]
pub struct SearchStats {
    pub states: u64,
    pub transitions: u64,
    pub instructions: u64,
    /// Bytes of the stored canonical states.
    pub stored_bytes: u64,
    pub time_s: f64,
}

struct Node {
    parent: u32,
    choices: Vec<u32>,
    /// The compact key of the state (header + object ids); rebuilt when expanded.
    state: Rc<[u8]>,
}

/// Visited states stored compactly (DiVM §5.3): every canonical object is stored once and shared
/// by all states containing it; a state is its 8-byte header followed by the 4-byte ids of its
/// objects. Keys are exact (objects are compared by content), so the visited check never
/// confuses two states.
///
/// Globals come first in every canonical form and most of them (the runtime's string literals,
/// its FILE objects, the atexit table…) never change. A key in *globals form* ([`GLOBALS_FORM`]
/// in its flags word) has, after the header, a bitmap with one bit per global, set when that
/// global is the object it was in the first state stored; only the ids of the other globals and
/// of the remaining objects follow. A state with fewer objects than globals (impossible while
/// globals are never freed, but handled) gets a plain key listing every id. Either way a key
/// determines its state exactly.
///
/// Invariant: `by_ptr` maps the address of an `Rc` *held in `by_id`* to its id. Those `Rc`s are
/// never dropped while the store lives, so an address cannot be reused by another object; and a
/// shared object is never changed in place (writes copy it first), so the same address means the
/// same content. States rebuilt from the store hand out exactly these `Rc`s, so an object a
/// transition did not touch is found by address, without hashing its bytes.
#[derive(Default)]
struct StateStore {
    objects: FastMap<Rc<Object>, u32>,
    by_ptr: FastMap<usize, u32>,
    by_id: Vec<Rc<Object>>,
    /// Ids of the globals (the first objects) of the first state.
    initial_globals: Vec<u32>,
    /// Bytes of all interned objects plus all keys.
    bytes: u64,
}

/// Bit of a key's flags word: the key is in globals form (see [`StateStore`]).
const GLOBALS_FORM: u32 = 1 << 31;

/// Bytes an interned object occupies (its contents, shadows, pointer list and headers).
fn object_bytes(o: &Object) -> u64 {
    (std::mem::size_of::<Object>() + 2 * std::mem::size_of::<usize>() + o.data.len() + o.def.len() + std::mem::size_of_val(o.ptrs.as_slice()))
        as u64
}

impl StateStore {
    /// A store whose reference globals are the first `num_globals` objects of `first` (the
    /// initial state).
    fn new(first: &Canonical, num_globals: usize) -> StateStore {
        let mut store = StateStore::default();
        let ids = store.intern_all(first, &[]);
        store.initial_globals = ids[..num_globals.min(ids.len())].to_vec();
        store
    }

    fn intern(&mut self, obj: &Rc<Object>, hint: Option<u32>) -> u32 {
        if let Some(h) = hint.filter(|h| self.by_id.get(*h as usize).is_some_and(|o| Rc::ptr_eq(o, obj))) {
            return h;
        }
        let addr = Rc::as_ptr(obj) as usize;
        if let Some(id) = self.by_ptr.get(&addr) {
            return *id;
        }
        if let Some(id) = self.objects.get(obj) {
            return *id;
        }
        let id = self.by_id.len() as u32;
        self.bytes += object_bytes(obj);
        self.by_id.push(obj.clone());
        self.objects.insert(obj.clone(), id);
        self.by_ptr.insert(addr, id);
        id
    }

    /// The ids of all objects of a canonical form. `hint` holds the ids of the state the
    /// transition started from: an object that is, at the same position, the very `Rc` interned
    /// there is that object (found without a table lookup).
    fn intern_all(&mut self, c: &Canonical, hint: &[u32]) -> Vec<u32> {
        c.objects.iter().enumerate().map(|(i, o)| self.intern(o, hint.get(i).copied())).collect()
    }

    /// The key of a canonical form (see [`StateStore::intern_all`] for `hint`).
    fn key(&mut self, c: &Canonical, hint: &[u32]) -> Vec<u8> {
        let ids = self.intern_all(c, hint);
        let g = self.initial_globals.len();
        let globals_form = ids.len() >= g;
        let mut key = Vec::with_capacity(HEADER_BYTES + g.div_ceil(8) + 4 * ids.len());
        let flags = if globals_form { c.flags | GLOBALS_FORM } else { c.flags };
        key.extend_from_slice(&flags.to_le_bytes());
        key.extend_from_slice(&c.root.to_le_bytes());
        if globals_form {
            let bitmap_at = key.len();
            key.resize(bitmap_at + g.div_ceil(8), 0);
            for (i, (id, initial)) in ids.iter().zip(&self.initial_globals).enumerate() {
                if id == initial {
                    key[bitmap_at + i / 8] |= 1 << (i % 8);
                } else {
                    key.extend_from_slice(&id.to_le_bytes());
                }
            }
            for id in &ids[g..] {
                key.extend_from_slice(&id.to_le_bytes());
            }
        } else {
            for id in &ids {
                key.extend_from_slice(&id.to_le_bytes());
            }
        }
        key
    }

    /// The state a key stands for, and the ids of its objects.
    fn state(&self, key: &[u8]) -> (State, Vec<u32>) {
        let word = |i: usize| u32::from_le_bytes([key[i], key[i + 1], key[i + 2], key[i + 3]]);
        let flags = word(0);
        let mut ids: Vec<u32> = Vec::with_capacity(self.initial_globals.len() + 8);
        let mut rest = &key[HEADER_BYTES..];
        if flags & GLOBALS_FORM != 0 {
            let g = self.initial_globals.len();
            let (bitmap, listed) = rest.split_at(g.div_ceil(8));
            rest = listed;
            for (i, initial) in self.initial_globals.iter().enumerate() {
                if bitmap[i / 8] >> (i % 8) & 1 == 1 {
                    ids.push(*initial);
                } else {
                    ids.push(u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]));
                    rest = &rest[4..];
                }
            }
        }
        ids.extend(rest.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])));
        let state = state_from_objects(flags & !GLOBALS_FORM, word(4), ids.iter().map(|id| self.by_id[*id as usize].clone()));
        (state, ids)
    }
}

/// The next choice vector after a run that took `taken`, or None when all were tried.
pub fn next_choices(taken: &[(u32, u32)]) -> Option<Vec<u32>> {
    let i = taken.iter().rposition(|(c, n)| c + 1 < *n)?;
    let mut v: Vec<u32> = taken[..i].iter().map(|(c, _)| *c).collect();
    v.push(taken[i].0 + 1);
    Some(v)
}

fn path_to(nodes: &[Node], mut idx: u32) -> Vec<Vec<u32>> {
    let mut path = Vec::new();
    while idx != u32::MAX {
        let n = &nodes[idx as usize];
        if n.parent != u32::MAX {
            path.push(n.choices.clone());
        }
        idx = n.parent;
    }
    path.reverse();
    path
}

/// Explores the state space of `prog`.
pub fn explore(prog: &Program, cfg: &SearchConfig) -> (SearchResult, SearchStats) {
    let start = Instant::now();
    let mut stats = SearchStats::default();
    let machine = match Machine::boot(prog, cfg.vm.clone()) {
        Ok(m) => m,
        Err(e) => return (SearchResult::Unknown(e), stats),
    };
    let globals = prog.module.globals.len() as u32;
    let mut visited: FastMap<Rc<[u8]>, u32> = FastMap::default();
    let c = canonicalize(&machine.state, globals);
    // One machine runs every transition (reset to each state in turn).
    let mut m = machine;
    let mut store = StateStore::new(&c, globals as usize);
    let init: Rc<[u8]> = store.key(&c, &[]).into();
    stats.stored_bytes = store.bytes + init.len() as u64;
    visited.insert(init.clone(), 0);
    let mut nodes: Vec<Node> = vec![Node { parent: u32::MAX, choices: Vec::new(), state: init }];
    stats.states = 1;
    let mut frontier: std::collections::VecDeque<u32> = std::collections::VecDeque::new();
    frontier.push_back(0);
    // The most serious reason that forbids a `true` answer (the first of that severity is kept):
    // undefined behaviour or unsupported code (3) over a cut-off transition (2) over inputs that
    // were sampled rather than enumerated (1).
    let mut incomplete: Option<(u8, String)> = None;
    let note = |reason: String, incomplete: &mut Option<(u8, String)>| {
        let severity = if reason.starts_with("input domain") {
            1
        } else if reason.starts_with("a transition exceeded") {
            2
        } else {
            3
        };
        if incomplete.as_ref().is_none_or(|(s, _)| *s < severity) {
            *incomplete = Some((severity, reason));
        }
    };
    let mut check_counter = 0u32;
    while let Some(idx) = if cfg.order == Order::Dfs { frontier.pop_back() } else { frontier.pop_front() } {
        let (state, from_ids) = store.state(&nodes[idx as usize].state);
        let mut forced: Vec<u32> = Vec::new();
        loop {
            check_counter += 1;
            if check_counter.is_multiple_of(64) {
                if cfg.deadline.is_some_and(|d| Instant::now() >= d) {
                    stats.time_s = start.elapsed().as_secs_f64();
                    return (SearchResult::Unknown(format!("timeout after {} states", stats.states)), stats);
                }
                if cfg.cancel.as_ref().is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed)) {
                    stats.time_s = start.elapsed().as_secs_f64();
                    return (SearchResult::Unknown("cancelled".into()), stats);
                }
            }
            m.reset(state.clone());
            let out = m.run_transition(Choices::forced(forced.clone()));
            stats.transitions += 1;
            stats.instructions += out.steps;
            let taken = std::mem::take(&mut m.choices.taken);
            let choice_vec: Vec<u32> = taken.iter().map(|(c, _)| *c).collect();
            if out.flags & flags::ADDRESS_AS_INT != 0 {
                // Every run through this transition depends on an address the VM does not model:
                // neither a violation on it nor the absence of one would be evidence.
                stats.time_s = start.elapsed().as_secs_f64();
                let at = prog.module.describe_loc(m.last_loc);
                return (
                    SearchResult::Unknown(format!(
                        "a pointer's address was used as an integer narrower than 64 bits near {at} (addresses are not modelled)"
                    )),
                    stats,
                );
            }
            if out.flags & flags::INCOMPLETE != 0 {
                note("input domain not enumerated".into(), &mut incomplete);
            }
            let violation = |fault: FaultKind, loc, func| {
                let property = fault.violates(cfg.property)?;
                let mut choices = path_to(&nodes, idx);
                choices.push(choice_vec.clone());
                Some(Violation { property, fault, loc, func, choices })
            };
            match out.stop {
                Stop::Interrupt | Stop::Exit => {
                    let exited = out.stop == Stop::Exit;
                    m.scrub_dead_registers();
                    let canon = canonicalize(&m.state, globals);
                    if cfg.property == Property::ValidMemsafety && !canon.unreachable_heap.is_empty() {
                        let loc = m.last_loc;
                        if let Some(v) = violation(FaultKind::Leak, loc, vigil_ir::FuncId(0)) {
                            stats.time_s = start.elapsed().as_secs_f64();
                            return (SearchResult::Violated(v), stats);
                        }
                    }
                    let key = if exited { Vec::new() } else { store.key(&canon, &from_ids) };
                    if !exited && !visited.contains_key(key.as_slice()) {
                        let id = nodes.len() as u32;
                        let bytes: Rc<[u8]> = key.into();
                        store.bytes += bytes.len() as u64;
                        stats.stored_bytes = store.bytes;
                        nodes.push(Node { parent: idx, choices: choice_vec.clone(), state: bytes.clone() });
                        visited.insert(bytes, id);
                        stats.states += 1;
                        frontier.push_back(id);
                        if stats.states >= cfg.max_states {
                            stats.time_s = start.elapsed().as_secs_f64();
                            return (SearchResult::Unknown(format!("state limit reached ({} states)", stats.states)), stats);
                        }
                        if stats.stored_bytes >= cfg.max_memory {
                            stats.time_s = start.elapsed().as_secs_f64();
                            return (
                                SearchResult::Unknown(format!("memory limit reached ({} states, {} MB stored)", stats.states, stats.stored_bytes >> 20)),
                                stats,
                            );
                        }
                    }
                }
                Stop::Cancelled => {}
                Stop::StepLimit => note("a transition exceeded the step limit (a loop without interrupt?)".into(), &mut incomplete),
                Stop::Fault { kind, loc, func } => {
                    if let Some(v) = violation(kind.clone(), loc, func) {
                        stats.time_s = start.elapsed().as_secs_f64();
                        return (SearchResult::Violated(v), stats);
                    }
                    let what = match &kind {
                        FaultKind::Unsupported(_) | FaultKind::UnknownFunction(_) => kind.to_string(),
                        FaultKind::Assert => "assertion failure (not the property checked)".to_string(),
                        _ => format!("undefined behaviour: {kind}"),
                    };
                    let at = prog.module.describe_loc(loc);
                    note(format!("{what} at {at}"), &mut incomplete);
                }
            }
            match next_choices(&taken) {
                Some(v) => forced = v,
                None => break,
            }
        }
    }
    stats.time_s = start.elapsed().as_secs_f64();
    match incomplete {
        None => (SearchResult::Holds, stats),
        Some((_, reason)) => (SearchResult::Unknown(reason), stats),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vigil_vm::memory::{ObjKind, Scalar};

    fn obj(kind: ObjKind, v: u64) -> Rc<Object> {
        let mut o = Object::new(kind, 8, true);
        o.write(0, 8, Scalar::int(v));
        Rc::new(o)
    }

    fn canonical(objects: Vec<Rc<Object>>) -> Canonical {
        Canonical { flags: 0, root: 3, objects, unreachable_heap: Vec::new() }
    }

    fn bytes_of(st: &State) -> Vec<u8> {
        canonicalize(st, 2).to_bytes()
    }

    #[test]
    fn keys_leave_out_unchanged_globals_and_rebuild_the_same_state() {
        // Two globals (a constant and a variable), then a frame-like object.
        let first = canonical(vec![obj(ObjKind::Constant, 1), obj(ObjKind::Global, 2), obj(ObjKind::Heap, 3)]);
        let mut store = StateStore::new(&first, 2);
        let k1 = store.key(&first, &[]);
        assert_eq!(k1.len(), HEADER_BYTES + 1 + 4, "both globals left out, one bitmap byte");
        let (s1, ids1) = store.state(&k1);
        assert_eq!(bytes_of(&s1), bytes_of(&first.to_state()));
        assert_eq!(ids1.len(), 3);
        // A changed global is listed; the key differs and rebuilds the right state.
        let other = canonical(vec![obj(ObjKind::Constant, 1), obj(ObjKind::Global, 9), obj(ObjKind::Heap, 3)]);
        let k2 = store.key(&other, &ids1);
        assert_eq!(k2.len(), HEADER_BYTES + 1 + 8);
        assert_ne!(k1, k2);
        let (s2, _) = store.state(&k2);
        assert_eq!(bytes_of(&s2), bytes_of(&other.to_state()));
        // Fewer objects than globals: a plain key, still exact.
        let short = canonical(vec![obj(ObjKind::Constant, 1)]);
        let k3 = store.key(&short, &[]);
        assert_eq!(k3.len(), HEADER_BYTES + 4);
        assert_eq!(store.state(&k3).1.len(), 1);
        // Equal contents give equal keys, found through the hint or by content.
        let again = canonical(vec![obj(ObjKind::Constant, 1), obj(ObjKind::Global, 2), obj(ObjKind::Heap, 3)]);
        assert_eq!(store.key(&again, &[]), k1);
        let from_store = canonicalize(&s1, 2);
        assert_eq!(store.key(&from_store, &ids1), k1);
    }

    #[test]
    fn choice_odometer_enumerates_every_vector_once() {
        // Simulate a transition whose choices have 2 then 3 options.
        let mut seen = Vec::new();
        let mut forced: Vec<u32> = Vec::new();
        loop {
            let a = forced.first().copied().unwrap_or(0);
            let b = forced.get(1).copied().unwrap_or(0);
            seen.push((a, b));
            match next_choices(&[(a, 2), (b, 3)]) {
                Some(v) => forced = v,
                None => break,
            }
        }
        assert_eq!(seen.len(), 6);
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 6);
    }
}
