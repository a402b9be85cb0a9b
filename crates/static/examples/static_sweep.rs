//! Runs the static engine over C files and prints one line per file: the expectation in its
//! `// expect:` header (if any), the reports (kind, function, line, inputs) and skipped
//! functions. A development aid for finding crashes and false alarms on the project's corpus.

use std::path::PathBuf;

use vigil_frontend::{load, FrontendOptions};
use vigil_static::{analyse, Options};

fn main() {
    for a in std::env::args().skip(1) {
        let p = PathBuf::from(&a);
        let expect = std::fs::read_to_string(&p)
            .ok()
            .and_then(|s| s.lines().find(|l| l.starts_with("// expect:")).map(|l| l[10..].trim().to_string()))
            .unwrap_or_default();
        let fo = FrontendOptions { mem2reg: true, runtime: None, ..FrontendOptions::default() };
        let m = match load(std::slice::from_ref(&p), &fo) {
            Ok(m) => m,
            Err(e) => {
                println!("{a}: expect {expect}: front end error: {e}");
                continue;
            }
        };
        let an = analyse(&m, &Options { unroll: 2, ..Options::default() });
        let reps: Vec<String> = an
            .reports
            .iter()
            .map(|r| format!("{}@{}:{} {:?}", r.kind.rule_id(), r.function, r.line, r.inputs.iter().map(|i| i.value as i64).collect::<Vec<_>>()))
            .collect();
        println!(
            "{}: expect {expect}: reports [{}] vcs {}/{} skipped {:?}",
            p.file_name().unwrap().to_string_lossy(),
            reps.join(", "),
            an.vcs_proved,
            an.vcs_total,
            an.skipped
        );
    }
}
