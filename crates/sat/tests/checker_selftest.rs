//! The test DRAT checker must reject bad proofs (otherwise certified UNSAT means nothing).
mod common;
use common::*;

#[test]
fn checker_accepts_a_correct_proof_and_rejects_bad_ones() {
    // (a|b) (a|-b) (-a|b) (-a|-b)
    let f: Formula = vec![vec![1, 2], vec![1, -2], vec![-1, 2], vec![-1, -2]];
    assert!(check_drat(&f, "1 0\n0\n").is_ok());
    assert!(
        check_drat(&f, "0\n").is_err(),
        "empty clause is not RUP right away"
    );
    assert!(check_drat(&f, "1 0\n").is_err(), "no empty clause");
    assert!(
        check_drat(&f, "d 1 2 0\n1 0\n0\n").is_err(),
        "after deleting a clause, 1 is not RUP"
    );
    assert!(
        check_drat(&f, "d 3 4 0\n").is_err(),
        "deleting an absent clause"
    );
    let sat: Formula = vec![vec![1, 2], vec![-1, 2]];
    assert!(check_drat(&sat, "2 0\n0\n").is_err());
}
