//! The meaning of vigil IR's operations, written once and shared by every execution (DESIGN.md:
//! "one semantics, three executions"): the VM's interpreter, the static engine's symbolic
//! execution and the synergy engine's tests and symbolic steps.
//!
//! * [`scalar`]: the values — bits, per-bit definedness, pointer flag — and the pointer encoding.
//! * [`ops`]: the concrete meaning of the integer operations (including pointer arithmetic).
//! * [`float`]: the concrete meaning of the floating-point operations (IEEE 754, as x86-64).
//! * [`float_round`]: the rounded floating-point operations in C's other rounding directions.
//! * [`float_sym`]: the floating-point operations as terms (IEEE circuits), bit-equal to [`float`].
//! * [`symbolic`]: the bit-vector term of every integer operation; tested to agree with [`ops`].
//! * [`wide`]: the concrete meaning of integer operations wider than 64 bits (`i128`).
//! * [`intrinsic`]: the pure integer intrinsics, concretely and as terms, tested to agree.
//! * [`fault`]: the undefined behaviour an operation reports instead of a value, classified
//!   (DiVM §5.1).
//!
//! Invariant: nothing here knows about memory objects, frames or the scheduler; an operation's
//! meaning depends only on its operands, widths and flags.

#![forbid(unsafe_code)]

/// Defines `fn $name(width: u32) -> $t`: the mask of the low `width` bits of a `$t` (all ones from
/// the type's width on), for the 64-bit values of [`scalar`] and the 128-bit ones of [`wide`].
macro_rules! low_bits_mask {
    ($(#[$m:meta])* $name:ident: $t:ty) => {
        $(#[$m])*
        pub fn $name(width: u32) -> $t {
            if width >= <$t>::BITS {
                <$t>::MAX
            } else {
                (1 << width) - 1
            }
        }
    };
}

pub mod fault;
pub mod float;
pub mod float_round;
pub mod float_sym;
pub mod intrinsic;
pub mod ops;
pub mod scalar;
pub mod symbolic;
pub mod wide;

pub use fault::{FaultClass, FaultKind, Property, Subproperty};
pub use scalar::Scalar;
