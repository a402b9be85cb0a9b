//! Names of the SV-COMP verification functions as they appear in a linked module.
//!
//! `llvm-link` keeps a program's `static` function apart from an external one of the same name
//! by renaming it with a numeric suffix (`reach_error.1`): such a function is still the one the
//! program calls `reach_error`, and SV-COMP's `unreach-call` property (`G ! call(reach_error())`)
//! is about the name in the source, whatever its body. A dot cannot appear in a C identifier, so
//! the suffix never makes a different source name.
//!
//! This module is the one table of the SV-COMP functions and the C library functions that end
//! a run ([`role`], [`NONDET`]): the front end declares them from it, every engine recognises
//! them by it, and the harness writer defines them from it.

/// The name a function has in the source: `name` without the suffix `.N` that linking adds.
pub fn source_name(name: &str) -> &str {
    match name.rsplit_once('.') {
        Some((base, n)) if !base.is_empty() && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => base,
        _ => name,
    }
}

/// The SV-COMP error functions: a call of one is the error of `unreach-call`.
pub const ERROR_FUNCTIONS: [&str; 2] = ["reach_error", "__VERIFIER_error"];

/// `__VERIFIER_assume(cond)`: runs where `cond` is false are discarded.
pub const ASSUME_FUNCTION: &str = "__VERIFIER_assume";

/// `__VERIFIER_assert(cond)`: an error when `cond` is false (no SV-COMP function, but older tasks
/// call it without a definition).
pub const ASSERT_FUNCTION: &str = "__VERIFIER_assert";

/// `__VERIFIER_atomic_begin()` / `__VERIFIER_atomic_end()`: no other thread runs in between.
pub const ATOMIC_BEGIN_FUNCTION: &str = "__VERIFIER_atomic_begin";
pub const ATOMIC_END_FUNCTION: &str = "__VERIFIER_atomic_end";

/// Whether a call of the function `name` (as linked) is a call of an SV-COMP error function.
pub fn is_error_function(name: &str) -> bool {
    ERROR_FUNCTIONS.contains(&source_name(name))
}

/// How wide a `__VERIFIER_nondet_*` value is.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Width {
    /// A fixed number of bits (`_Bool`: 1, its values 0 and 1).
    Bits(u32),
    /// The width of `long` / `size_t` / pointers in the data model (64 in LP64, 32 in ILP32).
    Word,
}

/// One `__VERIFIER_nondet_*` function: its name's suffix, C return type, width and signedness.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Nondet {
    pub suffix: &'static str,
    pub c_type: &'static str,
    pub width: Width,
    pub signed: bool,
    /// Declared by the front end's prelude (the names every SV-COMP program may call
    /// undeclared; the others are declared by the programs that use them).
    pub in_prelude: bool,
}

impl Nondet {
    /// The function's name.
    pub fn name(&self) -> String {
        format!("{NONDET_PREFIX}{}", self.suffix)
    }

    /// Whether the function returns a pointer (its value is an address, not a number).
    pub fn is_pointer(&self) -> bool {
        self.suffix == "pointer"
    }

    /// Whether the function returns `float` or `double` (its input value is the IEEE bits).
    pub fn is_float(&self) -> bool {
        matches!(self.suffix, "float" | "double")
    }

    /// Whether the function returns `_Bool` (values 0 and 1 only).
    pub fn is_bool(&self) -> bool {
        self.width == Width::Bits(1)
    }
}

/// The prefix of every nondet function's name.
pub const NONDET_PREFIX: &str = "__VERIFIER_nondet_";

const fn nondet(suffix: &'static str, c_type: &'static str, width: Width, signed: bool, in_prelude: bool) -> Nondet {
    Nondet { suffix, c_type, width, signed, in_prelude }
}

