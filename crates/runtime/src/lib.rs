//! vigil's in-VM runtime (DiVM's "DiOS" in miniature): the C library subset, `malloc`, and the
//! SV-COMP functions, written in C (`c/*.c`), compiled to LLVM bitcode by clang-19 at build time
//! and linked into every program the explicit engine runs. Everything is built on the ten
//! hypercalls of `include/vigil_vm.h`; every definition is weak, so a program's own `reach_error`
//! or `strlen` takes precedence.

/// The runtime as one LLVM bitcode file.
pub const RUNTIME_BC: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/runtime.bc"));

/// The hypercall header (for documentation and for compiling C against the VM by hand).
pub const HYPERCALL_HEADER: &str = include_str!("../include/vigil_vm.h");

/// Constants of the header, as the VM uses them.
pub mod consts {
    pub const VM_TRACE_TEXT: i64 = 0;
    pub const VM_TRACE_INFO: i64 = 1;
    pub const VM_TRACE_INPUT: i64 = 2;
    pub const VM_CTL_GET_FLAGS: i64 = 0;
    pub const VM_CTL_SET_FLAGS: i64 = 1;
    pub const VM_CTL_CLEAR_FLAGS: i64 = 2;
    pub const VM_CTL_FAULT: i64 = 3;
    pub const VM_CTL_NONDET_RANGE: i64 = 4;
    pub const VM_CTL_TRACING: i64 = 5;
    pub const VM_FLAG_ERROR: i64 = 1;
    pub const VM_FLAG_CANCEL: i64 = 2;
    pub const VM_FLAG_INCOMPLETE: i64 = 4;
    pub const VM_FLAG_EXIT: i64 = 8;
    pub const VM_FLAG_MALLOC_CAN_FAIL: i64 = 16;
    pub const VM_FLAG_ATOMIC: i64 = 32;
    pub const VM_FAULT_ASSERT: i64 = 1;
    pub const VM_FAULT_INVALID_FREE: i64 = 2;
    pub const VM_FAULT_INVALID_ARG: i64 = 3;
    pub const VM_FAULT_LEAK: i64 = 4;

    /// Every constant with its name, for the header consistency test.
    pub const ALL: [(&str, i64); 19] = [
        ("VM_TRACE_TEXT", VM_TRACE_TEXT),
        ("VM_TRACE_INFO", VM_TRACE_INFO),
        ("VM_TRACE_INPUT", VM_TRACE_INPUT),
        ("VM_CTL_GET_FLAGS", VM_CTL_GET_FLAGS),
        ("VM_CTL_SET_FLAGS", VM_CTL_SET_FLAGS),
        ("VM_CTL_CLEAR_FLAGS", VM_CTL_CLEAR_FLAGS),
        ("VM_CTL_FAULT", VM_CTL_FAULT),
        ("VM_CTL_NONDET_RANGE", VM_CTL_NONDET_RANGE),
        ("VM_CTL_TRACING", VM_CTL_TRACING),
        ("VM_FLAG_ERROR", VM_FLAG_ERROR),
        ("VM_FLAG_CANCEL", VM_FLAG_CANCEL),
        ("VM_FLAG_INCOMPLETE", VM_FLAG_INCOMPLETE),
        ("VM_FLAG_EXIT", VM_FLAG_EXIT),
        ("VM_FLAG_MALLOC_CAN_FAIL", VM_FLAG_MALLOC_CAN_FAIL),
        ("VM_FLAG_ATOMIC", VM_FLAG_ATOMIC),
        ("VM_FAULT_ASSERT", VM_FAULT_ASSERT),
        ("VM_FAULT_INVALID_FREE", VM_FAULT_INVALID_FREE),
        ("VM_FAULT_INVALID_ARG", VM_FAULT_INVALID_ARG),
        ("VM_FAULT_LEAK", VM_FAULT_LEAK),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitcode_has_the_magic_number() {
        assert_eq!(&RUNTIME_BC[..4], b"BC\xC0\xDE");
    }

    #[test]
    fn header_constants_match_the_rust_ones() {
        let mut seen = 0;
        for line in HYPERCALL_HEADER.lines() {
            let mut w = line.split_whitespace();
            if w.next() != Some("#define") {
                continue;
            }
            let (Some(name), Some(value)) = (w.next(), w.next()) else { continue };
            let Ok(value) = value.parse::<i64>() else { continue };
            let rust = consts::ALL.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
            assert_eq!(rust, Some(value), "{name} differs between vigil_vm.h and src/lib.rs");
            seen += 1;
        }
        assert_eq!(seen, consts::ALL.len(), "every constant is in the header");
    }
}
