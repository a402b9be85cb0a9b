//! Session recording: one solver's whole incremental session written as one SMT-LIB 2 script
//! (`vigil check --dump-sessions DIR`), so that `vigil smt` and `vigil tune` can replay exactly
//! the sequence of calls an engine made (issue #19: the engines' cost is the incremental session,
//! not its queries one by one).
//!
//! Format: a `; vigil session: ORIGIN` header, `(set-logic QF_BV)`, the engine's own solver
//! settings as `(set-option :vigil-engine-conflict-limit N)` and
//! `(set-option :vigil-engine-model-cache N)` (a configuration given to `vigil smt` overrides
//! them, as a class configuration overrides the engine's built-in values), then every
//! `assert`, `push`, `pop` and check in the order the engine made them. A check is
//! `(check-sat-assuming (T...))` over named assumption terms followed by the comment
//! `; engine: ANSWER` (the engine's answer; `unknown` when its budget ran out). Each term node is
//! defined (`define-fun`) once, just before the first command that needs it, and again only if a
//! `pop` removed its definition.
//!
//! Invariants: recording never changes the solver's behaviour; write errors stop the recording
//! silently (a dump is a by-product and must not change the analysis); every command is written
//! whole before the next solver call returns, so a run stopped from outside leaves a script that
//! ends at a command boundary.

use std::io::Write;
use std::path::Path;

use crate::smtlib::printer::DagPrinter;
use crate::solver::CheckResult;
use crate::term::{TermId, TermManager};

/// An open session script.
pub struct SessionLog {
    file: Option<std::fs::File>,
    printer: DagPrinter,
    /// Terms named at each open push level (level 0 first), forgotten when it is popped.
    named: Vec<Vec<TermId>>,
}

impl SessionLog {
    /// Creates `path` (and its directory) and writes the header. None if the file cannot be
    /// created.
    pub fn create(path: &Path, origin: &str, conflict_limit: Option<u64>, model_cache: usize) -> Option<SessionLog> {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let file = std::fs::File::create(path).ok()?;
        let mut log = SessionLog { file: Some(file), printer: DagPrinter::new(), named: vec![Vec::new()] };
        let mut s = format!("; vigil session: {origin}\n(set-logic QF_BV)\n");
        if let Some(n) = conflict_limit {
            s.push_str(&format!("(set-option :vigil-engine-conflict-limit {n})\n"));
        }
        s.push_str(&format!("(set-option :vigil-engine-model-cache {model_cache})\n"));
        log.write(&s);
        Some(log)
    }

    fn write(&mut self, s: &str) {
        if let Some(f) = &mut self.file {
            if f.write_all(s.as_bytes()).is_err() {
                self.file = None;
            }
        }
    }

    /// Definitions of the not yet named nodes of `roots`, into `s`.
    fn define(&mut self, tm: &TermManager, roots: &[TermId], s: &mut String) {
        let named = self.printer.define(tm, roots, s);
        if let Some(level) = self.named.last_mut() {
            level.extend(named);
        }
    }

    pub fn assert(&mut self, tm: &TermManager, t: TermId) {
        let mut s = String::new();
        self.define(tm, &[t], &mut s);
        s.push_str(&format!("(assert {})\n", self.printer.name(tm, t)));
        self.write(&s);
    }

    pub fn push(&mut self) {
        self.named.push(Vec::new());
        self.write("(push 1)\n");
    }

    pub fn pop(&mut self) {
        if self.named.len() > 1 {
            let gone = self.named.pop().unwrap_or_default();
            self.printer.forget(&gone);
        }
        self.write("(pop 1)\n");
    }

    pub fn check(&mut self, tm: &TermManager, assumptions: &[TermId], answer: CheckResult) {
        let mut s = String::new();
        self.define(tm, assumptions, &mut s);
        let names: Vec<String> = assumptions.iter().map(|&a| self.printer.name(tm, a)).collect();
        let answer = match answer {
            CheckResult::Sat => "sat",
            CheckResult::Unsat => "unsat",
            CheckResult::Unknown => "unknown",
        };
        s.push_str(&format!("(check-sat-assuming ({}))\n; engine: {answer}\n", names.join(" ")));
        self.write(&s);
    }
}
