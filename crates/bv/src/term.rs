//! Hash-consed, maximally shared term DAG (Babić thesis §3.2.3 "maximally-shared graphs" and
//! §5.1.1: Spear builds every expression through one table so equal subterms are one node).
//!
//! Invariants:
//! - A [`TermId`] is an index into one [`TermManager`]'s arena; nodes are never removed, so an id
//!   stays valid for the manager's lifetime. Ids from another manager are meaningless here.
//! - No two nodes have the same `(op, args)`: [`TermManager::mk`] looks the pair up first.
//! - Every node is well-sorted; `mk` checks operand sorts and returns a [`SortError`] otherwise.
//! - Arguments always have smaller ids than the node, so increasing-id order is topological.
//! - Unless disabled in its [`RewriteConfig`], `mk` passes every new node through the local
//!   rewriter ([`crate::rewrite`]) first, so the node stored may be simpler than the one asked for.


use crate::low_bits::LowBits;
use crate::rewrite::{self, RewriteConfig, Rule};
use crate::sort::{Sort, SortError};
use crate::value::BitVecValue;

/// A term: a cheap, copyable handle into a [`TermManager`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct TermId(u32);

impl TermId {
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The term with index `i` ([`TermId::index`]) in the same manager: for users that store
    /// term ids in their own compact form (the VM's symbolic slots).
    pub fn from_index(i: u32) -> TermId {
        TermId(i)
    }
}

/// Operators. Derived operators of SMT-LIB (`bvsub` is kept; `bvule`, `implies`, `bvnand`, …)
/// are built from these by [`crate::derived`], so the evaluator, rewriter and blaster see few
/// cases.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Op {
    BoolConst(bool),
    BvConst(BitVecValue),
    /// Free (uninterpreted) constant number `i`; its name and sort live in the manager.
    Var(u32),
    Not,
    And,
    Or,
    Xor,
    /// `ite(c, a, b)` for Bool or bit-vector `a`, `b`.
    Ite,
    /// Equality of two terms of the same sort.
    Eq,
    BvNot,
    BvAnd,
    BvOr,
    BvXor,
    BvNeg,
    BvAdd,
    BvSub,
    BvMul,
    BvUdiv,
    BvUrem,
    BvSdiv,
    BvSrem,
    BvSmod,
    BvShl,
    BvLshr,
    BvAshr,
    /// `concat(hi, lo)`.
    Concat,
    Extract { hi: u32, lo: u32 },
    ZeroExt(u32),
    SignExt(u32),
    Ult,
    Slt,
}

impl Op {
    /// SMT-LIB name of the operator (used by the printer).
    pub fn smt_name(&self) -> &'static str {
        use Op::*;
        match self {
            BoolConst(_) | BvConst(_) | Var(_) => "",
            Not => "not",
            And => "and",
            Or => "or",
            Xor => "xor",
            Ite => "ite",
            Eq => "=",
            BvNot => "bvnot",
            BvAnd => "bvand",
            BvOr => "bvor",
            BvXor => "bvxor",
            BvNeg => "bvneg",
            BvAdd => "bvadd",
            BvSub => "bvsub",
            BvMul => "bvmul",
            BvUdiv => "bvudiv",
            BvUrem => "bvurem",
            BvSdiv => "bvsdiv",
            BvSrem => "bvsrem",
            BvSmod => "bvsmod",
            BvShl => "bvshl",
            BvLshr => "bvlshr",
            BvAshr => "bvashr",
            Concat => "concat",
            Extract { .. } => "extract",
            ZeroExt(_) => "zero_extend",
            SignExt(_) => "sign_extend",
            Ult => "bvult",
            Slt => "bvslt",
        }
    }

    /// Operators whose operands may be swapped.
    pub fn is_commutative(&self) -> bool {
        use Op::*;
        matches!(self, And | Or | Xor | Eq | BvAnd | BvOr | BvXor | BvAdd | BvMul)
    }
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Node {
    op: Op,
    args: Operands,
}

/// A node's operands, kept inline: operators have at most three ([`TermManager::mk`] checks
/// the arity first). Unused places hold `TermId(0)`, so equal lists are equal values.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Operands {
    len: u8,
    ids: [TermId; 3],
}

impl Operands {
    fn new(args: &[TermId]) -> Operands {
        assert!(args.len() <= 3, "an operator with {} operands", args.len());
        let mut ids = [TermId(0); 3];
        ids[..args.len()].copy_from_slice(args);
        Operands { len: args.len() as u8, ids }
    }

    fn as_slice(&self) -> &[TermId] {
        &self.ids[..usize::from(self.len)]
    }
}

