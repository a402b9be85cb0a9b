//! EVSIDS variable activities on an indexed binary max-heap.
//!
//! Invariants: `heap` is a max-heap under [`Vsids::better`] (activity, then the tie key);
//! `pos[v]` is `v`'s index in `heap` or `NOT_IN_HEAP`. Variables may stay in the heap while
//! assigned (they are skipped lazily when popped). Activities are rescaled together when one
//! exceeds 1e100, which preserves the order.

const NOT_IN_HEAP: u32 = u32::MAX;

#[derive(Default)]
pub struct Vsids {
    pub act: Vec<f64>,
    /// Secondary key for ties (occurrence product or sum, or 0).
    pub tie: Vec<u64>,
    pub heap: Vec<u32>,
    pos: Vec<u32>,
    pub inc: f64,
}

impl Vsids {
    pub fn new() -> Self {
        Vsids {
            inc: 1.0,
            ..Default::default()
        }
    }
    pub fn grow(&mut self) {
        self.act.push(0.0);
        self.tie.push(0);
        self.pos.push(NOT_IN_HEAP);
    }
    #[inline]
    fn better(&self, a: u32, b: u32) -> bool {
        let (x, y) = (self.act[a as usize], self.act[b as usize]);
        x > y || (x == y && self.tie[a as usize] > self.tie[b as usize])
    }
    #[inline]
    pub fn contains(&self, v: u32) -> bool {
        self.pos[v as usize] != NOT_IN_HEAP
    }
    pub fn insert(&mut self, v: u32) {
        if self.contains(v) {
            return;
        }
        self.pos[v as usize] = self.heap.len() as u32;
        self.heap.push(v);
        self.up(self.heap.len() - 1);
    }
    pub fn pop(&mut self) -> Option<u32> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        self.pos[top as usize] = NOT_IN_HEAP;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.pos[last as usize] = 0;
            self.down(0);
        }
        Some(top)
    }
    /// Restores the heap order after a change of `v`'s tie key or activity (any direction).
    pub fn update(&mut self, v: u32) {
        if self.contains(v) {
            let i = self.pos[v as usize] as usize;
            self.up(i);
            let i = self.pos[v as usize] as usize;
            self.down(i);
        }
    }
    /// Increases `v`'s activity by the current increment.
    pub fn bump(&mut self, v: u32) {
        let a = self.act[v as usize] + self.inc;
        self.act[v as usize] = a;
        if a > 1e100 {
            for x in self.act.iter_mut() {
                *x *= 1e-100;
            }
            self.inc *= 1e-100;
        }
        if self.contains(v) {
            self.up(self.pos[v as usize] as usize);
        }
    }
    /// Decays all activities (EVSIDS: grows the increment instead).
    pub fn decay(&mut self, factor: f64) {
        self.inc /= factor;
    }
    fn up(&mut self, mut i: usize) {
        let v = self.heap[i];
        while i > 0 {
            let p = (i - 1) / 2;
            if !self.better(v, self.heap[p]) {
                break;
            }
            self.place(i, self.heap[p]);
            i = p;
        }
        self.place(i, v);
    }
    fn down(&mut self, mut i: usize) {
        let v = self.heap[i];
        let n = self.heap.len();
        loop {
            let l = 2 * i + 1;
            if l >= n {
                break;
            }
            let r = l + 1;
            let c = if r < n && self.better(self.heap[r], self.heap[l]) {
                r
            } else {
                l
            };
            if !self.better(self.heap[c], v) {
                break;
            }
            self.place(i, self.heap[c]);
            i = c;
        }
        self.place(i, v);
    }
    /// Puts variable `v` at heap slot `i` (keeping `pos` the inverse of `heap`).
    #[inline]
    fn place(&mut self, i: usize, v: u32) {
        self.heap[i] = v;
        self.pos[v as usize] = i as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn pops_in_activity_then_tie_order() {
        let mut h = Vsids::new();
        for _ in 0..6 {
            h.grow();
        }
        h.act = vec![1.0, 5.0, 3.0, 5.0, 0.0, 2.0];
        h.tie = vec![0, 1, 0, 7, 0, 0];
        for v in 0..6 {
            h.insert(v);
        }
        let order: Vec<u32> = std::iter::from_fn(|| h.pop()).collect();
        assert_eq!(order, vec![3, 1, 2, 5, 0, 4]);
    }
}
