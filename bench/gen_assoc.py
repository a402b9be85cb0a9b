#!/usr/bin/env python3
"""Writes small QF_BV instances on associativity and commutativity of bvmul/bvadd (issue #19:
word-level normalisation) to DIR, one file per family and width (8, 16, 32, 64).

usage: bench/gen_assoc.py DIR

Families (status in the file name): the same product or sum bracketed and ordered differently
(unsat), with constant factors scattered (unsat), a wrong constant (sat), squares sharing a
subterm (unsat), and a sum of products (unsat).
"""
import os
import sys

WIDTHS = (8, 16, 32, 64)


def c(v, w):
    return f"(_ bv{v % (1 << w)} {w})"


def families(w):
    m = lambda x, y: f"(bvmul {x} {y})"
    a = lambda x, y: f"(bvadd {x} {y})"
    return {
        "mul_assoc3_unsat": ("x y z", m(m("x", "y"), "z"), m("x", m("y", "z")), True),
        "mul_perm4_unsat": ("a b c d", m(m("a", "b"), m("c", "d")), m("d", m("b", m("c", "a"))), True),
        "mul_const4_unsat": ("a b c d", m(m(m("a", c(3, w)), m("b", "c")), m("d", c(5, w))),
                             m(c(15, w), m("d", m("c", m("b", "a")))), True),
        "mul_const3_bug_sat": ("a b c", m(m("a", c(3, w)), m("b", "c")), m(c(5, w), m("c", m("b", "a"))), False),
        "mul_square_unsat": ("x y", m(m("x", "x"), m("x", "y")), m("y", m("x", m("x", "x"))), True),
        "add_assoc3_unsat": ("x y z", a(a("x", "y"), "z"), a("x", a("z", "y")), True),
        "sum_of_products_unsat": ("a b c", a(m(m("a", "b"), "c"), m(m("c", "a"), "b")),
                                  m(c(2, w), m("b", m("a", "c"))), True),
    }


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for w in WIDTHS:
        for name, (vs, lhs, rhs, unsat) in families(w).items():
            decls = "".join(f"(declare-fun {v} () (_ BitVec {w}))\n" for v in vs.split())
            goal = f"(not (= {lhs} {rhs}))"
            text = (f"(set-logic QF_BV)\n(set-info :status {'unsat' if unsat else 'sat'})\n{decls}"
                    f"(assert {goal})\n(check-sat)\n(exit)\n")
            with open(os.path.join(out, f"{name}_w{w}.smt2"), "w") as f:
                f.write(text)


if __name__ == "__main__":
    main()