/// The `__VERIFIER_nondet_*` functions vigil knows (x86-64 glibc types: `char` is signed).
pub const NONDET: [Nondet; 40] = [
    nondet("bool", "_Bool", Width::Bits(1), false, true),
    // Older tasks (Ultimate's among them) spell it with the type's name.
    nondet("_Bool", "_Bool", Width::Bits(1), false, false),
    nondet("char", "char", Width::Bits(8), true, true),
    nondet("uchar", "unsigned char", Width::Bits(8), false, true),
    nondet("short", "short", Width::Bits(16), true, true),
    nondet("ushort", "unsigned short", Width::Bits(16), false, true),
    nondet("int", "int", Width::Bits(32), true, true),
    nondet("uint", "unsigned int", Width::Bits(32), false, true),
    nondet("unsigned", "unsigned int", Width::Bits(32), false, false),
    nondet("long", "long", Width::Word, true, true),
    nondet("ulong", "unsigned long", Width::Word, false, true),
    nondet("longlong", "long long", Width::Bits(64), true, true),
    nondet("ulonglong", "unsigned long long", Width::Bits(64), false, true),
    nondet("llong", "long long", Width::Bits(64), true, false),
    nondet("ullong", "unsigned long long", Width::Bits(64), false, false),
    nondet("size_t", "__SIZE_TYPE__", Width::Word, false, true),
    nondet("pointer", "void *", Width::Word, false, true),
    nondet("u32", "unsigned int", Width::Bits(32), false, false),
    nondet("u16", "unsigned short", Width::Bits(16), false, false),
    nondet("u8", "unsigned char", Width::Bits(8), false, false),
    nondet("u64", "unsigned long long", Width::Bits(64), false, false),
    nondet("schar", "signed char", Width::Bits(8), true, false),
    nondet("s8", "signed char", Width::Bits(8), true, false),
    nondet("s16", "short", Width::Bits(16), true, false),
    nondet("s32", "int", Width::Bits(32), true, false),
    nondet("i32", "int", Width::Bits(32), true, false),
    nondet("s64", "long long", Width::Bits(64), true, false),
    nondet("i64", "long long", Width::Bits(64), true, false),
    // `<stdint.h>`'s names, as ESBMC's tests spell them (`nondet_uint8_t()`).
    nondet("int8_t", "signed char", Width::Bits(8), true, false),
    nondet("uint8_t", "unsigned char", Width::Bits(8), false, false),
    nondet("int16_t", "short", Width::Bits(16), true, false),
    nondet("uint16_t", "unsigned short", Width::Bits(16), false, false),
    nondet("int32_t", "int", Width::Bits(32), true, false),
    nondet("uint32_t", "unsigned int", Width::Bits(32), false, false),
    nondet("int64_t", "long long", Width::Bits(64), true, false),
    nondet("uint64_t", "unsigned long long", Width::Bits(64), false, false),
    nondet("loff_t", "long", Width::Word, true, false),
    nondet("sector_t", "unsigned long", Width::Word, false, false),
    // Their values are IEEE bits (the runtime samples them; the harness reinterprets the bits).
    nondet("float", "float", Width::Bits(32), false, false),
    nondet("double", "double", Width::Bits(64), false, false),
];

/// The nondet function called `name`, if it is one.
pub fn nondet_function(name: &str) -> Option<&'static Nondet> {
    let suffix = name.strip_prefix(NONDET_PREFIX)?;
    NONDET.iter().find(|n| n.suffix == suffix)
}

/// The prefix of the nondet functions of CBMC's and ESBMC's regression tests and examples:
/// `nondet_int()`, `nondet_uint()`, … declared by the program and defined nowhere, each a
/// nondeterministic value of its type (both tools' documented convention).
pub const PEER_NONDET_PREFIX: &str = "nondet_";

/// `assert(cond)` called as a function the program declares (often implicitly, without
/// `<assert.h>`) and nobody defines: CBMC and ESBMC read it as an assertion.
pub const PEER_ASSERT_FUNCTION: &str = "assert";

/// The SV-COMP function that a function called `name`, declared by the program and defined
/// nowhere, stands for under the peer verifiers' conventions ([`PEER_NONDET_PREFIX`],
/// [`PEER_ASSERT_FUNCTION`]): `nondet_int` → `__VERIFIER_nondet_int` (for the suffixes of
/// [`NONDET`]), `assert` → `__VERIFIER_assert`.
pub fn peer_convention(name: &str) -> Option<String> {
    let name = source_name(name);
    if name == PEER_ASSERT_FUNCTION {
        return Some(ASSERT_FUNCTION.to_string());
    }
    let suffix = name.strip_prefix(PEER_NONDET_PREFIX)?;
    NONDET.iter().find(|n| n.suffix == suffix).map(|n| n.name())
}

