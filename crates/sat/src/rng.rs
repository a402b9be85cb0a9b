//! A small deterministic pseudo-random generator (xorshift64*), seeded from the parameter table.
//!
//! Invariant: the state is never zero.

#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15 | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in `[0, n)`; `n > 0`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    /// True with probability `pct` percent.
    pub fn chance_pct(&mut self, pct: f64) -> bool {
        pct > 0.0 && ((self.next_u64() >> 11) as f64 / (1u64 << 53) as f64) * 100.0 < pct
    }
}
