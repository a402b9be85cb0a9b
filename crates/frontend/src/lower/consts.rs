//! Lowering LLVM constants: operand constants into the module's constant pool, and initialisers
//! into bytes plus relocations.
//!
//! Constant expressions are folded at lowering time: `getelementptr` of a global becomes a
//! pointer constant `@g + offset` (the offset comes from [`super::gep_offsets`]), `ptrtoint` of a
//! pointer constant becomes [`Const::PtrAsInt`], integer arithmetic on integer constants is
//! evaluated. Anything else is reported as unsupported (an `Err` naming the construct), which the
//! caller turns into an `Unsupported` marker.

use super::gep_offsets::{gep_key, global_key, GepOffset, NULL_KEY};
use super::Lowerer;
use llvm_ir::constant::Float;
use llvm_ir::{Constant, ConstantRef, Name};
use vigil_ir::{Const, ConstId, GlobalInit, PtrTarget, Reloc, Type, TypeId};

pub fn name_str(n: &Name) -> String {
    match n {
        Name::Name(s) => (**s).clone(),
        Name::Number(k) => k.to_string(),
    }
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

fn sext(value: u64, bits: u32) -> i64 {
    if bits == 0 || bits >= 64 {
        value as i64
    } else {
        let s = 64 - bits;
        ((value << s) as i64) >> s
    }
}

impl Lowerer<'_> {
    /// Interns a constant in the module pool.
    pub(super) fn intern_const(&mut self, c: Const) -> ConstId {
        if let Some(&id) = self.const_ids.get(&c) {
            return id;
        }
        let id = self.m.add_const(c.clone());
        self.const_ids.insert(c, id);
        id
    }

    /// Lowers an operand constant.
    pub(super) fn lower_const(&mut self, c: &ConstantRef) -> Result<ConstId, String> {
        let k = self.eval_const(c)?;
        Ok(self.intern_const(k))
    }

    fn int_type(&mut self, bits: u32) -> TypeId {
        let t = self.llvm.types.int(bits);
        self.lower_type(&t)
    }

    fn target_of(&self, name: &Name) -> Result<PtrTarget, String> {
        let s = name_str(name);
        if let Some(g) = self.m.global_by_name(&s) {
            return Ok(PtrTarget::Global(g));
        }
        if let Some(f) = self.m.function_by_name(&s) {
            return Ok(PtrTarget::Func(f));
        }
        if s.starts_with("llvm.") {
            return Err(format!("address of intrinsic @{s}"));
        }
        Err(format!("reference to @{s} (an alias or ifunc)"))
    }

    /// The structural key of a pointer constant used as a GEP base.
    fn gep_base_key(c: &Constant) -> Option<String> {
        match c {
            Constant::GlobalReference { name, .. } => Some(global_key(&name_str(name))),
            Constant::Null(_) => Some(NULL_KEY.to_string()),
            Constant::GetElementPtr(g) => {
                let base = Self::gep_base_key(&g.address)?;
                let idx: Vec<Option<i64>> = g.indices.iter().map(const_index).collect();
                Some(gep_key(&base, &idx, g.in_bounds))
            }
            _ => None,
        }
    }

    /// Evaluates a constant to a pool constant.
    pub(super) fn eval_const(&mut self, c: &ConstantRef) -> Result<Const, String> {
        match c.as_ref() {
            Constant::Int { bits, value } => {
                if *bits > vigil_ir::types::MAX_WIDE_INT_BITS {
                    return Err(format!("integer constant of type i{bits} (wider than 128 bits)"));
                }
                if *bits > 64 {
                    // A wide integer is 16 bytes like an aggregate (see `vigil_vm::wide`); `canon_wide`
                    // made every value `llvm-ir` reads here exact (it fits 64 bits), or said not.
                    if !self.wide_consts_exact {
                        return Err(format!(
                            "integer constant of type i{bits} in an initialiser or constant expression \
                             (its high bits cannot be read)"
                        ));
                    }
                    let ty = self.int_type(*bits);
                    let mut bytes = vec![0u8; self.m.types.size_of(ty) as usize];
                    for (i, b) in value.to_le_bytes().iter().enumerate().take(bytes.len()) {
                        bytes[i] = *b;
                    }
                    return Ok(Const::Aggregate { ty, init: GlobalInit { bytes, ..Default::default() } });
                }
                let ty = self.int_type(*bits);
                Ok(Const::Int { ty, bits: value & mask(*bits) })
            }
            Constant::Float(f) => {
                let (t, bits) = match f {
                    Float::Single(x) => (self.llvm.types.single(), u64::from(x.to_bits())),
                    Float::Double(x) => (self.llvm.types.double(), x.to_bits()),
                    other => return Err(format!("floating-point constant {other:?}")),
                };
                let ty = self.lower_type(&t);
                Ok(Const::Int { ty, bits })
            }
            Constant::Null(_) => Ok(Const::Null),
            Constant::Undef(t) => Ok(Const::Undef { ty: self.lower_type(t) }),
            Constant::Poison(t) => Ok(Const::Undef { ty: self.lower_type(t) }),
            Constant::GlobalReference { name, .. } => {
                Ok(Const::Ptr { target: self.target_of(name)?, offset: 0 })
            }
            Constant::GetElementPtr(g) => {
                let base = self.eval_const(&g.address)?;
                let key = Self::gep_base_key(c.as_ref())
                    .ok_or_else(|| format!("constant getelementptr on a non-global base: {c}"))?;
                let off = match self.gep_offsets.get(&key) {
                    Some(GepOffset::Known(o)) => *o,
                    Some(GepOffset::Ambiguous) => {
                        return Err(format!("constant getelementptr with ambiguous source type: {c}"))
                    }
                    _ => return Err(format!("constant getelementptr: {c}")),
                };
                match base {
                    Const::Ptr { target, offset } => {
                        Ok(Const::Ptr { target, offset: offset.wrapping_add(off) })
                    }
                    // `&((T *)0)->field`: a pointer that is just the number `off` (see IntToPtr).
                    Const::Null => {
                        let ty = self.lower_type(&self.llvm.types.pointer());
                        Ok(Const::Int { ty, bits: off as u64 })
                    }
                    Const::Int { ty, bits } if self.m.types.is_ptr(ty) => Ok(Const::Int { ty, bits: bits.wrapping_add(off as u64) }),
                    _ => Err(format!("constant getelementptr on a non-global base: {c}")),
                }
            }
            Constant::BitCast(b) => {
                let inner = self.eval_const(&b.operand)?;
                let to = self.lower_type(&b.to_type);
                match inner {
                    Const::Ptr { .. } | Const::Null if self.m.types.is_ptr(to) => Ok(inner),
                    Const::Int { bits, ty } if self.m.types.value_bits(ty) == self.m.types.value_bits(to) => {
                        Ok(Const::Int { ty: to, bits })
                    }
                    _ => Err(format!("constant bitcast: {c}")),
                }
            }
            Constant::AddrSpaceCast(a) => self.eval_const(&a.operand),
            Constant::PtrToInt(p) => {
                let ty = self.lower_type(&p.to_type);
                match self.eval_const(&p.operand)? {
                    Const::Ptr { target, offset } => Ok(Const::PtrAsInt { ty, target, offset }),
                    Const::Null => Ok(Const::Int { ty, bits: 0 }),
                    // A pointer that is a plain number (inttoptr, offsetof): that number.
                    Const::Int { bits, ty: from } if self.m.types.is_ptr(from) => {
                        let w = self.m.types.value_bits(ty);
                        Ok(Const::Int { ty, bits: bits & mask(w) })
                    }
                    _ => Err(format!("constant ptrtoint: {c}")),
                }
            }
            Constant::IntToPtr(p) => match self.eval_const(&p.operand)? {
                Const::Int { bits: 0, .. } => Ok(Const::Null),
                // A round trip `inttoptr (ptrtoint @g + k)`: the address `@g + k` again, when the
                // integer held the whole pointer.
                Const::PtrAsInt { ty, target, offset }
                    if self.m.types.value_bits(ty) >= 8 * u32::from(self.m.pointer_bytes) =>
                {
                    Ok(Const::Ptr { target, offset })
                }
                // A pointer made from a plain number (`(void *)42`): an integer of pointer type,
                // which points to no object (dereferencing it is an invalid access).
                Const::Int { bits, ty } if self.m.types.value_bits(ty) <= 64 => {
                    let to = self.lower_type(&p.to_type);
                    Ok(Const::Int { ty: to, bits })
                }
                _ => Err(format!("constant inttoptr: {c}")),
            },
            Constant::Trunc(t) => {
                let to = self.lower_type(&t.to_type);
                match self.eval_const(&t.operand)? {
                    Const::Int { bits, .. } => {
                        let w = self.m.types.value_bits(to);
                        Ok(Const::Int { ty: to, bits: bits & mask(w) })
                    }
                    _ => Err(format!("constant trunc: {c}")),
                }
            }
            Constant::Add(a) => self.fold_address(c, &a.operand0, &a.operand1, false),
            Constant::Sub(s) => self.fold_address(c, &s.operand0, &s.operand1, true),
            Constant::Mul(m) => self.fold_int(c, &m.operand0, &m.operand1, u64::wrapping_mul),
            Constant::Xor(x) => self.fold_int(c, &x.operand0, &x.operand1, |a, b| a ^ b),
            Constant::AggregateZero(t) => {
                let ty = self.lower_type(t);
                match self.m.types.get(ty) {
                    Type::Int { .. } | Type::Float { .. } => Ok(Const::Int { ty, bits: 0 }),
                    Type::Ptr => Ok(Const::Null),
                    _ => {
                        let size = self.m.types.size_of(ty);
                        Ok(Const::Aggregate { ty, init: GlobalInit { bytes: vec![0; size as usize], ..Default::default() } })
                    }
                }
            }
            Constant::Struct { .. } | Constant::Array { .. } | Constant::Vector(_) => {
                let ty = self.const_type(c);
                if matches!(c.as_ref(), Constant::Vector(_)) && !matches!(self.m.types.get(ty), Type::Struct { .. }) {
                    return Err(format!("vector constant of type {}", self.m.types.name(ty)));
                }
                let size = self.m.types.size_of(ty);
                let mut init = GlobalInit { bytes: vec![0; size as usize], ..Default::default() };
                self.write_init(c, ty, 0, &mut init)?;
                Ok(Const::Aggregate { ty, init })
            }
            Constant::BlockAddress => Err("blockaddress".into()),
            other => Err(format!("constant {other}")),
        }
    }

    /// `a + b` or `a - b` on constants where an operand may be an address as an integer
    /// (`ptrtoint @g + 4`, `ptrtoint @g - ptrtoint @g`): the address moves, or two addresses of
    /// one object give their distance; plain integers fold as integers.
    fn fold_address(&mut self, c: &ConstantRef, a: &ConstantRef, b: &ConstantRef, sub: bool) -> Result<Const, String> {
        let (x, y) = (self.eval_const(a)?, self.eval_const(b)?);
        let int_of = |k: &Const| match k {
            Const::Int { bits, .. } => Some(*bits as i64),
            _ => None,
        };
        match (&x, &y) {
            (Const::PtrAsInt { ty, target, offset }, k) if int_of(k).is_some() => {
                let d = int_of(k).expect("checked");
                let offset = if sub { offset.wrapping_sub(d) } else { offset.wrapping_add(d) };
                Ok(Const::PtrAsInt { ty: *ty, target: *target, offset })
            }
            (k, Const::PtrAsInt { ty, target, offset }) if !sub && int_of(k).is_some() => {
                let offset = offset.wrapping_add(int_of(k).expect("checked"));
                Ok(Const::PtrAsInt { ty: *ty, target: *target, offset })
            }
            (Const::PtrAsInt { ty, target: t1, offset: o1 }, Const::PtrAsInt { target: t2, offset: o2, .. })
                if sub && t1 == t2 =>
            {
                let w = self.m.types.value_bits(*ty);
                Ok(Const::Int { ty: *ty, bits: (o1.wrapping_sub(*o2) as u64) & mask(w) })
            }
            _ => {
                let f = if sub { u64::wrapping_sub } else { u64::wrapping_add };
                self.fold_int(c, a, b, f)
            }
        }
    }

    fn fold_int(
        &mut self,
        c: &ConstantRef,
        a: &ConstantRef,
        b: &ConstantRef,
        f: impl Fn(u64, u64) -> u64,
    ) -> Result<Const, String> {
        match (self.eval_const(a)?, self.eval_const(b)?) {
            (Const::Int { ty, bits: x }, Const::Int { bits: y, .. }) => {
                let w = self.m.types.value_bits(ty);
                Ok(Const::Int { ty, bits: f(x, y) & mask(w) })
            }
            _ => Err(format!("constant expression {c}")),
        }
    }

    /// The vigil type of a constant; named structs keep their name.
    pub(super) fn const_type(&mut self, c: &ConstantRef) -> TypeId {
        if let Constant::Struct { name: Some(n), .. } = c.as_ref() {
            if self.llvm.types.named_struct_def(n).is_some() {
                let t = self.llvm.types.named_struct(n);
                return self.lower_type(&t);
            }
        }
        let t = self.llvm.type_of(c);
        self.lower_type(&t)
    }

    /// Writes the constant `c` of type `ty` into `init` at byte `offset`.
    pub(super) fn write_init(
        &mut self,
        c: &ConstantRef,
        ty: TypeId,
        offset: u64,
        init: &mut GlobalInit,
    ) -> Result<(), String> {
        // The bytes the value occupies: a scalar's store size (an `i40` in a packed struct
        // takes 5 bytes, and the next field starts right after them).
        let size = self.m.types.store_size(ty);
        if offset.checked_add(size).is_none_or(|end| end > init.bytes.len() as u64) {
            return Err(format!("initialiser does not fit its type: {c}"));
        }
        match c.as_ref() {
            Constant::Null(_) | Constant::AggregateZero(_) => Ok(()),
            Constant::Undef(_) | Constant::Poison(_) => {
                if size > 0 {
                    init.undef.push((offset, size));
                }
                Ok(())
            }
            Constant::Struct { values, .. } => {
                let (fields, offsets) = match self.m.types.get(ty) {
                    Type::Struct { fields, offsets, .. } => (fields.clone(), offsets.clone()),
                    _ => return Err(format!("struct initialiser for a non-struct type: {c}")),
                };
                if fields.len() != values.len() {
                    return Err(format!("struct initialiser with wrong arity: {c}"));
                }
                for ((v, f), o) in values.iter().zip(fields).zip(offsets) {
                    self.write_init(v, f, offset + o, init)?;
                }
                Ok(())
            }
            Constant::Vector(elements) => {
                // Vectors are lowered as structs of their elements (see `types`).
                let (fields, offsets) = match self.m.types.get(ty) {
                    Type::Struct { fields, offsets, .. } if fields.len() == elements.len() => (fields.clone(), offsets.clone()),
                    _ => return Err(format!("vector constant of type {}", self.m.types.name(ty))),
                };
                for ((e, f), o) in elements.iter().zip(fields).zip(offsets) {
                    self.write_init(e, f, offset + o, init)?;
                }
                Ok(())
            }
            Constant::Array { elements, .. } => {
                let elem = match self.m.types.get(ty) {
                    Type::Array { elem, .. } => *elem,
                    _ => return Err(format!("array initialiser for a non-array type: {c}")),
                };
                let es = self.m.types.size_of(elem);
                for (i, e) in elements.iter().enumerate() {
                    self.write_init(e, elem, offset + i as u64 * es, init)?;
                }
                Ok(())
            }
            _ => {
                let k = self.eval_const(c)?;
                self.write_scalar(&k, ty, offset, init, c)
            }
        }
    }

    fn write_scalar(
        &mut self,
        k: &Const,
        ty: TypeId,
        offset: u64,
        init: &mut GlobalInit,
        c: &ConstantRef,
    ) -> Result<(), String> {
        let size = self.m.types.store_size(ty);
        match k {
            Const::Int { bits, ty: kty } => {
                let nbytes = u64::from(self.m.types.value_bits(*kty)).div_ceil(8).min(8).min(size);
                for i in 0..nbytes {
                    init.bytes[(offset + i) as usize] = (bits >> (8 * i)) as u8;
                }
                Ok(())
            }
            Const::Null => Ok(()),
            Const::Ptr { target, offset: addend } => {
                init.relocs.push(Reloc { offset, size: self.m.pointer_bytes, target: *target, addend: *addend });
                Ok(())
            }
            Const::PtrAsInt { target, offset: addend, .. } => {
                let size = u8::try_from(size).map_err(|_| format!("ptrtoint initialiser: {c}"))?;
                init.relocs.push(Reloc { offset, size, target: *target, addend: *addend });
                Ok(())
            }
            Const::Undef { .. } => {
                init.undef.push((offset, size));
                Ok(())
            }
            Const::Aggregate { init: inner, .. } => {
                for (i, b) in inner.bytes.iter().enumerate() {
                    init.bytes[offset as usize + i] = *b;
                }
                init.relocs.extend(inner.relocs.iter().map(|r| Reloc { offset: r.offset + offset, ..*r }));
                init.undef.extend(inner.undef.iter().map(|(o, l)| (o + offset, *l)));
                Ok(())
            }
        }
    }
}

/// The value of a constant integer GEP index (sign-extended), if it is one.
pub fn const_index(c: &ConstantRef) -> Option<i64> {
    match c.as_ref() {
        Constant::Int { bits, value } if *bits <= 64 => Some(sext(*value, *bits)),
        _ => None,
    }
}
