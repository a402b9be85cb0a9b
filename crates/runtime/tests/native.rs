//! Tests of the runtime outside the VM.
//!
//! 1. **Native harness.** The runtime's C files are compiled for the host together with
//!    `tests/native/hypercalls_native.c` (the hypercalls implemented natively: objects are host
//!    `malloc` blocks in a registry, scripted choices, a flags word, traces printed and logged;
//!    faults, cancel and exit `longjmp` back to `native_catch`) and the driver
//!    `tests/native/test_libc.c` and its parts (`test_*.c`), which check every library function.
//!
//!    The runtime defines `malloc`, `strlen`, `printf`… which the host libc also defines. The
//!    simplest robust way to keep them apart is renaming: the test lists every symbol the runtime
//!    defines (`llvm-nm` of the runtime's bitcode, so the list can never fall behind the sources),
//!    writes a header `#define malloc vigil_native_malloc` … and force-includes it (`-include`)
//!    when compiling the runtime and the driver. Both are compiled exactly as for the VM
//!    (freestanding, `-nostdinc`, `-fno-builtin`), only for the host instead of to bitcode; the
//!    hypercall file is ordinary hosted C and uses the real libc. AddressSanitizer and UBSan
//!    watch the runtime's own memory accesses (if the host cannot link them, the test says so
//!    and runs without).
//!
//! 2. **Bitcode checks** on `RUNTIME_BC` and `RUNTIME_BC_32`: the magic number, no floating-point or vector
//!    instructions, no debug information, every function weak (or internal), the expected library
//!    functions all defined, and only hypercalls and LLVM intrinsics left undefined.

use std::path::{Path, PathBuf};
use std::process::Command;

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// An LLVM 19 tool: `$env` if set, else `name` on PATH, else `/usr/lib/llvm-19/bin/<plain>`.
fn tool(env: &str, name: &str, plain: &str) -> PathBuf {
    if let Some(p) = std::env::var_os(env) {
        return PathBuf::from(p);
    }
    let on_path = std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).any(|d| d.join(name).is_file()))
        .unwrap_or(false);
    if on_path {
        PathBuf::from(name)
    } else {
        PathBuf::from("/usr/lib/llvm-19/bin").join(plain)
    }
}

fn clang() -> PathBuf {
    tool("VIGIL_CLANG", "clang-19", "clang")
}

fn run_ok(cmd: &mut Command) -> String {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A fresh scratch directory under cargo's per-target temporary directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("vigil-runtime-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn write_runtime_bc(dir: &Path) -> PathBuf {
    let bc = dir.join("runtime.bc");
    std::fs::write(&bc, vigil_runtime::RUNTIME_BC).expect("write runtime.bc");
    bc
}

