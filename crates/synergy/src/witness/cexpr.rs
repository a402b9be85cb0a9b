//! Bit-vector terms as C expressions and back: the `c_expression` values of correctness
//! witnesses (SV-COMP witness format 2.0, `loop_invariant` entries).
//!
//! # Rendering ([`render`])
//!
//! A Bool term becomes an `int` expression with value 0 or 1; a bit-vector term of width
//! `w ≤ 64` becomes an expression of its *container* type — `unsigned int` for `w ≤ 32`, else
//! `unsigned long long` — whose value is the term's value read as an unsigned number (so in
//! `[0, 2^w)`). Container arithmetic wraps modulo `2^32` or `2^64` without undefined behaviour;
//! an operation whose result can leave `[0, 2^w)` is masked with `2^w − 1` when `w` is not the
//! container's width. Signed comparisons compare signed values: the signed type of width
//! `w` for 32 and 64 bits, else the value sign-extended in the signed container (shift left,
//! convert, arithmetic shift right — conversions and shifts glibc/x86-64 compilers define as
//! two's complement). Registers appear only under a cast to the unsigned type of their own width
//! (8, 16, 32 or 64 bits), so a reader needs no C declarations. Operators with undefined cases in
//! C (division, shifts by a variable or by the width or more) make [`render`] fail: no
//! expression is better than one that means something else.
//!
//! # Parsing ([`parse`])
//!
//! A subset of C expressions with C's integer promotions and usual arithmetic conversions
//! (LP64 or ILP32 `long`): integer literals with suffixes, casts to integer types, unary
//! `- ~ ! +`, binary `* + - << >> < <= > >= == != & ^ | && ||` and `?:`. A variable (or an array element `a[2]` with a decimal index) must appear
//! directly under a cast to a type of its register's width (its signedness is not in the
//! program vigil analyses). Signed arithmetic wraps (what the bit-vector terms mean); division
//! and shifts by non-constants are refused. Whatever [`render`] writes, [`parse`] reads back
//! to an equivalent term (tested).

use std::collections::HashMap;

use vigil_bv::{Op, TermId, TermManager};

fn utype(w: u32) -> Option<&'static str> {
    match w {
        8 => Some("unsigned char"),
        16 => Some("unsigned short"),
        32 => Some("unsigned int"),
        64 => Some("unsigned long long"),
        _ => None,
    }
}

fn stype(w: u32) -> Option<&'static str> {
    match w {
        8 => Some("signed char"),
        16 => Some("short"),
        32 => Some("int"),
        64 => Some("long long"),
        _ => None,
    }
}

/// The C expression of Bool term `t`, with registers named by `name` (None: not nameable).
pub fn render(tm: &TermManager, t: TermId, name: &dyn Fn(TermId) -> Option<String>) -> Option<String> {
    let mut r = Renderer { tm, name, memo: HashMap::new(), budget: 20_000 };
    r.boolean(t)
}

struct Renderer<'a> {
    tm: &'a TermManager,
    name: &'a dyn Fn(TermId) -> Option<String>,
    memo: HashMap<TermId, String>,
    budget: usize,
}

