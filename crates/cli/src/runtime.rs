//! Where the in-VM runtime's bitcode comes from: `$VIGIL_RUNTIME` (a `.bc` file, for developing
//! the runtime) or the copy built into vigil by the `vigil-runtime` crate.

use std::sync::OnceLock;

static RUNTIME: OnceLock<Option<&'static [u8]>> = OnceLock::new();

/// The runtime bitcode (always available; `Option` for a failed override).
pub fn bitcode() -> Option<&'static [u8]> {
    *RUNTIME.get_or_init(|| {
        if let Some(path) = std::env::var_os("VIGIL_RUNTIME") {
            match std::fs::read(&path) {
                Ok(bytes) => return Some(Box::leak(bytes.into_boxed_slice())),
                Err(e) => eprintln!("vigil: cannot read VIGIL_RUNTIME={}: {e}", path.to_string_lossy()),
            }
        }
        Some(vigil_runtime::RUNTIME_BC)
    })
}

/// The runtime bitcode for a data model: with `--m32` the ILP32 build (`$VIGIL_RUNTIME`
/// overrides only the LP64 one), else [`bitcode`].
pub fn bitcode_for(m32: bool) -> Option<&'static [u8]> {
    if m32 {
        Some(vigil_runtime::RUNTIME_BC_32)
    } else {
        bitcode()
    }
}
