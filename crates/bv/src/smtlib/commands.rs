//! Execution of SMT-LIB commands against the incremental [`Solver`].
//!
//! Invariants: a `Session` owns one term manager, one solver and one symbol environment;
//! `push`/`pop` scope both assertions (in the solver) and declarations (in the environment);
//! every response is written to the output as soon as it is known; an error in one command is
//! reported as `(error "line L column C: …")` and execution continues with the next command
//! (SMT-LIB 2.6 `:error-behavior continued-execution`; the failed command has no effect).
//!
//! Errors never lead to a wrong answer: a failed command that would have changed the assertion
//! stack (`set-logic`, a declaration or definition, `assert`, `push`/`pop`, an unsupported
//! command) is recorded as *lost* at its scope level. While a lost command is in scope, the
//! assertions the solver holds are a subset of the script's, so `check-sat` still answers
//! `unsat` (a subset that is unsatisfiable stays so with more assertions) but answers `unknown`
//! instead of `sat` (`:reason-unknown` is then `incomplete`), and says why on the diagnostic
//! output channel (`:diagnostic-output-channel`, stderr by default). Popping the scope of a lost
//! command, `reset-assertions` (for lost assertions and declarations) and `reset` forget it.

use std::io::Write;
use std::time::Instant;

use super::fp::{SmtSort, Typed};
use super::parser::{parse_sort, symbol_text, Binding, Elaborator, Env, Reader, SExpr};
use super::{SmtCliOptions, SmtError};
use crate::config::SolverConfig;
use crate::eval::Value;
use crate::solver::{CheckResult, Solver};
use crate::sort::Sort;
use crate::term::{TermId, TermManager};

use super::lexer::Tok;

/// Whether to go on after a command.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Exit,
}

/// State of one SMT-LIB script run.
pub struct Session {
    config: SolverConfig,
    tm: TermManager,
    solver: Solver,
    env: Env,
    /// Declared constants in declaration order, for `get-model`.
    declared: Vec<(String, Typed)>,
    logic: Option<String>,
    print_success: bool,
    last: Option<CheckResult>,
    /// The answer of every check of the run, in order (what was printed, typed).
    answers: Vec<CheckResult>,
    /// Assumptions of the last `check-sat-assuming`, as written and as terms.
    last_assumptions: Vec<(SExpr, TermId)>,
    deadline: Option<Instant>,
    opts: SmtCliOptions,
    had_error: bool,
    /// Failed commands whose effect on the assertion stack is missing (see the module doc).
    lost: Vec<Lost>,
    /// Whether the last `unknown` came from a lost command (else from resource limits).
    unknown_from_lost: bool,
    diagnostics: Diagnostics,
    /// An engine's own conflict limit and model cache size, from a session script
    /// (`:vigil-engine-conflict-limit`, `:vigil-engine-model-cache`; `crate::session_log`); the
    /// configuration's values win, as a class configuration does in the engine.
    engine_conflict_limit: Option<u64>,
    engine_model_cache: Option<usize>,
}

/// A failed command that would have changed the assertion stack.
#[derive(Clone, Debug)]
struct Lost {
    /// The scope level it was issued at; None when no pop or reset-assertions undoes it
    /// (`set-logic`, a failed `push`/`pop`, an unknown command).
    level: Option<usize>,
    what: String,
}

/// Where diagnostic output goes (`:diagnostic-output-channel`).
enum Diagnostics {
    Stderr,
    Stdout,
    File(std::fs::File),
}

/// Commands that cannot change the assertion stack: their failure loses nothing.
const STATELESS_COMMANDS: [&str; 12] = [
    "set-info", "set-option", "get-info", "get-option", "get-model", "get-value", "get-assignment", "get-assertions",
    "get-proof", "get-unsat-core", "get-unsat-assumptions", "echo",
];

fn quote(s: &str) -> String {
    s.replace('"', "\"\"")
}

impl Session {
    pub fn new(opts: &SmtCliOptions) -> Self {
        let config = opts.config.clone();
        let deadline = opts.timeout.map(|d| Instant::now() + d);
        let mut s = Session {
            tm: TermManager::with_rewrite_config(config.rewrite),
            solver: Solver::with_config(config.clone()),
            config,
            env: Env::default(),
            declared: Vec::new(),
            logic: None,
            print_success: false,
            last: None,
            answers: Vec::new(),
            last_assumptions: Vec::new(),
            deadline,
            opts: opts.clone(),
            had_error: false,
            lost: Vec::new(),
            unknown_from_lost: false,
            diagnostics: Diagnostics::Stderr,
            engine_conflict_limit: None,
            engine_model_cache: None,
        };
        s.configure_solver();
        s
    }

