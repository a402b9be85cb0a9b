//! Reading manifests into tasks: SV-COMP task files (`.yml`, one task per property they list),
//! lists of task files (`.txt`), and JSON lines (`.jsonl`, fields as in [`super`]).
//!
//! Invariant: a malformed manifest is an error naming the file and line, never a silently
//! skipped task; relative paths are resolved against `--root` or the manifest's folder.

use super::*;

#[derive(Deserialize)]
pub(super) struct ManifestLine {
    file: Option<String>,
    mirror: Option<String>,
    path: Option<String>,
    property: Option<String>,
    expected: Option<serde_json::Value>,
    data_model: Option<String>,
    #[serde(default)]
    flags: Vec<String>,
    category: Option<String>,
    area: Option<String>,
}

pub(super) fn folder_name(p: &Path) -> String {
    p.parent().and_then(|d| d.file_name()).and_then(|n| n.to_str()).unwrap_or("tasks").to_string()
}

pub(super) fn tasks_of_task_file(path: &Path) -> Result<Vec<BenchTask>, String> {
    let task = Task::load(path)?;
    Ok(task
        .properties
        .iter()
        .map(|p| BenchTask {
            file: path.to_path_buf(),
            property: p.property.name().to_string(),
            expected: p.expected.map(|e| match (e, &p.subproperty) {
                (true, _) => "true".to_string(),
                (false, Some(sub)) => format!("false({sub})"),
                (false, None) => "false".to_string(),
            }),
            flags: Vec::new(),
            category: folder_name(path),
        })
        .collect())
}

/// Reads the tasks of one manifest.
pub fn read_manifest(path: &Path, root: Option<&Path>) -> Result<Vec<BenchTask>, String> {
    let at = path.display();
    if crate::task::is_task_file(path) {
        return tasks_of_task_file(path);
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{at}: {e}"))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let base = root.unwrap_or(dir);
    let mut tasks = Vec::new();
    let jsonl = path.extension().is_some_and(|e| e == "jsonl" || e == "json");
    for (k, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if !jsonl {
            tasks.extend(tasks_of_task_file(&base.join(line)).map_err(|e| format!("{at}:{}: {e}", k + 1))?);
            continue;
        }
        let m: ManifestLine = serde_json::from_str(line).map_err(|e| format!("{at}:{}: {e}", k + 1))?;
        let rel = match (&m.file, &m.mirror, &m.path) {
            (Some(f), _, _) => PathBuf::from(f),
            (None, Some(mirror), Some(p)) => Path::new(mirror).join(p),
            _ => return Err(format!("{at}:{}: a task needs \"file\" (or \"mirror\" and \"path\")", k + 1)),
        };
        let file = base.join(&rel);
        let property = m.property.unwrap_or_else(|| "unreach-call".into());
        crate::property::parse(&property).map_err(|e| format!("{at}:{}: {e}", k + 1))?;
        let expected = match m.expected {
            None | Some(serde_json::Value::Null) => None,
            Some(serde_json::Value::Bool(b)) => Some(b.to_string()),
            Some(serde_json::Value::String(s)) => Some(s),
            Some(other) => return Err(format!("{at}:{}: bad expected verdict {other}", k + 1)),
        };
        let mut flags = m.flags;
        if m.data_model.as_deref() == Some("ILP32") {
            flags.push("--m32".into());
        }
        let category = m.category.or(m.area).unwrap_or_else(|| folder_name(&file));
        tasks.push(BenchTask { file, property, expected, flags, category });
    }
    Ok(tasks)
}
