//! DIMACS front end: malformed inputs give errors naming the line (never a panic); compressed
//! inputs are read; output follows the SAT competition; `--proof` writes a checkable DRAT proof.
mod common;
use common::*;
use std::io::Write;
use std::path::PathBuf;
use vigil_sat::{run_dimacs_cli, SatCliArgs, SatError};

/// A file written for one test, in a directory of its own that is removed when this is dropped.
struct Scratch {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

fn tmp(name: &str, bytes: &[u8]) -> Scratch {
    let dir = tempfile::Builder::new().prefix("vigil-sat-test-").tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    Scratch { _dir: dir, path }
}

fn run(args: &SatCliArgs) -> (Result<i32, SatError>, String) {
    let mut out = Vec::new();
    let r = run_dimacs_cli(args, &mut out);
    (r, String::from_utf8(out).unwrap())
}

fn run_file(name: &str, text: &str) -> (Result<i32, SatError>, String) {
    let input = tmp(name, text.as_bytes());
    run(&SatCliArgs {
        file: input.path.clone(),
        ..Default::default()
    })
}

#[test]
fn malformed_inputs_name_the_line() {
    let cases: &[(&str, &str, usize, &str)] = &[
        ("nohdr", "1 2 0\n", 1, "before the 'p cnf' header"),
        ("badhdr", "c x\np cnf x 2\n1 0\n", 2, "bad variable count"),
        ("badhdr2", "p dnf 2 1\n1 0\n", 1, "bad header"),
        ("badhdr3", "p cnf 2\n1 0\n", 1, "bad header"),
        (
            "twohdr",
            "p cnf 2 1\np cnf 2 1\n1 0\n",
            2,
            "second 'p' header",
        ),
        (
            "range",
            "p cnf 3 2\n1 2 0\n-4 1 0\n",
            3,
            "literal -4 out of range",
        ),
        (
            "noterm",
            "p cnf 3 2\n1 2 0\n\n3 -1\nc end\n",
            4,
            "missing its terminating 0",
        ),
        ("garbage", "p cnf 3 1\n1 2 0 x\n", 2, "unexpected token 'x'"),
        ("float", "p cnf 3 1\n1 2.5 0\n", 2, "unexpected token '2.5'"),
        (
            "toomany",
            "p cnf 3 1\n1 0\n2 0\n",
            3,
            "header declares 1 clauses but the file has 2",
        ),
        (
            "toofew",
            "p cnf 3 3\n1 0\n2 0\n",
            3,
            "header declares 3 clauses but the file has 2",
        ),
        ("empty", "", 1, "missing 'p cnf' header"),
        (
            "huge",
            "p cnf 3 1\n99999999999999999999 0\n",
            2,
            "unexpected token",
        ),
        ("minint", "p cnf 3 1\n-2147483648 0\n", 2, "out of range"),
    ];
    for (name, text, line, what) in cases {
        let (r, _) = run_file(name, text);
        match r {
            Err(SatError::Parse { error, .. }) => {
                assert_eq!(error.line, *line, "{name}: {error}");
                let msg = error.to_string();
                assert!(
                    msg.contains(what) && msg.starts_with(&format!("line {line}:")),
                    "{name}: message '{msg}' should mention '{what}'"
                );
            }
            other => panic!("{name}: expected a parse error, got {other:?}"),
        }
    }
    let (r, _) = run(&SatCliArgs {
        file: "/nonexistent/x.cnf".into(),
        ..Default::default()
    });
    assert!(matches!(r, Err(SatError::Io { .. })));
    let binary = tmp("bin", &[0xff, 0xfe, 0x00]);
    let (r, _) = run(&SatCliArgs {
        file: binary.path.clone(),
        ..Default::default()
    });
    assert!(matches!(r, Err(SatError::Parse { .. })), "{r:?}");
    let bad_xz = tmp("badxz", &[0xfd, b'7', b'z', b'X', b'Z', 0, 1, 2, 3]);
    let (r, _) = run(&SatCliArgs {
        file: bad_xz.path.clone(),
        ..Default::default()
    });
    assert!(matches!(r, Err(SatError::Io { .. })), "{r:?}");
}

#[test]
fn bad_parameters_are_errors() {
    let file = tmp("ok.cnf", b"p cnf 1 1\n1 0\n");
    for p in ["var_decay=2", "nonsense=1", "restart=sometimes", "novalue"] {
        let (r, _) = run(&SatCliArgs {
            file: file.path.clone(),
            params: vec![p.into()],
            ..Default::default()
        });
        assert!(matches!(r, Err(SatError::Param(_))), "{p}: {r:?}");
    }
    let toml = tmp("p.toml", b"restart = \"luby\"\nreduce_fraction = 3\n");
    let (r, _) = run(&SatCliArgs {
        file: file.path.clone(),
        params_file: Some(toml.path.clone()),
        ..Default::default()
    });
    match r {
        Err(SatError::Param(e)) => assert!(e.to_string().contains("line 2"), "{e}"),
        other => panic!("{other:?}"),
    }
    let (r, out) = run(&SatCliArgs {
        list_params: true,
        ..Default::default()
    });
    assert_eq!(r.unwrap(), 0);
    assert!(out.lines().count() == vigil_sat::Params::NAMES.len());
}

#[test]
fn sat_output_and_compressed_inputs() {
    let text = "c example\np cnf 4 3\n1 -2 0\n2 3 0\n-1 -3 4 0\n";
    let f: Formula = vec![vec![1, -2], vec![2, 3], vec![-1, -3, 4]];
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(text.as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    let mut xz = Vec::new();
    lzma_rs::xz_compress(&mut text.as_bytes(), &mut xz).unwrap();
    for (name, bytes) in [
        ("s.cnf", text.as_bytes().to_vec()),
        ("s.cnf.gz", gz),
        ("s.cnf.xz", xz),
    ] {
        let input = tmp(name, &bytes);
        let (r, out) = run(&SatCliArgs {
            file: input.path.clone(),
            stats: true,
            ..Default::default()
        });
        assert_eq!(r.unwrap(), 10, "{name}");
        assert!(out.lines().any(|l| l == "s SATISFIABLE"));
        assert!(out
            .lines()
            .any(|l| l.starts_with("c ") && l.contains("conflicts")));
        let vals: Vec<i32> = out
            .lines()
            .filter(|l| l.starts_with("v "))
            .flat_map(|l| l[2..].split_whitespace().map(|t| t.parse::<i32>().unwrap()))
            .collect();
        assert_eq!(vals.last(), Some(&0));
        assert_eq!(vals.len(), 5);
        assert!(satisfies(&f, |l| vals.contains(&l)));
    }
}

#[test]
fn over_declared_variables_are_printed_as_false() {
    let (r, out) = run_file("over.cnf", "p cnf 5 1\n-2 0\n");
    assert_eq!(r.unwrap(), 10);
    let vals: Vec<i32> = out
        .lines()
        .filter(|l| l.starts_with("v "))
        .flat_map(|l| l[2..].split_whitespace().map(|t| t.parse::<i32>().unwrap()))
        .collect();
    assert_eq!(vals, vec![-1, -2, -3, -4, -5, 0]);
}

#[test]
fn unsat_output_with_checked_proof() {
    let f = pigeonhole(5);
    let mut text = format!("p cnf {} {}\n", num_vars(&f), f.len());
    for c in &f {
        for l in c {
            text.push_str(&format!("{l} "));
        }
        text.push_str("0\n");
    }
    let input = tmp("php5.cnf", text.as_bytes());
    let proof = input.path.with_extension("drat");
    let (r, out) = run(&SatCliArgs {
        file: input.path.clone(),
        proof: Some(proof.clone()),
        ..Default::default()
    });
    assert_eq!(r.unwrap(), 20);
    assert!(out.lines().any(|l| l == "s UNSATISFIABLE"));
    let p = std::fs::read_to_string(&proof).unwrap();
    check_drat(&f, &p).unwrap();
}

#[test]
fn timeout_gives_unknown() {
    let f = pigeonhole(10);
    let mut text = format!("p cnf {} {}\n", num_vars(&f), f.len());
    for c in &f {
        text.push_str(
            &c.iter()
                .map(|l| l.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        );
        text.push_str(" 0\n");
    }
    let input = tmp("php10.cnf", text.as_bytes());
    let (r, out) = run(&SatCliArgs {
        file: input.path.clone(),
        timeout: Some(0.2),
        ..Default::default()
    });
    assert_eq!(r.unwrap(), 0);
    assert!(out.lines().any(|l| l == "s UNKNOWN"));
}