    fn configure_solver(&mut self) {
        if let (None, Some(n)) = (self.config.conflict_limit, self.engine_conflict_limit) {
            self.solver.set_conflict_limit(Some(n));
        }
        if let (None, Some(n)) = (self.config.model_cache, self.engine_model_cache) {
            self.solver.set_model_cache(n);
        }
        if self.deadline.is_some() {
            self.solver.set_deadline(self.deadline);
        }
        if let Some(f) = &self.opts.interrupt {
            self.solver.set_interrupt(f.clone());
        }
    }

    /// The answers of the checks run so far (`check-sat`, `check-sat-assuming`), in order.
    pub fn answers(&self) -> &[CheckResult] {
        &self.answers
    }

    /// Runs a whole script; returns 0, or 1 if any command failed.
    pub fn run(&mut self, src: &str, out: &mut dyn Write) -> i32 {
        let mut reader = Reader::new(src);
        loop {
            let cmd = match reader.next_command() {
                Ok(Some(c)) => c,
                Ok(None) => break,
                Err(e) => {
                    // After a lexical or bracketing error the rest cannot be read reliably.
                    self.error(out, &e);
                    break;
                }
            };
            match self.execute(&cmd, out) {
                Ok(Flow::Continue) => {}
                Ok(Flow::Exit) => break,
                Err(e) => {
                    self.error(out, &e);
                    self.note_lost(&cmd, &e);
                }
            }
        }
        if self.opts.stats {
            let s = self.solver.stats();
            let _ = writeln!(
                out,
                ";; stats: terms {} aig-nodes {} sat-vars {} clauses {} checks {}",
                self.tm.num_terms(),
                s.aig_nodes,
                s.sat_vars,
                s.clauses,
                s.checks
            );
        }
        i32::from(self.had_error)
    }

    fn error(&mut self, out: &mut dyn Write, e: &SmtError) {
        self.had_error = true;
        let _ = writeln!(out, "(error \"{}\")", quote(&e.to_string()));
    }

    /// Records a failed command's missing effect, unless the command cannot have one.
    fn note_lost(&mut self, cmd: &SExpr, e: &SmtError) {
        let name = cmd.list().and_then(|items| items.first()).and_then(|h| h.symbol()).unwrap_or("?");
        if STATELESS_COMMANDS.contains(&name) || matches!(name, "check-sat" | "check-sat-assuming" | "exit") {
            return;
        }
        let scoped = matches!(name, "declare-const" | "declare-fun" | "define-fun" | "assert");
        let level = scoped.then(|| self.solver.level());
        self.lost.push(Lost { level, what: format!("{name} failed ({e})") });
    }

    fn diagnostic(&mut self, out: &mut dyn Write, text: &str) {
        let line = format!("; {text}\n");
        let _ = match &mut self.diagnostics {
            Diagnostics::Stderr => std::io::stderr().write_all(line.as_bytes()),
            Diagnostics::Stdout => out.write_all(line.as_bytes()),
            Diagnostics::File(f) => f.write_all(line.as_bytes()),
        };
    }

    fn success(&self, out: &mut dyn Write) {
        if self.print_success {
            let _ = writeln!(out, "success");
        }
    }

    fn elab(&mut self, e: &SExpr) -> Result<Typed, SmtError> {
        Elaborator::new(&mut self.tm, &mut self.env).term(e)
    }

    fn bool_term(&mut self, e: &SExpr) -> Result<TermId, SmtError> {
        let t = self.elab(e)?;
        if t.s != SmtSort::Core(Sort::Bool) {
            return Err(SmtError::at(e.pos(), format!("expected a Bool term, got sort {}", t.s)));
        }
        Ok(t.t)
    }

