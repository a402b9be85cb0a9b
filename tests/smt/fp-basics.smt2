; expect: sat unsat sat unsat sat unsat sat sat sat sat unsat sat unsat
(set-logic QF_FP)
(declare-const x Float32)
(declare-const y Float32)
; a large x absorbs 1
(check-sat-assuming ((= (fp.add RNE x (fp #b0 #x7f #b00000000000000000000000)) x) (not (fp.isInfinite x)) (not (fp.isNaN x))))
; x * 1 = x for every x (NaN is one value, so = holds for it too)
(check-sat-assuming ((not (= (fp.mul RNE x (fp #b0 #x7f #b00000000000000000000000)) x))))
; fp.eq is not reflexive: NaN
(check-sat-assuming ((not (fp.eq x x))))
; = is
(check-sat-assuming ((not (= x x))))
; -0 and +0: fp.eq but not =
(check-sat-assuming ((fp.eq x y) (not (= x y))))
(check-sat-assuming ((fp.eq x y) (not (= x y)) (not (fp.isZero x))))
; fp.min(-0, +0) is unspecified: either answer is possible
(check-sat-assuming ((= (fp.min (_ -zero 8 24) (_ +zero 8 24)) (_ -zero 8 24))))
(check-sat-assuming ((= (fp.min (_ -zero 8 24) (_ +zero 8 24)) (_ +zero 8 24))))
; out-of-range fp.to_ubv is unspecified, but one application has one value
(check-sat-assuming ((= ((_ fp.to_ubv 8) RTZ (fp #b0 #x87 #b00101100000000000000000)) #x00)))
(check-sat-assuming ((= ((_ fp.to_ubv 8) RTZ (fp #b0 #x87 #b00101100000000000000000)) #x01)))
(check-sat-assuming ((distinct ((_ fp.to_ubv 8) RTZ (fp #b0 #x87 #b00101100000000000000000)) ((_ fp.to_ubv 8) RTZ (fp #b0 #x87 #b00101100000000000000000)))))
; 0.1 + 0.2 = 0.30000000000000004 in Float64, not 0.3
(declare-const r RoundingMode)
(check-sat-assuming ((= (fp.add r ((_ to_fp 11 53) #x3fb999999999999a) ((_ to_fp 11 53) #x3fc999999999999a)) ((_ to_fp 11 53) #x3fd3333333333334))))
(check-sat-assuming ((= r RNE) (= (fp.add r ((_ to_fp 11 53) #x3fb999999999999a) ((_ to_fp 11 53) #x3fc999999999999a)) ((_ to_fp 11 53) #x3fd3333333333333))))
