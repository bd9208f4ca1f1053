//! Target-neutral rewrites of the IR that back ends choose from (DESIGN §2).
pub mod byte_address;
pub mod polyfill;
pub mod shader_io;