    fn execute(&mut self, cmd: &SExpr, out: &mut dyn Write) -> Result<Flow, SmtError> {
        let p = cmd.pos();
        let items = cmd.list().ok_or_else(|| SmtError::at(p, "expected a command in parentheses"))?;
        let name = items.first().and_then(|h| h.symbol()).ok_or_else(|| SmtError::at(p, "expected a command name"))?;
        let args = &items[1..];
        let arity = |n: usize| -> Result<(), SmtError> {
            if args.len() != n {
                Err(SmtError::at(p, format!("{name} expects {n} argument(s), got {}", args.len())))
            } else {
                Ok(())
            }
        };
        match name {
            "set-logic" => {
                arity(1)?;
                let l = args[0].symbol().ok_or_else(|| SmtError::at(args[0].pos(), "expected a logic name"))?;
                if self.logic.is_some() {
                    return Err(SmtError::at(p, "logic already set"));
                }
                if !matches!(l, "QF_BV" | "QF_CORE" | "QF_FP" | "QF_BVFP" | "QF_FPBV" | "ALL") {
                    return Err(SmtError::at(args[0].pos(), format!("unsupported logic {l} (supported: QF_BV, QF_FP, QF_BVFP)")));
                }
                self.logic = Some(l.to_string());
                self.success(out);
            }
            "set-info" => self.success(out),
            "set-option" => {
                let key = match args.first() {
                    Some(SExpr::Atom(Tok::Keyword(k), _)) => k.as_str(),
                    _ => return Err(SmtError::at(p, "set-option expects a keyword")),
                };
                let val = args.get(1).and_then(|v| v.symbol());
                match key {
                    ":print-success" => {
                        self.print_success = match val {
                            Some("true") => true,
                            Some("false") => false,
                            _ => return Err(SmtError::at(p, ":print-success expects true or false")),
                        };
                        self.success(out);
                    }
                    ":diagnostic-output-channel" => {
                        let channel = match args.get(1) {
                            Some(SExpr::Atom(Tok::Str(c), _)) => c.as_str(),
                            _ => return Err(SmtError::at(p, ":diagnostic-output-channel expects a string")),
                        };
                        self.diagnostics = match channel {
                            "stderr" => Diagnostics::Stderr,
                            "stdout" => Diagnostics::Stdout,
                            file => Diagnostics::File(
                                std::fs::OpenOptions::new()
                                    .create(true)
                                    .append(true)
                                    .open(file)
                                    .map_err(|e| SmtError::at(p, format!("cannot open {file}: {e}")))?,
                            ),
                        };
                        self.success(out);
                    }
                    ":vigil-engine-conflict-limit" | ":vigil-engine-model-cache" => {
                        let n = args.get(1).and_then(|v| v.numeral()).ok_or_else(|| SmtError::at(p, format!("{key} expects a numeral")))?;
                        if key == ":vigil-engine-conflict-limit" {
                            self.engine_conflict_limit = Some(u64::from(n));
                        } else {
                            self.engine_model_cache = Some((n as usize).min(1024));
                        }
                        self.configure_solver();
                        self.success(out);
                    }
                    ":produce-models" | ":produce-assignments" | ":produce-unsat-assumptions" | ":global-declarations"
                        if val == Some("false") || key != ":global-declarations" =>
                    {
                        self.success(out)
                    }
                    _ => {
                        let _ = writeln!(out, "unsupported");
                    }
                }
            }
            "get-info" => {
                let key = match args.first() {
                    Some(SExpr::Atom(Tok::Keyword(k), _)) => k.as_str(),
                    _ => return Err(SmtError::at(p, "get-info expects a keyword")),
                };
                match key {
                    ":name" => {
                        let _ = writeln!(out, "(:name \"vigil\")");
                    }
                    ":version" => {
                        let _ = writeln!(out, "(:version \"{}\")", env!("CARGO_PKG_VERSION"));
                    }
                    ":reason-unknown" => {
                        if self.last != Some(CheckResult::Unknown) {
                            return Err(SmtError::at(p, ":reason-unknown requires a preceding unknown answer"));
                        }
                        let why = if self.unknown_from_lost { "incomplete" } else { "resourceout" };
                        let _ = writeln!(out, "(:reason-unknown {why})");
                    }
                    ":error-behavior" => {
                        let _ = writeln!(out, "(:error-behavior continued-execution)");
                    }
                    _ => {
                        let _ = writeln!(out, "unsupported");
                    }
                }
            }
            "declare-const" | "declare-fun" => {
                let (sym, sort_e) = match (name, args) {
                    ("declare-const", [s, so]) => (s, so),
                    ("declare-fun", [s, params, so]) => {
                        if params.list().map(|l| !l.is_empty()).unwrap_or(true) {
                            return Err(SmtError::at(params.pos(), "uninterpreted functions with arguments are not supported (QF_BV)"));
                        }
                        (s, so)
                    }
                    _ => return Err(SmtError::at(p, format!("malformed {name}"))),
                };
                let n = sym.symbol().ok_or_else(|| SmtError::at(sym.pos(), "expected a symbol"))?;
                let sort = parse_sort(sort_e)?;
                let (_, t) = super::fp::declare(&mut self.tm, n, sort);
                self.env.define(n, Binding::Term(t), sym.pos())?;
                self.declared.push((n.to_string(), t));
                self.success(out);
            }
            "define-fun" => {
                let [sym, params, ret, body] = args else {
                    return Err(SmtError::at(p, "define-fun expects a name, parameters, a sort and a body"));
                };
                let n = sym.symbol().ok_or_else(|| SmtError::at(sym.pos(), "expected a symbol"))?;
                let ret = parse_sort(ret)?;
                let pl = params.list().ok_or_else(|| SmtError::at(params.pos(), "expected a parameter list"))?;
                let mut ps = Vec::new();
                for prm in pl {
                    match prm.list() {
                        Some([pn, ps_e]) if pn.symbol().is_some() => {
                            ps.push((pn.symbol().unwrap_or_default().to_string(), parse_sort(ps_e)?));
                        }
                        _ => return Err(SmtError::at(prm.pos(), "malformed parameter (expected (name sort))")),
                    }
                }
                if ps.is_empty() {
                    let t = self.elab(body)?;
                    if t.s != ret {
                        return Err(SmtError::at(body.pos(), format!("body of {} has sort {}, declared {ret}", symbol_text(n), t.s)));
                    }
                    self.env.define(n, Binding::Term(t), sym.pos())?;
                } else {
                    // Check the body once, applied to fresh constants.
                    self.check_body(n, &ps, ret, body)?;
                    self.env.define(n, Binding::Fun { params: ps, ret, body: body.clone() }, sym.pos())?;
                }
                self.success(out);
            }
            "assert" => {
                arity(1)?;
                let t = self.bool_term(&args[0])?;
                self.solver.assert(&self.tm, t).map_err(|e| SmtError::at(p, e.to_string()))?;
                self.last = None;
                self.success(out);
            }
            "check-sat" => {
                arity(0)?;
                self.check(&[], out, p)?;
            }
            "check-sat-assuming" => {
                arity(1)?;
                let l = args[0].list().ok_or_else(|| SmtError::at(args[0].pos(), "expected a list of literals"))?;
                let mut ts = Vec::new();
                for e in l {
                    ts.push((e.clone(), self.bool_term(e)?));
                }
                self.check(&ts, out, p)?;
            }
            "get-model" => {
                arity(0)?;
                self.require_sat(p)?;
                let _ = writeln!(out, "(");
                let live: Vec<(String, Typed)> =
                    self.declared.iter().filter(|(n, _)| self.env.globals.contains_key(n)).cloned().collect();
                for (n, t) in live {
                    let v = self.solver.value(&self.tm, t.t).map_err(|e| SmtError::at(p, e.to_string()))?;
                    let _ = writeln!(out, "  (define-fun {} () {} {})", symbol_text(&n), t.s, super::fp::render_value(t.s, &v));
                }
                let _ = writeln!(out, ")");
            }
            "get-value" => {
                arity(1)?;
                self.require_sat(p)?;
                let l = args[0].list().ok_or_else(|| SmtError::at(args[0].pos(), "expected a list of terms"))?;
                let mut ts = Vec::new();
                for e in l {
                    ts.push(self.elab(e)?);
                }
                let terms: Vec<TermId> = ts.iter().map(|t| t.t).collect();
                let vals = self.solver.values(&self.tm, &terms).map_err(|e| SmtError::at(p, e.to_string()))?;
                let parts: Vec<String> = l
                    .iter()
                    .zip(&vals)
                    .zip(&ts)
                    .map(|((e, v), t): ((&SExpr, &Value), &Typed)| format!("({e} {})", super::fp::render_value(t.s, v)))
                    .collect();
                let _ = writeln!(out, "({})", parts.join(" "));
            }
            "get-unsat-assumptions" => {
                arity(0)?;
                if self.last != Some(CheckResult::Unsat) {
                    return Err(SmtError::at(p, "get-unsat-assumptions requires a preceding unsat answer"));
                }
                let failed = self.solver.failed_assumptions().to_vec();
                let parts: Vec<String> =
                    self.last_assumptions.iter().filter(|(_, t)| failed.contains(t)).map(|(e, _)| e.to_string()).collect();
                let _ = writeln!(out, "({})", parts.join(" "));
            }
            "push" | "pop" => {
                let n = match args {
                    [] => 1,
                    [x] => x.numeral().ok_or_else(|| SmtError::at(x.pos(), "expected a numeral"))?,
                    _ => return Err(SmtError::at(p, format!("{name} expects at most one numeral"))),
                };
                if name == "push" {
                    for _ in 0..n {
                        self.solver.push();
                        self.env.scopes.push(Vec::new());
                    }
                } else {
                    if n as usize > self.solver.level() {
                        return Err(SmtError::at(p, format!("cannot pop {n} levels, only {} open", self.solver.level())));
                    }
                    for _ in 0..n {
                        self.solver.pop().map_err(|e| SmtError::at(p, e.to_string()))?;
                        for name in self.env.scopes.pop().unwrap_or_default() {
                            self.env.globals.remove(&name);
                        }
                    }
                    let level = self.solver.level();
                    self.lost.retain(|l| l.level.is_none_or(|at| at <= level));
                }
                self.last = None;
                self.success(out);
            }
            "reset" => {
                let (opts, had_error) = (self.opts.clone(), self.had_error);
                *self = Session::new(&opts);
                self.had_error = had_error; // the exit status covers the whole script
                self.success(out);
            }
            "reset-assertions" => {
                self.solver = Solver::with_config(self.config.clone());
                self.configure_solver();
                while let Some(names) = self.env.scopes.pop() {
                    for name in names {
                        self.env.globals.remove(&name);
                    }
                }
                self.lost.retain(|l| l.level.is_none());
                self.last = None;
                self.success(out);
            }
            "echo" => match args {
                [SExpr::Atom(Tok::Str(s), _)] => {
                    let _ = writeln!(out, "\"{}\"", quote(s));
                }
                _ => return Err(SmtError::at(p, "echo expects a string")),
            },
            "exit" => {
                self.success(out);
                return Ok(Flow::Exit);
            }
            other => return Err(SmtError::at(p, format!("unsupported command {other}"))),
        }
        Ok(Flow::Continue)
    }