/// Whether `name` (as linked) is a nondet function of a type vigil's table does not name:
/// `__VERIFIER_nondet_T()` or the peers' `nondet_T()` with a suffix `T` that is not one of
/// [`NONDET`] — a program's own type (`__VERIFIER_nondet_msg_t`, of CIL-generated SV-COMP tasks
/// whose `msg_t` is a `char`). SV-COMP's rules make `__VERIFIER_nondet_T()` any value of type
/// `T`, whatever `T` is; the front end reads a body-less one by the width its calls expect.
pub fn is_typed_nondet(name: &str) -> bool {
    let name = source_name(name);
    let suffix = name.strip_prefix(NONDET_PREFIX).or_else(|| name.strip_prefix(PEER_NONDET_PREFIX));
    suffix.is_some_and(|t| {
        !t.is_empty()
            && t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            && !NONDET.iter().any(|n| n.suffix == t)
    })
}

/// The table's nondet function for a value of `bits` bits (an integer register of that width):
/// `_Bool`, `char`, `short`, `int` or `long long`. The function's signedness does not matter to
/// the value (every bit pattern of the width is possible).
pub fn nondet_of_width(bits: u32) -> Option<&'static Nondet> {
    let suffix = match bits {
        1 => "bool",
        8 => "char",
        16 => "short",
        32 => "int",
        64 => "longlong",
        _ => return None,
    };
    NONDET.iter().find(|n| n.suffix == suffix)
}

/// What a call of a function means to a verifier, by the function's name.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Role {
    /// `reach_error`, `__VERIFIER_error`: the error of `unreach-call`.
    Error,
    /// A failed C `assert` (glibc's `__assert_fail`, and its BSD / `assert_perror` cousins):
    /// an error like [`Role::Error`].
    AssertFail,
    /// `abort`, `exit`, `_exit`, `_Exit`: the run ends.
    Exit,
    /// `__VERIFIER_assume(cond)`: runs where `cond` is false are discarded.
    Assume,
    /// `__VERIFIER_assert(cond)`: an error when `cond` is false.
    Assert,
    /// A `__VERIFIER_nondet_*` input (any name with the prefix; [`nondet_function`] has the
    /// ones vigil knows the type of).
    Nondet,
    /// `__VERIFIER_atomic_begin` / `__VERIFIER_atomic_end`: no other thread runs in between.
    AtomicBegin,
    AtomicEnd,
}

/// The role of a call of the function `name` (as linked), if it has one.
pub fn role(name: &str) -> Option<Role> {
    if is_error_function(name) {
        return Some(Role::Error);
    }
    Some(match name {
        "__assert_fail" | "__assert" | "__assert_rtn" | "__assert_perror_fail" => Role::AssertFail,
        "abort" | "exit" | "_exit" | "_Exit" => Role::Exit,
        ASSUME_FUNCTION => Role::Assume,
        ASSERT_FUNCTION => Role::Assert,
        ATOMIC_BEGIN_FUNCTION => Role::AtomicBegin,
        ATOMIC_END_FUNCTION => Role::AtomicEnd,
        _ if name.starts_with(NONDET_PREFIX) => Role::Nondet,
        _ => return None,
    })
}

/// Whether `name` is a function the program defines to run atomically (SV-COMP's
/// `__VERIFIER_atomic_` prefix, other than the begin/end markers).
pub fn is_atomic_function(name: &str) -> bool {
    name.starts_with("__VERIFIER_atomic_") && !matches!(role(name), Some(Role::AtomicBegin | Role::AtomicEnd))
}

