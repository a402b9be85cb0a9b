//! Running a solver configuration on one instance, in process, under a CPU-time cap.
//!
//! Each run happens on its own thread (1 GiB of virtual stack, as `vigil smt` uses for deep
//! terms) with the solver's interrupt flag; a watchdog on the calling thread reads the worker's
//! CPU time (Linux `/proc/thread-self/schedstat`, nanoseconds) and raises the flag when the cap
//! is reached, so the cap and the measured time are CPU seconds of that run, not wall-clock time
//! disturbed by other load on the machine. Where `/proc` is unavailable, wall-clock time is used.
//! The worker reads its own CPU time after a 1 ns sleep: the kernel updates a running thread's
//! figure only at scheduler events, and a sleep is one (without it, millisecond runs read 0).
//! A wall-clock backstop (20 × cap + 5 s) stops runs the watchdog cannot observe; a run it
//! stops counts as unsolved.
//!
//! Invariants: a run is solved only with a definite answer; every SAT model is checked against
//! the clauses; two configurations giving different answers on one instance abort tuning with an
//! error (a solver bug must not be tuned around). Configurations are applied through the
//! solvers' own parsers (`Params::set`, `SolverConfig::from_toml_str`), so a value the solver
//! rejects is an error, never silently ignored.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use vigil_bv::config::SolverConfig;
use vigil_bv::smtlib::{Session, SmtCliOptions};
use vigil_bv::CheckResult;
use vigil_sat::{Cnf, Params, SolveResult, Solver};

use crate::ils::Evaluator;
use crate::objective::RunResult;
use crate::space::{Config, Space};

/// Which solver is tuned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolverKind {
    /// `vigil sat` on DIMACS files.
    Sat,
    /// `vigil smt` on SMT-LIB 2 QF_BV scripts.
    Smt,
}

impl SolverKind {
    pub fn name(self) -> &'static str {
        match self {
            SolverKind::Sat => "sat",
            SolverKind::Smt => "smt",
        }
    }

    /// The parameters the solver starts from when nothing is configured (`vigil sat` turns
    /// variable elimination on for DIMACS input).
    pub fn base_params(self) -> Params {
        match self {
            SolverKind::Sat => Params {
                elim: true,
                ..Params::default()
            },
            SolverKind::Smt => SolverConfig::default().sat_params(),
        }
    }

    /// The configuration space tuned for this solver.
    pub fn space(self) -> Space {
        match self {
            SolverKind::Sat => Space::sat(&self.base_params()),
            SolverKind::Smt => Space::smt(&self.base_params()),
        }
    }
}

/// A loaded instance.
enum Input {
    Cnf(Arc<Cnf>),
    Script(Arc<String>),
}

/// Runs configurations of one solver on a fixed list of instances.
pub struct Runner {
    kind: SolverKind,
    space: Space,
    paths: Vec<PathBuf>,
    inputs: Vec<Input>,
    /// The first answer seen on each instance, and the configuration that gave it.
    answers: HashMap<usize, (String, Config)>,
    /// Where every run is recorded, if anywhere (see [`Runner::set_log`]).
    log: Option<Box<dyn std::io::Write + Send>>,
}

impl Runner {
    /// Reads every instance (DIMACS for `Sat`, SMT-LIB text for `Smt`); a file that cannot be
    /// read or parsed is an error naming it.
    pub fn new(kind: SolverKind, space: Space, paths: Vec<PathBuf>) -> Result<Runner, String> {
        let mut inputs = Vec::new();
        for p in &paths {
            inputs.push(load(kind, p)?);
        }
        Ok(Runner {
            kind,
            space,
            paths,
            inputs,
            answers: HashMap::new(),
            log: None,
        })
    }

    /// Records every run from now on as a tab-separated line: instance, cap, solved, CPU
    /// seconds, answer, changed settings.
    pub fn set_log(&mut self, w: Box<dyn std::io::Write + Send>) {
        self.log = Some(w);
    }

    pub fn len(&self) -> usize {
        self.paths.len()
    }

    pub fn is_empty(&self) -> bool {
        self.paths.is_empty()
    }

    pub fn path(&self, i: usize) -> &Path {
        &self.paths[i]
    }

    fn run_once(
        &self,
        config: &Config,
        i: usize,
        cap: f64,
    ) -> Result<(RunResult, Option<String>), String> {
        let changes = self.space.changes(config);
        match (&self.inputs[i], self.kind) {
            (Input::Cnf(cnf), _) => {
                let mut p = self.kind.base_params();
                for (n, v) in &changes {
                    p.set(n, v).map_err(|e| e.to_string())?;
                }
                let cnf = cnf.clone();
                timed(cap, move |flag, deadline| {
                    solve_cnf(&cnf, p, flag, deadline)
                })
            }
            (Input::Script(src), _) => {
                let config = SolverConfig::from_toml_str(&config_toml(&changes))
                    .map_err(|e| e.to_string())?;
                let src = src.clone();
                timed(cap, move |flag, deadline| {
                    solve_script(&src, config, flag, deadline)
                })
            }
        }
    }
}

