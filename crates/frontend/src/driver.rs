//! Running clang-19, llvm-link-19 and opt-19 as subprocesses, and `opt`'s passes in-process.
//!
//! Pipeline: each `.c`/`.i` input is compiled by clang to bitcode (`-O0 -g -Xclang
//! -disable-O0-optnone -fno-discard-value-names`, and `-Xclang -fsanitize-address-use-after-scope`
//! for `llvm.lifetime.start/end` markers at the scope of each local, without ASan itself), `.bc`/`.ll` inputs are taken as they are;
//! several inputs are linked by `llvm-link`; then `opt`'s passes run, in-process ([`crate::passes`]),
//! either `mem2reg` (the SSA view the symbolic engines want) or only the verifier. The runtime, when one is asked for, is linked in
//! afterwards, in-process (it is already in the passes' form, see [`opt_passes`]), and only what
//! the program and the VM's entry points reach of it is kept (`lower::prune`). A `.bc`/`.ll`
//! input is first read by an `opt -passes=verify` child: LLVM's bitcode reader calls `exit(1)`
//! on some errors, which would kill vigil if it happened in-process, so a corrupt file fails in
//! the child and comes back as a clean [`FrontendError::InvalidBitcode`]; everything read
//! in-process afterwards is LLVM's own output.
//!
//! SV-COMP programs often call `__VERIFIER_*` functions, `reach_error` or `abort` without declaring
//! them; C99 makes that an error in clang ≥ 16. A prelude header declaring them is force-included
//! (`-include`); if a program declares one of them incompatibly, compilation is retried without
//! the prelude, with implicit declarations downgraded to warnings.

use crate::error::FrontendError;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Declarations of the SV-COMP functions (from the table in `vigil_ir::svcomp`) and of the libc
/// functions SV-COMP programs use undeclared, force-included before each C file.
pub fn svcomp_prelude() -> String {
    format!(
        "/* vigil: declarations of the SV-COMP verification functions. */\n\
         #ifndef VIGIL_SVCOMP_PRELUDE\n\
         #define VIGIL_SVCOMP_PRELUDE 1\n\
         {}\
         void abort(void) __attribute__((__noreturn__));\n\
         void exit(int status) __attribute__((__noreturn__));\n\
         void __assert_fail(const char *assertion, const char *file, unsigned int line,\n\
         \x20                  const char *function) __attribute__((__noreturn__));\n\
         #endif\n",
        vigil_ir::svcomp::c_declarations()
    )
}

/// Which LLVM tools to run and how (serialisable: a saved counterexample records the tools
/// that compiled its program).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ToolPaths {
    pub clang: PathBuf,
    pub opt: PathBuf,
    pub llvm_link: PathBuf,
}

impl ToolPaths {
    /// Tools from the environment (`VIGIL_CLANG`, `VIGIL_OPT`, `VIGIL_LLVM_LINK`), else the
    /// Debian names `clang-19`, `opt-19`, `llvm-link-19` on PATH, else `/usr/lib/llvm-19/bin`.
    pub fn discover(clang_override: Option<&Path>) -> ToolPaths {
        let pick = |env: &str, name: &str, fallback: &str| -> PathBuf {
            if let Some(p) = std::env::var_os(env) {
                return PathBuf::from(p);
            }
            if let Some(p) = find_on_path(name) {
                return p;
            }
            PathBuf::from(fallback)
        };
        let clang = match clang_override {
            Some(p) => p.to_path_buf(),
            None => pick("VIGIL_CLANG", "clang-19", "/usr/lib/llvm-19/bin/clang"),
        };
        ToolPaths {
            clang,
            opt: pick("VIGIL_OPT", "opt-19", "/usr/lib/llvm-19/bin/opt"),
            llvm_link: pick("VIGIL_LLVM_LINK", "llvm-link-19", "/usr/lib/llvm-19/bin/llvm-link"),
        }
    }
}

fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(name)).find(|p| p.is_file())
}

