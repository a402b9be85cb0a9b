//! Term utilities of the engine: substitution of variables, the free variables of a term, and
//! printing terms with the engine's register names (for proofs and debugging).
//!
//! Invariant: these functions do not change a term's meaning; substitution memoises by term id
//! (the DAG is maximally shared, so each subterm is rewritten once).

use super::*;

/// Substitutes variables in `t` by `map` (memoised in `memo`). Iterative, so deep terms cannot
/// overflow the stack.
pub fn subst(tm: &mut TermManager, t: TermId, map: &HashMap<TermId, TermId>, memo: &mut HashMap<TermId, TermId>) -> TermId {
    let mut stack: Vec<(TermId, bool)> = vec![(t, false)];
    while let Some((x, expanded)) = stack.pop() {
        if memo.contains_key(&x) {
            continue;
        }
        if let Some(&r) = map.get(&x) {
            memo.insert(x, r);
            continue;
        }
        let args: Vec<TermId> = tm.args(x).to_vec();
        if args.is_empty() {
            memo.insert(x, x);
            continue;
        }
        if !expanded {
            stack.push((x, true));
            for &a in &args {
                if !memo.contains_key(&a) {
                    stack.push((a, false));
                }
            }
            continue;
        }
        let new: Vec<TermId> = args.iter().map(|a| memo[a]).collect();
        let r = if new == args {
            x
        } else {
            let op = tm.op(x).clone();
            tm.app(op, &new)
        };
        memo.insert(x, r);
    }
    memo[&t]
}

/// The free variables of `t`.
pub fn free_vars(tm: &TermManager, t: TermId) -> HashSet<TermId> {
    let mut seen = HashSet::new();
    let mut out = HashSet::new();
    let mut stack = vec![t];
    while let Some(x) = stack.pop() {
        if !seen.insert(x) {
            continue;
        }
        if matches!(tm.op(x), Op::Var(_)) {
            out.insert(x);
        }
        stack.extend(tm.args(x).iter().copied());
    }
    out
}

/// How many term nodes one rendering writes at most: a term is a DAG, and its tree can be
/// exponentially larger (a region predicate after many refinements shares its subterms).
const SHOW_NODES: usize = 1024;

/// A readable infix rendering of a term; `name` names variables. Beyond 64 levels or
/// [`SHOW_NODES`] nodes the rest is written `…`, so the rendering takes time linear in that bound.
pub fn show(tm: &TermManager, t: TermId, name: &dyn Fn(TermId) -> String) -> String {
    show_depth(tm, t, name, 0, &std::cell::Cell::new(SHOW_NODES))
}

fn show_depth(tm: &TermManager, t: TermId, name: &dyn Fn(TermId) -> String, depth: u32, budget: &std::cell::Cell<usize>) -> String {
    if depth > 64 || budget.get() == 0 {
        return "…".into();
    }
    budget.set(budget.get() - 1);
    let show = |tm: &TermManager, t: TermId, name: &dyn Fn(TermId) -> String| show_depth(tm, t, name, depth + 1, budget);
    let a = |i: usize| show(tm, tm.arg(t, i), name);
    let bin = |s: &str| format!("({} {s} {})", a(0), a(1));
    match tm.op(t) {
        Op::BoolConst(b) => b.to_string(),
        Op::BvConst(v) => {
            let w = v.width();
            let u = v.low_u64();
            if w <= 64 {
                let s = crate::flatten::sext(u, w);
                if s < 0 && s > -1_000_000 {
                    return s.to_string();
                }
            }
            u.to_string()
        }
        Op::Var(_) => name(t),
        Op::Not => {
            let x = tm.arg(t, 0);
            match tm.op(x) {
                Op::Slt => format!("({} >=s {})", show(tm, tm.arg(x, 0), name), show(tm, tm.arg(x, 1), name)),
                Op::Ult => format!("({} >=u {})", show(tm, tm.arg(x, 0), name), show(tm, tm.arg(x, 1), name)),
                Op::Eq => format!("({} != {})", show(tm, tm.arg(x, 0), name), show(tm, tm.arg(x, 1), name)),
                _ => format!("!{}", a(0)),
            }
        }
        Op::And => bin("&&"),
        Op::Or => bin("||"),
        Op::Xor => bin("^^"),
        Op::Ite => format!("({} ? {} : {})", a(0), a(1), a(2)),
        Op::Eq => bin("=="),
        Op::BvNot => format!("~{}", a(0)),
        Op::BvNeg => format!("-{}", a(0)),
        Op::BvAnd => bin("&"),
        Op::BvOr => bin("|"),
        Op::BvXor => bin("^"),
        Op::BvAdd => bin("+"),
        Op::BvSub => bin("-"),
        Op::BvMul => bin("*"),
        Op::BvUdiv => bin("/u"),
        Op::BvUrem => bin("%u"),
        Op::BvSdiv => bin("/s"),
        Op::BvSrem => bin("%s"),
        Op::BvSmod => bin("mod"),
        Op::BvShl => bin("<<"),
        Op::BvLshr => bin(">>u"),
        Op::BvAshr => bin(">>s"),
        Op::Concat => format!("concat({}, {})", a(0), a(1)),
        Op::Extract { hi, lo } => format!("{}[{hi}:{lo}]", a(0)),
        Op::ZeroExt(n) => format!("zext{n}({})", a(0)),
        Op::SignExt(n) => format!("sext{n}({})", a(0)),
        Op::Ult => bin("<u"),
        Op::Slt => bin("<s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vigil_bv::Sort;

    #[test]
    fn showing_a_term_whose_tree_is_exponential_in_its_dag_is_bounded() {
        // x_{i+1} = x_i * (x_i + y): 40 shared levels, a tree of about 2^40 nodes.
        let mut tm = TermManager::new();
        let mut x = tm.var("x", Sort::BitVec(32));
        let y = tm.var("y", Sort::BitVec(32));
        for _ in 0..40 {
            let s = tm.mk(Op::BvAdd, &[x, y]).unwrap();
            x = tm.mk(Op::BvMul, &[x, s]).unwrap();
        }
        let text = show(&tm, x, &|v| if matches!(tm.op(v), Op::Var(0)) { "x".into() } else { "y".into() });
        assert!(text.starts_with("((") && text.contains('x') && text.contains('…'), "{}", &text[..80.min(text.len())]);
        // Each node writes a name or an operator and parentheses, at most a few dozen bytes.
        assert!(text.len() < 64 * SHOW_NODES, "{} bytes", text.len());
    }
}
