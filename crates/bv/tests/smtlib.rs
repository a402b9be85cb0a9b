//! The SMT-LIB front end: answers and output formats, scoping, and clear positioned errors on
//! malformed input (and no panics on truncated or mutated scripts).

#[path = "../../../tests/header.rs"]
mod header;

use vigil_bv::smtlib::{run_smt_str, SmtCliOptions};

fn run(src: &str) -> (i32, String) {
    let mut out = Vec::new();
    let code = run_smt_str(src, &SmtCliOptions::default(), &mut out).expect("runs");
    (code, String::from_utf8(out).expect("utf-8 output"))
}

#[test]
fn sat_model_and_values() {
    let (code, out) = run(
        "(set-logic QF_BV)\n(set-info :status sat)\n(declare-const x (_ BitVec 8))\n(declare-fun y () (_ BitVec 8))\n\
         (declare-const p Bool)\n\
         (define-fun twice ((a (_ BitVec 8))) (_ BitVec 8) (bvmul a (_ bv2 8)))\n\
         (assert (! (= (twice x) #x1e) :named goal))\n(assert (let ((z (bvadd x y))) (= z #b00010000)))\n\
         (assert p)\n(check-sat)\n(get-value (x y (bvadd x y) p goal))\n(get-model)\n(exit)\n(check-sat)\n",
    );
    assert_eq!(code, 0, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "sat");
    // 2x = 30 mod 256: x is 15 or 143; y = 16 - x.
    assert!(
        lines[1] == "((x #x0f) (y #x01) ((bvadd x y) #x10) (p true) (goal true))"
            || lines[1] == "((x #x8f) (y #x81) ((bvadd x y) #x10) (p true) (goal true))",
        "{out}"
    );
    assert_eq!(lines[2], "(");
    assert!(lines[3].starts_with("  (define-fun x () (_ BitVec 8) #x"), "{out}");
    assert!(lines[4].starts_with("  (define-fun y () (_ BitVec 8) #x"), "{out}");
    assert_eq!(lines[5], "  (define-fun p () Bool true)");
    assert_eq!(lines[6], ")");
    assert_eq!(lines.len(), 7, "nothing after exit: {out}");
}

