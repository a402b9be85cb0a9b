//! Builds the in-VM runtime: every `c/*.c` is compiled to LLVM bitcode with clang-19 and the
//! results are linked with llvm-link-19 into `$OUT_DIR/runtime.bc` (x86_64, LP64) and, compiled
//! a second time for i386, `$OUT_DIR/runtime32.bc` (ILP32, for `--m32` programs); both are
//! embedded by `src/lib.rs`.
//!
//! Each linked bitcode is put through the front end's `opt` passes (`mem2reg`, the scalarizer with
//! `-scalarize-load-store`; [`OPT_PASSES`]): the front end optimises only the program and links
//! this bitcode in afterwards, so the runtime must already be what those passes make of it. (At
//! `-O1` without vector code it is: the passes change nothing today; running them here keeps that
//! true whatever a runtime file contains.)
//!
//! Tools: `VIGIL_CLANG` / `VIGIL_LLVM_LINK` / `VIGIL_OPT` if set, else `clang-19` / `llvm-link-19`
//! / `opt-19` on PATH, else `/usr/lib/llvm-19/bin/{clang,llvm-link,opt}`. The flags (see `CLANG_FLAGS`) give portable
//! x86_64 LP64 bitcode without floating point (except in `fp_*.c`) or vector code and without debug information
//! (the VM attributes faults inside the runtime to the user's calling line).

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Targets of the two bitcodes, with the file each is linked into: LP64 (Debian's clang-19
/// default triple) and ILP32 (what `clang -m32` uses on this host).
const TARGETS: &[(&str, &str)] = &[("x86_64-pc-linux-gnu", "runtime.bc"), ("i386-pc-linux-gnu", "runtime32.bc")];

const CLANG_FLAGS: &[&str] = &[
    "-c",
    "-emit-llvm",
    "-O1",
    "-g0",
    "-std=c11",
    "-ffreestanding",
    "-fno-builtin",
    "-fno-stack-protector",
    "-fno-unwind-tables",
    "-fno-asynchronous-unwind-tables",
    "-fno-vectorize",
    "-fno-slp-vectorize",
    "-fno-jump-tables",
    "-fno-common",
    "-mno-sse",
    "-mno-mmx",
    "-mno-80387",
    "-nostdinc",
    "-Wall",
    "-Wextra",
    "-Wno-unused-parameter",
    "-Werror",
];

/// The `opt` passes of the front end's pipeline with `mem2reg` (`vigil_frontend::driver::opt_passes`;
/// without `mem2reg` it runs the scalarizer alone, which this bitcode is a fixed point of too).
const OPT_PASSES: &[&str] = &["-passes=mem2reg,scalarizer", "-scalarize-load-store"];

/// The flags of [`CLANG_FLAGS`] that forbid floating point, left out for `fp_*.c`.
const NO_FLOAT_FLAGS: &[&str] = &["-mno-sse", "-mno-mmx", "-mno-80387"];

fn tool(env_var: &str, name: &str, fallback: &str) -> PathBuf {
    if let Some(p) = env::var_os(env_var) {
        return PathBuf::from(p);
    }
    let on_path = env::var_os("PATH")
        .map(|paths| env::split_paths(&paths).any(|d| d.join(name).is_file()))
        .unwrap_or(false);
    if on_path {
        PathBuf::from(name)
    } else {
        PathBuf::from(fallback)
    }
}

fn fail(msg: &str) -> ! {
    eprintln!("error: vigil-runtime: {msg}");
    std::process::exit(1);
}

fn run(cmd: &mut Command, what: &str, package: &str) -> std::process::Output {
    match cmd.output() {
        Ok(out) if out.status.success() => out,
        Ok(out) => fail(&format!(
            "{what} failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )),
        Err(e) => fail(&format!(
            "cannot run {:?} ({e}); install the Debian package `{package}` or set the tool's \
             VIGIL_* environment variable",
            cmd.get_program()
        )),
    }
}

fn main() {
    let dir =
        PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let c_dir = dir.join("c");
    let include = dir.join("include");
    println!("cargo:rerun-if-changed={}", c_dir.display());
    println!("cargo:rerun-if-changed={}", include.display());
    println!("cargo:rerun-if-env-changed=VIGIL_CLANG");
    println!("cargo:rerun-if-env-changed=VIGIL_LLVM_LINK");
    println!("cargo:rerun-if-env-changed=VIGIL_OPT");

    let clang = tool("VIGIL_CLANG", "clang-19", "/usr/lib/llvm-19/bin/clang");
    let llvm_link = tool(
        "VIGIL_LLVM_LINK",
        "llvm-link-19",
        "/usr/lib/llvm-19/bin/llvm-link",
    );
    let opt = tool("VIGIL_OPT", "opt-19", "/usr/lib/llvm-19/bin/opt");

    let res = run(
        Command::new(&clang).arg("-print-resource-dir"),
        "clang -print-resource-dir",
        "clang-19",
    );
    let resource = PathBuf::from(String::from_utf8_lossy(&res.stdout).trim());
    let resource_include = resource.join("include");

    let mut sources: Vec<PathBuf> = std::fs::read_dir(&c_dir)
        .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", c_dir.display())))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    sources.sort();
    for s in &sources {
        println!("cargo:rerun-if-changed={}", s.display());
    }

    for (target, file) in TARGETS {
        let mut objects = Vec::new();
        for src in &sources {
            let stem = src.file_stem().and_then(|s| s.to_str()).unwrap_or("part");
            let obj = out_dir.join(format!("{stem}-{target}.bc"));
            let mut cmd = Command::new(&clang);
            // Files named `fp_*.c` compute with floating point: the no-float flags are left out
            // and `-fno-math-errno` makes `__builtin_sqrt` and friends the LLVM intrinsics the VM
            // executes (those files set errno themselves where C asks for it).
            let fp = stem.starts_with("fp_");
            let flags = CLANG_FLAGS.iter().filter(|f| !(fp && NO_FLOAT_FLAGS.contains(f)));
            cmd.arg(format!("--target={target}"))
                .args(flags)
                .args(if fp { &["-fno-math-errno"][..] } else { &[][..] })
                .arg("-isystem")
                .arg(&resource_include)
                .arg("-I")
                .arg(&include)
                .arg(src)
                .arg("-o")
                .arg(&obj);
            run(
                &mut cmd,
                &format!("compiling {} for {target}", src.display()),
                "clang-19",
            );
            objects.push(obj);
        }
        let linked = out_dir.join(format!("linked-{file}"));
        link(&llvm_link, &objects, &linked);
        let mut cmd = Command::new(&opt);
        cmd.args(OPT_PASSES).arg(&linked).arg("-o").arg(out_dir.join(file));
        run(&mut cmd, "opt", "llvm-19");
    }
}

fn link(llvm_link: &Path, objects: &[PathBuf], out: &Path) {
    let mut cmd = Command::new(llvm_link);
    cmd.args(objects).arg("-o").arg(out);
    run(&mut cmd, "llvm-link", "llvm-19");
}
