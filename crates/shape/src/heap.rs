//! Objects of the symbolic memory graph: a block of bytes whose contents are a set of
//! non-overlapping fields (offset, size, value) over a fill (the value of every byte no field
//! covers), and the list segment an object may stand for.
//!
//! Invariants:
//! * fields never overlap and lie inside the object (`off + size <= object size`);
//! * a pointer or function value is a field of exactly 8 bytes (LP64; the engine declines other
//!   layouts);
//! * a segment object's fields are a template every node of the segment satisfies: its link
//!   fields (`next`, and `prev` for a doubly linked segment) hold what the last node's `next`
//!   and the first node's `prev` point to, outside the segment.

use crate::value::{ObjId, Val};
use std::collections::BTreeMap;
use vigil_ir::GlobalId;

/// Where an object lives; only heap objects are ever summarised into segments.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Region {
    Heap,
    /// A stack slot of the frame at this depth (0 = `main`).
    Stack(u32),
    Global(GlobalId),
}

/// Whether an object can be accessed.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Status {
    Live,
    /// Heap memory given back with `free`.
    Freed,
    /// A stack slot whose function returned or whose block-scoped life ended.
    Dead,
}

/// The value of the bytes no field covers.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Fill {
    Undef,
    Zero,
}

/// A list segment of `min` or more nodes (`min` saturates at [`Seg::MAX_MIN`]): nodes linked
/// through the pointer at byte `next` (and back through the one at `prev`), each link pointing at
/// byte `head` of the next node (Dudka, Peringer, Vojnar, *Byte-Precise Verification of
/// Low-Level List Manipulation*, SAS 2013: the head offset lets `list_head`-style links live
/// inside a larger node).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Seg {
    pub min: u8,
    pub next: u64,
    pub prev: Option<u64>,
    pub head: u64,
}

impl Seg {
    /// Lengths are remembered up to this many nodes (0+, 1+, 2+).
    pub const MAX_MIN: u8 = 2;
}

/// One field: `size` bytes holding `val`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Field {
    pub size: u64,
    pub val: Val,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Object {
    pub size: u64,
    /// The alignment of the object's first byte (heap: 16, as glibc's `malloc`; a stack slot
    /// or a global: its declared alignment).
    pub align: u64,
    pub region: Region,
    pub status: Status,
    pub read_only: bool,
    pub fill: Fill,
    pub fields: BTreeMap<u64, Field>,
    pub seg: Option<Seg>,
    /// A prototype: part of the sub-heap that every node of segment `owner` has its own copy of
    /// (a node's private data, its own sub-list). Nothing outside that sub-heap and the
    /// segment's template points to it; materialising a node copies it.
    pub owner: Option<ObjId>,
}

/// Why a read or write cannot be expressed in this memory model (the analysis gives up).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inexpressible(pub &'static str);

/// One byte of an object's contents.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Byte {
    Known(u8),
    Any,
    Undef,
    /// Part of a pointer or function value.
    Address,
}

impl Object {
    pub fn new(size: u64, align: u64, region: Region, fill: Fill) -> Object {
        Object { size, align, region, status: Status::Live, read_only: false, fill, fields: BTreeMap::new(), seg: None, owner: None }
    }

    /// The fields overlapping `[off, off + size)`, by offset.
    fn overlapping(&self, off: u64, size: u64) -> Vec<(u64, Field)> {
        let end = off + size;
        let mut out: Vec<(u64, Field)> = Vec::new();
        // The field starting before `off` may reach into the range.
        if let Some((&o, &f)) = self.fields.range(..off).next_back() {
            if o + f.size > off {
                out.push((o, f));
            }
        }
        out.extend(self.fields.range(off..end).map(|(&o, &f)| (o, f)));
        out
    }

