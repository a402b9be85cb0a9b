//! Replaying a counterexample on a fresh VM (DESIGN.md: every `false` is replayed before it is
//! reported) and turning the run into a readable trace: source lines with their functions,
//! calls and returns, chosen input values and program output.

use crate::search::Violation;
use vigil_ir::{FuncId, Loc, Module};
use vigil_vm::canon::canonicalize;
use vigil_vm::machine::{env, trace, EventLog};
use vigil_vm::{Choices, Config, Event, FaultKind, Machine, Program, Property, Stop, Subproperty};

/// One step of a counterexample trace, ready for text or JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Line { func: String, file: String, line: u32, col: u32 },
    Call { func: String, file: String, line: u32, col: u32 },
    Return { func: String },
    /// The value an input function (`__VERIFIER_nondet_*`) returned; for `float` and `double`
    /// the value's IEEE bits.
    Input { function: String, value: i128 },
    Output { text: String },
    Note { text: String },
    /// What the path read from the environment: the runtime's `VM_ENV_*` code and its value
    /// (for witnesses and harnesses; not shown, the runtime's note says it for people).
    Environment { event: u64, value: i64 },
    /// An uninitialised value the VM chose: at a branch (`value` None: both ways explored) or at
    /// a read of memory (the value chosen). Shown as a note.
    Uninitialised { at: String, value: Option<String> },
    /// The fault that ends the trace; `what` is its description.
    Violation { what: String, fault: FaultKind, file: String, line: u32, col: u32 },
}

/// Re-executes `v.choices` from the initial state. Returns the trace when the run ends in a fault
/// that violates the same property, or why it did not.
pub fn replay(prog: &Program, vm: &Config, property: Property, v: &Violation) -> Result<Vec<Step>, String> {
    replay_choices(prog, vm, property, v.property, &v.choices)
}

/// Re-executes the given choices (one vector per transition) and confirms that the run violates
/// `expected` (such as `unreach-call` or `valid-memtrack`); returns
/// the trace of the run.
pub fn replay_choices(
    prog: &Program,
    vm: &Config,
    property: Property,
    expected: Subproperty,
    choices: &[Vec<u32>],
) -> Result<Vec<Step>, String> {
    let mut m = Machine::boot(prog, vm.clone())?;
    m.events = Some(EventLog::new());
    let n = choices.len();
    let mut found: Option<(FaultKind, Loc)> = None;
    // The previous transition's thread and visible accesses (data races).
    let mut previous: Option<(Option<u64>, Vec<vigil_vm::machine::Access>)> = None;
    let mut race_note = None;
    for (k, cs) in choices.iter().enumerate() {
        let root = m.state.root;
        let out = m.run_transition(Choices::forced(cs.clone()));
        let last = k + 1 == n;
        if expected == Subproperty::NoDataRace && last {
            // A race: this transition's action and the previous one's, by another thread, race
            // (crate::race). Whatever the thread does after its access does not matter.
            if let (Some((Some(a), acc)), Some(b)) = (&previous, m.thread_slot()) {
                if let Some((x, y)) = crate::race::racing_pair(prog, root, (*a, acc), (b, &m.accesses)) {
                    race_note = Some(crate::race::describe(prog, &x, &y));
                    found = Some((FaultKind::DataRace, y.loc));
                }
            }
            if m.choices.taken.len() != cs.len() {
                return Err(format!("replay diverged at transition {k}: different number of choices"));
            }
            break;
        }
        previous = Some((m.thread_slot(), m.accesses.clone()));
        match (&out.stop, last) {
            (Stop::Fault { kind, loc, .. }, true) if kind.violates(property) == Some(expected) => {
                // A deadlock is found by the scheduler, outside the program's code: it is shown
                // where the program was last (where the last thread began to wait).
                let at = if *kind == FaultKind::Deadlock && !loc.is_known() { m.last_loc } else { *loc };
                found = Some((kind.clone(), at));
            }
            (Stop::Interrupt | Stop::Exit, true) if FaultKind::Leak.violates(property) == Some(expected) => {
                m.scrub_dead_registers();
                let canon = canonicalize(&m.state, prog.module.globals.len() as u32);
                if crate::search::memory_lost(property, &m.state, &canon, out.stop == Stop::Exit) {
                    found = Some((FaultKind::Leak, m.last_loc));
                }
            }
            (Stop::Interrupt, false) => {}
            (other, _) => return Err(format!("replay diverged at transition {k}: {other:?}")),
        }
        // The recorded choices must be exactly the ones the run asked for.
        if m.choices.taken.len() != cs.len() {
            return Err(format!("replay diverged at transition {k}: different number of choices"));
        }
    }
    let Some((fault, loc)) = found else {
        return Err("replay did not reach the violation".into());
    };
    let mut events = m.events.take().map(EventLog::into_events).unwrap_or_default();
    if let Some(text) = race_note {
        events.push(Event::Trace { kind: trace::INFO, text });
    }
    Ok(render(&prog.module, &events, &fault, loc))
}

fn file_of(m: &Module, loc: Loc) -> String {
    loc.file.and_then(|f| m.files.get(f.index()).cloned()).unwrap_or_else(|| m.source_file.clone())
}

fn name(m: &Module, f: FuncId) -> String {
    m.function(f).name.clone()
}

/// The input step of a value `value` (its bits, sign-extended for a signed type) that the call
/// of `func` returned; the function's type (`vigil_ir::svcomp::NONDET`) says how to read it.
fn input_step(m: &Module, func: Option<FuncId>, value: i64) -> Step {
    let name = func.map(|f| vigil_ir::svcomp::source_name(&m.function(f).name).to_string());
    let signed = name.as_deref().and_then(vigil_ir::svcomp::nondet_function).is_none_or(|n| n.signed);
    let value = if signed { i128::from(value) } else { i128::from(value as u64) };
    Step::Input { function: name.unwrap_or_else(|| "(input)".into()), value }
}

