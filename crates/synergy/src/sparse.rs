//! The tests' values of the large arrays ([`crate::flatten::arrays`]) whose shadow cells are
//! not registers: one persistent sparse map per array from element index to value, 0 where
//! nothing was written (what [`crate::exec`] gives an undefined value; a global's other
//! initial values are written first thing, [`crate::flatten::FInst::ShadowFill`]).
//!
//! Every forest state holds its own [`Shadows`], but two states share every part of the maps
//! that the step between them did not write: a map is a trie of [`FANOUT`]-way nodes over the
//! index's digits, and a write copies the nodes on one root-to-leaf path only (path copying).
//! So a step writing one cell costs one path (a few hundred bytes), whatever the array's size,
//! and a state that writes nothing costs nothing more than its registers.
//!
//! Invariants:
//! * Canonical: a subtree whose cells are all 0 is absent (`None`), so two maps with the same
//!   contents have the same shape, and equality and hashing are over contents.
//! * Every node caches the hash of its contents ([`Node::hash`]); a map's hash is its root's,
//!   so hashing a state for the forest's index does not walk the trie.
//! * Values are stored as the caller gives them (masked to the cell's width by [`crate::exec`]).

use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// Children per inner node and cells per leaf.
pub const FANOUT: usize = 16;
const BITS: u32 = FANOUT.trailing_zeros();

/// A node of a trie (see the module doc).
#[derive(Debug)]
enum Node {
    Inner { hash: u64, kids: [Option<Rc<Node>>; FANOUT] },
    Leaf { hash: u64, cells: [u64; FANOUT] },
}

fn mix(h: u64, x: u64) -> u64 {
    (h ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)
}

impl Node {
    fn hash(&self) -> u64 {
        match self {
            Node::Inner { hash, .. } | Node::Leaf { hash, .. } => *hash,
        }
    }

    /// A leaf holding `cells`, None when every cell is 0.
    fn leaf(cells: [u64; FANOUT]) -> Option<Rc<Node>> {
        if cells.iter().all(|&c| c == 0) {
            return None;
        }
        let hash = cells.iter().enumerate().filter(|(_, &c)| c != 0).fold(1, |h, (i, &c)| mix(mix(h, i as u64), c));
        Some(Rc::new(Node::Leaf { hash, cells }))
    }

    /// An inner node over `kids`, None when every kid is absent.
    fn inner(kids: [Option<Rc<Node>>; FANOUT]) -> Option<Rc<Node>> {
        if kids.iter().all(Option::is_none) {
            return None;
        }
        let hash = kids.iter().enumerate().filter_map(|(i, k)| k.as_ref().map(|k| (i, k.hash()))).fold(2, |h, (i, kh)| mix(mix(h, i as u64), kh));
        Some(Rc::new(Node::Inner { hash, kids }))
    }

    fn same(a: &Option<Rc<Node>>, b: &Option<Rc<Node>>) -> bool {
        match (a, b) {
            (None, None) => true,
            (Some(x), Some(y)) => Rc::ptr_eq(x, y) || (x.hash() == y.hash() && Node::same_contents(x, y)),
            _ => false,
        }
    }

    fn same_contents(a: &Node, b: &Node) -> bool {
        match (a, b) {
            (Node::Leaf { cells: x, .. }, Node::Leaf { cells: y, .. }) => x == y,
            (Node::Inner { kids: x, .. }, Node::Inner { kids: y, .. }) => x.iter().zip(y).all(|(p, q)| Node::same(p, q)),
            _ => false,
        }
    }
}

/// The values of one array (see the module doc): `levels` inner levels above the leaves.
#[derive(Clone, Debug)]
struct Trie {
    levels: u32,
    root: Option<Rc<Node>>,
}

impl Trie {
    fn new(cells: u64) -> Trie {
        let mut levels = 0;
        while (FANOUT as u64) << (BITS * levels) < cells {
            levels += 1;
        }
        Trie { levels, root: None }
    }

    fn digit(&self, i: u64, level: u32) -> usize {
        ((i >> (BITS * level)) as usize) & (FANOUT - 1)
    }