#[test]
fn push_pop_assumptions_and_unsat_assumptions() {
    let (code, out) = run(
        "(set-option :print-success false)\n(set-logic QF_BV)\n(declare-const a (_ BitVec 4))\n(declare-const b Bool)\n\
         (assert (bvult a #x3))\n(push 1)\n(declare-const c (_ BitVec 4))\n(assert (= a (bvadd c #x5)))\n(assert (bvugt c #xa))\n(check-sat)\n(pop 1)\n\
         (check-sat)\n(check-sat-assuming ((= a #x7) b))\n(get-unsat-assumptions)\n(check-sat-assuming (b (not b)))\n(check-sat)\n\
         (assert (= c #x0))\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    // c > 10 so c+5 in {0,1,2} (wraps) and a < 3: sat.
    assert_eq!(&lines[..4], ["sat", "sat", "unsat", "((= a #x7))"], "{out}");
    assert_eq!(lines[4], "unsat");
    assert_eq!(lines[5], "sat");
    // `c` was declared inside the popped scope.
    assert!(lines[6].starts_with("(error \"line 17 column 12: unknown symbol c"), "{out}");
    assert_eq!(code, 1);
}

#[test]
fn literals_and_wide_terms() {
    let (_, out) = run(
        "(declare-const x (_ BitVec 200))\n\
         (assert (= x (bvmul (_ bv1606938044258990275541962092341162602522202993782792835301375 200) #x00000000000000000000000000000000000000000000000003)))\n\
         (assert (= ((_ extract 199 198) x) #b10))\n(check-sat)\n(declare-const y (_ BitVec 256))\n\
         (assert (bvult (bvadd y #x0000000000000000000000000000000000000000000000000000000000000001) y))\n(check-sat)\n(get-value (y))\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    // 2^200 - 1 times 3 = 2^200 - 3 mod 2^200 has top bits 11, not 10.
    assert_eq!(lines[0], "unsat", "{out}");
    assert_eq!(lines[1], "unsat", "{out}");
    assert!(lines[2].starts_with("(error"), "get-value after unsat is an error: {out}");
}

#[test]
fn malformed_inputs_give_positioned_errors() {
    let cases: &[(&str, &str)] = &[
        ("(assert (= x #b01))", "line 1 column 12: unknown symbol x"),
        ("(set-logic QF_LIA)", "line 1 column 12: unsupported logic QF_LIA"),
        ("\n(declare-fun f ((_ BitVec 4)) (_ BitVec 4))", "line 2 column 16: uninterpreted functions"),
        ("(assert (= (bvadd #b01 #b001) #b01))", "line 1 column 12: bvadd expects two or more bit-vector arguments of equal width"),
        ("(check-sat", "line 1 column 1: unbalanced parenthesis"),
        (")", "line 1 column 1: unexpected ')'"),
        ("(declare-const x (_ BitVec 0))", "width 0 is outside the supported range"),
        ("(declare-const x (_ BitVec 100000))", "width 100000 is outside the supported range"),
        ("(assert #b1)", "line 1 column 9: expected a Bool term"),
        ("(declare-const x Float128)(assert (fp.isZero (fp.rem x x)))", "fp.rem is supported for exponent widths up to 11"),
        ("(declare-const x Float64)(assert (= ((_ fp.to_ubv 1000) RNE x) ((_ fp.to_ubv 1000) RNE x)))", "fp.to_ubv width 1000 out of range"),
        ("(assert (fp.isZero (fp #b0 #b1 #b0)))", "unsupported floating-point format 1 2"),
        ("(declare-const x (_ FloatingPoint 1 5))", "unsupported floating-point format 1 5"),
        ("(declare-const x Float32)(assert (fp.lt x #x00000000))", "ill-sorted arguments to fp.lt"),
        ("(declare-const x Float32)(assert (= x #x00000000))", "ill-sorted arguments to ="),
        ("(get-model)", "line 1 column 1: model not available"),
        ("(pop 1)", "line 1 column 1: cannot pop 1 levels"),
        ("(frobnicate)", "line 1 column 1: unsupported command frobnicate"),
        ("(assert (! true :named))", ":named expects a symbol"),
        ("(echo \"abc", "line 1 column 7: unterminated string literal"),
        ("(assert (let ((x true) (x false)) x))", "duplicate let binding x"),
        ("(assert (= ((_ extract 9 0) #b01) #b01))", "extract 9 0 out of range"),
        ("(assert (= (_ bv5) #b1))", "unsupported indexed identifier"),
        ("(assert (forall ((x Bool)) x))", "unsupported construct forall"),
        ("(declare-const x Int)", "line 1 column 18: unsupported sort Int"),
        ("(assert (bvfoo #b1 #b1))", "unknown function symbol bvfoo"),
        ("(define-fun f ((a Bool)) (_ BitVec 2) a)", "body of f has sort Bool, declared (_ BitVec 2)"),
        ("(declare-const x Bool)(declare-const x Bool)", "line 1 column 38: symbol x already declared"),
        ("(assert (= #b1 #x))", "line 1 column 16: empty hexadecimal literal"),
        ("(assert (ite true #b1 false))", "ill-sorted arguments to ite"),
    ];
    for (src, want) in cases {
        let (code, out) = run(src);
        assert_eq!(code, 1, "{src}: expected an error, got {out}");
        let first = out.lines().find(|l| l.starts_with("(error")).unwrap_or_else(|| panic!("{src}: no error in {out:?}"));
        assert!(first.contains(want), "{src}: expected error containing {want:?}, got {first}");
    }
}

#[test]
fn truncated_and_mutated_scripts_never_panic() {
    let script = "(set-logic QF_BV)\n(declare-const |x y| (_ BitVec 8))\n(define-fun f ((a (_ BitVec 8))) Bool (bvslt a #x10))\n\
                  (assert (! (f (bvudiv |x y| #x03)) :named n))\n(push)\n(assert (let ((q ((_ sign_extend 8) |x y|))) (= ((_ extract 15 8) q) #xff)))\n\
                  (check-sat)\n(get-value (|x y|))\n(pop)\n(check-sat-assuming (n))\n(get-model)\n";
    let bytes = script.as_bytes();
    for cut in 0..bytes.len() {
        let s = String::from_utf8_lossy(&bytes[..cut]).into_owned();
        let mut out = Vec::new();
        assert!(run_smt_str(&s, &SmtCliOptions::default(), &mut out).is_ok());
    }
    let mut seed = 12345u64;
    for _ in 0..300 {
        let mut b = bytes.to_vec();
        for _ in 0..3 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let i = (seed % b.len() as u64) as usize;
            b[i] = b"()x#b01 ;|\"_:!"[(seed >> 32) as usize % 14];
        }
        let s = String::from_utf8_lossy(&b).into_owned();
        let mut out = Vec::new();
        assert!(run_smt_str(&s, &SmtCliOptions::default(), &mut out).is_ok(), "panicked on {s}");
    }
}

#[test]
fn deeply_nested_terms_do_not_overflow_the_stack() {
    let depth = 20_000;
    let mut s = String::from("(declare-const x (_ BitVec 8))\n(assert (= ");
    for _ in 0..depth {
        s.push_str("(bvadd #x01 ");
    }
    s.push('x');
    s.push_str(&")".repeat(depth));
    s.push_str(" #x00))\n(check-sat)\n(get-value (x))\n");
    let mut lets = String::from("(declare-const y (_ BitVec 8))\n(assert (= ");
    for i in 0..depth {
        lets.push_str(&format!("(let ((v{i} (bvxor {} #x5a))) ", if i == 0 { "y".to_string() } else { format!("v{}", i - 1) }));
    }
    lets.push_str(&format!("v{}", depth - 1));
    lets.push_str(&")".repeat(depth));
    lets.push_str(" #x5a))\n(check-sat)\n(get-value (y))\n");
    let (code, out) = run(&s);
    // x + 20000 = 0 mod 256: x = -20000 mod 256 = 0xe0.
    assert_eq!((code, out.as_str()), (0, "sat\n((x #xe0))\n"));
    let (code, out) = run(&lets);
    // 20000 (even) xors with 0x5a cancel: y = 0x5a.
    assert_eq!((code, out.as_str()), (0, "sat\n((y #x5a))\n"));
}

#[test]
fn nesting_past_the_limit_is_an_error_not_an_abort() {
    let depth = vigil_bv::smtlib::MAX_NESTING + 1;
    let mut s = String::from("(declare-const x (_ BitVec 8))\n(assert (= x ");
    s.push_str(&"(bvnot ".repeat(depth));
    s.push('x');
    s.push_str(&")".repeat(depth));
    s.push_str("))\n(check-sat)\n");
    let (code, out) = run(&s);
    assert_eq!(code, 1, "{out}");
    let first = out.lines().next().unwrap_or_default();
    assert!(first.starts_with("(error \"line 2 column ") && first.contains("nested deeper than"), "{first}");
}

#[test]
fn let_scopes_shadow_and_bind_in_parallel() {
    // Inner bindings shadow outer ones and end with their let; the values of one let are
    // elaborated outside it (so `(a b) (b a)` swaps); a defined function's body sees its
    // parameters, not the caller's bindings of the same names.
    let (code, out) = run(
        "(declare-const a (_ BitVec 8))\n(declare-const b (_ BitVec 8))\n\
         (define-fun f ((a (_ BitVec 8))) (_ BitVec 8) (bvadd a #x01))\n\
         (assert (= a #x10))\n(assert (= b #x20))\n\
         (assert (let ((a b) (b a)) (and (= a #x20) (= b #x10)\n\
            (let ((a #x33)) (= a #x33)) (= a #x20)\n\
            (let ((a #x07)) (= (f a) #x08)) (= (f b) #x11))))\n\
         (check-sat)\n",
    );
    assert_eq!((code, out.as_str()), (0, "sat\n"));
    let (code, out) = run(
        "(declare-const a (_ BitVec 8))\n(assert (let ((a #x01)) (let ((a #x02)) (= a #x01))))\n(check-sat)\n",
    );
    assert_eq!((code, out.as_str()), (0, "unsat\n"));
}

/// Regression inputs in the workspace's `tests/smt/`: the header line `; expect: …` (the syntax
/// of `tests/README.md`) lists the script's responses in order, `error` standing for an
/// `(error "…")` response; the exit status is 1 when there is an error response, else 0.
#[test]
fn regression_files() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/smt");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/smt exists") {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("smt2") {
            continue;
        }
        let src = std::fs::read_to_string(&path).unwrap();
        let expect = header::value(&src, "expect").expect("expect header");
        let (code, out) = run(&src);
        let got = out.lines().map(|l| if l.starts_with("(error ") { "error" } else { l }).collect::<Vec<_>>().join(" ");
        let errors = expect.split_whitespace().any(|r| r == "error");
        assert_eq!((code, got.as_str()), (i32::from(errors), expect.as_str()), "{}\n{out}", path.display());
        n += 1;
    }
    assert!(n >= 3);
}

