//! A fast, non-cryptographic hasher for the hash-consing table of terms and for the explicit
//! engine's tables (visited states, interned objects, canonical numbering; `vigil_vm` re-exports
//! this module). The keys are terms and the program's own states, not attacker-chosen input, so
//! resistance to collision attacks (what std's SipHash buys) is not needed; equality is always
//! checked exactly after hashing, so a weak hash costs time, never correctness.
//!
//! The hash consumes 8 bytes at a time with a multiply–rotate step and finishes with a 64-bit
//! avalanche mix, so both the low bits (bucket index) and the high bits (hashbrown's tag) depend
//! on every input byte.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

const K: u64 = 0x517c_c1b7_2722_0a95;

/// The hasher state.
#[derive(Default, Clone, Copy)]
pub struct FastHasher {
    h: u64,
}

impl FastHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.h = (self.h.rotate_left(5) ^ word).wrapping_mul(K);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            // The length keeps "ab" and "ab\0" apart.
            self.add(u64::from_le_bytes(last) ^ ((rest.len() as u64) << 59));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // MurmurHash3's 64-bit finaliser.
        let mut x = self.h;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        x ^ (x >> 33)
    }
}

/// A `HashMap` with [`FastHasher`].
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;
/// A `HashSet` with [`FastHasher`].
pub type FastSet<K> = HashSet<K, BuildHasherDefault<FastHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::Hash;

    fn hash<T: Hash + ?Sized>(t: &T) -> u64 {
        let mut h = FastHasher::default();
        t.hash(&mut h);
        h.finish()
    }

    #[test]
    fn every_byte_and_the_length_matter() {
        let base = [7u8; 19];
        let h0 = hash(&base[..]);
        for i in 0..base.len() {
            let mut b = base;
            b[i] ^= 1;
            assert_ne!(hash(&b[..]), h0, "byte {i}");
        }
        assert_ne!(hash(&[1u8, 2][..]), hash(&[1u8, 2, 0][..]));
        assert_ne!(hash(&[0u8; 8][..]), hash(&[0u8; 16][..]));
    }

    #[test]
    fn maps_work_with_it() {
        let mut m: FastMap<Vec<u8>, u32> = FastMap::default();
        for i in 0..1000u32 {
            m.insert(i.to_le_bytes().to_vec(), i);
        }
        assert!((0..1000u32).all(|i| m[&i.to_le_bytes().to_vec()] == i));
    }
}