impl Renderer<'_> {
    fn boolean(&mut self, t: TermId) -> Option<String> {
        self.budget = self.budget.checked_sub(1)?;
        let tm = self.tm;
        let a = |i: usize| tm.arg(t, i);
        Some(match tm.op(t) {
            Op::BoolConst(b) => (if *b { "1" } else { "0" }).to_string(),
            Op::Not => format!("!{}", self.boolean(a(0))?),
            Op::And => format!("({} && {})", self.boolean(a(0))?, self.boolean(a(1))?),
            Op::Or => format!("({} || {})", self.boolean(a(0))?, self.boolean(a(1))?),
            Op::Xor => format!("({} != {})", self.boolean(a(0))?, self.boolean(a(1))?),
            Op::Ite if tm.width(a(1)) == 1 && tm.sort(a(1)) == tm.sort(t) => {
                format!("({} ? {} : {})", self.boolean(a(0))?, self.boolean(a(1))?, self.boolean(a(2))?)
            }
            Op::Eq if tm.sort(a(0)) == tm.sort(t) => format!("({} == {})", self.boolean(a(0))?, self.boolean(a(1))?),
            Op::Eq => format!("({} == {})", self.bv(a(0))?, self.bv(a(1))?),
            Op::Ult => format!("({} < {})", self.bv(a(0))?, self.bv(a(1))?),
            Op::Slt => format!("({} < {})", self.signed(a(0))?, self.signed(a(1))?),
            _ => return None,
        })
    }

    /// `t` as a signed value: of the signed type of its width for 32 and 64 bits, else of
    /// the signed type of its container, sign-extended.
    fn signed(&mut self, t: TermId) -> Option<String> {
        let w = self.tm.width(t);
        if w > 64 {
            return None;
        }
        if let Some(v) = self.tm.bv_value(t) {
            let s = crate::flatten::sext(v.low_u64(), w);
            return Some(match container(w) {
                64 if s == i64::MIN => "(-9223372036854775807LL - 1)".to_string(),
                64 => format!("{s}LL"),
                _ => s.to_string(),
            });
        }
        if let (Op::Var(_), Some(st)) = (self.tm.op(t), stype(w)) {
            if w >= 32 {
                return Some(format!("({st}){}", (self.name)(t)?));
            }
        }
        let x = self.bv(t)?;
        let c = container(w);
        let st = stype(c)?;
        Some(if w == c { format!("({st}){x}") } else { format!("(({st})({x} << {}) >> {})", c - w, c - w) })
    }

    fn bv(&mut self, t: TermId) -> Option<String> {
        if let Some(s) = self.memo.get(&t) {
            return Some(s.clone());
        }
        self.budget = self.budget.checked_sub(1)?;
        let tm = self.tm;
        let w = tm.width(t);
        if w > 64 {
            return None;
        }
        let c = container(w);
        let ct = utype(c)?;
        let a = |i: usize| tm.arg(t, i);
        let masked = |e: String| if w == c { e } else { format!("({e} & {})", lit(c, crate::flatten::mask(w))) };
        let shift_amount = |i: usize| -> Option<u64> { tm.bv_value(a(i)).map(|v| v.low_u64()).filter(|&k| k < u64::from(w)) };
        let s = match tm.op(t) {
            Op::BvConst(v) => lit(c, v.low_u64()),
            Op::Var(_) => {
                let ut = utype(w)?;
                let n = (self.name)(t)?;
                if w == c { format!("({ut}){n}") } else { format!("({ct})({ut}){n}") }
            }
            Op::BvAdd => masked(format!("({} + {})", self.bv(a(0))?, self.bv(a(1))?)),
            Op::BvSub => masked(format!("({} - {})", self.bv(a(0))?, self.bv(a(1))?)),
            Op::BvMul => masked(format!("({} * {})", self.bv(a(0))?, self.bv(a(1))?)),
            Op::BvAnd => format!("({} & {})", self.bv(a(0))?, self.bv(a(1))?),
            Op::BvOr => format!("({} | {})", self.bv(a(0))?, self.bv(a(1))?),
            Op::BvXor => format!("({} ^ {})", self.bv(a(0))?, self.bv(a(1))?),
            Op::BvNot => masked(format!("~{}", self.bv(a(0))?)),
            Op::BvNeg => masked(format!("-{}", self.bv(a(0))?)),
            Op::BvShl => {
                let k = shift_amount(1)?;
                masked(format!("({} << {k})", self.bv(a(0))?))
            }
            Op::BvLshr => format!("({} >> {})", self.bv(a(0))?, shift_amount(1)?),
            Op::BvAshr => {
                let k = shift_amount(1)?;
                masked(format!("({ct})({} >> {k})", self.signed(a(0))?))
            }
            Op::Ite => format!("({} ? {} : {})", self.boolean(a(0))?, self.bv(a(1))?, self.bv(a(2))?),
            Op::ZeroExt(_) => {
                let x = self.bv(a(0))?;
                if container(tm.width(a(0))) == c { x } else { format!("({ct}){x}") }
            }
            Op::SignExt(_) => masked(format!("({ct}){}", self.signed(a(0))?)),
            Op::Extract { lo, .. } => {
                let x = self.bv(a(0))?;
                let from = container(tm.width(a(0)));
                let shifted = if *lo == 0 { x } else { format!("({x} >> {lo})") };
                let m = if w == tm.width(a(0)) - *lo { shifted } else { format!("({shifted} & {})", lit(from, crate::flatten::mask(w))) };
                if from == c { m } else { format!("({ct}){m}") }
            }
            Op::Concat => {
                let lw = tm.width(a(1));
                let (h, l) = (self.bv(a(0))?, self.bv(a(1))?);
                let widen = |e: String, ew: u32| if container(ew) == c { e } else { format!("({ct}){e}") };
                format!("({} << {lw} | {})", widen(h, tm.width(a(0))), widen(l, lw))
            }
            _ => return None,
        };
        self.memo.insert(t, s.clone());
        Some(s)
    }
}

