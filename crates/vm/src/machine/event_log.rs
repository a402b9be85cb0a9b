//! The event log of a traced run (a replayed counterexample), bounded in memory.
//!
//! A violation at the end of a loop of 2^27 iterations is a trace of hundreds of millions of
//! source-line events: kept whole, the log and the trace rendered from it need many gigabytes,
//! and the verdict was lost to the memory limit after the violation had been found. Nobody reads
//! such a trace line by line, so the log keeps both ends whole and, in between, only what a
//! counterexample is made of besides locations.
//!
//! Invariants:
//! * the first [`EventLog::HEAD`] events and the last [`EventLog::TAIL`] events are kept as they
//!   were recorded;
//! * in between, every event that is not a location ([`Event::Line`], [`Event::Call`],
//!   [`Event::Return`]) is kept in order: inputs, environment events, output, notes and
//!   uninitialised choices, so witnesses and harnesses see every value the path read;
//! * a `Call` and its `Return` in between are left out only together, and only when nothing
//!   kept lies between them; so the calls that stay are balanced as in the run, and a kept
//!   input still sees the calls it was read in (its input function, its caller);
//! * what was left out is said by one [`Event::LeftOut`] event per compaction, at the place of
//!   the first event it stands for, with the number of events it replaces.
//!
//! Compaction runs when the log has grown by `TAIL` events since the last one, or by as many as
//! that one kept in the middle if that is more (a run that prints in a long loop keeps all its
//! output, and compacting after every `TAIL` events would then be quadratic), so each event is
//! looked at a bounded number of times (amortised constant time per event) and the log holds
//! at most `HEAD + 2 * TAIL` events besides those kept in the middle.

use super::Event;

/// The events of a traced run, with long middles compacted.
#[derive(Clone, Debug, Default)]
pub struct EventLog {
    events: Vec<Event>,
    /// How many events the compactions left out, in all.
    left_out: u64,
    /// The length at which the next compaction runs (0: `HEAD + 2 * TAIL`).
    compact_at: usize,
}

impl EventLog {
    /// Events kept whole at the start of the run.
    pub const HEAD: usize = 200_000;
    /// Events kept whole at the end of the run.
    pub const TAIL: usize = 200_000;

    pub fn new() -> EventLog {
        EventLog::default()
    }

    /// Records an event, compacting the middle when the log has grown to its bound.
    pub fn push(&mut self, e: Event) {
        self.events.push(e);
        if self.events.len() >= self.compact_at.max(Self::HEAD + 2 * Self::TAIL) {
            self.compact(Self::HEAD, Self::TAIL);
            // Room for TAIL more events, or for as many as were kept in the middle if that is
            // more (then the thresholds grow geometrically).
            let kept = self.events.len().saturating_sub(Self::HEAD + Self::TAIL);
            self.compact_at = self.events.len() + kept.max(Self::TAIL);
        }
    }

    pub fn clear(&mut self) {
        self.events.clear();
        self.left_out = 0;
        self.compact_at = 0;
    }

    /// The events, oldest first.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn into_events(self) -> Vec<Event> {
        self.events
    }

    /// How many events were left out in all.
    pub fn left_out(&self) -> u64 {
        self.left_out
    }

    /// Leaves out the location events between the first `head` and the last `tail` events that
    /// the invariants of the module allow to go (earlier compactions' [`Event::LeftOut`] notes
    /// in that range are merged into the new one).
    fn compact(&mut self, head: usize, tail: usize) {
        let end = self.events.len().saturating_sub(tail);
        if end <= head {
            return;
        }
        let middle = &self.events[head..end];
        let keep = kept_in_middle(middle);
        // Events this compaction leaves out, and those earlier notes in the range stood for.
        let (mut dropped, mut noted): (u64, u64) = (0, 0);
        let mut out: Vec<Event> = Vec::with_capacity(head + tail + keep.iter().filter(|k| **k).count() + 1);
        let mut rest = std::mem::take(&mut self.events).into_iter();
        out.extend(rest.by_ref().take(head));
        let mut note_at = None;
        for (e, keep) in rest.by_ref().take(end - head).zip(keep) {
            match e {
                Event::LeftOut { count } => {
                    noted += count;
                    note_at.get_or_insert(out.len());
                }
                _ if keep => out.push(e),
                _ => {
                    dropped += 1;
                    note_at.get_or_insert(out.len());
                }
            }
        }
        if let Some(at) = note_at {
            out.insert(at, Event::LeftOut { count: dropped + noted });
        }
        out.extend(rest);
        self.left_out += dropped;
        self.events = out;
    }
}

/// Which events of `middle` stay: everything but locations, and the calls and returns that
/// enclose something that stays or whose partner is outside `middle`.
fn kept_in_middle(middle: &[Event]) -> Vec<bool> {
    let mut keep: Vec<bool> = middle.iter().map(|e| !is_location(e)).collect();
    // Indices of the open calls of `middle`, innermost last; the first `must_keep` of them
    // enclose something kept.
    let mut open: Vec<usize> = Vec::new();
    let mut must_keep = 0;
    for (i, e) in middle.iter().enumerate() {
        match e {
            Event::Call { .. } => open.push(i),
            Event::Return { .. } => match open.pop() {
                Some(call) => {
                    if open.len() < must_keep {
                        keep[call] = true;
                        keep[i] = true;
                        must_keep = open.len();
                    }
                }
                // Its call is before `middle`: it stays, so the calls stay balanced.
                None => keep[i] = true,
            },
            Event::Line { .. } | Event::LeftOut { .. } => {}
            _ => must_keep = open.len(),
        }
    }
    // Calls that return after `middle` (or never) stay.
    for call in open {
        keep[call] = true;
    }
    keep
}

