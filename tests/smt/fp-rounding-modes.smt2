; expect: sat unsat sat unsat sat error unknown
(set-logic QF_BVFP)
(declare-const r1 RoundingMode)
(declare-const r2 RoundingMode)
(declare-const r3 RoundingMode)
(declare-const r4 RoundingMode)
(declare-const r5 RoundingMode)
(declare-const r6 RoundingMode)
; five rounding modes, not six
(check-sat-assuming ((distinct r1 r2 r3 r4 r5)))
(check-sat-assuming ((distinct r1 r2 r3 r4 r5 r6)))
; 1/3 in (_ FloatingPoint 3 4) rounds differently up and down
(define-fun one () (_ FloatingPoint 3 4) ((_ to_fp 3 4) RNE #b0001))
(define-fun three () (_ FloatingPoint 3 4) ((_ to_fp 3 4) RNE #b0011))
(check-sat-assuming ((not (= (fp.div RTP one three) (fp.div RTN one three)))))
(check-sat-assuming ((fp.lt (fp.div RTP one three) (fp.div RTN one three))))
(check-sat-assuming ((= ((_ fp.to_sbv 4) RTZ (fp.neg three)) #xd)))
; fp.rem is not supported: an error, not a guess, and the script's later answers are unknown
(declare-const a (_ FloatingPoint 3 4))
(assert (= (fp.rem a a) a))
(check-sat)
