#!/usr/bin/env python3
"""Writes the QF_BV benchmark set of bench/smt.sh into a folder (default /tmp/vigil-smt-bench/smt2).

Families (each at several widths, sat and unsat):
  twiddle-*  bit-twiddling identities (negated: unsat) and near-miss variants (sat)
  muldiv-*   multiplication/division equivalences and factoring
  loop-*     unrolled loops of small C-like programs (sorting, popcount, checksums)
Deterministic: the same files every run.
"""
import os, random, sys

out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/vigil-smt-bench/smt2"
os.makedirs(out, exist_ok=True)
rng = random.Random(20261121)

def bv(v, w):
    return f"(_ bv{v % (1 << w)} {w})"

def write(name, w, decls, asserts):
    with open(os.path.join(out, f"{name}-w{w}.smt2"), "w") as f:
        f.write("(set-logic QF_BV)\n")
        for d in decls:
            f.write(f"(declare-fun {d} () (_ BitVec {w}))\n")
        for a in asserts:
            f.write(f"(assert {a})\n")
        f.write("(check-sat)\n(exit)\n")

def neg_identity(name, w, lhs, rhs, vars_=("x", "y")):
    write(name, w, vars_, [f"(not (= {lhs} {rhs}))"])

for w in (8, 16, 32, 64):
    one = bv(1, w)
    sh = bv(w - 1, w)
    # unsat: valid identities
    neg_identity("twiddle-xor-or-and", w, "(bvxor x y)", "(bvsub (bvor x y) (bvand x y))")
    neg_identity("twiddle-add-carry", w, "(bvadd x y)", "(bvadd (bvxor x y) (bvshl (bvand x y) " + one + "))")
    neg_identity("twiddle-abs", w, f"(bvsub (bvxor x (bvashr x {sh})) (bvashr x {sh}))", f"(ite (bvslt x {bv(0, w)}) (bvneg x) x)")
    neg_identity("twiddle-min", w, f"(bvxor y (bvand (bvxor x y) (bvneg (ite (bvslt x y) {one} {bv(0, w)}))))", "(ite (bvslt x y) x y)")
    neg_identity("twiddle-avg", w, f"(bvadd (bvand x y) (bvlshr (bvxor x y) {one}))",
                 f"((_ extract {w - 1} 0) (bvlshr (bvadd ((_ zero_extend 1) x) ((_ zero_extend 1) y)) {bv(1, w + 1)}))")
    # sat: a wrong identity (missing shift of the carry)
    neg_identity("twiddle-add-wrong", w, "(bvadd x y)", "(bvadd (bvxor x y) (bvand x y))")
    # sat: lowest set bit isolation differs from x for non-powers of two
    write("twiddle-lowbit", w, ["x"], [f"(= (bvand x (bvneg x)) {bv(1 << (w // 2), w)})", f"(bvugt x {bv(1 << (w // 2), w)})"])

for w in (8, 16, 32, 64):
    neg_identity("muldiv-mul3-shift", w, f"(bvmul x {bv(3, w)})", f"(bvadd (bvshl x {bv(1, w)}) x)", ("x",))
    neg_identity("muldiv-mul10", w, f"(bvmul x {bv(10, w)})", f"(bvadd (bvshl x {bv(3, w)}) (bvshl x {bv(1, w)}))", ("x",))
    neg_identity("muldiv-udiv-pow2", w, f"(bvudiv x {bv(16, w)})", f"(bvlshr x {bv(4, w)})", ("x",))
    # unsat: division by a constant reconstructs x
    write("muldiv-divrem-const", w, ["x"], [f"(not (= x (bvadd (bvmul (bvudiv x {bv(7, w)}) {bv(7, w)}) (bvurem x {bv(7, w)}))))"])
for w in (8, 12, 16):
    # unsat: q*y + r = x for a variable divisor (hard: full divider and multiplier)
    write("muldiv-divrem-var", w, ["x", "y"], [f"(not (= y {bv(0, w)}))", "(not (= x (bvadd (bvmul (bvudiv x y) y) (bvurem x y))))"])