/// Options of the C front end.
#[derive(Clone, Debug)]
pub struct FrontendOptions {
    pub tools: ToolPaths,
    /// `-I` directories.
    pub include_dirs: Vec<PathBuf>,
    /// `-D` definitions (`NAME` or `NAME=VALUE`).
    pub defines: Vec<String>,
    /// Compile for ILP32 (`-m32`).
    pub m32: bool,
    /// Run `mem2reg` (SSA registers instead of stack slots for scalar locals).
    pub mem2reg: bool,
    /// Bitcode linked with the program (vigil's in-VM runtime for the explicit engine). Its
    /// definitions are weak, so the program's own definitions win.
    pub runtime: Option<&'static [u8]>,
    /// Keep every function of the runtime, not only those the program and the VM's entry
    /// points reach (`lower::prune`): for the runtime's own tests, which lower all of it.
    pub whole_runtime: bool,
}

impl Default for FrontendOptions {
    fn default() -> Self {
        FrontendOptions {
            tools: ToolPaths::discover(None),
            include_dirs: Vec::new(),
            defines: Vec::new(),
            m32: false,
            mem2reg: true,
            runtime: None,
            whole_runtime: false,
        }
    }
}

/// Kinds of input the front end accepts, by file extension.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum InputKind {
    C,
    /// Preprocessed C (`.i`).
    Preprocessed,
    Bitcode,
    LlvmAssembly,
}

impl InputKind {
    pub fn of(path: &Path) -> Option<InputKind> {
        match path.extension()?.to_str()? {
            "c" | "h" => Some(InputKind::C),
            "i" => Some(InputKind::Preprocessed),
            "bc" => Some(InputKind::Bitcode),
            "ll" => Some(InputKind::LlvmAssembly),
            _ => None,
        }
    }
}

/// The result of the pipeline: one verified bitcode file inside a temporary directory that lives
/// as long as this value.
pub struct Bitcode {
    /// The program, verified and optimised.
    pub path: PathBuf,
    /// The runtime to link with it, in-process ([`crate::lower::gep_offsets::compute`]): it is
    /// vigil's own bitcode, already in the passes' form ([`opt_passes`]).
    pub runtime: Option<&'static [u8]>,
    /// Whether all of the runtime is kept ([`FrontendOptions::whole_runtime`]).
    pub whole_runtime: bool,
    /// The overflow warnings clang printed while compiling (`file:line:col: warning: …`).
    pub warnings: Vec<String>,
    _dir: tempfile::TempDir,
}

fn run(cmd: &mut Command, tool: &Path) -> Result<std::process::Output, FrontendError> {
    cmd.output().map_err(|e| FrontendError::ToolMissing {
        tool: tool.display().to_string(),
        reason: e.to_string(),
    })
}

fn stderr_text(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).trim_end().to_string()
}

