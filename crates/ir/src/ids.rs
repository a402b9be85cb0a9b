//! Typed dense indices. Each id is a `u32` index into one table of a [`crate::Module`] or
//! [`crate::Function`]; the type says which table, so ids of different kinds cannot be mixed up.

macro_rules! dense_id {
    ($(#[$doc:meta])* $name:ident, $prefix:literal) => {
        $(#[$doc])*
        #[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        pub struct $name(pub u32);

        impl $name {
            /// The index into the table this id refers to.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

dense_id!(
    /// A function of the module (defined or only declared).
    FuncId, "fn"
);
dense_id!(
    /// A basic block of one function; block 0 is the entry.
    BlockId, "bb"
);
dense_id!(
    /// A register of one function: a parameter or an instruction result.
    ValueId, "%"
);
dense_id!(
    /// An interned type of the module.
    TypeId, "ty"
);
dense_id!(
    /// A global variable of the module.
    GlobalId, "@g"
);
dense_id!(
    /// A constant in the module's constant pool.
    ConstId, "c"
);
dense_id!(
    /// A source file name in the module's file table.
    FileId, "file"
);