    fn get(&self, i: u64) -> u64 {
        let mut node = &self.root;
        let mut level = self.levels;
        loop {
            match node.as_deref() {
                None => return 0,
                Some(Node::Leaf { cells, .. }) => return cells[self.digit(i, 0)],
                Some(Node::Inner { kids, .. }) => {
                    node = &kids[self.digit(i, level)];
                    level -= 1;
                }
            }
        }
    }

    fn set(&mut self, i: u64, v: u64) {
        let root = self.root.take();
        self.root = self.set_in(root.as_ref(), self.levels, i, v);
    }

    fn set_in(&self, node: Option<&Rc<Node>>, level: u32, i: u64, v: u64) -> Option<Rc<Node>> {
        if level == 0 {
            let mut cells = match node.map(|n| &**n) {
                Some(Node::Leaf { cells, .. }) => *cells,
                _ => [0; FANOUT],
            };
            let d = self.digit(i, 0);
            if cells[d] == v {
                return node.cloned();
            }
            cells[d] = v;
            return Node::leaf(cells);
        }
        let mut kids: [Option<Rc<Node>>; FANOUT] = match node.map(|n| &**n) {
            Some(Node::Inner { kids, .. }) => kids.clone(),
            _ => Default::default(),
        };
        let d = self.digit(i, level);
        let kid = self.set_in(kids[d].as_ref(), level - 1, i, v);
        let unchanged = match (&kid, &kids[d]) {
            (None, None) => true,
            (Some(x), Some(y)) => Rc::ptr_eq(x, y),
            _ => false,
        };
        if unchanged {
            return node.cloned();
        }
        kids[d] = kid;
        Node::inner(kids)
    }

    /// Nodes of `self` not shared with `base` (the same position in both), and their bytes.
    fn fresh_nodes(&self, base: &Trie) -> u64 {
        fn walk(a: &Option<Rc<Node>>, b: Option<&Option<Rc<Node>>>) -> u64 {
            let Some(x) = a else { return 0 };
            let old = b.and_then(|b| b.as_ref());
            if old.is_some_and(|y| Rc::ptr_eq(x, y)) {
                return 0;
            }
            match &**x {
                Node::Leaf { .. } => 1,
                Node::Inner { kids, .. } => {
                    let old_kids = match old.map(|y| &**y) {
                        Some(Node::Inner { kids, .. }) => Some(kids),
                        _ => None,
                    };
                    1 + kids.iter().enumerate().map(|(i, k)| walk(k, old_kids.map(|o| &o[i]))).sum::<u64>()
                }
            }
        }
        walk(&self.root, Some(&base.root))
    }
}

/// The sparse shadow cells of the large arrays of a program, indexed like
/// [`crate::flatten::Flat::arrays`]: None for an array whose cells the tests do not keep
/// here (shadow registers, or not kept yet: [`crate::flatten::Flat::initial_shadows`]).
#[derive(Clone, Debug, Default)]
pub struct Shadows(Vec<Option<Trie>>);

impl Shadows {
    /// Every cell 0, for arrays of the given numbers of cells (None: not kept).
    pub fn new(cells: impl IntoIterator<Item = Option<u64>>) -> Shadows {
        Shadows(cells.into_iter().map(|c| c.map(Trie::new)).collect())
    }

    /// Whether the map keeps the cells of array `a`.
    pub fn keeps(&self, a: u32) -> bool {
        self.0.get(a as usize).is_some_and(Option::is_some)
    }

    /// The value of cell `i` of array `a` (0 when never written; also for an array the map
    /// does not keep).
    pub fn get(&self, a: u32, i: u64) -> u64 {
        self.0.get(a as usize).and_then(Option::as_ref).map_or(0, |t| t.get(i))
    }

    /// Cell `i` of array `a` `:= v` (nothing for an array the map does not keep).
    pub fn set(&mut self, a: u32, i: u64, v: u64) {
        if let Some(Some(t)) = self.0.get_mut(a as usize) {
            t.set(i, v);
        }
    }

    /// Cells `from..to` of array `a` `:= v` (all of them at once when that makes it empty;
    /// nothing for an array the map does not keep).
    pub fn fill(&mut self, a: u32, from: u64, to: u64, v: u64, cells: u64) {
        let Some(Some(t)) = self.0.get_mut(a as usize) else { return };
        if v == 0 && from == 0 && to >= cells {
            t.root = None;
            return;
        }
        for i in from..to {
            t.set(i, v);
        }
    }