fn is_location(e: &Event) -> bool {
    matches!(e, Event::Line { .. } | Event::Call { .. } | Event::Return { .. } | Event::LeftOut { .. })
}

#[cfg(test)]
mod tests {
    use super::*;
    use vigil_ir::{FuncId, Loc};

    fn line(n: u32) -> Event {
        Event::Line { func: FuncId(0), loc: Loc { line: n, ..Loc::UNKNOWN } }
    }
    fn call(f: u32) -> Event {
        Event::Call { func: FuncId(f), loc: Loc::UNKNOWN }
    }
    fn ret(f: u32) -> Event {
        Event::Return { func: FuncId(f) }
    }
    fn input(v: i64) -> Event {
        Event::Input { func: FuncId(9), value: v }
    }
    fn log_of(events: Vec<Event>) -> EventLog {
        EventLog { events, left_out: 0, compact_at: 0 }
    }

    #[test]
    fn a_short_log_stays_whole() {
        let evs: Vec<Event> = (0..10).map(line).collect();
        let mut log = log_of(evs.clone());
        log.compact(4, 4);
        assert_eq!(log.events()[..4], evs[..4]);
        assert_eq!(log.events()[5..], evs[6..]);
        assert_eq!(log.events()[4], Event::LeftOut { count: 2 });
        let mut whole = log_of(evs.clone());
        whole.compact(5, 5);
        assert_eq!(whole.events(), &evs[..], "nothing lies between the ends");
        assert_eq!(whole.left_out(), 0);
    }

    #[test]
    fn inputs_in_the_middle_stay_in_order_and_the_ends_are_whole() {
        let mut log = EventLog::new();
        let n = 3 * (EventLog::HEAD + 2 * EventLog::TAIL) as u32;
        let mut expected_inputs = Vec::new();
        for i in 0..n {
            log.push(line(i));
            if i % 100_000 == 7 {
                log.push(input(i64::from(i)));
                expected_inputs.push(i64::from(i));
            }
        }
        let evs = log.events();
        assert!(evs.len() <= EventLog::HEAD + 2 * EventLog::TAIL + expected_inputs.len() + 1);
        // The first HEAD events and the last event are as recorded.
        assert_eq!(evs[0], line(0));
        assert_eq!(evs[8], input(7));
        assert_eq!(*evs.last().unwrap(), line(n - 1));
        let inputs: Vec<i64> = evs.iter().filter_map(|e| if let Event::Input { value, .. } = e { Some(*value) } else { None }).collect();
        assert_eq!(inputs, expected_inputs);
        // One note, and the counts add up.
        let notes: Vec<u64> = evs.iter().filter_map(|e| if let Event::LeftOut { count } = e { Some(*count) } else { None }).collect();
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0], log.left_out());
        let recorded = u64::from(n) + expected_inputs.len() as u64;
        assert_eq!(evs.len() as u64 - 1 + log.left_out(), recorded);
        // The lines among the last TAIL events are the run's last lines, none left out.
        let tail_lines: Vec<u32> = evs[evs.len() - EventLog::TAIL..]
            .iter()
            .filter_map(|e| if let Event::Line { loc, .. } = e { Some(loc.line) } else { None })
            .collect();
        let first = tail_lines[0];
        assert_eq!(tail_lines, (first..n).collect::<Vec<u32>>());
    }

    #[test]
    fn output_at_every_step_is_kept_without_compacting_at_every_event() {
        let mut log = EventLog::new();
        let n = 2 * (EventLog::HEAD + 2 * EventLog::TAIL) as u32;
        let mut compactions = 0;
        for i in 0..n {
            log.push(line(i));
            let before = log.events().len();
            log.push(Event::Trace { kind: 0, text: String::new() });
            if log.events().len() < before + 1 {
                compactions += 1;
            }
        }
        let outputs = log.events().iter().filter(|e| matches!(e, Event::Trace { .. })).count();
        assert_eq!(outputs, n as usize, "every output stays");
        assert!(compactions < 8, "{compactions} compactions for {n} steps");
    }

    #[test]
    fn calls_go_only_in_pairs_that_enclose_nothing_kept() {
        // head: [line 0]; middle: call 1 (empty), call 2 with an input, a return whose call is
        // in the head's part, a call that returns after the middle; tail: [line 99].
        let evs = vec![
            call(5),
            call(1),
            line(1),
            ret(1),
            call(2),
            call(3),
            line(2),
            input(42),
            ret(3),
            call(4),
            line(3),
            ret(4),
            ret(2),
            ret(5),
            call(6),
            line(4),
            line(99),
        ];
        let mut log = log_of(evs);
        log.compact(1, 1);
        assert_eq!(
            log.events(),
            &[
                call(5),
                Event::LeftOut { count: 8 },
                call(2),
                call(3),
                input(42),
                ret(3),
                ret(2),
                ret(5),
                call(6),
                line(99),
            ][..]
        );
        assert_eq!(log.left_out(), 8);
    }

    #[test]
    fn a_second_compaction_merges_the_first_note() {
        let mut log = log_of((0..20).map(line).collect());
        log.compact(2, 2);
        assert_eq!(log.events().len(), 5);
        for i in 20..30 {
            log.events.push(line(i));
        }
        log.compact(2, 2);
        assert_eq!(log.events(), &[line(0), line(1), Event::LeftOut { count: 26 }, line(28), line(29)][..]);
        assert_eq!(log.left_out(), 26);
    }
}
