//! vigil's compact intermediate representation (filled in by issue 2).
pub mod cfg;
