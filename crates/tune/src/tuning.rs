//! One tuning session: read the sets, search with FocusedILS on the training set within the time
//! budget, then measure default and tuned configuration on both sets under the same cap and
//! write the database entry (see [`crate::db`]).
//!
//! Invariants: training and validation sets share no file (the validation set is kept apart);
//! the final measurement runs every instance of both sets afresh with the full cap (no adaptive
//! capping, no run reused from the search), default and tuned interleaved instance by instance
//! through the same runner, so the numbers compare like with like.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::db::{Entry, SetScore};
use crate::ils::{Evaluator, FocusedIls, IlsOptions, Progress};
use crate::instances::{overlap, read_set};
use crate::objective::Objective;
use crate::runner::{Runner, SolverKind};
use crate::space::{Config, Space};

/// What `vigil tune` was asked.
#[derive(Clone, Debug)]
pub struct Request {
    pub class: String,
    pub solver: SolverKind,
    pub train: PathBuf,
    pub validate: PathBuf,
    /// Free text describing the training set (optional).
    pub description: Option<String>,
    /// κ in CPU seconds.
    pub cap: f64,
    /// Search time budget in wall-clock seconds (the final measurement comes on top).
    pub budget: f64,
    pub seed: u64,
    /// PAR factor (10 for PAR-10, 1 for mean time).
    pub penalty: f64,
    /// Record every solver run (search and measurements) here, tab-separated.
    pub runs_log: Option<PathBuf>,
}

/// The session's result.
#[derive(Clone, Debug)]
pub struct TuningResult {
    pub entry: Entry,
    pub space: Space,
    pub tuned: Config,
}

/// Runs a session; `progress` sees the search's snapshots, `phase` the session's steps.
pub fn tune(
    req: &Request,
    space: Space,
    progress: impl FnMut(&Progress),
    mut phase: impl FnMut(&str),
) -> Result<TuningResult, String> {
    if !(req.cap > 0.0 && req.cap <= 1e5) {
        return Err(format!(
            "the cap must be a positive number of seconds, at most 1e5, not {}",
            req.cap
        ));
    }
    if !(req.budget > 0.0 && req.budget <= 1e7) {
        return Err(format!(
            "the budget must be a positive number of seconds, not {}",
            req.budget
        ));
    }
    let train = read_set(req.solver, &req.train)?;
    let validate = read_set(req.solver, &req.validate)?;
    let both = overlap(&train, &validate);
    if !both.is_empty() {
        return Err(format!(
            "the validation set must be kept apart from the training set; both contain {}",
            both.iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    phase(&format!(
        "reading {} training and {} validation instances",
        train.len(),
        validate.len()
    ));
    let mut train_runner = Runner::new(req.solver, space.clone(), train.clone())?;
    let mut val_runner = Runner::new(req.solver, space.clone(), validate.clone())?;
    if let Some(p) = &req.runs_log {
        let f = std::fs::File::create(p).map_err(|e| format!("{}: {e}", p.display()))?;
        let g = f.try_clone().map_err(|e| format!("{}: {e}", p.display()))?;
        train_runner.set_log(Box::new(f));
        val_runner.set_log(Box::new(g));
    }
    let objective = Objective {
        cap: req.cap,
        penalty: req.penalty,
    };
    let mut opts = IlsOptions::new(objective, req.seed);
    opts.deadline = Some(Instant::now() + Duration::from_secs_f64(req.budget));
    let default = space.default_config();
    phase(&format!(
        "searching {} parameters ({} configurations) for {} s",
        space.params.len(),
        space.size(),
        req.budget
    ));
    let (found, runs, configs) = {
        let mut ils = FocusedIls::new(&space, &mut train_runner, train.len(), opts);
        ils.on_progress(progress);
        let found = ils.run()?;
        let p = ils.progress();
        (found, p.runs, p.configs)
    };
    phase("measuring default and tuned configuration on the training set");
    let (train_default, train_found) =
        measure_pair(&mut train_runner, &default, &found, objective)?;
    // The incumbent has the most runs, not necessarily all of them: on the whole training set it
    // must beat the default, or the default stays.
    let (tuned, train_tuned, rejected) =
        if train_found.iter().sum::<f64>() < train_default.iter().sum::<f64>() {
            (found, train_found, None)
        } else {
            let rejected =
                (found != default).then(|| (space.changes(&found), score(&train_found, objective)));
            (default.clone(), train_default.clone(), rejected)
        };
    phase("measuring default and tuned configuration on the validation set");
    let (validate_default, validate_tuned) =
        measure_pair(&mut val_runner, &default, &tuned, objective)?;
    let score = |costs: Vec<f64>| score(&costs, objective);
    if let Some((changes, _)) = &rejected {
        phase(&format!("the search's incumbent ({} changed values) is not better than the default on the whole training set; keeping the default", changes.len()));
    }
    let entry = Entry {
        class: req.class.clone(),
        solver: req.solver,
        train_desc: describe(req.description.as_deref(), &req.train, train.len()),
        validate_desc: describe(None, &req.validate, validate.len()),
        cap: req.cap,
        penalty: req.penalty,
        seed: req.seed,
        budget: req.budget,
        runs,
        configs,
        train_default: score(train_default),
        train_tuned: score(train_tuned),
        validate_default: score(validate_default),
        validate_tuned: score(validate_tuned),
        changes: space.changes(&tuned),
        rejected,
    };
    Ok(TuningResult {
        entry,
        space,
        tuned,
    })
}

fn describe(text: Option<&str>, spec: &Path, n: usize) -> String {
    let base = format!("{n} instances from {}", spec.display());
    match text {
        Some(t) => format!("{t} ({base})"),
        None => base,
    }
}

/// The full-cap costs of `a` and `b` on every instance of `runner`, measured afresh and
/// interleaved (a, b on one instance, then the next), so that both meet the same machine load;
/// measured once when `a` = `b`.
fn measure_pair(
    runner: &mut Runner,
    a: &Config,
    b: &Config,
    obj: Objective,
) -> Result<(Vec<f64>, Vec<f64>), String> {
    let (mut ca, mut cb) = (Vec::new(), Vec::new());
    for i in 0..runner.len() {
        let x = obj.full_cost(runner.run(a, i, obj.cap)?);
        let y = if a == b {
            x
        } else {
            obj.full_cost(runner.run(b, i, obj.cap)?)
        };
        ca.push(x);
        cb.push(y);
    }
    Ok((ca, cb))
}

fn score(costs: &[f64], obj: Objective) -> SetScore {
    let n = costs.len();
    SetScore {
        par: if n == 0 {
            0.0
        } else {
            costs.iter().sum::<f64>() / n as f64
        },
        solved: costs
            .iter()
            .filter(|&&c| c < obj.cap || (obj.penalty > 1.0 && c <= obj.cap))
            .count(),
        total: n,
    }
}
