//! The SSA intermediate representation. See DESIGN §3.
