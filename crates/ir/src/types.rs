//! Types with their data layout resolved.
//!
//! Types are interned in a [`TypeTable`]: structurally equal types get the same [`TypeId`].
//! Every sized type records its size and ABI alignment in bytes, computed once by the front end
//! from the module's data layout, so engines never compute layout themselves. Struct types list
//! the byte offset of each field. Named LLVM structs are resolved to their bodies (the name is
//! kept for printing only); opaque structs are [`Type::Opaque`] and have no size.

use crate::TypeId;
use std::collections::HashMap;

/// Width of a pointer value in bits. vigil always models 64-bit pointers (an object id and an
/// offset in the VM); for ILP32 programs the front end records the program's own pointer width in
/// [`crate::Module::pointer_bytes`], which governs layout in memory.
pub const POINTER_BITS: u32 = 64;

/// The widest integer type vigil computes with (`__int128`).
pub const MAX_WIDE_INT_BITS: u32 = 128;

/// A type of the IR.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Type {
    Void,
    /// An integer of `bits` bits (1..=[`MAX_WIDE_INT_BITS`]; those over 64 bits are kept as bytes,
    /// see [`TypeTable::is_wide_int`]).
    Int { bits: u32 },
    /// A pointer (opaque, as in LLVM ≥ 15).
    Ptr,
    /// An IEEE float of 16, 32, 64, 80 or 128 bits. Values of this type can be loaded, stored
    /// and copied as bits; arithmetic on them is unsupported.
    Float { bits: u32 },
    Array { elem: TypeId, len: u64 },
    Struct {
        name: Option<String>,
        fields: Vec<TypeId>,
        /// Byte offset of each field, same order as `fields`.
        offsets: Vec<u64>,
        packed: bool,
    },
    Func { ret: TypeId, params: Vec<TypeId>, varargs: bool },
    /// A struct whose body is not known (declared only).
    Opaque { name: String },
    /// Anything else LLVM has (scalable or bit-packed vectors, labels, tokens, metadata, target
    /// types); using a value of such a type is always an [`crate::InstKind::Unsupported`]
    /// instruction. (Fixed vectors of byte-sized elements are lowered as structs named after
    /// the vector type.)
    Other { what: String },
}

/// Size and alignment of a sized type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Layout {
    pub size: u64,
    pub align: u64,
}

/// The interned types of a module together with their layout.
#[derive(Clone, Debug, Default)]
pub struct TypeTable {
    types: Vec<Type>,
    layouts: Vec<Option<Layout>>,
    index: HashMap<Type, TypeId>,
}

impl TypeTable {
    pub fn new() -> TypeTable {
        TypeTable::default()
    }

    /// Interns `ty` with the given layout (None for unsized types). Interning the same type twice
    /// returns the first id; the layout must agree (it is a function of the type and the module's
    /// data layout).
    pub fn intern(&mut self, ty: Type, layout: Option<Layout>) -> TypeId {
        if let Some(&id) = self.index.get(&ty) {
            return id;
        }
        let id = TypeId(self.types.len() as u32);
        self.types.push(ty.clone());
        self.layouts.push(layout);
        self.index.insert(ty, id);
        id
    }

    /// Looks a type up without interning it.
    pub fn lookup(&self, ty: &Type) -> Option<TypeId> {
        self.index.get(ty).copied()
    }

    pub fn get(&self, id: TypeId) -> &Type {
        &self.types[id.index()]
    }

    pub fn layout(&self, id: TypeId) -> Option<Layout> {
        self.layouts[id.index()]
    }

    /// Size in bytes of a sized type; 0 for unsized ones (void, functions, opaque structs).
    /// This is LLVM's allocation size (what an `alloca` or an array element takes), which for
    /// integers whose width is not a power of two (`i24`, `i40`: packed structs passed by value)
    /// and for `x86_fp80` is more than a load or store touches: see [`Types::store_size`].
    pub fn size_of(&self, id: TypeId) -> u64 {
        self.layout(id).map_or(0, |l| l.size)
    }

    /// The bytes a load or store of a value of this type reads or writes: LLVM's store size,
    /// `ceil(bits / 8)` for integers and floats (`i40`: 5, where [`Types::size_of`] is 8;
    /// `x86_fp80`: 10, where it is 16), the size for pointers and aggregates.
    pub fn store_size(&self, id: TypeId) -> u64 {
        match self.get(id) {
            Type::Int { bits } | Type::Float { bits } => u64::from(bits.div_ceil(8)),
            _ => self.size_of(id),
        }
    }

