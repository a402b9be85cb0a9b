//! And-inverter graph with structural hashing, and its Tseitin encoding into clauses
//! (Babić thesis §5.1.2: Spear's CNF encoder works on a structurally hashed gate graph, so
//! equal gates are one SAT variable).
//!
//! Invariants:
//! - Node 0 is the constant; literal [`AigLit::FALSE`] is node 0 positive, `TRUE` its complement.
//! - An AND node's two fanins have smaller node indices than the node, and no two AND nodes have
//!   the same (ordered) fanin pair; trivial ANDs (constant, equal or complementary fanins) are
//!   never created.
//! - [`Tseitin`] gives a SAT variable only to nodes reachable from a literal it was asked to
//!   encode, and emits each node's three clauses exactly once, so re-encoding is incremental.

use std::collections::HashMap;

/// A possibly complemented AIG node: `2*node + complement`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct AigLit(u32);

impl AigLit {
    pub const FALSE: AigLit = AigLit(0);
    pub const TRUE: AigLit = AigLit(1);

    pub fn node(self) -> u32 {
        self.0 >> 1
    }

    pub fn is_complemented(self) -> bool {
        self.0 & 1 == 1
    }

    pub fn is_const(self) -> bool {
        self.node() == 0
    }

    pub fn from_bool(b: bool) -> AigLit {
        if b {
            Self::TRUE
        } else {
            Self::FALSE
        }
    }
}

impl std::ops::Not for AigLit {
    type Output = AigLit;
    fn not(self) -> AigLit {
        AigLit(self.0 ^ 1)
    }
}

#[derive(Clone, Copy, Debug)]
enum Node {
    Const,
    Input,
    And(AigLit, AigLit),
}

/// The gate graph. See the module invariants.
pub struct Aig {
    nodes: Vec<Node>,
    table: HashMap<(AigLit, AigLit), u32>,
}

impl Default for Aig {
    fn default() -> Self {
        Self::new()
    }
}

impl Aig {
    pub fn new() -> Self {
        Aig { nodes: vec![Node::Const], table: HashMap::new() }
    }

    pub fn num_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// The fanins of node `n` if it is an AND node (None for the constant and inputs).
    pub fn fanins(&self, n: u32) -> Option<(AigLit, AigLit)> {
        match self.nodes.get(n as usize)? {
            Node::And(a, b) => Some((*a, *b)),
            _ => None,
        }
    }

    /// A fresh input (free bit).
    pub fn input(&mut self) -> AigLit {
        self.nodes.push(Node::Input);
        AigLit(2 * (self.nodes.len() as u32 - 1))
    }

    pub fn and(&mut self, a: AigLit, b: AigLit) -> AigLit {
        if a == AigLit::FALSE || b == AigLit::FALSE || a == !b {
            return AigLit::FALSE;
        }
        if a == AigLit::TRUE || a == b {
            return b;
        }
        if b == AigLit::TRUE {
            return a;
        }
        let key = if a < b { (a, b) } else { (b, a) };
        if let Some(&n) = self.table.get(&key) {
            return AigLit(2 * n);
        }
        let n = self.nodes.len() as u32;
        self.nodes.push(Node::And(key.0, key.1));
        self.table.insert(key, n);
        AigLit(2 * n)
    }

    pub fn or(&mut self, a: AigLit, b: AigLit) -> AigLit {
        !self.and(!a, !b)
    }

    pub fn xor(&mut self, a: AigLit, b: AigLit) -> AigLit {
        if a.is_const() {
            return if a == AigLit::TRUE { !b } else { b };
        }
        if b.is_const() {
            return if b == AigLit::TRUE { !a } else { a };
        }
        let p = self.and(a, !b);
        let q = self.and(!a, b);
        self.or(p, q)
    }

    pub fn xnor(&mut self, a: AigLit, b: AigLit) -> AigLit {
        !self.xor(a, b)
    }

    /// `if c then t else e`.
    pub fn mux(&mut self, c: AigLit, t: AigLit, e: AigLit) -> AigLit {
        if t == e {
            return t;
        }
        if c == AigLit::TRUE {
            return t;
        }
        if c == AigLit::FALSE {
            return e;
        }
        if t == !e {
            return self.xnor(c, t);
        }
        let p = self.and(c, t);
        let q = self.and(!c, e);
        self.or(p, q)
    }

    /// Majority of three (the carry of a full adder).
    pub fn maj(&mut self, a: AigLit, b: AigLit, c: AigLit) -> AigLit {
        let ab = self.and(a, b);
        let x = self.or(a, b);
        let cx = self.and(c, x);
        self.or(ab, cx)
    }

    /// AND of many literals (true for none).
    pub fn and_all(&mut self, lits: &[AigLit]) -> AigLit {
        lits.iter().fold(AigLit::TRUE, |acc, &l| self.and(acc, l))
    }

