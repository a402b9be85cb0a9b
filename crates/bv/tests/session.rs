//! Session scripts (`vigil_bv::session_log`): a solver's incremental session recorded as SMT-LIB
//! and replayed by the SMT-LIB front end (`vigil smt`) gives the same answers, check by check,
//! including across push/pop (definitions made inside a popped level are written again).

mod common;

use common::{Gen, GenParams, Rng};
use vigil_bv::smtlib::{run_smt_str, SmtCliOptions};
use vigil_bv::{CheckResult, Solver, TermId, TermManager};

#[test]
fn a_recorded_session_replays_with_the_same_answers() {
    let dir = std::env::temp_dir().join(format!("vigil-bv-session-{}", std::process::id()));
    for seed in 0..6u64 {
        let mut r = Rng::new(seed ^ 0x5e55);
        let params =
            GenParams { widths: vec![8, 16], max_width: 24, heavy_max: 8, vars_per_width: 2, bool_vars: 2, reuse: 30 };
        let mut tm = TermManager::new();
        let mut g = Gen::new(seed, params);
        g.declare(&mut tm);
        let formulas: Vec<TermId> = (0..12).map(|k| g.fork(seed * 100 + k).formula(&mut tm, 1, 3)).collect();
        let mut s = Solver::new();
        s.set_model_cache(2);
        s.set_conflict_limit(Some(1_000_000));
        let path = dir.join(format!("s{seed}.smt2"));
        s.record_session(&path, "a test");
        let mut answers = Vec::new();
        for _ in 0..30 {
            match r.below(6) {
                0 => s.assert(&tm, formulas[r.below(12) as usize]).unwrap(),
                1 => s.push(),
                2 if s.level() > 0 => s.pop().unwrap(),
                _ => {
                    let a: Vec<TermId> = (0..1 + r.below(2)).map(|_| formulas[r.below(12) as usize]).collect();
                    answers.push(s.check_assuming(&tm, &a).unwrap());
                }
            }
        }
        drop(s);
        let script = std::fs::read_to_string(&path).unwrap();
        assert!(script.contains("(set-option :vigil-engine-model-cache 2)"), "{script}");
        assert!(script.contains("(set-option :vigil-engine-conflict-limit 1000000)"));
        let recorded: Vec<&str> = script.lines().filter_map(|l| l.strip_prefix("; engine: ")).collect();
        let names = |a: &CheckResult| match a {
            CheckResult::Sat => "sat",
            CheckResult::Unsat => "unsat",
            CheckResult::Unknown => "unknown",
        };
        assert_eq!(recorded, answers.iter().map(names).collect::<Vec<_>>());
        let mut out = Vec::new();
        let code = run_smt_str(&script, &SmtCliOptions::default(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(code, 0, "seed {seed}: {out}\n{script}");
        let replayed: Vec<&str> = out.lines().collect();
        assert_eq!(replayed, recorded, "seed {seed}\n{script}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
