//! The engine-independent counterexample: inputs in read order and the violation's location.
//!
//! Every engine's `false` ends up as an [`Evidence`]; witnesses and harnesses are written from it
//! alone, so they do not depend on which engine found the bug.

pub use vigil_ir::subproperty::Subproperty;

/// A place in the user's source.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SourceLoc {
    pub file: String,
    pub line: u32,
    /// 0 when unknown.
    pub column: u32,
    /// The enclosing function, empty when unknown.
    pub function: String,
}

/// The value one `__VERIFIER_nondet_*` call returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputValue {
    /// The function called, e.g. `__VERIFIER_nondet_int`.
    pub function: String,
    /// The value as a C integer (signed types negative when so).
    pub value: i128,
    /// Where the call is, when known.
    pub loc: Option<SourceLoc>,
}

/// The kinds of invalid memory access the VM tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Through the null pointer.
    NullPointer,
    /// To a freed object or a returned frame.
    FreedMemory,
    /// Outside the bounds of a live object.
    OutOfBounds,
    /// Through something that is not a pointer (an integer, an overflowed pointer, code).
    InvalidPointer,
    /// A write to a constant object (a string literal, a `const` global): read-only pages on
    /// the platform, so the native run faults there too.
    ConstantMemory,
}

/// A counterexample as other tools need it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Evidence {
    pub inputs: Vec<InputValue>,
    /// Where the property is violated.
    pub target: SourceLoc,
    /// What the violation is, as the VM names it (e.g. `null pointer dereference`).
    pub what: String,
    /// For an invalid memory access, which kind it is (decisions use this, never `what`).
    pub access: Option<Access>,
    /// The violated (sub)property, e.g. `unreach-call` or `valid-deref`.
    pub violated: Subproperty,
    /// When the violation happens inside a called function that has no source lines (a library
    /// function of vigil's runtime, e.g. `strlen`, `abs`): its name.
    pub inside_call: Option<String>,
    /// What the program read on the path besides `__VERIFIER_nondet_*` values.
    pub environment: Environment,
}

/// What a path read from its environment, as the runtime records it (`VM_CTL_ENVIRONMENT`, the
/// `VM_ENV_*` events of `vigil_vm.h`): typed, so that no decision depends on a note's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnvEvent {
    /// A byte read from stdin.
    StdinByte(u8),
    /// stdin reached its end.
    StdinEnd,
    /// Reading stdin failed.
    StdinError,
    /// A value `time` or `clock` (the function named) returned.
    Clock(&'static str, i64),
    /// `getenv` found its variable set.
    GetenvSet,
    /// An allocation was chosen to fail.
    AllocationFailure,
    /// `getrandom` was chosen to fail.
    GetrandomFailure,
    /// A file given with `vigil check --file` was opened (its bytes are in the saved
    /// counterexample and the compile settings, not in the trace).
    FileOpened,
    /// An open failed by the VM's file-system rule (a name not given, or opened for writing).
    FileRefused,
    /// A name not given with `vigil check --file` was opened for reading, and the open was
    /// chosen to succeed: a file whose contents are unknown.
    UnknownFileOpened,
    /// `clock_gettime` returned a value the VM chose (the harness does not define it).
    ClockGettime,
    /// `isatty` of a standard stream was chosen to answer this.
    Terminal(bool),
    /// `main` was started with this argc (an input: the program reads argc and nothing else of
    /// its arguments).
    Argc(i64),
    /// An event code this version does not know.
    Unknown(u64),
}

/// The inputs of a counterexample that do not come from `__VERIFIER_nondet_*` calls, and what
/// else on the path a native run cannot repeat.
///
/// Invariant: `not_given` is empty only when every input the path read is recorded here or in
/// [`Evidence::inputs`], so that a harness can give them all.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Environment {
    /// The bytes read from stdin, in order (None: stdin was not read).
    pub stdin: Option<Vec<u8>>,
    /// Values the clock functions returned, in call order (`time` or `clock`, value).
    pub clock: Vec<(String, i64)>,
    /// `getenv` was called (every call found the variable unset, else `not_given` says so).
    pub getenv_called: bool,
    /// A file of the VM's file system (`vigil check --file`) was opened: the files are inputs,
    /// which a native run must find in its working directory.
    pub files_opened: bool,
    /// The argc `main` was started with, when it was an input (a native run is started with
    /// that many arguments: the program's name and empty strings).
    pub argc: Option<i64>,
    /// Inputs on the path that a harness cannot give, each described (e.g. random bytes from
    /// `getrandom`, a failing `malloc`, a thread schedule).
    pub not_given: Vec<String>,
    /// Nondeterminism on the path that is not an input (e.g. a branch on an uninitialised
    /// value): a native run may legitimately take another path.
    pub nondeterminism: Vec<String>,
}

