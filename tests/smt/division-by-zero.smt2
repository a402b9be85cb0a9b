; expect: unsat unsat unsat unsat
(set-logic QF_BV)
(declare-const x (_ BitVec 16))
(check-sat-assuming ((not (= (bvudiv x #x0000) #xffff))))
(check-sat-assuming ((not (= (bvurem x #x0000) x))))
(check-sat-assuming ((not (= (bvsrem x #x0000) x))))
(check-sat-assuming ((not (= (bvsdiv x #x0000) (ite (bvslt x #x0000) #x0001 #xffff)))))