    fn check_body(&mut self, n: &str, ps: &[(String, SmtSort)], ret: SmtSort, body: &SExpr) -> Result<(), SmtError> {
        let args: Vec<Typed> = ps.iter().map(|(pn, s)| super::fp::declare(&mut self.tm, &format!("{n}!{pn}"), *s).1).collect();
        let fun = Binding::Fun { params: ps.to_vec(), ret, body: body.clone() };
        // Elaborate an application through a temporary binding under a reserved name.
        let tmp = format!("{n}!check");
        self.env.globals.insert(tmp.clone(), fun);
        let mut call = vec![SExpr::Atom(Tok::Symbol(tmp.clone()), body.pos())];
        // Bind the fresh constants as globals for the check, then remove everything again.
        let names: Vec<String> = ps.iter().map(|(pn, _)| format!("{n}!arg!{pn}")).collect();
        for (nm, &a) in names.iter().zip(&args) {
            self.env.globals.insert(nm.clone(), Binding::Term(a));
            call.push(SExpr::Atom(Tok::Symbol(nm.clone()), body.pos()));
        }
        let r = self.elab(&SExpr::List(call, body.pos()));
        self.env.globals.remove(&tmp);
        for nm in &names {
            self.env.globals.remove(nm);
        }
        let t = r?;
        if t.s != ret {
            return Err(SmtError::at(body.pos(), format!("body of {} has sort {}, declared {ret}", symbol_text(n), t.s)));
        }
        Ok(())
    }