impl Environment {
    /// Records one environment event of a replayed trace.
    pub fn record(&mut self, event: EnvEvent) {
        match event {
            EnvEvent::StdinByte(b) => self.stdin.get_or_insert_with(Vec::new).push(b),
            EnvEvent::StdinEnd => {
                self.stdin.get_or_insert_with(Vec::new);
            }
            EnvEvent::StdinError => {
                self.stdin.get_or_insert_with(Vec::new);
                self.add_not_given("a read error on stdin");
            }
            EnvEvent::Clock(function, v) => self.clock.push((function.into(), v)),
            EnvEvent::GetenvSet => self.add_not_given("getenv found a variable set (the trace does not name it)"),
            EnvEvent::AllocationFailure => {
                self.add_not_given("an allocation that fails (native malloc does not fail on request)")
            }
            EnvEvent::GetrandomFailure => self.add_not_given("a failing getrandom"),
            EnvEvent::ClockGettime => self.add_not_given("the time clock_gettime returned"),
            EnvEvent::FileOpened => self.files_opened = true,
            EnvEvent::FileRefused => self.add_not_given(
                "an open that failed because the VM's file system is read-only or lacks the name (a native file system differs)",
            ),
            EnvEvent::UnknownFileOpened => {
                self.add_not_given("a file not given with --file that opened (a native run does not have it)")
            }
            // A native run has no terminal (stdin, stdout and stderr are redirected).
            EnvEvent::Terminal(false) => {}
            EnvEvent::Terminal(true) => self.add_not_given("a standard stream that is a terminal (isatty)"),
            EnvEvent::Argc(n) => self.argc = Some(n),
            EnvEvent::Unknown(code) => self.add_not_given(&format!("an environment event vigil does not know (code {code})")),
        }
    }

    /// Notes a branch on an uninitialised value at `at` (the VM explored both ways).
    pub fn uninitialised_branch(&mut self, at: &str) {
        self.add_nondeterminism(&format!("a branch on an uninitialised value at {at}"));
    }

    /// Notes a read of uninitialised memory at `at`: the VM chose the value (freeze at load); a
    /// native run reads whatever is there.
    pub fn uninitialised_read(&mut self, at: &str) {
        self.add_nondeterminism(&format!("a read of uninitialised memory at {at}"));
    }

    /// Notes a call of a function whose result is an input or nondeterministic.
    pub fn call(&mut self, function: &str) {
        match function {
            "getenv" | "secure_getenv" => self.getenv_called = true,
            "getrandom" | "getentropy" => self.add_not_given("random bytes from getrandom (not recorded in the trace)"),
            "pthread_create" | "thrd_create" => self.add_not_given("a thread schedule (the program starts threads)"),
            _ => {}
        }
    }

    fn add_not_given(&mut self, what: &str) {
        if !self.not_given.iter().any(|w| w == what) {
            self.not_given.push(what.into());
        }
    }

    fn add_nondeterminism(&mut self, what: &str) {
        if !self.nondeterminism.iter().any(|w| w == what) {
            self.nondeterminism.push(what.into());
        }
    }
}

/// The value of a `__VERIFIER_nondet_float`/`double` input, whose recorded value is its IEEE bits,
/// as a C expression (shortest decimal that reads back to the same bits; `NAN`/`INFINITY` for
/// the special values); None for other functions.
pub fn float_value(function: &str, value: i128) -> Option<String> {
    let n = vigil_ir::svcomp::nondet_function(function).filter(|n| n.is_float())?;
    let single = n.width == vigil_ir::svcomp::Width::Bits(32);
    let x = if single { f64::from(f32::from_bits(value as u32)) } else { f64::from_bits(value as u64) };
    Some(if x.is_nan() {
        "NAN".into()
    } else if x.is_infinite() {
        if x < 0.0 { "-INFINITY".into() } else { "INFINITY".into() }
    } else if single {
        format!("{:e}f", x as f32)
    } else {
        format!("{x:e}")
    })
}

/// The C type a `__VERIFIER_nondet_*` function returns (None for unknown names).
pub fn nondet_c_type(function: &str) -> Option<&'static str> {
    vigil_ir::svcomp::nondet_function(function).map(|n| n.c_type)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runtime_events_become_the_environment() {
        let mut env = Environment::default();
        for e in [EnvEvent::StdinByte(65), EnvEvent::StdinByte(10), EnvEvent::StdinEnd, EnvEvent::Clock("time", 1_767_225_600), EnvEvent::Clock("clock", 1000)] {
            env.record(e);
        }
        env.call("getenv");
        assert_eq!(env.stdin.as_deref(), Some(&b"A\n"[..]));
        assert_eq!(env.clock, vec![("time".to_string(), 1_767_225_600), ("clock".to_string(), 1000)]);
        assert!(env.getenv_called && env.not_given.is_empty() && env.nondeterminism.is_empty());
        env.record(EnvEvent::GetenvSet);
        env.call("getrandom");
        env.call("getrandom");
        env.record(EnvEvent::AllocationFailure);
        env.uninitialised_branch("p.c:3:7");
        assert_eq!(env.not_given.len(), 3, "{:?}", env.not_given);
        assert_eq!(env.nondeterminism, vec!["a branch on an uninitialised value at p.c:3:7".to_string()]);
        env.uninitialised_read("p.c:5:9");
        assert_eq!(env.nondeterminism[1], "a read of uninitialised memory at p.c:5:9");
    }

    #[test]
    fn float_inputs_are_bits() {
        let one = 1f64.to_bits() as i128;
        assert_eq!(float_value("__VERIFIER_nondet_double", one).as_deref(), Some("1e0"));
        let tenth = 0.1f32.to_bits() as i128;
        assert_eq!(float_value("__VERIFIER_nondet_float", tenth).as_deref(), Some("1e-1f"));
        assert_eq!(float_value("__VERIFIER_nondet_int", 3), None);
    }

    #[test]
    fn c_types_of_nondet_functions() {
        assert_eq!(nondet_c_type("__VERIFIER_nondet_uint"), Some("unsigned int"));
        assert_eq!(nondet_c_type("__VERIFIER_nondet_pointer"), Some("void *"));
        assert_eq!(nondet_c_type("__VERIFIER_nondet_float"), Some("float"));
        assert_eq!(nondet_c_type("__VERIFIER_nondet_i32"), Some("int"));
        assert_eq!(nondet_c_type("__VERIFIER_nondet_int128"), None);
        assert_eq!(nondet_c_type("malloc"), None);
    }
}
