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
    (CONST_OVERFLOW, CONST_OVERFLOW_MEANING),
    (CONST_DIVISION_BY_ZERO, CONST_DIVISION_BY_ZERO_MEANING),
    (CONST_SHIFT, CONST_SHIFT_MEANING),
    (CONST_DOMAIN, CONST_DOMAIN_MEANING),
    (CONST_INDEX_OUT_OF_BOUNDS, CONST_INDEX_OUT_OF_BOUNDS_MEANING),
    (CONST_NOT_REPRESENTABLE, CONST_NOT_REPRESENTABLE_MEANING),
    (INVALID_CHARACTER, INVALID_CHARACTER_MEANING),
    (UNTERMINATED_COMMENT, UNTERMINATED_COMMENT_MEANING),
    (INT_LITERAL_OUT_OF_RANGE, INT_LITERAL_OUT_OF_RANGE_MEANING),
    (FLOAT_LITERAL_OVERFLOW, FLOAT_LITERAL_OVERFLOW_MEANING),
    (FLOAT_LITERAL_INEXACT, FLOAT_LITERAL_INEXACT_MEANING),
    (MALFORMED_LITERAL, MALFORMED_LITERAL_MEANING),
    (RESERVED_WORD, RESERVED_WORD_MEANING),
    (DOUBLE_UNDERSCORE, DOUBLE_UNDERSCORE_MEANING),
    (BYTE_ORDER_MARK, BYTE_ORDER_MARK_MEANING),
    (UNEXPECTED_TOKEN, UNEXPECTED_TOKEN_MEANING),
    (MISSING_SEMICOLON, MISSING_SEMICOLON_MEANING),
    (UNCLOSED_DELIMITER, UNCLOSED_DELIMITER_MEANING),
    (EXPECTED_EXPRESSION, EXPECTED_EXPRESSION_MEANING),
    (EXPECTED_TYPE, EXPECTED_TYPE_MEANING),
    (EXPECTED_NAME, EXPECTED_NAME_MEANING),
    (MIXED_OPERATORS, MIXED_OPERATORS_MEANING),
    (CHAINED_OPERATORS, CHAINED_OPERATORS_MEANING),
    (NESTING_TOO_DEEP, NESTING_TOO_DEEP_MEANING),
    (UNKNOWN_ATTRIBUTE, UNKNOWN_ATTRIBUTE_MEANING),
    (ATTRIBUTE_ARGUMENTS, ATTRIBUTE_ARGUMENTS_MEANING),
    (EXPECTED_DECLARATION, EXPECTED_DECLARATION_MEANING),
    (
        DIRECTIVE_AFTER_DECLARATION,
        DIRECTIVE_AFTER_DECLARATION_MEANING,
    ),
    (MISPLACED_BREAK_IF, MISPLACED_BREAK_IF_MEANING),
    (INVALID_ASSIGNMENT_TARGET, INVALID_ASSIGNMENT_TARGET_MEANING),
    (EXPECTED_STATEMENT, EXPECTED_STATEMENT_MEANING),
    (EMPTY_TEMPLATE_LIST, EMPTY_TEMPLATE_LIST_MEANING),
    (EMPTY_SWITCH, EMPTY_SWITCH_MEANING),
    (EMPTY_STRUCT, EMPTY_STRUCT_MEANING),
    (MISSING_INITIALIZER, MISSING_INITIALIZER_MEANING),
    (ATTRIBUTES_NOT_ALLOWED, ATTRIBUTES_NOT_ALLOWED_MEANING),
    (INVALID_FOR_HEADER, INVALID_FOR_HEADER_MEANING),
    (EXPECTED_BLOCK, EXPECTED_BLOCK_MEANING),
    (ELSE_WITHOUT_IF, ELSE_WITHOUT_IF_MEANING),
    (MISPLACED_CONTINUING, MISPLACED_CONTINUING_MEANING),
    (CASE_WITHOUT_SELECTOR, CASE_WITHOUT_SELECTOR_MEANING),
    (MISPLACED_DECLARATION, MISPLACED_DECLARATION_MEANING),
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

// ---- E0100–E0199: lexer ----------------------------------------------------------

pub const INVALID_CHARACTER: &str = "E0100";
const INVALID_CHARACTER_MEANING: &str = "a character that starts no WGSL token";

pub const UNTERMINATED_COMMENT: &str = "E0101";
const UNTERMINATED_COMMENT_MEANING: &str = "a block comment without its closing `*/`";

pub const INT_LITERAL_OUT_OF_RANGE: &str = "E0102";
const INT_LITERAL_OUT_OF_RANGE_MEANING: &str =
    "an integer literal too large for its type (i32, u32 or AbstractInt)";

pub const FLOAT_LITERAL_OVERFLOW: &str = "E0103";
const FLOAT_LITERAL_OVERFLOW_MEANING: &str = "a floating point literal too large for its type";

pub const FLOAT_LITERAL_INEXACT: &str = "E0104";
const FLOAT_LITERAL_INEXACT_MEANING: &str =
    "a hexadecimal float with an `f` or `h` suffix that its type cannot hold exactly";

pub const MALFORMED_LITERAL: &str = "E0105";
const MALFORMED_LITERAL_MEANING: &str = "a numeric literal that does not match the literal grammar (bad suffix, leading zero, empty exponent)";

