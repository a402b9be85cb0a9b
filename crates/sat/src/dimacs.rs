//! Strict DIMACS CNF reading from plain, gzip (`.gz`) or xz (`.xz`) files.
//!
//! Accepted: comment lines starting with `c` anywhere; exactly one header `p cnf V C` before the
//! first clause; clauses as whitespace-separated non-zero integers with |lit| <= V, each ended
//! by `0` (a clause may span lines). Rejected, with the 1-based line number: a missing,
//! repeated or malformed header, a token that is not an integer (trailing garbage), a literal
//! out of range, a last clause without its terminating `0`, and a clause count different from
//! the header's C (policy: strict in both directions, since a mismatch usually means a
//! truncated or concatenated file). Compression is chosen by magic bytes, not the file name.

use crate::lit::Lit;
use std::fmt;
use std::io::Read;
use std::path::Path;

/// A parsed CNF formula.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Cnf {
    pub num_vars: usize,
    pub clauses: Vec<Vec<Lit>>,
}

/// A DIMACS syntax error at a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number (0 for errors about the whole input, e.g. decompression).
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}
impl std::error::Error for ParseError {}

fn err(line: usize, message: impl Into<String>) -> ParseError {
    ParseError {
        line,
        message: message.into(),
    }
}

/// Reads the file's bytes, decompressing gzip or xz when the magic bytes say so.
pub fn read_file_bytes(path: &Path) -> Result<Vec<u8>, std::io::Error> {
    let raw = std::fs::read(path)?;
    decompress(raw).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
}

/// Decompresses gzip (1f 8b) or xz (fd 37 7a 58 5a 00) data; other data is returned unchanged.
pub fn decompress(raw: Vec<u8>) -> Result<Vec<u8>, String> {
    if raw.starts_with(&[0x1f, 0x8b]) {
        let mut out = Vec::new();
        flate2::read::MultiGzDecoder::new(&raw[..])
            .read_to_end(&mut out)
            .map_err(|e| format!("gzip data is corrupt: {e}"))?;
        Ok(out)
    } else if raw.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0]) {
        let mut out = Vec::new();
        lzma_rs::xz_decompress(&mut &raw[..], &mut out)
            .map_err(|e| format!("xz data is corrupt: {e:?}"))?;
        Ok(out)
    } else {
        Ok(raw)
    }
}

/// Parses DIMACS text (see the module doc for the accepted language).
pub fn parse(input: &[u8]) -> Result<Cnf, ParseError> {
    let text = std::str::from_utf8(input).map_err(|e| {
        let line = input[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        err(line, "input is not valid UTF-8/ASCII text")
    })?;
    let mut header: Option<(usize, usize)> = None;
    let mut cnf = Cnf::default();
    let mut clause: Vec<Lit> = Vec::new();
    let mut clause_line = 0;
    let mut last_line = 0;
    for (i, line) in text.lines().enumerate() {
        let no = i + 1;
        last_line = no;
        let t = line.trim();
        if t.is_empty() || t.starts_with('c') {
            continue;
        }
        if t.starts_with('p') {
            if header.is_some() {
                return Err(err(no, "second 'p' header"));
            }
            if !cnf.clauses.is_empty() || !clause.is_empty() {
                return Err(err(no, "'p' header after clauses"));
            }
            let f: Vec<&str> = t.split_whitespace().collect();
            if f.len() != 4 || f[0] != "p" || f[1] != "cnf" {
                return Err(err(
                    no,
                    format!("bad header '{t}', expected 'p cnf VARIABLES CLAUSES'"),
                ));
            }
            let v = f[2]
                .parse::<usize>()
                .map_err(|_| err(no, format!("bad variable count '{}' in header", f[2])))?;
            let c = f[3]
                .parse::<usize>()
                .map_err(|_| err(no, format!("bad clause count '{}' in header", f[3])))?;
            if v > (i32::MAX as usize) {
                return Err(err(no, format!("variable count {v} too large")));
            }
            header = Some((v, c));
            cnf.num_vars = v;
            continue;
        }
        let Some((nv, _)) = header else {
            return Err(err(
                no,
                format!("clause data before the 'p cnf' header: '{}'", truncate(t)),
            ));
        };
        for tok in t.split_whitespace() {
            let x: i64 = tok.parse().map_err(|_| {
                err(
                    no,
                    format!(
                        "unexpected token '{}' (expected an integer literal)",
                        truncate(tok)
                    ),
                )
            })?;
            if x == 0 {
                cnf.clauses.push(std::mem::take(&mut clause));
                continue;
            }
            if x.unsigned_abs() > nv as u64 {
                return Err(err(
                    no,
                    format!("literal {x} out of range (header declares {nv} variables)"),
                ));
            }
            if clause.is_empty() {
                clause_line = no;
            }
            clause.push(Lit::from_dimacs(x as i32));
        }
    }
    let Some((_, nc)) = header else {
        return Err(err(last_line.max(1), "missing 'p cnf' header"));
    };
    if !clause.is_empty() {
        return Err(err(clause_line, "last clause is missing its terminating 0"));
    }
    if cnf.clauses.len() != nc {
        return Err(err(
            last_line.max(1),
            format!(
                "header declares {nc} clauses but the file has {}",
                cnf.clauses.len()
            ),
        ));
    }
    Ok(cnf)
}

fn truncate(s: &str) -> String {
    s.chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn parses_simple() {
        let c = parse(b"c hi\np cnf 3 2\n1 -2 0\n2 3\n -1 0\n").unwrap();
        assert_eq!(c.num_vars, 3);
        assert_eq!(c.clauses.len(), 2);
        assert_eq!(
            c.clauses[1]
                .iter()
                .map(|l| l.to_dimacs())
                .collect::<Vec<_>>(),
            vec![2, 3, -1]
        );
    }
}
