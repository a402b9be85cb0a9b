//! The explicit engine (DiVM-style VM + state-space search, `vigil-explicit`) as a portfolio
//! member, and the conversion of its replayed traces into [`vigil_report::Evidence`].

use super::{Engine, Outcome};
use crate::verdict::Answer;
use vigil_ir::unknown::{Cause, Unknown};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use vigil_explicit::Step;
use vigil_report::{Access, Evidence, InputValue, SourceLoc};
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

    fn run(&self, cancel: &Arc<AtomicBool>) -> Outcome {
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
        let mut out = Outcome::new(Answer::True);
        out.stats.insert("states".into(), st.states.into());
        out.stats.insert("transitions".into(), st.transitions.into());
        out.stats.insert("instructions".into(), st.instructions.into());
        out.stats.insert("stored_bytes".into(), st.stored_bytes.into());
        if let Some(per_state) = st.stored_bytes.checked_div(st.states) {
            out.stats.insert("bytes_per_state".into(), per_state.into());
        }
        out.stats.insert("search_s".into(), st.time_s.into());
        if st.solver_queries > 0 {
            out.stats.insert("solver_queries".into(), st.solver_queries.into());
            out.stats.insert("solver_cache_hits".into(), st.solver_cache_hits.into());
            out.stats.insert("solver_s".into(), st.solver_time_s.into());
            if st.time_s > 0.0 {
                out.stats.insert("solver_share".into(), (st.solver_time_s / st.time_s).min(1.0).into());
            }
        }
        if let Some(d) = &st.deadlock {
            out.stats.insert("deadlock".into(), d.clone().into());
            out.details.push(format!("warning: {d} (check it with --property no-deadlock)"));
        }
        match verdict {
            vigil_explicit::Verdict::Holds => out.answer = Answer::True,
            vigil_explicit::Verdict::Violated { property, trace, choices, wide_inputs } => {
                out.wide_inputs = wide_inputs;
                out.answer = Answer::False(property.to_string());
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

/// The trace as JSON steps, each with its text line.
pub fn trace_json(trace: &[Step]) -> Vec<serde_json::Value> {
    trace
        .iter()
        .map(|s| {
            let mut j = s.to_json();
            if let Some(o) = j.as_object_mut() {
                o.insert("text".into(), s.to_text().into());
            }
            j
        })
        .collect()
}

/// The inputs of a replayed trace (each located at the call that read it), what else the path
/// read (the runtime's notes: stdin bytes, clock values, …) and its violation.
pub fn evidence(trace: &[Step], violated: &str) -> Evidence {
    let mut ev = Evidence { violated: violated.to_string(), ..Default::default() };
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
            Step::Note { text } => ev.environment.note(text),
            Step::Uninitialised { at, value: None } => ev.environment.uninitialised_branch(at),
            Step::Uninitialised { at, value: Some(_) } => ev.environment.uninitialised_read(at),
            Step::Input { text } => {
                let loc = last_call
                    .as_ref()
                    .filter(|(f, _)| text.trim_start().starts_with(f.as_str()))
                    .map(|(_, l)| l.clone());
                if let Some(v) = InputValue::from_trace_text(text, loc) {
                    ev.inputs.push(v);
                }
            }
            Step::Violation { what, fault, file, line, col } => {
                ev.target = SourceLoc { file: file.clone(), line: *line, column: *col, function: current_function.clone() };
                ev.what = what.clone();
                ev.access = match fault {
                    FaultKind::NullDeref => Some(Access::NullPointer),
                    FaultKind::UseAfterFree => Some(Access::FreedMemory),
                    FaultKind::OutOfBounds => Some(Access::OutOfBounds),
                    FaultKind::InvalidPointer => Some(Access::InvalidPointer),
                    _ => None,
                };
                ev.inside_call = open_call.clone();
            }
            Step::Output { .. } => {}
        }
    }
    ev
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_are_located_at_their_calls() {
        let trace = vec![
            Step::Line { func: "main".into(), file: "p.c".into(), line: 3, col: 5 },
            Step::Call { func: "__VERIFIER_nondet_int".into(), file: "p.c".into(), line: 3, col: 11 },
            Step::Input { text: "__VERIFIER_nondet_int = 7".into() },
            Step::Return { func: "__VERIFIER_nondet_int".into() },
            Step::Input { text: "__VERIFIER_nondet_uchar = 200".into() },
            Step::Line { func: "main".into(), file: "p.c".into(), line: 4, col: 3 },
            Step::Violation { what: "reach_error".into(), fault: FaultKind::Assert, file: "p.c".into(), line: 4, col: 14 },
        ];
        let ev = evidence(&trace, "unreach-call");
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
            Step::Note { text: "stdin: end of input".into() },
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
        let ev = evidence(&trace, "valid-deref");
        assert_eq!(ev.inside_call.as_deref(), Some("strlen"));
        assert_eq!(ev.what, "null pointer dereference");
        assert_eq!(ev.access, Some(Access::NullPointer));
        assert_eq!(ev.environment.stdin.as_deref(), Some(&b"x"[..]));
    }
}
