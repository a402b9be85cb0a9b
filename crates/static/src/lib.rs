//! The static engine: Calysto-style structure-preserving symbolic execution and structural
//! abstraction (Babić, PhD thesis 2008). Work in progress (issue 5): nothing is implemented yet.
#![forbid(unsafe_code)]
