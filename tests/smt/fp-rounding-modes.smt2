; expect: sat unsat sat unsat sat unsat sat error unknown
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
; fp.rem: x - y·n with n nearest x/y, ties to even: rem(3, 2) = -1 (n = 2), rem(1, 2) = 1 (n = 0)
(check-sat-assuming ((not (= (fp.rem three ((_ to_fp 3 4) RNE #b0010)) (fp.neg one)))))
(check-sat-assuming ((= (fp.rem one ((_ to_fp 3 4) RNE #b0010)) one)))
; fp.to_real is not supported: an error, not a guess, and the script's later answers are unknown
(assert (= (fp.to_real one) one))
(check-sat)
