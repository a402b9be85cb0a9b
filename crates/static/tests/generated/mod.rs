//! Generated programs of any size for the static engine, shared by its tests and its benchmark
//! driver (`examples/static_bench.rs` includes this file).
#![allow(dead_code)] // the tests use only the chain

/// A chain of `n` functions with branches, safe divisions, guarded dereferences, a switch and a
/// loop, called one from the next starting in `main`, whose bug is in `main` (input 4242).
pub fn gen_chain(n: usize) -> String {
    let mut s = String::from("extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nint g[4];\nint *gp = &g[1];\n");
    for k in 0..n {
        s += &format!("int f{k}(int x) {{\n  int y = x * {} + 3;\n", k + 2);
        s += &format!("  if (y > {k}) {{\n    y = y - {k};\n  }} else {{\n    y = y + 1;\n  }}\n");
        s += "  int z = y / ((y & 7) | 1);\n  if (gp != 0) {\n    *gp = z;\n  }\n";
        s += &format!("  switch (x & 3) {{\n  case 0: z += {k}; break;\n  case 1: z -= 1; break;\n  default: z ^= 5;\n  }}\n");
        s += "  for (int i = 0; i < 2; i++) {\n    z = z + i;\n  }\n";
        if k > 0 {
            s += &format!("  return f{}(z) + y;\n}}\n\n", k - 1);
        } else {
            s += "  return z + y;\n}\n\n";
        }
    }
    s += &format!("int main(void) {{\n  int a = __VERIFIER_nondet_int();\n  int r = f{}(a);\n  if (a == 4242)\n    reach_error(); // BUG\n  return r;\n}}\n", n - 1);
    s
}

/// Pointers returned with a validity flag (the thesis' typical NULL-checking pattern), used
/// correctly everywhere except in every 50th caller.
pub fn gen_flags(n: usize) -> String {
    let mut s = String::from("extern int __VERIFIER_nondet_int(void);\nstatic int cells[64];\n");
    for k in 0..n {
        s += &format!(
            "int *get{k}(int *ok, int sel) {{\n  if (sel % {m} == {r}) {{\n    *ok = 0;\n    return 0;\n  }}\n  *ok = 1;\n  return &cells[{c}];\n}}\n\n",
            m = k % 7 + 2,
            r = k % 2,
            c = k % 64
        );
        let guard = if k % 50 == 49 { "!ok" } else { "ok" };
        s += &format!(
            "int use{k}(int sel) {{\n  int ok;\n  int *p = get{k}(&ok, sel);\n  int v = 0;\n  if ({guard}) {{\n    *p = sel;\n    v = *p + {k};\n  }}\n  return v;\n}}\n\n"
        );
    }
    s + &main_summing(n, "sel", |k| format!("use{k}(sel + {k})"))
}

/// A `main` that reads one input `var` and returns the sum of `n` calls (`call(k)`).
fn main_summing(n: usize, var: &str, call: impl Fn(usize) -> String) -> String {
    let mut s = format!("int main(void) {{\n  int {var} = __VERIFIER_nondet_int();\n  int acc = 0;\n");
    for k in 0..n {
        s += &format!("  acc += {};\n", call(k));
    }
    s + "  return acc;\n}\n"
}

/// Struct records updated through pointer parameters, with assertions on their fields.
pub fn gen_structs(n: usize) -> String {
    let mut s = String::from(
        "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nstruct rec { int key; int val; struct rec *next; };\nstruct rec pool[8];\n",
    );
    for k in 0..n {
        s += &format!(
            "void set{k}(struct rec *r, int v) {{\n  r->key = {k};\n  if (v > {k}) {{\n    r->val = v - {k};\n  }} else {{\n    r->val = {k} - v;\n  }}\n  r->next = &pool[{p}];\n}}\n\n",
            p = k % 8
        );
        s += &format!(
            "int check{k}(int v) {{\n  struct rec r;\n  set{k}(&r, v);\n  if (r.key != {k} || r.val < 0 && v > -1000 && v < 1000)\n    reach_error();\n  return r.next->key + r.val;\n}}\n\n"
        );
    }
    s + &main_summing(n, "v", |k| format!("check{k}(v)"))
}
