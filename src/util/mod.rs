//! Small shared building blocks: typed entity ids, a string interner, spelling suggestions.
//!
//! Every arena in refract (AST expressions and statements, IR instructions, sema types) is a
//! `Vec` indexed by a typed `u32` id. The id is a newtype so that an expression id can never
//! be used where a statement id is expected; it stores `index + 1` in a `NonZeroU32` so that
//! `Option<Id>` costs no extra space.

pub(crate) mod decimal;
pub(crate) mod distinct;
pub(crate) mod float_text;
mod interner;
pub(crate) mod json;
pub(crate) mod map;
pub(crate) mod names;
pub(crate) mod sort;
pub(crate) mod spelling;
pub(crate) mod text;

pub use interner::{Interner, Symbol};

/// Declares a typed arena id: `entity_id!(pub struct ExprId);`.
///
/// The id wraps `NonZeroU32` holding `index + 1`. `from_index` and `index` convert to and
/// from a plain vector index.
#[macro_export]
macro_rules! entity_id {
    ($(#[$meta:meta])* $vis:vis struct $name:ident;) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis struct $name(::core::num::NonZeroU32);

        impl $name {
            /// The id of the `index`-th entity. Panics only past `u32::MAX - 1` entities,
            /// which no input can reach because sources are limited to 4 GiB.
            // One compare and an add: at opt-level "z" (the wasm build) the `try_from` and
            // `expect` calls this once made cost more than the rest of a typical accessor.
            #[inline]
            pub fn from_index(index: usize) -> Self {
                assert!(index < u32::MAX as usize, "arena index overflow");
                $name(::core::num::NonZeroU32::MIN.saturating_add(index as u32))
            }

            #[inline]
            pub fn index(self) -> usize {
                (self.0.get() - 1) as usize
            }
        }

        impl ::core::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                write!(f, "{}({})", stringify!($name), self.index())
            }
        }
    };
}
