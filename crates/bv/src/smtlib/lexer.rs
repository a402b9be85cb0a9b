//! SMT-LIB 2.6 tokens with source positions (the concrete syntax of §3.1 of the standard).
//!
//! Invariants: every token carries the 1-based line and column of its first character; the
//! lexer never panics: malformed input yields a [`SmtError`] at the offending position.

use super::SmtError;

/// Position in the input, 1-based.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Tok {
    LParen,
    RParen,
    /// A simple or `|quoted|` symbol (quotes removed).
    Symbol(String),
    /// `:name` (colon kept).
    Keyword(String),
    Numeral(String),
    Decimal(String),
    /// Digits of `#b…`.
    Binary(String),
    /// Digits of `#x…`.
    Hex(String),
    /// String literal contents, with `""` unescaped.
    Str(String),
}

pub struct Lexer<'a> {
    src: &'a [u8],
    i: usize,
    pos: Pos,
}

fn is_symbol_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"~!@$%^&*_-+=<>.?/".contains(&c)
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Self {
        Lexer { src: src.as_bytes(), i: 0, pos: Pos { line: 1, col: 1 } }
    }

    pub fn pos(&self) -> Pos {
        self.pos
    }

    fn bump(&mut self) -> Option<u8> {
        let c = *self.src.get(self.i)?;
        self.i += 1;
        if c == b'\n' {
            self.pos.line += 1;
            self.pos.col = 1;
        } else if c & 0xC0 != 0x80 {
            self.pos.col += 1;
        }
        Some(c)
    }

    fn peek(&self) -> Option<u8> {
        self.src.get(self.i).copied()
    }

    fn take_while(&mut self, f: impl Fn(u8) -> bool) -> String {
        let start = self.i;
        while self.peek().is_some_and(&f) {
            self.bump();
        }
        String::from_utf8_lossy(&self.src[start..self.i]).into_owned()
    }

    /// The next token and its position, or `None` at end of input.
    pub fn next_token(&mut self) -> Result<Option<(Tok, Pos)>, SmtError> {
        loop {
            match self.peek() {
                None => return Ok(None),
                Some(c) if c.is_ascii_whitespace() => {
                    self.bump();
                }
                Some(b';') => {
                    while self.peek().is_some_and(|c| c != b'\n') {
                        self.bump();
                    }
                }
                Some(_) => break,
            }
        }
        let p = self.pos;
        let c = self.peek().unwrap_or(b' ');
        let tok = match c {
            b'(' => {
                self.bump();
                Tok::LParen
            }
            b')' => {
                self.bump();
                Tok::RParen
            }
            b'|' => {
                self.bump();
                let s = self.take_while(|c| c != b'|' && c != b'\\');
                match self.bump() {
                    Some(b'|') => Tok::Symbol(s),
                    Some(_) => return Err(SmtError::at(p, "backslash in quoted symbol")),
                    None => return Err(SmtError::at(p, "unterminated quoted symbol")),
                }
            }
            b'"' => {
                self.bump();
                let mut bytes = Vec::new();
                loop {
                    match self.bump() {
                        None => return Err(SmtError::at(p, "unterminated string literal")),
                        Some(b'"') if self.peek() == Some(b'"') => {
                            self.bump();
                            bytes.push(b'"');
                        }
                        Some(b'"') => break,
                        Some(c) => bytes.push(c),
                    }
                }
                Tok::Str(String::from_utf8_lossy(&bytes).into_owned())
            }
            b'#' => {
                self.bump();
                match self.bump() {
                    Some(b'b') => {
                        let d = self.take_while(|c| c == b'0' || c == b'1');
                        if d.is_empty() {
                            return Err(SmtError::at(p, "empty binary literal"));
                        }
                        Tok::Binary(d)
                    }
                    Some(b'x') => {
                        let d = self.take_while(|c| c.is_ascii_hexdigit());
                        if d.is_empty() {
                            return Err(SmtError::at(p, "empty hexadecimal literal"));
                        }
                        Tok::Hex(d)
                    }
                    _ => return Err(SmtError::at(p, "expected #b or #x literal")),
                }
            }
            b':' => {
                self.bump();
                let s = self.take_while(is_symbol_char);
                if s.is_empty() {
                    return Err(SmtError::at(p, "empty keyword"));
                }
                Tok::Keyword(format!(":{s}"))
            }
            c if c.is_ascii_digit() => {
                let n = self.take_while(|c| c.is_ascii_digit());
                if self.peek() == Some(b'.') {
                    self.bump();
                    let f = self.take_while(|c| c.is_ascii_digit());
                    Tok::Decimal(format!("{n}.{f}"))
                } else {
                    if n.len() > 1 && n.starts_with('0') {
                        return Err(SmtError::at(p, "numeral with leading zero"));
                    }
                    Tok::Numeral(n)
                }
            }
            c if is_symbol_char(c) => Tok::Symbol(self.take_while(is_symbol_char)),
            other => {
                return Err(SmtError::at(p, format!("unexpected character {:?}", other as char)));
            }
        };
        Ok(Some((tok, p)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_positions() {
        let mut l = Lexer::new("(assert ; c\n  (= #b01 |a b| :named))");
        let mut toks = Vec::new();
        while let Some(t) = l.next_token().unwrap() {
            toks.push(t);
        }
        assert_eq!(toks[1].0, Tok::Symbol("assert".into()));
        assert_eq!(toks[2].1, Pos { line: 2, col: 3 });
        assert_eq!(toks[4].0, Tok::Binary("01".into()));
        assert_eq!(toks[5].0, Tok::Symbol("a b".into()));
        assert_eq!(toks[6].0, Tok::Keyword(":named".into()));
        let e = Lexer::new("\n  \"abc").next_token().unwrap_err();
        assert_eq!(e.pos, Some(Pos { line: 2, col: 3 }));
    }
}
