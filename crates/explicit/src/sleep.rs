//! Sleep sets with state caching (Godefroid, *Partial-Order Methods for the Verification of
//! Concurrent Systems*, LNCS 1032, ch. 5; the revisit rule of §5.3), `-C explicit.por=on` (the
//! default; `off` runs every transition).
//!
//! A *transition* here is one thread's step from a state: every run whose scheduler picks that
//! thread, whatever the thread's own choices ([`Entry`] unites their visible accesses). Two
//! entries are *independent* when they belong to different threads, neither is [`Entry::global`]
//! and no access of one overlaps an access of the other with one of them a write (atomic or
//! not: for the order of the two, an atomic write conflicts as much as a plain one). Then
//! running them in either order gives one state: a transition changes only its thread's private
//! objects, the shared bytes it writes, and the scheduler state's `current`, which is zeroed
//! between transitions (`VM_CR_TRANSIENT`, `vigil_vm::machine`); a thread's enabledness depends
//! only on memory it reads inside the runtime's atomic sections, which are recorded accesses.
//! A transition is global — dependent on everything — when some run of it ends the path
//! otherwise than in a state (exit, fault, step limit), stays inside an atomic section (the
//! other threads are then disabled), or picks no thread.
//!
//! The search keeps, for each state, the sleep set it was reached with ([`Sleep::stored`]): the
//! transitions explored from an earlier state on the path and independent of every step since,
//! whose successors are reached another way. From a state only the transitions not asleep are
//! run; a successor of transition `t` gets the entries of the current sleep set, and of the
//! transitions explored from this state before `t`, that are independent of `t`. A state
//! reached again with a sleep set that lacks some entry of its stored one is expanded again
//! for those entries, and its stored set becomes the intersection (§5.3: without this a state
//! cache with sleep sets can miss states).
//!
//! What it keeps (the module's invariant, Godefroid Thm 5.2 with the revisit rule): every
//! reachable state is still visited — sleep sets prune transitions, never states — so
//! deadlocks (states) and violations (global transitions are never asleep) are found as
//! without reduction, in any search order. Data races: an entry asleep in a state is
//! independent of every step since it was explored, so its accesses are still its next action
//! there; the search adds the sleeping entries to the actions it compares. It is used only where
//! a race is a warning (`explicit.racy=sc`, not `no-data-race`), because a sleeping entry has no
//! choices from the state to build a racing schedule from.

use crate::store::StateId;
use std::collections::HashMap;
use vigil_vm::machine::Access;
use vigil_vm::{Machine, State};

/// One thread's transition from a state (see the module doc).
#[derive(Clone, Debug)]
pub struct Entry {
    /// The thread: its index in the scheduler's table (u32::MAX: none, see [`thread_of`]).
    pub slot: u32,
    /// The thread's slot as `Machine::thread_slot` gives it (for race reports).
    pub thread: u64,
    /// The visible accesses of every run of the transition.
    pub accesses: Vec<Access>,
    /// Dependent on every other transition.
    pub global: bool,
}

/// The thread (its index in the scheduler's table) that a run whose scheduler took the choices
/// `choices` ran, from what the scheduler said (`Machine::ready_threads`): the pick is the first
/// choice when more than one thread may run.
pub fn thread_of(ready: Option<u64>, choices: &[u32]) -> Option<u32> {
    let mask = ready?;
    let pick = if mask.count_ones() > 1 { *choices.first()? } else { 0 };
    (0..64u32).filter(|t| mask >> t & 1 == 1).nth(pick as usize)
}

/// Whether two transitions commute (see the module doc).
pub fn independent(a: &Entry, b: &Entry) -> bool {
    if a.slot == b.slot || a.global || b.global {
        return false;
    }
    !a.accesses.iter().any(|x| {
        b.accesses.iter().any(|y| {
            x.obj == y.obj
                && (x.write || y.write)
                && u64::from(x.off) < u64::from(y.off) + u64::from(y.size)
                && u64::from(y.off) < u64::from(x.off) + u64::from(x.size)
        })
    })
}

/// Which scheduler picks of a state to run.
pub struct Plan {
    /// Whether the scheduler chooses (more than one thread may run): the first choice of every
    /// run is then the pick.
    pub choice: bool,
    /// Per pick: run it (its thread is neither asleep nor left out of a re-expansion).
    pub run: Vec<bool>,
}

impl Plan {
    /// Asks the scheduler which threads may run from `state` (`Machine::probe_ready`) and keeps
    /// the picks to run. When it does not say (the program ends, a deadlock) the one run there is
    /// is run.
    pub fn new(m: &mut Machine, state: &State, asleep: &[Entry], only: Option<&[u32]>) -> Plan {
        m.reset(state.clone());
        let Some(mask) = m.probe_ready() else {
            return Plan { choice: false, run: vec![true] };
        };
        let run: Vec<bool> = (0..64u32)
            .filter(|t| mask >> t & 1 == 1)
            .map(|t| !asleep.iter().any(|e| e.slot == t) && only.is_none_or(|o| o.contains(&t)))
            .collect();
        Plan { choice: run.len() > 1, run }
    }