pub const RESERVED_WORD: &str = "E0106";
const RESERVED_WORD_MEANING: &str = "a reserved word used in the source";

pub const DOUBLE_UNDERSCORE: &str = "E0107";
const DOUBLE_UNDERSCORE_MEANING: &str = "a name that starts with `__`";

pub const BYTE_ORDER_MARK: &str = "E0108";
const BYTE_ORDER_MARK_MEANING: &str = "the source starts with a UTF-8 byte order mark";

// ---- E0200–E0399: parser ---------------------------------------------------------

pub const UNEXPECTED_TOKEN: &str = "E0200";
const UNEXPECTED_TOKEN_MEANING: &str = "a token the grammar does not allow here";

pub const MISSING_SEMICOLON: &str = "E0201";
const MISSING_SEMICOLON_MEANING: &str = "a statement or declaration without its closing `;`";

pub const UNCLOSED_DELIMITER: &str = "E0202";
const UNCLOSED_DELIMITER_MEANING: &str = "a `(`, `[` or `{` that is never closed";

pub const EXPECTED_EXPRESSION: &str = "E0203";
const EXPECTED_EXPRESSION_MEANING: &str = "an expression is missing";

pub const EXPECTED_TYPE: &str = "E0204";
const EXPECTED_TYPE_MEANING: &str = "a type is missing";

pub const EXPECTED_NAME: &str = "E0205";
const EXPECTED_NAME_MEANING: &str = "a name is missing, or a keyword stands where a name must be";

pub const MIXED_OPERATORS: &str = "E0206";
const MIXED_OPERATORS_MEANING: &str =
    "operators that WGSL does not order relative to each other, used without parentheses";

pub const CHAINED_OPERATORS: &str = "E0207";
const CHAINED_OPERATORS_MEANING: &str =
    "a comparison or shift chained with another one without parentheses";

pub const NESTING_TOO_DEEP: &str = "E0208";
const NESTING_TOO_DEEP_MEANING: &str =
    "statements or expressions nested deeper than refract's limit";

pub const UNKNOWN_ATTRIBUTE: &str = "E0209";
const UNKNOWN_ATTRIBUTE_MEANING: &str = "an attribute name WGSL does not define";

pub const ATTRIBUTE_ARGUMENTS: &str = "E0210";
const ATTRIBUTE_ARGUMENTS_MEANING: &str = "an attribute with the wrong number or kind of arguments";

pub const EXPECTED_DECLARATION: &str = "E0211";
const EXPECTED_DECLARATION_MEANING: &str = "something other than a declaration at module scope";

pub const DIRECTIVE_AFTER_DECLARATION: &str = "E0212";
const DIRECTIVE_AFTER_DECLARATION_MEANING: &str =
    "an `enable`, `requires` or `diagnostic` directive after a declaration";

pub const MISPLACED_BREAK_IF: &str = "E0213";
const MISPLACED_BREAK_IF_MEANING: &str =
    "`break if` anywhere but at the end of a `continuing` block";

pub const INVALID_ASSIGNMENT_TARGET: &str = "E0214";
const INVALID_ASSIGNMENT_TARGET_MEANING: &str =
    "the left side of an assignment, `++` or `--` is not a reference expression";

pub const EXPECTED_STATEMENT: &str = "E0215";
const EXPECTED_STATEMENT_MEANING: &str = "something that is not a statement inside a function body";

pub const EMPTY_TEMPLATE_LIST: &str = "E0216";
const EMPTY_TEMPLATE_LIST_MEANING: &str = "a template list with no arguments";

pub const EMPTY_SWITCH: &str = "E0217";
const EMPTY_SWITCH_MEANING: &str = "a `switch` without any clause";

pub const EMPTY_STRUCT: &str = "E0218";
const EMPTY_STRUCT_MEANING: &str = "a structure without any member";

pub const MISSING_INITIALIZER: &str = "E0219";
const MISSING_INITIALIZER_MEANING: &str = "a `let` or `const` declaration without `=` and a value";

pub const ATTRIBUTES_NOT_ALLOWED: &str = "E0220";
const ATTRIBUTES_NOT_ALLOWED_MEANING: &str =
    "attributes on a declaration or statement that takes none";

pub const INVALID_FOR_HEADER: &str = "E0221";
const INVALID_FOR_HEADER_MEANING: &str = "a `for` header part that is not allowed there";

pub const EXPECTED_BLOCK: &str = "E0222";
const EXPECTED_BLOCK_MEANING: &str = "a body without its braces";

pub const ELSE_WITHOUT_IF: &str = "E0223";
const ELSE_WITHOUT_IF_MEANING: &str = "`else` that does not follow an `if` block";

pub const MISPLACED_CONTINUING: &str = "E0224";
const MISPLACED_CONTINUING_MEANING: &str = "`continuing` anywhere but at the end of a `loop` body";

pub const CASE_WITHOUT_SELECTOR: &str = "E0225";
const CASE_WITHOUT_SELECTOR_MEANING: &str = "a `case` clause without any value";

pub const MISPLACED_DECLARATION: &str = "E0226";
const MISPLACED_DECLARATION_MEANING: &str =
    "a declaration at a scope that does not allow it (`let` at module scope)";

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
