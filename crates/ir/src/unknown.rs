//! Typed `unknown` outcomes, shared by every engine and the command line.
//!
//! DESIGN.md's verdict contract: `true` only with a proof or a complete exploration, `false` only
//! with a counterexample replayed on the VM, anything else `unknown` *with the reason*. An
//! [`Unknown`] is that reason twice: a [`Cause`] that code decides on (which reason outranks
//! which, whether a second search may help, how `vigil bench` counts its unknowns), and a message
//! for people (the text of `verdict: unknown(MESSAGE)`), which no code reads back.
//!
//! Invariants:
//! * decisions are taken on [`Cause`] (or its [`Class`]), never on the message;
//! * the message is the whole human text and does not repeat the cause's name;
//! * [`Cause::name`] and [`Class::name`] are stable kebab-case words (`vigil bench` JSON, the
//!   `// unknown:` header of `tests/c`), listed by [`Cause::ALL`].

use crate::Loc;
use std::fmt;

/// The six kinds of reason a verifier can have for `unknown`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Class {
    /// The engine does not apply to the program or property and did not run (or stopped at once).
    Declined,
    /// The exploration or proof is incomplete: something was sampled, bounded or abstracted, or
    /// a candidate could not be confirmed. More effort of the same kind would not settle it.
    Incomplete,
    /// A resource ran out: time, states, memory, iterations, the solver's budget.
    Limit,
    /// A construct vigil does not model (with its location when known).
    Unsupported,
    /// The program has undefined behaviour that is not the property checked: it has no defined
    /// behaviour to prove and no violation to report.
    Undefined,
    /// A bug in vigil: engines disagree, a counterexample did not replay, a panic.
    Internal,
}

impl Class {
    pub const ALL: [Class; 6] =
        [Class::Declined, Class::Incomplete, Class::Limit, Class::Unsupported, Class::Undefined, Class::Internal];

    pub fn name(self) -> &'static str {
        match self {
            Class::Declined => "declined",
            Class::Incomplete => "incomplete",
            Class::Limit => "limit",
            Class::Unsupported => "unsupported",
            Class::Undefined => "undefined",
            Class::Internal => "internal",
        }
    }
}

