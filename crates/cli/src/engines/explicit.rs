//! The explicit engine (DiVM-style VM + state-space search, `vigil-explicit`) as a portfolio
//! member, and the conversion of its replayed traces into [`vigil_report::Evidence`].

use super::{Engine, EngineReport};
use crate::verdict::Answer;
use vigil_ir::unknown::{Cause, Unknown};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use vigil_explicit::Step;
use vigil_report::{Access, EnvEvent, Evidence, InputValue, SourceLoc, Subproperty};
use vigil_vm::FaultKind;

pub struct ExplicitEngine {
    /// The program linked with the in-VM runtime (the VM's state is not shared between threads,
    /// so the engine builds its `Program` in its own thread).
    pub module: vigil_ir::Module,
    pub config: vigil_explicit::SearchConfig,
    /// Under no-overflow: the compiler's warning about an overflowing constant expression it
    /// folded (no instruction is left for the VM to check, so `true` would not cover it).
    pub folded_overflow: Option<String>,
    /// At most this many states are explored to confirm another engine's input vector.
    pub confirm_max_states: u64,
}

impl Engine for ExplicitEngine {
    fn name(&self) -> &'static str {
        "explicit"
    }

    fn run(&self, cancel: &Arc<AtomicBool>) -> EngineReport {
        let mut cfg = self.config.clone();
        cfg.cancel = Some(Arc::clone(cancel));
        let program = vigil_vm::Program::new(self.module.clone());
        let (mut verdict, st) = vigil_explicit::check(&program, &cfg);
        if let (vigil_explicit::Verdict::Holds, Some(w)) = (&verdict, &self.folded_overflow) {
            verdict = vigil_explicit::Verdict::Unknown(Unknown::new(
                Cause::FoldedOverflow,
                format!("a constant expression overflows and was folded by the compiler: {w}"),
            ));
        }
        let mut out = EngineReport::new(Answer::True);
        out.stats = super::stats([
            ("states", st.states.into()),
            ("transitions", st.transitions.into()),
            ("instructions", st.instructions.into()),
            ("stored_bytes", st.stored_bytes.into()),
        ]);
        if let Some(per_state) = st.stored_bytes.checked_div(st.states) {
            out.stats.insert("bytes_per_state".into(), per_state.into());
        }
        out.stats.insert("search_s".into(), st.time_s.into());
        if st.solver.queries > 0 {
            let solver_s = st.solver.solver_time.as_secs_f64();
            out.stats.extend(super::stats([
                ("solver_queries", st.solver.queries.into()),
                ("solver_cache_hits", st.solver.cache_hits.into()),
                ("solver_model_hits", st.solver.model_hits.into()),
                ("solver_interval_hits", st.solver.interval_hits.into()),
                ("solver_interval_refutations", st.solver.interval_refutations.into()),
                ("solver_neighbour_hits", st.solver.neighbour_hits.into()),
                ("solver_resets", st.solver.resets.into()),
                ("states_normalised", st.solver.normalised.into()),
                ("states_subsumed", st.subsumed.into()),
                ("branch_sides_undecided", st.solver.undecided.into()),
                ("states_deferred", st.deferred.into()),
                ("states_deferred_refuted", st.deferred_refuted.into()),
                ("solver_s", solver_s.into()),
            ]));
            if st.time_s > 0.0 {
                out.stats.insert("solver_share".into(), (solver_s / st.time_s).min(1.0).into());
            }
        }
        if let Some(d) = &st.deadlock {
            out.stats.insert("deadlock".into(), d.clone().into());
            out.warnings.push(format!("warning: {d} (check it with --property no-deadlock)"));
        }
        // Under explicit.racy=sc the verdict is the sequentially consistent one (README, "Racy
        // programs under the other properties"); say so whenever the program relies on it.
        const SC: &str = "the verdict assumes sequential consistency, which racy C code does not get on x86-64 (store buffers)";
        if let Some(r) = &st.race {
            out.stats.insert("data_race".into(), r.clone().into());
            out.warnings.push(format!("warning: the program has a {r}; {SC} (check it with --property no-data-race)"));
        }
        if let Some(at) = &st.weak_atomic {
            out.warnings.push(format!(
                "warning: an atomic weaker than seq_cst at {at}; the verdict assumes sequential consistency, which such atomics do not get on x86-64 (store buffers)"
            ));
        }
        match verdict {
            vigil_explicit::Verdict::Holds => out.answer = Answer::True,
            vigil_explicit::Verdict::Violated { property, trace, choices, wide_inputs } => {
                out.wide_inputs = wide_inputs;
                out.answer = Answer::False(property);
                out.evidence = Some(evidence(&trace, property));
                out.trace = trace_json(&trace);
                out.choices = Some(choices);
                out.inputs = cfg.vm.inputs.clone();
            }
            vigil_explicit::Verdict::Unknown(r) => out.answer = Answer::Unknown(r),
        }
        out
    }
}

