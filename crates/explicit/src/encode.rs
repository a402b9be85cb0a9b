//! Compact byte encodings for the visited-state store: unsigned integers as LEB128 varints and
//! canonical objects (`vigil_vm::memory::Object`) as self-delimiting byte strings.
//!
//! The store (`crate::store`) keeps every distinct object once, in this form, instead of as an
//! `Rc<Object>` with three vector headers (DiVM §1.5: an explicit-state checker lives or dies by
//! how compactly it stores the visited set).
//!
//! # Object encoding
//!
//! ```text
//! head      1 byte: kind (bits 0–2) | ALL_DEFINED | NONE_DEFINED | HAS_PTRS | UNDEF_COPIED
//!           | SHARED; kind 7 (EXTENDED_KIND) means the kind is the next byte (the kinds past 6)
//! size      varint
//! data      `size` bytes
//! def       `size` bytes, only when neither ALL_DEFINED nor NONE_DEFINED is set
//! ptrs      only with HAS_PTRS: varint count, then per slot varint(offset − previous offset,
//!           wrapping in u32) and varint(0 for an 8-byte slot, else the 4-byte slot's object + 1)
//! ```
//!
//! # Invariants
//!
//! * Exact: `decode_object(encode_object(o)) == o` for every object, including the bytes of
//!   undefined data, so two objects have equal encodings exactly when they are equal.
//! * Self-delimiting: the decoder reads exactly the bytes the encoder wrote, so no encoding is a
//!   proper prefix of another. Comparing an encoding with the bytes that *start* at a position of
//!   an arena therefore compares it with the object stored there, without a length field.
//! * The encoder always writes the shortest varint, so equal values give equal bytes.

use vigil_vm::memory::{ObjKind, Object, PtrSlot, WIDE};

const KIND_MASK: u8 = 0x07;
/// The kind field's value that says the kind is in the byte after the head: three bits name 8
/// values and the five flags take the head's other bits, so kinds past 6 take one byte more.
const EXTENDED_KIND: u8 = 0x07;
const ALL_DEFINED: u8 = 0x08;
const NONE_DEFINED: u8 = 0x10;
const HAS_PTRS: u8 = 0x20;
const UNDEF_COPIED: u8 = 0x40;
const SHARED: u8 = 0x80;

/// Appends `v` as an LEB128 varint (7 bits per byte, low bits first; shortest form).
#[inline]
pub fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Reads a varint at `*pos` and advances `*pos` past it. The bytes must have been written by
/// [`put_varint`] (the store only reads back what it wrote).
#[inline]
pub fn get_varint(bytes: &[u8], pos: &mut usize) -> u64 {
    let mut v = 0u64;
    let mut shift = 0;
    loop {
        let b = bytes[*pos];
        *pos += 1;
        v |= u64::from(b & 0x7f) << shift;
        if b < 0x80 {
            return v;
        }
        shift += 7;
    }
}

/// A varint that the encoder wrote from a `u32`.
#[inline]
pub fn get_u32(bytes: &[u8], pos: &mut usize) -> u32 {
    get_varint(bytes, pos) as u32
}

/// The kind's code: below [`EXTENDED_KIND`] in the head itself, else in the byte after it.
fn kind_code(kind: ObjKind) -> u8 {
    match kind {
        ObjKind::Heap => 0,
        ObjKind::Global => 1,
        ObjKind::Constant => 2,
        ObjKind::Frame => 3,
        ObjKind::Alloca => 4,
        ObjKind::OutOfScope => 5,
        ObjKind::VarArgs => 6,
        ObjKind::EarlierInstance => 7,
        ObjKind::Internal => 8,
    }
}

fn kind_of(code: u8) -> ObjKind {
    match code {
        0 => ObjKind::Heap,
        1 => ObjKind::Global,
        2 => ObjKind::Constant,
        3 => ObjKind::Frame,
        4 => ObjKind::Alloca,
        5 => ObjKind::OutOfScope,
        6 => ObjKind::VarArgs,
        7 => ObjKind::EarlierInstance,
        8 => ObjKind::Internal,
        _ => unreachable!("object kind code {code} is never written"),
    }
}

