//! Data races in the interleaving search (README, "Threads").
//!
//! Definition implemented: two accesses to overlapping bytes of one object, made by different
//! threads, at least one a write, not both atomic, that can happen at the same time. In the
//! search, "at the same time" is a state from which both threads' next visible actions are such
//! accesses: both are enabled there, so either can run first and the other right after it (the
//! VM cuts a transition *before* a thread's second visible action, so the accesses a transition
//! records are the running thread's next action in the state it starts from; see
//! `vigil_vm::machine::sharing`). Atomic instructions and every access inside an atomic section
//! (`__VERIFIER_atomic_*`, `__VERIFIER_atomic_begin/end`, the runtime's own sections) are atomic.
//! The OS's scheduler state and the runtime's own globals are not the program's memory and are
//! left out.
//!
//! Invariant: a race is reported only with a schedule — the path to the state, then one
//! thread's transition, then the other's — whose last two transitions the replay re-runs and
//! finds racing ([`racing_pair`]).

use vigil_vm::machine::Access;
use vigil_vm::{Choices, Machine, Program, State, Stop};

/// The first visible action of one transition from a state.
#[derive(Clone, Debug)]
pub struct Action {
    /// The running thread (`Machine::thread_slot`).
    pub thread: u64,
    pub accesses: Vec<Access>,
    pub choices: Vec<u32>,
}

/// Whether races on `obj` are the program's: not the scheduler state `root`, not a runtime
/// global (objects 1..=G are the globals, in order).
pub fn program_object(prog: &Program, root: u32, obj: u32) -> bool {
    obj != root && !(obj >= 1 && prog.runtime_globals.get(obj as usize - 1).copied().unwrap_or(false))
}

/// A racing pair of accesses of `a` and `b` (different threads), if any.
pub fn racing_pair(prog: &Program, root: u32, a: (u64, &[Access]), b: (u64, &[Access])) -> Option<(Access, Access)> {
    if a.0 == b.0 {
        return None;
    }
    for x in a.1 {
        for y in b.1 {
            if x.races_with(y) && program_object(prog, root, x.obj) {
                return Some((*x, *y));
            }
        }
    }
    None
}

/// Two actions from one state that race: their indices.
pub fn find(prog: &Program, root: u32, actions: &[Action]) -> Option<(usize, usize)> {
    for i in 0..actions.len() {
        for j in i + 1..actions.len() {
            let (a, b) = (&actions[i], &actions[j]);
            if racing_pair(prog, root, (a.thread, &a.accesses), (b.thread, &b.accesses)).is_some() {
                return Some((i, j));
            }
        }
    }
    None
}

/// The choices of the two transitions that run `first`, then the other racing thread, from
/// `state`: `first`'s own choices and those of a transition of `second`'s thread from the state
/// after it whose action races with `first`'s. None when `first` does not end in a state (it ends
/// the program, for instance): the caller then tries the other order.
pub fn schedule(m: &mut Machine, prog: &Program, state: &State, first: &Action, second: &Action) -> Option<(Vec<u32>, Vec<u32>)> {
    m.reset(state.clone());
    let out = m.run_transition(Choices::forced(first.choices.clone()));
    if out.stop != Stop::Interrupt || m.accesses != first.accesses {
        return None;
    }
    let after = m.state.clone();
    let mut forced: Vec<u32> = Vec::new();
    for _ in 0..10_000 {
        m.reset(after.clone());
        m.run_transition(Choices::forced(forced.clone()));
        let taken = std::mem::take(&mut m.choices.taken);
        if let Some(t) = m.thread_slot() {
            if t == second.thread && racing_pair(prog, after.root, (first.thread, &first.accesses), (t, &m.accesses)).is_some() {
                return Some((first.choices.clone(), taken.iter().map(|(c, _)| *c).collect()));
            }
        }
        forced = crate::search::next_choices(&taken)?;
    }
    None
}

/// Describes a race for the report.
pub fn describe(prog: &Program, a: &Access, b: &Access) -> String {
    let what = |x: &Access| {
        format!(
            "{}{} at {}",
            if x.atomic { "atomic " } else { "" },
            if x.write { "write" } else { "read" },
            prog.module.describe_loc(x.loc)
        )
    };
    format!("data race: {} and {} (bytes {}..{} of one object)", what(a), what(b), b.off, b.off + b.size)
}
