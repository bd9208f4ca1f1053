//! Raising of IR back to an AST by structured reconstruction (DESIGN §5).