/// Appends the encoding of `o` (see the module documentation).
pub fn encode_object(o: &Object, out: &mut Vec<u8>) {
    let all = o.def.iter().all(|d| *d == 0xff);
    let none = !all && o.def.iter().all(|d| *d == 0);
    let code = kind_code(o.kind);
    let mut head = code.min(EXTENDED_KIND);
    if all {
        head |= ALL_DEFINED;
    } else if none {
        head |= NONE_DEFINED;
    }
    if !o.ptrs.is_empty() {
        head |= HAS_PTRS;
    }
    if o.undef_copied {
        head |= UNDEF_COPIED;
    }
    if o.shared {
        head |= SHARED;
    }
    out.push(head);
    if code >= EXTENDED_KIND {
        out.push(code);
    }
    put_varint(out, o.data.len() as u64);
    out.extend_from_slice(&o.data);
    if !all && !none {
        out.extend_from_slice(&o.def);
    }
    if !o.ptrs.is_empty() {
        put_varint(out, o.ptrs.len() as u64);
        let mut prev = 0u32;
        for p in &o.ptrs {
            put_varint(out, u64::from(p.off.wrapping_sub(prev)));
            prev = p.off;
            put_varint(out, if p.obj == WIDE { 0 } else { u64::from(p.obj) + 1 });
        }
    }
}

/// Decodes the object whose encoding starts at `bytes[0]`.
pub fn decode_object(bytes: &[u8]) -> Object {
    let head = bytes[0];
    let mut pos = 1;
    let code = match head & KIND_MASK {
        EXTENDED_KIND => {
            pos += 1;
            bytes[1]
        }
        c => c,
    };
    let size = get_varint(bytes, &mut pos) as usize;
    let data = bytes[pos..pos + size].to_vec();
    pos += size;
    let def = if head & ALL_DEFINED != 0 {
        vec![0xff; size]
    } else if head & NONE_DEFINED != 0 {
        vec![0; size]
    } else {
        pos += size;
        bytes[pos - size..pos].to_vec()
    };
    let mut ptrs = Vec::new();
    if head & HAS_PTRS != 0 {
        let n = get_varint(bytes, &mut pos) as usize;
        ptrs.reserve_exact(n);
        let mut prev = 0u32;
        for _ in 0..n {
            let off = prev.wrapping_add(get_u32(bytes, &mut pos));
            prev = off;
            let obj = match get_varint(bytes, &mut pos) {
                0 => WIDE,
                o => (o - 1) as u32,
            };
            ptrs.push(PtrSlot { off, obj });
        }
    }
    Object { kind: kind_of(code), data, def, ptrs, undef_copied: head & UNDEF_COPIED != 0, shared: head & SHARED != 0 }
}

/// Length of the object encoding that starts at `bytes[0]`.
pub fn object_len(bytes: &[u8]) -> usize {
    let head = bytes[0];
    let mut pos = if head & KIND_MASK == EXTENDED_KIND { 2 } else { 1 };
    let size = get_varint(bytes, &mut pos) as usize;
    pos += size;
    if head & (ALL_DEFINED | NONE_DEFINED) == 0 {
        pos += size;
    }
    if head & HAS_PTRS != 0 {
        let n = get_varint(bytes, &mut pos);
        for _ in 0..2 * n {
            get_varint(bytes, &mut pos);
        }
    }
    pos
}

#[cfg(test)]
mod tests {
    use super::*;
    use vigil_vm::memory::Scalar;

    fn round_trip(o: &Object) -> Vec<u8> {
        let mut bytes = Vec::new();
        encode_object(o, &mut bytes);
        assert_eq!(&decode_object(&bytes), o);
        assert_eq!(object_len(&bytes), bytes.len());
        // Trailing bytes (the next object in an arena) do not change what is decoded.
        let mut longer = bytes.clone();
        longer.extend_from_slice(&[0xff, 0x80, 7]);
        assert_eq!(&decode_object(&longer), o);
        assert_eq!(object_len(&longer), bytes.len());
        bytes
    }

