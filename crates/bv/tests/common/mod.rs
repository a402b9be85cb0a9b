//! Shared test helpers: a seeded RNG and a random formula generator.
//!
//! The generator's choices depend only on the seed and on sorts (never on term ids), so the
//! same seed builds the same formula under any rewrite configuration: tests build it once
//! unrewritten and once rewritten and compare.
#![allow(dead_code)]

use vigil_bv::{BitVecValue, Op, Sort, TermId, TermManager};

pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03 | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }
}

/// Knobs of the generator.
#[derive(Clone)]
pub struct GenParams {
    pub widths: Vec<u32>,
    pub max_width: u32,
    /// Multiplication and division only up to this width (they make hard SAT problems).
    pub heavy_max: u32,
    pub vars_per_width: usize,
    pub bool_vars: usize,
    /// Percent chance to reuse an already built term of the right sort.
    pub reuse: u64,
}

pub struct Gen {
    pub rng: Rng,
    pub p: GenParams,
    vars: Vec<(u32, TermId)>,
    bool_vars: Vec<TermId>,
    pool: Vec<TermId>,
    bool_pool: Vec<TermId>,
}

pub fn special_const(rng: &mut Rng, w: u32) -> BitVecValue {
    match rng.below(8) {
        0 => BitVecValue::zero(w),
        1 => BitVecValue::one(w),
        2 => BitVecValue::ones(w),
        3 => BitVecValue::min_signed(w),
        4 => BitVecValue::max_signed(w),
        5 => BitVecValue::one(w).shl_by(rng.below(w as u64) as u32),
        _ => BitVecValue::from_limbs(w, vec![rng.next_u64(), rng.next_u64()]),
    }
}

impl Gen {
    pub fn new(seed: u64, p: GenParams) -> Self {
        Gen { rng: Rng::new(seed), p, vars: Vec::new(), bool_vars: Vec::new(), pool: Vec::new(), bool_pool: Vec::new() }
    }

    /// A generator with the same variables, a fresh RNG from `seed` and empty pools.
    pub fn fork(&self, seed: u64) -> Gen {
        Gen {
            rng: Rng::new(seed),
            p: self.p.clone(),
            vars: self.vars.clone(),
            bool_vars: self.bool_vars.clone(),
            pool: Vec::new(),
            bool_pool: Vec::new(),
        }
    }

    /// Creates the variables up front so that their order does not depend on rewriting.
    pub fn declare(&mut self, tm: &mut TermManager) {
        for &w in &self.p.widths.clone() {
            for i in 0..self.p.vars_per_width {
                let v = tm.var(&format!("x{w}_{i}"), Sort::BitVec(w));
                self.vars.push((w, v));
            }
        }
        for i in 0..self.p.bool_vars {
            let v = tm.var(&format!("p{i}"), Sort::Bool);
            self.bool_vars.push(v);
        }
    }

    fn reuse_bv(&mut self, tm: &TermManager, w: u32) -> Option<TermId> {
        let c: Vec<TermId> = self.pool.iter().copied().filter(|&t| tm.width(t) == w).collect();
        (!c.is_empty()).then(|| self.rng.pick(&c))
    }

    pub fn leaf_bv(&mut self, tm: &mut TermManager, w: u32) -> TermId {
        let vs: Vec<TermId> = self.vars.iter().filter(|(vw, _)| *vw == w).map(|v| v.1).collect();
        if !vs.is_empty() && self.rng.chance(65) {
            return self.rng.pick(&vs);
        }
        let c = special_const(&mut self.rng, w);
        tm.bv_const(c)
    }

