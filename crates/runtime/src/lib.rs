//! vigil's in-VM runtime: the operating-system layer and libc subset that programs run with
//! inside the explicit engine's VM (DiVM's "DiOS"): `__boot`, the scheduler with its thread table
//! and the fault handler (`c/os.c`), threads and mutexes (`c/pthread.c`), and the libc.
//!
//! The runtime is C (`c/*.c`), compiled to LLVM bitcode by `build.rs` and embedded here as
//! [`RUNTIME_BC`]; the front end links it into the user's program with `llvm-link`. Every library
//! function in it is a weak definition, so the program's own definitions win. The runtime talks
//! to the VM only through the hypercalls declared in [`HYPERCALL_HEADER`] (`include/vigil_vm.h`);
//! the constants below mirror that header (a unit test checks they agree).

/// The linked bitcode of the runtime (LLVM 19, target x86_64-pc-linux-gnu, no debug info).
pub const RUNTIME_BC: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/runtime.bc"));

/// The same runtime built for ILP32 programs (`--m32`; target i386-pc-linux-gnu).
pub const RUNTIME_BC_32: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/runtime32.bc"));

/// The runtime for a data model: [`RUNTIME_BC_32`] when `m32`, else [`RUNTIME_BC`].
pub fn runtime_bc(m32: bool) -> &'static [u8] {
    if m32 {
        RUNTIME_BC_32
    } else {
        RUNTIME_BC
    }
}

/// The text of `include/vigil_vm.h`, the hypercall interface.
pub const HYPERCALL_HEADER: &str = include_str!("../include/vigil_vm.h");

/// Names of the hypercalls the VM implements (declared, never defined, in the runtime).
pub const HYPERCALLS: &[&str] = &[
    "__vm_obj_make",
    "__vm_obj_free",
    "__vm_obj_size",
    "__vm_obj_resize",
    "__vm_obj_shared",
    "__vm_trace",
    "__vm_interrupt_mem",
    "__vm_interrupt_cfl",
    "__vm_choose",
    "__vm_control",
    "__vm_ctl_get",
    "__vm_ctl_set",
    "__vm_frame_make",
];

/// The numeric constants of `include/vigil_vm.h` (as `i64`, the type of `__vm_control`'s
/// arguments); the unit tests check them against the header text.
pub mod consts {
    /// Trace kinds (first argument of `__vm_trace`).
    pub const VM_TRACE_TEXT: i64 = 0;
    pub const VM_TRACE_INFO: i64 = 1;
    /// Operations of `__vm_control`.
    pub const VM_CTL_GET_FLAGS: i64 = 0;
    pub const VM_CTL_SET_FLAGS: i64 = 1;
    pub const VM_CTL_CLEAR_FLAGS: i64 = 2;
    pub const VM_CTL_FAULT: i64 = 3;
    pub const VM_CTL_NONDET_RANGE: i64 = 4;
    pub const VM_CTL_TRACING: i64 = 5;
    pub const VM_CTL_INPUTS: i64 = 6;
    pub const VM_CTL_INPUT: i64 = 7;
    pub const VM_CTL_ENVIRONMENT: i64 = 8;
    /// Environment events (argument `a` of `VM_CTL_ENVIRONMENT`).
    pub const VM_ENV_STDIN_BYTE: i64 = 1;
    pub const VM_ENV_STDIN_END: i64 = 2;
    pub const VM_ENV_STDIN_ERROR: i64 = 3;
    pub const VM_ENV_TIME: i64 = 4;
    pub const VM_ENV_CLOCK: i64 = 5;
    pub const VM_ENV_GETENV_SET: i64 = 6;
    pub const VM_ENV_ALLOC_FAILURE: i64 = 7;
    pub const VM_ENV_GETRANDOM_FAILURE: i64 = 8;
    /// The value a `__VERIFIER_nondet_*` function returns (the innermost such call).
    pub const VM_ENV_NONDET: i64 = 9;
    /// The thread the scheduler picked for a transition.
    pub const VM_ENV_THREAD: i64 = 10;
    pub const VM_ENV_FILE_OPENED: i64 = 11;
    pub const VM_ENV_TTY: i64 = 12;
    pub const VM_ENV_FILE_REFUSED: i64 = 13;
    pub const VM_CTL_READY: i64 = 9;
    /// Flags.
    pub const VM_FLAG_ERROR: i64 = 1;
    pub const VM_FLAG_CANCEL: i64 = 2;
    pub const VM_FLAG_INCOMPLETE: i64 = 4;
    pub const VM_FLAG_EXIT: i64 = 8;
    pub const VM_FLAG_MALLOC_CAN_FAIL: i64 = 16;
    pub const VM_FLAG_ATOMIC: i64 = 32;
    pub const VM_FLAG_THREADED: i64 = 128;
    /// A math.h function ran whose glibc result is not always the correctly rounded one.
    pub const VM_FLAG_LIBM_ROUNDING: i64 = 2048;
    /// Fault kinds (argument of `VM_CTL_FAULT` and of the fault handler).
    pub const VM_FAULT_ASSERT: i64 = 1;
    pub const VM_FAULT_INVALID_FREE: i64 = 2;
    pub const VM_FAULT_INVALID_ARG: i64 = 3;
    pub const VM_FAULT_LEAK: i64 = 4;
    pub const VM_FAULT_NULL_DEREF: i64 = 5;
    pub const VM_FAULT_OUT_OF_BOUNDS: i64 = 6;
    pub const VM_FAULT_USE_AFTER_FREE: i64 = 7;
    pub const VM_FAULT_INVALID_POINTER: i64 = 8;
    pub const VM_FAULT_WRITE_CONSTANT: i64 = 9;
    pub const VM_FAULT_DIV_BY_ZERO: i64 = 10;
    pub const VM_FAULT_DIV_OVERFLOW: i64 = 11;
    pub const VM_FAULT_SIGNED_OVERFLOW: i64 = 12;
    pub const VM_FAULT_UNDEFINED: i64 = 13;
    pub const VM_FAULT_UNREACHABLE: i64 = 14;
    pub const VM_FAULT_BAD_CALL: i64 = 15;
    pub const VM_FAULT_UNKNOWN_FUNCTION: i64 = 16;
    pub const VM_FAULT_BAD_HYPERCALL: i64 = 17;
    pub const VM_FAULT_UNSUPPORTED: i64 = 18;
    pub const VM_FAULT_OVERLAP: i64 = 19;
    pub const VM_FAULT_VA_ARG: i64 = 20;
    pub const VM_FAULT_DEADLOCK: i64 = 21;
    pub const VM_FAULT_DATA_RACE: i64 = 22;
    pub const VM_FAULT_TOO_LARGE: i64 = 23;
    /// Control registers (argument of `__vm_ctl_get` / `__vm_ctl_set`).
    pub const VM_CR_STATE: i64 = 0;
    pub const VM_CR_FRAME: i64 = 1;
    pub const VM_CR_INT_SLOT: i64 = 2;
    pub const VM_CR_SCHEDULER: i64 = 3;
    pub const VM_CR_FAULT_HANDLER: i64 = 4;
    pub const VM_CR_TRANSIENT: i64 = 5;
    /// Largest object `__vm_obj_make` accepts (256 MiB); malloc handles larger requests itself.
    pub const VM_OBJ_SIZE_MAX: i64 = 1 << 28;

