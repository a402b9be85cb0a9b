//! Names of the SV-COMP verification functions as they appear in a linked module.
//!
//! `llvm-link` keeps a program's `static` function apart from an external one of the same name
//! by renaming it with a numeric suffix (`reach_error.1`): such a function is still the one the
//! program calls `reach_error`, and SV-COMP's `unreach-call` property (`G ! call(reach_error())`)
//! is about the name in the source, whatever its body. A dot cannot appear in a C identifier, so
//! the suffix never makes a different source name.
//!
//! (The engines' other lists of SV-COMP functions — assume, nondet, atomic — still live beside
//! their users; this is where they belong.)

/// The name a function has in the source: `name` without the suffix `.N` that linking adds.
pub fn source_name(name: &str) -> &str {
    match name.rsplit_once('.') {
        Some((base, n)) if !base.is_empty() && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => base,
        _ => name,
    }
}

/// Whether a call of the function `name` (as linked) is a call of an SV-COMP error function.
pub fn is_error_function(name: &str) -> bool {
    matches!(source_name(name), "reach_error" | "__VERIFIER_error")
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
}