    /// The first choice vector to run from the first pick to run at or after `k`, if any.
    pub fn from(&self, k: u32) -> Option<Vec<u32>> {
        let k = (k as usize..self.run.len()).find(|&i| self.run[i])?;
        Some(if self.choice { vec![k as u32] } else { Vec::new() })
    }
}

/// The runs of transition `e` from a state are done: each of its successors `succ` (id, new)
/// gets the entries of `asleep` independent of `e` (pushed on the frontier again when the revisit
/// rule asks), and `e` joins `asleep` for the transitions run after it.
pub fn finish(sleep: &mut Sleep, asleep: &mut Vec<Entry>, e: Entry, succ: Vec<(StateId, bool)>, frontier: &mut std::collections::VecDeque<StateId>) {
    for (id, new) in succ {
        let child: Vec<Entry> = asleep.iter().filter(|x| independent(x, &e)).cloned().collect();
        if sleep.reach(id, child, new) {
            frontier.push_back(id);
        }
    }
    asleep.push(e);
}

/// The sleep sets of the search.
#[derive(Default)]
pub struct Sleep {
    /// The sleep set each state was (last) reached with; a state not here has an empty one.
    stored: HashMap<StateId, Vec<Entry>>,
    /// States expanded at least once.
    expanded: std::collections::HashSet<StateId>,
    /// States to expand again, with the threads (slots) to run there.
    again: HashMap<StateId, Vec<u32>>,
}

impl Sleep {
    /// The sleep set of `id` and, when it is expanded again, the only threads to run there.
    pub fn take(&mut self, id: StateId) -> (Vec<Entry>, Option<Vec<u32>>) {
        self.expanded.insert(id);
        (self.stored.get(&id).cloned().unwrap_or_default(), self.again.remove(&id))
    }

    /// `id` was reached with sleep set `z` (`new`: for the first time). True when it must be
    /// pushed on the frontier again (it was expanded, and some transition asleep then is
    /// awake now).
    pub fn reach(&mut self, id: StateId, z: Vec<Entry>, new: bool) -> bool {
        if new {
            if !z.is_empty() {
                self.stored.insert(id, z);
            }
            return false;
        }
        let Some(old) = self.stored.get_mut(&id) else {
            // Reached before with an empty sleep set: everything was (or will be) run there.
            return false;
        };
        let awake: Vec<u32> = old.iter().filter(|e| !z.iter().any(|x| x.slot == e.slot)).map(|e| e.slot).collect();
        if awake.is_empty() {
            return false;
        }
        old.retain(|e| z.iter().any(|x| x.slot == e.slot));
        if old.is_empty() {
            self.stored.remove(&id);
        }
        if !self.expanded.contains(&id) {
            // Not expanded yet: it will run everything outside the smaller set.
            return false;
        }
        let list = self.again.entry(id).or_default();
        let push = list.is_empty();
        for s in awake {
            if !list.contains(&s) {
                list.push(s);
            }
        }
        push
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vigil_ir::Loc;

    fn entry(slot: u32, acc: &[(u32, u32, bool)]) -> Entry {
        let accesses = acc.iter().map(|&(obj, off, write)| Access { obj, off, size: 4, write, atomic: false, loc: Loc::UNKNOWN }).collect();
        Entry { slot, thread: u64::from(slot), accesses, global: false }
    }

    #[test]
    fn independence_needs_other_threads_and_no_conflict() {
        let a = entry(1, &[(5, 0, true)]);
        assert!(!independent(&a, &entry(1, &[(6, 0, false)])), "same thread");
        assert!(!independent(&a, &entry(2, &[(5, 0, false)])), "write and read of the same bytes");
        assert!(independent(&a, &entry(2, &[(5, 4, true)])), "other bytes");
        assert!(independent(&entry(1, &[(5, 0, false)]), &entry(2, &[(5, 0, false)])), "two reads");
        let mut g = entry(2, &[]);
        g.global = true;
        assert!(!independent(&a, &g), "a global transition");
    }

    #[test]
    fn a_state_reached_again_with_a_smaller_sleep_set_is_expanded_again() {
        let mut s = Sleep::default();
        assert!(!s.reach(7, vec![entry(1, &[]), entry(2, &[])], true));
        let (z, only) = s.take(7);
        assert_eq!((z.len(), only), (2, None));
        assert!(!s.reach(7, vec![entry(1, &[]), entry(2, &[])], false), "the same set: nothing new");
        assert!(s.reach(7, vec![entry(1, &[])], false), "thread 2 is awake now");
        let (z, only) = s.take(7);
        assert_eq!((z.len(), only), (1, Some(vec![2])));
        assert!(s.reach(7, vec![], false), "thread 1 is awake now too");
        assert_eq!(s.take(7).1, Some(vec![1]));
        assert!(!s.reach(7, vec![entry(1, &[])], false), "nothing asleep any more");
    }
}
