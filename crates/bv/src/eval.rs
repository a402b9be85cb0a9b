//! Concrete evaluation: the reference semantics every other layer is tested against.
//!
//! Invariants: [`apply`] is total on well-sorted operands (division by zero included, per
//! SMT-LIB); [`Evaluator`] walks the DAG iteratively in id order, so deep terms cannot overflow
//! the stack, and it evaluates each shared node once. Variables without an assigned value
//! evaluate to 0 / false. (Babić thesis §5.1.1: constant folding uses this same function.)

use std::collections::HashMap;

use crate::sort::Sort;
use crate::term::{Op, TermId, TermManager};
use crate::value::BitVecValue;

/// The value of a term.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    Bool(bool),
    Bv(BitVecValue),
}

impl Value {
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            Value::Bv(_) => None,
        }
    }

    pub fn as_bv(&self) -> Option<&BitVecValue> {
        match self {
            Value::Bv(v) => Some(v),
            Value::Bool(_) => None,
        }
    }

    /// The default value of a sort (false / zero).
    pub fn default_of(sort: Sort) -> Value {
        match sort {
            Sort::Bool => Value::Bool(false),
            Sort::BitVec(w) => Value::Bv(BitVecValue::zero(w)),
        }
    }

    /// SMT-LIB rendering (`true`, `#b0101`, `#x0f`).
    pub fn to_smtlib(&self) -> String {
        match self {
            Value::Bool(b) => b.to_string(),
            Value::Bv(v) => v.to_smtlib(),
        }
    }
}

/// Applies a non-leaf operator to operand values. `None` for leaves or ill-sorted operands.
pub fn apply(op: &Op, a: &[&Value]) -> Option<Value> {
    use Op::*;
    let b = |i: usize| a.get(i).and_then(|v| v.as_bool());
    let v = |i: usize| a.get(i).and_then(|v| v.as_bv());
    Some(match op {
        BoolConst(_) | BvConst(_) | Var(_) => return None,
        Not => Value::Bool(!b(0)?),
        And => Value::Bool(b(0)? && b(1)?),
        Or => Value::Bool(b(0)? || b(1)?),
        Xor => Value::Bool(b(0)? ^ b(1)?),
        Ite => {
            if b(0)? {
                (*a.get(1)?).clone()
            } else {
                (*a.get(2)?).clone()
            }
        }
        Eq => Value::Bool(a.first()? == a.get(1)?),
        BvNot => Value::Bv(v(0)?.not()),
        BvNeg => Value::Bv(v(0)?.neg()),
        BvAnd => Value::Bv(v(0)?.and(v(1)?)),
        BvOr => Value::Bv(v(0)?.or(v(1)?)),
        BvXor => Value::Bv(v(0)?.xor(v(1)?)),
        BvAdd => Value::Bv(v(0)?.add(v(1)?)),
        BvSub => Value::Bv(v(0)?.sub(v(1)?)),
        BvMul => Value::Bv(v(0)?.mul(v(1)?)),
        BvUdiv => Value::Bv(v(0)?.udiv(v(1)?)),
        BvUrem => Value::Bv(v(0)?.urem(v(1)?)),
        BvSdiv => Value::Bv(v(0)?.sdiv(v(1)?)),
        BvSrem => Value::Bv(v(0)?.srem(v(1)?)),
        BvSmod => Value::Bv(v(0)?.smod(v(1)?)),
        BvShl => Value::Bv(v(0)?.shl(v(1)?)),
        BvLshr => Value::Bv(v(0)?.lshr(v(1)?)),
        BvAshr => Value::Bv(v(0)?.ashr(v(1)?)),
        Concat => Value::Bv(v(0)?.concat(v(1)?)),
        Extract { hi, lo } => Value::Bv(v(0)?.extract(*hi, *lo)),
        ZeroExt(n) => Value::Bv(v(0)?.zero_extend(*n)),
        SignExt(n) => Value::Bv(v(0)?.sign_extend(*n)),
        Ult => Value::Bool(v(0)?.ult(v(1)?)),
        Slt => Value::Bool(v(0)?.slt(v(1)?)),
    })
}

/// Evaluates terms of one manager under a fixed assignment of variables, caching results.
pub struct Evaluator<'a> {
    tm: &'a TermManager,
    cache: HashMap<TermId, Value>,
}

impl<'a> Evaluator<'a> {
    /// `assignment` maps variable terms to values; missing variables are 0 / false.
    pub fn new(tm: &'a TermManager, assignment: impl IntoIterator<Item = (TermId, Value)>) -> Self {
        Evaluator { tm, cache: assignment.into_iter().collect() }
    }

    pub fn eval(&mut self, root: TermId) -> Value {
        eval_cached(self.tm, root, &mut self.cache)
    }
}

/// Evaluates `root` with `cache` holding the values known so far (the assignment, and every
/// sub-term evaluated by an earlier call: one assignment, many terms); each new sub-term's value
/// is added to it. A variable the cache does not hold is 0 / false. Post-order over the not-yet-evaluated
/// part of the DAG ([`TermManager::post_order`]).
pub fn eval_cached(tm: &TermManager, root: TermId, cache: &mut HashMap<TermId, Value>) -> Value {
    if let Some(v) = cache.get(&root) {
        return v.clone();
    }
    let evaluate = |cache: &mut HashMap<TermId, Value>, t: TermId| {
        let val = match tm.op(t) {
            Op::BoolConst(b) => Value::Bool(*b),
            Op::BvConst(v) => Value::Bv(v.clone()),
            Op::Var(_) => Value::default_of(tm.sort(t)),
            op => {
                let args: Vec<&Value> = tm.args(t).iter().map(|c| &cache[c]).collect();
                match apply(op, &args) {
                    Some(v) => v,
                    None => unreachable!("well-sorted node {t:?} failed to evaluate"),
                }
            }
        };
        cache.insert(t, val);
        Some(())
    };
    tm.post_order(root, cache, |c, t| c.contains_key(&t), evaluate);
    cache[&root].clone()
}

/// One-shot evaluation of a term.
pub fn eval(tm: &TermManager, t: TermId, assignment: &HashMap<TermId, Value>) -> Value {
    Evaluator::new(tm, assignment.iter().map(|(k, v)| (*k, v.clone()))).eval(t)
}