fn render(m: &Module, events: &[Event], fault: &FaultKind, loc: Loc) -> Vec<Step> {
    let mut steps = Vec::new();
    // Calls made from code without locations (vigil's runtime) are internal: neither they nor
    // their returns are shown. `shown` has one entry per active call.
    let mut shown: Vec<bool> = Vec::new();
    // The thread that ran last (main runs first) and the active calls, innermost last.
    let mut last_thread = 0;
    let mut stack: Vec<FuncId> = Vec::new();
    for e in events {
        match e {
            Event::Line { func, loc } => {
                // Functions of vigil's runtime are shown as one call, not line by line.
                if !m.function(*func).runtime {
                    steps.push(Step::Line { func: name(m, *func), file: file_of(m, *loc), line: loc.line, col: loc.col });
                }
            }
            Event::Call { func, loc } => {
                stack.push(*func);
                let visible = loc.is_known() && !shown.contains(&false);
                shown.push(visible);
                if visible {
                    steps.push(Step::Call { func: name(m, *func), file: file_of(m, *loc), line: loc.line, col: loc.col });
                }
            }
            Event::Return { func } => {
                stack.pop();
                if shown.pop().unwrap_or(true) {
                    steps.push(Step::Return { func: name(m, *func) });
                }
            }
            Event::Trace { kind: trace::TEXT, text } => steps.push(Step::Output { text: text.clone() }),
            Event::Trace { text, .. } => steps.push(Step::Note { text: text.clone() }),
            Event::Input { func, value } => steps.push(input_step(m, Some(*func), *value)),
            // The runtime's input: its function is the innermost nondet function called.
            Event::Environment { event: env::NONDET, value } => {
                let func = stack.iter().rev().find(|f| vigil_ir::svcomp::nondet_function(vigil_ir::svcomp::source_name(&m.function(**f).name)).is_some());
                steps.push(input_step(m, func.copied(), *value));
            }
            // The scheduler says which thread it picks in every transition; only a switch is
            // shown.
            Event::Environment { event: env::THREAD, value } => {
                if *value != last_thread {
                    last_thread = *value;
                    steps.push(Step::Note { text: format!("thread {value} runs") });
                }
            }
            Event::Environment { event, value } => steps.push(Step::Environment { event: *event, value: *value }),
            Event::UndefBranch { loc } => steps.push(Step::Uninitialised { at: m.describe_loc(*loc), value: None }),
            Event::UndefRead { loc, value } => {
                steps.push(Step::Uninitialised { at: m.describe_loc(*loc), value: Some(value.to_string()) })
            }
            Event::LeftOut { count } => steps.push(Step::Note {
                text: format!("… {count} location steps left out (a trace this long is kept whole only at its ends) …"),
            }),
        }
    }
    let what = fault.to_string();
    steps.push(Step::Violation { what, fault: fault.clone(), file: file_of(m, loc), line: loc.line, col: loc.col });
    steps
}

impl Step {
    /// Is the step shown in traces? (Environment events are data for tools only.)
    pub fn is_shown(&self) -> bool {
        !matches!(self, Step::Environment { .. })
    }

    /// One line of text.
    pub fn to_text(&self) -> String {
        match self {
            Step::Line { func, file, line, col } => format!("  {file}:{line}:{col}  in {func}"),
            Step::Call { func, file, line, .. } => format!("  {file}:{line}  call {func}"),
            Step::Return { func } => format!("  return from {func}"),
            Step::Input { function, value } => format!("  input: {function} = {value}"),
            Step::Output { text } => format!("  output: {}", text.trim_end()),
            Step::Note { text } => format!("  note: {text}"),
            Step::Environment { event, value } => format!("  environment: event {event}, value {value}"),
            Step::Uninitialised { .. } => format!("  note: {}", self.note_text()),
            Step::Violation { what, file, line, col, .. } => format!("  VIOLATION: {what} at {file}:{line}:{col}"),
        }
    }

    /// As a JSON value.
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::json;
        match self {
            Step::Line { func, file, line, col } => json!({"kind": "line", "function": func, "file": file, "line": line, "column": col}),
            Step::Call { func, file, line, col } => json!({"kind": "call", "function": func, "file": file, "line": line, "column": col}),
            Step::Return { func } => json!({"kind": "return", "function": func}),
            Step::Input { function, value } => {
                json!({"kind": "input", "function": function, "value": format!("{function} = {value}")})
            }
            Step::Output { text } => json!({"kind": "output", "text": text}),
            Step::Note { text } => json!({"kind": "note", "text": text}),
            Step::Environment { event, value } => json!({"kind": "environment", "event": event, "value": value}),
            Step::Uninitialised { .. } => json!({"kind": "note", "text": self.note_text()}),
            Step::Violation { what, file, line, col, .. } => {
                json!({"kind": "violation", "what": what, "file": file, "line": line, "column": col})
            }
        }
    }

    /// The text of a step shown as a note.
    fn note_text(&self) -> String {
        match self {
            Step::Note { text } => text.clone(),
            Step::Uninitialised { at, value: None } => format!("branch on an uninitialised value at {at} (both ways explored)"),
            Step::Uninitialised { at, value: Some(v) } => format!("uninitialised memory read at {at}: value {v} chosen"),
            _ => String::new(),
        }
    }
}