/// Compiles and links `inputs` into one verified bitcode file.
pub fn build_bitcode(inputs: &[PathBuf], opts: &FrontendOptions) -> Result<Bitcode, FrontendError> {
    if inputs.is_empty() {
        return Err(FrontendError::NoInput);
    }
    let dir = tempfile::Builder::new()
        .prefix("vigil-")
        .tempdir()
        .map_err(|e| FrontendError::Io { path: std::env::temp_dir(), reason: e.to_string() })?;
    let prelude = dir.path().join("vigil-svcomp.h");
    std::fs::write(&prelude, svcomp_prelude())
        .map_err(|e| FrontendError::Io { path: prelude.clone(), reason: e.to_string() })?;

    let mut parts = Vec::new();
    let mut warnings = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        let meta = std::fs::metadata(input)
            .map_err(|e| FrontendError::Io { path: input.clone(), reason: e.to_string() })?;
        if !meta.is_file() {
            return Err(FrontendError::Io { path: input.clone(), reason: "not a regular file".into() });
        }
        let kind = InputKind::of(input)
            .ok_or_else(|| FrontendError::UnknownInputKind { path: input.clone() })?;
        if meta.len() == 0 && matches!(kind, InputKind::Bitcode | InputKind::LlvmAssembly) {
            return Err(FrontendError::InvalidBitcode {
                path: input.clone(),
                reason: "the file is empty".into(),
            });
        }
        match kind {
            InputKind::C | InputKind::Preprocessed => {
                let out = dir.path().join(format!("input{i}.bc"));
                warnings.extend(compile_c(input, &out, &prelude, opts)?);
                parts.push(out);
            }
            InputKind::Bitcode | InputKind::LlvmAssembly => {
                // Verify each LLVM input on its own first, so a corrupt file is named as such
                // (and never reaches llvm-link or LLVM's in-process reader).
                let out = dir.path().join(format!("input{i}.bc"));
                let tool = &opts.tools.opt;
                let res = run(Command::new(tool).arg("-passes=verify").arg(input).arg("-o").arg(&out), tool)?;
                if !res.status.success() {
                    return Err(FrontendError::InvalidBitcode { path: input.clone(), reason: first_line(&stderr_text(&res)) });
                }
                parts.push(out);
            }
        }
    }

    // The program alone, linked and optimised: the same for a load with the runtime and one
    // without (the explicit engine's and the symbolic engines' in one `vigil check`), so it is
    // remembered by the request without the runtime (see [`crate::memo`]).
    static OPTIMISED: crate::memo::Table<Vec<u8>> = std::sync::OnceLock::new();
    let optimised = dir.path().join("program.bc");
    let program_alone = FrontendOptions { runtime: None, ..opts.clone() };
    let bitcode = crate::memo::remembered(&OPTIMISED, crate::memo::request_key(inputs, &program_alone), || {
        optimise_program(parts, &optimised, dir.path(), opts)?;
        std::fs::read(&optimised).map_err(|e| FrontendError::Io { path: optimised.clone(), reason: e.to_string() })
    })?;
    if !optimised.exists() {
        std::fs::write(&optimised, &bitcode).map_err(|e| FrontendError::Io { path: optimised.clone(), reason: e.to_string() })?;
    }
    Ok(Bitcode { path: optimised, runtime: opts.runtime, whole_runtime: opts.whole_runtime, warnings, _dir: dir })
}

impl Bitcode {
    /// The runtime to link in, and how much of it to keep.
    pub fn runtime_to_link(&self) -> Option<crate::lower::gep_offsets::Runtime<'static>> {
        self.runtime.map(|bitcode| crate::lower::gep_offsets::Runtime { bitcode, whole: self.whole_runtime })
    }
}

/// Links the program's `parts` (when there are several) and runs the `opt` passes on the result,
/// written to `out`.
///
/// `opt` runs on the program alone, before the runtime is linked in: its passes are function
/// passes, and the runtime's bitcode is already their fixed point (its build runs the same
/// passes, `vigil_runtime`'s build script), so linking first and optimising the whole module
/// gave the same functions, at the cost of optimising the runtime's 600 functions on every run
/// (0.15 s of a trivial program's 0.65 s).
fn optimise_program(mut parts: Vec<PathBuf>, out: &Path, dir: &Path, opts: &FrontendOptions) -> Result<(), FrontendError> {
    let program = if parts.len() == 1 {
        parts.pop().unwrap_or_default()
    } else {
        let linked = dir.join("linked.bc");
        link(&parts, &linked, opts)?;
        linked
    };
    // The scalarizer turns vector operations (GNU `vector_size` types) into element-wise scalar
    // ones; what stays vector is moved whole or reached by constant-index extract/insertelement
    // (see `lower::types`). It leaves code without vectors unchanged. `program` is LLVM's own
    // output (clang's, llvm-link's or a verifying `opt`'s), so it is read in-process.
    let passes = opt_passes(opts).trim_start_matches("-passes=");
    crate::passes::run_passes(&program, passes, out).map_err(|reason| FrontendError::InvalidBitcode { path: program.clone(), reason })
}

/// The `opt` passes of the pipeline: `mem2reg` (when asked) and the scalarizer, or only the
/// scalarizer and the verifier. The runtime's build runs the `mem2reg` set on its bitcode, so
/// that the runtime is what these passes would make of it.
pub fn opt_passes(opts: &FrontendOptions) -> &'static str {
    if opts.mem2reg { "-passes=mem2reg,scalarizer" } else { "-passes=scalarizer,verify" }
}

