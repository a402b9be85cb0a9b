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
    "__vm_obj_make_internal",
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

/// The C library's non-local jumps, which the VM executes itself (`vigil_vm::program::Hypercall`:
/// `setjmp` and its variants, then `longjmp` and its variants): the runtime may call them without
/// defining them (its cleanup handlers jump with `longjmp`, `pthread.c`).
pub const SETJMP_FUNCTIONS: &[&str] = &["setjmp", "_setjmp", "sigsetjmp", "__sigsetjmp"];
pub const LONGJMP_FUNCTIONS: &[&str] = &["longjmp", "_longjmp", "siglongjmp", "__longjmp_chk"];

/// Declares the constants of `include/vigil_vm.h` once: each `NAME = VALUE;` row gives
/// `pub const NAME: i64`, and [`consts::ALL`] lists every row with its name.
macro_rules! header_consts {
    ($($(#[$doc:meta])* $name:ident = $value:expr;)*) => {
        $($(#[$doc])* pub const $name: i64 = $value;)*

        /// Every constant with its name, for the header consistency test.
        pub const ALL: &[(&str, i64)] = &[$((stringify!($name), $name)),*];
    };
}

/// The numeric constants of `include/vigil_vm.h` (as `i64`, the type of `__vm_control`'s
/// arguments); the unit tests check them against the header text.
pub mod consts {
    header_consts! {
        /// Trace kinds (first argument of `__vm_trace`).
        VM_TRACE_TEXT = 0;
        VM_TRACE_INFO = 1;
        /// Operations of `__vm_control`.
        VM_CTL_GET_FLAGS = 0;
        VM_CTL_SET_FLAGS = 1;
        VM_CTL_CLEAR_FLAGS = 2;
        VM_CTL_FAULT = 3;
        VM_CTL_NONDET_RANGE = 4;
        VM_CTL_TRACING = 5;
        VM_CTL_INPUTS = 6;
        VM_CTL_INPUT = 7;
        VM_CTL_ENVIRONMENT = 8;
        /// Environment events (argument `a` of `VM_CTL_ENVIRONMENT`).
        VM_ENV_STDIN_BYTE = 1;
        VM_ENV_STDIN_END = 2;
        VM_ENV_STDIN_ERROR = 3;
        VM_ENV_TIME = 4;
        VM_ENV_CLOCK = 5;
        VM_ENV_GETENV_SET = 6;
        VM_ENV_ALLOC_FAILURE = 7;
        VM_ENV_GETRANDOM_FAILURE = 8;
        /// The value a `__VERIFIER_nondet_*` function returns (the innermost such call).
        VM_ENV_NONDET = 9;
        /// The thread the scheduler picked for a transition.
        VM_ENV_THREAD = 10;
        VM_ENV_FILE_OPENED = 11;
        VM_ENV_TTY = 12;
        VM_ENV_FILE_REFUSED = 13;
        VM_ENV_CLOCK_GETTIME = 14;
        VM_ENV_FILE_UNKNOWN = 15;
        VM_ENV_ARGC = 16;
        VM_CTL_READY = 9;
        /// Flags.
        VM_FLAG_ERROR = 1;
        VM_FLAG_CANCEL = 2;
        VM_FLAG_INCOMPLETE = 4;
        VM_FLAG_EXIT = 8;
        VM_FLAG_MALLOC_CAN_FAIL = 16;
        VM_FLAG_ATOMIC = 32;
        VM_FLAG_THREADED = 128;
        /// A math.h function ran whose glibc result is not always the correctly rounded one.
        VM_FLAG_LIBM_ROUNDING = 2048;
        /// The VM's file system refused a request another file system could grant.
        VM_FLAG_FS_FIXED = 4096;
        /// printf's `%p` formatted an object's address, which natively differs.
        VM_FLAG_ADDRESS_PRINTED = 8192;
        /// The running thread's rounding direction (both: toward zero).
        VM_FLAG_ROUND_DOWN = 16384;
        VM_FLAG_ROUND_UP = 32768;
        /// A condition variable woke a waiter without a signal (part of the state).
        VM_FLAG_SPURIOUS = 65536;
        /// Fault kinds (argument of `VM_CTL_FAULT` and of the fault handler).
        VM_FAULT_ASSERT = 1;
        VM_FAULT_INVALID_FREE = 2;
        VM_FAULT_INVALID_ARG = 3;
        VM_FAULT_LEAK = 4;
        VM_FAULT_NULL_DEREF = 5;
        VM_FAULT_OUT_OF_BOUNDS = 6;
        VM_FAULT_USE_AFTER_FREE = 7;
        VM_FAULT_INVALID_POINTER = 8;
        VM_FAULT_WRITE_CONSTANT = 9;
        VM_FAULT_DIV_BY_ZERO = 10;
        VM_FAULT_DIV_OVERFLOW = 11;
        VM_FAULT_SIGNED_OVERFLOW = 12;
        VM_FAULT_UNDEFINED = 13;
        VM_FAULT_UNREACHABLE = 14;
        VM_FAULT_BAD_CALL = 15;
        VM_FAULT_UNKNOWN_FUNCTION = 16;
        VM_FAULT_BAD_HYPERCALL = 17;
        VM_FAULT_UNSUPPORTED = 18;
        VM_FAULT_OVERLAP = 19;
        VM_FAULT_VA_ARG = 20;
        VM_FAULT_DEADLOCK = 21;
        VM_FAULT_DATA_RACE = 22;
        VM_FAULT_TOO_LARGE = 23;
        /// Control registers (argument of `__vm_ctl_get` / `__vm_ctl_set`).
        VM_CR_STATE = 0;
        VM_CR_FRAME = 1;
        VM_CR_INT_SLOT = 2;
        VM_CR_SCHEDULER = 3;
        VM_CR_FAULT_HANDLER = 4;
        VM_CR_TRANSIENT = 5;
        /// Largest object `__vm_obj_make` accepts (256 MiB); malloc handles larger requests itself.
        VM_OBJ_SIZE_MAX = 1 << 28;
    }
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
