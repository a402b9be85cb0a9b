#!/bin/bash
# Symbolic data in the explicit engine (issue #15): scalable correct programs over wide inputs,
# checked with `--engine explicit` in symbolic mode (default `--symbolic auto`) and, for
# comparison, with `--symbolic never` (enumeration of sample values: never `true`).
# Usage: bench/symbolic.sh [TIMEOUT_S]   (prints a Markdown table for bench/RESULTS.md)
# Programs (generated into a temporary directory, never into the repository):
#   sum-N   N int inputs in [-100, 100] summed; the sum's bounds are asserted;
#   list-N  a list of n <= N nodes with int values, built, summed and freed (valid-memsafety);
#   sort-N  bubble sort of N int inputs; the result's order is asserted.
# Columns: verdict, states, search time (s, without compiling), solver queries and the solver's
# share of the search time (from the JSON `stats` of the explicit engine).
set -euo pipefail
cd "$(dirname "$0")/.."
timeout_s=${1:-60}
cargo build --release -q -p vigil
vigil=${CARGO_TARGET_DIR:-target}/release/vigil
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

gen_sum() { # N
  local n=$1
  echo "extern int __VERIFIER_nondet_int(void); extern void __VERIFIER_assume(int); extern void reach_error(void);"
  echo "int main(void) { long s = 0;"
  for ((i = 0; i < n; i++)); do
    echo "  int x$i = __VERIFIER_nondet_int(); __VERIFIER_assume(x$i >= -100 && x$i <= 100); s += x$i;"
  done
  echo "  if (s > 100L * $n || s < -100L * $n) reach_error(); return 0; }"
}

gen_list() { # N
  cat <<C
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > $1) return 0;
  struct node *h = 0;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    if (!p) break;
    p->v = __VERIFIER_nondet_int(); p->next = h; h = p;
  }
  long s = 0;
  while (h) { struct node *t = h->next; s += h->v; free(h); h = t; }
  return s == 0;
}
C
}

gen_sort() { # N
  cat <<C
extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int main(void) {
  int a[$1];
  for (int i = 0; i < $1; i++) a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < $1; i++)
    for (int j = 0; j + 1 < $1 - i; j++)
      if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; }
  for (int i = 0; i + 1 < $1; i++) if (a[i] > a[i + 1]) reach_error();
  return 0;
}
C
}

row() { # name property mode
  local name=$1 prop=$2 mode=$3
  "$vigil" check --engine explicit --symbolic "$mode" --property "$prop" --timeout "$timeout_s" --format json \
    "$work/$name.c" > "$work/out.json" 2>/dev/null || true
  python3 - "$work/out.json" "$name" "$mode" <<'PY'
import json, sys
try:
    j = json.load(open(sys.argv[1]))
except Exception:
    print(f"| {sys.argv[2]} | {sys.argv[3]} | (no output) | | | | |"); sys.exit()
v = j.get("verdict", "?")
st = {}
for e in j.get("engines", []):
    if e.get("engine") == "explicit":
        st = e.get("stats", {})
st = st or j.get("stats", {})
if isinstance(st, dict) and "explicit" in st:
    st = st["explicit"]
share = st.get("solver_share")
print(f"| {sys.argv[2]} | {sys.argv[3]} | {v} | {st.get('states', '')} | {st.get('search_s', 0):.2f} | "
      f"{st.get('solver_queries', 0)} | {'' if share is None else f'{100*share:.0f} %'} |")
PY
}

echo "| program | --symbolic | verdict | states | search (s) | solver queries | solver share |"
echo "|---|---|---|---|---|---|---|"
for n in 2 4 8 16; do gen_sum $n > "$work/sum-$n.c"; row "sum-$n" unreach-call auto; done
row sum-4 unreach-call never
for n in 2 4 8; do gen_list $n > "$work/list-$n.c"; row "list-$n" valid-memsafety auto; done
row list-4 valid-memsafety never
for n in 3 4 5 6; do gen_sort $n > "$work/sort-$n.c"; row "sort-$n" unreach-call auto; done
row sort-4 unreach-call never