/// The C type a value of width `w` is computed in: `unsigned int` up to 32 bits, else
/// `unsigned long long`.
fn container(w: u32) -> u32 {
    if w <= 32 { 32 } else { 64 }
}

/// An unsigned literal of container width `c`.
fn lit(c: u32, v: u64) -> String {
    if c == 32 { format!("{v}u") } else { format!("{v}ull") }
}

/// A typed C value during parsing: a bit-vector term, its width and signedness.
#[derive(Clone, Copy, Debug)]
struct CVal {
    t: TermId,
    w: u32,
    signed: bool,
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Id(String),
    Num(String),
    P(&'static str),
}

const PUNCT: [&str; 27] = [
    "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "(", ")", "[", "]", "?", ":", "|", "^", "&", "<", ">", "+", "-", "*", "/", "%", "~", "!", ",",
];

fn tokens(s: &str) -> Result<Vec<Tok>, String> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let st = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Id(s[st..i].to_string()));
        } else if c.is_ascii_digit() {
            let st = i;
            while i < b.len() && b[i].is_ascii_alphanumeric() {
                i += 1;
            }
            out.push(Tok::Num(s[st..i].to_string()));
        } else if let Some(p) = PUNCT.iter().find(|p| s[i..].starts_with(**p)) {
            out.push(Tok::P(p));
            i += p.len();
        } else {
            return Err(format!("unexpected character '{}'", &s[i..].chars().next().unwrap_or('?')));
        }
    }
    Ok(out)
}

/// Parses C expression `s` into a Bool term (the expression is true iff it is non-zero).
/// `var` maps a variable name to its register term and width; `long_bits` is 64 (LP64) or 32.
pub fn parse(tm: &mut TermManager, s: &str, var: &dyn Fn(&str) -> Option<(TermId, u32)>, long_bits: u32) -> Result<TermId, String> {
    let toks = tokens(s)?;
    let mut p = Parser { tm, toks, pos: 0, var, long_bits };
    let v = p.cond()?;
    if p.pos != p.toks.len() {
        return Err(format!("unexpected {:?} after the expression", p.toks[p.pos]));
    }
    Ok(p.truth(v))
}

