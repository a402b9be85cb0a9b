//! S-expressions and their elaboration into terms (SMT-LIB 2.6 §3.6 terms, the Core and
//! FixedSizeBitVectors theories, QF_BV logic).
//!
//! Invariants: reading is iterative (no recursion over nesting depth); elaboration recurses
//! over term depth, so the CLI runs it on a thread with a large stack. Every error names the
//! position of the offending s-expression; nothing here panics on malformed input.

use std::collections::HashMap;
use std::fmt;

use super::lexer::{Lexer, Pos, Tok};
use super::SmtError;
use super::fp::{FpChoices, SmtSort, Typed};
use crate::sort::Sort;
use crate::term::{TermId, TermManager};
use crate::value::BitVecValue;

#[derive(Clone, Debug)]
pub enum SExpr {
    Atom(Tok, Pos),
    List(Vec<SExpr>, Pos),
}

impl SExpr {
    pub fn pos(&self) -> Pos {
        match self {
            SExpr::Atom(_, p) | SExpr::List(_, p) => *p,
        }
    }

    pub fn symbol(&self) -> Option<&str> {
        match self {
            SExpr::Atom(Tok::Symbol(s), _) => Some(s),
            _ => None,
        }
    }

    pub fn list(&self) -> Option<&[SExpr]> {
        match self {
            SExpr::List(v, _) => Some(v),
            _ => None,
        }
    }

    pub fn numeral(&self) -> Option<u32> {
        match self {
            SExpr::Atom(Tok::Numeral(n), _) => n.parse().ok(),
            _ => None,
        }
    }
}

fn needs_quotes(s: &str) -> bool {
    s.is_empty()
        || s.as_bytes()[0].is_ascii_digit()
        || !s.bytes().all(|c| c.is_ascii_alphanumeric() || b"~!@$%^&*_-+=<>.?/".contains(&c))
}

/// Renders a symbol, quoting it with `|…|` when needed.
pub fn symbol_text(s: &str) -> String {
    if needs_quotes(s) {
        format!("|{s}|")
    } else {
        s.to_string()
    }
}

impl fmt::Display for SExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SExpr::Atom(t, _) => match t {
                Tok::LParen => f.write_str("("),
                Tok::RParen => f.write_str(")"),
                Tok::Symbol(s) => f.write_str(&symbol_text(s)),
                Tok::Keyword(s) | Tok::Numeral(s) | Tok::Decimal(s) => f.write_str(s),
                Tok::Binary(s) => write!(f, "#b{s}"),
                Tok::Hex(s) => write!(f, "#x{s}"),
                Tok::Str(s) => write!(f, "\"{}\"", s.replace('"', "\"\"")),
            },
            SExpr::List(v, _) => {
                f.write_str("(")?;
                for (i, e) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// Reads top-level s-expressions one at a time.
/// The deepest nesting of parentheses a command may have. Elaboration recurses once per level
/// on a stack of [`super::STACK_BYTES`]; measured there, a million nested `let`s and two million
/// nested applications elaborate and three million applications overflow it, so this limit
/// leaves a wide margin and turns what would be an abort into an error naming the place.
pub const MAX_NESTING: usize = 500_000;

pub struct Reader<'a> {
    lexer: Lexer<'a>,
}

impl<'a> Reader<'a> {
    pub fn new(src: &'a str) -> Self {
        Reader { lexer: Lexer::new(src) }
    }

    pub fn next_command(&mut self) -> Result<Option<SExpr>, SmtError> {
        let mut stack: Vec<(Vec<SExpr>, Pos)> = Vec::new();
        loop {
            let Some((tok, p)) = self.lexer.next_token()? else {
                return match stack.first() {
                    Some((_, open)) => Err(SmtError::at(*open, "unbalanced parenthesis: missing ')'")),
                    None => Ok(None),
                };
            };
            let done = match tok {
                Tok::LParen if stack.len() >= MAX_NESTING => {
                    return Err(SmtError::at(p, format!("expression nested deeper than {MAX_NESTING} levels (not supported)")));
                }
                Tok::LParen => {
                    stack.push((Vec::new(), p));
                    continue;
                }
                Tok::RParen => match stack.pop() {
                    Some((items, open)) => SExpr::List(items, open),
                    None => return Err(SmtError::at(p, "unexpected ')'")),
                },
                t => SExpr::Atom(t, p),
            };
            match stack.last_mut() {
                Some((items, _)) => items.push(done),
                None => return Ok(Some(done)),
            }
        }
    }
}

