#!/usr/bin/env python3
"""Writes uniform random 3-SAT instances near the satisfiability threshold (clause/variable ratio
4.26) into two folders, a training and a validation set, for `vigil tune` (the class `rand3sat`).

Usage: gen_rand3sat.py [OUT_DIR] (default /tmp/vigil-rand3sat): OUT_DIR/train and OUT_DIR/validate,
each with 8 instances per size in SIZES; the two sets use disjoint seeds. Deterministic.
"""
import os, random, sys

out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/vigil-rand3sat"
SIZES = (170, 185, 200)
PER_SIZE = 8
RATIO = 4.26

def write(path, n, seed):
    rng = random.Random(seed)
    m = round(RATIO * n)
    with open(path, "w") as f:
        f.write(f"c uniform random 3-SAT, n={n}, m={m}, seed={seed}\np cnf {n} {m}\n")
        for _ in range(m):
            vs = rng.sample(range(1, n + 1), 3)
            f.write(" ".join(str(v if rng.random() < 0.5 else -v) for v in vs) + " 0\n")

for part, base in (("train", 1000), ("validate", 2000)):
    d = os.path.join(out, part)
    os.makedirs(d, exist_ok=True)
    for n in SIZES:
        for k in range(PER_SIZE):
            seed = base + n * 10 + k
            write(os.path.join(d, f"r3_n{n}_s{seed}.cnf"), n, seed)