struct Parser<'a> {
    tm: &'a mut TermManager,
    toks: Vec<Tok>,
    pos: usize,
    var: &'a dyn Fn(&str) -> Option<(TermId, u32)>,
    long_bits: u32,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn eat(&mut self, p: &str) -> bool {
        if matches!(self.peek(), Some(Tok::P(q)) if *q == p) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, p: &str) -> Result<(), String> {
        if self.eat(p) { Ok(()) } else { Err(format!("expected '{p}'")) }
    }

    fn truth(&mut self, v: CVal) -> TermId {
        let z = self.tm.bv_u64(v.w, 0);
        let e = self.tm.eq(v.t, z);
        self.tm.not(e)
    }

    fn of_bool(&mut self, b: TermId) -> CVal {
        let one = self.tm.bv_u64(32, 1);
        let zero = self.tm.bv_u64(32, 0);
        CVal { t: self.tm.ite(b, one, zero), w: 32, signed: true }
    }

    fn convert(&mut self, v: CVal, w: u32, signed: bool) -> CVal {
        let t = if w < v.w {
            self.tm.extract(v.t, w - 1, 0)
        } else if w > v.w {
            if v.signed { self.tm.sign_extend(v.t, w - v.w) } else { self.tm.zero_extend(v.t, w - v.w) }
        } else {
            v.t
        };
        CVal { t, w, signed }
    }

    fn promote(&mut self, v: CVal) -> CVal {
        if v.w < 32 { self.convert(v, 32, true) } else { v }
    }

    /// The usual arithmetic conversions.
    fn usual(&mut self, a: CVal, b: CVal) -> (CVal, CVal) {
        let (a, b) = (self.promote(a), self.promote(b));
        let (w, signed) = if a.w == b.w {
            (a.w, a.signed && b.signed)
        } else {
            let wide = if a.w > b.w { a } else { b };
            (wide.w, wide.signed)
        };
        (self.convert(a, w, signed), self.convert(b, w, signed))
    }

    fn cond(&mut self) -> Result<CVal, String> {
        let c = self.binary(0)?;
        if !self.eat("?") {
            return Ok(c);
        }
        let t = self.cond()?;
        self.expect(":")?;
        let f = self.cond()?;
        let cb = self.truth(c);
        let (t, f) = self.usual(t, f);
        Ok(CVal { t: self.tm.ite(cb, t.t, f.t), ..t })
    }

    /// Binary operators by precedence climbing; level 0 is `||`.
    fn binary(&mut self, level: usize) -> Result<CVal, String> {
        const LEVELS: [&[&str]; 10] =
            [&["||"], &["&&"], &["|"], &["^"], &["&"], &["==", "!="], &["<", "<=", ">", ">="], &["<<", ">>"], &["+", "-"], &["*", "/", "%"]];
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut l = self.binary(level + 1)?;
        loop {
            let Some(op) = LEVELS[level].iter().copied().find(|&op| matches!(self.peek(), Some(Tok::P(q)) if *q == op)) else {
                return Ok(l);
            };
            self.pos += 1;
            let r = self.binary(level + 1)?;
            l = self.apply(op, l, r)?;
        }
    }

    fn apply(&mut self, op: &str, l: CVal, r: CVal) -> Result<CVal, String> {
        let tm = &mut *self.tm;
        match op {
            "||" | "&&" => {
                let (a, b) = (self.truth(l), self.truth(r));
                let c = if op == "||" { self.tm.or(a, b) } else { self.tm.and(a, b) };
                Ok(self.of_bool(c))
            }
            "<<" | ">>" => {
                let l = self.promote(l);
                let k = self.tm.bv_value(r.t).map(|v| v.low_u64()).filter(|&k| k < u64::from(l.w));
                let Some(k) = k else { return Err(format!("'{op}' needs a constant amount below the width")) };
                let kt = self.tm.bv_u64(l.w, k);
                let t = match (op, l.signed) {
                    ("<<", _) => self.tm.bvshl(l.t, kt),
                    (_, true) => self.tm.bvashr(l.t, kt),
                    (_, false) => self.tm.bvlshr(l.t, kt),
                };
                Ok(CVal { t, ..l })
            }
            "/" | "%" => {
                let _ = tm;
                Err(format!("'{op}' is not supported in invariants"))
            }
            _ => {
                let (a, b) = self.usual(l, r);
                let tm = &mut *self.tm;
                let arith = |t: TermId| CVal { t, ..a };
                Ok(match op {
                    "+" => arith(tm.bvadd(a.t, b.t)),
                    "-" => arith(tm.bvsub(a.t, b.t)),
                    "*" => arith(tm.bvmul(a.t, b.t)),
                    "&" => arith(tm.bvand(a.t, b.t)),
                    "|" => arith(tm.bvor(a.t, b.t)),
                    "^" => arith(tm.bvxor(a.t, b.t)),
                    _ => {
                        let lt = |tm: &mut TermManager, x, y| if a.signed { tm.slt(x, y) } else { tm.ult(x, y) };
                        let c = match op {
                            "==" => tm.eq(a.t, b.t),
                            "!=" => {
                                let e = tm.eq(a.t, b.t);
                                tm.not(e)
                            }
                            "<" => lt(tm, a.t, b.t),
                            ">" => lt(tm, b.t, a.t),
                            "<=" => {
                                let x = lt(tm, b.t, a.t);
                                tm.not(x)
                            }
                            ">=" => {
                                let x = lt(tm, a.t, b.t);
                                tm.not(x)
                            }
                            _ => return Err(format!("unknown operator '{op}'")),
                        };
                        self.of_bool(c)
                    }
                })
            }
        }
    }

    /// A type name after `(`, if the tokens there are one followed by `)`: (width, signed).
    fn type_name(&mut self) -> Option<(u32, bool)> {
        let start = self.pos;
        let (mut unsigned, mut signed, mut chars, mut shorts, mut longs, mut ints, mut n) = (false, false, 0, 0, 0, 0, 0);
        while let Some(Tok::Id(k)) = self.peek() {
            match k.as_str() {
                "unsigned" => unsigned = true,
                "signed" => signed = true,
                "char" => chars += 1,
                "short" => shorts += 1,
                "long" => longs += 1,
                "int" => ints += 1,
                _ => break,
            }
            n += 1;
            self.pos += 1;
        }
        if n == 0 || !self.eat(")") || (unsigned && signed) || ints > 1 || chars + shorts + (longs > 0) as u32 > 1 || longs > 2 {
            self.pos = start;
            return None;
        }
        let w = if chars == 1 {
            8
        } else if shorts == 1 {
            16
        } else if longs == 2 {
            64
        } else if longs == 1 {
            self.long_bits
        } else {
            32
        };
        Some((w, !unsigned))
    }

    fn unary(&mut self) -> Result<CVal, String> {
        if self.eat("(") {
            if let Some((w, signed)) = self.type_name() {
                // A cast; a variable directly under it takes the cast's type.
                if let Some(Tok::Id(mut name)) = self.peek().cloned() {
                    self.pos += 1;
                    // An array element with a constant index: `a[2]`.
                    if self.eat("[") {
                        let Some(Tok::Num(i)) = self.peek().cloned() else { return Err(format!("'{name}[' needs a constant index")) };
                        self.pos += 1;
                        self.expect("]")?;
                        name = format!("{name}[{}]", i.parse::<u64>().map_err(|_| format!("index '{i}' of '{name}'"))?);
                    }
                    let (t, rw) = (self.var)(&name).ok_or_else(|| format!("unknown variable '{name}' at this loop head"))?;
                    if rw != w {
                        return Err(format!("'{name}' has {rw} bits, cast to a {w}-bit type"));
                    }
                    return Ok(CVal { t, w, signed });
                }
                let v = self.unary()?;
                return Ok(self.convert(v, w, signed));
            }
            let v = self.cond()?;
            self.expect(")")?;
            return Ok(v);
        }
        if self.eat("-") {
            let v = self.unary()?;
            let v = self.promote(v);
            return Ok(CVal { t: self.tm.bvneg(v.t), ..v });
        }
        if self.eat("~") {
            let v = self.unary()?;
            let v = self.promote(v);
            return Ok(CVal { t: self.tm.bvnot(v.t), ..v });
        }
        if self.eat("+") {
            let v = self.unary()?;
            return Ok(self.promote(v));
        }
        if self.eat("!") {
            let v = self.unary()?;
            let b = self.truth(v);
            let nb = self.tm.not(b);
            return Ok(self.of_bool(nb));
        }
        match self.peek().cloned() {
            Some(Tok::Num(n)) => {
                self.pos += 1;
                self.literal(&n)
            }
            Some(Tok::Id(name)) => Err(format!(
                "variable '{name}' without a cast: write e.g. (int){name} or (unsigned int){name} (vigil does not know its C type)"
            )),
            other => Err(format!("unexpected {other:?}")),
        }
    }

    fn literal(&mut self, n: &str) -> Result<CVal, String> {
        let lower = n.to_ascii_lowercase();
        let digits_end = if lower.starts_with("0x") {
            2 + lower[2..].find(|c: char| !c.is_ascii_hexdigit()).unwrap_or(lower.len() - 2)
        } else {
            lower.find(|c: char| !c.is_ascii_digit()).unwrap_or(lower.len())
        };
        let (digits, suffix) = lower.split_at(digits_end);
        let v = if let Some(h) = digits.strip_prefix("0x") {
            u64::from_str_radix(h, 16)
        } else if digits.len() > 1 && digits.starts_with('0') {
            u64::from_str_radix(&digits[1..], 8)
        } else {
            digits.parse::<u64>()
        }
        .map_err(|_| format!("bad integer literal '{n}'"))?;
        let unsigned = suffix.contains('u');
        let longs = suffix.matches('l').count();
        if suffix.chars().any(|c| c != 'u' && c != 'l') || longs > 2 {
            return Err(format!("bad integer literal '{n}'"));
        }
        let min_w = if longs == 2 { 64 } else if longs == 1 { self.long_bits } else { 32 };
        let decimal = !digits.starts_with('0') || digits == "0";
        // The first type of C's list (C11 6.4.4.1) that holds the value.
        let mut cands: Vec<(u32, bool)> = Vec::new();
        for w in [32, self.long_bits, 64] {
            if w < min_w {
                continue;
            }
            if !unsigned {
                cands.push((w, true));
            }
            if unsigned || !decimal {
                cands.push((w, false));
            }
        }
        let fits = |w: u32, s: bool| if s { v < (1u64 << (w - 1)) } else { w == 64 || v < (1u64 << w) };
        let (w, s) = cands.into_iter().find(|&(w, s)| fits(w, s)).ok_or_else(|| format!("integer literal '{n}' too large"))?;
        Ok(CVal { t: self.tm.bv_u64(w, v), w, signed: s })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vigil_bv::{CheckResult, Solver, Sort};

    fn setup() -> (TermManager, Vec<(String, TermId, u32)>) {
        let mut tm = TermManager::new();
        let mut vars = Vec::new();
        for (n, w) in [("i", 32), ("s", 32), ("c", 8), ("h", 16), ("l", 64)] {
            let v = tm.var(n, Sort::BitVec(w));
            vars.push((n.to_string(), v, w));
        }
        (tm, vars)
    }

    fn equivalent(tm: &mut TermManager, a: TermId, b: TermId) -> bool {
        let d = tm.xor(a, b);
        Solver::new().check_assuming(tm, &[d]).unwrap() == CheckResult::Unsat
    }

    #[test]
    fn rendered_terms_parse_back_to_equivalent_terms() {
        let (mut tm, vars) = setup();
        let [i, s, c, h, l] = [vars[0].1, vars[1].1, vars[2].1, vars[3].1, vars[4].1];
        let two = tm.bv_u64(32, 2);
        let ti = tm.bvmul(two, i);
        let e1 = tm.eq(s, ti);
        let m5 = tm.bv_u64(32, (-5i64) as u64);
        let e2 = tm.slt(m5, i);
        let c200 = tm.bv_u64(8, 200);
        let cc = tm.bvadd(c, c200);
        let e3 = tm.ult(cc, c);
        let hz = tm.sign_extend(h, 16);
        let e4 = tm.slt(hz, s);
        let one64 = tm.bv_u64(64, 1);
        let lm = tm.bvshl(l, one64);
        let lz = tm.zero_extend(i, 32);
        let e5 = tm.eq(lm, lz);
        let nc = tm.bvneg(c);
        let k = tm.bv_u64(8, 3);
        let sh = tm.bvashr(nc, k);
        let e6 = tm.slt(sh, c);
        let ex = tm.extract(l, 47, 16);
        let e7 = tm.ult(ex, i);
        let min = tm.bv_u64(64, 1u64 << 63);
        let e8 = tm.slt(min, l);
        let hm = tm.bvmul(h, h);
        let hn = tm.bvnot(hm);
        let e9 = tm.eq(hn, h);
        let i_e2 = tm.ite(e2, i, s);
        let e10 = tm.eq(i_e2, s);
        for e in [e1, e2, e3, e4, e5, e6, e7, e8, e9, e10] {
            let n1 = tm.not(e);
            let o = tm.or(n1, e1);
            for t in [e, n1, o] {
                let text = render(&tm, t, &|v| vars.iter().find(|x| x.1 == v).map(|x| x.0.clone())).unwrap_or_else(|| panic!("no rendering of {}", crate::symbolic::show(&tm, t, &|_| "v".into())));
                let back = parse(&mut tm, &text, &|n| vars.iter().find(|x| x.0 == n).map(|x| (x.1, x.2)), 64)
                    .unwrap_or_else(|e| panic!("{text}: {e}"));
                assert!(equivalent(&mut tm, t, back), "{text} does not mean the term");
            }
        }
    }

    #[test]
    fn c_semantics_of_plain_expressions() {
        let (mut tm, vars) = setup();
        let var = |n: &str| vars.iter().find(|x| x.0 == n).map(|x| (x.1, x.2));
        let (i, s) = (vars[0].1, vars[1].1);
        // (int)s == 2 * (int)i, read with C's conversions, is s == 2*i on 32 bits.
        let p = parse(&mut tm, "(int)s == 2 * (int)i", &var, 64).unwrap();
        let two = tm.bv_u64(32, 2);
        let ti = tm.bvmul(two, i);
        let e = tm.eq(s, ti);
        assert!(equivalent(&mut tm, p, e));
        // -1 < 0u is false in C (the -1 becomes UINT_MAX).
        let p = parse(&mut tm, "-1 < 0u", &var, 64).unwrap();
        assert_eq!(tm.bool_value(p), Some(false));
        // ... but -1 < 0ll-sized comparison with an unsigned int is signed 64-bit: true.
        let p = parse(&mut tm, "-1LL < 0u", &var, 64).unwrap();
        assert_eq!(tm.bool_value(p), Some(true));
        // (signed char)(unsigned char)200 is -56.
        let p = parse(&mut tm, "(signed char)(unsigned char)200 == -56", &var, 64).unwrap();
        assert_eq!(tm.bool_value(p), Some(true));
        let p = parse(&mut tm, "0x10 == 16 && 010 == 8 && (1 ? 2 : 3) == 2", &var, 64).unwrap();
        assert_eq!(tm.bool_value(p), Some(true));
        // 4294967295 has type long in LP64, unsigned long long would be wrong for -.
        let p = parse(&mut tm, "-4294967295 < 0", &var, 64).unwrap();
        assert_eq!(tm.bool_value(p), Some(true));
        for bad in ["i < 3", "(int)i / 2 == 0", "(short)i == 0", "(int)q == 0", "(int)i <", "(int)i << (int)s"] {
            assert!(parse(&mut tm, bad, &var, 64).is_err(), "accepted {bad}");
        }
    }
}
