//! Which left shifts of the program shift a *signed* operand.
//!
//! LLVM IR has one `shl` for C's signed and unsigned `<<`, and clang puts no `nsw` on it. C11
//! §6.5.7p4 makes `E1 << E2` of a signed `E1` undefined when `E1 × 2^E2` is not representable,
//! which SV-COMP's `no-overflow` counts as an overflow; the same shift of an unsigned operand is
//! defined (it wraps). To tell them apart, a C file that contains `<<` is compiled a second time
//! with `-fsanitize=shift-base`: clang instruments exactly the left shifts whose (promoted) left
//! operand has a signed type, and each check names its source location in the data it passes to
//! `__ubsan_handle_shift_out_of_bounds`. That is the same presumed location (file, line, column
//! of the operator, or of the macro invocation) that the debug location of the `shl` carries, so
//! [`mark_signed`] can set `nsw` on those `shl`s. LLVM's `shl nsw` is poison exactly when the
//! bits shifted out differ from the result's sign bit, i.e. when `E1 × 2^E2` is not
//! representable: the flag states precisely the C rule, and the VM checks it as it checks `nsw` on
//! `add`/`sub`/`mul`.
//!
//! Invariant: a `shl` gets `nsw` only when clang said its operand is signed. A shift whose site is
//! not found (a file without `<<` in its text, LLVM inputs, a second compile that failed) keeps
//! its flags, and the VM keeps treating it as of unknown signedness.

use std::collections::{HashMap, HashSet};
use std::path::Path;

/// A source location of a signed left shift: file name as clang presumes it, line, column.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ShiftSite {
    pub file: String,
    pub line: u32,
    pub col: u32,
}

/// Whether a C source file may contain a left shift (a cheap test before the second compile).
pub fn may_shift(input: &Path) -> bool {
    std::fs::read(input).map(|t| t.windows(2).any(|w| w == b"<<")).unwrap_or(false)
}

/// The sites of `__ubsan_handle_shift_out_of_bounds` checks in textual LLVM IR that clang wrote
/// with `-fsanitize=shift-base`.
pub fn sites_in_ll(text: &str) -> Vec<ShiftSite> {
    // `@.src = private unnamed_addr constant [N x i8] c"name\00"`
    let mut strings: HashMap<&str, String> = HashMap::new();
    // `@1 = private unnamed_addr global { { ptr, i32, i32 }, ptr, ptr } { { ptr, i32, i32 } { ptr @.src, i32 L, i32 C }, …`
    let mut data: HashMap<&str, (&str, u32, u32)> = HashMap::new();
    let mut checked: Vec<&str> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix('@') {
            let Some((name, def)) = rest.split_once(" = ") else { continue };
            if let Some(s) = def.find("c\"") {
                let lit = &def[s + 2..];
                if let Some(e) = lit.find('"') {
                    strings.insert(name, unescape(&lit[..e]));
                }
            } else if let Some((src, l, c)) = source_location(def) {
                data.insert(name, (src, l, c));
            }
        } else if let Some(i) = line.find("@__ubsan_handle_shift_out_of_bounds(ptr @") {
            let rest = &line[i + "@__ubsan_handle_shift_out_of_bounds(ptr @".len()..];
            if let Some(end) = rest.find([',', ')']) {
                checked.push(&rest[..end]);
            }
        }
    }
    let mut out = Vec::new();
    for name in checked {
        if let Some((src, line, col)) = data.get(name) {
            if let Some(file) = strings.get(src) {
                out.push(ShiftSite { file: file.clone(), line: *line, col: *col });
            }
        }
    }
    out
}

/// `{ ptr @SRC, i32 LINE, i32 COL }` inside a global's initialiser.
fn source_location(def: &str) -> Option<(&str, u32, u32)> {
    let i = def.find("{ ptr @")?;
    let rest = &def[i + "{ ptr @".len()..];
    let (src, rest) = rest.split_once(", i32 ")?;
    let (line, rest) = rest.split_once(", i32 ")?;
    let col: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    Some((src, line.trim().parse().ok()?, col.parse().ok()?))
}

