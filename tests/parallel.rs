//! Running a test's programs two at a time (the test machines have two cores), shared by the
//! crates' test suites as `tests/header.rs` is (`#[path = …] mod parallel;`).

/// Runs `check` on every item with two worker threads; returns its errors, sorted.
pub fn in_parallel<T: Sync>(items: &[T], check: impl Fn(&T) -> Result<(), String> + Sync) -> Vec<String> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                while let Some(item) = items.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)) {
                    if let Err(e) = check(item) {
                        failures.lock().unwrap_or_else(|e| e.into_inner()).push(e);
                    }
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    failures.sort();
    failures
}
