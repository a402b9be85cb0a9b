//! FocusedILS with adaptive capping (Hutter, Hoos, Leyton-Brown, Stützle, "ParamILS: an
//! automatic algorithm configuration framework", JAIR 36, 2009: §3 the ILS framework, §4.2
//! FocusedILS, §5 adaptive capping; Babić's thesis §5.3 used it to tune Spear).
//!
//! - Iterated local search in the one-exchange neighbourhood ([`Space::neighbours`]): start from
//!   the default, compared with `restarts` random configurations; iterative first improvement
//!   (neighbours in random order, the first better one is taken); then repeatedly perturb
//!   (`perturbation` random one-exchange steps), improve, accept if better, and with probability
//!   `restart_pct` restart from a random configuration.
//! - `better` is FocusedILS's dominance comparison: configuration θ has N(θ) runs, on the first
//!   N(θ) instances of one fixed random order of the training set; θ1 dominates θ2 when
//!   N(θ1) ≥ N(θ2) and θ1's total cost on the first N(θ2) instances is at most θ2's. The one with
//!   fewer runs is run on its next instance (the other first, if it has no run there) until one
//!   dominates; the winner then gets the bonus runs accumulated by earlier losing comparisons.
//!   So runs concentrate on good configurations and N grows with the search.
//! - Adaptive capping: the configuration catching up is run with the cap "what it may still
//!   spend before it loses" (its rival's total on the first i instances minus its own total on
//!   the first i − 1) when that is below κ. A run stopped there is recorded as a strict lower
//!   bound ([`Run::Above`]) and decides the comparison against it; it is re-run when a later
//!   comparison allows it more. Capping therefore never changes which configuration wins a
//!   comparison, only what it costs (tested below).
//! - The incumbent is, among the configurations with the most exact runs, the one with the
//!   lowest cost on them.
//!
//! Invariants: deterministic given the seed and the evaluator's results (one random generator,
//! neighbours enumerated in table order then shuffled); only exact costs enter a total that is
//! compared as an upper bound; the search stops (returning the incumbent) when the run or time
//! budget is exhausted, also in the middle of a comparison, or when 100 000 comparisons in a row
//! needed no new run (a small space whose reachable part is fully evaluated).

use std::collections::HashMap;
use std::time::Instant;

use vigil_sat::Rng;

use crate::objective::{Objective, RunResult, Run};
use crate::space::{Config, Space};

/// Runs a configuration on a training instance.
pub trait Evaluator {
    /// Runs `config` on instance `instance` (an index into the training set) with a cap of
    /// `cap` seconds. An error aborts the search (for example two configurations disagreeing
    /// on an instance's answer).
    fn run(&mut self, config: &Config, instance: usize, cap: f64) -> Result<RunResult, String>;
}

/// Search settings (the JAIR paper's defaults where it has them).
#[derive(Clone, Debug)]
pub struct IlsOptions {
    pub objective: Objective,
    pub seed: u64,
    /// Random configurations compared with the default at the start (R = 10).
    pub restarts: usize,
    /// Random one-exchange steps of a perturbation (s = 3).
    pub perturbation: usize,
    /// Percentage probability of a random restart per iteration (p_restart = 1 %).
    pub restart_pct: f64,
    /// Adaptive capping on or off.
    pub capping: bool,
    /// Stop after this many solver runs.
    pub max_runs: Option<usize>,
    /// Stop at this time.
    pub deadline: Option<Instant>,
}

impl IlsOptions {
    pub fn new(objective: Objective, seed: u64) -> Self {
        IlsOptions {
            objective,
            seed,
            restarts: 10,
            perturbation: 3,
            restart_pct: 1.0,
            capping: true,
            max_runs: None,
            deadline: None,
        }
    }
}

/// A snapshot for progress displays.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Solver runs so far.
    pub runs: usize,
    /// Seconds the solver spent in them (as the evaluator measured).
    pub solver_seconds: f64,
    /// Distinct configurations evaluated.
    pub configs: usize,
    pub incumbent: Config,
    /// The incumbent's exact runs.
    pub incumbent_runs: usize,
    /// Its mean cost on them.
    pub incumbent_cost: f64,
    /// Times the incumbent changed.
    pub changes: usize,
}