/// Every external symbol the runtime defines (functions and data).
fn defined_symbols(bc: &Path) -> Vec<String> {
    let nm = tool("VIGIL_LLVM_NM", "llvm-nm-19", "llvm-nm");
    let out = run_ok(
        Command::new(nm)
            .args(["--defined-only", "--extern-only", "--just-symbol-name"])
            .arg(bc),
    );
    out.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

fn disassemble(bc: &Path) -> String {
    let dis = tool("VIGIL_LLVM_DIS", "llvm-dis-19", "llvm-dis");
    run_ok(Command::new(dis).arg(bc).arg("-o").arg("-"))
}

fn resource_include() -> PathBuf {
    let dir = run_ok(Command::new(clang()).arg("-print-resource-dir"));
    PathBuf::from(dir.trim()).join("include")
}

/// Compiles and links the native harness; returns the executable.
fn build_native(dir: &Path, sanitize: bool) -> Result<PathBuf, String> {
    let bc = write_runtime_bc(dir);
    let symbols = defined_symbols(&bc);
    assert!(
        symbols.iter().any(|s| s == "malloc"),
        "llvm-nm lists the runtime's symbols: {symbols:?}"
    );
    let rename: String = symbols
        .iter()
        .map(|s| format!("#define {s} vigil_native_{s}\n"))
        .collect();
    let rename_h = dir.join("rename.h");
    std::fs::write(&rename_h, rename).expect("write rename.h");

    let root = crate_dir();
    let native = root.join("tests/native");
    let san: &[&str] = if sanitize {
        &[
            "-fsanitize=address,undefined",
            "-fno-sanitize-recover=all",
            "-fno-omit-frame-pointer",
        ]
    } else {
        &[]
    };
    let mut sources: Vec<PathBuf> = std::fs::read_dir(root.join("c"))
        .expect("c/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        // The OS proper (__boot, the scheduler, the fault handler) and the threads built on it
        // (pthread*.c, C11's threads.c) switch frames and start `main`: they only run inside
        // the VM, where the explicit engine's tests and tests/c exercise them.
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name != "os.c" && name != "threads.c" && !name.starts_with("pthread")
        })
        .collect();
    sources.sort();
    // The driver, test_libc.c, and its parts by area (test_string.c, test_stdio.c, …).
    let mut parts: Vec<PathBuf> = std::fs::read_dir(&native)
        .expect("tests/native/")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.starts_with("test_") && name.ends_with(".c")
        })
        .collect();
    parts.sort();
    sources.extend(parts);

    let mut objects = Vec::new();
    let compile =
        |src: &Path, freestanding: bool, objects: &mut Vec<PathBuf>| -> Result<(), String> {
            let obj = dir.join(format!(
                "{}.o",
                src.file_stem().and_then(|s| s.to_str()).unwrap_or("x")
            ));
            let mut cmd = Command::new(clang());
            cmd.args([
                "-c",
                "-O1",
                "-g",
                "-std=c11",
                "-Wall",
                "-Wextra",
                "-Wno-unused-parameter",
                "-Werror",
            ]);
            cmd.args(san);
            if freestanding {
                cmd.args([
                    "-ffreestanding",
                    "-fno-builtin",
                    "-nostdinc",
                    "-fno-stack-protector",
                ])
                .arg("-isystem")
                .arg(resource_include())
                .arg("-include")
                .arg(&rename_h)
                .arg("-I")
                .arg(root.join("c"));
            }
            cmd.arg("-I")
                .arg(root.join("include"))
                .arg("-I")
                .arg(&native)
                .arg(src)
                .arg("-o")
                .arg(&obj);
            let out = cmd.output().map_err(|e| format!("cannot run clang: {e}"))?;
            if !out.status.success() {
                return Err(format!(
                    "compiling {}:\n{}",
                    src.display(),
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
            objects.push(obj);
            Ok(())
        };
    for src in &sources {
        compile(src, true, &mut objects)?;
    }
    compile(&native.join("hypercalls_native.c"), false, &mut objects)?;
    // glibc's math functions, for test_math.c (hosted C: `exp` there is glibc's).
    compile(&native.join("glibc_math.c"), false, &mut objects)?;
    let exe = dir.join("test_libc");
    let out = Command::new(clang())
        .args(san)
        .args(&objects)
        .arg("-lm")
        .arg("-o")
        .arg(&exe)
        .output()
        .map_err(|e| format!("cannot run clang: {e}"))?;
    if !out.status.success() {
        return Err(format!("linking: {}", String::from_utf8_lossy(&out.stderr)));
    }
    Ok(exe)
}

#[test]
fn native_harness_runs_every_library_check() {
    let dir = scratch("native");
    let exe = match build_native(&dir, true) {
        Ok(exe) => exe,
        Err(e) if e.starts_with("linking") => {
            eprintln!(
                "note: sanitizers unavailable ({e}); running the native harness without them"
            );
            build_native(&dir, false).unwrap_or_else(|e| panic!("{e}"))
        }
        Err(e) => panic!("{e}"),
    };
    let out = Command::new(&exe).output().expect("run the native harness");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "native harness failed ({:?}):\n{stdout}\n{stderr}",
        out.status
    );
    let lines: Vec<&str> = stdout.lines().collect();
    // The measured differences of the math functions from glibc (test_math.c), shown with
    // `cargo test -p vigil-runtime -- --nocapture`.
    for l in lines.iter().filter(|l| l.starts_with("[INFO] math: ")) {
        eprintln!("{}", &l["[INFO] ".len()..]);
    }
    for want in [
        "[TEXT] hello from the runtime: 42 ff ok\\n",
        "[TEXT] a\\n",
        "[TEXT] b",
        "[TEXT] line\\n",
        "[TEXT] [-1]\\n",
        // Input values (VM_ENV_NONDET events) as their bits: int -1, char -56, ulonglong
        // 18446744073709551615 (-1 as bits), pointer 0.
        "[INPUT] -1 ",
        "[INPUT] -56 ",
        "[INPUT] 0 ",
        "[INFO] assertion failed: x > 0 (prog.c:12)",
        "[INFO] malloc(3): allocation failure chosen, returns NULL",
        "[INFO] memcpy: source and destination overlap",
    ] {
        assert!(lines.contains(&want), "missing line {want:?} in:\n{stdout}");
    }
    let last = lines.last().copied().unwrap_or_default();
    assert!(
        last.starts_with("[TEXT] all ") && last.ends_with(" checks passed\\n"),
        "last line {last:?}"
    );
    let count: usize = last["[TEXT] all ".len()..]
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(count > 300, "only {count} checks ran");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Library functions the runtime must define (weakly).
const LIBRARY: &[&str] = &[
    "__VERIFIER_nondet_bool",
    "__VERIFIER_nondet__Bool",
    "__VERIFIER_nondet_char",
    "__VERIFIER_nondet_uchar",
    "__VERIFIER_nondet_short",
    "__VERIFIER_nondet_ushort",
    "__VERIFIER_nondet_int",
    "__VERIFIER_nondet_uint",
    "__VERIFIER_nondet_unsigned",
    "__VERIFIER_nondet_long",
    "__VERIFIER_nondet_ulong",
    "__VERIFIER_nondet_longlong",
    "__VERIFIER_nondet_ulonglong",
    "__VERIFIER_nondet_size_t",
    "__VERIFIER_nondet_pointer",
    "__VERIFIER_assume",
    "__VERIFIER_error",
    "reach_error",
    "__VERIFIER_assert",
    "__VERIFIER_atomic_begin",
    "__VERIFIER_atomic_end",
    "__assert_fail",
    "malloc",
    "calloc",
    "realloc",
    "free",
    "aligned_alloc",
    "posix_memalign",
    "memcpy",
    "memmove",
    "memset",
    "memcmp",
    "memchr",
    "strlen",
    "strnlen",
    "strcmp",
    "strncmp",
    "strcpy",
    "strncpy",
    "strcat",
    "strncat",
    "strchr",
    "strrchr",
    "strstr",
    "strdup",
    "strndup",
    "strcasecmp",
    "strncasecmp",
    "strspn",
    "strcspn",
    "strpbrk",
    "strtok",
    "strtok_r",
    "strsep",
    "memrchr",
    "strchrnul",
    "rawmemchr",
    "memmem",
    "index",
    "rindex",
    "stpcpy",
    "stpncpy",
    "ffs",
    "ffsl",
    "ffsll",
    "asprintf",
    "vasprintf",
    "getchar",
    "getc",
    "fgetc",
    "fgets",
    "fread",
    "feof",
    "ferror",
    "clearerr",
    "getrandom",
    "feof_unlocked",
    "ferror_unlocked",
    "clearerr_unlocked",
    "fmemopen",
    "fclose",
    "ungetc",
    "sscanf",
    "vsscanf",
    "scanf",
    "vscanf",
    "fscanf",
    "vfscanf",
    "__isoc99_sscanf",
    "__isoc99_scanf",
    "__isoc99_fscanf",
    "getenv",
    "time",
    "clock",
    "sleep",
    "usleep",
    "nanosleep",
    "perror",
    "getc_unlocked",
    "putc_unlocked",
    "fputs_unlocked",
    "fwrite_unlocked",
    "abs",
    "labs",
    "llabs",
    "imaxabs",
    "div",
    "ldiv",
    "lldiv",
    "imaxdiv",
    "exit",
    "_Exit",
    "quick_exit",
    "abort",
    "atexit",
    "at_quick_exit",
    "atoi",
    "atol",
    "atoll",
    "strtol",
    "strtoll",
    "strtoul",
    "strtoull",
    "rand",
    "srand",
    "qsort",
    "bsearch",
    "__errno_location",
    "printf",
    "fprintf",
    "sprintf",
    "snprintf",
    "vprintf",
    "vfprintf",
    "vsprintf",
    "vsnprintf",
    "puts",
    "putchar",
    "fputs",
    "fputc",
    "putc",
    "fwrite",
    "fflush",
    "isalnum",
    "isalpha",
    "isblank",
    "iscntrl",
    "isdigit",
    "isgraph",
    "islower",
    "isprint",
    "ispunct",
    "isspace",
    "isupper",
    "isxdigit",
    "tolower",
    "toupper",
    "__ctype_b_loc",
    "__ctype_tolower_loc",
    "__ctype_toupper_loc",
    "fopen",
    "fdopen",
    "fseek",
    "ftell",
    "rewind",
    "open",
    "read",
    "close",
    "isatty",
    "getline",
    "getdelim",
    "strerror",
    "strerror_r",
    "__xpg_strerror_r",
    "strftime",
    "gmtime",
    "gmtime_r",
    "localtime",
    "localtime_r",
    "mktime",
    "timegm",
    "difftime",
    "asctime",
    "asctime_r",
    "ctime",
    "ctime_r",
    "tzset",
    "timespec_get",
    "clock_getres",
    "signal",
    "raise",
    "memalign",
    "valloc",
    "reallocarray",
    "pvalloc",
    "exp",
    "logf",
    "pow",
    "sin",
    "atan2f",
    "cbrt",
];

/// Does an IR line mention a vector type `<N x T>`?
fn has_vector_type(line: &str) -> bool {
    line.match_indices('<').any(|(i, _)| {
        let rest = &line[i + 1..];
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        digits > 0 && rest[digits..].starts_with(" x ")
    })
}

#[test]
fn vector_types_are_recognised() {
    assert!(has_vector_type("  %v = add <4 x i32> %a, %b"));
    assert!(!has_vector_type("  %a = alloca [8 x i8], align 1"));
    assert!(!has_vector_type("  %s = alloca <{ i32, i8 }>, align 1"));
}

#[test]
fn bitcode_is_clean_weak_and_self_contained() {
    check_bitcode(vigil_runtime::RUNTIME_BC, "x86_64-pc-linux-gnu", "bitcode");
}

#[test]
fn ilp32_bitcode_is_clean_weak_and_self_contained() {
    check_bitcode(vigil_runtime::RUNTIME_BC_32, "i386-pc-linux-gnu", "bitcode32");
}

/// The functions defined in the runtime's `fp_*.c` files (the only ones that compute with floating
/// point): every name followed by `(` on a line that starts a definition at column 0.
fn fp_file_functions() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("c");
    let mut names = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("runtime c/") {
        let path = entry.expect("entry").path();
        let is_fp = path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("fp_") && n.ends_with(".c"));
        if !is_fp {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read fp_*.c");
        for line in text.lines().filter(|l| l.starts_with(|c: char| c.is_ascii_alphabetic()) && l.contains('(')) {
            let head = line.split('(').next().unwrap_or("");
            // A definition by a macro (`FDIM(fdimf, float)`) defines its first argument;
            // `DD_UNARY(name, …)` (fp_dd.h) defines `name` and `namef`.
            let by_macro = line.split_once('(').filter(|(m, _)| m.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_'));
            if let Some((mac, args)) = by_macro {
                let name = args.split(',').next().unwrap_or("").trim();
                names.push(name.to_string());
                if mac == "DD_UNARY" {
                    names.push(format!("{name}f"));
                }
            } else if let Some(name) = head.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).rfind(|w| !w.is_empty()) {
                names.push(name.to_string());
            }
        }
    }
    names
}

/// Every identifier written in the `fp_*.c` files and their header `fp_dd.h`.
fn fp_file_identifiers() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("c");
    let mut words = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("runtime c/") {
        let path = entry.expect("entry").path();
        if !path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("fp_")) {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read fp_*");
        words.extend(text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).map(String::from));
    }
    words
}