/// The arena of terms. See the module invariants.
pub struct TermManager {
    nodes: Vec<Node>,
    sorts: Vec<Sort>,
    table: crate::fasthash::FastMap<Node, TermId>,
    vars: Vec<(String, Sort, TermId)>,
    config: RewriteConfig,
    rule_hits: Vec<u64>,
    /// Each node's known low bits ([`crate::low_bits`]), by term index.
    low: Vec<LowBits>,
}

impl Default for TermManager {
    fn default() -> Self {
        Self::new()
    }
}

/// Defines `pub fn NAME(&mut self, operands…) -> TermId` as `self.app(Op::OP, &[operands…])`
/// for operators without parameters.
macro_rules! term_constructors {
    ($($name:ident($($arg:ident),+) => $op:ident;)*) => {
        $(
            #[doc = concat!("`", stringify!($op), "` applied to its operands (see [`TermManager::app`]).")]
            pub fn $name(&mut self, $($arg: TermId),+) -> TermId {
                self.app(Op::$op, &[$($arg),+])
            }
        )*
    };
}

impl TermManager {
    pub fn new() -> Self {
        Self::with_rewrite_config(RewriteConfig::default())
    }

    pub fn with_rewrite_config(config: RewriteConfig) -> Self {
        TermManager {
            nodes: Vec::new(),
            sorts: Vec::new(),
            table: crate::fasthash::FastMap::default(),
            vars: Vec::new(),
            config,
            rule_hits: vec![0; Rule::ALL.len()],
            low: Vec::new(),
        }
    }

    pub fn rewrite_config(&self) -> &RewriteConfig {
        &self.config
    }

    /// Changes which rules apply to terms built from now on (existing nodes stay as they are).
    pub fn set_rewrite_config(&mut self, config: RewriteConfig) {
        self.config = config;
    }

    /// How often each rule fired, by rule.
    pub fn rule_hits(&self, rule: Rule) -> u64 {
        self.rule_hits[rule as usize]
    }

    pub(crate) fn count_rule(&mut self, rule: Rule) {
        self.rule_hits[rule as usize] += 1;
    }

    pub fn num_terms(&self) -> usize {
        self.nodes.len()
    }

    /// An estimate of the heap memory the terms take, in bytes: the node and sort arrays and
    /// the hash-consing table at their capacity (operands are inline in the nodes).
    /// Callers use it to bound their memory; it costs no walk over the terms.
    pub fn heap_bytes(&self) -> usize {
        let entry = std::mem::size_of::<(Node, TermId)>() + 1; // a hashbrown bucket and its control byte
        self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.sorts.capacity() * std::mem::size_of::<Sort>()
            + self.low.capacity() * std::mem::size_of::<LowBits>()
            + self.table.capacity() * entry
    }

    pub fn sort(&self, t: TermId) -> Sort {
        self.sorts[t.index()]
    }

    /// Width of a bit-vector term (1 for Bool).
    pub fn width(&self, t: TermId) -> u32 {
        self.sort(t).width()
    }

    pub fn op(&self, t: TermId) -> &Op {
        &self.nodes[t.index()].op
    }

    pub fn args(&self, t: TermId) -> &[TermId] {
        self.nodes[t.index()].args.as_slice()
    }

    /// Visits the sub-terms of `root` (itself included) that `done` does not hold, each once and
    /// after its arguments, without recursion: the order of a bottom-up pass (an evaluator, a
    /// compiler) whose results `state` keeps, so that `done` sees what `visit` has added. Stops
    /// at the first `visit` that returns None, and returns None then.
    pub fn post_order<S>(&self, root: TermId, state: &mut S, done: impl Fn(&S, TermId) -> bool, mut visit: impl FnMut(&mut S, TermId) -> Option<()>) -> Option<()> {
        let mut stack = vec![(root, false)];
        while let Some((t, expanded)) = stack.pop() {
            if done(state, t) {
                continue;
            }
            if expanded {
                visit(state, t)?;
            } else {
                stack.push((t, true));
                stack.extend(self.args(t).iter().filter(|&&c| !done(state, c)).map(|&c| (c, false)));
            }
        }
        Some(())
    }

    /// The low bits of `t` that hold for every assignment ([`crate::low_bits`]).
    pub fn low_bits(&self, t: TermId) -> LowBits {
        self.low[t.index()]
    }

    pub fn arg(&self, t: TermId, i: usize) -> TermId {
        self.nodes[t.index()].args.as_slice()[i]
    }

    /// The constant value of `t`, if it is a bit-vector constant.
    pub fn bv_value(&self, t: TermId) -> Option<&BitVecValue> {
        match self.op(t) {
            Op::BvConst(v) => Some(v),
            _ => None,
        }
    }

