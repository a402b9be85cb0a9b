//! Golden outputs of `vigil ir --analysis` for a handful of corpus programs
//! (`tests/golden/NAME.ir`). They pin the lowering and the printer: a change in either shows up
//! as a diff here. Run with `VIGIL_BLESS=1` to rewrite the files after an intended change, and
//! review the diff.

use std::path::Path;
use std::process::Command;

const PROGRAMS: [&str; 5] =
    ["006_loop_phi", "013_struct_fields", "014_globals_init", "024_overflow_builtins", "040_goto_dowhile"];

#[test]
fn ir_output_matches_golden_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let bless = std::env::var_os("VIGIL_BLESS").is_some();
    let mut diffs = Vec::new();
    for name in PROGRAMS {
        let out = Command::new(env!("CARGO_BIN_EXE_vigil"))
            .args(["ir", "--analysis", &format!("{name}.c")])
            .current_dir(root.join("tests/c"))
            .output()
            .expect("run vigil");
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let actual = String::from_utf8_lossy(&out.stdout).into_owned();
        let golden = root.join(format!("tests/golden/{name}.ir"));
        if bless {
            std::fs::write(&golden, &actual).expect("write golden file");
            continue;
        }
        let expected = std::fs::read_to_string(&golden).unwrap_or_default();
        if expected != actual {
            let first = expected
                .lines()
                .zip(actual.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(expected.lines().count().min(actual.lines().count()));
            diffs.push(format!(
                "{name}: first difference at line {}:\n  golden: {:?}\n  actual: {:?}",
                first + 1,
                expected.lines().nth(first).unwrap_or("<end>"),
                actual.lines().nth(first).unwrap_or("<end>")
            ));
        }
    }
    assert!(diffs.is_empty(), "golden IR differs (VIGIL_BLESS=1 to update):\n{}", diffs.join("\n"));
}