    fn byte_at(&self, at: u64) -> Byte {
        match self.fields.range(..=at).next_back() {
            Some((&o, f)) if o + f.size > at => match f.val {
                Val::Int { bits, .. } => Byte::Known((bits >> (8 * (at - o))) as u8),
                Val::Null => Byte::Known(0),
                Val::Any { .. } => Byte::Any,
                Val::Undef => Byte::Undef,
                Val::Ptr(_) | Val::Func(_) => Byte::Address,
            },
            _ => match self.fill {
                Fill::Zero => Byte::Known(0),
                Fill::Undef => Byte::Undef,
            },
        }
    }

    /// The value of the `size` bytes at `off` read as a pointer (`as_ptr`) or as an integer of
    /// `size × 8` bits. The range lies inside the object (the caller checked).
    pub fn read(&self, off: u64, size: u64, as_ptr: bool) -> Result<Val, Inexpressible> {
        if let Some(f) = self.fields.get(&off).filter(|f| f.size == size) {
            return match (f.val, as_ptr) {
                (Val::Ptr(_) | Val::Func(_) | Val::Null | Val::Undef, true) => Ok(f.val),
                (Val::Int { bits: 0, .. }, true) => Ok(Val::Null),
                (Val::Int { .. } | Val::Any { .. }, true) => Err(Inexpressible("an integer read as a pointer")),
                (Val::Null, false) => Ok(Val::int(0, (8 * size) as u32)),
                (Val::Ptr(_) | Val::Func(_), false) => Err(Inexpressible("a pointer read as an integer")),
                (v, false) => Ok(v),
            };
        }
        if size > 8 {
            return Err(Inexpressible("a read of more than 8 bytes"));
        }
        let bytes: Vec<Byte> = (off..off + size).map(|a| self.byte_at(a)).collect();
        let width = (8 * size) as u32;
        if bytes.contains(&Byte::Address) {
            return Err(Inexpressible("part of a pointer read"));
        }
        if bytes.iter().all(|b| *b == Byte::Undef) {
            return Ok(Val::Undef);
        }
        if bytes.contains(&Byte::Undef) {
            return Err(Inexpressible("a read of partly uninitialised bytes"));
        }
        if bytes.contains(&Byte::Any) {
            return if as_ptr { Err(Inexpressible("an integer read as a pointer")) } else { Ok(Val::any(width)) };
        }
        let bits = bytes.iter().rev().fold(0u64, |acc, b| match b {
            Byte::Known(x) => (acc << 8) | u64::from(*x),
            _ => acc,
        });
        match (as_ptr, bits) {
            (true, 0) => Ok(Val::Null),
            (true, _) => Err(Inexpressible("an integer read as a pointer")),
            (false, _) => Ok(Val::int(bits, width)),
        }
    }

    /// Writes `val` over the `size` bytes at `off` (inside the object). Fields partly overwritten
    /// keep their other bytes, one field per byte.
    pub fn write(&mut self, off: u64, size: u64, val: Val) -> Result<(), Inexpressible> {
        if matches!(val, Val::Ptr(_) | Val::Func(_) | Val::Null) && size != 8 {
            return Err(Inexpressible("a pointer stored in fewer than 8 bytes"));
        }
        let end = off + size;
        for (o, f) in self.overlapping(off, size) {
            self.fields.remove(&o);
            if o >= off && o + f.size <= end {
                continue;
            }
            // Keep the bytes outside the written range.
            let keep = (o..o + f.size).filter(|a| *a < off || *a >= end);
            for a in keep {
                let byte = match f.val {
                    Val::Int { bits, .. } => Val::int(bits >> (8 * (a - o)), 8),
                    Val::Null => Val::int(0, 8),
                    Val::Any { .. } => Val::any(8),
                    Val::Undef => Val::Undef,
                    Val::Ptr(_) | Val::Func(_) => return Err(Inexpressible("part of a pointer overwritten")),
                };
                if byte == Val::Undef && self.fill == Fill::Undef {
                    continue;
                }
                self.fields.insert(a, Field { size: 1, val: byte });
            }
        }
        if !(val == Val::Undef && self.fill == Fill::Undef) {
            self.fields.insert(off, Field { size, val });
        }
        Ok(())
    }

