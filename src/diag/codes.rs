//! The registry of stable diagnostic codes.
//!
//! Tests outside this repository match on these codes, so a code never changes meaning and
//! is never reused. Every code used anywhere in refract is declared here, with one line
//! saying what it means; `tests/diag_codes.rs` checks that the list has no duplicates.
//!
//! Ranges, one per layer (a layer adds its codes inside its own range):
//!
//! | range         | layer                                              |
//! |---------------|----------------------------------------------------|
//! | `E0001–E0099` | driver: I/O, usage, resource limits                |
//! | `E0100–E0199` | lexer                                              |
//! | `E0200–E0399` | parser                                             |
//! | `E1000–E1099` | sema: name resolution, declarations, cycles        |
//! | `E1100–E1299` | sema: types, conversions, operators, constructors  |
//! | `E1300–E1399` | sema: const- and override-evaluation               |
//! | `E1400–E1499` | sema: builtin functions                            |
//! | `E1500–E1699` | sema: attributes, entry points, resources, stages  |
//! | `E1700–E1799` | sema: statements, control flow, assignment         |
//! | `E1800–E1849` | sema: extensions, `requires`, diagnostic filters   |
//! | `E1850–E1899` | sema: uniformity analysis                          |
//! | `E1900–E1999` | sema: warnings (unreachable code, unused values, …)|
//! | `E3000–E3199` | IR text format (parse errors)                      |
//! | `E3200–E3499` | IR verifier                                        |
//! | `E4000–E4999` | lowering, passes and back ends                     |

/// Every registered code with its one-line meaning, for `tests/diag_codes.rs` and for tools
/// that explain codes.
pub const ALL: &[(&str, &str)] = &[
    (IO, IO_MEANING),
    (USAGE, USAGE_MEANING),
    (SOURCE_TOO_LARGE, SOURCE_TOO_LARGE_MEANING),
    (NOT_YET_SUPPORTED, NOT_YET_SUPPORTED_MEANING),
    (INVALID_UTF8, INVALID_UTF8_MEANING),
    (INTERNAL, INTERNAL_MEANING),
    (CONST_OVERFLOW, CONST_OVERFLOW_MEANING),
    (CONST_DIVISION_BY_ZERO, CONST_DIVISION_BY_ZERO_MEANING),
    (CONST_SHIFT, CONST_SHIFT_MEANING),
    (CONST_DOMAIN, CONST_DOMAIN_MEANING),
    (CONST_INDEX_OUT_OF_BOUNDS, CONST_INDEX_OUT_OF_BOUNDS_MEANING),
    (CONST_NOT_REPRESENTABLE, CONST_NOT_REPRESENTABLE_MEANING),
];

// ---- E0001–E0099: driver -------------------------------------------------------------

pub const IO: &str = "E0001";
const IO_MEANING: &str = "a file could not be read or written";

pub const USAGE: &str = "E0002";
const USAGE_MEANING: &str = "the command line is malformed";

pub const SOURCE_TOO_LARGE: &str = "E0003";
const SOURCE_TOO_LARGE_MEANING: &str = "the source text is larger than refract accepts (4 GiB)";

pub const NOT_YET_SUPPORTED: &str = "E0004";
const NOT_YET_SUPPORTED_MEANING: &str =
    "the request names a stage or target refract does not implement yet";

pub const INVALID_UTF8: &str = "E0005";
const INVALID_UTF8_MEANING: &str = "the source text is not valid UTF-8";

/// Raised by the WebAssembly package's JS layer (`js/index.js`), never by Rust code: the
/// module trapped (a panic, or memory exhausted), which is a bug in refract.
pub const INTERNAL: &str = "E0006";
const INTERNAL_MEANING: &str = "internal compiler error: refract itself failed on this input";
// ---- E1300–E1399: sema, const- and override-evaluation ------------------------------------

pub const CONST_OVERFLOW: &str = "E1300";
const CONST_OVERFLOW_MEANING: &str =
    "a const-expression's value overflows its type or is infinite or NaN";

pub const CONST_DIVISION_BY_ZERO: &str = "E1301";
const CONST_DIVISION_BY_ZERO_MEANING: &str =
    "integer division or remainder by zero in a const-expression";

pub const CONST_SHIFT: &str = "E1302";
const CONST_SHIFT_MEANING: &str =
    "a constant shift amount is too large, or a constant left shift loses significant bits";

pub const CONST_DOMAIN: &str = "E1303";
const CONST_DOMAIN_MEANING: &str = "a builtin's constant arguments are outside what the spec allows (clamp bounds, smoothstep edges, ldexp exponent, bit ranges, f16 range, …)";

pub const CONST_INDEX_OUT_OF_BOUNDS: &str = "E1304";
const CONST_INDEX_OUT_OF_BOUNDS_MEANING: &str = "a constant index is out of bounds";

pub const CONST_NOT_REPRESENTABLE: &str = "E1305";
const CONST_NOT_REPRESENTABLE_MEANING: &str =
    "a constant value cannot be converted to the type it must take";
