//! Families of corpus programs that differ only in a constant or a condition (the SYNERGY paper
//! states each pattern once and varies it: a loop of 10 or 1000 iterations, 20 or 40 diamonds,
//! the check inverted). Each family is one template, `tests/programs/templates/NAME.c`, and each
//! variant becomes an ordinary corpus program with its own header (`expect`, `max-iterations`,
//! `paper`, …), so every variant is still tested with its own expectation and bound.
//!
//! Template syntax (comment lines starting `//@`):
//! - `//@ variant FILE KEY=VALUE | KEY=VALUE …` starts a variant; the comment lines up to the
//!   next `//@` line are its header, written at the top of the generated `FILE`;
//! - `//@ code` starts the program text, in which `@KEY@` is replaced by the variant's value;
//! - inside the code, `//@ for K in 0..@N@` … `//@ end` repeats the lines between for
//!   `K = 0, 1, …` (with `@K@` replaced).
//!
//! Lines before the first `//@` describe the family and are not copied. A placeholder left
//! without a value is an error, so a variant cannot silently miss a substitution; a line that
//! held only an empty value is left out.
//!
//! Included by the tests that read the synergy corpus (`#[path = …] mod families;`).
#![allow(dead_code)] // each test binary uses part of this module

use std::path::{Path, PathBuf};

/// One variant of a template: the file it becomes and its text.
#[derive(Debug)]
pub struct Variant {
    pub file: String,
    pub text: String,
}

/// The variants of one template's text (see the module doc for the syntax).
pub fn expand(template: &str) -> Result<Vec<Variant>, String> {
    let mut variants: Vec<(String, Vec<(String, String)>, Vec<&str>)> = Vec::new();
    let mut lines = template.lines();
    let mut code: Vec<&str> = Vec::new();
    for line in lines.by_ref() {
        if let Some(rest) = line.strip_prefix("//@ variant ") {
            let (file, subs) = rest.split_once(' ').unwrap_or((rest, ""));
            let subs = subs
                .split(" | ")
                .filter(|s| !s.trim().is_empty())
                .map(|s| s.split_once('=').map(|(k, v)| (k.trim().to_string(), v.trim().to_string())))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| format!("variant {file}: expected KEY=VALUE | KEY=VALUE, got '{subs}'"))?;
            variants.push((file.to_string(), subs, Vec::new()));
        } else if line.trim() == "//@ code" {
            code.extend(lines.by_ref());
            break;
        } else if let Some((_, _, header)) = variants.last_mut() {
            header.push(line);
        }
    }
    if variants.is_empty() || code.is_empty() {
        return Err("a template needs at least one `//@ variant` and a `//@ code` section".into());
    }
    variants
        .into_iter()
        .map(|(file, subs, header)| {
            let body = instantiate(&code, &subs).map_err(|e| format!("{file}: {e}"))?;
            Ok(Variant { text: format!("{}\n{body}", header.join("\n")), file })
        })
        .collect()
}

fn substitute(line: &str, subs: &[(String, String)]) -> Result<String, String> {
    let mut out = line.to_string();
    for (k, v) in subs {
        out = out.replace(&format!("@{k}@"), v);
    }
    match out.find('@').and_then(|i| out[i + 1..].find('@').map(|j| &out[i..i + j + 2])) {
        Some(p) if p[1..p.len() - 1].chars().all(|c| c.is_ascii_uppercase()) && p.len() > 2 => {
            Err(format!("placeholder {p} has no value"))
        }
        _ => Ok(out),
    }
}

fn instantiate(code: &[&str], subs: &[(String, String)]) -> Result<String, String> {
    let mut out = String::new();
    let mut i = 0;
    while i < code.len() {
        let line = substitute(code[i], subs)?;
        if let Some(spec) = line.trim().strip_prefix("//@ for ") {
            let (var, range) = spec.split_once(" in 0..").ok_or_else(|| format!("bad loop '{spec}'"))?;
            let n: usize = range.trim().parse().map_err(|_| format!("bad loop bound '{range}'"))?;
            let len = code[i + 1..].iter().position(|l| l.trim() == "//@ end").ok_or("`//@ for` without `//@ end`")?;
            for k in 0..n {
                let mut inner = subs.to_vec();
                inner.push((var.trim().to_string(), k.to_string()));
                for body in &code[i + 1..i + 1 + len] {
                    out.push_str(&substitute(body, &inner)?);
                    out.push('\n');
                }
            }
            i += len + 2;
        } else {
            // A line that only held an empty value is left out.
            if !line.trim().is_empty() || code[i].trim().is_empty() {
                out.push_str(&line);
                out.push('\n');
            }
            i += 1;
        }
    }
    Ok(out)
}

/// Writes every variant of every template in `templates` into `out` and returns their paths,
/// sorted. Panics (a test helper) on an unreadable or malformed template.
pub fn write_all(templates: &Path, out: &Path) -> Vec<PathBuf> {
    std::fs::create_dir_all(out).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
    let mut paths = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(templates)
        .unwrap_or_else(|e| panic!("{}: {e}", templates.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    entries.sort();
    for t in entries {
        let text = std::fs::read_to_string(&t).unwrap_or_else(|e| panic!("{}: {e}", t.display()));
        for v in expand(&text).unwrap_or_else(|e| panic!("{}: {e}", t.display())) {
            let p = out.join(&v.file);
            std::fs::write(&p, v.text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            paths.push(p);
        }
    }
    paths.sort();
    paths
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_get_their_header_values_and_repeats() {
        let t = "// family\n//@ variant a.c N=2 | OP=<\n// expect: true\n//@ variant b.c N=0 | OP=>\n// expect: false\n//@ code\nint x;\n//@ for K in 0..@N@\nint y@K@;\n//@ end\nif (x @OP@ 1) f();\n";
        let v = expand(t).unwrap();
        assert_eq!(v.len(), 2);
        assert_eq!((v[0].file.as_str(), v[0].text.as_str()), ("a.c", "// expect: true\nint x;\nint y0;\nint y1;\nif (x < 1) f();\n"));
        assert_eq!(v[1].text, "// expect: false\nint x;\nif (x > 1) f();\n");
        assert!(expand("//@ variant a.c N=1\n//@ code\nint x = @M@;\n").unwrap_err().contains("@M@"));
        assert!(expand("int x;\n").is_err());
    }
}
