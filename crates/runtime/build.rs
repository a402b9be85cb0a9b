//! Compiles the runtime's C files to LLVM bitcode with clang-19 and links them into one file,
//! `$OUT_DIR/runtime.bc`, which `src/lib.rs` embeds.

use std::path::{Path, PathBuf};
use std::process::Command;

fn tool(env: &str, name: &str, fallback: &str) -> PathBuf {
    if let Some(p) = std::env::var_os(env) {
        return PathBuf::from(p);
    }
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return p;
            }
        }
    }
    PathBuf::from(fallback)
}

fn run(cmd: &mut Command, what: &str) {
    let out = cmd.output().unwrap_or_else(|e| {
        panic!("vigil-runtime: cannot run {what} ({e}); install clang-19 and llvm-19 (apt-get install clang-19 llvm-19)")
    });
    if !out.status.success() {
        panic!("vigil-runtime: {what} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"));
    let clang = tool("VIGIL_CLANG", "clang-19", "/usr/lib/llvm-19/bin/clang");
    let link = tool("VIGIL_LLVM_LINK", "llvm-link-19", "/usr/lib/llvm-19/bin/llvm-link");
    println!("cargo:rerun-if-changed=c");
    println!("cargo:rerun-if-changed=include");
    println!("cargo:rerun-if-env-changed=VIGIL_CLANG");
    let mut sources: Vec<PathBuf> = std::fs::read_dir(manifest.join("c"))
        .expect("crates/runtime/c exists")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    sources.sort();
    let mut objects = Vec::new();
    for src in &sources {
        let stem = src.file_stem().and_then(|s| s.to_str()).unwrap_or("part");
        let obj = out_dir.join(format!("{stem}.bc"));
        run(
            Command::new(&clang)
                .args(["-c", "-emit-llvm", "-O1", "-g0", "-ffreestanding", "-fno-builtin"])
                .args(["-fno-stack-protector", "-fno-vectorize", "-fno-slp-vectorize", "-fno-unwind-tables"])
                .args(["-fno-asynchronous-unwind-tables", "-Wall", "-Werror", "-target", "x86_64-pc-linux-gnu"])
                .arg("-I")
                .arg(manifest.join("include"))
                .arg(src)
                .arg("-o")
                .arg(&obj),
            &format!("{} on {}", clang.display(), src.display()),
        );
        objects.push(obj);
    }
    let bc = out_dir.join("runtime.bc");
    run(Command::new(&link).args(&objects).arg("-o").arg(&bc), &format!("{}", link.display()));
    let _ = Path::new(&bc);
}