    /// Sets `len` bytes at `off` to `byte` (`memset`).
    pub fn fill_bytes(&mut self, off: u64, len: u64, byte: u8) -> Result<(), Inexpressible> {
        if len == 0 {
            return Ok(());
        }
        let word = u64::from_le_bytes([byte; 8]);
        let mut at = off;
        while at < off + len {
            let n = (off + len - at).min(8);
            self.write(at, n, Val::int(word, (8 * n) as u32))?;
            at += n;
        }
        Ok(())
    }

    /// Every pointer value held in the object's fields.
    pub fn pointers(&self) -> impl Iterator<Item = (u64, crate::value::Ptr)> + '_ {
        self.fields.iter().filter_map(|(&o, f)| match f.val {
            Val::Ptr(p) => Some((o, p)),
            _ => None,
        })
    }

    /// Rewrites every value of the object's fields with `f`.
    pub fn map_values(&mut self, mut f: impl FnMut(Val) -> Result<Val, Inexpressible>) -> Result<(), Inexpressible> {
        for field in self.fields.values_mut() {
            field.val = f(field.val)?;
        }
        Ok(())
    }

    /// Whether any field's value points at `obj`.
    pub fn points_to(&self, obj: ObjId) -> bool {
        self.pointers().any(|(_, p)| p.obj == obj)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::End;

    #[test]
    fn reads_assemble_bytes_of_known_fields_and_the_fill() {
        let mut o = Object::new(16, 16, Region::Heap, Fill::Zero);
        o.write(0, 4, Val::int(0x1122_3344, 32)).unwrap();
        assert_eq!(o.read(0, 4, false), Ok(Val::int(0x1122_3344, 32)));
        assert_eq!(o.read(2, 2, false), Ok(Val::int(0x1122, 16)));
        assert_eq!(o.read(2, 4, false), Ok(Val::int(0x1122, 32)));
        assert_eq!(o.read(8, 8, true), Ok(Val::Null));
        o.write(1, 1, Val::any(8)).unwrap();
        assert_eq!(o.read(0, 1, false), Ok(Val::int(0x44, 8)));
        assert_eq!(o.read(0, 4, false), Ok(Val::any(32)));
    }

    #[test]
    fn uninitialised_and_pointer_bytes_are_never_mixed_into_integers() {
        let mut o = Object::new(16, 16, Region::Heap, Fill::Undef);
        assert_eq!(o.read(0, 8, true), Ok(Val::Undef));
        o.write(0, 4, Val::int(7, 32)).unwrap();
        assert!(o.read(0, 8, false).is_err());
        o.write(8, 8, Val::ptr(3, 0, End::First)).unwrap();
        assert_eq!(o.read(8, 8, true), Ok(Val::ptr(3, 0, End::First)));
        assert!(o.read(8, 8, false).is_err());
        assert!(o.read(12, 4, false).is_err());
        assert!(o.write(12, 4, Val::int(0, 32)).is_err());
        o.write(8, 8, Val::int(0, 64)).unwrap();
        assert_eq!(o.read(8, 8, true), Ok(Val::Null));
    }

    #[test]
    fn memset_then_partial_writes_keep_the_other_bytes() {
        let mut o = Object::new(12, 16, Region::Heap, Fill::Undef);
        o.fill_bytes(0, 12, 0).unwrap();
        assert_eq!(o.read(8, 4, false), Ok(Val::int(0, 32)));
        o.write(3, 2, Val::int(0xabcd, 16)).unwrap();
        assert_eq!(o.read(0, 8, false), Ok(Val::int(0xab_cd00_0000, 64)));
        assert_eq!(o.read(4, 4, false), Ok(Val::int(0xab, 32)));
    }
}
