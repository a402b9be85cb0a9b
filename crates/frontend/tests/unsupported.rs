//! Programs under `tests/c/unsupported/` use one construct vigil does not support each. Their
//! header lines `// unsupported: TEXT line N` say which: lowering must succeed, and the module's
//! list of unsupported constructs must contain one whose description contains TEXT at line N.
//! The marker must also be in the IR itself (an `Unsupported` instruction or terminator), so an
//! engine that reaches it can answer `unknown` instead of skipping it.

use std::path::Path;
use vigil_frontend::{load, FrontendOptions};
use vigil_ir::{InstKind, Module, Terminator};

fn markers_in_ir(m: &Module) -> usize {
    m.defined_functions()
        .map(|(_, f)| {
            f.blocks
                .iter()
                .map(|b| {
                    b.insts.iter().filter(|i| matches!(i.kind, InstKind::Unsupported { .. })).count()
                        + usize::from(matches!(b.term, Terminator::Unsupported { .. }))
                })
                .sum::<usize>()
        })
        .sum()
}

#[test]
fn each_unsupported_construct_is_named_with_its_line() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/c/unsupported");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("dir").map(|e| e.expect("entry").path()).collect();
    files.sort();
    assert!(files.len() >= 6, "expected at least 6 unsupported-construct programs");
    let mut problems = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("read");
        let expectations: Vec<(String, u32)> = text
            .lines()
            .filter_map(|l| l.strip_prefix("// unsupported: "))
            .map(|rest| {
                let (what, line) = rest.rsplit_once(" line ").expect("header: TEXT line N");
                (what.to_string(), line.trim().parse().expect("line number"))
            })
            .collect();
        assert!(!expectations.is_empty(), "{}: no // unsupported: header", path.display());
        let m = match load(&[path.clone()], &FrontendOptions::default()) {
            Ok(m) => m,
            Err(e) => {
                problems.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        for (what, line) in expectations {
            let found = m.unsupported.iter().any(|u| u.construct.contains(&what) && u.loc.line == line);
            if !found {
                let listed: Vec<String> = m
                    .unsupported
                    .iter()
                    .map(|u| format!("{} at line {}", u.construct, u.loc.line))
                    .collect();
                problems.push(format!("{}: no '{what}' at line {line}; found {listed:?}", path.display()));
            }
        }
        if markers_in_ir(&m) == 0 {
            problems.push(format!("{}: no Unsupported marker in the IR", path.display()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
