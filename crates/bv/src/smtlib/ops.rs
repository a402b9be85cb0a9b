//! SMT-LIB function symbols of Core and FixedSizeBitVectors mapped to term constructors.
//!
//! Invariant: every operand sort and arity is checked here (or by `TermManager::mk`) before a
//! constructor runs, so ill-sorted input gives an error message, never a panic.

use crate::sort::Sort;
use crate::term::{Op, TermId, TermManager};

fn sorts(tm: &TermManager, args: &[TermId]) -> String {
    args.iter().map(|&a| tm.sort(a).to_string()).collect::<Vec<_>>().join(" ")
}

fn all_bool(tm: &TermManager, name: &str, args: &[TermId], min: usize) -> Result<(), String> {
    if args.len() < min || args.iter().any(|&a| tm.sort(a) != Sort::Bool) {
        return Err(format!("{name} expects at least {min} Bool arguments, got ({})", sorts(tm, args)));
    }
    Ok(())
}

/// Checks `n` bit-vector arguments of one width (`n == 0`: at least two).
fn same_bv(tm: &TermManager, name: &str, args: &[TermId], n: usize) -> Result<(), String> {
    let ok_arity = if n == 0 { args.len() >= 2 } else { args.len() == n };
    let ok = ok_arity && tm.sort(args[0]).is_bv() && args.iter().all(|&a| tm.sort(a) == tm.sort(args[0]));
    if !ok {
        let what = if n == 0 { "two or more".to_string() } else { n.to_string() };
        return Err(format!("{name} expects {what} bit-vector arguments of equal width, got ({})", sorts(tm, args)));
    }
    Ok(())
}

fn left_assoc(tm: &mut TermManager, op: Op, args: &[TermId]) -> Result<TermId, String> {
    let mut acc = args[0];
    for &a in &args[1..] {
        acc = tm.mk(op.clone(), &[acc, a]).map_err(|e| e.0)?;
    }
    Ok(acc)
}

fn fold_bool(tm: &mut TermManager, op: Op, args: &[TermId], unit: bool) -> TermId {
    let mut acc = tm.bool_const(unit);
    for &a in args {
        acc = tm.app(op.clone(), &[acc, a]);
    }
    acc
}