impl Evaluator for Runner {
    fn run(&mut self, config: &Config, i: usize, cap: f64) -> Result<RunResult, String> {
        let (outcome, answer) = self.run_once(config, i, cap)?;
        if let Some(w) = &mut self.log {
            let changes: Vec<String> = self
                .space
                .changes(config)
                .iter()
                .map(|(n, v)| format!("{n}={v}"))
                .collect();
            writeln!(
                w,
                "{}\t{cap}\t{}\t{:.4}\t{}\t{}",
                self.paths[i].display(),
                outcome.solved,
                outcome.time,
                answer.as_deref().unwrap_or("-"),
                changes.join(" ")
            )
            .map_err(|e| format!("cannot write the run log: {e}"))?;
        }
        if let Some(a) = answer {
            match self.answers.get(&i) {
                Some((prev, who)) if *prev != a => {
                    return Err(format!(
                    "{}: configurations disagree ({} vs {}): a solver bug; first {:?}, then {:?}",
                    self.paths[i].display(),
                    prev,
                    a,
                    self.space.changes(who),
                    self.space.changes(config)
                ))
                }
                Some(_) => {}
                None => {
                    self.answers.insert(i, (a, config.clone()));
                }
            }
        }
        Ok(outcome)
    }
}

fn load(kind: SolverKind, p: &Path) -> Result<Input, String> {
    match kind {
        SolverKind::Sat => {
            let bytes = vigil_sat::dimacs::read_file_bytes(p)
                .map_err(|e| format!("{}: {e}", p.display()))?;
            let cnf =
                vigil_sat::dimacs::parse(&bytes).map_err(|e| format!("{}: {e}", p.display()))?;
            Ok(Input::Cnf(Arc::new(cnf)))
        }
        SolverKind::Smt => {
            let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
            Ok(Input::Script(Arc::new(text)))
        }
    }
}

/// The configuration file text for `changes` (the format of [`crate::db`]).
pub fn config_toml(changes: &[(String, String)]) -> String {
    let mut sat = String::new();
    let mut bv = String::new();
    let mut bv_own = String::new();
    for (n, v) in changes {
        if let Some(rule) = n.strip_prefix("bv.rewrite.") {
            bv.push_str(&format!("{rule} = {v}\n"));
        } else if let Some(key) = n.strip_prefix("bv.") {
            // `[bv]` keys: booleans and numbers bare, choices quoted.
            if v == "true" || v == "false" || v.parse::<u64>().is_ok() {
                bv_own.push_str(&format!("{key} = {v}\n"));
            } else {
                bv_own.push_str(&format!("{key} = \"{v}\"\n"));
            }
        } else {
            sat.push_str(&format!("{n} = {}\n", toml_value(n, v)));
        }
    }
    let mut s = String::new();
    if !sat.is_empty() {
        s.push_str("[sat]\n");
        s.push_str(&sat);
    }
    if !bv_own.is_empty() {
        s.push_str("[bv]\n");
        s.push_str(&bv_own);
    }
    if !bv.is_empty() {
        s.push_str("[bv.rewrite]\n");
        s.push_str(&bv);
    }
    s
}

/// Numbers and booleans bare, choices quoted (also a choice spelled `true`, like `phase`).
fn toml_value(name: &str, v: &str) -> String {
    let choice = vigil_sat::Params::info()
        .iter()
        .any(|i| i.name == name && i.kind == "choice");
    if !choice && (v == "true" || v == "false" || v.parse::<f64>().is_ok()) {
        v.to_string()
    } else {
        format!("\"{v}\"")
    }
}

/// The wall-clock backstop is `BACKSTOP_FACTOR` × cap + `BACKSTOP_EXTRA_S` seconds: generous,
/// because on a loaded machine a thread may get a small share of a CPU, and a run stopped by
/// the backstop counts as unsolved although its CPU time may be below the cap.
const BACKSTOP_FACTOR: f64 = 20.0;
const BACKSTOP_EXTRA_S: f64 = 5.0;

/// What a worker reports: its answer (None when it has none) and CPU seconds.
type WorkerResult = Result<Option<String>, String>;

