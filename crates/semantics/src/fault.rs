//! Faults: what the VM reports instead of undefined behaviour (DiVM §5.1).
//!
//! A fault ends the current transition. Which faults are property violations depends on the
//! property being checked (see `vigil-explicit`): e.g. a NULL dereference violates
//! `valid-memsafety` (as `valid-deref`) but under `unreach-call` it only means the program has
//! undefined behaviour on that path, which makes a `true` answer impossible.

use std::fmt;
use vigil_ir::unknown::Cause;
pub use vigil_ir::subproperty::Subproperty;

/// The kinds of fault.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum FaultKind {
    /// `reach_error()`, a failed `assert`, `__VERIFIER_error()`.
    Assert,
    /// Load or store through the null pointer.
    NullDeref,
    /// Access outside the bounds of a live object.
    OutOfBounds,
    /// Access through a pointer to a freed object (or a frame that returned).
    UseAfterFree,
    /// Access through something that is not a pointer (an integer, an overflowed pointer, a code
    /// pointer used as data).
    InvalidPointer,
    /// `free` of something that is not the start of a live heap object.
    InvalidFree,
    /// Heap memory lost: unreachable (`valid-memtrack`), or still allocated when the program
    /// ends (`valid-memcleanup`). Found by the verifier from the state, not raised by the VM.
    Leak,
    /// A store to read-only memory.
    WriteToConstant,
    /// Integer division or remainder by zero.
    DivByZero,
    /// `INT_MIN / -1` and `INT_MIN % -1`.
    DivOverflow,
    /// A shift (`<<`, `>>`) in the program's own code by an amount at least the width of the
    /// promoted left operand (C11 6.5.7p3: undefined for every operand type). No SV-COMP
    /// property names it — the result of the operation is not out of range, there is no result
    /// — so, like a division by zero under `unreach-call`, it rules out `true` and is never a
    /// violation. (LLVM makes only the value poison; clang emits the shift unguarded at `-O0`,
    /// so the fault is raised where C's undefined behaviour is, not where the value is used.)
    OversizedShift,
    /// Signed overflow of an `nsw` operation (checked only under `no-overflow`).
    SignedOverflow,
    /// A subscript outside an array that is part of a larger object: a member array of a
    /// struct (`s.buf[4]` for `int buf[4]`) or a row of a multi-dimensional array (C11 6.5.6p8,
    /// J.2), checked by the front end's `IndexCheck`. The address may well stay inside the
    /// object, so no SV-COMP property names it (the object's bounds hold, as `valid-deref`
    /// reads them); like other undefined behaviour outside the property it rules out `true`
    /// and is never reported as a violation. ESBMC and CBMC report it as "array bounds violated".
    SubArrayBounds,
    /// A load or store in the program's own code whose address is not a multiple of the
    /// alignment LLVM's `align` gives it (C11 6.3.2.3p7: converting to a pointer to a type whose
    /// alignment the address does not have is undefined; clang's `align` is the type's, or 1 for
    /// a packed member it reads directly). x86-64 performs the access, UBSan's `alignment` check
    /// reports it, ESBMC reports "Incorrect alignment". No SV-COMP property names it: like other
    /// undefined behaviour outside the property it rules out `true` and is never a violation.
    Misaligned,
    /// A `_Bool` object read while its byte holds a value other than 0 or 1 (C11 6.2.6.1p5; the
    /// x86-64 psABI gives `_Bool` no other value), checked by the front end's `BoolCheck`. clang
    /// reads the low bit at `-O0` and assumes 0 or 1 when optimising, so the program has no one
    /// behaviour; no SV-COMP property names it: like other undefined behaviour outside the
    /// property it rules out `true` and is never a violation. UBSan's `bool` check reports it.
    InvalidBool,
    /// An undefined value used where a defined one is needed (address, call target, size…).
    Undefined(&'static str),
    /// `unreachable` was executed.
    Unreachable,
    /// A call with fewer arguments than the callee has parameters, or through a non-function.
    BadCall,
    /// A call to a function that is neither defined in the program nor in vigil's runtime.
    UnknownFunction(String),
    /// Invalid use of a hypercall: a bug of the runtime or of the VM, never of the program.
    BadHypercall(&'static str),
    /// An object larger than the VM's limit (`VM_OBJ_SIZE_MAX`, 256 MiB) was asked for: a heap
    /// object, a resize or a variable-length array. A resource limit of vigil, not a bug and not
    /// the program's undefined behaviour.
    ObjectTooLarge,
    /// A library function called in a way C leaves undefined or vigil's runtime does not model
    /// (`VM_FAULT_INVALID_ARG`: a self-deadlock, a write to a stream that is not stdout, …).
    /// Shown as `invalid hypercall: …`, as before this kind had its own name.
    InvalidArgument(&'static str),
    /// A construct the lowering could not represent.
    Unsupported(String),
    /// A library function whose source and destination overlap where C forbids it (`memcpy`,
    /// `strcpy`, `strcat`, `sprintf` into one of its own arguments, …). Undefined behaviour
    /// that no SV-COMP property names: it never violates the property checked, and like every
    /// other undefined behaviour outside the property it rules out a `true` answer (see the
    /// README, "overlapping copies").
    OverlappingCopy(&'static str),
    /// `va_arg` read past the arguments the variadic call passed (C11 7.16.1.1: undefined), e.g.
    /// `printf("%d %d", 1)`. Natively it reads whatever the register save area or the stack
    /// holds, memory that is there: no SV-COMP property names it, so like other undefined
    /// behaviour outside the property it rules out `true` and is never reported as a violation.
    VaArgBeyondArguments,
    /// Two threads' next actions access overlapping memory, at least one writes, and not both
    /// are atomic (README, "Threads"). Found by the verifier from the accesses of two
    /// transitions, not raised by the VM.
    DataRace,
    /// Every thread that has not ended waits (on a mutex, a join, a condition variable, a
    /// barrier, a semaphore or a read-write lock): raised by the runtime's scheduler. A deadlock
    /// ends the path; only vigil's own `no-deadlock` property calls it a violation.
    Deadlock,
}

impl FaultKind {
    /// The kind's number in the runtime's `vigil_vm.h` (`VM_FAULT_*`), passed to the fault
    /// handler.
    pub fn code(&self) -> u64 {
        use vigil_runtime::consts as rt;
        use FaultKind::*;
        (match self {
            Assert => rt::VM_FAULT_ASSERT,
            InvalidFree => rt::VM_FAULT_INVALID_FREE,
            Leak => rt::VM_FAULT_LEAK,
            NullDeref => rt::VM_FAULT_NULL_DEREF,
            OutOfBounds => rt::VM_FAULT_OUT_OF_BOUNDS,
            UseAfterFree => rt::VM_FAULT_USE_AFTER_FREE,
            InvalidPointer => rt::VM_FAULT_INVALID_POINTER,
            WriteToConstant => rt::VM_FAULT_WRITE_CONSTANT,
            DivByZero => rt::VM_FAULT_DIV_BY_ZERO,
            DivOverflow => rt::VM_FAULT_DIV_OVERFLOW,
            SignedOverflow => rt::VM_FAULT_SIGNED_OVERFLOW,
            Undefined(_) | OversizedShift | SubArrayBounds | Misaligned | InvalidBool => rt::VM_FAULT_UNDEFINED,
            Unreachable => rt::VM_FAULT_UNREACHABLE,
            BadCall => rt::VM_FAULT_BAD_CALL,
            UnknownFunction(_) => rt::VM_FAULT_UNKNOWN_FUNCTION,
            BadHypercall(_) => rt::VM_FAULT_BAD_HYPERCALL,
            ObjectTooLarge => rt::VM_FAULT_TOO_LARGE,
            InvalidArgument(_) => rt::VM_FAULT_INVALID_ARG,
            Unsupported(_) => rt::VM_FAULT_UNSUPPORTED,
            OverlappingCopy(_) => rt::VM_FAULT_OVERLAP,
            VaArgBeyondArguments => rt::VM_FAULT_VA_ARG,
            DataRace => rt::VM_FAULT_DATA_RACE,
            Deadlock => rt::VM_FAULT_DEADLOCK,
        }) as u64
    }

    /// The fault the runtime raises with `VM_CTL_FAULT` and code `code` (`VM_FAULT_*`). The
    /// runtime raises the kinds of undefined behaviour it detects inside library functions,
    /// `VM_FAULT_UNSUPPORTED` for a use it does not model (a tool limit), and
    /// `VM_FAULT_INVALID_ARG` (a misuse of a library function); any other code becomes a
    /// [`FaultKind::InvalidArgument`], which ends the path as unknown.
    pub fn from_runtime_code(code: u64) -> FaultKind {
        use vigil_runtime::consts as rt;
        use FaultKind::*;
        match code as i64 {
            rt::VM_FAULT_ASSERT => Assert,
            rt::VM_FAULT_INVALID_FREE => InvalidFree,
            rt::VM_FAULT_LEAK => Leak,
            rt::VM_FAULT_NULL_DEREF => NullDeref,
            rt::VM_FAULT_OUT_OF_BOUNDS => OutOfBounds,
            rt::VM_FAULT_USE_AFTER_FREE => UseAfterFree,
            rt::VM_FAULT_INVALID_POINTER => InvalidPointer,
            rt::VM_FAULT_DIV_BY_ZERO => DivByZero,
            rt::VM_FAULT_DIV_OVERFLOW => DivOverflow,
            rt::VM_FAULT_SIGNED_OVERFLOW => SignedOverflow,
            rt::VM_FAULT_OVERLAP => OverlappingCopy("source and destination overlap"),
            rt::VM_FAULT_DEADLOCK => Deadlock,
            // A limit of the runtime (a strftime flag, a signal, its thread table): what it is,
            // the counterexample's note says; the verdict is unknown, not undefined behaviour.
            rt::VM_FAULT_UNSUPPORTED => Unsupported("a use of a library function that vigil's runtime does not model".into()),
            _ => InvalidArgument("invalid argument to a library function"),
        }
    }

    /// What kind of event the fault is: the verifier decides on this, never on the text.
    pub fn class(&self) -> FaultClass {
        use FaultKind::*;
        match self {
            Assert | Leak | DataRace | Deadlock => FaultClass::Checked,
            NullDeref | OutOfBounds | UseAfterFree | InvalidPointer | InvalidFree | WriteToConstant | DivByZero
            | DivOverflow | SignedOverflow | Undefined(_) | OversizedShift | SubArrayBounds | Misaligned | InvalidBool | Unreachable
            | BadCall | OverlappingCopy(_) | InvalidArgument(_) | VaArgBeyondArguments => FaultClass::UndefinedBehaviour,
            Unsupported(_) | UnknownFunction(_) => FaultClass::ToolLimit,
            BadHypercall(_) => FaultClass::RuntimeBug,
            ObjectTooLarge => FaultClass::ResourceLimit,
        }
    }

    /// The reason of an `unknown` answer when this fault ends a path without violating the
    /// property checked.
    pub fn unknown_cause(&self) -> Cause {
        match (self.class(), self) {
            (FaultClass::Checked, _) => Cause::OtherProperty,
            (FaultClass::UndefinedBehaviour, _) => Cause::UndefinedBehaviour,
            (FaultClass::ToolLimit, FaultKind::UnknownFunction(_)) => Cause::UnknownFunction,
            (FaultClass::ToolLimit, _) => Cause::Unsupported,
            (FaultClass::ResourceLimit, _) => Cause::MemoryLimit,
            (FaultClass::RuntimeBug, _) => Cause::Bug,
        }
    }

    /// The SV-COMP (sub)property this fault violates, if any, given the property checked.
    pub fn violates(&self, property: Property) -> Option<Subproperty> {
        use FaultKind::*;
        match (property, self) {
            (Property::UnreachCall, Assert) => Some(Subproperty::UnreachCall),
            // A write to a constant object is an invalid dereference as ESBMC reports it ("write
            // access to const object", "to string constant") and as the platform behaves (the
            // object is in read-only pages: SIGSEGV).
            (Property::ValidMemsafety, NullDeref | OutOfBounds | UseAfterFree | InvalidPointer | WriteToConstant) => {
                Some(Subproperty::ValidDeref)
            }
            (Property::ValidMemsafety, InvalidFree) => Some(Subproperty::ValidFree),
            (Property::ValidMemsafety, Leak) => Some(Subproperty::ValidMemtrack),
            (Property::ValidMemcleanup, Leak) => Some(Subproperty::ValidMemcleanup),
            (Property::NoOverflow, SignedOverflow | DivOverflow) => Some(Subproperty::NoOverflow),
            (Property::NoDataRace, DataRace) => Some(Subproperty::NoDataRace),
            (Property::NoDeadlock, Deadlock) => Some(Subproperty::NoDeadlock),
            _ => None,
        }
    }
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FaultKind::*;
        match self {
            Assert => write!(f, "assertion failure (reach_error)"),
            NullDeref => write!(f, "null pointer dereference"),
            OutOfBounds => write!(f, "out-of-bounds access"),
            UseAfterFree => write!(f, "access to freed memory"),
            InvalidPointer => write!(f, "access through an invalid pointer"),
            InvalidFree => write!(f, "invalid free"),
            Leak => write!(f, "memory leak"),
            WriteToConstant => write!(f, "write to constant memory"),
            DivByZero => write!(f, "division by zero"),
            DivOverflow => write!(f, "signed division overflow"),
            SignedOverflow => write!(f, "signed integer overflow"),
            Undefined(what) => write!(f, "use of an undefined value ({what})"),
            OversizedShift => write!(f, "shift by the operand's width or more"),
            SubArrayBounds => write!(f, "array subscript outside a member array or row"),
            Misaligned => write!(f, "misaligned access (the address is not a multiple of the type's alignment)"),
            InvalidBool => write!(f, "a _Bool object holding a value other than 0 or 1"),
            Unreachable => write!(f, "unreachable executed"),
            BadCall => write!(f, "call with a bad callee or too few arguments"),
            UnknownFunction(name) => write!(f, "call to unknown external function {name}"),
            BadHypercall(why) | InvalidArgument(why) => write!(f, "invalid hypercall: {why}"),
            Unsupported(what) => write!(f, "unsupported construct: {what}"),
            OverlappingCopy(what) => write!(f, "overlapping copy: {what}"),
            VaArgBeyondArguments => write!(f, "va_arg beyond the arguments passed"),
            DataRace => write!(f, "data race"),
            Deadlock => write!(f, "deadlock: every thread waits"),
            ObjectTooLarge => write!(f, "object larger than the VM's limit of 256 MiB"),
        }
    }
}

/// The classes of fault, along the lines of [`vigil_ir::unknown::Class`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FaultClass {
    /// Defined behaviour that a property watches: an error call, lost heap memory.
    Checked,
    /// Undefined behaviour of the program (C11 / glibc on x86-64).
    UndefinedBehaviour,
    /// Something vigil does not model: an unsupported construct, an unknown external function.
    ToolLimit,
    /// A resource of vigil ran out (an object beyond the VM's size limit).
    ResourceLimit,
    /// A bug of vigil's runtime or VM (a hypercall used wrongly).
    RuntimeBug,
}

/// The properties vigil knows: the ones it checks, and those SV-COMP defines that it does not
/// check ([`Property::Unsupported`], answered `unknown` and never given to an engine).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Property {
    UnreachCall,
    ValidMemsafety,
    /// SV-COMP's `valid-memcleanup`: no heap object is still allocated when the program ends.
    ValidMemcleanup,
    NoOverflow,
    /// SV-COMP's `no-data-race` (README, "Threads").
    NoDataRace,
    /// vigil's own `no-deadlock`: no reachable state in which every thread that has not ended
    /// waits (on a mutex, a join, a condition variable, a barrier, a semaphore or a read-write
    /// lock).
    NoDeadlock,
    /// A property SV-COMP defines that vigil does not check (its name, one of [`UNSUPPORTED`]).
    Unsupported(&'static str),
}

/// The names of the SV-COMP properties vigil does not check.
pub const UNSUPPORTED: [&str; 3] = ["termination", "coverage-error-call", "coverage-branches"];

impl Property {
    /// The properties vigil checks.
    pub const CHECKED: [Property; 6] = [
        Property::UnreachCall,
        Property::ValidMemsafety,
        Property::ValidMemcleanup,
        Property::NoOverflow,
        Property::NoDataRace,
        Property::NoDeadlock,
    ];

    /// The property's name (SV-COMP's, or vigil's own for `no-deadlock`).
    pub fn name(&self) -> &'static str {
        match self {
            Property::UnreachCall => "unreach-call",
            Property::ValidMemsafety => "valid-memsafety",
            Property::ValidMemcleanup => "valid-memcleanup",
            Property::NoOverflow => "no-overflow",
            Property::NoDataRace => "no-data-race",
            Property::NoDeadlock => "no-deadlock",
            Property::Unsupported(name) => name,
        }
    }

    /// The property called `name`.
    pub fn from_name(name: &str) -> Option<Property> {
        let checked = Property::CHECKED.into_iter().find(|p| p.name() == name);
        checked.or_else(|| UNSUPPORTED.iter().find(|n| **n == name).map(|n| Property::Unsupported(n)))
    }

    /// Whether vigil checks the property (else it is [`Property::Unsupported`]).
    pub fn is_checked(&self) -> bool {
        !matches!(self, Property::Unsupported(_))
    }
}