fn link(parts: &[PathBuf], out: &Path, opts: &FrontendOptions) -> Result<(), FrontendError> {
    let tool = &opts.tools.llvm_link;
    let res = run(Command::new(tool).args(parts).arg("-o").arg(out), tool)?;
    if !res.status.success() {
        return Err(FrontendError::Link { reason: stderr_text(&res) });
    }
    Ok(())
}

fn first_line(s: &str) -> String {
    // opt prefixes messages with its own path; keep what follows "error: " when present.
    let line = s.lines().find(|l| !l.trim().is_empty()).unwrap_or("unknown error");
    match line.find("error: ") {
        Some(i) => line[i + 7..].to_string(),
        None => line.to_string(),
    }
}

fn clang_args(input: &Path, out: &Path, opts: &FrontendOptions) -> Vec<std::ffi::OsString> {
    let mut a: Vec<std::ffi::OsString> = vec!["-c".into(), "-emit-llvm".into()];
    a.extend(language_flags(opts));
    a.push(input.into());
    a.push("-o".into());
    a.push(out.into());
    a
}

/// clang's flags for the program's language and code: everything of [`clang_args`] but the
/// action, the input and the output.
fn language_flags(opts: &FrontendOptions) -> Vec<std::ffi::OsString> {
    let mut a: Vec<std::ffi::OsString> = [
        "-O0",
        "-g",
        "-Xclang",
        "-disable-O0-optnone",
        // Lifetime markers at -O0 (what clang emits for ASan's use-after-scope check, without
        // any ASan instrumentation): the end of a block-scoped local's life is in the IR.
        "-Xclang",
        "-fsanitize-address-use-after-scope",
        "-fno-discard-value-names",
        "-fno-stack-protector",
        "-fno-unwind-tables",
        "-fno-asynchronous-unwind-tables",
        "-U_FORTIFY_SOURCE",
        "-D__VIGIL__=1",
        // Old SV-COMP programs are sloppy C; keep them compiling and quiet.
        "-Wno-error=implicit-function-declaration",
        "-Wno-error=implicit-int",
        "-Wno-error=int-conversion",
        "-Wno-error=incompatible-pointer-types",
        "-Wno-error=return-type",
        // Silence everything except the warnings about constant expressions that overflow: clang
        // folds those away, so they are reported to the engines (see `Bitcode::warnings`).
        "-Wno-everything",
        "-Winteger-overflow",
        "-Wshift-overflow",
    ]
    .iter()
    .map(Into::into)
    .collect();
    if opts.m32 {
        // IEEE arithmetic per operation, as vigil computes it (FLT_EVAL_METHOD 0, not the x87
        // unit's 2): the program sees the value the native build (`vigil_cli`'s
        // `program_flags`) gives it.
        a.extend(["-m32", "-msse2", "-mfpmath=sse"].map(Into::into));
    }
    for d in &opts.include_dirs {
        a.push("-I".into());
        a.push(d.into());
    }
    for d in &opts.defines {
        a.push(format!("-D{d}").into());
    }
    a
}

/// clang's AST (`-ast-dump=json`) of the declarations of one C input whose names contain
/// `name`, parsed with the flags of the bitcode's compile (with the SV-COMP prelude, else
/// without, as [`run_clang`]); None when clang fails.
pub fn function_ast_json(input: &Path, name: &str, opts: &FrontendOptions) -> Option<String> {
    let dir = tempfile::Builder::new().prefix("vigil-ast-").tempdir().ok()?;
    let prelude = dir.path().join("vigil-svcomp.h");
    std::fs::write(&prelude, svcomp_prelude()).ok()?;
    let tool = &opts.tools.clang;
    let dump = |with_prelude: bool| {
        let mut cmd = Command::new(tool);
        if with_prelude {
            cmd.arg("-include").arg(&prelude);
        }
        cmd.args(["-fsyntax-only", "-Xclang", "-ast-dump=json", "-Xclang"]).arg(format!("-ast-dump-filter={name}"));
        cmd.args(language_flags(opts)).arg(input);
        run(&mut cmd, tool).ok().filter(|out| out.status.success())
    };
    let out = dump(true).or_else(|| dump(false))?;
    String::from_utf8(out.stdout).ok()
}

