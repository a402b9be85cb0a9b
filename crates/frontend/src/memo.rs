//! Compilations remembered within one process.
//!
//! One `vigil check` asks the front end for the same program several times: the explicit engine
//! loads it with the runtime, the uninitialised-read check loads the program alone without
//! `mem2reg`, the symbolic engines load it alone again, and each load looks for signed shifts.
//! Every load runs clang (and opt, llvm-link) as child processes, which is most of the time
//! `vigil check` takes on a small program. Identical requests are answered from here instead.
//!
//! Invariant: an entry is reused only for the same request — input files of the same names and
//! the same bytes (compared whole: a modification time can stay the same across two writes), the
//! same tools, flags and runtime — so a reused module is the one a fresh compilation would
//! produce. Failures are not remembered (they end the run anyway).

use std::collections::HashMap;
use std::fmt::Write;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

use crate::driver::FrontendOptions;

/// A table of remembered results by request.
pub(crate) type Table<T> = OnceLock<Mutex<HashMap<Vec<u8>, T>>>;

/// Inputs larger than this are not remembered (their bytes are part of the key).
const MAX_REMEMBERED_INPUT: u64 = 4 << 20;

/// The request's identity, or `None` when an input cannot be read or is large (then nothing is
/// remembered, and the compilation reports any problem).
pub(crate) fn request_key(inputs: &[PathBuf], opts: &FrontendOptions) -> Option<Vec<u8>> {
    let mut bytes = Vec::new();
    for input in inputs {
        if std::fs::metadata(input).ok()?.len() > MAX_REMEMBERED_INPUT {
            return None;
        }
        let content = std::fs::read(input).ok()?;
        let name = input.as_os_str().as_encoded_bytes();
        for part in [name, &content] {
            bytes.extend_from_slice(&(part.len() as u64).to_le_bytes());
            bytes.extend_from_slice(part);
        }
    }
    let mut key = String::new();
    let t = &opts.tools;
    write!(key, "|{:?}|{:?}|{:?}|{:?}|{:?}|{}|{}|", t.clang, t.opt, t.llvm_link, opts.include_dirs, opts.defines, opts.m32, opts.mem2reg).ok()?;
    // The runtime is static bitcode: its address and length name it.
    if let Some(rt) = opts.runtime {
        write!(key, "{:p}:{}:{}", rt.as_ptr(), rt.len(), opts.whole_runtime).ok()?;
    }
    bytes.extend_from_slice(key.as_bytes());
    Some(bytes)
}

/// The remembered value for `key`, or `compute`'s (remembered when it succeeds).
pub(crate) fn remembered<T: Clone, E>(table: &Table<T>, key: Option<Vec<u8>>, compute: impl FnOnce() -> Result<T, E>) -> Result<T, E> {
    let map = table.get_or_init(Default::default);
    let Some(key) = key else {
        return compute();
    };
    if let Some(v) = map.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Ok(v.clone());
    }
    let v = compute()?;
    map.lock().unwrap_or_else(|e| e.into_inner()).insert(key, v.clone());
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_file_or_flag_is_a_different_request() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("a.c");
        std::fs::write(&f, "int main(void){return 0;}").unwrap();
        let opts = FrontendOptions::default();
        let k1 = request_key(std::slice::from_ref(&f), &opts).unwrap();
        assert_eq!(request_key(std::slice::from_ref(&f), &opts).unwrap(), k1);
        let m32 = FrontendOptions { m32: true, ..opts.clone() };
        assert_ne!(request_key(std::slice::from_ref(&f), &m32).unwrap(), k1);
        std::fs::write(&f, "int main(void){return 1;}").unwrap();
        assert_ne!(request_key(std::slice::from_ref(&f), &opts).unwrap(), k1, "same size, other bytes");
        assert!(request_key(&[dir.path().join("missing.c")], &opts).is_none());
    }

    #[test]
    fn failures_are_not_remembered() {
        static T: Table<u32> = OnceLock::new();
        let key = || Some(b"k".to_vec());
        assert_eq!(remembered(&T, key(), || Err::<u32, ()>(())), Err(()));
        assert_eq!(remembered(&T, key(), || Ok::<u32, ()>(7)), Ok(7));
        assert_eq!(remembered(&T, key(), || Ok::<u32, ()>(8)), Ok(7));
    }
}