    pub fn bool_value(&self, t: TermId) -> Option<bool> {
        match self.op(t) {
            Op::BoolConst(b) => Some(*b),
            _ => None,
        }
    }

    pub fn is_const(&self, t: TermId) -> bool {
        matches!(self.op(t), Op::BoolConst(_) | Op::BvConst(_))
    }

    /// Name and sort of variable number `i`.
    pub fn var_info(&self, i: u32) -> (&str, Sort) {
        let (n, s, _) = &self.vars[i as usize];
        (n, *s)
    }

    /// All variables declared so far, as terms, in declaration order.
    pub fn vars(&self) -> impl Iterator<Item = TermId> + '_ {
        self.vars.iter().map(|v| v.2)
    }

    /// A fresh free constant. Names need not be unique: each call makes a new variable.
    pub fn var(&mut self, name: &str, sort: Sort) -> TermId {
        let i = self.vars.len() as u32;
        let t = self.intern(Op::Var(i), &[], sort);
        self.vars.push((name.to_string(), sort, t));
        t
    }

    pub fn bool_const(&mut self, b: bool) -> TermId {
        self.intern(Op::BoolConst(b), &[], Sort::Bool)
    }

    pub fn tt(&mut self) -> TermId {
        self.bool_const(true)
    }

    pub fn ff(&mut self) -> TermId {
        self.bool_const(false)
    }

    pub fn bv_const(&mut self, v: BitVecValue) -> TermId {
        let s = Sort::BitVec(v.width());
        self.intern(Op::BvConst(v), &[], s)
    }

    /// The constant `v mod 2^w`.
    pub fn bv_u64(&mut self, w: u32, v: u64) -> TermId {
        self.bv_const(BitVecValue::from_u64(w, v))
    }

    fn intern(&mut self, op: Op, args: &[TermId], sort: Sort) -> TermId {
        let node = Node { op, args: Operands::new(args) };
        if let Some(&t) = self.table.get(&node) {
            return t;
        }
        let t = TermId(self.nodes.len() as u32);
        let low = {
            // Operators have at most three operands.
            let (mut pairs, mut widths) = ([LowBits::UNKNOWN; 3], [0u32; 3]);
            for (i, &a) in args.iter().enumerate().take(3) {
                pairs[i] = self.low[a.index()];
                widths[i] = self.width(a);
            }
            let n = args.len().min(3);
            LowBits::of_op(&node.op, &pairs[..n], &widths[..n], sort.width())
        };
        self.low.push(low);
        self.nodes.push(node.clone());
        self.sorts.push(sort);
        self.table.insert(node, t);
        t
    }

    /// Builds `op(args)`: checks sorts, rewrites (if enabled), then hash-conses.
    pub fn mk(&mut self, op: Op, args: &[TermId]) -> Result<TermId, SortError> {
        let sort = self.result_sort(&op, args)?;
        // (The arity is checked: at most three operands.)
        let mut operands = Operands::new(args);
        let args_v = &mut operands.ids[..args.len()];
        if op.is_commutative() && self.config.enabled(Rule::CommutativeOrder) && args_v[0] > args_v[1] {
            args_v.swap(0, 1);
            self.count_rule(Rule::CommutativeOrder);
        }
        let args_v = operands.as_slice();
        if let Some(t) = rewrite::rewrite(self, &op, args_v) {
            debug_assert_eq!(self.sort(t), sort, "rewriter changed the sort of {op:?}");
            return Ok(t);
        }
        Ok(self.intern(op, args_v, sort))
    }

    /// Like [`mk`](Self::mk) for callers that built the operands themselves and know they fit;
    /// a sort error here is a bug in the caller.
    pub fn app(&mut self, op: Op, args: &[TermId]) -> TermId {
        match self.mk(op.clone(), args) {
            Ok(t) => t,
            Err(e) => panic!("ill-sorted term {op:?}: {e}"),
        }
    }

    fn result_sort(&self, op: &Op, args: &[TermId]) -> Result<Sort, SortError> {
        use Op::*;
        let arity = match op {
            BoolConst(_) | BvConst(_) | Var(_) => 0,
            Not | BvNot | BvNeg | Extract { .. } | ZeroExt(_) | SignExt(_) => 1,
            Ite => 3,
            _ => 2,
        };
        if args.len() != arity {
            return Err(SortError(format!("{} expects {arity} arguments, got {}", op.smt_name(), args.len())));
        }
        let mut sorts = [Sort::Bool; 3];
        for (s, &a) in sorts.iter_mut().zip(args) {
            *s = self.sort(a);
        }
        let s = &sorts[..arity];
        let err = || SortError(format!("ill-sorted arguments to {}: {}", op.smt_name(), s.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")));
        let bv = |x: Sort| x.is_bv();
        Ok(match op {
            BoolConst(_) => Sort::Bool,
            BvConst(v) => Sort::BitVec(v.width()),
            Var(i) => self.vars.get(*i as usize).map(|v| v.1).ok_or_else(err)?,
            Not => {
                if s[0] != Sort::Bool {
                    return Err(err());
                }
                Sort::Bool
            }
            And | Or | Xor => {
                if s[0] != Sort::Bool || s[1] != Sort::Bool {
                    return Err(err());
                }
                Sort::Bool
            }
            Ite => {
                if s[0] != Sort::Bool || s[1] != s[2] {
                    return Err(err());
                }
                s[1]
            }
            Eq => {
                if s[0] != s[1] {
                    return Err(err());
                }
                Sort::Bool
            }
            BvNot | BvNeg => {
                if !bv(s[0]) {
                    return Err(err());
                }
                s[0]
            }
            BvAnd | BvOr | BvXor | BvAdd | BvSub | BvMul | BvUdiv | BvUrem | BvSdiv | BvSrem | BvSmod | BvShl | BvLshr
            | BvAshr => {
                if !bv(s[0]) || s[0] != s[1] {
                    return Err(err());
                }
                s[0]
            }
            Ult | Slt => {
                if !bv(s[0]) || s[0] != s[1] {
                    return Err(err());
                }
                Sort::Bool
            }
            Concat => {
                if !bv(s[0]) || !bv(s[1]) {
                    return Err(err());
                }
                Sort::bv(s[0].width() + s[1].width())?
            }
            Extract { hi, lo } => {
                if !bv(s[0]) || lo > hi || *hi >= s[0].width() {
                    return Err(SortError(format!("extract {hi} {lo} out of range for {}", s[0])));
                }
                Sort::BitVec(hi - lo + 1)
            }
            ZeroExt(n) | SignExt(n) => {
                if !bv(s[0]) {
                    return Err(err());
                }
                Sort::bv(s[0].width().checked_add(*n).ok_or_else(err)?)?
            }
        })
    }

    // ----- convenience constructors (operands must be well-sorted; see `app`) -----

    term_constructors! {
        not(a) => Not;
        and(a, b) => And;
        or(a, b) => Or;
        xor(a, b) => Xor;
        ite(c, a, b) => Ite;
        eq(a, b) => Eq;
        bvnot(a) => BvNot;
        bvneg(a) => BvNeg;
        bvand(a, b) => BvAnd;
        bvor(a, b) => BvOr;
        bvxor(a, b) => BvXor;
        bvadd(a, b) => BvAdd;
        bvsub(a, b) => BvSub;
        bvmul(a, b) => BvMul;
        bvudiv(a, b) => BvUdiv;
        bvurem(a, b) => BvUrem;
        bvsdiv(a, b) => BvSdiv;
        bvsrem(a, b) => BvSrem;
        bvsmod(a, b) => BvSmod;
        bvshl(a, b) => BvShl;
        bvlshr(a, b) => BvLshr;
        bvashr(a, b) => BvAshr;
        ult(a, b) => Ult;
        slt(a, b) => Slt;
    }

    pub fn concat(&mut self, hi: TermId, lo: TermId) -> TermId {
        self.app(Op::Concat, &[hi, lo])
    }
    pub fn extract(&mut self, a: TermId, hi: u32, lo: u32) -> TermId {
        self.app(Op::Extract { hi, lo }, &[a])
    }
    pub fn zero_extend(&mut self, a: TermId, n: u32) -> TermId {
        self.app(Op::ZeroExt(n), &[a])
    }
    pub fn sign_extend(&mut self, a: TermId, n: u32) -> TermId {
        self.app(Op::SignExt(n), &[a])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heap_bytes_grows_with_new_terms_only() {
        let mut tm = TermManager::new();
        let x = tm.var("x", Sort::BitVec(32));
        let before = tm.heap_bytes();
        let mut t = x;
        for k in 1..=1000u64 {
            let c = tm.bv_u64(32, k);
            t = tm.bvmul(t, c);
        }
        let grown = tm.heap_bytes();
        // 2000 new terms, 1000 of them with two operands: at least their operand lists.
        assert!(grown >= before + 1000 * 2 * 32, "{before} -> {grown}");
        // Building the same terms again adds nothing.
        let mut u = x;
        for k in 1..=1000u64 {
            let c = tm.bv_u64(32, k);
            u = tm.bvmul(u, c);
        }
        assert_eq!(u, t);
        assert_eq!(tm.heap_bytes(), grown);
    }
}
