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
    // --sat-params-only: the rewrite rules are not part of the space, so no search run and no
    // result changes one.
    let log = d.path().join("runs.tsv");
    let o = tune(
        &["--solver", "smt", "--class", "q", "--sat-params-only", "--runs-log", log.to_str().unwrap()],
        &train,
        &val,
        &out,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let runs = std::fs::read_to_string(&log).unwrap();
    assert!(!runs.is_empty() && !runs.contains("bv.rewrite"), "{runs}");
    assert!(!std::fs::read_to_string(&out).unwrap().contains("[bv.rewrite]"));
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

fn corpus(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/c").join(name)
}

/// Runs `vigil check --engine ENGINE` on corpus `program` with `dump` (`--dump-vcs` or
/// `--dump-sessions`) into `dir`, and returns each script it wrote (path, file name, text); every
/// one is named `PREFIX*.smt2` and there is at least one.
fn dumped_scripts(dir: &Path, dump: &str, engine: &str, program: &str, extra: &[&str], prefix: &str) -> Vec<(std::path::PathBuf, String, String)> {
    let o = vigil()
        .args(["check", "--engine", engine, "--timeout", "60", dump])
        .arg(dir)
        .args(extra)
        .arg(corpus(program))
        .output()
        .unwrap();
    assert!(o.status.code().is_some_and(|c| c != 2), "{}", stderr(&o));
    let files: Vec<_> = std::fs::read_dir(dir).expect("scripts dumped").map(|e| e.unwrap().path()).collect();
    assert!(!files.is_empty(), "{engine} on {program} dumped nothing ({dump})");
    files
        .into_iter()
        .map(|f| {
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            assert!(name.starts_with(prefix) && name.ends_with(".smt2"), "{name}");
            let text = std::fs::read_to_string(&f).unwrap();
            (f, name, text)
        })
        .collect()
}

/// The queries the symbolic engines dump (`--dump-vcs`) are SMT-LIB 2 scripts that `vigil smt`
/// reads back and answers as the engine's solver did (the `; expect:` header): the explicit
/// engine's symbolic-data queries (q*.smt2), the static engine's verification conditions
/// (vc*.smt2) and synergy's region queries (s*.smt2), satisfiable and unsatisfiable ones.
#[test]
fn dumped_queries_of_both_engines_are_answered_the_same_by_vigil_smt() {
    let dir = tempfile::tempdir().unwrap();
    let mut answered = std::collections::BTreeMap::<(String, String), usize>::new();
    for (engine, program, prefix) in [
        ("explicit", "088_wide_input_false.c", "q"),
        ("static", "088_wide_input_false.c", "vc"),
        ("static", "089_countdown_true.c", "vc"),
        ("synergy", "089_countdown_true.c", "s"),
    ] {
        for (f, _, text) in dumped_scripts(&dir.path().join(format!("{engine}-{program}")), "--dump-vcs", engine, program, &[], prefix) {
            let expect = text.lines().next().and_then(|l| l.strip_prefix("; expect: ")).expect("answer header");
            if expect == "unknown" {
                continue;
            }
            assert_smt_answers(&[], &f, expect);
            *answered.entry((engine.to_string(), expect.to_string())).or_default() += 1;
        }
    }
    for key in [("explicit", "sat"), ("static", "sat"), ("static", "unsat"), ("synergy", "sat")] {
        assert!(answered.contains_key(&(key.0.to_string(), key.1.to_string())), "no {key:?} query in {answered:?}");
    }
}

/// A whole incremental session (`--dump-sessions`) of the explicit engine (one per search) and
/// of the static engine (one per VC) replays in `vigil smt` with the engine's answers, check by
/// check (the `; engine:` comments; an engine's `unknown` matches anything), under the defaults
/// and under every decision scope with confined propagation.
#[test]
fn dumped_sessions_replay_in_vigil_smt_with_the_engines_answers() {
    let dir = tempfile::tempdir().unwrap();
    let scoped = dir.path().join("scoped.toml");
    let mut checked = 0;
    for (engine, program, prefix, extra) in [
        ("explicit", "089_countdown_true.c", "explicit-", &["--max-states", "40"][..]),
        ("explicit", "088_wide_input_false.c", "explicit-", &[][..]),
        ("static", "089_countdown_true.c", "static-", &[][..]),
    ] {
        for (f, name, text) in dumped_scripts(&dir.path().join(format!("{engine}-{program}")), "--dump-sessions", engine, program, extra, prefix) {
            let expect: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("; engine: ")).collect();
            for scope in ["all", "cone", "inputs"] {
                std::fs::write(&scoped, format!("[bv]\ndecision-scope = \"{scope}\"\nconfine-propagation = {}\n", scope != "all"))
                    .unwrap();
                let o = vigil().args(["smt", "--config"]).arg(&scoped).arg(&f).output().unwrap();
                assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
                let got: Vec<String> = String::from_utf8_lossy(&o.stdout).lines().map(str::to_string).collect();
                assert_eq!(got.len(), expect.len(), "{name} ({scope}): {got:?}");
                for (k, (g, e)) in got.iter().zip(&expect).enumerate() {
                    assert!(*e == "unknown" || g == e, "{name} ({scope}) check {}: vigil smt {g}, engine {e}", k + 1);
                }
            }
            checked += expect.len();
        }
    }
    assert!(checked >= 20, "only {checked} checks replayed");
}

