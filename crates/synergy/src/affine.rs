//! Candidate linear equalities from the tests' values: the affine hull of the states the forest
//! shows at a loop head (issue 18, "relational invariants … by abstracting the tests' values").
//!
//! Given points `p_1 … p_m` in `Z^n` (the values of `n` registers in the observed states, read
//! as signed integers), every equality `Σ c_j x_j = d` that holds on all of them has `c` in the
//! null space of the matrix of differences `p_i − p_1`; [`equalities`] returns a basis of that
//! null space as integer vectors (fraction-free Gaussian elimination, rows kept primitive by
//! their gcd), each with its `d = Σ c_j p_1j`. On `s = 2i` observed at `(i, s) = (0,0), (1,2),
//! (2,4)` the result is `2i − s = 0`.
//!
//! These are candidates only: they hold on the observed states, not necessarily on all
//! reachable ones. The caller ([`crate::generalize`]) keeps those the solver shows inductive.
//! Invariant: arithmetic is checked; on overflow no equalities are returned (never wrong ones).

/// Distinct points considered (the rank is at most the number of registers, so a few more than
/// that suffice to find the hull with high probability; more only cost time).
pub const MAX_POINTS: usize = 64;

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Divides a vector by the gcd of its entries and makes its first non-zero entry positive.
fn primitive(v: &mut [i128]) {
    let g = v.iter().fold(0, |g, &x| gcd(g, x));
    if g > 1 {
        v.iter_mut().for_each(|x| *x /= g);
    }
    if v.iter().find(|&&x| x != 0).is_some_and(|&x| x < 0) {
        v.iter_mut().for_each(|x| *x = -*x);
    }
}

/// The equalities `(c, d)`, `Σ c_j x_j = d`, spanning all affine equalities that hold on every
/// point. Points must have equal length. None on arithmetic overflow.
pub fn equalities(points: &[Vec<i64>]) -> Option<Vec<(Vec<i128>, i128)>> {
    let first = points.first()?;
    let n = first.len();
    let mut rows: Vec<Vec<i128>> = Vec::new();
    for p in points.iter().skip(1).take(MAX_POINTS) {
        let mut r: Vec<i128> = p.iter().zip(first).map(|(&a, &b)| i128::from(a) - i128::from(b)).collect();
        primitive(&mut r);
        if r.iter().any(|&x| x != 0) && !rows.contains(&r) {
            rows.push(r);
        }
    }
    // Reduced row echelon form, fraction-free: pivot rows zero every other row's pivot column.
    let mut pivots: Vec<(usize, usize)> = Vec::new(); // (row, column)
    let mut r = 0;
    for col in 0..n {
        let Some(k) = (r..rows.len()).find(|&k| rows[k][col] != 0) else { continue };
        rows.swap(r, k);
        for other in 0..rows.len() {
            if other == r || rows[other][col] == 0 {
                continue;
            }
            let (a, b) = (rows[r][col], rows[other][col]);
            let mut new = Vec::with_capacity(n);
            for j in 0..n {
                new.push(rows[other][j].checked_mul(a)?.checked_sub(rows[r][j].checked_mul(b)?)?);
            }
            primitive(&mut new);
            rows[other] = new;
        }
        pivots.push((r, col));
        r += 1;
        if r == rows.len() {
            break;
        }
    }
    let pivot_cols: Vec<usize> = pivots.iter().map(|&(_, c)| c).collect();
    let mut out = Vec::new();
    for free in (0..n).filter(|c| !pivot_cols.contains(c)) {
        // v_free = Π pivots, v_pivot(r) = −row[r][free] · Π pivots / pivot(r).
        let mut prod: i128 = 1;
        for &(row, col) in &pivots {
            if rows[row][free] != 0 {
                prod = prod.checked_mul(rows[row][col].abs())?;
            }
        }
        let mut v = vec![0i128; n];
        v[free] = prod;
        for &(row, col) in &pivots {
            if rows[row][free] != 0 {
                v[col] = (-rows[row][free]).checked_mul(prod / rows[row][col])?;
            }
        }
        primitive(&mut v);
        let mut d: i128 = 0;
        for (c, &x) in v.iter().zip(first) {
            d = d.checked_add(c.checked_mul(i128::from(x))?)?;
        }
        out.push((v, d));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holds(eqs: &[(Vec<i128>, i128)], p: &[i64]) -> bool {
        eqs.iter().all(|(c, d)| c.iter().zip(p).map(|(c, &x)| c * i128::from(x)).sum::<i128>() == *d)
    }

    #[test]
    fn finds_the_relation_of_a_counting_loop() {
        // (i, s, n): s = 2i, n = 7 on every point.
        let pts: Vec<Vec<i64>> = (0..5).map(|i| vec![i, 2 * i, 7]).collect();
        let eqs = equalities(&pts).unwrap();
        assert_eq!(eqs.len(), 2, "{eqs:?}");
        assert!(eqs.contains(&(vec![2, -1, 0], 0)), "{eqs:?}");
        assert!(eqs.contains(&(vec![0, 0, 1], 7)), "{eqs:?}");
        for p in &pts {
            assert!(holds(&eqs, p));
        }
        assert!(!holds(&eqs, &[1, 3, 7]));
    }

    #[test]
    fn three_variables_and_no_relation() {
        // x + y + z = 10 with two free directions.
        let pts = vec![vec![10, 0, 0], vec![0, 10, 0], vec![3, 3, 4], vec![1, 2, 7]];
        let eqs = equalities(&pts).unwrap();
        assert_eq!(eqs, vec![(vec![1, 1, 1], 10)]);
        // Points in general position: no equality.
        let pts = vec![vec![0, 0], vec![1, 0], vec![0, 1]];
        assert_eq!(equalities(&pts).unwrap(), vec![]);
        // One point: every coordinate is a constant.
        assert_eq!(equalities(&[vec![4, -2]]).unwrap(), vec![(vec![1, 0], 4), (vec![0, 1], -2)]);
        assert!(equalities(&[]).is_none());
    }

    #[test]
    fn large_values_do_not_overflow_silently() {
        let pts = vec![vec![i64::MIN, i64::MAX], vec![i64::MAX, i64::MIN], vec![0, 1]];
        if let Some(eqs) = equalities(&pts) {
            for p in &pts {
                assert!(holds(&eqs, p), "{eqs:?}");
            }
        }
    }
}
