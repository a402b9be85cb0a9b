//! Inputs that other compilers and verifiers accept and clang alone would not: a `.i` file
//! preprocessed by GCC 11 or later (glibc's two-argument `__malloc__` attribute), and the peer
//! verifiers' body-less `nondet_*()` and `assert()` (`vigil_frontend::conventions`).

use vigil_frontend::FrontendOptions;
use vigil_ir::{Callee, InstKind, Module};

fn load(name: &str, src: &str, opts: &FrontendOptions) -> Module {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(name);
    std::fs::write(&path, src).expect("write");
    vigil_frontend::load(&[path], opts).expect("lowers")
}

/// The names of the functions `main` calls directly, in order.
fn called_by_main(m: &Module) -> Vec<String> {
    let main = m.function(m.function_by_name("main").expect("main"));
    let mut out = Vec::new();
    for b in &main.blocks {
        for i in &b.insts {
            if let InstKind::Call { callee: Callee::Direct(f), .. } = &i.kind {
                out.push(m.function(*f).name.clone());
            }
        }
    }
    out
}

#[test]
fn a_gcc_preprocessed_file_with_two_argument_malloc_attributes_compiles() {
    let src = "# 1 \"prog.c\"\n\
               typedef struct stream stream;\n\
               extern int stream_close (stream *);\n\
               extern stream *stream_open (const char *) __attribute__ ((__malloc__)) __attribute__ ((__malloc__ (stream_close, 1)));\n\
               int main(void) { return 0; }\n";
    let m = load("prog.i", src, &FrontendOptions::default());
    assert!(m.function_by_name("main").is_some());
}

#[test]
fn body_less_nondet_and_assert_become_the_svcomp_functions() {
    // `nondet_int` and `assert` implicitly declared (C89), `nondet_uchar` declared.
    let src = "unsigned char nondet_uchar(void);\n\
               int main() { int x = nondet_int(); unsigned char c = nondet_uchar(); assert(x != c); return 0; }\n";
    let m = load("prog.c", src, &FrontendOptions::default());
    assert_eq!(called_by_main(&m), ["__VERIFIER_nondet_int", "__VERIFIER_nondet_uchar", "__VERIFIER_assert"]);
}

#[test]
fn the_programs_own_definitions_and_other_shapes_are_kept() {
    let own = "int nondet_int(void) { return 5; }\nint main() { return nondet_int(); }\n";
    assert_eq!(called_by_main(&load("own.c", own, &FrontendOptions::default())), ["nondet_int"]);
    // A narrow result its name does not say: how it extends into a register is the callee's.
    let narrow = "unsigned char nondet_int(void);\nint main() { return nondet_int(); }\n";
    assert_eq!(called_by_main(&load("narrow.c", narrow, &FrontendOptions::default())), ["nondet_int"]);
    let pointer = "void *nondet_int(void);\nint main() { return nondet_int() != 0; }\n";
    assert_eq!(called_by_main(&load("pointer.c", pointer, &FrontendOptions::default())), ["nondet_int"]);
    let argument = "int main() { return nondet_uchar(3); }\n";
    assert_eq!(called_by_main(&load("argument.c", argument, &FrontendOptions::default())), ["nondet_uchar"]);
    // Implicitly declared, `nondet_double()` returns an int, which is not a double's bits.
    let float = "int main() { return nondet_double() > 0; }\n";
    assert_eq!(called_by_main(&load("float.c", float, &FrontendOptions::default())), ["nondet_double"]);
}

#[test]
fn a_nondet_declared_with_another_integer_type_is_a_value_of_the_declared_type() {
    // Implicitly declared, `nondet_uchar()` and `nondet_bool()` return an int (CBMC: any int).
    let implicit = "int main() { _Bool b = nondet_bool(); return nondet_uchar() + b; }\n";
    let m = load("implicit.c", implicit, &FrontendOptions::default());
    assert_eq!(called_by_main(&m), ["__VERIFIER_nondet_int", "__VERIFIER_nondet_int"]);
    let wide = "unsigned long long nondet_uint(void);\nint main() { return (int)nondet_uint(); }\n";
    assert_eq!(called_by_main(&load("wide.c", wide, &FrontendOptions::default())), ["__VERIFIER_nondet_longlong"]);
    let stdint = "#include <stdint.h>\nuint8_t nondet_uint8_t(void);\nint main() { return nondet_uint8_t(); }\n";
    assert_eq!(called_by_main(&load("stdint.c", stdint, &FrontendOptions::default())), ["__VERIFIER_nondet_uint8_t"]);
}