/// A named entity of the script.
#[derive(Clone, Debug)]
pub enum Binding {
    /// A declared constant, a `define-fun` without parameters, or a `:named` term.
    Term(Typed),
    /// A `define-fun` with parameters, expanded at each use.
    Fun { params: Vec<(String, SmtSort)>, ret: SmtSort, body: SExpr },
}

/// Global names (with push/pop scoping) for elaboration.
#[derive(Default)]
pub struct Env {
    pub globals: HashMap<String, Binding>,
    /// Names introduced at each open push level.
    pub scopes: Vec<Vec<String>>,
    /// Free choices for unspecified floating-point values (see [`super::fp`]).
    pub fp: FpChoices,
}

impl Env {
    pub fn define(&mut self, name: &str, b: Binding, pos: Pos) -> Result<(), SmtError> {
        if self.globals.contains_key(name) {
            return Err(SmtError::at(pos, format!("symbol {} already declared", symbol_text(name))));
        }
        self.globals.insert(name.to_string(), b);
        if let Some(s) = self.scopes.last_mut() {
            s.push(name.to_string());
        }
        Ok(())
    }
}

pub fn parse_sort(e: &SExpr) -> Result<SmtSort, SmtError> {
    if let Some(r) = super::fp::parse_fp_sort(e) {
        return r.map_err(|m| SmtError::at(e.pos(), m));
    }
    parse_core_sort(e).map(SmtSort::Core)
}

fn parse_core_sort(e: &SExpr) -> Result<Sort, SmtError> {
    if e.symbol() == Some("Bool") {
        return Ok(Sort::Bool);
    }
    if let Some([u, bv, w]) = e.list() {
        if u.symbol() == Some("_") && bv.symbol() == Some("BitVec") {
            let w = w.numeral().ok_or_else(|| SmtError::at(w.pos(), "expected bit-vector width"))?;
            return Sort::bv(w).map_err(|s| SmtError::at(e.pos(), s.0));
        }
    }
    Err(SmtError::at(e.pos(), format!("unsupported sort {e}")))
}

/// The names bound by the `let`s (and a defined function's parameters) around the term being
/// elaborated. Invariant: `bound[n]` holds, innermost last, the values of every open scope that
/// binds `n`, and `scopes` lists, innermost last, the names each open scope bound; so a lookup
/// costs one hash probe whatever the nesting depth (machine-written scripts nest `let`s tens of
/// thousands deep, and a walk over the open scopes made elaborating them quadratic).
#[derive(Default)]
struct Locals {
    bound: HashMap<String, Vec<Typed>>,
    scopes: Vec<Vec<String>>,
}

impl Locals {
    fn get(&self, name: &str) -> Option<Typed> {
        self.bound.get(name).and_then(|vals| vals.last().copied())
    }

    /// Opens a scope binding `names` (distinct) to their values.
    fn push(&mut self, scope: Vec<(String, Typed)>) {
        let mut names = Vec::with_capacity(scope.len());
        for (n, t) in scope {
            self.bound.entry(n.clone()).or_default().push(t);
            names.push(n);
        }
        self.scopes.push(names);
    }

    /// Closes the innermost scope.
    fn pop(&mut self) {
        for n in self.scopes.pop().unwrap_or_default() {
            if let Some(vals) = self.bound.get_mut(&n) {
                vals.pop();
                if vals.is_empty() {
                    self.bound.remove(&n);
                }
            }
        }
    }
}

/// Elaborates terms of a script against an environment.
pub struct Elaborator<'a> {
    pub tm: &'a mut TermManager,
    pub env: &'a mut Env,
    locals: Locals,
}

impl<'a> Elaborator<'a> {
    pub fn new(tm: &'a mut TermManager, env: &'a mut Env) -> Self {
        Elaborator { tm, env, locals: Locals::default() }
    }

    fn lookup(&mut self, name: &str, pos: Pos) -> Result<Typed, SmtError> {
        if let Some(t) = self.locals.get(name) {
            return Ok(t);
        }
        match name {
            "true" => return Ok(Typed { t: self.tm.tt(), s: SmtSort::Core(Sort::Bool) }),
            "false" => return Ok(Typed { t: self.tm.ff(), s: SmtSort::Core(Sort::Bool) }),
            _ => {}
        }
        if let Some(t) = super::fp::rounding_mode(self.tm, name) {
            if !self.env.globals.contains_key(name) {
                return Ok(t);
            }
        }
        match self.env.globals.get(name) {
            Some(Binding::Term(t)) => Ok(*t),
            Some(Binding::Fun { params, .. }) => {
                Err(SmtError::at(pos, format!("{} expects {} arguments", symbol_text(name), params.len())))
            }
            None => Err(SmtError::at(pos, format!("unknown symbol {}", symbol_text(name)))),
        }
    }

