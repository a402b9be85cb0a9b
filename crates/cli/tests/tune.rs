//! End-to-end tests of `vigil tune`: a short session writes a configuration that `vigil sat` /
//! `vigil smt` load and answer correctly with; bad usage gives exit 2. No timing is asserted.

use std::path::Path;
use std::process::{Command, Output};

fn vigil() -> Command {
    Command::new(env!("CARGO_BIN_EXE_vigil"))
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs a short `vigil tune` session (cap 2 s, budget 1 s) with the given options.
fn tune(options: &[&str], train: &Path, val: &Path, out: &Path) -> Output {
    vigil()
        .args(["tune", "--cap", "2", "--budget", "1"])
        .args(options)
        .arg("--train")
        .arg(train)
        .arg("--validate")
        .arg(val)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap()
}

/// Runs `vigil smt OPTIONS FILE` and checks its answer.
fn assert_smt_answers(options: &[&str], file: &Path, answer: &str) {
    let o = vigil().arg("smt").args(options).arg(file).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), answer, "{}", stderr(&o));
}

/// Pigeonhole p into p − 1 (unsat) or p into p (sat) as DIMACS.
fn php(p: usize, holes: usize) -> String {
    let var = |i: usize, j: usize| i * holes + j + 1;
    let mut clauses = Vec::new();
    for i in 0..p {
        clauses.push(
            (0..holes)
                .map(|j| format!("{} ", var(i, j)))
                .collect::<String>()
                + "0",
        );
    }
    for j in 0..holes {
        for a in 0..p {
            for b in a + 1..p {
                clauses.push(format!("-{} -{} 0", var(a, j), var(b, j)));
            }
        }
    }
    format!(
        "p cnf {} {}\n{}\n",
        p * holes,
        clauses.len(),
        clauses.join("\n")
    )
}

fn write_set(dir: &Path, files: &[(&str, String)]) {
    std::fs::create_dir_all(dir).unwrap();
    for (n, t) in files {
        std::fs::write(dir.join(n), t).unwrap();
    }
}

#[test]
fn a_short_sat_session_writes_a_loadable_configuration() {
    let d = tempfile::tempdir().unwrap();
    let (train, val) = (d.path().join("train"), d.path().join("val"));
    write_set(
        &train,
        &[
            ("a.cnf", php(5, 4)),
            ("b.cnf", php(5, 5)),
            ("c.cnf", php(6, 5)),
        ],
    );
    write_set(&val, &[("d.cnf", php(4, 3)), ("e.cnf", php(6, 6))]);
    let out = d.path().join("demo.toml");
    let runs_log = d.path().join("runs.tsv");
    let o = tune(&["--class", "demo", "--seed", "3", "--runs-log", runs_log.to_str().unwrap()], &train, &val, &out);
    let err = stderr(&o);
    let log = std::fs::read_to_string(d.path().join("runs.tsv")).unwrap();
    // At least the final measurement: 3 training and 2 validation instances.
    assert!(log.lines().count() >= 5, "{log}");
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains("incumbent") && err.contains("written to"),
        "{err}"
    );
    let text = std::fs::read_to_string(&out).unwrap();
    for needle in [
        "class `demo`",
        "date: ",
        "3 instances from",
        "training PAR-10",
        "validation PAR-10",
        "speed-up",
    ] {
        assert!(text.contains(needle), "{needle} missing in\n{text}");
    }
    assert!(
        text.contains("(3/3 solved)") && text.contains("(2/2 solved)"),
        "{text}"
    );
    // The configuration loads and the answers are unchanged.
    for (f, code) in [("a.cnf", 20), ("b.cnf", 10)] {
        let o = vigil()
            .arg("sat")
            .arg("--params-file")
            .arg(&out)
            .arg(train.join(f))
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(code), "{}", stderr(&o));
    }
}

#[test]
fn a_short_smt_session_writes_a_loadable_configuration() {
    let d = tempfile::tempdir().unwrap();
    let q = |c: &str| {
        format!("(set-logic QF_BV)\n(declare-const x (_ BitVec 8))\n(assert {c})\n(check-sat)\n")
    };
    let (train, val) = (d.path().join("train"), d.path().join("val"));
    write_set(
        &train,
        &[
            ("a.smt2", q("(= (bvmul x #x03) #x09)")),
            ("b.smt2", q("(bvult (bvadd x #x01) x)")),
        ],
    );
    write_set(
        &val,
        &[("c.smt2", q("(and (bvult x #x05) (bvugt x #x05))"))],
    );
    let out = d.path().join("q.toml");
    let o = tune(&["--solver", "smt", "--class", "q"], &train, &val, &out);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("smt solver") && text.contains("(1/1 solved)"),
        "{text}"
    );
    assert_smt_answers(&["--config", out.to_str().unwrap()], &val.join("c.smt2"), "unsat");
}

#[test]
fn shipped_classes_load_by_name() {
    let d = tempfile::tempdir().unwrap();
    let f = d.path().join("u.cnf");
    std::fs::write(&f, php(4, 3)).unwrap();
    let o = vigil()
        .args(["sat", "--class", "rand3sat"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(20), "{}", stderr(&o));
    let o = vigil()
        .args(["sat", "--class", "no-such-class"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("rand3sat"), "{}", stderr(&o));
    let q = d.path().join("q.smt2");
    std::fs::write(
        &q,
        "(declare-const x (_ BitVec 4))\n(assert (bvult x x))\n(check-sat)\n",
    )
    .unwrap();
    assert_smt_answers(&["--class", "rand3sat"], &q, "unsat");
}

#[test]
fn bad_usage_gives_exit_2() {
    let d = tempfile::tempdir().unwrap();
    let set = d.path().join("set");
    write_set(&set, &[("a.cnf", php(3, 3))]);
    let run = |extra: &[&str], train: &Path, val: &Path| {
        vigil()
            .args(["tune", "--cap", "1", "--budget", "1"])
            .args(extra)
            .arg("--train")
            .arg(train)
            .arg("--validate")
            .arg(val)
            .output()
            .unwrap()
    };
    let cases: [(&[&str], &Path, &str); 4] = [
        (&["--class", "x"], &set, "kept apart"),
        (&["--class", "../x"], &set, "invalid class"),
        (&["--class", "x"], &d.path().join("missing"), "missing"),
        (
            &["--class", "x", "--solver", "smt"],
            &set,
            "no smt instances",
        ),
    ];
    let o = vigil()
        .args(["tune", "--class", "x", "--cap", "1e300", "--budget", "1"])
        .arg("--train")
        .arg(&set)
        .arg("--validate")
        .arg(d.path().join("v"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("the cap must be"), "{}", stderr(&o));
    for (extra, val, needle) in cases {
        let o = run(extra, &set, val);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {err}");
        assert!(
            err.contains(needle) && !err.contains("panicked"),
            "{extra:?}: {err}"
        );
    }
    let o = vigil().args(["tune", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&o.stdout);
    assert!(
        help.contains("FocusedILS") && help.contains("--validate"),
        "{help}"
    );
}