/// Steps of a counterexample shown at each end when it is longer than twice this (the saved
/// counterexample keeps the choices, so `vigil replay` shows every step of the replayed run's
/// event log, which keeps `vigil_vm::machine::EventLog::HEAD`/`TAIL` events at its ends and
/// every input in between; the witness and the harness are made from that log).
pub const TRACE_SHOWN_AT_EACH_END: usize = 5_000;

/// The trace as shown, as JSON steps each with its text line. A trace of millions of steps (deep
/// recursion) is of no use to read and would not fit in memory as JSON values, so in its middle
/// only what the program read, printed or was told (input, output and note steps) stays, after
/// one note saying how many location steps were left out. Both ends, and so the violation, are
/// shown whole.
pub fn trace_json(trace: &[Step]) -> Vec<serde_json::Value> {
    let json = |s: &&Step| {
        let mut j = s.to_json();
        if let Some(o) = j.as_object_mut() {
            o.insert("text".into(), s.to_text().into());
        }
        j
    };
    let shown: Vec<&Step> = trace.iter().filter(|s| s.is_shown()).collect();
    let n = TRACE_SHOWN_AT_EACH_END;
    if shown.len() <= 2 * n {
        return shown.iter().map(json).collect();
    }
    let (head, rest) = shown.split_at(n);
    let (middle, tail) = rest.split_at(rest.len() - n);
    let is_location = |s: &&&Step| matches!(s, Step::Line { .. } | Step::Call { .. } | Step::Return { .. });
    let kept: Vec<&&Step> = middle.iter().filter(|s| !is_location(s)).collect();
    let left_out = middle.len() - kept.len();
    let note = Step::Note {
        text: format!("… {left_out} location steps left out (vigil replay of a saved counterexample shows up to 200,000 events at each end) …"),
    };
    head.iter().chain(std::iter::once(&&note)).chain(kept).chain(tail).map(json).collect()
}

/// What the runtime's environment event `event` (`VM_ENV_*` of `vigil_vm.h`) with `value` is.
fn environment_event(event: u64, value: i64) -> EnvEvent {
    use vigil_runtime::consts as rt;
    match event as i64 {
        rt::VM_ENV_STDIN_BYTE => EnvEvent::StdinByte(value as u8),
        rt::VM_ENV_STDIN_END => EnvEvent::StdinEnd,
        rt::VM_ENV_STDIN_ERROR => EnvEvent::StdinError,
        rt::VM_ENV_TIME => EnvEvent::Clock("time", value),
        rt::VM_ENV_CLOCK => EnvEvent::Clock("clock", value),
        rt::VM_ENV_GETENV_SET => EnvEvent::GetenvSet,
        rt::VM_ENV_ALLOC_FAILURE => EnvEvent::AllocationFailure,
        rt::VM_ENV_GETRANDOM_FAILURE => EnvEvent::GetrandomFailure,
        rt::VM_ENV_FILE_OPENED => EnvEvent::FileOpened,
        rt::VM_ENV_FILE_REFUSED => EnvEvent::FileRefused,
        rt::VM_ENV_FILE_UNKNOWN => EnvEvent::UnknownFileOpened,
        rt::VM_ENV_TTY => EnvEvent::Terminal(value != 0),
        rt::VM_ENV_CLOCK_GETTIME => EnvEvent::ClockGettime,
        rt::VM_ENV_ARGC => EnvEvent::Argc(value),
        _ => EnvEvent::Unknown(event),
    }
}

