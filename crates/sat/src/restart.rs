//! Restart policies: Luby, geometric, and glucose-style dynamic restarts with blocking. The
//! policy and its unit can be switched ([`Restarts::set_mode`]) by stable/focused mode switching
//! (`mode.rs`).
//!
//! Invariant: `conflicts_since` counts conflicts since the last restart; the policy is asked
//! only between conflicts ([`Restarts::should_restart`]) and told of each conflict
//! ([`Restarts::on_conflict`]) and each restart ([`Restarts::on_restart`]).

use crate::params::{Params, RestartMode};
use std::collections::VecDeque;

pub struct Restarts {
    mode: RestartMode,
    /// Conflicts per restart unit (luby unit, first geometric interval).
    base: u64,
    conflicts_since: u64,
    /// Limit for the current interval (luby/geometric).
    limit: f64,
    luby_index: u64,
    lbd_window: VecDeque<u32>,
    lbd_window_sum: u64,
    lbd_total: u64,
    lbd_count: u64,
    trail_window: VecDeque<u32>,
    trail_window_sum: u64,
}

/// The i-th element (1-based) of the Luby sequence 1,1,2,1,1,2,4,...
pub fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        let mut k = 1u32;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

impl Restarts {
    pub fn new(p: &Params) -> Self {
        let mut r = Restarts {
            mode: p.restart,
            base: p.restart_base,
            conflicts_since: 0,
            limit: 0.0,
            luby_index: 0,
            lbd_window: VecDeque::new(),
            lbd_window_sum: 0,
            lbd_total: 0,
            lbd_count: 0,
            trail_window: VecDeque::new(),
            trail_window_sum: 0,
        };
        r.next_interval(p);
        r
    }
    fn next_interval(&mut self, p: &Params) {
        match self.mode {
            RestartMode::Luby => {
                self.luby_index += 1;
                self.limit = (self.base * luby(self.luby_index)) as f64;
            }
            RestartMode::Geometric => {
                self.limit = if self.limit == 0.0 {
                    self.base as f64
                } else {
                    self.limit * p.restart_factor
                };
            }
            RestartMode::Glucose | RestartMode::Never => {}
        }
    }
    /// Records a conflict with the learned clause's LBD and the trail size at the conflict.
    /// Returns true if glucose blocking suppressed a pending restart.
    pub fn on_conflict(
        &mut self,
        p: &Params,
        lbd: u32,
        trail_len: usize,
        total_conflicts: u64,
    ) -> bool {
        self.conflicts_since += 1;
        if self.mode != RestartMode::Glucose {
            return false;
        }
        self.lbd_total += lbd as u64;
        self.lbd_count += 1;
        let tw = p.restart_block_window as usize;
        self.trail_window.push_back(trail_len as u32);
        self.trail_window_sum += trail_len as u64;
        if self.trail_window.len() > tw {
            self.trail_window_sum -= self.trail_window.pop_front().unwrap_or(0) as u64;
        }
        let mut blocked = false;
        let lw = p.restart_lbd_window as usize;
        if total_conflicts > p.restart_block_min
            && self.lbd_window.len() == lw
            && self.trail_window.len() == tw
            && trail_len as f64
                > p.restart_block_factor * (self.trail_window_sum as f64 / tw as f64)
        {
            self.lbd_window.clear();
            self.lbd_window_sum = 0;
            blocked = true;
        }
        self.lbd_window.push_back(lbd);
        self.lbd_window_sum += lbd as u64;
        if self.lbd_window.len() > lw {
            self.lbd_window_sum -= self.lbd_window.pop_front().unwrap_or(0) as u64;
        }
        blocked
    }
    pub fn should_restart(&self, p: &Params) -> bool {
        match self.mode {
            RestartMode::Never => false,
            RestartMode::Luby | RestartMode::Geometric => self.conflicts_since as f64 >= self.limit,
            RestartMode::Glucose => {
                let lw = p.restart_lbd_window as usize;
                self.lbd_window.len() == lw
                    && self.lbd_count > 0
                    && (self.lbd_window_sum as f64 / lw as f64) * p.restart_lbd_margin
                        > self.lbd_total as f64 / self.lbd_count as f64
            }
        }
    }
    /// Switches to policy `mode` with unit `base` (stable/focused mode switching), starting a
    /// fresh interval; the global LBD average is kept.
    pub fn set_mode(&mut self, p: &Params, mode: RestartMode, base: u64) {
        self.mode = mode;
        self.base = base;
        self.limit = 0.0;
        self.luby_index = 0;
        self.trail_window.clear();
        self.trail_window_sum = 0;
        self.on_restart(p);
    }
    pub fn on_restart(&mut self, p: &Params) {
        self.conflicts_since = 0;
        self.lbd_window.clear();
        self.lbd_window_sum = 0;
        self.next_interval(p);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn luby_sequence() {
        let s: Vec<u64> = (1..=15).map(super::luby).collect();
        assert_eq!(s, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
