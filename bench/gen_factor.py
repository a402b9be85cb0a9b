#!/usr/bin/env python3
"""Writes QF_BV factoring queries for `vigil tune` (the class `bvfactor`): find x, y with
1 < x <= y and x * y = c, computed without overflow at twice the width (zero-extended operands).
Sat when c is composite (with x, y inside the width), unsat when c is prime.

Usage: gen_factor.py [OUT_DIR] (default /tmp/vigil-bvfactor): OUT_DIR/train and
OUT_DIR/validate, each with 12 queries (widths 12, 14, 16; half prime, half composite); the two
sets use different constants. Deterministic.
"""
import os, random, sys

out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/vigil-bvfactor"

def is_prime(n):
    if n < 2:
        return False
    i = 2
    while i * i <= n:
        if n % i == 0:
            return False
        i += 1
    return True

def query(c, w):
    ww = 2 * w
    return "\n".join([
        "(set-logic QF_BV)",
        f"(declare-fun x () (_ BitVec {w}))",
        f"(declare-fun y () (_ BitVec {w}))",
        f"(assert (bvult (_ bv1 {w}) x))",
        "(assert (bvule x y))",
        f"(assert (= (bvmul ((_ zero_extend {w}) x) ((_ zero_extend {w}) y)) (_ bv{c} {ww})))",
        "(check-sat)",
        "(exit)",
        "",
    ])

for part, seed in (("train", 11), ("validate", 22)):
    rng = random.Random(seed)
    d = os.path.join(out, part)
    os.makedirs(d, exist_ok=True)
    for w in (12, 14, 16):
        for want_prime in (True, True, False, False):
            while True:
                c = rng.randrange(1 << (w + w // 2), 1 << (2 * w - 2)) | 1
                if is_prime(c) == want_prime:
                    if want_prime:
                        break
                    # composite with a factorisation inside the width
                    f = next(k for k in range(3, int(c ** 0.5) + 1, 2) if c % k == 0)
                    if c // f < (1 << w):
                        break
            kind = "unsat" if want_prime else "sat"
            with open(os.path.join(d, f"factor-w{w}-{c}-{kind}.smt2"), "w") as fh:
                fh.write(query(c, w))