macro_rules! causes {
    ($( $(#[$doc:meta])* $variant:ident = $name:literal in $class:ident, )*) => {
        /// Why an engine (or the portfolio) answers `unknown`.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
        pub enum Cause {
            $( $(#[$doc])* $variant, )*
        }

        impl Cause {
            /// Every cause, in declaration order.
            pub const ALL: &'static [Cause] = &[$(Cause::$variant),*];

            /// The cause's stable name (kebab-case).
            pub fn name(self) -> &'static str {
                match self { $(Cause::$variant => $name,)* }
            }

            /// The class the cause belongs to.
            pub fn class(self) -> Class {
                match self { $(Cause::$variant => Class::$class,)* }
            }
        }
    };
}

causes! {
    /// The engine does not handle this property or program shape.
    Declined = "declined" in Declined,
    /// No engine applies.
    NoEngine = "no-engine" in Declined,

    /// Some `__VERIFIER_nondet_*` input was sampled, not enumerated over its domain.
    InputSampled = "input-sampled" in Incomplete,
    /// Some uninitialised value was sampled, not enumerated.
    UninitialisedSampled = "uninitialised-sampled" in Incomplete,
    /// A violation was found after reads of uninitialised memory the VM may not have kept equal.
    DoubtfulViolation = "doubtful-violation" in Incomplete,
    /// The program runs threads and an engine that does not detect data races explored it.
    Threads = "threads" in Incomplete,
    /// A thread program uses atomics weaker than `seq_cst`: sequentially consistent
    /// interleavings do not cover all its behaviours.
    WeakAtomics = "weak-atomics" in Incomplete,
    /// A transition was cut off at the VM's step limit.
    CutTransition = "cut-transition" in Incomplete,
    /// A property other than the one checked is violated (its error call ends the path).
    OtherProperty = "other-property" in Incomplete,
    /// `main` reads its arguments, which the VM fixes to one value.
    MainArguments = "main-arguments" in Incomplete,
    /// A bounded analysis (loop unrolling) found nothing within its bound.
    Bounded = "bounded" in Incomplete,
    /// A path called a math.h function whose glibc result is not always the correctly rounded
    /// one vigil computes: it can show a violation (confirmed natively) but not prove `true`.
    LibmRounding = "libm-rounding" in Incomplete,
    /// A path printed an object's address with `%p`: the VM's text is its own encoding, a
    /// native run prints another address, so it can show a violation but not prove `true`.
    AddressPrinted = "address-printed" in Incomplete,
    /// A path's file-system request was refused (a write to the read-only mount), or it read a
    /// file not given with `--file` as empty: runs where another file system grants it, or the
    /// file holds something else, are not explored.
    FileSystem = "file-system" in Incomplete,
    /// The abstraction cannot be refined further (no progress, inexact precondition).
    Imprecise = "imprecise" in Incomplete,
    /// A candidate counterexample did not replay on the VM.
    Unconfirmed = "unconfirmed" in Incomplete,

    /// The time budget ran out.
    Timeout = "timeout" in Limit,
    /// The engine was cancelled before it answered (another engine answered, or the portfolio
    /// stopped).
    Cancelled = "cancelled" in Limit,
    /// The state limit of the explicit search.
    StateLimit = "state-limit" in Limit,
    /// The memory limit (stored states or resident memory).
    MemoryLimit = "memory-limit" in Limit,
    /// The iteration bound of a refinement loop.
    IterationLimit = "iteration-limit" in Limit,
    /// The solver gave up (its budget, or a summary expansion limit).
    SolverLimit = "solver-limit" in Limit,

    /// A construct vigil does not lower or execute.
    Unsupported = "unsupported" in Unsupported,
    /// A call to an external function that neither the program nor vigil's runtime defines.
    UnknownFunction = "unknown-function" in Unsupported,
    /// A pointer's address used as an integer narrower than a pointer (addresses are not
    /// modelled).
    Addresses = "addresses" in Unsupported,
    /// An overflowing constant expression the compiler folded before vigil saw it.
    FoldedOverflow = "folded-overflow" in Unsupported,

    /// Undefined behaviour outside the property checked.
    UndefinedBehaviour = "undefined-behaviour" in Undefined,
    /// A data race (undefined behaviour in C11) in a thread program checked for another
    /// property: explored under sequential consistency only.
    DataRace = "data-race" in Undefined,

    /// Conclusive answers that contradict each other.
    Disagreement = "disagreement" in Internal,
    /// A counterexample that did not replay on the engine's own VM, or a broken invariant.
    Bug = "bug" in Internal,
}

impl Cause {
    /// The cause named `name` (as [`Cause::name`] gives it).
    pub fn from_name(name: &str) -> Option<Cause> {
        Cause::ALL.iter().copied().find(|c| c.name() == name)
    }

    /// `class:cause`, as `vigil check --format json` reports it in `cause`.
    pub fn qualified(self) -> String {
        format!("{}:{}", self.class().name(), self.name())
    }

    /// Whether `pattern` (a class name, a cause name, or `class:cause`) describes this cause.
    pub fn matches(self, pattern: &str) -> bool {
        let pattern = pattern.trim();
        pattern == self.class().name() || pattern == self.name() || pattern == self.qualified()
    }
}

/// An `unknown` outcome: why, for code ([`Cause`]) and for people (the message).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Unknown {
    pub cause: Cause,
    /// The source location the reason concerns, when one is known.
    pub at: Option<Loc>,
    /// The text shown as `unknown(MESSAGE)`.
    pub message: String,
}

impl Unknown {
    pub fn new(cause: Cause, message: impl Into<String>) -> Unknown {
        Unknown { cause, at: None, message: message.into() }
    }

    /// The same reason, located at `loc` (ignored when unknown).
    pub fn at(mut self, loc: Loc) -> Unknown {
        if loc.is_known() {
            self.at = Some(loc);
        }
        self
    }

    /// The same cause with another message.
    pub fn with_message(mut self, message: impl Into<String>) -> Unknown {
        self.message = message.into();
        self
    }

    /// The reason that best explains several engines' unknowns together, by class: a bug in
    /// vigil first, then undefined behaviour, unsupported code, limits, incompleteness and
    /// declining (the first of the highest class is kept). None for an empty list.
    pub fn dominant<'a>(all: impl IntoIterator<Item = &'a Unknown>) -> Option<&'a Unknown> {
        let mut best: Option<&Unknown> = None;
        for u in all {
            if best.is_none_or(|b| u.cause.class() > b.cause.class()) {
                best = Some(u);
            }
        }
        best
    }
}

impl fmt::Display for Unknown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_read_back() {
        let mut names: Vec<&str> = Cause::ALL.iter().map(|c| c.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Cause::ALL.len());
        for &c in Cause::ALL {
            assert_eq!(Cause::from_name(c.name()), Some(c));
            assert!(c.name().bytes().all(|b| b.is_ascii_lowercase() || b == b'-'), "{}", c.name());
        }
        assert_eq!(Cause::from_name("no-such-cause"), None);
        // Every class has a cause.
        for class in Class::ALL {
            assert!(Cause::ALL.iter().any(|c| c.class() == class), "{class:?}");
        }
    }

    #[test]
    fn patterns_match_class_cause_or_both() {
        let c = Cause::Timeout;
        assert_eq!(c.qualified(), "limit:timeout");
        assert!(c.matches("limit") && c.matches("timeout") && c.matches("limit:timeout"));
        assert!(!c.matches("undefined") && !c.matches("limit:state-limit") && !c.matches("time"));
    }

    #[test]
    fn the_dominant_reason_is_the_most_serious_class_first_seen() {
        let a = Unknown::new(Cause::Bounded, "no bug within the bound");
        let b = Unknown::new(Cause::Timeout, "timeout");
        let c = Unknown::new(Cause::StateLimit, "states");
        let d = Unknown::new(Cause::UndefinedBehaviour, "ub");
        assert_eq!(Unknown::dominant([&a, &b, &c]), Some(&b));
        assert_eq!(Unknown::dominant([&a, &d, &b]), Some(&d));
        assert_eq!(Unknown::dominant(std::iter::empty()), None);
        assert_eq!(d.to_string(), "ub");
        let located = Unknown::new(Cause::Unsupported, "x").at(Loc { file: None, line: 3, col: 1 });
        assert_eq!(located.at.map(|l| l.line), Some(3));
        assert_eq!(Unknown::new(Cause::Unsupported, "x").at(Loc::UNKNOWN).at, None);
    }
}
