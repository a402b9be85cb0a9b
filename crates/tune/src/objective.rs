//! The objective: penalised average run time (PAR-k) under a cap κ (Hutter et al., JAIR 2009,
//! §2 and §5: an unsolved run counts k·κ; k = 1 is the mean time, k = 10 the usual PAR-10).
//!
//! Invariant: a [`Run`] is either an exact cost or a strict lower bound obtained from a run cut
//! short by adaptive capping; lower bounds are never used where an exact cost is required.

/// What the solver did on one instance: whether it answered, and how long it took.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunResult {
    /// An answer (sat or unsat) was found within the cap.
    pub solved: bool,
    /// Seconds used (only meaningful when solved).
    pub time: f64,
}

/// The recorded cost of one run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Run {
    /// The run's PAR-k cost.
    Exact(f64),
    /// The run was stopped at this many seconds without an answer, below κ: its cost is
    /// strictly larger.
    Above(f64),
}

impl Run {
    pub fn is_exact(self) -> bool {
        matches!(self, Run::Exact(_))
    }
    /// The cost, or its lower bound.
    pub fn bound(self) -> f64 {
        match self {
            Run::Exact(c) | Run::Above(c) => c,
        }
    }
}

/// PAR-k under cap κ.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Objective {
    /// κ, seconds.
    pub cap: f64,
    /// k: the factor an unsolved run's cost is κ times.
    pub penalty: f64,
}

impl Objective {
    pub fn par10(cap: f64) -> Self {
        Objective { cap, penalty: 10.0 }
    }

    /// The cost of a run given the cap it was run with (`run_cap` ≤ κ).
    pub fn cost(&self, o: RunResult, run_cap: f64) -> Run {
        if o.solved && o.time <= run_cap {
            Run::Exact(o.time)
        } else if run_cap >= self.cap {
            Run::Exact(self.penalty * self.cap)
        } else {
            Run::Above(run_cap)
        }
    }

    /// The cost of a run made with the full cap.
    pub fn full_cost(&self, o: RunResult) -> f64 {
        self.cost(o, self.cap).bound()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn par10_and_capped_runs() {
        let obj = Objective::par10(2.0);
        assert_eq!(
            obj.full_cost(RunResult {
                solved: true,
                time: 1.5
            }),
            1.5
        );
        assert_eq!(
            obj.full_cost(RunResult {
                solved: false,
                time: 2.0
            }),
            20.0
        );
        // A run stopped early by adaptive capping is only a lower bound.
        assert_eq!(
            obj.cost(
                RunResult {
                    solved: false,
                    time: 0.5
                },
                0.5
            ),
            Run::Above(0.5)
        );
        assert!(!obj
            .cost(
                RunResult {
                    solved: false,
                    time: 0.5
                },
                0.5
            )
            .is_exact());
        // Solved above the run's cap (a slow return): not an exact cost under that cap.
        assert_eq!(
            obj.cost(
                RunResult {
                    solved: true,
                    time: 0.7
                },
                0.5
            ),
            Run::Above(0.5)
        );
    }
}
