//! How a checked program was compiled for the VM — the one owner of that answer.
//!
//! [`CompileSettings::for_check`] decides every setting of the explicit engine's compilation
//! (the files, `-I`, `-D`, `--m32`, the tools, and whether `mem2reg` runs — which depends on
//! `--no-mem2reg` *and* on the property). `vigil check` compiles the VM's program from it, saves
//! it in the counterexample file, and `vigil replay`, `vigil harness` and native confirmation
//! recompile from the saved value, never by deciding again. Invariant: the program a replay
//! executes is compiled from the same settings as the program the check explored.

use crate::check::Inputs;
use crate::property::Property;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompileSettings {
    /// The program's files.
    pub files: Vec<PathBuf>,
    /// `-I` directories.
    pub include: Vec<PathBuf>,
    /// `-D` definitions.
    pub define: Vec<String>,
    /// ILP32 (`-m32`).
    pub m32: bool,
    /// Whether `opt -passes=mem2reg` ran.
    pub mem2reg: bool,
    /// The clang, opt and llvm-link that compiled it (resolved paths; saved as the keys
    /// `clang`, `opt`, `llvm_link` of the settings themselves).
    #[serde(flatten)]
    pub tools: vigil_frontend::ToolPaths,
    /// The VM's file system (`--file`), with the files' bytes (absent in older files: none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vm_files: Vec<crate::vm_files::VmFile>,
}

fn absolute(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

impl CompileSettings {
    /// The settings of the explicit engine's compilation for these inputs.
    pub fn for_check(inputs: &Inputs) -> CompileSettings {
        let fe = &inputs.frontend;
        CompileSettings {
            files: inputs.files.clone(),
            include: fe.include.clone(),
            define: fe.define.clone(),
            m32: fe.m32,
            // Memory tracking must see C variables as memory: after mem2reg, "p was overwritten"
            // and "p is never read again" are the same dead register, and leak reports would be
            // wrong one way or the other.
            mem2reg: !fe.no_mem2reg && !matches!(inputs.property, Property::ValidMemsafety | Property::ValidMemcleanup),
            tools: vigil_frontend::ToolPaths::discover(fe.clang.as_deref()),
            vm_files: inputs.vm_files.clone(),
        }
    }

    /// The same settings with absolute paths (for a saved counterexample, which may be replayed
    /// from another directory).
    pub fn with_absolute_paths(&self) -> CompileSettings {
        CompileSettings {
            files: self.files.iter().map(|f| absolute(f)).collect(),
            include: self.include.iter().map(|f| absolute(f)).collect(),
            ..self.clone()
        }
    }

    /// The front end's options for these settings, with the in-VM runtime linked in when
    /// `with_runtime` (the explicit engine's program).
    pub fn frontend_options(&self, with_runtime: bool) -> vigil_frontend::FrontendOptions {
        vigil_frontend::FrontendOptions {
            tools: self.tools.clone(),
            include_dirs: self.include.clone(),
            defines: self.define.clone(),
            m32: self.m32,
            mem2reg: self.mem2reg,
            runtime: if with_runtime { crate::runtime::bitcode_for(self.m32) } else { None },
            whole_runtime: false,
        }
    }

    /// The program's own clang flags (`-m32`, `-I`, `-D`, and the front end's
    /// `-U_FORTIFY_SOURCE -D__VIGIL__=1`), for building it natively as the check compiled it.
    /// Under ILP32 the build computes floating point with SSE2 (`-msse2 -mfpmath=sse`): i386's
    /// default x87 code keeps intermediate results in 80-bit registers, while the LLVM IR that
    /// vigil runs, and SV-COMP's verifiers, round each operation as IEEE binary32/64 says
    /// (FLT_EVAL_METHOD 0; README, "Floating point").
    pub fn program_flags(&self) -> Vec<String> {
        let mut flags = Vec::new();
        if self.m32 {
            flags.extend(["-m32", "-msse2", "-mfpmath=sse"].map(String::from));
        }
        flags.extend(self.include.iter().map(|d| format!("-I{}", d.display())));
        flags.extend(self.define.iter().map(|d| format!("-D{d}")));
        flags.extend(["-U_FORTIFY_SOURCE".to_string(), "-D__VIGIL__=1".to_string()]);
        flags
    }

    /// The C harness of a counterexample of this program (its build line shows these settings).
    /// It defines the nondet functions of the program's own types that the program's files
    /// mention (a file that cannot be read contributes none).
    pub fn harness(&self, ev: &vigil_report::Evidence) -> String {
        let program: Vec<String> = self.files.iter().map(|f| f.display().to_string()).collect();
        let mut typed: Vec<String> = self
            .files
            .iter()
            .filter_map(|f| std::fs::read(f).ok())
            .flat_map(|bytes| vigil_report::harness::typed_nondet_names(&String::from_utf8_lossy(&bytes)))
            .collect();
        typed.sort();
        typed.dedup();
        vigil_report::harness::c_harness(ev, &program.join(" "), &self.program_flags(), &typed)
    }

    /// Compiles the program for the VM (with the runtime, and with the table of the VM's files
    /// when `--file` gave any: a generated C file compiled with the program).
    pub fn load_for_vm(&self) -> Result<vigil_ir::Module, vigil_frontend::FrontendError> {
        if self.vm_files.is_empty() {
            return vigil_frontend::load(&self.files, &self.frontend_options(true));
        }
        let io = |e: std::io::Error| vigil_frontend::FrontendError::Io {
            path: PathBuf::from("vigil_vm_files.c"),
            reason: format!("cannot write the table of --file: {e}"),
        };
        let dir = tempfile::Builder::new().prefix("vigil-files-").tempdir().map_err(io)?;
        let mut files = self.files.clone();
        files.push(crate::vm_files::generated_source(&self.vm_files, dir.path()).map_err(io)?);
        vigil_frontend::load(&files, &self.frontend_options(true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tools are saved as top-level keys of the settings, as before they were grouped, so
    /// saved counterexamples keep their format and older ones still load.
    #[test]
    fn tools_are_saved_as_keys_of_the_settings() {
        let settings = CompileSettings {
            files: vec![PathBuf::from("a.c")],
            include: vec![],
            define: vec![],
            m32: false,
            mem2reg: true,
            tools: vigil_frontend::ToolPaths {
                clang: PathBuf::from("/x/clang"),
                opt: PathBuf::from("/x/opt"),
                llvm_link: PathBuf::from("/x/llvm-link"),
            },
            vm_files: vec![],
        };
        let json = serde_json::to_value(&settings).expect("serialises");
        assert_eq!(json["clang"], "/x/clang");
        assert_eq!(json["opt"], "/x/opt");
        assert_eq!(json["llvm_link"], "/x/llvm-link");
        assert!(json.get("tools").is_none(), "{json}");
        let back: CompileSettings = serde_json::from_value(json).expect("reads back");
        assert_eq!(back, settings);
    }
}
