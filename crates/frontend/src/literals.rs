//! Objects whose end of life clang leaves unmarked: compound literals of nested blocks and the
//! temporaries of structures returned by value.
//!
//! C11 §6.5.2.5p5: a compound literal in a function body has automatic storage duration
//! associated with its enclosing block — and by §6.8.4p3 and §6.8.5p5 a selection or iteration
//! statement is a block, and so is each of its substatements, braces or not. §6.2.4p8: a
//! structure returned by value is a temporary whose life ends with the full expression, and its
//! array member decays to a pointer into it (`p = make().buf;`). clang gives both an `alloca` (a
//! literal's named `.compoundliteral`, a temporary's `tmp` or `coerce`) but, unlike a declared
//! local, no `llvm.lifetime.end` where its life ends (and AddressSanitizer does not check it
//! either). Every engine therefore sees the object live until its function returns, and an access
//! through a pointer kept past that end — undefined behaviour — goes unnoticed: a `true` for such
//! a program would be wrong (ESBMC's `github_591-3`).
//!
//! vigil does not model that end of life; it refuses to prove a program that might need it. A
//! function is *doubtful* when it keeps the address of one of these objects — the alloca's address
//! escapes (stored as a value, passed to a call, returned, …), by the same test as for declared
//! locals ([`crate::scope`]), asked on the stack-slot form, where passing it to a function that
//! does not keep it keeps nothing (see `callee_keeps_nothing`: a defined function whose parameter
//! does not outlive the call — a `byval` copy, an `sret` result, a pointer only read, also
//! through the stack slot every named parameter is spilled to at -O0 — or a library function
//! that only reads its arguments) — and the object is short-lived by
//! clang's AST (`-ast-dump=json`, filtered to the function): a compound literal in a block nested
//! inside the function's body, or a member of a structure that is not an lvalue (a call's result)
//! decayed to a pointer. The AST node of an alloca is the one whose source range (its macro
//! invocation's, when it comes from a macro) holds the alloca's *site*: the location of the first
//! instruction that writes it or computes an address inside it (clang puts its initialisation
//! there). A program's own variable named `tmp` is a candidate too, but its site is its own
//! statement, which no such node covers.
//!
//! The program is doubtful when one of its own functions is, and then no engine may answer
//! `true` ([`vigil_ir::Module::unmarked_lifetime_kept`]); a violation found is evidence as
//! before. Over-approximations, each costing only a proof: a kept address need not be used after
//! the object's end; every short-lived node of a macro invocation holding a site counts; and when
//! something cannot be told (an LLVM input, a failed dump, a site in another file or unknown)
//! the kept object is taken as short-lived if any node of its function is, or, without a dump at
//! all, as short-lived.

use crate::driver::{self, FrontendOptions, InputKind};
use serde_json::Value;
use std::path::{Path, PathBuf};
use vigil_ir::{Function, InstKind, Intrinsic, Loc, Module, Operand, ValueId};

/// The place (file:line:col) where the program keeps the address of a compound literal of a
/// nested block or of a temporary, if it may.
pub fn kept_short_lived_object(slot_form: &Module, inputs: &[PathBuf], opts: &FrontendOptions) -> Option<String> {
    slot_form.functions.iter().filter(|f| !f.is_declaration() && !f.runtime).find_map(|f| {
        let copied = |call: &InstKind, k: usize| callee_keeps_nothing(slot_form, call, k);
        let kept: Vec<(Loc, Loc)> = candidates(f).filter_map(|a| Some((crate::scope::escape_with(f, a, copied)?, site(f, a)))).collect();
        let (escape, _) = *kept.first()?;
        let sites: Vec<Option<(PathBuf, u32, u32)>> = kept.iter().map(|&(_, at)| source_position(slot_form, at)).collect();
        let at = if escape.is_known() { escape } else { f.loc };
        short_lived_kept(&f.name, &sites, inputs, opts).then(|| slot_form.describe_loc(at))
    })
}