/// A progress callback.
type ProgressFn<'a> = Box<dyn FnMut(&Progress) + 'a>;

/// Why a search stopped early.
#[derive(Debug)]
enum Stop {
    Budget,
    Error(String),
}

/// The search state.
pub struct FocusedIls<'a, E: Evaluator> {
    space: &'a Space,
    eval: &'a mut E,
    opts: IlsOptions,
    rng: Rng,
    /// Training instance indices in the fixed evaluation order.
    order: Vec<usize>,
    /// Runs of every configuration, by position in `order`: an exact prefix, then possibly one
    /// lower bound.
    runs: HashMap<Config, Vec<Run>>,
    bonus: usize,
    total_runs: usize,
    /// Comparisons since the last solver run (all answered from cached runs).
    idle_comparisons: usize,
    solver_seconds: f64,
    incumbent: Config,
    changes: usize,
    progress: Option<ProgressFn<'a>>,
    error: Option<String>,
}

impl<'a, E: Evaluator> FocusedIls<'a, E> {
    /// A search over `space` on `n_instances` training instances.
    pub fn new(space: &'a Space, eval: &'a mut E, n_instances: usize, opts: IlsOptions) -> Self {
        let mut rng = Rng::new(opts.seed);
        let mut order: Vec<usize> = (0..n_instances).collect();
        shuffle(&mut order, &mut rng);
        let incumbent = space.default_config();
        FocusedIls {
            space,
            eval,
            opts,
            rng,
            order,
            runs: HashMap::new(),
            bonus: 0,
            total_runs: 0,
            idle_comparisons: 0,
            solver_seconds: 0.0,
            incumbent,
            changes: 0,
            progress: None,
            error: None,
        }
    }

    /// Calls `f` after every comparison.
    pub fn on_progress(&mut self, f: impl FnMut(&Progress) + 'a) {
        self.progress = Some(Box::new(f));
    }

    /// Runs the search until the budget is exhausted (there must be one: `max_runs` or
    /// `deadline`); returns the incumbent, or the evaluator's error.
    pub fn run(&mut self) -> Result<Config, String> {
        if self.opts.max_runs.is_none() && self.opts.deadline.is_none() {
            return Err("FocusedILS needs a budget (runs or time)".into());
        }
        if self.order.is_empty() {
            return Err("no training instances".into());
        }
        match self.search() {
            Ok(()) | Err(Stop::Budget) => {}
            Err(Stop::Error(e)) => return Err(e),
        }
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        Ok(self.incumbent.clone())
    }

    /// The current snapshot.
    pub fn progress(&self) -> Progress {
        let n = self.n(&self.incumbent);
        Progress {
            runs: self.total_runs,
            solver_seconds: self.solver_seconds,
            configs: self.runs.len(),
            incumbent: self.incumbent.clone(),
            incumbent_runs: n,
            incumbent_cost: if n == 0 {
                0.0
            } else {
                self.sum(&self.incumbent, n) / n as f64
            },
            changes: self.changes,
        }
    }

    fn search(&mut self) -> Result<(), Stop> {
        let mut start = self.space.default_config();
        for _ in 0..self.opts.restarts {
            let r = self.random_config();
            if self.better(&r, &start)? {
                start = r;
            }
        }
        let mut ils = self.first_improvement(start)?;
        loop {
            let mut c = ils.clone();
            for _ in 0..self.opts.perturbation {
                let nb = self.space.neighbours(&c);
                if nb.is_empty() {
                    break;
                }
                c = nb[self.rng.below(nb.len())].clone();
            }
            let c = self.first_improvement(c)?;
            if self.better(&c, &ils)? {
                ils = c;
            }
            if self.rng.chance_pct(self.opts.restart_pct) {
                ils = self.random_config();
            }
            if self.space.params.is_empty() {
                // Nothing to search; the loop would only re-run the default.
                return Ok(());
            }
        }
    }

