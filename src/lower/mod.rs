//! Lowering of the typed AST into the IR, following Tint's rules (DESIGN §4).