/// SMT-LIB 2.6 error behaviour: continued execution without wrong answers. After an error that
/// loses part of the script, `sat` becomes `unknown` (reason `incomplete`) and a diagnostic
/// names the failed command on the diagnostic channel; `unsat` stays (it holds for the whole).
#[test]
fn no_answer_after_an_error_is_computed_on_part_of_the_script() {
    // The reported case: QF_ABV rejected, its array assertions dropped, an unsat script.
    let (code, out) = run(
        "(set-logic QF_ABV)\n(declare-fun a () (Array (_ BitVec 8) (_ BitVec 8)))\n(declare-fun i () (_ BitVec 8))\n\
         (assert (not (= (select (store a i #x01) i) #x01)))\n(check-sat)\n(get-info :reason-unknown)\n(get-model)\n",
    );
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("(error \"line 1 column 12: unsupported logic QF_ABV"), "{out}");
    assert!(!out.lines().any(|l| l == "sat"), "{out}");
    assert_eq!(lines.iter().filter(|l| **l == "unknown").count(), 1, "{out}");
    assert!(out.contains("(:reason-unknown incomplete)"), "{out}");
    assert!(lines.last().is_some_and(|l| l.starts_with("(error") && l.contains("model not available")), "{out}");
    // Other unsupported logics and commands, each followed by a check that would be sat alone.
    for bad in [
        "(set-logic QF_LIA)",
        "(set-logic QF_AUFBV)",
        "(set-logic QF_NRA)",
        "(assert (= (fp.to_real (_ +zero 2 3)) (_ +zero 2 3)))",
        "(declare-sort U 0)",
        "(define-sort B () (_ BitVec 8))",
        "(declare-datatypes ((P 0)) (((mk (fst Bool)))))",
        "(define-fun-rec f ((x (_ BitVec 8))) (_ BitVec 8) x)",
        "(declare-fun g ((_ BitVec 8)) (_ BitVec 8))",
        "(assert (= y #x00))",
        "(assert (bvadd #x01 #x02))",
        "(push x)",
        "(pop 5)",
        "(frobnicate)",
    ] {
        let (code, out) = run(&format!("{bad}\n(declare-const z (_ BitVec 8))\n(assert (= z #x07))\n(check-sat)\n"));
        assert_eq!(code, 1, "{bad}: {out}");
        assert!(out.starts_with("(error "), "{bad}: {out}");
        assert_eq!(out.lines().last(), Some("unknown"), "{bad}: {out}");
    }
    // Failing queries lose nothing.
    let (code, out) = run("(declare-const z (_ BitVec 8))\n(get-model)\n(get-value (q))\n(echo 3)\n(check-sat)\n");
    assert_eq!(code, 1);
    assert_eq!(out.lines().last(), Some("sat"), "{out}");
}

