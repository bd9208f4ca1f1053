//! Reflection.