/// Applies function `name` with numeral indices `idx` to `args`.
pub fn apply(tm: &mut TermManager, name: &str, idx: &[u32], args: &[TermId]) -> Result<TermId, String> {
    if !idx.is_empty() {
        let [a] = args else {
            return Err(format!("(_ {name} …) expects one argument, got {}", args.len()));
        };
        let a = *a;
        if !tm.sort(a).is_bv() {
            return Err(format!("(_ {name} …) expects a bit-vector argument, got {}", tm.sort(a)));
        }
        let w = tm.width(a);
        return match (name, idx) {
            ("extract", [hi, lo]) => tm.mk(Op::Extract { hi: *hi, lo: *lo }, &[a]).map_err(|e| e.0),
            ("zero_extend", [n]) => tm.mk(Op::ZeroExt(*n), &[a]).map_err(|e| e.0),
            ("sign_extend", [n]) => tm.mk(Op::SignExt(*n), &[a]).map_err(|e| e.0),
            ("repeat", [n]) => {
                if *n == 0 || (*n as u64) * (w as u64) > crate::sort::MAX_WIDTH as u64 {
                    return Err(format!("repeat count {n} out of range"));
                }
                Ok(tm.repeat(a, *n))
            }
            ("rotate_left", [n]) => Ok(tm.rotate_left(a, *n)),
            ("rotate_right", [n]) => Ok(tm.rotate_right(a, *n)),
            _ => Err(format!("unknown indexed operator (_ {name} {})", idx.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(" "))),
        };
    }
    let unary_bv = |tm: &TermManager| same_bv(tm, name, args, 1);
    let binary_bv = |tm: &TermManager| same_bv(tm, name, args, 2);
    match name {
        "not" => tm.mk(Op::Not, args).map_err(|e| e.0),
        "and" => {
            all_bool(tm, name, args, 1)?;
            Ok(fold_bool(tm, Op::And, args, true))
        }
        "or" => {
            all_bool(tm, name, args, 1)?;
            Ok(fold_bool(tm, Op::Or, args, false))
        }
        "xor" => {
            all_bool(tm, name, args, 2)?;
            Ok(fold_bool(tm, Op::Xor, args, false))
        }
        "=>" => {
            all_bool(tm, name, args, 2)?;
            let mut acc = args[args.len() - 1];
            for &a in args[..args.len() - 1].iter().rev() {
                acc = tm.implies(a, acc);
            }
            Ok(acc)
        }
        "=" => {
            if args.len() < 2 {
                return Err("= expects at least two arguments".into());
            }
            let mut acc = tm.tt();
            for w in args.windows(2) {
                let e = tm.mk(Op::Eq, w).map_err(|e| e.0)?;
                acc = tm.and(acc, e);
            }
            Ok(acc)
        }
        "distinct" => {
            if args.len() < 2 || args.iter().any(|&a| tm.sort(a) != tm.sort(args[0])) {
                return Err(format!("distinct expects two or more arguments of one sort, got ({})", sorts(tm, args)));
            }
            Ok(tm.distinct(args))
        }
        "ite" => tm.mk(Op::Ite, args).map_err(|e| e.0),
        "concat" => {
            if args.len() < 2 {
                return Err("concat expects at least two arguments".into());
            }
            left_assoc(tm, Op::Concat, args)
        }
        "bvnot" => tm.mk(Op::BvNot, args).map_err(|e| e.0),
        "bvneg" => tm.mk(Op::BvNeg, args).map_err(|e| e.0),
        "bvand" | "bvor" | "bvxor" | "bvadd" | "bvmul" | "bvsub" => {
            same_bv(tm, name, args, 0)?;
            let op = match name {
                "bvand" => Op::BvAnd,
                "bvor" => Op::BvOr,
                "bvxor" => Op::BvXor,
                "bvadd" => Op::BvAdd,
                "bvmul" => Op::BvMul,
                _ => Op::BvSub,
            };
            left_assoc(tm, op, args)
        }
        "bvudiv" => tm.mk(Op::BvUdiv, args).map_err(|e| e.0),
        "bvurem" => tm.mk(Op::BvUrem, args).map_err(|e| e.0),
        "bvsdiv" => tm.mk(Op::BvSdiv, args).map_err(|e| e.0),
        "bvsrem" => tm.mk(Op::BvSrem, args).map_err(|e| e.0),
        "bvsmod" => tm.mk(Op::BvSmod, args).map_err(|e| e.0),
        "bvshl" => tm.mk(Op::BvShl, args).map_err(|e| e.0),
        "bvlshr" => tm.mk(Op::BvLshr, args).map_err(|e| e.0),
        "bvashr" => tm.mk(Op::BvAshr, args).map_err(|e| e.0),
        "bvult" => tm.mk(Op::Ult, args).map_err(|e| e.0),
        "bvslt" => tm.mk(Op::Slt, args).map_err(|e| e.0),
        "bvnego" => {
            unary_bv(tm)?;
            Ok(tm.neg_overflow(args[0]))
        }
        _ => {
            const BINARY: &[&str] = &[
                "bvule", "bvugt", "bvuge", "bvsle", "bvsgt", "bvsge", "bvnand", "bvnor", "bvxnor", "bvcomp",
                "bvuaddo", "bvsaddo", "bvusubo", "bvssubo", "bvumulo", "bvsmulo", "bvsdivo",
            ];
            if !BINARY.contains(&name) {
                return Err(format!("unknown function symbol {}", super::parser::symbol_text(name)));
            }
            binary_bv(tm)?;
            if matches!(name, "bvumulo" | "bvsmulo") && 2 * tm.width(args[0]) > crate::sort::MAX_WIDTH {
                return Err(format!("{name} is supported up to width {}", crate::sort::MAX_WIDTH / 2));
            }
            let (a, b) = (args[0], args[1]);
            Ok(match name {
                "bvule" => tm.ule(a, b),
                "bvugt" => tm.ugt(a, b),
                "bvuge" => tm.uge(a, b),
                "bvsle" => tm.sle(a, b),
                "bvsgt" => tm.sgt(a, b),
                "bvsge" => tm.sge(a, b),
                "bvnand" => tm.bvnand(a, b),
                "bvnor" => tm.bvnor(a, b),
                "bvxnor" => tm.bvxnor(a, b),
                "bvcomp" => tm.bvcomp(a, b),
                "bvuaddo" => tm.uadd_overflow(a, b),
                "bvsaddo" => tm.sadd_overflow(a, b),
                "bvusubo" => tm.usub_overflow(a, b),
                "bvssubo" => tm.ssub_overflow(a, b),
                "bvumulo" => tm.umul_overflow(a, b),
                "bvsmulo" => tm.smul_overflow(a, b),
                "bvsdivo" => tm.sdiv_overflow(a, b),
                _ => return Err(format!("unknown function symbol {}", super::parser::symbol_text(name))),
            })
        }
    }
}