    #[test]
    fn varints_round_trip_in_shortest_form() {
        for v in [0u64, 1, 127, 128, 300, 16_383, 16_384, u64::from(u32::MAX), u64::MAX] {
            let mut out = Vec::new();
            put_varint(&mut out, v);
            let expected_len = (64 - v.leading_zeros()).div_ceil(7).max(1) as usize;
            assert_eq!(out.len(), expected_len, "{v}");
            let mut pos = 0;
            assert_eq!(get_varint(&out, &mut pos), v);
            assert_eq!(pos, out.len());
        }
    }

    #[test]
    fn objects_round_trip_with_every_definedness_and_pointer_form() {
        // All defined, no pointers: head, size, data only.
        let mut a = Object::new(ObjKind::Global, 12, true);
        a.write(4, 4, Scalar::int(0x0102_0304));
        assert_eq!(round_trip(&a).len(), 1 + 1 + 12);
        // Nothing defined (a fresh alloca), but its data bytes still count.
        let mut b = Object::new(ObjKind::Alloca, 5, false);
        b.data[2] = 9;
        assert_eq!(round_trip(&b).len(), 1 + 1 + 5);
        // Partly defined, down to single bits.
        let mut c = Object::new(ObjKind::Heap, 4, false);
        c.write(0, 1, Scalar { bits: 0x5, def: 0x7, ptr: false });
        assert_eq!(round_trip(&c).len(), 1 + 1 + 4 + 4);
        // Wide and narrow pointer slots, code pointers, dangling and invalid markers.
        let mut d = Object::new(ObjKind::Frame, 64, true);
        d.write_slot(8, 8, Scalar::pointer(3, 4));
        d.write(20, 4, Scalar::pointer(vigil_vm::memory::DANGLING_OBJ, 1));
        d.write_slot(32, 8, Scalar::pointer(vigil_vm::memory::CODE_TAG | 7, 0));
        d.write(48, 4, Scalar::pointer(vigil_vm::memory::INVALID_OBJ, 2));
        assert_eq!(d.ptrs.len(), 4);
        round_trip(&d);
        // Every kind, and the empty object.
        let kinds = [
            ObjKind::Heap,
            ObjKind::Global,
            ObjKind::Constant,
            ObjKind::Frame,
            ObjKind::Alloca,
            ObjKind::OutOfScope,
            ObjKind::VarArgs,
            ObjKind::EarlierInstance,
            ObjKind::Internal,
        ];
        for kind in kinds {
            round_trip(&Object::new(kind, 0, false));
            round_trip(&Object::new(kind, 3, true));
            // Every flag of the head with the kind: none may be read as part of it (a ninth
            // kind once took the ALL_DEFINED bit).
            let mut e = Object::new(kind, 16, false);
            e.write(0, 2, Scalar::int(7));
            e.write_slot(8, 8, Scalar::pointer(5, 0));
            e.undef_copied = true;
            e.shared = true;
            round_trip(&e);
        }
        // A kind past the head's three bits takes one byte more.
        assert_eq!(round_trip(&Object::new(ObjKind::Internal, 4, true)).len(), 1 + 1 + 1 + 4);
    }

    #[test]
    fn objects_that_differ_anywhere_encode_differently() {
        let mut base = Object::new(ObjKind::Heap, 16, true);
        base.write(0, 8, Scalar::pointer(2, 0));
        let enc = |o: &Object| {
            let mut v = Vec::new();
            encode_object(o, &mut v);
            v
        };
        let e = enc(&base);
        let mut byte = base.clone();
        byte.data[9] ^= 1;
        let mut bit = base.clone();
        bit.def[9] = 0xfe;
        let mut target = base.clone();
        target.write(0, 8, Scalar::pointer(3, 0));
        let mut not_pointer = base.clone();
        not_pointer.ptrs.clear();
        let mut kind = base.clone();
        kind.kind = ObjKind::Alloca;
        let mut size = base.clone();
        size.resize(17);
        size.def[16] = 0xff;
        for other in [byte, bit, target, not_pointer, kind, size] {
            assert_ne!(enc(&other), e, "{other:?}");
        }
    }
}