    fn require_sat(&self, p: super::Pos) -> Result<(), SmtError> {
        if self.last != Some(CheckResult::Sat) {
            return Err(SmtError::at(p, "model not available: the last check-sat did not answer sat"));
        }
        Ok(())
    }

    fn check(&mut self, assumptions: &[(SExpr, TermId)], out: &mut dyn Write, p: super::Pos) -> Result<(), SmtError> {
        let ts: Vec<TermId> = assumptions.iter().map(|(_, t)| *t).collect();
        let mut r = self.solver.check_assuming(&self.tm, &ts).map_err(|e| SmtError::at(p, e.to_string()))?;
        self.unknown_from_lost = false;
        if r == CheckResult::Sat && !self.lost.is_empty() {
            // Sat for part of the script says nothing about the whole.
            r = CheckResult::Unknown;
            self.unknown_from_lost = true;
            let why = self.lost.iter().map(|l| l.what.as_str()).collect::<Vec<_>>().join("; ");
            self.diagnostic(out, &format!("sat for the commands that succeeded, unknown for the script: {why}"));
        }
        self.last = Some(r);
        self.answers.push(r);
        self.last_assumptions = assumptions.to_vec();
        let _ = writeln!(
            out,
            "{}",
            match r {
                CheckResult::Sat => "sat",
                CheckResult::Unsat => "unsat",
                CheckResult::Unknown => "unknown",
            }
        );
        Ok(())
    }
}