/// Whether passing an address as argument `k` of `call` keeps nothing: the callee is defined and
/// its parameter does not outlive the call ([`crate::scope::escape_of_param`]: used, copied,
/// spilled to its own stack slot at -O0, but not stored elsewhere nor returned), e.g. a `byval`
/// argument the front end makes the callee copy at entry (`lower::canon_byval`), the `sret`
/// pointer a returned structure is written through, a string a function only reads. A
/// temporary lives until the end of its full expression, which the call lies in.
fn callee_keeps_nothing(m: &Module, call: &InstKind, k: usize) -> bool {
    let InstKind::Call { callee: vigil_ir::Callee::Direct(g), .. } = call else { return false };
    let callee = m.function(*g);
    if callee.is_declaration() {
        return LIBRARY_READERS.contains(&callee.name.as_str());
    }
    callee.params.get(k).is_some_and(|&p| crate::scope::escape_of_param(callee, p).is_none())
}

/// Library functions (declared, not defined, by the program) that only read or write through
/// their pointer arguments during the call: none stores an argument or returns a pointer
/// derived from one (unlike `strchr`, `strcpy`, `strtol`'s end pointer, `strtok`, `setvbuf`).
const LIBRARY_READERS: &[&str] = &[
    "printf", "fprintf", "dprintf", "sprintf", "snprintf", "puts", "fputs", "fwrite", "write", "strlen", "strnlen",
    "strcmp", "strncmp", "strcasecmp", "strncasecmp", "memcmp", "atoi", "atol", "atoll", "atof", "sscanf",
    "__isoc99_sscanf", "perror",
];

/// Whether an alloca of this name may be clang's for a compound literal or a temporary (a
/// program's own `tmp` too).
pub(crate) fn is_candidate_name(name: &str) -> bool {
    ["tmp", "coerce", ".compoundliteral"].iter().any(|p| name.starts_with(p))
}

/// The allocas that may be clang's for `f`'s compound literals and temporaries.
fn candidates(f: &Function) -> impl Iterator<Item = ValueId> + '_ {
    f.allocas().filter(|&a| is_candidate_name(&f.value(a).name))
}

/// The location of the first instruction that writes the object `a` or computes an address
/// inside it (unknown when none does).
fn site(f: &Function, a: ValueId) -> Loc {
    let is = |o: &Operand| *o == Operand::Value(a);
    let writes = |k: &InstKind| match k {
        InstKind::Store { ptr, .. } => is(ptr),
        InstKind::PtrAdd { base, .. } => is(base),
        InstKind::Intrinsic { which: Intrinsic::Memcpy | Intrinsic::Memmove | Intrinsic::Memset, args, .. } => args.first().is_some_and(is),
        _ => false,
    };
    f.blocks.iter().flat_map(|b| &b.insts).find(|i| writes(&i.kind)).map_or(Loc::UNKNOWN, |i| i.loc)
}

/// `at` as a source file (as clang was given it), line and column, when known.
fn source_position(m: &Module, at: Loc) -> Option<(PathBuf, u32, u32)> {
    let file = m.files.get(at.file?.index())?;
    (at.is_known() && at.col != 0).then(|| (PathBuf::from(file), at.line, at.col))
}

/// Whether, by the AST of the C inputs, an object of the function `name` at one of `sites` is
/// short-lived (see the module's doc for what cannot be told).
fn short_lived_kept(name: &str, sites: &[Option<(PathBuf, u32, u32)>], inputs: &[PathBuf], opts: &FrontendOptions) -> bool {
    for input in inputs {
        if !matches!(InputKind::of(input), Some(InputKind::C | InputKind::Preprocessed)) {
            return true;
        }
        let Some(json) = driver::function_ast_json(input, name, opts) else { return true };
        let Some(nested) = short_lived_in_dump(&json, name) else { continue };
        // The definition is in this input: the sites as byte offsets of its text.
        let text = std::fs::read(input).unwrap_or_default();
        let offsets: Option<Vec<u64>> = sites.iter().map(|s| s.as_ref().and_then(|(file, line, col)| offset_in(input, &text, file, *line, *col))).collect();
        return match offsets {
            Some(offsets) => nested.iter().any(|&(from, to)| offsets.iter().any(|o| (from..=to).contains(o))),
            None => !nested.is_empty(),
        };
    }
    // The function's body was in none of the dumps: it cannot be told.
    true
}