    /// Every constant with its name, for the header consistency test.
    pub const ALL: [(&str, i64); 63] = [
        ("VM_TRACE_TEXT", VM_TRACE_TEXT),
        ("VM_TRACE_INFO", VM_TRACE_INFO),
        ("VM_CTL_GET_FLAGS", VM_CTL_GET_FLAGS),
        ("VM_CTL_SET_FLAGS", VM_CTL_SET_FLAGS),
        ("VM_CTL_CLEAR_FLAGS", VM_CTL_CLEAR_FLAGS),
        ("VM_CTL_FAULT", VM_CTL_FAULT),
        ("VM_CTL_NONDET_RANGE", VM_CTL_NONDET_RANGE),
        ("VM_CTL_TRACING", VM_CTL_TRACING),
        ("VM_CTL_INPUTS", VM_CTL_INPUTS),
        ("VM_CTL_INPUT", VM_CTL_INPUT),
        ("VM_CTL_ENVIRONMENT", VM_CTL_ENVIRONMENT),
        ("VM_ENV_STDIN_BYTE", VM_ENV_STDIN_BYTE),
        ("VM_ENV_STDIN_END", VM_ENV_STDIN_END),
        ("VM_ENV_STDIN_ERROR", VM_ENV_STDIN_ERROR),
        ("VM_ENV_TIME", VM_ENV_TIME),
        ("VM_ENV_CLOCK", VM_ENV_CLOCK),
        ("VM_ENV_GETENV_SET", VM_ENV_GETENV_SET),
        ("VM_ENV_ALLOC_FAILURE", VM_ENV_ALLOC_FAILURE),
        ("VM_ENV_GETRANDOM_FAILURE", VM_ENV_GETRANDOM_FAILURE),
        ("VM_ENV_NONDET", VM_ENV_NONDET),
        ("VM_ENV_THREAD", VM_ENV_THREAD),
        ("VM_ENV_FILE_OPENED", VM_ENV_FILE_OPENED),
        ("VM_ENV_TTY", VM_ENV_TTY),
        ("VM_ENV_FILE_REFUSED", VM_ENV_FILE_REFUSED),
        ("VM_CTL_READY", VM_CTL_READY),
        ("VM_FLAG_ERROR", VM_FLAG_ERROR),
        ("VM_FLAG_CANCEL", VM_FLAG_CANCEL),
        ("VM_FLAG_INCOMPLETE", VM_FLAG_INCOMPLETE),
        ("VM_FLAG_EXIT", VM_FLAG_EXIT),
        ("VM_FLAG_MALLOC_CAN_FAIL", VM_FLAG_MALLOC_CAN_FAIL),
        ("VM_FLAG_ATOMIC", VM_FLAG_ATOMIC),
        ("VM_FLAG_THREADED", VM_FLAG_THREADED),
        ("VM_FLAG_LIBM_ROUNDING", VM_FLAG_LIBM_ROUNDING),
        ("VM_FAULT_ASSERT", VM_FAULT_ASSERT),
        ("VM_FAULT_INVALID_FREE", VM_FAULT_INVALID_FREE),
        ("VM_FAULT_INVALID_ARG", VM_FAULT_INVALID_ARG),
        ("VM_FAULT_LEAK", VM_FAULT_LEAK),
        ("VM_FAULT_NULL_DEREF", VM_FAULT_NULL_DEREF),
        ("VM_FAULT_OUT_OF_BOUNDS", VM_FAULT_OUT_OF_BOUNDS),
        ("VM_FAULT_USE_AFTER_FREE", VM_FAULT_USE_AFTER_FREE),
        ("VM_FAULT_INVALID_POINTER", VM_FAULT_INVALID_POINTER),
        ("VM_FAULT_WRITE_CONSTANT", VM_FAULT_WRITE_CONSTANT),
        ("VM_FAULT_DIV_BY_ZERO", VM_FAULT_DIV_BY_ZERO),
        ("VM_FAULT_DIV_OVERFLOW", VM_FAULT_DIV_OVERFLOW),
        ("VM_FAULT_SIGNED_OVERFLOW", VM_FAULT_SIGNED_OVERFLOW),
        ("VM_FAULT_UNDEFINED", VM_FAULT_UNDEFINED),
        ("VM_FAULT_UNREACHABLE", VM_FAULT_UNREACHABLE),
        ("VM_FAULT_BAD_CALL", VM_FAULT_BAD_CALL),
        ("VM_FAULT_UNKNOWN_FUNCTION", VM_FAULT_UNKNOWN_FUNCTION),
        ("VM_FAULT_BAD_HYPERCALL", VM_FAULT_BAD_HYPERCALL),
        ("VM_FAULT_UNSUPPORTED", VM_FAULT_UNSUPPORTED),
        ("VM_FAULT_OVERLAP", VM_FAULT_OVERLAP),
        ("VM_FAULT_VA_ARG", VM_FAULT_VA_ARG),
        ("VM_FAULT_DEADLOCK", VM_FAULT_DEADLOCK),
        ("VM_FAULT_DATA_RACE", VM_FAULT_DATA_RACE),
        ("VM_FAULT_TOO_LARGE", VM_FAULT_TOO_LARGE),
        ("VM_CR_STATE", VM_CR_STATE),
        ("VM_CR_FRAME", VM_CR_FRAME),
        ("VM_CR_INT_SLOT", VM_CR_INT_SLOT),
        ("VM_CR_SCHEDULER", VM_CR_SCHEDULER),
        ("VM_CR_FAULT_HANDLER", VM_CR_FAULT_HANDLER),
        ("VM_CR_TRANSIENT", VM_CR_TRANSIENT),
        ("VM_OBJ_SIZE_MAX", VM_OBJ_SIZE_MAX),
    ];
}