#[test]
fn error_behaviour_print_success_and_diagnostic_channel() {
    let diag = std::env::temp_dir().join(format!("vigil-smt-diagnostics-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&diag);
    let (_, out) = run(&format!(
        "(get-info :error-behavior)\n(set-option :print-success true)\n(set-option :diagnostic-output-channel \"{}\")\n\
         (set-logic QF_ABV)\n(check-sat)\n(set-option :print-success maybe)\n(set-option :diagnostic-output-channel \"stdout\")\n(check-sat)\n",
        diag.display()
    ));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "(:error-behavior continued-execution)");
    assert_eq!(&lines[1..3], ["success", "success"], "{out}");
    assert!(lines[3].starts_with("(error"), "{out}");
    assert_eq!(lines[4], "unknown", "{out}");
    assert!(lines[5].starts_with("(error") && lines[5].contains("print-success"), "{out}");
    assert_eq!(lines[6], "success", "{out}");
    assert!(lines[7].starts_with("; sat for the commands that succeeded") && lines[7].contains("set-logic"), "{out}");
    assert_eq!(lines[8], "unknown", "{out}");
    let written = std::fs::read_to_string(&diag).expect("diagnostics written to the file");
    let _ = std::fs::remove_file(&diag);
    assert!(written.contains("unsupported logic QF_ABV"), "{written}");
}