fn overflow_warnings(out: &std::process::Output) -> Vec<String> {
    stderr_text(out)
        .lines()
        .filter(|l| l.contains("warning:") && (l.contains("-Winteger-overflow") || l.contains("-Wshift-overflow")))
        .map(|l| l.to_string())
        .collect()
}

/// Compiles one C file; returns clang's overflow warnings.
/// Compiles one C file to bitcode at `out`, or copies the bitcode of the same compilation done
/// earlier in this process (see [`crate::memo`]); returns clang's overflow warnings.
fn compile_c(input: &Path, out: &Path, prelude: &Path, opts: &FrontendOptions) -> Result<Vec<String>, FrontendError> {
    static COMPILED: crate::memo::Table<(Vec<u8>, Vec<String>)> = std::sync::OnceLock::new();
    // clang's flags do not depend on `mem2reg` or the runtime (later steps).
    let flags_only = FrontendOptions { mem2reg: false, runtime: None, ..opts.clone() };
    let key = crate::memo::request_key(&[input.to_path_buf()], &flags_only);
    let (bitcode, warnings) = crate::memo::remembered(&COMPILED, key, || {
        let warnings = run_clang(input, out, prelude, opts)?;
        let bitcode = std::fs::read(out).map_err(|e| FrontendError::Io { path: out.to_path_buf(), reason: e.to_string() })?;
        Ok((bitcode, warnings))
    })?;
    if !out.exists() {
        std::fs::write(out, &bitcode).map_err(|e| FrontendError::Io { path: out.to_path_buf(), reason: e.to_string() })?;
    }
    Ok(warnings)
}

fn run_clang(input: &Path, out: &Path, prelude: &Path, opts: &FrontendOptions) -> Result<Vec<String>, FrontendError> {
    let tool = &opts.tools.clang;
    let mut with_prelude = Command::new(tool);
    with_prelude.arg("-include").arg(prelude).args(clang_args(input, out, opts));
    let first = run(&mut with_prelude, tool)?;
    if first.status.success() {
        return Ok(overflow_warnings(&first));
    }
    // The program may declare an SV-COMP function with another signature than the prelude.
    let mut plain = Command::new(tool);
    plain.args(clang_args(input, out, opts));
    let second = run(&mut plain, tool)?;
    if second.status.success() {
        return Ok(overflow_warnings(&second));
    }
    let diagnostics = stderr_text(&second);
    if let Some(warnings) = compile_gcc_preprocessed(input, out, prelude, opts, &diagnostics)? {
        return Ok(warnings);
    }
    Err(FrontendError::Compile { path: input.to_path_buf(), diagnostics })
}

/// What clang says of the two-argument `__malloc__ (deallocator, index)` attribute that glibc's
/// headers give `fopen`, `tmpfile`, … when GCC 11 or later preprocesses them.
const GCC_MALLOC_DIAGNOSTIC: &str = "'__malloc__' attribute takes no arguments";

/// A `.i` file preprocessed by GCC 11 or later carries glibc's GCC-only
/// `__attribute__ ((__malloc__ (fclose, 1)))`, which clang rejects (CPAchecker's `scanf` tests
/// are such files). The attribute only helps a compiler's warnings, so a copy without its
/// arguments (`__malloc__`, which clang knows) is compiled instead; line structure and line
/// markers are kept, so locations stay those of the original. Some(warnings) when that copy
/// compiled; None when the diagnostics are about something else.
fn compile_gcc_preprocessed(input: &Path, out: &Path, prelude: &Path, opts: &FrontendOptions, diagnostics: &str) -> Result<Option<Vec<String>>, FrontendError> {
    if InputKind::of(input) != Some(InputKind::Preprocessed) || !diagnostics.contains(GCC_MALLOC_DIAGNOSTIC) {
        return Ok(None);
    }
    let text = std::fs::read_to_string(input).map_err(|e| FrontendError::Io { path: input.to_path_buf(), reason: e.to_string() })?;
    let dir = tempfile::Builder::new()
        .prefix("vigil-gcc-i-")
        .tempdir()
        .map_err(|e| FrontendError::Io { path: std::env::temp_dir(), reason: e.to_string() })?;
    let copy = dir.path().join(input.file_name().unwrap_or_else(|| std::ffi::OsStr::new("input.i")));
    std::fs::write(&copy, without_malloc_arguments(&text)).map_err(|e| FrontendError::Io { path: copy.clone(), reason: e.to_string() })?;
    let tool = &opts.tools.clang;
    let mut cmd = Command::new(tool);
    cmd.arg("-include").arg(prelude).args(clang_args(&copy, out, opts));
    let res = run(&mut cmd, tool)?;
    Ok(res.status.success().then(|| overflow_warnings(&res)))
}

