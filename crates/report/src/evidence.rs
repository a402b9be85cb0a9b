//! The engine-independent counterexample: inputs in read order and the violation's location.
//!
//! Every engine's `false` ends up as an [`Evidence`]; witnesses and harnesses are written from it
//! alone, so they do not depend on which engine found the bug.

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

/// A counterexample as other tools need it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Evidence {
    pub inputs: Vec<InputValue>,
    /// Where the property is violated.
    pub target: SourceLoc,
    /// The violated (sub)property, e.g. `unreach-call` or `valid-deref`.
    pub violated: String,
}

impl InputValue {
    /// Parses the `NAME = VALUE` text the runtime traces for each input.
    pub fn from_trace_text(text: &str, loc: Option<SourceLoc>) -> Option<InputValue> {
        let (name, value) = text.split_once('=')?;
        let value: i128 = value.trim().parse().ok()?;
        let function = name.trim().to_string();
        if function.is_empty() {
            return None;
        }
        Some(InputValue { function, value, loc })
    }
}

/// The C type a `__VERIFIER_nondet_*` function returns (None for unknown names).
pub fn nondet_c_type(function: &str) -> Option<&'static str> {
    let suffix = function.strip_prefix("__VERIFIER_nondet_")?;
    Some(match suffix {
        "bool" => "_Bool",
        "char" => "char",
        "uchar" => "unsigned char",
        "short" => "short",
        "ushort" => "unsigned short",
        "int" => "int",
        "uint" | "unsigned" => "unsigned int",
        "long" => "long",
        "ulong" => "unsigned long",
        "longlong" => "long long",
        "ulonglong" => "unsigned long long",
        "size_t" => "__SIZE_TYPE__",
        "pointer" => "void *",
        "u32" => "unsigned int",
        "u16" => "unsigned short",
        "u8" => "unsigned char",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trace_text_parses() {
        let v = InputValue::from_trace_text("__VERIFIER_nondet_int = -5", None).unwrap();
        assert_eq!(v.function, "__VERIFIER_nondet_int");
        assert_eq!(v.value, -5);
        let v = InputValue::from_trace_text("__VERIFIER_nondet_ulong = 18446744073709551615", None).unwrap();
        assert_eq!(v.value, u64::MAX as i128);
        assert!(InputValue::from_trace_text("no value here", None).is_none());
        assert!(InputValue::from_trace_text(" = 3", None).is_none());
    }

    #[test]
    fn c_types_of_nondet_functions() {
        assert_eq!(nondet_c_type("__VERIFIER_nondet_uint"), Some("unsigned int"));
        assert_eq!(nondet_c_type("__VERIFIER_nondet_pointer"), Some("void *"));
        assert_eq!(nondet_c_type("__VERIFIER_nondet_float"), None);
        assert_eq!(nondet_c_type("malloc"), None);
    }
}