/// LLVM's `c"…"` escapes: `\XX` is a byte in hex; the trailing NUL is dropped.
fn unescape(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 2 < b.len() {
            if let Some(v) = std::str::from_utf8(&b[i + 1..i + 3]).ok().and_then(|h| u8::from_str_radix(h, 16).ok()) {
                out.push(v);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    while out.last() == Some(&0) {
        out.pop();
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn base_name(f: &str) -> &str {
    f.rsplit('/').next().unwrap_or(f)
}

/// Sets `nsw` on every `shl` of `m` whose debug location is one of `sites`, the sites of all
/// signed shifts of the program (files compared by base name, as clang may name one with or
/// without its directory), and records in [`vigil_ir::Module::shl_signedness_known`] that the
/// other `shl`s are unsigned. A location is used only when it holds as many `shl`s as clang
/// checked there: one macro expansion can put a signed and an unsigned shift at the same
/// location, and then neither is marked. When some site is not matched exactly, the locations
/// do not line up as expected and nothing is claimed about the unmarked shifts. Returns how
/// many were marked.
pub fn mark_signed(m: &mut vigil_ir::Module, sites: &[ShiftSite]) -> usize {
    use vigil_ir::{BinOp, InstKind};
    type Site<'a> = (&'a str, u32, u32);
    let mut wanted: HashMap<Site, usize> = HashMap::new();
    for s in sites {
        *wanted.entry((base_name(&s.file), s.line, s.col)).or_default() += 1;
    }
    let names: Vec<String> = m.files.iter().map(|f| base_name(f).to_string()).collect();
    let site_of = |i: &vigil_ir::Inst| -> Option<(usize, u32, u32)> {
        let file = i.loc.file?;
        matches!(i.kind, InstKind::Bin { op: BinOp::Shl, .. }).then_some((file.index(), i.loc.line, i.loc.col))
    };
    let name_of = |file: usize| names.get(file).map(String::as_str).unwrap_or("");
    // How many shifts each wanted location holds in the program.
    let mut found: HashMap<Site, usize> = HashMap::new();
    for f in m.functions.iter().filter(|f| !f.runtime) {
        for i in f.blocks.iter().flat_map(|b| &b.insts) {
            if let Some((file, line, col)) = site_of(i) {
                let key = (name_of(file), line, col);
                if wanted.contains_key(&key) {
                    *found.entry(key).or_default() += 1;
                }
            }
        }
    }
    let exact: HashSet<Site> = wanted.iter().filter(|(k, n)| found.get(*k) == Some(*n)).map(|(k, _)| *k).collect();
    let known = exact.len() == wanted.len();
    let exact: HashSet<(String, u32, u32)> = exact.into_iter().map(|(f, l, c)| (f.to_string(), l, c)).collect();
    let mut marked = 0;
    for f in m.functions.iter_mut().filter(|f| !f.runtime) {
        for i in f.blocks.iter_mut().flat_map(|b| &mut b.insts) {
            let Some((file, line, col)) = site_of(i) else { continue };
            if exact.contains(&(names.get(file).cloned().unwrap_or_default(), line, col)) {
                if let InstKind::Bin { flags, .. } = &mut i.kind {
                    flags.nsw = true;
                    marked += 1;
                }
            }
        }
    }
    m.shl_signedness_known = known;
    marked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_sites_of_shift_checks() {
        let ll = "@.src = private unnamed_addr constant [10 x i8] c\"d\\5Cx.c\\00\", align 1\n\
                  @0 = private unnamed_addr constant { i16, i16, [6 x i8] } { i16 0, i16 11, [6 x i8] c\"'int'\\00\" }\n\
                  @1 = private unnamed_addr global { { ptr, i32, i32 }, ptr, ptr } { { ptr, i32, i32 } { ptr @.src, i32 2, i32 13 }, ptr @0, ptr @0 }\n\
                  @2 = private unnamed_addr global { { ptr, i32, i32 }, ptr, ptr } { { ptr, i32, i32 } { ptr @.src, i32 9, i32 4 }, ptr @0, ptr @0 }\n\
                  \x20 call void @__ubsan_handle_shift_out_of_bounds(ptr @1, i64 %20, i64 %21) #2, !nosanitize !6\n";
        // @2 is never passed to the handler: not a site.
        assert_eq!(sites_in_ll(ll), vec![ShiftSite { file: "d\\x.c".into(), line: 2, col: 13 }]);
    }

    #[test]
    fn nothing_without_checks() {
        assert!(sites_in_ll("define i32 @f() {\n  ret i32 0\n}\n").is_empty());
    }
}