    pub fn term(&mut self, e: &SExpr) -> Result<Typed, SmtError> {
        match e {
            SExpr::Atom(tok, p) => match tok {
                Tok::Symbol(s) => self.lookup(s, *p),
                Tok::Binary(d) => Ok(self.bv_literal(BitVecValue::from_bin_str(d), d.len() as u64, *p)?),
                Tok::Hex(d) => Ok(self.bv_literal(BitVecValue::from_hex_str(d), 4 * d.len() as u64, *p)?),
                _ => Err(SmtError::at(*p, format!("unexpected {e} in term position"))),
            },
            SExpr::List(items, p) => {
                let Some(head) = items.first() else {
                    return Err(SmtError::at(*p, "empty application ()"));
                };
                match head.symbol() {
                    Some("let") => return self.let_term(items, *p),
                    Some("!") => return self.annotated(items, *p),
                    Some("_") => return self.indexed_constant(items, *p),
                    Some("forall" | "exists" | "match" | "as") => {
                        return Err(SmtError::at(*p, format!("unsupported construct {}", items[0])))
                    }
                    _ => {}
                }
                let mut args = Vec::with_capacity(items.len() - 1);
                for a in &items[1..] {
                    args.push(self.term(a)?);
                }
                if let Some(name) = head.symbol() {
                    let fun = match self.env.globals.get(name) {
                        Some(Binding::Fun { params, ret, body }) => Some((params.clone(), *ret, body.clone())),
                        _ => None,
                    };
                    if let Some((params, _ret, body)) = fun {
                        return self.expand(name, &params, &body, &args, *p);
                    }
                    return self.apply(name, &[], &args).map_err(|m| SmtError::at(*p, m));
                }
                if let Some([u, name, idx @ ..]) = head.list() {
                    if u.symbol() == Some("_") {
                        let name = name.symbol().ok_or_else(|| SmtError::at(head.pos(), "expected an indexed operator"))?;
                        let mut ixs = Vec::new();
                        for i in idx {
                            ixs.push(i.numeral().ok_or_else(|| SmtError::at(i.pos(), "expected a numeral index"))?);
                        }
                        return self.apply(name, &ixs, &args).map_err(|m| SmtError::at(*p, m));
                    }
                }
                Err(SmtError::at(head.pos(), format!("cannot apply {head}")))
            }
        }
    }

    /// Applies a function symbol of Core, FixedSizeBitVectors or FloatingPoint.
    fn apply(&mut self, name: &str, idx: &[u32], args: &[Typed]) -> Result<Typed, String> {
        if super::fp::is_fp_operator(name) {
            return super::fp::apply(self.tm, &mut self.env.fp, name, idx, args);
        }
        let terms: Vec<TermId> = args.iter().map(|a| a.t).collect();
        let core = args.iter().all(|a| matches!(a.s, SmtSort::Core(_)));
        if !core {
            // Only the polymorphic Core symbols take floats and rounding modes.
            let same = |from: usize| args.len() > from && args[from..].iter().all(|a| a.s == args[from].s);
            return match name {
                "=" | "distinct" if same(0) => {
                    let t = super::ops::apply(self.tm, name, &[], &terms)?;
                    Ok(Typed::core(self.tm, t))
                }
                "ite" if args.len() == 3 && args[0].s == SmtSort::Core(Sort::Bool) && same(1) => {
                    let t = self.tm.ite(terms[0], terms[1], terms[2]);
                    Ok(Typed { t, s: args[1].s })
                }
                _ => Err(format!(
                    "ill-sorted arguments to {}: ({})",
                    symbol_text(name),
                    args.iter().map(|a| a.s.to_string()).collect::<Vec<_>>().join(" ")
                )),
            };
        }
        let t = super::ops::apply(self.tm, name, idx, &terms)?;
        Ok(Typed::core(self.tm, t))
    }

    fn bv_literal(&mut self, v: Option<BitVecValue>, width: u64, p: Pos) -> Result<Typed, SmtError> {
        if width > crate::sort::MAX_WIDTH as u64 {
            return Err(SmtError::at(p, format!("literal of width {width} exceeds the maximum {}", crate::sort::MAX_WIDTH)));
        }
        let v = v.ok_or_else(|| SmtError::at(p, "malformed bit-vector literal"))?;
        let t = self.tm.bv_const(v);
        Ok(Typed::core(self.tm, t))
    }

