; expect: sat unsat unsat sat
(set-logic QF_BV)
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
; signed addition overflow is possible
(check-sat-assuming ((bvsaddo a b)))
; both operands small and non-negative: no signed overflow
(assert (bvult a #x40))
(assert (bvult b #x40))
(check-sat-assuming ((bvsaddo a b)))
(check-sat-assuming ((bvsdivo a b)))
(check-sat-assuming ((bvumulo a b)))