/// C declarations of the SV-COMP functions, from the table, for the front end's prelude.
pub fn c_declarations() -> String {
    let mut s = String::new();
    for n in NONDET.iter().filter(|n| n.in_prelude) {
        let star = if n.c_type.ends_with('*') { "" } else { " " };
        s.push_str(&format!("{}{star}{}(void);\n", n.c_type, n.name()));
    }
    for f in [ASSUME_FUNCTION, ASSERT_FUNCTION] {
        s.push_str(&format!("void {f}(int cond);\n"));
    }
    for f in [ATOMIC_BEGIN_FUNCTION, ATOMIC_END_FUNCTION] {
        s.push_str(&format!("void {f}(void);\n"));
    }
    // `__VERIFIER_error` never returns; `reach_error` is the program's, whatever it does.
    for f in ERROR_FUNCTIONS {
        let noreturn = if f == "__VERIFIER_error" { " __attribute__((__noreturn__))" } else { "" };
        s.push_str(&format!("void {f}(void){noreturn};\n"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renamed_statics_keep_their_source_name() {
        assert!(is_error_function("reach_error"));
        assert!(is_error_function("reach_error.1"));
        assert!(is_error_function("__VERIFIER_error.12"));
        assert!(!is_error_function("reach_error."));
        assert!(!is_error_function("reach_error.x1"));
        assert!(!is_error_function("my_reach_error"));
        assert_eq!(source_name("f.2"), "f");
        assert_eq!(source_name(".2"), ".2");
        assert_eq!(source_name("llvm.memcpy.p0.p0.i64"), "llvm.memcpy.p0.p0.i64");
    }

    #[test]
    fn roles_and_nondet_types() {
        assert_eq!(role("reach_error.3"), Some(Role::Error));
        assert_eq!(role("__assert_fail"), Some(Role::AssertFail));
        assert_eq!(role("_exit"), Some(Role::Exit));
        assert_eq!(role("__VERIFIER_nondet_foo"), Some(Role::Nondet));
        assert_eq!(role("__VERIFIER_atomic_end"), Some(Role::AtomicEnd));
        assert_eq!(role("printf"), None);
        assert!(is_atomic_function("__VERIFIER_atomic_inc") && !is_atomic_function("__VERIFIER_atomic_begin"));
        let int = nondet_function("__VERIFIER_nondet_int").unwrap();
        assert_eq!((int.width, int.signed, int.c_type), (Width::Bits(32), true, "int"));
        assert!(nondet_function("__VERIFIER_nondet_bool").unwrap().is_bool());
        assert!(nondet_function("__VERIFIER_nondet_pointer").unwrap().is_pointer());
        assert!(nondet_function("__VERIFIER_nondet_float").unwrap().is_float());
        assert_eq!(nondet_function("__VERIFIER_nondet_int128"), None);
        assert_eq!(peer_convention("nondet_uint").as_deref(), Some("__VERIFIER_nondet_uint"));
        assert_eq!(peer_convention("nondet_bool.2").as_deref(), Some("__VERIFIER_nondet_bool"));
        assert_eq!(peer_convention("assert").as_deref(), Some("__VERIFIER_assert"));
        assert_eq!(peer_convention("nondet_uint8_t").as_deref(), Some("__VERIFIER_nondet_uint8_t"));
        assert_eq!(peer_convention("nondet_struct"), None);
        assert_eq!(peer_convention("my_nondet_int"), None);
        assert!(is_typed_nondet("__VERIFIER_nondet_msg_t") && is_typed_nondet("nondet_msg_t.3"));
        assert!(is_typed_nondet("nondet_struct") && is_typed_nondet("__VERIFIER_nondet_charp"));
        for not in ["__VERIFIER_nondet_int", "nondet_uint8_t", "__VERIFIER_nondet_", "nondet", "my_nondet_x", "nondet_a-b"] {
            assert!(!is_typed_nondet(not), "{not}");
        }
        for (bits, suffix) in [(1, "bool"), (8, "char"), (16, "short"), (32, "int"), (64, "longlong")] {
            assert_eq!(nondet_of_width(bits).map(|n| n.suffix), Some(suffix));
        }
        assert_eq!(nondet_of_width(128), None);
        let mut names: Vec<String> = NONDET.iter().map(|n| n.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), NONDET.len());
        let decls = c_declarations();
        assert!(decls.contains("int __VERIFIER_nondet_int(void);\n"), "{decls}");
        assert!(decls.contains("void *__VERIFIER_nondet_pointer(void);\n"), "{decls}");
        assert!(!decls.contains("__VERIFIER_nondet_u32"), "{decls}");
        for d in ["void reach_error(void);\n", "void __VERIFIER_error(void) __attribute__((__noreturn__));\n", "void __VERIFIER_assume(int cond);\n", "void __VERIFIER_atomic_end(void);\n"] {
            assert!(decls.contains(d), "{d} in {decls}");
        }
    }
}