/// Runs `work` on a worker thread under a CPU-time cap of `cap` seconds (see the module doc).
fn timed<F>(cap: f64, work: F) -> Result<(RunResult, Option<String>), String>
where
    F: FnOnce(Arc<AtomicBool>, Instant) -> WorkerResult + Send + 'static,
{
    let flag = Arc::new(AtomicBool::new(false));
    let wall_start = Instant::now();
    let backstop = wall_start + Duration::from_secs_f64(cap * BACKSTOP_FACTOR + BACKSTOP_EXTRA_S);
    let (tx_stat, rx_stat) = mpsc::channel::<Option<PathBuf>>();
    let (tx_done, rx_done) = mpsc::channel::<(WorkerResult, Option<f64>)>();
    let f2 = flag.clone();
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            let stat = thread_stat_path();
            let _ = tx_stat.send(stat.clone());
            let t0 = settled_cpu_seconds(stat.as_deref());
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(f2, backstop)))
                .unwrap_or_else(|_| Err("the solver panicked".to_string()));
            let t1 = settled_cpu_seconds(stat.as_deref());
            let cpu = t0.zip(t1).map(|(a, b)| b - a);
            let _ = tx_done.send((r, cpu));
        })
        .map_err(|e| format!("cannot start a solver thread: {e}"))?;
    let stat = rx_stat
        .recv()
        .map_err(|_| "solver thread failed to start".to_string())?;
    let base = stat.as_deref().and_then(cpu_seconds);
    let (result, cpu) = loop {
        match rx_done.recv_timeout(Duration::from_millis(5)) {
            Ok(r) => break r,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err("solver thread vanished".into())
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let used = match (stat.as_deref().and_then(cpu_seconds), base) {
                    (Some(now), Some(b)) => now - b,
                    _ => wall_start.elapsed().as_secs_f64(),
                };
                if used >= cap {
                    flag.store(true, Ordering::Relaxed);
                }
            }
        }
    };
    let time = cpu.unwrap_or_else(|| wall_start.elapsed().as_secs_f64());
    let answer = result?;
    let solved = answer.is_some() && time <= cap;
    Ok((
        RunResult {
            solved,
            time: if solved { time } else { cap },
        },
        answer,
    ))
}

/// `/proc/<pid>/task/<tid>/schedstat` of the calling thread, if readable.
fn thread_stat_path() -> Option<PathBuf> {
    let link = std::fs::read_link("/proc/thread-self").ok()?;
    let p = Path::new("/proc").join(link).join("schedstat");
    cpu_seconds(&p).map(|_| p)
}

/// The calling thread's exact CPU time: the kernel brings a running thread's schedstat up to
/// date only at scheduler events (ticks, sleeps), so the thread first sleeps for a nanosecond.
fn settled_cpu_seconds(p: Option<&Path>) -> Option<f64> {
    std::thread::sleep(Duration::from_nanos(1));
    p.and_then(cpu_seconds)
}

/// The first field of a schedstat file: nanoseconds spent on a CPU.
fn cpu_seconds(p: &Path) -> Option<f64> {
    let s = std::fs::read_to_string(p).ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 * 1e-9)
}

fn solve_cnf(cnf: &Cnf, p: Params, flag: Arc<AtomicBool>, deadline: Instant) -> WorkerResult {
    let mut s = Solver::with_params(p);
    s.set_interrupt(flag);
    s.set_deadline(Some(deadline));
    s.add_cnf(cnf);
    match s.solve() {
        SolveResult::Sat => {
            if let Some(k) = cnf
                .clauses
                .iter()
                .position(|c| !c.iter().any(|&l| s.value(l) == Some(true)))
            {
                return Err(format!(
                    "internal error: the model falsifies clause {}",
                    k + 1
                ));
            }
            Ok(Some("sat".into()))
        }
        SolveResult::Unsat => Ok(Some("unsat".into())),
        SolveResult::Unknown => Ok(None),
    }
}

