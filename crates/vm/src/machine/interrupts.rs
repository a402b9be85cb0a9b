//! Where a transition ends (DiVM §4.3, §6.1): interrupt points on control flow (`cfl`: loop
//! headers chosen by the loader, entries of recursive functions, explicit
//! `__vm_interrupt_cfl()`), and visible actions when the program has several threads (accesses at
//! the loader's `interrupt_mem` points to shared objects, see `sharing`; entering an atomic
//! section; ending the process).
//!
//! Invariants, written once here and used at every site: interrupts fire only while a thread runs
//! and the runtime's trace-only code does not ([`Machine::interruptible`]); a transition makes at
//! most one visible action outside atomic sections; a `cfl` point ends the transition when it is
//! passed again after a choice, or for the [`DETERMINISTIC_PASSES`]th time, so every infinite
//! run is cut and finite loops end in a visited state; a thread's second choice in one transition
//! (an input, a fork on a symbolic condition) ends it, outside atomic sections. The transition
//! ends *before* the action, which runs again at the start of the next transition.

use super::*;

impl Machine<'_> {
    /// Whether interrupt points can end the transition now: a thread runs (not the OS's boot or
    /// scheduler) and not the runtime's trace-only code (see `ctl::TRACING`).
    #[inline]
    pub(super) fn interruptible(&self) -> bool {
        self.in_thread && self.quiet.is_none()
    }

    /// Whether visible actions count: [`Self::interruptible`] with several threads.
    #[inline]
    pub(super) fn threaded(&self) -> bool {
        self.state.flags & flags::THREADED != 0 && self.interruptible()
    }

    /// A visible memory access is about to happen: does the transition end before it? It does
    /// when this transition already made a visible action, outside atomic sections (inside one
    /// the access is part of the section's one visible action; entering a section is itself a
    /// visible action, see [`Self::visible_action`]).
    #[inline]
    pub(super) fn visible_access(&mut self) -> bool {
        if !self.threaded() {
            return false;
        }
        let interrupt = self.visible_done && self.state.flags & flags::ATOMIC == 0;
        self.visible_done = true;
        interrupt
    }

    /// Before a visible action that is not a memory access (entering an atomic section, ending
    /// the process): does the transition end before it, because it already made one? Other
    /// threads may then run in between.
    #[inline]
    pub(super) fn visible_action(&self) -> bool {
        self.visible_done && self.threaded()
    }

    /// A choice is about to be made (an input's value, a fork on a symbolic condition): does
    /// the transition end before it, because the running thread already chose once in it? Then
    /// the state after the first choice is stored, and values chosen and already dead merge in
    /// the visited set instead of multiplying the successors: k choices in a row cost k·n runs,
    /// not nᵏ. Inside an atomic section the choices stay in one transition.
    #[inline]
    pub(super) fn second_choice_ends_transition(&self) -> bool {
        self.interruptible() && self.choices.taken.len() > self.choice_base && self.state.flags & flags::ATOMIC == 0
    }

    /// Passing an interrupt point: does the transition end here? It does when the point was
    /// already passed in this transition and either a choice was made since then (storing the
    /// state lets equal states merge) or it was passed [`DETERMINISTIC_PASSES`] times (so that
    /// every infinite run is cut infinitely often, and finite-state loops end in a visited state).
    pub(super) fn interrupt(&mut self, key: (u32, u32)) -> bool {
        if !self.interruptible() {
            return false;
        }
        let choices = self.choices.taken.len();
        match self.passed.get_mut(&key) {
            None => {
                self.passed.insert(key, (choices, 1));
                false
            }
            Some((last, passes)) => {
                *passes += 1;
                let cut = choices > *last || *passes >= DETERMINISTIC_PASSES;
                *last = choices;
                cut
            }
        }
    }

    /// How often the interrupt point `key` was passed in this transition.
    pub(super) fn passes(&self, key: (u32, u32)) -> u32 {
        self.passed.get(&key).map_or(0, |(_, n)| *n)
    }

    /// Makes the next pass of the interrupt point `key` (already passed) end the transition, as
    /// if it had been passed [`DETERMINISTIC_PASSES`] times: after a fast run of a loop that did
    /// not leave it (`fastloop`), which stands for many passes.
    pub(super) fn end_at_next_pass(&mut self, key: (u32, u32)) {
        if let Some((_, passes)) = self.passed.get_mut(&key) {
            *passes = (*passes).max(DETERMINISTIC_PASSES - 1);
        }
    }
}