/// `stats` names the solver configuration each engine ran (its class's tuned configuration by
/// default), `-C solver.class=…` overrides it, settings on top are counted, and the verdict does
/// not change.
#[test]
fn stats_name_the_solver_class_and_the_override_works() {
    let configs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tune/configs");
    let shipped_or_default =
        |class: &str| if configs.join(format!("{class}.toml")).exists() { class.to_string() } else { "default".to_string() };
    let run = |settings: &[&str]| {
        let mut c = vigil();
        c.args(["check", "--stats", "--format", "json", "--timeout", "60"]);
        for s in settings {
            c.args(["-C", s]);
        }
        let o = c.arg(corpus("088_wide_input_false.c")).output().unwrap();
        assert_eq!(o.status.code(), Some(10), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
        (v["verdict"].clone(), v["stats"]["solver_config"].clone())
    };
    let (verdict, names) = run(&[]);
    assert_eq!(names["explicit"], shipped_or_default("explicit-queries").as_str(), "{names}");
    assert_eq!(names["static"], shipped_or_default("static-vcs").as_str(), "{names}");
    assert_eq!(names["synergy"], "default", "{names}");
    let (v2, names) = run(&["solver.class=default"]);
    assert_eq!(v2, verdict);
    for e in ["explicit", "static", "synergy"] {
        assert_eq!(names[e], "default", "{names}");
    }
    let (v3, names) = run(&["solver.class=rand3sat", "sat.restart_base=50"]);
    assert_eq!(v3, verdict);
    assert_eq!(names["static"], "rand3sat + 1 setting", "{names}");
    let o = vigil().args(["check", "-C", "solver.class=no-such-class"]).arg(corpus("088_wide_input_false.c")).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no tuned configuration for class `no-such-class`"), "{}", stderr(&o));
}

/// The engines build their terms with the rewrite rules of their solver configuration
/// (`[bv.rewrite]`, so a class configuration's choices reach them): 089's countdown `y - 1` per
/// iteration is collected into one constant (`y + 0xfffffffe` after two) by `add-const` and
/// `add-normalize`, and with these rules off the dumped queries keep the chain of
/// `+ 0xffffffff`. Verdicts agree.
#[test]
fn engines_take_the_rewrite_rules_from_their_solver_configuration() {
    let dir = tempfile::tempdir().unwrap();
    for engine in ["explicit", "static"] {
        let mut texts = Vec::new();
        let mut verdicts = Vec::new();
        for (tag, settings) in [("on", &[][..]), ("off", &["-C", "bv.rewrite.add-const=false", "-C", "bv.rewrite.add-normalize=false"][..])] {
            let d = dir.path().join(format!("{engine}-{tag}"));
            let o = vigil()
                .args(["check", "--engine", engine, "--timeout", "60", "--format", "json", "--unroll", "3"])
                .args(["--max-states", "12", "--dump-vcs"])
                .arg(&d)
                .args(settings)
                .arg(corpus("089_countdown_true.c"))
                .output()
                .unwrap();
            assert!(o.status.code().is_some_and(|c| c != 2), "{}", stderr(&o));
            let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
            verdicts.push(v["verdict"].clone());
            let mut all = String::new();
            for e in std::fs::read_dir(&d).expect("queries dumped") {
                all.push_str(&std::fs::read_to_string(e.unwrap().path()).unwrap());
            }
            texts.push(all);
        }
        assert_eq!(verdicts[0], verdicts[1], "{engine}");
        assert!(texts[0].contains("#xfffffffe"), "{engine}: the rules did not collect the constants");
        assert!(!texts[1].contains("#xfffffffe"), "{engine}: the settings did not reach the engine");
        assert!(texts[1].contains("#xffffffff"), "{engine}");
    }
}

/// The explicit engine answers queries from its solver's recent models (`solver_model_hits` in
/// `stats`); `[bv] model-cache = 0` turns that off, and the verdict stays the same.
#[test]
fn the_explicit_engine_reuses_models_and_the_setting_turns_it_off() {
    let run = |settings: &[&str]| {
        let o = vigil()
            .args(["check", "--engine", "explicit", "--stats", "--format", "json", "--timeout", "60"])
            .args(settings)
            .arg(corpus("504_syn_relational_sum_true.c"))
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
        (v["verdict"].clone(), v["stats"]["solver_model_hits"].as_u64().expect("solver_model_hits"))
    };
    let (verdict, hits) = run(&[]);
    assert_eq!(verdict, "true");
    assert!(hits > 0, "no query was answered by a recent model");
    let (v0, hits0) = run(&["-C", "bv.model-cache=0"]);
    assert_eq!((v0, hits0), (verdict, 0));
}

/// `[bv] interval-models` reaches the explicit engine's solver: on a counting loop whose exit
/// branches each have one solution (tests/c 847, 848) it answers queries from the bounds
/// (`solver_interval_hits` in `stats`), with the verdict of the default configuration, which
/// answers none that way.
#[test]
fn interval_models_answer_the_explicit_engines_exit_queries() {
    for (file, want) in [("847_counting_loop_exit_true.c", "true"), ("848_counting_loop_exit_false.c", "false")] {
        let run = |settings: &[&str]| {
            let (verdict, stats) = explicit_stats(file, settings);
            (verdict, stats["solver_interval_hits"].as_u64().expect("solver_interval_hits"))
        };
        let (verdict, hits) = run(&["-C", "bv.interval-models=true"]);
        assert_eq!(verdict, want, "{file}");
        assert!(hits > 0, "{file}: no query was answered by an interval model");
        assert_eq!(run(&["-C", "bv.interval-models=false"]), (verdict, 0), "{file}");
    }
}

/// The explicit engine's verdict and `stats` on a tests/c program under `settings` (with
/// `-C solver.class=default` first, so only `settings` differ from the defaults).
fn explicit_stats(file: &str, settings: &[&str]) -> (serde_json::Value, serde_json::Value) {
    let o = vigil()
        .args(["check", "--engine", "explicit", "--format", "json", "--stats", "--timeout", "120"])
        .args(["-C", "solver.class=default"])
        .args(settings)
        .arg(corpus(file))
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    (v["verdict"].clone(), v["stats"].clone())
}

/// tune8's settings reach the explicit engine and keep its verdicts: `[bv.rewrite] eq-low-bits`
/// folds the assertion checks of tests/c 941 (no solver query is left) and keeps 942's
/// counterexample (found in its first iteration, before any check folds); `[bv] interval-refute` answers 943's and 944's assertion checks from the
/// intervals (`solver_interval_refutations`); the slice rules (`eq-concat-const`,
/// `eq-extend-const`, `extract-extend`) let the intervals read 945's and 946's scaled offsets,
/// and `eq-cancel` 947's and 948's sums.
#[test]
fn tune8_settings_reach_the_explicit_engine_and_keep_verdicts() {
    let queries = |st: &serde_json::Value| st["solver_queries"].as_u64().unwrap_or(0);
    let refutations = |st: &serde_json::Value| st["solver_interval_refutations"].as_u64().unwrap_or(0);
    for (file, want) in [("941_low_bits_sum_true.c", "true"), ("942_low_bits_sum_false.c", "false")] {
        let (v0, st0) = explicit_stats(file, &[]);
        let (v1, st1) = explicit_stats(file, &["-C", "bv.rewrite.eq-low-bits=true"]);
        assert_eq!((&v0, &v1), (&want.into(), &want.into()), "{file}");
        assert!(queries(&st1) <= queries(&st0), "{file}: eq-low-bits added queries");
        if want == "true" {
            assert!(queries(&st0) > 0 && queries(&st1) == 0, "{file}: every assertion check folds ({} queries left)", queries(&st1));
        }
    }
    let im = ["-C", "bv.interval-models=true"];
    for (file, want) in [("943_pinned_sum_true.c", "true"), ("944_pinned_sum_false.c", "false")] {
        let (v0, _) = explicit_stats(file, &im);
        let (v1, st1) = explicit_stats(file, &[im[0], im[1], "-C", "bv.interval-refute=true"]);
        assert_eq!((&v0, &v1), (&want.into(), &want.into()), "{file}");
        assert!(refutations(&st1) > 0, "{file}: no check refuted by the intervals");
    }
    let slices = ["-C", "bv.rewrite.eq-concat-const=true", "-C", "bv.rewrite.eq-extend-const=true", "-C", "bv.rewrite.extract-extend=true"];
    for (file, want) in [("945_scaled_index_true.c", "true"), ("946_scaled_index_false.c", "false")] {
        let refute = [im[0], im[1], "-C", "bv.interval-refute=true"];
        let (v0, st0) = explicit_stats(file, &refute);
        let (v1, st1) = explicit_stats(file, &[&refute[..], &slices[..]].concat());
        assert_eq!((&v0, &v1), (&want.into(), &want.into()), "{file}");
        assert!(refutations(&st1) > refutations(&st0), "{file}: the slice rules gave the intervals nothing to read");
    }
    for (file, want) in [("947_recursive_addition_true.c", "true"), ("948_recursive_addition_false.c", "false")] {
        let refute = [im[0], im[1], "-C", "bv.interval-refute=true"];
        let (v0, st0) = explicit_stats(file, &refute);
        let (v1, st1) = explicit_stats(file, &[&refute[..], &["-C", "bv.rewrite.eq-cancel=true"][..]].concat());
        assert_eq!((&v0, &v1), (&want.into(), &want.into()), "{file}");
        assert!(refutations(&st1) > refutations(&st0), "{file}: eq-cancel gave the intervals nothing to read");
    }
}