/// The C name of a struct type or constant global an LLVM line defines (`%struct.dd = type …`,
/// `@PI_2 = internal constant …`, `@inv_odd.1 = …`), if it defines one.
fn fp_data_name(line: &str) -> Option<&str> {
    let (head, rest) = line.split_once(" = ")?;
    let name = if let Some(t) = head.strip_prefix("%struct.").or_else(|| head.strip_prefix("%union.")) {
        rest.starts_with("type ").then_some(t)?
    } else {
        let g = head.strip_prefix('@')?;
        rest.contains("constant ").then_some(g)?
    };
    Some(name.split('.').next().unwrap_or(name))
}

fn check_bitcode(bytes: &[u8], triple: &str, name: &str) {
    assert_eq!(&bytes[..4], b"BC\xC0\xDE", "bitcode magic");
    let dir = scratch(name);
    let bc = dir.join("runtime.bc");
    std::fs::write(&bc, bytes).expect("write runtime.bc");
    let ll = disassemble(&bc);

    // No floating point outside the functions of `fp_*.c` (and never `long double`), no
    // vectors, no debug information.
    let float_words = [
        "float", "double", "half", "x86_fp80", "fp128", "fadd", "fsub", "fmul", "fdiv", "frem",
        "fcmp", "fneg", "fptosi", "fptoui", "sitofp", "uitofp", "fpext", "fptrunc",
    ];
    let fp_functions = fp_file_functions();
    let fp_identifiers = fp_file_identifiers();
    let mut in_fp_function = false;
    for line in ll
        .lines()
        // Metadata (`!n = !{!"double", …}`: type-based alias information) names types only.
        .filter(|l| !l.trim_start().starts_with(';') && !l.starts_with('!') && !l.contains(" c\""))
    {
        if let Some(name) = line.strip_prefix("define ").and_then(|r| r.split('@').nth(1)).and_then(|r| r.split('(').next()) {
            in_fp_function = fp_functions.iter().any(|f| f == name);
        }
        // The types and constant tables of the fp_*.c files (`%struct.dd = type { double,
        // double }`, `@log_c = internal constant [47 x %struct.dd] …`).
        if let Some(name) = fp_data_name(line) {
            if fp_identifiers.iter().any(|w| w == name) {
                continue;
            }
        }
        let declares_fp = line.starts_with("declare ")
            && line.split('@').nth(1).and_then(|r| r.split('(').next()).is_some_and(|n| n.starts_with("llvm.") || fp_functions.iter().any(|f| f == n));
        for word in line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
            let allowed = (in_fp_function || declares_fp) && !matches!(word, "x86_fp80" | "fp128" | "half");
            assert!(
                allowed || !float_words.contains(&word),
                "floating point in the runtime outside fp_*.c: {line}"
            );
        }
        if line == "}" {
            in_fp_function = false;
        }
        assert!(!has_vector_type(line), "vector type in the runtime: {line}");
        assert!(
            !line.contains("!dbg"),
            "debug information in the runtime: {line}"
        );
    }

    // Every defined function is weak (replaceable by the program) or internal to the runtime.
    let mut defined = Vec::new();
    for line in ll.lines().filter(|l| l.starts_with("define ")) {
        let name = line
            .split('@')
            .nth(1)
            .and_then(|r| r.split('(').next())
            .unwrap_or("?")
            .to_string();
        let linkage = line.split_whitespace().nth(1).unwrap_or("");
        assert!(
            matches!(linkage, "weak" | "internal" | "private"),
            "not weak: {line}"
        );
        if linkage == "weak" {
            defined.push(name);
        }
    }
    for f in LIBRARY {
        assert!(defined.iter().any(|d| d == f), "{f} is not defined weak");
    }
    // Global variables the program can see are weak too.
    for line in ll
        .lines()
        .filter(|l| l.starts_with('@') && l.contains(" global "))
    {
        let linkage = line
            .split('=')
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .unwrap_or("");
        assert!(
            matches!(linkage, "weak" | "internal" | "private"),
            "global not weak: {line}"
        );
    }
    for g in ["stdin", "stdout", "stderr"] {
        assert!(
            ll.lines().any(|l| l.starts_with(&format!("@{g} = weak "))),
            "{g} defined weak"
        );
    }

    // Nothing left to resolve but hypercalls, the jumps the VM executes, intrinsics and the
    // program's `main` (which __boot starts).
    for line in ll.lines().filter(|l| l.starts_with("declare ")) {
        let name = line
            .split('@')
            .nth(1)
            .and_then(|r| r.split('(').next())
            .unwrap_or("?");
        assert!(
            name.starts_with("llvm.")
                || vigil_runtime::HYPERCALLS.contains(&name)
                || vigil_runtime::LONGJMP_FUNCTIONS.contains(&name)
                || name == "main",
            "the runtime depends on an undefined function: {line}"
        );
    }
    assert!(
        ll.contains(&format!("target triple = \"{triple}\"")),
        "target {triple}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
