//! DRAT proof output (textual format: `l1 l2 ... 0` adds a lemma, `d l1 ... 0` deletes).
//!
//! Invariant: every lemma written is RUP with respect to the clauses added by the user plus the
//! lemmas written before it and not deleted; the empty clause is written when the solver proves
//! the formula unsatisfiable without assumptions. Write errors are remembered, not panicked on.

use crate::lit::Lit;
use std::io::{BufWriter, Write};

/// The proof sink; inactive unless a writer was set.
#[derive(Default)]
pub struct Proof {
    out: Option<BufWriter<Box<dyn Write + Send>>>,
    buf: String,
    /// The first write error, if any.
    pub error: Option<std::io::Error>,
}

impl Proof {
    pub fn set_writer(&mut self, w: Box<dyn Write + Send>) {
        self.out = Some(BufWriter::with_capacity(1 << 16, w));
    }
    #[inline]
    pub fn active(&self) -> bool {
        self.out.is_some()
    }
    pub fn add(&mut self, lits: &[Lit]) {
        self.line("", lits.iter().copied());
    }
    pub fn delete_codes(&mut self, lits: &[u32]) {
        self.line("d ", lits.iter().map(|&c| Lit(c)));
    }
    fn line(&mut self, prefix: &str, lits: impl Iterator<Item = Lit>) {
        let Some(out) = self.out.as_mut() else { return };
        use std::fmt::Write as _;
        self.buf.clear();
        self.buf.push_str(prefix);
        for l in lits {
            let _ = write!(self.buf, "{} ", l.to_dimacs());
        }
        self.buf.push_str("0\n");
        if let Err(e) = out.write_all(self.buf.as_bytes()) {
            self.error.get_or_insert(e);
        }
    }
    pub fn flush(&mut self) {
        if let Some(out) = self.out.as_mut() {
            if let Err(e) = out.flush() {
                self.error.get_or_insert(e);
            }
        }
    }
}
