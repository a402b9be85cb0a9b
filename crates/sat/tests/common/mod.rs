//! Shared test helpers: a deterministic PRNG, formula generators, a brute-force oracle, a model
//! checker and a small independent DRAT (RUP-only) forward proof checker.
#![allow(dead_code)]

use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, Mutex};
use vigil_sat::{Lit, Params, SolveResult, Solver};

/// splitmix64: deterministic, seeded.
pub struct Prng(pub u64);
impl Prng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E3779B97F4A7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A formula as DIMACS integers.
pub type Formula = Vec<Vec<i32>>;

/// Random clauses of width 1..=max_width over `vars` variables.
pub fn random_formula(rng: &mut Prng, vars: u32, clauses: usize, max_width: u64) -> Formula {
    (0..clauses)
        .map(|_| {
            let w = 1 + rng.below(max_width) as usize;
            (0..w)
                .map(|_| {
                    let v = 1 + rng.below(vars as u64) as i32;
                    if rng.next() & 1 == 1 {
                        -v
                    } else {
                        v
                    }
                })
                .collect()
        })
        .collect()
}

/// Pigeonhole: `n+1` pigeons into `n` holes (unsatisfiable).
pub fn pigeonhole(n: i32) -> Formula {
    let var = |p: i32, h: i32| p * n + h + 1;
    let mut f = Formula::new();
    for p in 0..=n {
        f.push((0..n).map(|h| var(p, h)).collect());
    }
    for h in 0..n {
        for p in 0..=n {
            for q in p + 1..=n {
                f.push(vec![-var(p, h), -var(q, h)]);
            }
        }
    }
    f
}

pub fn num_vars(f: &Formula) -> u32 {
    f.iter()
        .flatten()
        .map(|l| l.unsigned_abs())
        .max()
        .unwrap_or(0)
}

/// Brute force: a model (bit i = value of variable i+1) or None.
pub fn brute_force(f: &Formula, vars: u32) -> Option<u64> {
    assert!(vars <= 20);
    (0u64..1 << vars)
        .find(|&m| satisfies(f, |l| ((m >> (l.unsigned_abs() - 1)) & 1 == 1) == (l > 0)))
}

pub fn satisfies(f: &Formula, value: impl Fn(i32) -> bool) -> bool {
    f.iter().all(|c| c.iter().any(|&l| value(l)))
}

pub fn lits(c: &[i32]) -> Vec<Lit> {
    c.iter().map(|&l| Lit::from_dimacs(l)).collect()
}

/// A `Write` that appends to a shared buffer, so tests can read the proof afterwards.
#[derive(Clone, Default)]
pub struct SharedBuf(pub Arc<Mutex<Vec<u8>>>);
impl Write for SharedBuf {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
impl SharedBuf {
    pub fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

/// Solves `f` with `params` and a proof writer; checks the answer: SAT models satisfy `f`, UNSAT
/// answers come with a DRAT proof that [`check_drat`] accepts. Returns the answer.
pub fn solve_checked(f: &Formula, params: Params) -> SolveResult {
    let mut s = Solver::with_params(params);
    let buf = SharedBuf::default();
    s.set_proof_writer(Box::new(buf.clone()));
    for c in f {
        s.add_clause(&lits(c));
    }
    let r = s.solve();
    match r {
        SolveResult::Sat => assert!(
            satisfies(f, |l| s.value(Lit::from_dimacs(l)) == Some(true)),
            "model does not satisfy formula {f:?}"
        ),
        SolveResult::Unsat => {
            s.flush_proof().unwrap();
            if let Err(e) = check_drat(f, &buf.text()) {
                panic!(
                    "DRAT check failed: {e}\nformula {f:?}\nproof:\n{}",
                    buf.text()
                );
            }
        }
        SolveResult::Unknown => {}
    }
    r
}

fn normalize(c: &[i32]) -> Vec<i32> {
    let mut c = c.to_vec();
    c.sort_unstable();
    c.dedup();
    c
}

/// Forward DRAT checker restricted to RUP lemmas (the solver never emits RAT lemmas): every
/// added lemma must be derivable by unit propagation from the current clause set; deletions
/// must name a present clause; the empty clause must be added. Tautologies are ignored.
pub fn check_drat(formula: &Formula, proof: &str) -> Result<(), String> {
    let mut db: Vec<Option<Vec<i32>>> = Vec::new();
    let mut index: HashMap<Vec<i32>, Vec<usize>> = HashMap::new();
    let add =
        |db: &mut Vec<Option<Vec<i32>>>, index: &mut HashMap<Vec<i32>, Vec<usize>>, c: Vec<i32>| {
            index.entry(c.clone()).or_default().push(db.len());
            db.push(Some(c));
        };
    for c in formula {
        let c = normalize(c);
        if c.iter().any(|l| c.contains(&-l)) {
            continue;
        }
        add(&mut db, &mut index, c);
    }
    let mut found_empty = db.iter().any(|c| c.as_ref().is_some_and(|c| c.is_empty()));
    for (no, line) in proof.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (del, body) = match line.strip_prefix("d ") {
            Some(b) => (true, b),
            None => (false, line),
        };
        let nums: Vec<i32> = body
            .split_whitespace()
            .map(|t| {
                t.parse::<i32>()
                    .map_err(|_| format!("proof line {}: bad token", no + 1))
            })
            .collect::<Result<_, _>>()?;
        if nums.last() != Some(&0) {
            return Err(format!("proof line {}: missing 0", no + 1));
        }
        let c = normalize(&nums[..nums.len() - 1]);
        if del {
            let slot = index
                .get_mut(&c)
                .and_then(|v| v.pop())
                .ok_or_else(|| format!("proof line {}: deleting absent clause {c:?}", no + 1))?;
            db[slot] = None;
        } else {
            if !rup(&db, &c) {
                return Err(format!("proof line {}: lemma {c:?} is not RUP", no + 1));
            }
            if c.is_empty() {
                found_empty = true;
                break;
            }
            add(&mut db, &mut index, c);
        }
    }
    if found_empty {
        Ok(())
    } else {
        Err("proof does not derive the empty clause".into())
    }
}

/// Whether unit propagation on `db` plus the negation of `c` reaches a conflict.
fn rup(db: &[Option<Vec<i32>>], c: &[i32]) -> bool {
    let mut assign: HashMap<i32, bool> = HashMap::new();
    for &l in c {
        if assign.get(&l.abs()) == Some(&(l > 0)) {
            return true; // tautology
        }
        assign.insert(l.abs(), l < 0);
    }
    let val = |a: &HashMap<i32, bool>, l: i32| a.get(&l.abs()).map(|&v| v == (l > 0));
    loop {
        let mut changed = false;
        for cl in db.iter().flatten() {
            let mut unassigned = None;
            let mut n_unassigned = 0;
            let mut sat = false;
            for &l in cl {
                match val(&assign, l) {
                    Some(true) => {
                        sat = true;
                        break;
                    }
                    Some(false) => {}
                    None => {
                        n_unassigned += 1;
                        unassigned = Some(l);
                    }
                }
            }
            if sat {
                continue;
            }
            match (n_unassigned, unassigned) {
                (0, _) => return true,
                (1, Some(l)) => {
                    assign.insert(l.abs(), l > 0);
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            return false;
        }
    }
}