/// The byte offset of `line:col` of `file` in `text`, the contents of `input`, when `file` is
/// that input (by base name: clang may record a file with or without its directory, as in
/// [`crate::shifts`]).
fn offset_in(input: &Path, text: &[u8], file: &Path, line: u32, col: u32) -> Option<u64> {
    if file.file_name()? != input.file_name()? {
        return None;
    }
    let start: usize = if line == 1 {
        0
    } else {
        text.iter().enumerate().filter(|&(_, &b)| b == b'\n').nth(line as usize - 2)?.0 + 1
    };
    u64::try_from(start + col as usize - 1).ok()
}

/// Statements that open a block of their own inside a function body (C11 §6.8.2, §6.8.4p3,
/// §6.8.5p5; a GNU statement expression holds a compound statement).
const BLOCKS: &[&str] = &["CompoundStmt", "IfStmt", "SwitchStmt", "WhileStmt", "DoStmt", "ForStmt", "StmtExpr"];

/// In clang's JSON dump (one or more top-level declarations): the source ranges (byte offsets,
/// first to last character) of the short-lived objects of the definition of the function `name`
/// — its compound literals that sit in a block nested in its body, and its members of
/// structures that are not lvalues decayed to pointers; None when the dump has no definition of
/// it. A dump that does not parse gives one range over everything.
fn short_lived_in_dump(json: &str, name: &str) -> Option<Vec<(u64, u64)>> {
    let mut answer: Option<Vec<(u64, u64)>> = None;
    for decl in serde_json::Deserializer::from_str(json).into_iter::<Value>() {
        let Ok(decl) = decl else { return Some(vec![(0, u64::MAX)]) };
        if decl["kind"] != "FunctionDecl" || decl["name"] != name {
            continue;
        }
        let Some(body) = children(&decl).find(|c| c["kind"] == "CompoundStmt") else { continue };
        let found = answer.get_or_insert_with(Vec::new);
        // The body's own statements are at its top level; anything a block statement holds is
        // nested (iteratively: bodies may nest deeper than the stack allows).
        let mut work: Vec<(&Value, bool)> = children(body).map(|c| (c, false)).collect();
        while let Some((node, nested)) = work.pop() {
            let kind = node["kind"].as_str().unwrap_or("");
            if kind == "CompoundLiteralExpr" && nested {
                found.push(range(node).unwrap_or((0, u64::MAX)));
            }
            if kind == "ImplicitCastExpr" && node["castKind"] == "ArrayToPointerDecay" {
                let mut decayed = children(node).next();
                while let Some(p) = decayed.filter(|p| p["kind"] == "ParenExpr") {
                    decayed = children(p).next();
                }
                if let Some(member) = decayed.filter(|m| m["kind"] == "MemberExpr" && m["valueCategory"] != "lvalue") {
                    found.push(range(member).unwrap_or((0, u64::MAX)));
                }
            }
            let inner = nested || BLOCKS.contains(&kind);
            work.extend(children(node).map(|c| (c, inner)));
        }
    }
    answer
}

/// A node's source range as byte offsets of its first and last character (of the macro
/// invocation that expands to it, when it comes from one).
fn range(node: &Value) -> Option<(u64, u64)> {
    let offset = |end: &Value| {
        let at = if end["expansionLoc"].is_object() { &end["expansionLoc"] } else { end };
        Some((at["offset"].as_u64()?, at["tokLen"].as_u64().unwrap_or(1)))
    };
    let (from, _) = offset(&node["range"]["begin"])?;
    let (last, len) = offset(&node["range"]["end"])?;
    Some((from, last + len.max(1) - 1))
}

fn children(node: &Value) -> impl Iterator<Item = &Value> {
    node["inner"].as_array().into_iter().flatten()
}

#[cfg(test)]
mod tests {
    use super::{offset_in, short_lived_in_dump};
    use std::path::Path;