/// The inputs of a replayed trace (each located at the call that read it), what else the path
/// read (the runtime's environment events: stdin bytes, clock values, …) and its violation.
pub fn evidence(trace: &[Step], violated: Subproperty) -> Evidence {
    let mut ev = Evidence { violated, ..Default::default() };
    // The innermost visible function, to name the violation's function.
    let mut current_function = String::new();
    let mut last_call: Option<(String, SourceLoc)> = None;
    let mut callers: Vec<String> = Vec::new();
    // A call that has neither returned nor shown a source line yet (a library function).
    let mut open_call: Option<String> = None;
    for step in trace {
        match step {
            Step::Line { func, .. } => {
                current_function = func.clone();
                open_call = None;
            }
            Step::Call { func, file, line, col } => {
                let loc = SourceLoc { file: file.clone(), line: *line, column: *col, function: current_function.clone() };
                last_call = Some((func.clone(), loc));
                callers.push(current_function.clone());
                open_call = Some(func.clone());
                ev.environment.call(func);
            }
            Step::Return { .. } => {
                open_call = None;
                if let Some(f) = callers.pop() {
                    current_function = f;
                }
            }
            Step::Environment { event, value } => ev.environment.record(environment_event(*event, *value)),
            Step::Uninitialised { at, value: None } => ev.environment.uninitialised_branch(at),
            Step::Uninitialised { at, value: Some(_) } => ev.environment.uninitialised_read(at),
            Step::Input { function, value } => {
                let loc = last_call.as_ref().filter(|(f, _)| f == function).map(|(_, l)| l.clone());
                ev.inputs.push(InputValue { function: function.clone(), value: *value, loc });
            }
            Step::Violation { what, fault, file, line, col } => {
                ev.target = SourceLoc { file: file.clone(), line: *line, column: *col, function: current_function.clone() };
                ev.what = what.clone();
                ev.access = match fault {
                    FaultKind::NullDeref => Some(Access::NullPointer),
                    FaultKind::UseAfterFree => Some(Access::FreedMemory),
                    FaultKind::OutOfBounds => Some(Access::OutOfBounds),
                    FaultKind::InvalidPointer => Some(Access::InvalidPointer),
                    FaultKind::WriteToConstant => Some(Access::ConstantMemory),
                    _ => None,
                };
                ev.inside_call = open_call.clone();
            }
            // Notes are for people; what the path read comes as environment events.
            Step::Output { .. } | Step::Note { .. } => {}
        }
    }
    ev
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_trace_keeps_both_ends_and_says_what_it_left_out() {
        let step = |i: usize| {
            if i % 1000 == 7 {
                Step::Output { text: format!("{i}") }
            } else {
                Step::Line { func: "main".into(), file: "a.c".into(), line: i as u32, col: 1 }
            }
        };
        let trace: Vec<Step> = (0..25_000).map(step).collect();
        let t = trace_json(&trace);
        let n = TRACE_SHOWN_AT_EACH_END;
        // 15,000 steps in the middle, 15 of them output: those stay.
        assert_eq!(t.len(), 2 * n + 1 + 15);
        assert_eq!(t[0]["line"], 0);
        assert_eq!(t[n]["kind"], "note");
        assert!(t[n]["text"].as_str().unwrap().contains("14985 location steps left out"), "{}", t[n]);
        assert!(t[n + 1..n + 16].iter().all(|s| s["kind"] == "output"));
        assert_eq!(t.last().unwrap()["line"], 24_999);
        let short: Vec<Step> = (0..10).map(|i| step(i * 1000)).collect();
        assert_eq!(trace_json(&short).len(), 10);
    }

    #[test]
    fn inputs_are_located_at_their_calls() {
        let trace = vec![
            Step::Line { func: "main".into(), file: "p.c".into(), line: 3, col: 5 },
            Step::Call { func: "__VERIFIER_nondet_int".into(), file: "p.c".into(), line: 3, col: 11 },
            Step::Input { function: "__VERIFIER_nondet_int".into(), value: 7 },
            Step::Return { func: "__VERIFIER_nondet_int".into() },
            Step::Input { function: "__VERIFIER_nondet_uchar".into(), value: 200 },
            Step::Line { func: "main".into(), file: "p.c".into(), line: 4, col: 3 },
            Step::Violation { what: "reach_error".into(), fault: FaultKind::Assert, file: "p.c".into(), line: 4, col: 14 },
        ];
        let ev = evidence(&trace, Subproperty::UnreachCall);
        assert_eq!(ev.inputs.len(), 2);
        assert_eq!(ev.inputs[0].value, 7);
        let loc = ev.inputs[0].loc.as_ref().unwrap();
        assert_eq!((loc.line, loc.column, loc.function.as_str()), (3, 11, "main"));
        // The second input's call is not in the trace: no location rather than a wrong one.
        assert!(ev.inputs[1].loc.is_none());
        assert_eq!((ev.target.line, ev.target.column, ev.target.function.as_str()), (4, 14, "main"));
        assert_eq!(ev.inside_call, None);
    }

    #[test]
    fn a_violation_inside_a_library_call_and_the_environment() {
        let trace = vec![
            Step::Line { func: "main".into(), file: "p.c".into(), line: 3, col: 5 },
            Step::Call { func: "fgets".into(), file: "p.c".into(), line: 3, col: 11 },
            Step::Note { text: "stdin: byte 120 read".into() },
            Step::Environment { event: vigil_runtime::consts::VM_ENV_STDIN_BYTE as u64, value: 120 },
            Step::Environment { event: vigil_runtime::consts::VM_ENV_STDIN_END as u64, value: -1 },
            // The notes are for people: their text decides nothing.
            Step::Note { text: "stdin: byte 65 read".into() },
            Step::Return { func: "fgets".into() },
            Step::Call { func: "strlen".into(), file: "p.c".into(), line: 4, col: 3 },
            Step::Violation {
                what: "null pointer dereference".into(),
                fault: FaultKind::NullDeref,
                file: "p.c".into(),
                line: 4,
                col: 3,
            },
        ];
        let ev = evidence(&trace, Subproperty::ValidDeref);
        assert_eq!(ev.inside_call.as_deref(), Some("strlen"));
        assert_eq!(ev.what, "null pointer dereference");
        assert_eq!(ev.access, Some(Access::NullPointer));
        assert_eq!(ev.environment.stdin.as_deref(), Some(&b"x"[..]));
    }
}
