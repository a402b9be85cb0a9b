//! Heap bytes per engine: the process's global allocator, counting what each thread's *account*
//! holds, so that the portfolio can tell which engine a memory overrun comes from.
//!
//! A thread starts in account 0 (the main thread, compilation, everything shared); the portfolio
//! puts each engine's thread in an account of its own ([`Account::enter`]). An allocation adds its size to
//! the account of the thread that makes it; a free subtracts it from the account of the thread
//! that frees it. Engines free their own structures (they share only inputs built before they
//! start), so an engine's account is what it holds now, and returns near zero once it has
//! finished. A block freed by another thread than the one that allocated it moves its bytes
//! between accounts; the counts are estimates for choosing an engine to stop, never a limit of
//! their own — the limit is the process's resident memory (`portfolio`).
//!
//! A thread keeps what it was charged in a thread-local balance and adds it to its account's
//! counter once the balance reaches [`PUBLISH_BYTES`] either way (and when the thread enters
//! another account), so an account's count lags what its threads hold by less than that much per
//! thread. An atomic add per allocation and per free was 12 % of the explicit engine's time on
//! symbolic SystemC tasks (`perf`, `bench/RESULTS-2.md`); the thread-local balance costs two
//! thread-local accesses.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicIsize, Ordering};

/// How many accounts there are; account 0 holds everything not attributed to an engine.
pub const ACCOUNTS: usize = 32;

/// One counter per cache line, so engines on different cores do not share a line.
#[repr(align(64))]
struct Counter(AtomicIsize);

static HELD: [Counter; ACCOUNTS] = [const { Counter(AtomicIsize::new(0)) }; ACCOUNTS];

/// Which of accounts 1.. are claimed by a live [`Account`].
static CLAIMED: [AtomicBool; ACCOUNTS] = [const { AtomicBool::new(false) }; ACCOUNTS];

/// The balance at which a thread adds what it was charged to its account's counter.
pub const PUBLISH_BYTES: isize = 64 << 10;

thread_local! {
    static ACCOUNT: Cell<usize> = const { Cell::new(0) };
    /// Bytes charged on this thread and not yet added to its account's counter.
    static BALANCE: Cell<isize> = const { Cell::new(0) };
}

/// An account claimed for one engine's thread; given back when dropped. Several portfolios in
/// one process (the unit tests) therefore never share an account.
#[derive(Debug)]
pub struct Account(usize);

impl Account {
    /// A free account, or None when all are claimed (the engine's memory then counts as
    /// unattributed).
    pub fn claim() -> Option<Account> {
        (1..ACCOUNTS)
            .find(|&k| CLAIMED[k].compare_exchange(false, true, Ordering::AcqRel, Ordering::Relaxed).is_ok())
            .map(|k| {
                // Whatever an earlier holder left (blocks it allocated and another thread freed)
                // is not this one's.
                HELD[k].0.store(0, Ordering::Relaxed);
                Account(k)
            })
    }

    /// Puts the calling thread's later allocations and frees in this account.
    pub fn enter(&self) {
        publish();
        ACCOUNT.with(|a| a.set(self.0));
    }

    /// The bytes this account holds now (0 if it has freed more than it allocated).
    pub fn held(&self) -> u64 {
        HELD[self.0].0.load(Ordering::Relaxed).max(0) as u64
    }
}

impl Drop for Account {
    fn drop(&mut self) {
        CLAIMED[self.0].store(false, Ordering::Release);
    }
}

/// The allocator: the system's, with the counting above.
pub struct Counting;

fn charge(bytes: isize) {
    let published = BALANCE.try_with(|b| {
        let sum = b.get() + bytes;
        if sum.abs() < PUBLISH_BYTES {
            b.set(sum);
        } else {
            b.set(0);
            add(sum);
        }
    });
    if published.is_err() {
        // The thread's locals are gone (it is ending): charge the account directly.
        add(bytes);
    }
}

/// Adds this thread's balance to its account's counter.
fn publish() {
    let _ = BALANCE.try_with(|b| add(b.replace(0)));
}

/// Adds `bytes` to the counter of this thread's account.
fn add(bytes: isize) {
    // `try_with`: during thread teardown the thread-local may be gone; such bytes go to account 0.
    let account = ACCOUNT.try_with(|a| a.get()).unwrap_or(0);
    HELD[account].0.fetch_add(bytes, Ordering::Relaxed);
}

// SAFETY: every method forwards to `System` with the same arguments; the counting has no effect
// on the memory returned.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            charge(layout.size() as isize);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            charge(layout.size() as isize);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        charge(-(layout.size() as isize));
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            charge(new_size as isize - layout.size() as isize);
        }
        p
    }
}

/// Asks the C allocator to give freed memory back to the system, so that the resident size
/// measured next reflects what is still held.
pub fn return_free_memory() {
    // SAFETY: `malloc_trim` only releases free memory of glibc's arenas; any argument is valid.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thread_in_its_own_account_is_charged_for_what_it_holds_and_credited_when_it_frees() {
        let account = Account::claim().expect("a free account");
        let handle = std::thread::spawn(move || {
            account.enter();
            let before = account.held();
            let block = vec![1u8; 1 << 20];
            let holding = account.held();
            drop(std::hint::black_box(block));
            (before, holding, account.held())
        });
        let (before, holding, after) = handle.join().expect("the thread ran");
        assert!(holding >= before + (1 << 20), "holding {holding}, before {before}");
        assert!(after <= holding - (1 << 20), "after {after}, holding {holding}");
    }

    #[test]
    fn small_blocks_are_counted_within_one_balance_of_what_the_thread_holds() {
        let account = Account::claim().expect("a free account");
        let handle = std::thread::spawn(move || {
            account.enter();
            let before = account.held();
            // 256 blocks of 1 KiB: each alone stays in the thread's balance.
            let blocks: Vec<Vec<u8>> = (0..256).map(|i| vec![i as u8; 1024]).collect();
            let holding = account.held();
            drop(std::hint::black_box(blocks));
            (before, holding, account.held())
        });
        let (before, holding, after) = handle.join().expect("the thread ran");
        let lag = PUBLISH_BYTES as u64;
        assert!(holding + lag >= before + 256 * 1024, "holding {holding}, before {before}");
        assert!(after <= holding.saturating_sub(256 * 1024) + lag, "after {after}, holding {holding}");
    }

    #[test]
    fn a_claimed_account_is_not_handed_out_twice() {
        let a = Account::claim().expect("a free account");
        let b = Account::claim().expect("another free account");
        assert_ne!(a.0, b.0);
        assert_ne!(a.0, 0);
    }
}