pub use consts::*;

#[cfg(test)]
mod tests {
    use super::*;

    /// `#define NAME VALUE` lines of the header (VALUE a decimal literal, optional `UL`).
    fn header_defines() -> Vec<(String, i64)> {
        HYPERCALL_HEADER
            .lines()
            .filter_map(|l| {
                let mut words = l.split_whitespace();
                if words.next()? != "#define" {
                    return None;
                }
                let name = words.next()?;
                if !name.starts_with("VM_") {
                    return None;
                }
                let value = words.next()?.trim_end_matches(['U', 'L']);
                Some((name.to_string(), value.parse().ok()?))
            })
            .collect()
    }

    #[test]
    fn header_constants_match_rust() {
        let defines = header_defines();
        assert_eq!(
            defines.len(),
            consts::ALL.len(),
            "header defines: {defines:?}"
        );
        for (name, value) in &defines {
            let rust = consts::ALL.iter().find(|(n, _)| n == name);
            assert_eq!(rust.map(|r| r.1), Some(*value), "{name}");
        }
        // Every `#define VM_` line was understood (none with an unparsable value).
        let raw = HYPERCALL_HEADER
            .lines()
            .filter(|l| l.starts_with("#define VM_"))
            .count();
        assert_eq!(raw, defines.len());
    }

    #[test]
    fn header_declares_every_hypercall() {
        for h in HYPERCALLS {
            assert!(
                HYPERCALL_HEADER.contains(&format!("{h}(")),
                "{h} not declared"
            );
        }
        // Declarations are the lines that end in ");" (comments never do).
        let declared: Vec<&str> = HYPERCALL_HEADER
            .lines()
            .filter(|l| l.trim_end().ends_with(");"))
            .collect();
        assert_eq!(declared.len(), HYPERCALLS.len(), "{declared:?}");
        assert!(declared.iter().all(|l| l.contains("__vm_")));
    }

    #[test]
    fn bitcode_has_magic() {
        for bc in [RUNTIME_BC, RUNTIME_BC_32] {
            assert!(bc.len() > 1000);
            assert_eq!(&bc[..4], b"BC\xC0\xDE");
        }
        assert_ne!(RUNTIME_BC, RUNTIME_BC_32);
    }
}
