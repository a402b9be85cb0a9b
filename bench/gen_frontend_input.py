#!/usr/bin/env python3
"""Writes a C file of about N lines (default 20000) for bench/frontend.sh: many small functions
with loops, branches, switches, struct and array accesses, calls and globals -- the mix of
constructs the lowering handles."""
import sys

def main():
    target = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    out = ["#include <stdlib.h>", "struct rec { int id; long val; char tag[8]; struct rec *next; };",
           "int table[256];", "struct rec pool[64];", "static int acc;", ""]
    i = 0
    while len(out) < target:
        out += [
            f"int f{i}(int x, struct rec *r) {{",
            "  int s = 0;",
            f"  for (int k = 0; k < (x & 15); k++) {{ s += table[(k * {i % 7 + 1}) & 255]; }}",
            "  switch (x % 4) {",
            f"  case 0: s ^= {i}; break;",
            "  case 1: s += r->id; break;",
            "  case 2: r->val = s * 3L; break;",
            "  default: s -= (int)r->tag[x & 7];",
            "  }",
            f"  if (s > {i * 3}) pool[{i % 64}].id = s; else acc += s;",
            f"  return s + {'f%d(x - 1, r)' % (i - 1) if i > 0 else '0'};" if i % 5 else "  return s;",
            "}",
            "",
        ]
        i += 1
    out += ["int main(void) {", "  int x = __VERIFIER_nondet_int();", "  int total = 0;"]
    for k in range(0, i, max(1, i // 50)):
        out.append(f"  total += f{k}(x, &pool[{k % 64}]);")
    out += ["  return total;", "}"]
    print("\n".join(out))

if __name__ == "__main__":
    main()