for w in (8, 10, 12):
    neg_identity("muldiv-distrib", w, "(bvmul x (bvadd y z))", "(bvadd (bvmul x y) (bvmul x z))", ("x", "y", "z"))
for w, (p, q) in ((16, (251, 241)), (24, (4091, 4093)), (32, (65521, 65519)), (40, (1048573, 1048571))):
    n = p * q
    write("muldiv-factor-sat", w, ["x", "y"], [f"(= (bvmul x y) {bv(n, w)})", f"(bvugt x {bv(1, w)})", f"(bvugt y {bv(1, w)})",
                                              f"(bvult x {bv(1 << (w // 2), w)})", f"(bvult y {bv(1 << (w // 2), w)})"])
for w, pr in ((16, 65521), (24, 16777213)):
    write("muldiv-factor-unsat", w, ["x", "y"], [f"(= (bvmul x y) {bv(pr, w)})", f"(bvugt x {bv(1, w)})", f"(bvugt y {bv(1, w)})",
                                                 f"(bvult x {bv(1 << (w // 2), w)})", f"(bvult y {bv(1 << (w // 2), w)})"])

# loops: bubble sort of 4 elements, unrolled; result unsorted is unsat; "sorted result = input" sat
def sort_net(w, n):
    names = [f"a{i}" for i in range(n)]
    lines, cur, k = [], list(names), 0
    for i in range(n):
        for j in range(n - 1 - i):
            lo, hi = f"s{k}l", f"s{k}h"
            lines.append((lo, f"(ite (bvule {cur[j]} {cur[j+1]}) {cur[j]} {cur[j+1]})"))
            lines.append((hi, f"(ite (bvule {cur[j]} {cur[j+1]}) {cur[j+1]} {cur[j]})"))
            cur[j], cur[j + 1] = lo, hi
            k += 1
    return names, lines, cur

for w in (8, 16, 32):
    n = 5
    names, lines, res = sort_net(w, n)
    body = " ".join(f"(bvule {res[i]} {res[i+1]})" for i in range(n - 1))
    def wrap(e):
        for nm, ex in reversed(lines):
            e = f"(let (({nm} {ex})) {e})"
        return e
    write("loop-bubblesort-unsat", w, names, [wrap(f"(not (and {body}))")])
    distinct = " ".join(names)
    write("loop-bubblesort-sat", w, names, [f"(distinct {distinct})", wrap(f"(and (= {res[0]} a{n-1}) (= {res[n-1]} a0))")])
    # popcount by a loop vs. the SWAR formula (unsat for w=32 pattern; use generic loop sum)
    acc = bv(0, w)
    for i in range(w):
        acc = f"(bvadd {acc} (bvand (bvlshr x {bv(i, w)}) {bv(1, w)}))"
    write("loop-popcount", w, ["x"], [f"(= {acc} {bv(w // 2, w)})", f"(= (bvand x {bv((1 << (w // 2)) - 1, w)}) {bv(0, w)})",
                                      f"(not (= x {bv(((1 << (w // 2)) - 1) << (w // 2), w)}))"])
    # checksum loop: s = s*31 + x_i over 4 inputs; find inputs hitting a target (sat) or a contradiction (unsat)
    s = bv(7, w)
    for i in range(4):
        s = f"(bvadd (bvmul {s} {bv(31, w)}) x{i})"
    tgt = rng.getrandbits(w)
    write("loop-checksum-sat", w, [f"x{i}" for i in range(4)], [f"(= {s} {bv(tgt, w)})", f"(bvult x0 {bv(100, w)})", f"(bvult x1 {bv(100, w)})"])
    write("loop-checksum-unsat", w, [f"x{i}" for i in range(4)],
          [f"(= {s} {bv(tgt, w)})", f"(= x1 x2)", f"(not (= (bvsub {s} (bvmul (bvadd x1 (bvmul x2 {bv(31, w)})) {bv(31, w)})) "
           f"(bvadd (bvmul (bvadd (bvmul {bv(7, w)} {bv(31, w)}) x0) {bv(29791, w)}) x3)))"])
print(len(os.listdir(out)), "files in", out)