    /// OR of many literals (false for none).
    pub fn or_all(&mut self, lits: &[AigLit]) -> AigLit {
        lits.iter().fold(AigLit::FALSE, |acc, &l| self.or(acc, l))
    }

    /// Bit-parallel simulation: the value of every node for 64 input patterns at once, given
    /// each input node's pattern word. Used by tests to check circuits exhaustively.
    pub fn simulate(&self, input: &dyn Fn(u32) -> u64) -> Vec<u64> {
        let mut val = vec![0u64; self.nodes.len()];
        for (i, n) in self.nodes.iter().enumerate() {
            val[i] = match *n {
                Node::Const => 0,
                Node::Input => input(i as u32),
                Node::And(a, b) => lit_word(&val, a) & lit_word(&val, b),
            };
        }
        val
    }
}

/// The simulated word of a literal, given node words from [`Aig::simulate`].
pub fn lit_word(val: &[u64], l: AigLit) -> u64 {
    let w = val[l.node() as usize];
    if l.is_complemented() {
        !w
    } else {
        w
    }
}

/// Where Tseitin clauses go; literals are DIMACS-style non-zero integers.
pub trait ClauseSink {
    /// A fresh variable, numbered from 1.
    fn new_var(&mut self) -> i32;
    fn add_clause(&mut self, lits: &[i32]);
}

/// Incremental Tseitin encoder: one SAT variable per reachable AIG node.
#[derive(Default)]
pub struct Tseitin {
    /// SAT variable (DIMACS) of each encoded node; 0 = not encoded.
    var_of: Vec<i32>,
    true_var: i32,
}

impl Tseitin {
    pub fn new() -> Self {
        Self::default()
    }

    /// The SAT variable of a node, if it has been encoded.
    pub fn var_of_node(&self, node: u32) -> Option<i32> {
        self.var_of.get(node as usize).copied().filter(|&v| v != 0)
    }

    /// The SAT literal standing for `lit`, encoding whatever is not encoded yet.
    pub fn encode(&mut self, aig: &Aig, lit: AigLit, sink: &mut dyn ClauseSink) -> i32 {
        if self.var_of.len() < aig.nodes.len() {
            self.var_of.resize(aig.nodes.len(), 0);
        }
        let root = lit.node();
        if root == 0 {
            if self.true_var == 0 {
                self.true_var = sink.new_var();
                sink.add_clause(&[self.true_var]);
            }
            return if lit.is_complemented() { self.true_var } else { -self.true_var };
        }
        let mut stack = vec![root];
        while let Some(&n) = stack.last() {
            if self.var_of[n as usize] != 0 {
                stack.pop();
                continue;
            }
            match aig.nodes[n as usize] {
                Node::Const => unreachable!("constant fanin of an AND node"),
                Node::Input => {
                    self.var_of[n as usize] = sink.new_var();
                    stack.pop();
                }
                Node::And(a, b) => {
                    let (na, nb) = (a.node() as usize, b.node() as usize);
                    if self.var_of[na] == 0 {
                        stack.push(a.node());
                        continue;
                    }
                    if self.var_of[nb] == 0 {
                        stack.push(b.node());
                        continue;
                    }
                    stack.pop();
                    let v = sink.new_var();
                    self.var_of[n as usize] = v;
                    let la = if a.is_complemented() { -self.var_of[na] } else { self.var_of[na] };
                    let lb = if b.is_complemented() { -self.var_of[nb] } else { self.var_of[nb] };
                    sink.add_clause(&[-v, la]);
                    sink.add_clause(&[-v, lb]);
                    sink.add_clause(&[v, -la, -lb]);
                }
            }
        }
        let v = self.var_of[root as usize];
        if lit.is_complemented() {
            -v
        } else {
            v
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn structural_hashing_and_trivial_gates() {
        let mut g = Aig::new();
        let (a, b) = (g.input(), g.input());
        let x = g.and(a, b);
        assert_eq!(g.and(b, a), x);
        assert_eq!(g.and(a, !a), AigLit::FALSE);
        assert_eq!(g.and(a, AigLit::TRUE), a);
        let n = g.num_nodes();
        let _ = g.xor(a, b);
        let _ = g.xor(a, b);
        assert_eq!(g.num_nodes(), n + 3);
        let xo = g.xor(a, b);
        let m = g.maj(a, b, AigLit::TRUE);
        // Patterns: bit k of the word holds input values for combination k.
        let val = g.simulate(&|i| if i == a.node() { 0b1100 } else { 0b1010 });
        assert_eq!(lit_word(&val, xo) & 0xf, 0b0110);
        assert_eq!(lit_word(&val, m) & 0xf, 0b1110);
    }
}