    /// A dump shaped as clang writes it: `kind`, `name`, `range`, `inner`.
    fn function(name: &str, body: &str) -> String {
        format!(r#"{{"kind":"FunctionDecl","name":"{name}","inner":[{{"kind":"ParmVarDecl"}},{{"kind":"CompoundStmt","inner":[{body}]}}]}}"#)
    }

    /// `&(int){0}` at offsets 10..=17 (its last token, `}`, one character long).
    const LITERAL: &str = r#"{"kind":"UnaryOperator","inner":[{"kind":"CompoundLiteralExpr","range":{"begin":{"offset":10,"col":3,"tokLen":1},"end":{"offset":17,"tokLen":1}},"inner":[{"kind":"InitListExpr"}]}]}"#;

    #[test]
    fn a_literal_in_the_body_itself_is_not_nested() {
        let body = format!(r#"{{"kind":"DeclStmt","inner":[{{"kind":"VarDecl","inner":[{LITERAL}]}}]}}"#);
        assert_eq!(short_lived_in_dump(&function("main", &body), "main"), Some(vec![]));
    }

    #[test]
    fn braces_and_the_substatements_of_if_and_loops_are_blocks() {
        for stmt in ["CompoundStmt", "IfStmt", "ForStmt", "WhileStmt", "DoStmt", "SwitchStmt", "StmtExpr"] {
            let body = format!(r#"{{"kind":"{stmt}","inner":[{{"kind":"BinaryOperator","inner":[{LITERAL}]}}]}}"#);
            assert_eq!(short_lived_in_dump(&function("main", &body), "main"), Some(vec![(10, 17)]), "{stmt}");
        }
    }

    #[test]
    fn a_literal_from_a_macro_spans_the_invocation() {
        // glibc's assert(…) at offset 40, six characters.
        let lit = r#"{"kind":"CompoundLiteralExpr","range":{"begin":{"spellingLoc":{"offset":48,"tokLen":1},"expansionLoc":{"offset":40,"tokLen":6}},"end":{"spellingLoc":{"offset":56,"tokLen":1},"expansionLoc":{"offset":40,"tokLen":6}}}}"#;
        let body = format!(r#"{{"kind":"StmtExpr","inner":[{lit}]}}"#);
        assert_eq!(short_lived_in_dump(&function("f", &body), "f"), Some(vec![(40, 45)]));
    }

    #[test]
    fn a_decayed_member_of_a_structure_that_is_not_an_lvalue_is_short_lived() {
        // `make().buf` as a pointer, at the body's top level, through parentheses; `s.buf` of a
        // variable (an lvalue) is not.
        let member = |category: &str| {
            format!(r#"{{"kind":"ImplicitCastExpr","castKind":"ArrayToPointerDecay","inner":[{{"kind":"ParenExpr","inner":[{{"kind":"MemberExpr","valueCategory":"{category}","range":{{"begin":{{"offset":30,"tokLen":4}},"end":{{"offset":37,"tokLen":3}}}},"inner":[{{"kind":"CallExpr"}}]}}]}}]}}"#)
        };
        assert_eq!(short_lived_in_dump(&function("main", &member("prvalue")), "main"), Some(vec![(30, 39)]));
        assert_eq!(short_lived_in_dump(&function("main", &member("lvalue")), "main"), Some(vec![]));
    }

    #[test]
    fn only_the_named_definition_counts() {
        let nested = format!(r#"{{"kind":"CompoundStmt","inner":[{LITERAL}]}}"#);
        let dump = format!("{}\n{}", function("domain", &nested), function("main", r#"{"kind":"ReturnStmt"}"#));
        assert_eq!(short_lived_in_dump(&dump, "main"), Some(vec![]));
        assert_eq!(short_lived_in_dump(&dump, "other"), None);
        // A declaration without a body is not the definition.
        let declaration = r#"{"kind":"FunctionDecl","name":"main","inner":[{"kind":"ParmVarDecl"}]}"#;
        assert_eq!(short_lived_in_dump(declaration, "main"), None);
    }

    #[test]
    fn a_dump_that_does_not_parse_covers_everything() {
        assert_eq!(short_lived_in_dump("{\"kind\": ", "main"), Some(vec![(0, u64::MAX)]));
    }

    #[test]
    fn lines_and_columns_are_byte_offsets_of_the_same_file_only() {
        let text = b"ab\ncd\n\nefg";
        let f = Path::new("x.c");
        assert_eq!(offset_in(f, text, f, 1, 1), Some(0));
        assert_eq!(offset_in(f, text, f, 2, 2), Some(4));
        assert_eq!(offset_in(f, text, f, 4, 3), Some(9));
        assert_eq!(offset_in(f, text, f, 9, 1), None);
        assert_eq!(offset_in(f, text, Path::new("/nonexistent/y.c"), 1, 1), None);
        assert_eq!(offset_in(Path::new("/tmp/src/x.c"), text, Path::new("src/x.c"), 2, 1), Some(3));
    }
}
