//! The clause arena: all clauses of length >= 2 in one flat `Vec<u32>`.
//!
//! Layout of a clause at reference `c` (a `CRef`, an index into the arena):
//! `arena[c] = len`, `arena[c+1] = flags | lbd << 8`, `arena[c+2] = activity (f32 bits)`,
//! `arena[c+3 .. c+3+len]` = literal codes. Invariants: `len >= 2` for live clauses; a deleted
//! clause keeps its words until [`ClauseDb::compact`] (its words are counted in `garbage`);
//! `originals` and `learnts` list the live clauses of each kind (deleted ones are removed from
//! them by the code that deletes); the first two literals of a live clause are its watches.

use crate::lit::Lit;

/// Index of a clause header in the arena.
pub type CRef = u32;
/// Marks "no clause" (e.g. a decision's reason).
pub const NO_CREF: CRef = u32::MAX;

const HEADER: usize = 3;
const F_LEARNT: u32 = 1;
const F_DELETED: u32 = 2;

/// Flat clause storage plus the lists of live original and learned clauses.
#[derive(Default)]
pub struct ClauseDb {
    pub arena: Vec<u32>,
    /// Live irredundant clauses (added by the user or produced by elimination).
    pub originals: Vec<CRef>,
    /// Live learned clauses.
    pub learnts: Vec<CRef>,
    /// Words occupied by deleted clauses.
    pub garbage: usize,
    /// Current learned-clause activity increment.
    pub cla_inc: f32,
}

impl ClauseDb {
    pub fn new() -> Self {
        ClauseDb {
            cla_inc: 1.0,
            ..Default::default()
        }
    }

    /// Stores a clause and returns its reference (does not attach watches or list it).
    pub fn alloc(&mut self, lits: &[Lit], learnt: bool, lbd: u32) -> CRef {
        debug_assert!(lits.len() >= 2);
        let c = self.arena.len() as CRef;
        self.arena.push(lits.len() as u32);
        self.arena
            .push(if learnt { F_LEARNT } else { 0 } | (lbd.min(0xff_ffff) << 8));
        self.arena.push(0f32.to_bits());
        self.arena.extend(lits.iter().map(|l| l.0));
        c
    }

    #[inline]
    pub fn len(&self, c: CRef) -> usize {
        self.arena[c as usize] as usize
    }
    #[inline]
    pub fn lits(&self, c: CRef) -> &[u32] {
        let s = c as usize + HEADER;
        &self.arena[s..s + self.arena[c as usize] as usize]
    }
    #[inline]
    pub fn lits_mut(&mut self, c: CRef) -> &mut [u32] {
        let s = c as usize + HEADER;
        let n = self.arena[c as usize] as usize;
        &mut self.arena[s..s + n]
    }
    #[inline]
    pub fn lit(&self, c: CRef, i: usize) -> Lit {
        Lit(self.arena[c as usize + HEADER + i])
    }
    /// Shrinks a clause in place to its first `n` literals (the rest become garbage).
    pub fn shrink(&mut self, c: CRef, n: usize) {
        let old = self.len(c);
        debug_assert!(n <= old);
        self.arena[c as usize] = n as u32;
        self.garbage += old - n;
    }
    #[inline]
    pub fn is_learnt(&self, c: CRef) -> bool {
        self.arena[c as usize + 1] & F_LEARNT != 0
    }
    #[inline]
    pub fn is_deleted(&self, c: CRef) -> bool {
        self.arena[c as usize + 1] & F_DELETED != 0
    }
    /// Marks a clause deleted (callers remove it from `originals`/`learnts` and watches).
    pub fn mark_deleted(&mut self, c: CRef) {
        if !self.is_deleted(c) {
            self.arena[c as usize + 1] |= F_DELETED;
            self.garbage += HEADER + self.len(c);
        }
    }
    #[inline]
    pub fn lbd(&self, c: CRef) -> u32 {
        self.arena[c as usize + 1] >> 8
    }
    pub fn set_lbd(&mut self, c: CRef, lbd: u32) {
        let w = &mut self.arena[c as usize + 1];
        *w = (*w & 0xff) | (lbd.min(0xff_ffff) << 8);
    }
    #[inline]
    pub fn activity(&self, c: CRef) -> f32 {
        f32::from_bits(self.arena[c as usize + 2])
    }
    fn set_activity(&mut self, c: CRef, a: f32) {
        self.arena[c as usize + 2] = a.to_bits();
    }

    /// Bumps a learned clause's activity, rescaling all when they grow too large.
    pub fn bump(&mut self, c: CRef) {
        let a = self.activity(c) + self.cla_inc;
        self.set_activity(c, a);
        if a > 1e20 {
            for i in 0..self.learnts.len() {
                let l = self.learnts[i];
                let v = self.activity(l) * 1e-20;
                self.set_activity(l, v);
            }
            self.cla_inc *= 1e-20;
        }
    }
    /// Applies the activity decay (by growing the increment).
    pub fn decay(&mut self, factor: f64) {
        self.cla_inc = (self.cla_inc as f64 / factor) as f32;
    }

    /// Total words in use (live and garbage).
    pub fn words(&self) -> usize {
        self.arena.len()
    }

    /// Moves all live clauses to a fresh arena, in list order (originals then learnts), and
    /// returns the old arena, in which each live clause's activity word now holds its new
    /// reference (read it with [`forward`]).
    pub fn compact(&mut self) -> Vec<u32> {
        let mut new_arena = Vec::with_capacity(self.arena.len().saturating_sub(self.garbage) + 16);
        for list in [&mut self.originals, &mut self.learnts] {
            for c in list.iter_mut() {
                let old = *c as usize;
                let n = self.arena[old] as usize;
                let nc = new_arena.len() as CRef;
                new_arena.extend_from_slice(&self.arena[old..old + HEADER + n]);
                self.arena[old + 2] = nc;
                *c = nc;
            }
        }
        self.garbage = 0;
        std::mem::replace(&mut self.arena, new_arena)
    }
}

/// The new reference of clause `c` after [`ClauseDb::compact`] returned `old`; `NO_CREF` if `c`
/// was deleted.
pub fn forward(old: &[u32], c: CRef) -> CRef {
    if c == NO_CREF || old[c as usize + 1] & F_DELETED != 0 {
        NO_CREF
    } else {
        old[c as usize + 2]
    }
}
