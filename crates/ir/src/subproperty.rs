//! What a `false` answer names: the SV-COMP (sub)property a counterexample violates.
//!
//! SV-COMP's specification `valid-memsafety` is three properties, and a violation names the one
//! it breaks (`valid-deref`, `valid-free`, `valid-memtrack`); every other specification is its own
//! single subproperty. `no-deadlock` is vigil's own. Engines, evidence, harnesses and the verdict
//! carry this type; its text ([`Subproperty::name`]) is only written and parsed at the edges
//! (output, task files, saved counterexamples), never compared to decide.

use std::fmt;

/// One violated (sub)property.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Subproperty {
    /// A call of an error function (`G ! call(reach_error())`); the default, as SV-COMP's.
    #[default]
    UnreachCall,
    /// An invalid dereference (null, freed, out of bounds, not a pointer).
    ValidDeref,
    /// An invalid `free`.
    ValidFree,
    /// Heap memory lost (no pointer to it is left).
    ValidMemtrack,
    /// Heap memory still allocated when the program ends.
    ValidMemcleanup,
    /// Signed integer overflow.
    NoOverflow,
    /// A data race.
    NoDataRace,
    /// Every thread that has not ended waits.
    NoDeadlock,
}

impl Subproperty {
    /// Every subproperty.
    pub const ALL: [Subproperty; 8] = [
        Subproperty::UnreachCall,
        Subproperty::ValidDeref,
        Subproperty::ValidFree,
        Subproperty::ValidMemtrack,
        Subproperty::ValidMemcleanup,
        Subproperty::NoOverflow,
        Subproperty::NoDataRace,
        Subproperty::NoDeadlock,
    ];

    /// SV-COMP's name (vigil's own for `no-deadlock`).
    pub fn name(self) -> &'static str {
        match self {
            Subproperty::UnreachCall => "unreach-call",
            Subproperty::ValidDeref => "valid-deref",
            Subproperty::ValidFree => "valid-free",
            Subproperty::ValidMemtrack => "valid-memtrack",
            Subproperty::ValidMemcleanup => "valid-memcleanup",
            Subproperty::NoOverflow => "no-overflow",
            Subproperty::NoDataRace => "no-data-race",
            Subproperty::NoDeadlock => "no-deadlock",
        }
    }

    /// The subproperty called `name`.
    pub fn from_name(name: &str) -> Option<Subproperty> {
        Subproperty::ALL.into_iter().find(|s| s.name() == name)
    }
}

impl fmt::Display for Subproperty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for s in Subproperty::ALL {
            assert_eq!(Subproperty::from_name(s.name()), Some(s));
            assert_eq!(s.to_string(), s.name());
        }
        assert_eq!(Subproperty::from_name("valid-memsafety"), None);
    }
}
