//! SV-COMP task-definition files (format 2.0, YAML): which input files make the program, which
//! properties to check with which expected verdicts, and the data model.
//!
//! ```yaml
//! format_version: '2.0'
//! input_files: 'prog.c'            # a string or a list; paths relative to the task file
//! properties:
//!   - property_file: ../properties/unreach-call.prp
//!     expected_verdict: false
//!   - property_file: ../properties/valid-memsafety.prp
//!     expected_verdict: false
//!     subproperty: valid-deref
//! options:
//!   language: C
//!   data_model: ILP32               # or LP64
//! ```
//!
//! Format versions 1.0 (no `options`) and 2.0 are read; anything malformed is a clear error.

use crate::property::Property;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// One property of a task with its expected verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct TaskProperty {
    pub file: PathBuf,
    pub property: Property,
    /// `Some(true)`/`Some(false)`, or `None` when the task gives no expectation.
    pub expected: Option<bool>,
    /// The violated subproperty for expected `false` of valid-memsafety, e.g. `valid-deref`.
    pub subproperty: Option<String>,
}

/// A parsed task definition.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    pub path: PathBuf,
    pub input_files: Vec<PathBuf>,
    pub properties: Vec<TaskProperty>,
    /// True for `data_model: ILP32`.
    pub ilp32: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTask {
    format_version: Option<serde_yaml::Value>,
    input_files: OneOrMany,
    #[serde(default)]
    properties: Vec<RawProperty>,
    #[serde(default)]
    options: Option<RawOptions>,
    // Tolerated and ignored: some collections add these.
    #[serde(default)]
    #[allow(dead_code)]
    required_files: Option<serde_yaml::Value>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

#[derive(Deserialize)]
struct RawProperty {
    property_file: String,
    expected_verdict: Option<bool>,
    subproperty: Option<String>,
}

#[derive(Deserialize)]
struct RawOptions {
    language: Option<String>,
    data_model: Option<String>,
}

/// True when `path` looks like a task definition (by extension).
pub fn is_task_file(path: &Path) -> bool {
    matches!(path.extension().and_then(|e| e.to_str()), Some("yml") | Some("yaml"))
}

impl Task {
    pub fn load(path: &Path) -> Result<Task, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Task::parse(&text, path)
    }

    /// Parses the text of task file `path` (paths inside are resolved against its folder).
    pub fn parse(text: &str, path: &Path) -> Result<Task, String> {
        let at = path.display();
        let raw: RawTask =
            serde_yaml::from_str(text).map_err(|e| format!("{at}: not a valid SV-COMP task definition: {e}"))?;
        if let Some(v) = &raw.format_version {
            let v = match v {
                serde_yaml::Value::String(s) => s.clone(),
                serde_yaml::Value::Number(n) => n.to_string(),
                _ => String::new(),
            };
            if !matches!(v.as_str(), "1.0" | "2.0" | "1" | "2") {
                return Err(format!("{at}: unsupported task format_version '{v}' (vigil reads 1.0 and 2.0)"));
            }
        }
        let dir = path.parent().unwrap_or(Path::new("."));
        let input_files: Vec<PathBuf> = match raw.input_files {
            OneOrMany::One(f) => vec![dir.join(f)],
            OneOrMany::Many(fs) => fs.into_iter().map(|f| dir.join(f)).collect(),
        };
        if input_files.is_empty() {
            return Err(format!("{at}: input_files is empty"));
        }
        let mut properties = Vec::new();
        for p in raw.properties {
            let file = dir.join(&p.property_file);
            let property = match std::fs::read_to_string(&file) {
                Ok(text) => crate::property::from_prp(&text)
                    .ok_or_else(|| format!("{at}: {}: not an SV-COMP property file", file.display()))?,
                // The property file may be missing when a task folder was copied alone; its name
                // still says which property it is.
                Err(e) => file
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .and_then(|s| crate::property::parse(s).ok())
                    .ok_or_else(|| format!("{at}: cannot read property file {}: {e}", file.display()))?,
            };
            properties.push(TaskProperty { file, property, expected: p.expected_verdict, subproperty: p.subproperty });
        }
        let mut ilp32 = false;
        if let Some(o) = raw.options {
            if let Some(lang) = o.language {
                if lang != "C" {
                    return Err(format!("{at}: language '{lang}' is not supported (vigil checks C)"));
                }
            }
            match o.data_model.as_deref() {
                None | Some("LP64") => {}
                Some("ILP32") => ilp32 = true,
                Some(other) => return Err(format!("{at}: unknown data_model '{other}' (expected ILP32 or LP64)")),
            }
        }
        Ok(Task { path: path.to_path_buf(), input_files, properties, ilp32 })
    }

    /// The task's entry for `property`, if it lists one.
    pub fn property(&self, property: &Property) -> Option<&TaskProperty> {
        self.properties.iter().find(|p| &p.property == property)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Task, String> {
        Task::parse(text, Path::new("/tasks/x/prog.yml"))
    }

    #[test]
    fn a_complete_task() {
        let t = parse(
            "format_version: '2.0'\ninput_files: 'prog.c'\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: false\n  - property_file: ../properties/valid-memsafety.prp\n    expected_verdict: false\n    subproperty: valid-deref\noptions:\n  language: C\n  data_model: ILP32\n",
        )
        .unwrap();
        assert_eq!(t.input_files, vec![PathBuf::from("/tasks/x/prog.c")]);
        assert!(t.ilp32);
        assert_eq!(t.properties.len(), 2);
        assert_eq!(t.properties[0].property, Property::UnreachCall);
        assert_eq!(t.properties[0].expected, Some(false));
        assert_eq!(t.properties[1].property, Property::ValidMemsafety);
        assert_eq!(t.properties[1].subproperty.as_deref(), Some("valid-deref"));
        assert_eq!(t.property(&Property::ValidMemsafety).unwrap().expected, Some(false));
        assert!(t.property(&Property::NoOverflow).is_none());
    }

    #[test]
    fn several_input_files_and_lp64() {
        let t = parse("format_version: '2.0'\ninput_files:\n  - a.c\n  - b.c\nproperties: []\noptions:\n  language: C\n  data_model: LP64\n").unwrap();
        assert_eq!(t.input_files.len(), 2);
        assert!(!t.ilp32);
    }

    #[test]
    fn malformed_tasks_are_clear_errors() {
        for (text, needle) in [
            ("input_files: [", "not a valid SV-COMP task definition"),
            ("format_version: '2.0'\nproperties: []\n", "input_files"),
            ("format_version: '3.0'\ninput_files: a.c\n", "format_version"),
            ("input_files: a.c\noptions:\n  language: Java\n", "language"),
            ("input_files: a.c\noptions:\n  data_model: LP32\n", "data_model"),
            ("input_files: a.c\nbogus: 1\n", "unknown field"),
            ("input_files: a.c\nproperties:\n  - property_file: nowhere/odd.prp\n", "cannot read property file"),
            ("input_files: []\n", "empty"),
        ] {
            let e = parse(text).unwrap_err();
            assert!(e.contains(needle), "{text:?}: {e}");
        }
    }
}
