//! Watch lists for two-watched-literal propagation, with blocking literals.
//!
//! Invariants: `lists[l.code()]` holds one [`Watch`] for every live clause whose literal 0 or 1
//! is `l`; the list is visited when `l` becomes false. `blocker` is some other literal of the
//! clause: if it is true the clause is satisfied and need not be read. For binary clauses the
//! blocker is the other literal and `binary` is set, so propagation never reads the arena.

use crate::clause_db::{CRef, ClauseDb};
use crate::lit::Lit;

/// One watch: clause reference (high bit = binary flag) and blocking literal.
#[derive(Copy, Clone, Debug)]
pub struct Watch {
    cref_bin: u32,
    pub blocker: Lit,
}

const BIN: u32 = 1 << 31;

impl Watch {
    #[inline]
    pub fn new(c: CRef, blocker: Lit, binary: bool) -> Watch {
        Watch {
            cref_bin: c | if binary { BIN } else { 0 },
            blocker,
        }
    }
    #[inline]
    pub fn cref(self) -> CRef {
        self.cref_bin & !BIN
    }
    #[inline]
    pub fn is_binary(self) -> bool {
        self.cref_bin & BIN != 0
    }
}

/// Per-literal watch lists.
#[derive(Default)]
pub struct Watches {
    pub lists: Vec<Vec<Watch>>,
}

impl Watches {
    /// Makes room for one more variable (two literals).
    pub fn grow(&mut self) {
        self.lists.push(Vec::new());
        self.lists.push(Vec::new());
    }
    /// Watches literals 0 and 1 of clause `c`.
    pub fn attach(&mut self, db: &ClauseDb, c: CRef) {
        let (a, b) = (db.lit(c, 0), db.lit(c, 1));
        let bin = db.len(c) == 2;
        self.lists[a.code()].push(Watch::new(c, b, bin));
        self.lists[b.code()].push(Watch::new(c, a, bin));
    }
    /// Drops every watch and rebuilds them from the live clauses of `db`.
    pub fn rebuild(&mut self, db: &ClauseDb) {
        for l in self.lists.iter_mut() {
            l.clear();
        }
        for &c in db.originals.iter().chain(db.learnts.iter()) {
            self.attach(db, c);
        }
    }
    /// Number of watches on literal `l`.
    #[inline]
    pub fn count(&self, l: Lit) -> usize {
        self.lists[l.code()].len()
    }
}