fn solve_script(
    src: &str,
    config: SolverConfig,
    flag: Arc<AtomicBool>,
    deadline: Instant,
) -> WorkerResult {
    let timeout = deadline.saturating_duration_since(Instant::now());
    let opts = SmtCliOptions {
        config,
        timeout: Some(timeout),
        interrupt: Some(flag),
        stats: false,
    };
    let mut session = Session::new(&opts);
    session.run(src, &mut std::io::sink());
    let answers = session.answers();
    if answers.is_empty() || answers.contains(&CheckResult::Unknown) {
        return Ok(None);
    }
    let names: Vec<&str> = answers.iter().map(|a| if *a == CheckResult::Sat { "sat" } else { "unsat" }).collect();
    Ok(Some(names.join(" ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }

    fn tmpdir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("vigil-tune-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn sat_runs_answer_and_respect_configurations() {
        let d = tmpdir("sat");
        let sat = write(&d, "a.cnf", "p cnf 2 2\n1 2 0\n-1 0\n");
        let unsat = write(&d, "b.cnf", "p cnf 1 2\n1 0\n-1 0\n");
        let kind = SolverKind::Sat;
        let space = kind.space();
        let mut r = Runner::new(kind, space.clone(), vec![sat, unsat]).unwrap();
        let mut c = space.default_config();
        for i in 0..2 {
            let o = r.run(&c, i, 10.0).unwrap();
            assert!(o.solved && o.time <= 10.0);
        }
        // Another configuration: still solved, answers agree.
        let k = space
            .params
            .iter()
            .position(|p| p.name == "restart")
            .unwrap();
        c[k] = space.params[k]
            .values
            .iter()
            .position(|v| v == "luby")
            .unwrap();
        let log = d.join("runs.tsv");
        r.set_log(Box::new(std::fs::File::create(&log).unwrap()));
        assert!(r.run(&c, 1, 10.0).unwrap().solved);
        drop(r);
        let text = std::fs::read_to_string(&log).unwrap();
        assert!(
            text.contains("b.cnf\t10\ttrue\t") && text.contains("\tunsat\trestart=luby"),
            "{text}"
        );
        let mut r = Runner::new(kind, space.clone(), vec![d.join("a.cnf")]).unwrap();
        assert!(r.run(&c, 0, 10.0).unwrap().solved);
        assert!(Runner::new(kind, space.clone(), vec![d.join("missing.cnf")]).is_err());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn smt_runs_answer_and_a_disagreement_is_an_error() {
        let d = tmpdir("smt");
        let f = write(
            &d,
            "q.smt2",
            "(set-logic QF_BV)\n(declare-const x (_ BitVec 8))\n(assert (= (bvmul x #x03) #x09))\n(check-sat)\n",
        );
        let kind = SolverKind::Smt;
        let space = kind.space();
        let mut r = Runner::new(kind, space.clone(), vec![f]).unwrap();
        let c = space.default_config();
        assert!(r.run(&c, 0, 10.0).unwrap().solved);
        // Pretend an earlier configuration had said unsat: the runner refuses to go on.
        r.answers.insert(0, ("unsat".into(), c.clone()));
        assert!(r.run(&c, 0, 10.0).unwrap_err().contains("disagree"));
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_hard_instance_is_stopped_at_the_cap() {
        // Pigeonhole 9 into 8: far beyond 50 ms of CDCL search.
        let (p, h) = (9usize, 8usize);
        let var = |i: usize, j: usize| i * h + j + 1;
        let mut text = format!("p cnf {} {}\n", p * h, p + h * p * (p - 1) / 2);
        for i in 0..p {
            text.push_str(
                &(0..h)
                    .map(|j| format!("{} ", var(i, j)))
                    .collect::<String>(),
            );
            text.push_str("0\n");
        }
        for j in 0..h {
            for a in 0..p {
                for b in a + 1..p {
                    text.push_str(&format!("-{} -{} 0\n", var(a, j), var(b, j)));
                }
            }
        }
        let d = tmpdir("cap");
        let f = write(&d, "php.cnf", &text);
        let kind = SolverKind::Sat;
        let space = kind.space();
        let mut r = Runner::new(kind, space.clone(), vec![f]).unwrap();
        let o = r.run(&space.default_config(), 0, 0.05).unwrap();
        assert!(!o.solved);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn configuration_text_loads_in_both_solvers() {
        let changes = vec![
            ("restart".to_string(), "luby".to_string()),
            ("phase".to_string(), "true".to_string()),
            ("restart_base".to_string(), "300".to_string()),
            ("bv.rewrite.const-fold".to_string(), "false".to_string()),
            ("bv.decision-scope".to_string(), "inputs-confined".to_string()),
            ("bv.model-cache".to_string(), "8".to_string()),
        ];
        let text = config_toml(&changes);
        assert!(
            text.contains("phase = \"true\"\n") && text.contains("restart_base = 300\n"),
            "{text}"
        );
        let c = SolverConfig::from_toml_str(&text).unwrap();
        assert_eq!(c.sat_params.restart_base, 300);
        assert!(!c.rewrite.enabled(vigil_bv::Rule::ConstFold));
        assert_eq!(c.decision_scope, vigil_bv::cone::DecisionScope::Inputs);
        assert!(c.confine_propagation);
        assert_eq!(c.model_cache, Some(8));
        let mut p = Params::default();
        p.load_toml(&config_toml(&changes[..3])).unwrap();
        assert_eq!(p.restart, vigil_sat::params::RestartMode::Luby);
    }
}
