//! Benchmark driver of the static engine (bench/static.sh).
//!
//! `static_bench gen KIND N OUT.c` writes a generated program (KIND: `chain`, `flags`, `structs`);
//! `static_bench run [--unroll K] FILE.c…` analyses each file and prints one Markdown table row:
//! lines, lines/s, VCs, VCs/s, proved, reports, summaries expanded/total, symbolic-execution and
//! solver time. Time includes neither the C front end nor the generation.

use std::path::PathBuf;
use std::time::Instant;

use vigil_frontend::{load, FrontendOptions};
use vigil_static::{analyse, Options};

fn gen_chain(n: usize) -> String {
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
    s += &format!("int main(void) {{\n  int a = __VERIFIER_nondet_int();\n  int r = f{}(a);\n  if (a == 4242)\n    reach_error();\n  return r;\n}}\n", n - 1);
    s
}

/// Pointers returned with a validity flag (the thesis' typical NULL-checking pattern), used
/// correctly everywhere except in every 50th caller.
fn gen_flags(n: usize) -> String {
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
    s += "int main(void) {\n  int sel = __VERIFIER_nondet_int();\n  int acc = 0;\n";
    for k in 0..n {
        s += &format!("  acc += use{k}(sel + {k});\n");
    }
    s += "  return acc;\n}\n";
    s
}

/// Struct records updated through pointer parameters, with assertions on their fields.
fn gen_structs(n: usize) -> String {
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
    s += "int main(void) {\n  int v = __VERIFIER_nondet_int();\n  int acc = 0;\n";
    for k in 0..n {
        s += &format!("  acc += check{k}(v);\n");
    }
    s += "  return acc;\n}\n";
    s
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("gen") if args.len() == 4 => {
            let n: usize = args[2].parse().expect("N");
            let src = match args[1].as_str() {
                "chain" => gen_chain(n),
                "flags" => gen_flags(n),
                "structs" => gen_structs(n),
                k => panic!("unknown kind {k}"),
            };
            std::fs::write(&args[3], src).expect("write");
        }
        Some("run") => {
            let mut unroll = 1;
            let mut files = Vec::new();
            let mut it = args[1..].iter();
            while let Some(a) = it.next() {
                if a == "--unroll" {
                    unroll = it.next().and_then(|k| k.parse().ok()).expect("--unroll K");
                } else {
                    files.push(PathBuf::from(a));
                }
            }
            println!("| program | lines | time (s) | lines/s | VCs | VCs/s | proved | reports | summaries expanded/total | symex (s) | solver (s) |");
            println!("|---|---|---|---|---|---|---|---|---|---|---|");
            for f in files {
                let fo = FrontendOptions { mem2reg: true, runtime: None, ..FrontendOptions::default() };
                let m = load(std::slice::from_ref(&f), &fo).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
                let lines = std::fs::read_to_string(&f).map(|s| s.lines().count()).unwrap_or(0);
                let t0 = Instant::now();
                let an = analyse(&m, &Options { unroll, ..Options::default() });
                let t = t0.elapsed().as_secs_f64();
                let st = &an.stats;
                println!(
                    "| {} | {lines} | {t:.2} | {:.0} | {} | {:.0} | {} | {} | {}/{} | {:.2} | {:.2} |",
                    f.file_name().unwrap().to_string_lossy(),
                    lines as f64 / t,
                    st.vcs,
                    st.vcs as f64 / t,
                    st.vcs_proved,
                    an.reports.len(),
                    st.summaries_expanded,
                    st.summary_operators,
                    st.symex_time.as_secs_f64(),
                    st.solver_time.as_secs_f64()
                );
                if !an.skipped.is_empty() {
                    eprintln!("{}: skipped {:?}", f.display(), an.skipped);
                }
            }
        }
        _ => {
            eprintln!("usage: static_bench gen chain|flags|structs N OUT.c | static_bench run [--unroll K] FILE.c...");
            std::process::exit(2);
        }
    }
}
