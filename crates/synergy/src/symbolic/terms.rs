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

/// A readable infix rendering of a term; `name` names variables.
pub fn show(tm: &TermManager, t: TermId, name: &dyn Fn(TermId) -> String) -> String {
    show_depth(tm, t, name, 0)
}

pub(super) fn show_depth(tm: &TermManager, t: TermId, name: &dyn Fn(TermId) -> String, depth: u32) -> String {
    if depth > 64 {
        return "…".into();
    }
    let show = |tm: &TermManager, t: TermId, name: &dyn Fn(TermId) -> String| show_depth(tm, t, name, depth + 1);
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
