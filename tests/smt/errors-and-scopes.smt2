; expect: error unknown sat error unknown success error sat
; A failed assertion inside a scope makes `sat` unknown until that scope is popped; an
; unsupported command is lost for good unless the script resets. Failing get-* commands lose
; nothing.
(set-logic QF_BV)
(declare-const x (_ BitVec 8))
(push 1)
(assert (= x undeclared_y))
(check-sat)
(pop 1)
(check-sat)
(declare-sort U 0)
(check-sat)
(set-option :print-success true)
(get-value (x))
(reset)
(set-logic QF_BV)
(declare-const x (_ BitVec 8))
(set-option :print-success false)
(check-sat)
