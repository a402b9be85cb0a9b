//! Training and validation sets: a directory (its instance files, sorted by name, not
//! recursive) or a list file (one path per line, `#` comments and blank lines skipped; relative
//! paths are relative to the list file's directory).
//!
//! Invariants: the result is non-empty, sorted deterministically (directories) or in list
//! order, and every path exists; the same file in both sets is reported by [`overlap`].

use std::path::{Path, PathBuf};

use crate::runner::SolverKind;

/// Whether `p`'s name marks an instance of `kind`.
pub fn is_instance(kind: SolverKind, p: &Path) -> bool {
    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
    match kind {
        SolverKind::Sat => [".cnf", ".cnf.gz", ".cnf.xz", ".dimacs"]
            .iter()
            .any(|e| name.ends_with(e)),
        SolverKind::Smt => name.ends_with(".smt2"),
    }
}

/// The instances named by `spec` (a directory or a list file).
pub fn read_set(kind: SolverKind, spec: &Path) -> Result<Vec<PathBuf>, String> {
    let meta = std::fs::metadata(spec).map_err(|e| format!("{}: {e}", spec.display()))?;
    let paths = if meta.is_dir() {
        let mut v: Vec<PathBuf> = std::fs::read_dir(spec)
            .map_err(|e| format!("{}: {e}", spec.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file() && is_instance(kind, p))
            .collect();
        v.sort();
        v
    } else {
        let text = std::fs::read_to_string(spec).map_err(|e| format!("{}: {e}", spec.display()))?;
        let dir = spec.parent().unwrap_or(Path::new("."));
        let mut v = Vec::new();
        for (k, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let p = dir.join(line);
            if !p.is_file() {
                return Err(format!(
                    "{} line {}: no such file {}",
                    spec.display(),
                    k + 1,
                    p.display()
                ));
            }
            v.push(p);
        }
        v
    };
    if paths.is_empty() {
        return Err(format!(
            "{}: no {} instances found",
            spec.display(),
            kind.name()
        ));
    }
    Ok(paths)
}

/// Files that appear in both sets (compared by canonical path).
pub fn overlap(a: &[PathBuf], b: &[PathBuf]) -> Vec<PathBuf> {
    let canon = |p: &PathBuf| std::fs::canonicalize(p).unwrap_or_else(|_| p.clone());
    let bs: Vec<PathBuf> = b.iter().map(canon).collect();
    a.iter()
        .filter(|p| bs.contains(&canon(p)))
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directories_and_lists() {
        let d = std::env::temp_dir().join(format!("vigil-tune-inst-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        for n in ["b.cnf", "a.cnf.xz", "notes.txt", "q.smt2"] {
            std::fs::write(d.join(n), "").unwrap();
        }
        let got = read_set(SolverKind::Sat, &d).unwrap();
        assert_eq!(got, vec![d.join("a.cnf.xz"), d.join("b.cnf")]);
        assert_eq!(
            read_set(SolverKind::Smt, &d).unwrap(),
            vec![d.join("q.smt2")]
        );
        let list = d.join("list.txt");
        std::fs::write(&list, "# training\nb.cnf\n\nq.smt2  # a comment\n").unwrap();
        assert_eq!(
            read_set(SolverKind::Sat, &list).unwrap(),
            vec![d.join("b.cnf"), d.join("q.smt2")]
        );
        std::fs::write(&list, "missing.cnf\n").unwrap();
        assert!(read_set(SolverKind::Sat, &list)
            .unwrap_err()
            .contains("line 1"));
        std::fs::write(&list, "# nothing\n").unwrap();
        assert!(read_set(SolverKind::Sat, &list).is_err());
        assert!(read_set(SolverKind::Sat, &d.join("nope")).is_err());
        assert_eq!(
            overlap(&[d.join("b.cnf")], &[d.join("a.cnf.xz"), d.join("b.cnf")]),
            vec![d.join("b.cnf")]
        );
        let _ = std::fs::remove_dir_all(&d);
    }
}