    fn indexed_constant(&mut self, items: &[SExpr], p: Pos) -> Result<Typed, SmtError> {
        if let [_, name, eb, sb] = items {
            if let (Some(n), Some(eb), Some(sb)) = (name.symbol(), eb.numeral(), sb.numeral()) {
                if let Some(r) = super::fp::special_constant(self.tm, n, eb, sb) {
                    return r.map_err(|m| SmtError::at(p, m));
                }
            }
        }
        if let [_, name, w] = items {
            if let (Some(n), Some(w)) = (name.symbol(), w.numeral()) {
                if let Some(digits) = n.strip_prefix("bv") {
                    let s = Sort::bv(w).map_err(|e| SmtError::at(p, e.0))?;
                    let v = BitVecValue::from_dec_str(s.width(), digits)
                        .ok_or_else(|| SmtError::at(p, format!("malformed numeral in {n}")))?;
                    let t = self.tm.bv_const(v);
                    return Ok(Typed::core(self.tm, t));
                }
            }
        }
        Err(SmtError::at(p, "unsupported indexed identifier (expected (_ bvN w) or a floating-point constant)"))
    }

    fn let_term(&mut self, items: &[SExpr], p: Pos) -> Result<Typed, SmtError> {
        let [_, binds, body] = items else {
            return Err(SmtError::at(p, "let expects bindings and a body"));
        };
        let binds = binds.list().ok_or_else(|| SmtError::at(binds.pos(), "let bindings must be a list"))?;
        // The values are elaborated in the enclosing scope (a parallel let).
        let mut scope: Vec<(String, Typed)> = Vec::with_capacity(binds.len());
        for b in binds {
            match b.list() {
                Some([name, val]) if name.symbol().is_some() => {
                    let t = self.term(val)?;
                    let n = name.symbol().unwrap_or_default().to_string();
                    if scope.iter().any(|(m, _)| *m == n) {
                        return Err(SmtError::at(name.pos(), format!("duplicate let binding {}", symbol_text(&n))));
                    }
                    scope.push((n, t));
                }
                _ => return Err(SmtError::at(b.pos(), "malformed let binding (expected (name term))")),
            }
        }
        self.locals.push(scope);
        let r = self.term(body);
        self.locals.pop();
        r
    }

    fn annotated(&mut self, items: &[SExpr], p: Pos) -> Result<Typed, SmtError> {
        if items.len() < 2 {
            return Err(SmtError::at(p, "! expects a term and attributes"));
        }
        let t = self.term(&items[1])?;
        let mut i = 2;
        while i < items.len() {
            match &items[i] {
                SExpr::Atom(Tok::Keyword(k), kp) if k == ":named" => {
                    let name = items.get(i + 1).and_then(|n| n.symbol()).ok_or_else(|| SmtError::at(*kp, ":named expects a symbol"))?;
                    self.env.define(name, Binding::Term(t), *kp)?;
                    i += 2;
                }
                SExpr::Atom(Tok::Keyword(_), _) => {
                    // Other attributes (:pattern, user ones) are ignored with their value, if any.
                    i += 1;
                    if i < items.len() && !matches!(items[i], SExpr::Atom(Tok::Keyword(_), _)) {
                        i += 1;
                    }
                }
                other => return Err(SmtError::at(other.pos(), "expected an attribute keyword")),
            }
        }
        Ok(t)
    }

    fn expand(&mut self, name: &str, params: &[(String, SmtSort)], body: &SExpr, args: &[Typed], p: Pos) -> Result<Typed, SmtError> {
        if params.len() != args.len() {
            return Err(SmtError::at(p, format!("{} expects {} arguments, got {}", symbol_text(name), params.len(), args.len())));
        }
        let mut scope: Vec<(String, Typed)> = Vec::with_capacity(params.len());
        for ((pn, ps), &a) in params.iter().zip(args) {
            if a.s != *ps {
                return Err(SmtError::at(p, format!("argument {} of {} must have sort {ps}", symbol_text(pn), symbol_text(name))));
            }
            // A repeated parameter name: the last one is the one the body sees.
            scope.retain(|(m, _)| m != pn);
            scope.push((pn.clone(), a));
        }
        // The body sees only its parameters and globals, not the caller's let bindings.
        let mut own = Locals::default();
        own.push(scope);
        let saved = std::mem::replace(&mut self.locals, own);
        let r = self.term(body);
        self.locals = saved;
        r
    }
}
