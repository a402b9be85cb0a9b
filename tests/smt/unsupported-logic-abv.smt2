; expect: error error error error unknown unsat
; The logic is rejected, so the array declaration and the assertion that uses it fail: the
; solver holds only part of the script, and `sat` for that part says nothing about the script
; (which is unsat). An unsat answer stays sound: the part that was kept is already unsat.
(set-logic QF_ABV)
(declare-const a (Array (_ BitVec 4) (_ BitVec 4)))
(declare-const i (_ BitVec 4))
(assert (= (select a i) #x1))
(assert (= (select a i) #x2))
(check-sat)
(assert (= i #x3))
(assert (not (= i #x3)))
(check-sat)