    /// Iterative first improvement from `c`.
    fn first_improvement(&mut self, mut c: Config) -> Result<Config, Stop> {
        loop {
            let mut nb = self.space.neighbours(&c);
            shuffle(&mut nb, &mut self.rng);
            let mut moved = false;
            for n in nb {
                if self.better(&n, &c)? {
                    c = n;
                    moved = true;
                    break;
                }
            }
            if !moved {
                return Ok(c);
            }
        }
    }

    fn random_config(&mut self) -> Config {
        self.space
            .params
            .iter()
            .map(|p| self.rng.below(p.values.len()))
            .collect()
    }

    fn deadline_passed(&self) -> bool {
        self.opts.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// N(θ): the number of exact runs.
    fn n(&self, c: &Config) -> usize {
        self.runs
            .get(c)
            .map_or(0, |r| r.iter().take_while(|x| x.is_exact()).count())
    }

    /// Total exact cost of θ on the first `k` instances (k ≤ N(θ)).
    fn sum(&self, c: &Config, k: usize) -> f64 {
        self.runs
            .get(c)
            .map_or(0.0, |r| r[..k].iter().map(|x| x.bound()).sum())
    }

    fn dominates(&self, a: &Config, b: &Config) -> bool {
        let (na, nb) = (self.n(a), self.n(b));
        na >= nb && self.sum(a, nb) <= self.sum(b, nb)
    }

    /// FocusedILS's comparison (see the module doc): true when `t1` is better than `t2`.
    #[cfg(test)]
    pub(crate) fn better_pub(&mut self, t1: &Config, t2: &Config) -> Result<bool, String> {
        self.better(t1, t2).map_err(|e| match e {
            Stop::Budget => "budget exhausted".to_string(),
            Stop::Error(e) => e,
        })
    }

    fn better(&mut self, t1: &Config, t2: &Config) -> Result<bool, Stop> {
        if self.deadline_passed() || self.idle_comparisons >= MAX_IDLE_COMPARISONS {
            return Err(Stop::Budget);
        }
        self.idle_comparisons += 1;
        let n_max = self.order.len();
        let swap = self.n(t1) > self.n(t2);
        let (tmin, tmax) = if swap { (t2, t1) } else { (t1, t2) };
        let t1_wins = loop {
            let i = self.n(tmin);
            if i >= n_max {
                break self.dominates(t1, t2);
            }
            self.objective(tmax, i, None)?;
            let allowance = self
                .opts
                .capping
                .then(|| self.sum(tmax, i + 1) - self.sum(tmin, i));
            if !self.objective(tmin, i, allowance)?.is_exact() {
                break swap; // tmin lost; t1 wins exactly when it is tmax
            }
            if self.dominates(t1, t2) {
                break true;
            }
            if self.dominates(t2, t1) {
                break false;
            }
        };
        if t1_wins {
            let from = self.n(t1);
            for k in from..(from + self.bonus).min(n_max) {
                self.objective(t1, k, None)?;
            }
            self.bonus = 0;
        } else {
            self.bonus += 1;
        }
        self.update_incumbent(t1);
        self.update_incumbent(t2);
        if let Some(mut f) = self.progress.take() {
            f(&self.progress());
            self.progress = Some(f);
        }
        Ok(t1_wins)
    }

    fn update_incumbent(&mut self, c: &Config) {
        if *c == self.incumbent {
            return;
        }
        let (nc, ni) = (self.n(c), self.n(&self.incumbent));
        if nc == 0 {
            return;
        }
        let mean = |s: &Self, x: &Config, k: usize| s.sum(x, k) / k as f64;
        if nc > ni || (nc == ni && mean(self, c, nc) < mean(self, &self.incumbent, ni)) {
            self.incumbent = c.clone();
            self.changes += 1;
        }
    }

    /// The run of `c` at position `i` (i ≤ N(c)): reused when exact, or when it is a lower bound
    /// at least `allowance`; otherwise run with cap min(κ, allowance).
    fn objective(&mut self, c: &Config, i: usize, allowance: Option<f64>) -> Result<Run, Stop> {
        debug_assert!(
            i <= self.runs.get(c).map_or(0, Vec::len),
            "runs are made in instance order"
        );
        let existing = self.runs.get(c).and_then(|r| r.get(i).copied());
        match (existing, allowance) {
            (Some(r @ Run::Exact(_)), _) => return Ok(r),
            (Some(r @ Run::Above(l)), Some(a)) if a <= l => return Ok(r),
            _ => {}
        }
        let obj = self.opts.objective;
        let run = if allowance.is_some_and(|a| a < 0.0) {
            // Its total already exceeds the rival's: it loses whatever this run costs.
            Run::Above(0.0)
        } else {
            // A run is never capped below MIN_CAP (a run that short is no measurement).
            let cap = allowance.map_or(obj.cap, |a| a.max(MIN_CAP).min(obj.cap));
            if self.opts.max_runs.is_some_and(|m| self.total_runs >= m) || self.deadline_passed() {
                return Err(Stop::Budget);
            }
            let out = self.eval.run(c, self.order[i], cap).map_err(Stop::Error)?;
            self.total_runs += 1;
            self.idle_comparisons = 0;
            self.solver_seconds += if out.solved { out.time.min(cap) } else { cap };
            obj.cost(out, cap)
        };
        let v = self.runs.entry(c.clone()).or_default();
        v.truncate(i);
        v.push(run);
        Ok(run)
    }
}

/// Comparisons in a row answered without a new run after which the search stops: every
/// configuration it reaches has all its runs already (a small space, explored).
const MAX_IDLE_COMPARISONS: usize = 100_000;

/// The smallest cap adaptive capping gives a run, in seconds.
const MIN_CAP: f64 = 0.001;

/// Fisher–Yates with the search's generator.
fn shuffle<T>(v: &mut [T], rng: &mut Rng) {
    for i in (1..v.len()).rev() {
        let j = rng.below(i + 1);
        v.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::Param;

    /// A landscape with a known optimum: parameter j's best value is `best[j]`; each step away
    /// costs `1 + j` tenths of a second on every instance; instance k adds k hundredths. Runs
    /// above the cap are unsolved.
    struct Synthetic {
        best: Vec<usize>,
        log: Vec<(Config, usize, u64)>,
    }

    impl Synthetic {
        /// An evaluator whose fastest configuration is `best`, with an empty log.
        fn new(best: Vec<usize>) -> Self {
            Synthetic { best, log: Vec::new() }
        }

        fn time(&self, c: &Config, inst: usize) -> f64 {
            let d: f64 = c
                .iter()
                .zip(&self.best)
                .enumerate()
                .map(|(j, (&v, &b))| (v as f64 - b as f64).abs() * (1 + j) as f64 * 0.1)
                .sum();
            0.05 + d + inst as f64 * 0.01
        }
    }

    impl Evaluator for Synthetic {
        fn run(&mut self, c: &Config, inst: usize, cap: f64) -> Result<RunResult, String> {
            self.log.push((c.clone(), inst, (cap * 1e6) as u64));
            let t = self.time(c, inst);
            Ok(if t <= cap {
                RunResult {
                    solved: true,
                    time: t,
                }
            } else {
                RunResult {
                    solved: false,
                    time: cap,
                }
            })
        }
    }

    fn space(n: usize, k: usize) -> Space {
        Space {
            params: (0..n)
                .map(|j| Param {
                    name: format!("p{j}"),
                    values: (0..k).map(|v| v.to_string()).collect(),
                    default: 0,
                })
                .collect(),
        }
    }

    fn opts(seed: u64, runs: usize, capping: bool) -> IlsOptions {
        let mut o = IlsOptions::new(Objective::par10(5.0), seed);
        o.max_runs = Some(runs);
        o.capping = capping;
        o
    }

    #[test]
    fn finds_the_optimum_of_a_known_landscape() {
        let sp = space(6, 5);
        for seed in [1, 2, 3] {
            let mut ev = Synthetic::new(vec![3, 1, 4, 0, 2, 4]);
            let best = ev.best.clone();
            let mut ils = FocusedIls::new(&sp, &mut ev, 8, opts(seed, 3000, true));
            let got = ils.run().unwrap();
            assert_eq!(got, best, "seed {seed}");
            assert!(ils.progress().incumbent_runs >= 2);
        }
    }

    #[test]
    fn deterministic_given_the_seed() {
        let sp = space(5, 4);
        let run = |seed| {
            let mut ev = Synthetic::new(vec![1, 2, 3, 0, 1]);
            let got = FocusedIls::new(&sp, &mut ev, 6, opts(seed, 400, true))
                .run()
                .unwrap();
            (got, ev.log)
        };
        assert_eq!(run(7), run(7));
        assert_ne!(run(7).1, run(8).1);
    }

    #[test]
    fn capping_never_changes_the_winner_of_a_comparison() {
        let sp = space(4, 4);
        let mut rng = Rng::new(99);
        for _ in 0..300 {
            let best: Vec<usize> = (0..4).map(|_| rng.below(4)).collect();
            let a: Config = (0..4).map(|_| rng.below(4)).collect();
            let b: Config = (0..4).map(|_| rng.below(4)).collect();
            // Give one side a head start of runs sometimes, so N differs.
            let head = rng.below(3);
            let mut results = Vec::new();
            let mut spent = Vec::new();
            for capping in [false, true] {
                let mut ev = Synthetic::new(best.clone());
                let mut ils = FocusedIls::new(&sp, &mut ev, 5, opts(5, 1000, capping));
                for k in 0..head {
                    ils.objective(&b, k, None).unwrap();
                }
                results.push(ils.better_pub(&a, &b).unwrap());
                spent.push(ils.solver_seconds);
            }
            assert_eq!(
                results[0], results[1],
                "a={a:?} b={b:?} best={best:?} head={head}"
            );
            assert!(spent[1] <= spent[0] + 1e-9);
        }
    }

    #[test]
    fn capping_saves_time_against_a_slow_challenger() {
        let sp = space(3, 5);
        let best = vec![0, 0, 0];
        let slow: Config = vec![4, 4, 4];
        let mut costs = Vec::new();
        for capping in [false, true] {
            let mut ev = Synthetic::new(best.clone());
            let mut ils = FocusedIls::new(&sp, &mut ev, 4, opts(1, 1000, capping));
            for k in 0..4 {
                ils.objective(&best, k, None).unwrap();
            }
            assert!(!ils.better_pub(&slow, &best).unwrap());
            costs.push(ils.solver_seconds);
        }
        assert!(costs[1] < costs[0], "{costs:?}");
    }

    #[test]
    fn runs_grow_for_the_incumbent_and_budget_stops_the_search() {
        let sp = space(4, 3);
        let mut ev = Synthetic::new(vec![2, 2, 2, 2]);
        let mut seen = Vec::new();
        {
            let mut ils = FocusedIls::new(&sp, &mut ev, 10, opts(3, 200, true));
            ils.on_progress(|p| seen.push(p.incumbent_runs));
            ils.run().unwrap();
        }
        assert_eq!(ev.log.len(), 200);
        assert!(seen.iter().max().copied().unwrap_or(0) >= 3, "{seen:?}");
        let mut no_budget = IlsOptions::new(Objective::par10(1.0), 1);
        no_budget.max_runs = None;
        assert!(FocusedIls::new(&sp, &mut ev, 3, no_budget).run().is_err());
    }

    #[test]
    fn a_fully_explored_small_space_ends_the_search() {
        let sp = space(1, 2);
        let mut ev = Synthetic::new(vec![1]);
        let got = FocusedIls::new(&sp, &mut ev, 2, opts(1, 1_000_000, true))
            .run()
            .unwrap();
        assert_eq!(got, vec![1]);
        assert!(ev.log.len() <= 4, "{}", ev.log.len());
    }

    #[test]
    fn evaluator_errors_abort_the_search() {
        struct Failing;
        impl Evaluator for Failing {
            fn run(&mut self, _: &Config, _: usize, _: f64) -> Result<RunResult, String> {
                Err("answers disagree".into())
            }
        }
        let sp = space(2, 2);
        let mut ev = Failing;
        let e = FocusedIls::new(&sp, &mut ev, 3, opts(1, 10, true))
            .run()
            .unwrap_err();
        assert!(e.contains("disagree"));
    }
}