    /// Estimated heap bytes of the nodes `self` does not share with `base` (a state's
    /// successor shares all but the paths its step wrote).
    pub fn fresh_bytes(&self, base: &Shadows) -> u64 {
        let node = crate::engine::malloc_block(16 + std::mem::size_of::<Node>());
        let empty = Trie { levels: 0, root: None };
        let nodes: u64 = self.0.iter().enumerate().filter_map(|(i, t)| Some(t.as_ref()?.fresh_nodes(base.0.get(i).and_then(Option::as_ref).unwrap_or(&empty)))).sum();
        nodes * node + if self.0.is_empty() { 0 } else { crate::engine::malloc_block(std::mem::size_of_val(self.0.as_slice())) }
    }
}

impl PartialEq for Shadows {
    fn eq(&self, other: &Shadows) -> bool {
        self.0.len() == other.0.len()
            && self.0.iter().zip(&other.0).all(|(a, b)| match (a, b) {
                (None, None) => true,
                (Some(a), Some(b)) => Node::same(&a.root, &b.root),
                _ => false,
            })
    }
}

impl Eq for Shadows {}

impl Hash for Shadows {
    fn hash<H: Hasher>(&self, h: &mut H) {
        for t in &self.0 {
            h.write_u64(t.as_ref().map_or(1, |t| t.root.as_ref().map_or(0, |n| n.hash())));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash_of(s: &Shadows) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        s.hash(&mut h);
        h.finish()
    }

    #[test]
    fn reads_what_was_written_and_zero_elsewhere() {
        let mut s = Shadows::new([Some(100_000), Some(300), None]);
        assert_eq!(s.get(0, 99_999), 0);
        s.set(0, 99_999, 7);
        s.set(0, 0, 3);
        s.set(1, 17, 5);
        assert_eq!((s.get(0, 99_999), s.get(0, 0), s.get(0, 1), s.get(1, 17), s.get(1, 16)), (7, 3, 0, 5, 0));
        // An array the map does not keep, or past its arrays: 0, and writes do nothing.
        s.set(2, 1, 9);
        assert_eq!((s.get(2, 1), s.get(5, 1), s.keeps(1), s.keeps(2)), (0, 0, true, false));
    }

    #[test]
    fn a_copy_is_not_changed_by_writes_to_the_original() {
        let mut s = Shadows::new([Some(100_000)]);
        for i in 0..1000 {
            s.set(0, i * 97, i + 1);
        }
        let before = s.clone();
        s.set(0, 97, 0);
        s.set(0, 5, 9);
        assert_eq!(before.get(0, 97), 2);
        assert_eq!(before.get(0, 5), 0);
        assert_eq!(s.get(0, 97), 0);
        assert_eq!(s.get(0, 5), 9);
        // One path per write: a few nodes, not the whole array.
        let fresh = s.fresh_bytes(&before);
        assert!(fresh < 4096, "{fresh}");
    }

    #[test]
    fn equal_contents_are_equal_maps_with_equal_hashes() {
        let mut a = Shadows::new([Some(5000)]);
        let mut b = Shadows::new([Some(5000)]);
        a.set(0, 10, 1);
        a.set(0, 4000, 2);
        b.set(0, 4000, 2);
        b.set(0, 3, 8);
        b.set(0, 10, 1);
        assert_ne!(a, b);
        b.set(0, 3, 0);
        assert_eq!(a, b);
        assert_eq!(hash_of(&a), hash_of(&b));
        a.set(0, 10, 0);
        a.set(0, 4000, 0);
        assert_eq!(a, Shadows::new([Some(5000)]));
    }

    #[test]
    fn fills_a_range_or_clears_the_whole_array() {
        let mut s = Shadows::new([Some(1000)]);
        s.fill(0, 10, 20, 4, 1000);
        assert_eq!((s.get(0, 9), s.get(0, 10), s.get(0, 19), s.get(0, 20)), (0, 4, 4, 0));
        s.fill(0, 0, 1000, 0, 1000);
        assert_eq!(s, Shadows::new([Some(1000)]));
    }
}
