//! Lowering LLVM types into vigil types, computing sizes, alignments and field offsets from the
//! module's data layout (the same rules as LLVM's `DataLayout::getTypeAllocSize`: a struct field
//! is placed at the next multiple of its ABI alignment unless the struct is packed, and a struct's
//! size is rounded up to its alignment; an array element occupies its alloc size).

use llvm_ir::types::NamedStructDef;
use llvm_ir::{Type as LType, TypeRef};
use std::collections::HashMap;
use vigil_ir::types::Layout;
use vigil_ir::{Type, TypeId, TypeTable};

pub struct TypeLowering<'m> {
    llvm: &'m llvm_ir::Module,
    memo: HashMap<TypeRef, TypeId>,
}

fn round_up(x: u64, align: u64) -> u64 {
    if align <= 1 {
        x
    } else {
        x.div_ceil(align) * align
    }
}

impl<'m> TypeLowering<'m> {
    pub fn new(llvm: &'m llvm_ir::Module) -> Self {
        TypeLowering { llvm, memo: HashMap::new() }
    }

    /// ABI alignment in bytes of a scalar LLVM type per the data layout.
    fn scalar_align(&self, ty: &LType) -> u64 {
        let bits = self.llvm.data_layout.alignments.type_alignment(ty).abi;
        u64::from(bits / 8).max(1)
    }

    /// Lowers `ty` into `table`, returning its id.
    pub fn lower(&mut self, ty: &TypeRef, table: &mut TypeTable) -> TypeId {
        if let Some(&id) = self.memo.get(ty) {
            return id;
        }
        let id = self.lower_uncached(ty, table, None);
        self.memo.insert(ty.clone(), id);
        id
    }

    fn lower_uncached(&mut self, ty: &TypeRef, table: &mut TypeTable, name: Option<String>) -> TypeId {
        match ty.as_ref() {
            LType::VoidType => table.intern(Type::Void, None),
            LType::IntegerType { bits } => {
                let bits = *bits;
                let align = self.scalar_align(ty.as_ref());
                let size = round_up(u64::from(bits).div_ceil(8), align);
                table.intern(Type::Int { bits }, Some(Layout { size, align }))
            }
            LType::PointerType { .. } => {
                let dl = &self.llvm.data_layout;
                let pl = dl.alignments.ptr_alignment(0);
                let size = u64::from(pl.size / 8).max(1);
                let align = u64::from(pl.alignment.abi / 8).max(1);
                table.intern(Type::Ptr, Some(Layout { size, align }))
            }
            LType::FPType(fp) => {
                use llvm_ir::types::FPType;
                let bits = match fp {
                    FPType::Half | FPType::BFloat => 16,
                    FPType::Single => 32,
                    FPType::Double => 64,
                    FPType::X86_FP80 => 80,
                    FPType::FP128 | FPType::PPC_FP128 => 128,
                };
                let align = self.scalar_align(ty.as_ref());
                let store = if bits == 80 { 10 } else { u64::from(bits) / 8 };
                table.intern(Type::Float { bits }, Some(Layout { size: round_up(store, align), align }))
            }
            LType::ArrayType { element_type, num_elements } => {
                let elem = self.lower(element_type, table);
                let el = table.layout(elem).unwrap_or(Layout { size: 0, align: 1 });
                let len = *num_elements as u64;
                table.intern(
                    Type::Array { elem, len },
                    Some(Layout { size: el.size.saturating_mul(len), align: el.align }),
                )
            }
            LType::StructType { element_types, is_packed } => {
                let mut fields = Vec::with_capacity(element_types.len());
                let mut offsets = Vec::with_capacity(element_types.len());
                let mut offset = 0u64;
                let mut align = 1u64;
                for et in element_types {
                    let f = self.lower(et, table);
                    let fl = table.layout(f).unwrap_or(Layout { size: 0, align: 1 });
                    let fa = if *is_packed { 1 } else { fl.align };
                    offset = round_up(offset, fa);
                    offsets.push(offset);
                    fields.push(f);
                    offset += fl.size;
                    align = align.max(fa);
                }
                let size = round_up(offset, align);
                table.intern(
                    Type::Struct { name, fields, offsets, packed: *is_packed },
                    Some(Layout { size, align }),
                )
            }
            LType::NamedStructType { name } => match self.llvm.types.named_struct_def(name) {
                Some(NamedStructDef::Defined(body)) => {
                    let body = body.clone();
                    let id = self.lower_uncached(&body, table, Some(name.clone()));
                    self.memo.insert(ty.clone(), id);
                    id
                }
                Some(NamedStructDef::Opaque) | None => {
                    table.intern(Type::Opaque { name: name.clone() }, None)
                }
            },
            LType::FuncType { result_type, param_types, is_var_arg } => {
                let ret = self.lower(result_type, table);
                let params = param_types.iter().map(|p| self.lower(p, table)).collect();
                table.intern(Type::Func { ret, params, varargs: *is_var_arg }, None)
            }
            LType::VectorType { element_type, num_elements, scalable } => {
                // A fixed vector of byte-sized elements is laid out like an array but aligned as
                // the data layout says; vigil keeps it as a struct named after the vector type,
                // whose elements `extractelement`/`insertelement` address by offset (the
                // scalarizer pass, see `driver`, leaves no other vector operation behind).
                let elem = self.lower(element_type, table);
                let el = table.layout(elem).unwrap_or(Layout { size: 0, align: 1 });
                let byte_sized = match table.get(elem) {
                    Type::Int { bits } => *bits <= 64 && u64::from(*bits) == el.size * 8,
                    Type::Float { bits } => matches!(bits, 32 | 64),
                    Type::Ptr => true,
                    _ => false,
                };
                if *scalable || !byte_sized || *num_elements == 0 {
                    return table.intern(Type::Other { what: format!("vector type {ty}") }, None);
                }
                let n = *num_elements as u64;
                let align = self.scalar_align(ty.as_ref()).max(el.align);
                table.intern(
                    Type::Struct {
                        name: Some(format!("{ty}")),
                        fields: vec![elem; n as usize],
                        offsets: (0..n).map(|i| i * el.size).collect(),
                        packed: false,
                    },
                    Some(Layout { size: round_up(el.size * n, align), align }),
                )
            }
            other => table.intern(Type::Other { what: format!("{other}") }, None),
        }
    }
}

/// Why a type cannot be the type of a first-class value vigil computes with, if it cannot.
pub fn unsupported_value_type(table: &TypeTable, id: TypeId) -> Option<String> {
    match table.get(id) {
        Type::Int { bits } if *bits > vigil_ir::types::MAX_WIDE_INT_BITS => {
            Some(format!("integer type i{bits} (wider than 128 bits)"))
        }
        Type::Other { what } => Some(what.clone()),
        Type::Opaque { name } => Some(format!("value of opaque type %{name}")),
        Type::Array { elem, .. } => unsupported_value_type(table, *elem),
        Type::Struct { fields, .. } => fields.iter().find_map(|f| unsupported_value_type(table, *f)),
        _ => None,
    }
}