    pub fn bv(&mut self, tm: &mut TermManager, w: u32, depth: u32) -> TermId {
        if self.rng.chance(self.p.reuse) {
            if let Some(t) = self.reuse_bv(tm, w) {
                return t;
            }
        }
        if depth == 0 || self.rng.chance(15) {
            return self.leaf_bv(tm, w);
        }
        let d = depth - 1;
        const BIN: [Op; 14] = [
            Op::BvAnd,
            Op::BvOr,
            Op::BvXor,
            Op::BvAdd,
            Op::BvSub,
            Op::BvMul,
            Op::BvUdiv,
            Op::BvUrem,
            Op::BvSdiv,
            Op::BvSrem,
            Op::BvSmod,
            Op::BvShl,
            Op::BvLshr,
            Op::BvAshr,
        ];
        let t = match self.rng.below(20) {
            0 => {
                let a = self.bv(tm, w, d);
                tm.bvnot(a)
            }
            1 => {
                let a = self.bv(tm, w, d);
                tm.bvneg(a)
            }
            2..=11 => {
                let mut op = BIN[self.rng.below(BIN.len() as u64) as usize].clone();
                let heavy = matches!(op, Op::BvMul | Op::BvUdiv | Op::BvUrem | Op::BvSdiv | Op::BvSrem | Op::BvSmod);
                let a = self.bv(tm, w, d);
                let b = if heavy && w > self.p.heavy_max {
                    if self.rng.chance(50) {
                        op = Op::BvAdd;
                        self.bv(tm, w, d)
                    } else {
                        // A constant operand keeps wide multiplication/division cheap.
                        let c = special_const(&mut self.rng, w);
                        tm.bv_const(c)
                    }
                } else {
                    self.bv(tm, w, d)
                };
                tm.app(op, &[a, b])
            }
            12 | 13 => {
                let c = self.boolean(tm, d);
                let a = self.bv(tm, w, d);
                let b = self.bv(tm, w, d);
                tm.ite(c, a, b)
            }
            14 | 15 if w < self.p.max_width => {
                let extra = 1 + self.rng.below((self.p.max_width - w).min(8) as u64) as u32;
                let src = self.bv(tm, w + extra, d);
                let lo = self.rng.below(extra as u64 + 1) as u32;
                tm.extract(src, lo + w - 1, lo)
            }
            16 | 17 if w >= 2 => {
                let w1 = 1 + self.rng.below(w as u64 - 1) as u32;
                let a = self.bv(tm, w1, d);
                let b = self.bv(tm, w - w1, d);
                tm.concat(a, b)
            }
            18 | 19 if w >= 2 => {
                let w1 = 1 + self.rng.below(w as u64 - 1) as u32;
                let a = self.bv(tm, w1, d);
                if self.rng.chance(50) {
                    tm.zero_extend(a, w - w1)
                } else {
                    tm.sign_extend(a, w - w1)
                }
            }
            _ => self.leaf_bv(tm, w),
        };
        self.pool.push(t);
        t
    }

    pub fn boolean(&mut self, tm: &mut TermManager, depth: u32) -> TermId {
        if self.rng.chance(self.p.reuse) && !self.bool_pool.is_empty() {
            let c = self.bool_pool.clone();
            return self.rng.pick(&c);
        }
        if depth == 0 || self.rng.chance(10) {
            if !self.bool_vars.is_empty() && self.rng.chance(70) {
                let c = self.bool_vars.clone();
                return self.rng.pick(&c);
            }
            let b = self.rng.chance(50);
            return tm.bool_const(b);
        }
        let d = depth - 1;
        let w = self.rng.pick(&self.p.widths.clone());
        let t = match self.rng.below(16) {
            0 => {
                let a = self.boolean(tm, d);
                tm.not(a)
            }
            1 | 2 => {
                let (a, b) = (self.boolean(tm, d), self.boolean(tm, d));
                tm.and(a, b)
            }
            3 => {
                let (a, b) = (self.boolean(tm, d), self.boolean(tm, d));
                tm.or(a, b)
            }
            4 => {
                let (a, b) = (self.boolean(tm, d), self.boolean(tm, d));
                tm.xor(a, b)
            }
            5 => {
                let (c, a, b) = (self.boolean(tm, d), self.boolean(tm, d), self.boolean(tm, d));
                tm.ite(c, a, b)
            }
            6 => {
                let (a, b) = (self.boolean(tm, d), self.boolean(tm, d));
                tm.eq(a, b)
            }
            7 | 8 => {
                let (a, b) = (self.bv(tm, w, d), self.bv(tm, w, d));
                tm.eq(a, b)
            }
            9 | 10 => {
                let (a, b) = (self.bv(tm, w, d), self.bv(tm, w, d));
                tm.ult(a, b)
            }
            11 | 12 => {
                let (a, b) = (self.bv(tm, w, d), self.bv(tm, w, d));
                tm.slt(a, b)
            }
            13 => {
                let (a, b) = (self.bv(tm, w, d), self.bv(tm, w, d));
                tm.ule(a, b)
            }
            14 => {
                let (a, b) = (self.bv(tm, w, d), self.bv(tm, w, d));
                tm.sle(a, b)
            }
            _ => {
                let (a, b) = (self.boolean(tm, d), self.boolean(tm, d));
                tm.implies(a, b)
            }
        };
        self.bool_pool.push(t);
        t
    }

    /// A conjunction of `n` random Boolean terms.
    pub fn formula(&mut self, tm: &mut TermManager, n: usize, depth: u32) -> TermId {
        let mut acc = tm.tt();
        for _ in 0..n {
            let b = self.boolean(tm, depth);
            acc = tm.and(acc, b);
        }
        acc
    }

    pub fn all_vars(&self) -> Vec<TermId> {
        self.vars.iter().map(|v| v.1).chain(self.bool_vars.iter().copied()).collect()
    }
}