    /// Width in bits of a first-class value of this type: integer width, [`POINTER_BITS`] for
    /// pointers, size × 8 for floats and aggregates, 0 for void and unsized types.
    pub fn value_bits(&self, id: TypeId) -> u32 {
        match self.get(id) {
            Type::Int { bits } => *bits,
            Type::Ptr => POINTER_BITS,
            Type::Float { bits } => *bits,
            Type::Void | Type::Func { .. } | Type::Opaque { .. } | Type::Other { .. } => 0,
            Type::Array { .. } | Type::Struct { .. } => (self.size_of(id) * 8) as u32,
        }
    }

    pub fn is_int(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Int { .. })
    }

    /// An integer wider than 64 bits (`__int128`: `i128`, at most [`MAX_WIDE_INT_BITS`]). Engines
    /// keep such values as 16 bytes like aggregates; their arithmetic is
    /// `vigil_vm::wide`'s.
    pub fn is_wide_int(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Int { bits } if *bits > 64)
    }

    /// A non-aggregate value wider than 64 bits (a wide integer, `x86_fp80`, `fp128`): engines
    /// keep it as bytes like an aggregate, so that copying it through a register never truncates.
    pub fn is_byte_scalar(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Int { bits } | Type::Float { bits } if *bits > 64)
    }

    pub fn is_ptr(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Ptr)
    }

    /// Number of interned types.
    pub fn len(&self) -> usize {
        self.types.len()
    }

    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }

    /// Byte offset and type of the member reached by `indices` (as in `extractvalue`) inside an
    /// aggregate of type `agg`; None if an index is out of range or the type is not an aggregate.
    pub fn member_at(&self, agg: TypeId, indices: &[u32]) -> Option<(u64, TypeId)> {
        let mut offset = 0u64;
        let mut ty = agg;
        for &i in indices {
            match self.get(ty) {
                Type::Struct { fields, offsets, .. } => {
                    let i = i as usize;
                    offset += *offsets.get(i)?;
                    ty = *fields.get(i)?;
                }
                Type::Array { elem, len } => {
                    if u64::from(i) >= *len {
                        return None;
                    }
                    offset += u64::from(i) * self.size_of(*elem);
                    ty = *elem;
                }
                _ => return None,
            }
        }
        Some((offset, ty))
    }

    /// A short readable name of a type (`i32`, `ptr`, `[4 x i8]`, `{i32, ptr}`, `%struct.node`).
    pub fn name(&self, id: TypeId) -> String {
        match self.get(id) {
            Type::Void => "void".into(),
            Type::Int { bits } => format!("i{bits}"),
            Type::Ptr => "ptr".into(),
            Type::Float { bits } => match bits {
                16 => "half".into(),
                32 => "float".into(),
                64 => "double".into(),
                80 => "x86_fp80".into(),
                _ => format!("f{bits}"),
            },
            Type::Array { elem, len } => format!("[{len} x {}]", self.name(*elem)),
            Type::Struct { name: Some(n), .. } => format!("%{n}"),
            Type::Struct { name: None, fields, packed, .. } => {
                let inner: Vec<String> = fields.iter().map(|f| self.name(*f)).collect();
                if *packed {
                    format!("<{{{}}}>", inner.join(", "))
                } else {
                    format!("{{{}}}", inner.join(", "))
                }
            }
            Type::Func { ret, params, varargs } => {
                let mut p: Vec<String> = params.iter().map(|t| self.name(*t)).collect();
                if *varargs {
                    p.push("...".into());
                }
                format!("{} ({})", self.name(*ret), p.join(", "))
            }
            Type::Opaque { name } => format!("%{name} (opaque)"),
            Type::Other { what } => what.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_is_structural() {
        let mut t = TypeTable::new();
        let a = t.intern(Type::Int { bits: 32 }, Some(Layout { size: 4, align: 4 }));
        let b = t.intern(Type::Int { bits: 32 }, Some(Layout { size: 4, align: 4 }));
        let c = t.intern(Type::Int { bits: 8 }, Some(Layout { size: 1, align: 1 }));
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(t.len(), 2);
        assert_eq!(t.value_bits(a), 32);
    }

    #[test]
    fn member_offsets_follow_indices() {
        let mut t = TypeTable::new();
        let i8t = t.intern(Type::Int { bits: 8 }, Some(Layout { size: 1, align: 1 }));
        let i32t = t.intern(Type::Int { bits: 32 }, Some(Layout { size: 4, align: 4 }));
        let arr = t.intern(Type::Array { elem: i32t, len: 3 }, Some(Layout { size: 12, align: 4 }));
        let st = t.intern(
            Type::Struct { name: None, fields: vec![i8t, arr], offsets: vec![0, 4], packed: false },
            Some(Layout { size: 16, align: 4 }),
        );
        assert_eq!(t.member_at(st, &[1, 2]), Some((12, i32t)));
        assert_eq!(t.member_at(st, &[1, 3]), None);
        assert_eq!(t.member_at(st, &[2]), None);
        assert_eq!(t.value_bits(st), 128);
        assert_eq!(t.name(st), "{i8, [3 x i32]}");
    }
}