/// `text` with the arguments of every `__malloc__ (…)` attribute removed (balanced parentheses).
fn without_malloc_arguments(text: &str) -> String {
    const NAME: &str = "__malloc__";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(NAME) {
        out.push_str(&rest[..at + NAME.len()]);
        rest = &rest[at + NAME.len()..];
        let after_space = rest.trim_start_matches([' ', '\t']);
        if !after_space.starts_with('(') {
            continue;
        }
        let mut depth = 0usize;
        let mut end = None;
        for (k, c) in after_space.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(k + 1);
                        break;
                    }
                }
                '\n' => break,
                _ => {}
            }
        }
        if let Some(end) = end {
            rest = &after_space[end..];
        }
    }
    out.push_str(rest);
    out
}

/// The sites of the signed left shifts of `inputs` (see [`crate::shifts`]): each C input is
/// compiled again as [`build_bitcode`] compiles it, to textual IR instrumented by
/// `-fsanitize=shift-base`. `None` when that is not known for every shift: an LLVM input, or a
/// compile that failed.
pub fn signed_shift_sites(inputs: &[PathBuf], opts: &FrontendOptions) -> Option<Vec<crate::shifts::ShiftSite>> {
    let dir = tempfile::Builder::new().prefix("vigil-shifts-").tempdir().ok()?;
    let prelude = dir.path().join("vigil-svcomp.h");
    std::fs::write(&prelude, svcomp_prelude()).ok()?;
    let mut sites = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        if !matches!(InputKind::of(input), Some(InputKind::C | InputKind::Preprocessed)) {
            return None;
        }
        let ll = dir.path().join(format!("input{i}.ll"));
        let tool = &opts.tools.clang;
        let compile = |with_prelude: bool| -> bool {
            let mut cmd = Command::new(tool);
            if with_prelude {
                cmd.arg("-include").arg(&prelude);
            }
            cmd.args(clang_args(input, &ll, opts)).args(["-S", "-g0", "-fsanitize=shift-base", "-fsanitize-recover=shift-base"]);
            matches!(run(&mut cmd, tool), Ok(out) if out.status.success())
        };
        if !compile(true) && !compile(false) {
            return None;
        }
        sites.extend(crate::shifts::sites_in_ll(&std::fs::read_to_string(&ll).ok()?));
    }
    Some(sites)
}

#[cfg(test)]
mod tests {
    #[test]
    fn gcc_malloc_attribute_arguments_are_removed() {
        let i = "extern FILE *fopen (const char *, const char *) __attribute__ ((__malloc__)) __attribute__ ((__malloc__ (fclose, 1))) ;\n";
        assert_eq!(
            super::without_malloc_arguments(i),
            "extern FILE *fopen (const char *, const char *) __attribute__ ((__malloc__)) __attribute__ ((__malloc__)) ;\n"
        );
        assert_eq!(super::without_malloc_arguments("__malloc__(f, g(1))x"), "__malloc__x");
        assert_eq!(super::without_malloc_arguments("int __malloc__;"), "int __malloc__;");
        assert_eq!(super::without_malloc_arguments("__malloc__ (unclosed\n)"), "__malloc__ (unclosed\n)");
    }
}
