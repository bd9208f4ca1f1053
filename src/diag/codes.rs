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
//! | `E3500–E3599` | IR linker                                          |
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
    (TOO_MANY_ERRORS, TOO_MANY_ERRORS_MEANING),
    (TOO_MANY_WARNINGS, TOO_MANY_WARNINGS_MEANING),
    (SOURCE_PAST_LIMIT, SOURCE_PAST_LIMIT_MEANING),
    (CONST_OVERFLOW, CONST_OVERFLOW_MEANING),
    (CONST_DIVISION_BY_ZERO, CONST_DIVISION_BY_ZERO_MEANING),
    (CONST_SHIFT, CONST_SHIFT_MEANING),
    (CONST_DOMAIN, CONST_DOMAIN_MEANING),
    (CONST_INDEX_OUT_OF_BOUNDS, CONST_INDEX_OUT_OF_BOUNDS_MEANING),
    (CONST_NOT_REPRESENTABLE, CONST_NOT_REPRESENTABLE_MEANING),
    (CONST_BUDGET, CONST_BUDGET_MEANING),
    (TYPE_TOO_LARGE, TYPE_TOO_LARGE_MEANING),
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
    (IR_UNEXPECTED_CHAR, IR_UNEXPECTED_CHAR_MEANING),
    (IR_UNTERMINATED_STRING, IR_UNTERMINATED_STRING_MEANING),
    (IR_BAD_LITERAL, IR_BAD_LITERAL_MEANING),
    (IR_EXPECTED, IR_EXPECTED_MEANING),
    (IR_UNKNOWN_OPCODE, IR_UNKNOWN_OPCODE_MEANING),
    (IR_TYPE_EXPECTED, IR_TYPE_EXPECTED_MEANING),
    (IR_UNDEFINED, IR_UNDEFINED_MEANING),
    (IR_REDEFINED, IR_REDEFINED_MEANING),
    (IR_UNKNOWN_ENUMERANT, IR_UNKNOWN_ENUMERANT_MEANING),
    (IR_TOO_DEEP, IR_TOO_DEEP_MEANING),
    (IR_BINARY_MAGIC, IR_BINARY_MAGIC_MEANING),
    (IR_BINARY_VERSION, IR_BINARY_VERSION_MEANING),
    (IR_BINARY_MALFORMED, IR_BINARY_MALFORMED_MEANING),
    (VERIFY_SSA_DOMINANCE, VERIFY_SSA_DOMINANCE_MEANING),
    (VERIFY_OPERAND_SCOPE, VERIFY_OPERAND_SCOPE_MEANING),
    (VERIFY_BLOCK_ARITY, VERIFY_BLOCK_ARITY_MEANING),
    (VERIFY_BLOCK_ARG_TYPE, VERIFY_BLOCK_ARG_TYPE_MEANING),
    (VERIFY_CRITICAL_EDGE, VERIFY_CRITICAL_EDGE_MEANING),
    (VERIFY_TERMINATOR, VERIFY_TERMINATOR_MEANING),
    (VERIFY_PARAMS_FIRST, VERIFY_PARAMS_FIRST_MEANING),
    (VERIFY_ENTRY_BLOCK, VERIFY_ENTRY_BLOCK_MEANING),
    (VERIFY_NESTING, VERIFY_NESTING_MEANING),
    (VERIFY_IF_ARMS, VERIFY_IF_ARMS_MEANING),
    (VERIFY_LOOP_PREHEADER, VERIFY_LOOP_PREHEADER_MEANING),
    (VERIFY_LOOP_MERGE, VERIFY_LOOP_MERGE_MEANING),
    (VERIFY_BREAK_TARGET, VERIFY_BREAK_TARGET_MEANING),
    (VERIFY_CONTINUE_TARGET, VERIFY_CONTINUE_TARGET_MEANING),
    (VERIFY_BACK_EDGE, VERIFY_BACK_EDGE_MEANING),
    (VERIFY_BREAK_IF, VERIFY_BREAK_IF_MEANING),
    (VERIFY_SWITCH_CASES, VERIFY_SWITCH_CASES_MEANING),
    (VERIFY_CONDITIONAL_ARGS, VERIFY_CONDITIONAL_ARGS_MEANING),
    (VERIFY_OPERAND_TYPES, VERIFY_OPERAND_TYPES_MEANING),
    (VERIFY_OPERAND_COUNT, VERIFY_OPERAND_COUNT_MEANING),
    (VERIFY_RESULT_TYPE, VERIFY_RESULT_TYPE_MEANING),
    (VERIFY_RETURN_TYPE, VERIFY_RETURN_TYPE_MEANING),
    (VERIFY_TYPE_FORM, VERIFY_TYPE_FORM_MEANING),
    (VERIFY_CONSTANT_FORM, VERIFY_CONSTANT_FORM_MEANING),
    (VERIFY_DECORATION, VERIFY_DECORATION_MEANING),
    (VERIFY_MODULE_SCOPE, VERIFY_MODULE_SCOPE_MEANING),
    (VERIFY_CONTAINMENT, VERIFY_CONTAINMENT_MEANING),
    (VERIFY_ADDRESS_SPACE, VERIFY_ADDRESS_SPACE_MEANING),
    (VERIFY_MEMORY_ACCESS, VERIFY_MEMORY_ACCESS_MEANING),
    (VERIFY_ENTRY_POINT, VERIFY_ENTRY_POINT_MEANING),
    (VERIFY_HOISTING, VERIFY_HOISTING_MEANING),
    (VERIFY_USE_LISTS, VERIFY_USE_LISTS_MEANING),
    (VERIFY_RECURSION, VERIFY_RECURSION_MEANING),
    (VERIFY_CALL, VERIFY_CALL_MEANING),
    (VERIFY_TYPED, VERIFY_TYPED_MEANING),
    (VERIFY_UNIQUE_MERGE, VERIFY_UNIQUE_MERGE_MEANING),
    (VERIFY_LINKAGE, VERIFY_LINKAGE_MEANING),
    (LINK_MISSING_SYMBOL, LINK_MISSING_SYMBOL_MEANING),
    (LINK_DUPLICATE_SYMBOL, LINK_DUPLICATE_SYMBOL_MEANING),
    (LINK_TYPE_MISMATCH, LINK_TYPE_MISMATCH_MEANING),
    (LINK_UNRESOLVED_IMPORT, LINK_UNRESOLVED_IMPORT_MEANING),
    (UNKNOWN_PASS, UNKNOWN_PASS_MEANING),
    (PASS_BROKE_IR, PASS_BROKE_IR_MEANING),
    (UNKNOWN_IR_TARGET, UNKNOWN_IR_TARGET_MEANING),
    (OVERRIDE_UNKNOWN, OVERRIDE_UNKNOWN_MEANING),
    (OVERRIDE_VALUE, OVERRIDE_VALUE_MEANING),
    (OVERRIDE_EXPRESSION, OVERRIDE_EXPRESSION_MEANING),
    (TRANSFORM_UNSUPPORTED, TRANSFORM_UNSUPPORTED_MEANING),
    (TRANSFORM_MALFORMED_IR, TRANSFORM_MALFORMED_IR_MEANING),
    (SPIRV_UNSUPPORTED, SPIRV_UNSUPPORTED_MEANING),
    (SPIRV_BAD_OPTION, SPIRV_BAD_OPTION_MEANING),
    (SPIRV_MALFORMED_IR, SPIRV_MALFORMED_IR_MEANING),
    (SPIRV_LIMIT, SPIRV_LIMIT_MEANING),
    (SPIRV_BAD_BINARY, SPIRV_BAD_BINARY_MEANING),
    (GEN_UNSUPPORTED, GEN_UNSUPPORTED_MEANING),
    (GEN_MALFORMED_IR, GEN_MALFORMED_IR_MEANING),
    (GEN_BAD_OPTION, GEN_BAD_OPTION_MEANING),
    (GEN_RUN_BUDGET, GEN_RUN_BUDGET_MEANING),
    (GEN_RUN_INPUT, GEN_RUN_INPUT_MEANING),
    (
        GEN_OVERRIDE_WITHOUT_VALUE,
        GEN_OVERRIDE_WITHOUT_VALUE_MEANING,
    ),
    (UNKNOWN_ENTRY_POINT, UNKNOWN_ENTRY_POINT_MEANING),
    (RAISE_UNSUPPORTED, RAISE_UNSUPPORTED_MEANING),
    (RAISE_MALFORMED, RAISE_MALFORMED_MEANING),
    (RAISE_TOO_DEEP, RAISE_TOO_DEEP_MEANING),
    (LOWER_UNSUPPORTED, LOWER_UNSUPPORTED_MEANING),
    (LOWER_LIMIT, LOWER_LIMIT_MEANING),
    (LOWER_INTERNAL, LOWER_INTERNAL_MEANING),
    // sema
    (REDECLARATION, REDECLARATION_MEANING),
    (UNRESOLVED_NAME, UNRESOLVED_NAME_MEANING),
    (DEPENDENCY_CYCLE, DEPENDENCY_CYCLE_MEANING),
    (RECURSION, RECURSION_MEANING),
    (NOT_A_TYPE, NOT_A_TYPE_MEANING),
    (NOT_A_VALUE, NOT_A_VALUE_MEANING),
    (NOT_CALLABLE, NOT_CALLABLE_MEANING),
    (EXPECTED_ENUMERANT, EXPECTED_ENUMERANT_MEANING),
    (INVALID_SCOPE, INVALID_SCOPE_MEANING),
    (TEMPLATE_ARGUMENTS, TEMPLATE_ARGUMENTS_MEANING),
    (LIMIT, LIMIT_MEANING),
    (MISSING_TYPE, MISSING_TYPE_MEANING),
    (TYPE_MISMATCH, TYPE_MISMATCH_MEANING),
    (NO_MATCHING_OVERLOAD, NO_MATCHING_OVERLOAD_MEANING),
    (NO_MATCHING_CONSTRUCTOR, NO_MATCHING_CONSTRUCTOR_MEANING),
    (NOT_CONSTRUCTIBLE, NOT_CONSTRUCTIBLE_MEANING),
    (ARGUMENT_COUNT, ARGUMENT_COUNT_MEANING),
    (NO_SUCH_MEMBER, NO_SUCH_MEMBER_MEANING),
    (INVALID_SWIZZLE, INVALID_SWIZZLE_MEANING),
    (INVALID_INDEX, INVALID_INDEX_MEANING),
    (INVALID_ADDRESS_OF, INVALID_ADDRESS_OF_MEANING),
    (INVALID_DEREF, INVALID_DEREF_MEANING),
    (INVALID_TYPE, INVALID_TYPE_MEANING),
    (INVALID_STORE_TYPE, INVALID_STORE_TYPE_MEANING),
    (INVALID_STRUCT_MEMBER, INVALID_STRUCT_MEMBER_MEANING),
    (LAYOUT, LAYOUT_MEANING),
    (ACCESS_MODE, ACCESS_MODE_MEANING),
    (INVALID_LOAD, INVALID_LOAD_MEANING),
    (NO_VALUE, NO_VALUE_MEANING),
    (INVALID_ARRAY_COUNT, INVALID_ARRAY_COUNT_MEANING),
    (MISSING_ADDRESS_SPACE, MISSING_ADDRESS_SPACE_MEANING),
    (INITIALIZER_NOT_ALLOWED, INITIALIZER_NOT_ALLOWED_MEANING),
    (NOT_CONST, NOT_CONST_MEANING),
    (CONST_ASSERT_FAILED, CONST_ASSERT_FAILED_MEANING),
    (OVERRIDE_ID, OVERRIDE_ID_MEANING),
    (UNUSED_RESULT, UNUSED_RESULT_MEANING),
    (ENTRY_POINT_CALLED, ENTRY_POINT_CALLED_MEANING),
    (STAGE_RESTRICTION, STAGE_RESTRICTION_MEANING),
    (ATTRIBUTE_NOT_ALLOWED, ATTRIBUTE_NOT_ALLOWED_MEANING),
    (DUPLICATE_ATTRIBUTE, DUPLICATE_ATTRIBUTE_MEANING),
    (ATTRIBUTE_VALUE, ATTRIBUTE_VALUE_MEANING),
    (RESOURCE_BINDING, RESOURCE_BINDING_MEANING),
    (BINDING_COLLISION, BINDING_COLLISION_MEANING),
    (MISSING_IO_ATTRIBUTE, MISSING_IO_ATTRIBUTE_MEANING),
    (INVALID_BUILTIN, INVALID_BUILTIN_MEANING),
    (BUILTIN_TYPE, BUILTIN_TYPE_MEANING),
    (DUPLICATE_IO, DUPLICATE_IO_MEANING),
    (INVALID_IO_TYPE, INVALID_IO_TYPE_MEANING),
    (INTERPOLATION, INTERPOLATION_MEANING),
    (INVARIANT, INVARIANT_MEANING),
    (BLEND_SRC, BLEND_SRC_MEANING),
    (WORKGROUP_SIZE, WORKGROUP_SIZE_MEANING),
    (MISSING_POSITION, MISSING_POSITION_MEANING),
    (IO_ATTRIBUTE_CONFLICT, IO_ATTRIBUTE_CONFLICT_MEANING),
    (ALIASING, ALIASING_MEANING),
    (IMMEDIATE_DATA, IMMEDIATE_DATA_MEANING),
    (ASSIGN_IMMUTABLE, ASSIGN_IMMUTABLE_MEANING),
    (ASSIGN_READ_ONLY, ASSIGN_READ_ONLY_MEANING),
    (ASSIGN_TO_VALUE, ASSIGN_TO_VALUE_MEANING),
    (MISPLACED_BREAK, MISPLACED_BREAK_MEANING),
    (MISPLACED_CONTINUE, MISPLACED_CONTINUE_MEANING),
    (MISPLACED_RETURN, MISPLACED_RETURN_MEANING),
    (RETURN_TYPE, RETURN_TYPE_MEANING),
    (MISSING_RETURN, MISSING_RETURN_MEANING),
    (INFINITE_LOOP, INFINITE_LOOP_MEANING),
    (SWITCH_TYPE, SWITCH_TYPE_MEANING),
    (DUPLICATE_CASE, DUPLICATE_CASE_MEANING),
    (SWITCH_DEFAULT, SWITCH_DEFAULT_MEANING),
    (
        CONTINUE_SKIPS_DECLARATION,
        CONTINUE_SKIPS_DECLARATION_MEANING,
    ),
    (EXTENSION_NOT_ENABLED, EXTENSION_NOT_ENABLED_MEANING),
    (UNKNOWN_EXTENSION, UNKNOWN_EXTENSION_MEANING),
    (UNKNOWN_LANGUAGE_FEATURE, UNKNOWN_LANGUAGE_FEATURE_MEANING),
    (DIAGNOSTIC_SEVERITY, DIAGNOSTIC_SEVERITY_MEANING),
    (DIAGNOSTIC_CONFLICT, DIAGNOSTIC_CONFLICT_MEANING),
    (UNKNOWN_DIAGNOSTIC_RULE, UNKNOWN_DIAGNOSTIC_RULE_MEANING),
    (DERIVATIVE_UNIFORMITY, DERIVATIVE_UNIFORMITY_MEANING),
    (SUBGROUP_UNIFORMITY, SUBGROUP_UNIFORMITY_MEANING),
    (BARRIER_UNIFORMITY, BARRIER_UNIFORMITY_MEANING),
    (UNREACHABLE_CODE, UNREACHABLE_CODE_MEANING),
    (HLSL_UNSUPPORTED, HLSL_UNSUPPORTED_MEANING),
    (
        HLSL_OVERRIDE_WITHOUT_VALUE,
        HLSL_OVERRIDE_WITHOUT_VALUE_MEANING,
    ),
    (HLSL_BAD_OPTION, HLSL_BAD_OPTION_MEANING),
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

/// The last diagnostic of a report cut at the error limit (see [`super::limit`]).
pub const TOO_MANY_ERRORS: &str = "E0007";
const TOO_MANY_ERRORS_MEANING: &str =
    "the report reached the error limit: later errors are not shown (or were not looked for)";

/// The note that closes a report whose warnings and notes passed the limit (see
/// [`super::limit::limit_warnings`]).
pub const TOO_MANY_WARNINGS: &str = "E0008";
const TOO_MANY_WARNINGS_MEANING: &str =
    "the report reached the warning limit: later warnings and notes are not shown";

/// A WGSL source past [`crate::syntax::MAX_SOURCE_LEN`] (16 MiB): the budget that keeps a
/// compile's memory and time bounded (issue 25).
pub const SOURCE_PAST_LIMIT: &str = "E0009";
const SOURCE_PAST_LIMIT_MEANING: &str =
    "the WGSL source is longer than refract reads (16 MiB): refused before it is parsed";

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
// ---- E3000–E3199: IR text and binary format --------------------------------------------

pub const IR_UNEXPECTED_CHAR: &str = "E3000";
const IR_UNEXPECTED_CHAR_MEANING: &str = "a character that is not part of the IR text syntax";

pub const IR_UNTERMINATED_STRING: &str = "E3001";
const IR_UNTERMINATED_STRING_MEANING: &str = "a quoted IR name without its closing quote";

pub const IR_BAD_LITERAL: &str = "E3002";
const IR_BAD_LITERAL_MEANING: &str = "an IR literal that is malformed or out of its type's range";

pub const IR_EXPECTED: &str = "E3003";
const IR_EXPECTED_MEANING: &str = "the IR text has a different token than the syntax requires here";

pub const IR_UNKNOWN_OPCODE: &str = "E3004";
const IR_UNKNOWN_OPCODE_MEANING: &str =
    "an IR opcode name that does not exist or cannot be written here";

pub const IR_TYPE_EXPECTED: &str = "E3005";
const IR_TYPE_EXPECTED_MEANING: &str = "an IR type position holds something that is not a type";

pub const IR_UNDEFINED: &str = "E3006";
const IR_UNDEFINED_MEANING: &str = "an IR value, block or item is used but never defined";

pub const IR_REDEFINED: &str = "E3007";
const IR_REDEFINED_MEANING: &str = "an IR name is defined twice in the same scope";

pub const IR_UNKNOWN_ENUMERANT: &str = "E3008";
const IR_UNKNOWN_ENUMERANT_MEANING: &str = "an address space, access mode, texel format, builtin or interpolation name that does not exist";

pub const IR_TOO_DEEP: &str = "E3009";
const IR_TOO_DEEP_MEANING: &str = "IR types or operands nest deeper than the parser accepts";

pub const IR_BINARY_MAGIC: &str = "E3100";
const IR_BINARY_MAGIC_MEANING: &str = "the input is not refract's binary IR (bad magic number)";

pub const IR_BINARY_VERSION: &str = "E3101";
const IR_BINARY_VERSION_MEANING: &str =
    "the binary IR was written by an unsupported format version";

pub const IR_BINARY_MALFORMED: &str = "E3102";
const IR_BINARY_MALFORMED_MEANING: &str = "the binary IR is truncated or malformed";

// ---- E3200–E3499: IR verifier (the meaning starts with the rule's name) ------------------

pub const VERIFY_SSA_DOMINANCE: &str = "E3200";
const VERIFY_SSA_DOMINANCE_MEANING: &str =
    "ssa-dominance: a use is not dominated by its definition";

pub const VERIFY_OPERAND_SCOPE: &str = "E3201";
const VERIFY_OPERAND_SCOPE_MEANING: &str =
    "operand-scope: an operand is not visible where it is used";

pub const VERIFY_BLOCK_ARITY: &str = "E3202";
const VERIFY_BLOCK_ARITY_MEANING: &str =
    "block-arity: a branch passes a different number of arguments than its target has parameters";

pub const VERIFY_BLOCK_ARG_TYPE: &str = "E3203";
const VERIFY_BLOCK_ARG_TYPE_MEANING: &str =
    "block-arg-type: a branch argument's type differs from its parameter's";

pub const VERIFY_CRITICAL_EDGE: &str = "E3204";
const VERIFY_CRITICAL_EDGE_MEANING: &str =
    "no-critical-edges: a conditional branch targets a block with several predecessors";

pub const VERIFY_TERMINATOR: &str = "E3205";
const VERIFY_TERMINATOR_MEANING: &str =
    "terminator-last: a block does not end in exactly one terminator";

pub const VERIFY_PARAMS_FIRST: &str = "E3206";
const VERIFY_PARAMS_FIRST_MEANING: &str =
    "params-first: block parameters must come before the block's instructions";

pub const VERIFY_ENTRY_BLOCK: &str = "E3207";
const VERIFY_ENTRY_BLOCK_MEANING: &str =
    "entry-block: the entry block has predecessors or its parameters differ from the signature";

pub const VERIFY_NESTING: &str = "E3208";
const VERIFY_NESTING_MEANING: &str =
    "structured-nesting: control reaches a block outside the construct that owns it";

pub const VERIFY_IF_ARMS: &str = "E3209";
const VERIFY_IF_ARMS_MEANING: &str =
    "if-arms: an if_else needs two distinct arms, both different from its merge";

pub const VERIFY_LOOP_PREHEADER: &str = "E3210";
const VERIFY_LOOP_PREHEADER_MEANING: &str =
    "loop-preheader: a loop header is entered other than from its preheader and back edges";

pub const VERIFY_LOOP_MERGE: &str = "E3211";
const VERIFY_LOOP_MERGE_MEANING: &str =
    "loop-merge-separate: a loop's header, continue and merge blocks must be distinct";

pub const VERIFY_BREAK_TARGET: &str = "E3212";
const VERIFY_BREAK_TARGET_MEANING: &str =
    "break-target: a branch leaves more than the innermost loop or switch";

pub const VERIFY_CONTINUE_TARGET: &str = "E3213";
const VERIFY_CONTINUE_TARGET_MEANING: &str =
    "continue-target: a continue targets a loop other than the innermost one";

pub const VERIFY_BACK_EDGE: &str = "E3214";
const VERIFY_BACK_EDGE_MEANING: &str =
    "back-edge: a branch to a loop header that does not come from its continue construct";

pub const VERIFY_BREAK_IF: &str = "E3215";
const VERIFY_BREAK_IF_MEANING: &str =
    "break-if: a loop's continue construct leaves the loop other than by the break-if shape";

pub const VERIFY_SWITCH_CASES: &str = "E3216";
const VERIFY_SWITCH_CASES_MEANING: &str =
    "switch-cases: switch case values or targets are malformed";

pub const VERIFY_CONDITIONAL_ARGS: &str = "E3217";
const VERIFY_CONDITIONAL_ARGS_MEANING: &str =
    "conditional-targets: a target of a conditional branch has parameters";

pub const VERIFY_OPERAND_TYPES: &str = "E3218";
const VERIFY_OPERAND_TYPES_MEANING: &str =
    "operand-types: an operand's type does not fit its opcode";

pub const VERIFY_OPERAND_COUNT: &str = "E3219";
const VERIFY_OPERAND_COUNT_MEANING: &str =
    "operand-count: an instruction has the wrong number of operands";

pub const VERIFY_RESULT_TYPE: &str = "E3220";
const VERIFY_RESULT_TYPE_MEANING: &str =
    "result-type: an instruction's type is not what its opcode and operands give";

pub const VERIFY_RETURN_TYPE: &str = "E3221";
const VERIFY_RETURN_TYPE_MEANING: &str =
    "return-type: a return value does not match the function's result type";

pub const VERIFY_TYPE_FORM: &str = "E3222";
const VERIFY_TYPE_FORM_MEANING: &str = "type-form: a type instruction is malformed";

pub const VERIFY_CONSTANT_FORM: &str = "E3223";
const VERIFY_CONSTANT_FORM_MEANING: &str = "constant-form: a constant is malformed";

pub const VERIFY_DECORATION: &str = "E3224";
const VERIFY_DECORATION_MEANING: &str =
    "decoration-target: a decoration is on the wrong kind of instruction or malformed";

pub const VERIFY_MODULE_SCOPE: &str = "E3225";
const VERIFY_MODULE_SCOPE_MEANING: &str =
    "module-scope: an instruction cannot live at module scope";

pub const VERIFY_CONTAINMENT: &str = "E3226";
const VERIFY_CONTAINMENT_MEANING: &str =
    "containment: an instruction is inside the wrong kind of parent";

pub const VERIFY_ADDRESS_SPACE: &str = "E3227";
const VERIFY_ADDRESS_SPACE_MEANING: &str =
    "address-space: a variable's address space does not fit its scope or type";

pub const VERIFY_MEMORY_ACCESS: &str = "E3228";
const VERIFY_MEMORY_ACCESS_MEANING: &str =
    "memory-access: a load or store does not fit the pointer's access mode or type";

pub const VERIFY_ENTRY_POINT: &str = "E3229";
const VERIFY_ENTRY_POINT_MEANING: &str =
    "entry-point: an entry point's stage decorations are malformed";

pub const VERIFY_HOISTING: &str = "E3230";
const VERIFY_HOISTING_MEANING: &str = "hoisting: a global value is not hoisted or not deduplicated";

pub const VERIFY_USE_LISTS: &str = "E3231";
const VERIFY_USE_LISTS_MEANING: &str =
    "use-lists: the module's use lists disagree with its operands";

pub const VERIFY_RECURSION: &str = "E3232";
const VERIFY_RECURSION_MEANING: &str = "no-recursion: functions call each other in a cycle";

pub const VERIFY_CALL: &str = "E3233";
const VERIFY_CALL_MEANING: &str =
    "call-signature: a call's arguments do not match the callee's parameters";

pub const VERIFY_TYPED: &str = "E3234";
const VERIFY_TYPED_MEANING: &str = "typed: an instruction has no type or its type is not a type";

pub const VERIFY_UNIQUE_MERGE: &str = "E3235";
const VERIFY_UNIQUE_MERGE_MEANING: &str =
    "unique-merge: a block is the merge or continue block of several constructs";

pub const VERIFY_LINKAGE: &str = "E3236";
const VERIFY_LINKAGE_MEANING: &str = "linkage: an `@import` or `@export` is misplaced, unnamed, named twice, or an import has a body, initializer or default";

// ---- E3500–E3599: IR linker --------------------------------------------------------------

pub const LINK_MISSING_SYMBOL: &str = "E3500";
const LINK_MISSING_SYMBOL_MEANING: &str = "an imported symbol that no linked module exports";

pub const LINK_DUPLICATE_SYMBOL: &str = "E3501";
const LINK_DUPLICATE_SYMBOL_MEANING: &str = "two linked modules export the same symbol";

pub const LINK_TYPE_MISMATCH: &str = "E3502";
const LINK_TYPE_MISMATCH_MEANING: &str =
    "an import's type or kind differs from the export that defines it";

pub const LINK_UNRESOLVED_IMPORT: &str = "E3503";
const LINK_UNRESOLVED_IMPORT_MEANING: &str =
    "a module with imports reached a back end before it was linked";

// ---- E4000–E4999: lowering, passes and back ends ----------------------------------------

pub const UNKNOWN_PASS: &str = "E4000";
const UNKNOWN_PASS_MEANING: &str = "a pass name that refract does not have";

pub const PASS_BROKE_IR: &str = "E4001";
const PASS_BROKE_IR_MEANING: &str =
    "a pass produced IR that breaks a verifier rule (a bug in refract; the message names the rule)";

pub const UNKNOWN_IR_TARGET: &str = "E4002";
const UNKNOWN_IR_TARGET_MEANING: &str = "`refract ir --to` names an output that does not exist";

pub const OVERRIDE_UNKNOWN: &str = "E4004";
const OVERRIDE_UNKNOWN_MEANING: &str =
    "an override value names no override of the module by name or `@id`, or one override twice";

pub const OVERRIDE_VALUE: &str = "E4005";
const OVERRIDE_VALUE_MEANING: &str = "an override value does not convert to the override's type (out of range, not whole, not finite)";

pub const OVERRIDE_EXPRESSION: &str = "E4006";
const OVERRIDE_EXPRESSION_MEANING: &str = "an override-expression fails as WebGPU's pipeline creation evaluates it (division by zero, integer overflow, a shift past the width, a non-finite float, a workgroup size below 1)";

// ---- E4300–E4399: the shared transforms (src/transform/) -----------------------------------

pub const TRANSFORM_UNSUPPORTED: &str = "E4300";
const TRANSFORM_UNSUPPORTED_MEANING: &str =
    "a shared transform cannot rewrite the module into the form the target needs";

pub const TRANSFORM_MALFORMED_IR: &str = "E4301";
const TRANSFORM_MALFORMED_IR_MEANING: &str =
    "the IR reached a shared transform in a form it cannot rewrite (a bug in an earlier stage)";

// ---- E4500–E4599: the SPIR-V back end ---------------------------------------------------

pub const SPIRV_UNSUPPORTED: &str = "E4500";
const SPIRV_UNSUPPORTED_MEANING: &str =
    "the module uses something the SPIR-V back end cannot express for the chosen target";

pub const SPIRV_BAD_OPTION: &str = "E4501";
const SPIRV_BAD_OPTION_MEANING: &str =
    "an unknown or inconsistent SPIR-V version or target environment";

pub const SPIRV_MALFORMED_IR: &str = "E4502";
const SPIRV_MALFORMED_IR_MEANING: &str =
    "the IR reached the SPIR-V writer in a form it cannot write (a bug in an earlier stage)";

pub const SPIRV_LIMIT: &str = "E4503";
const SPIRV_LIMIT_MEANING: &str = "an instruction would exceed SPIR-V's limit of 65,535 words";

pub const SPIRV_BAD_BINARY: &str = "E4504";
// (E4550–E4599: the HLSL back end, below.)
const SPIRV_BAD_BINARY_MEANING: &str =
    "the words given to the disassembler are not a SPIR-V module";
// ---- E4600–E4699: the Gen back end and its simulator -------------------------------------

pub const GEN_UNSUPPORTED: &str = "E4600";
const GEN_UNSUPPORTED_MEANING: &str =
    "the module uses something the Gen back end cannot compile (or simulate) yet";

pub const GEN_MALFORMED_IR: &str = "E4601";
const GEN_MALFORMED_IR_MEANING: &str =
    "the IR reached the Gen back end in a form it cannot lower (a bug in an earlier stage)";

pub const GEN_BAD_OPTION: &str = "E4602";
const GEN_BAD_OPTION_MEANING: &str =
    "an unknown `--gen-simd` width (the Gen back end writes 8 or 16)";

pub const GEN_RUN_BUDGET: &str = "E4603";
const GEN_RUN_BUDGET_MEANING: &str =
    "the simulated dispatch ran past its instruction budget (a loop that does not end?)";

pub const GEN_RUN_INPUT: &str = "E4604";
const GEN_RUN_INPUT_MEANING: &str =
    "`refract run` was given an entry point, dispatch or buffer it cannot use";

pub const GEN_OVERRIDE_WITHOUT_VALUE: &str = "E4605";
const GEN_OVERRIDE_WITHOUT_VALUE_MEANING: &str = "an override has neither a default nor a value, and a Gen kernel is compiled for its pipeline's values";

pub const UNKNOWN_ENTRY_POINT: &str = "E4003";
const UNKNOWN_ENTRY_POINT_MEANING: &str = "`--entry` names no entry point of the module";

// E4200–E4299: raising IR to WGSL (the WGSL back end).

pub const RAISE_UNSUPPORTED: &str = "E4200";
const RAISE_UNSUPPORTED_MEANING: &str =
    "the IR uses something WGSL cannot express (a layout, an instruction, an unspellable type)";

pub const RAISE_MALFORMED: &str = "E4201";
const RAISE_MALFORMED_MEANING: &str =
    "the IR given to the WGSL back end breaks an IR rule (it should have been verified)";

pub const RAISE_TOO_DEEP: &str = "E4202";
const RAISE_TOO_DEEP_MEANING: &str =
    "the IR's control flow or expressions nest deeper than WGSL output may";
// ---- E4550–E4599: the HLSL back end -----------------------------------------------------

pub const HLSL_UNSUPPORTED: &str = "E4550";
const HLSL_UNSUPPORTED_MEANING: &str =
    "the module uses something the HLSL back end cannot express yet (the message names it)";

pub const HLSL_OVERRIDE_WITHOUT_VALUE: &str = "E4551";
const HLSL_OVERRIDE_WITHOUT_VALUE_MEANING: &str =
    "an override has neither a default nor a value, and HLSL has no specialization constants";

pub const HLSL_BAD_OPTION: &str = "E4552";
const HLSL_BAD_OPTION_MEANING: &str = "an unknown HLSL shader model or an invalid HLSL option";

// ---- E4100–E4199: lowering the typed AST to IR ---------------------------------------------

pub const LOWER_UNSUPPORTED: &str = "E4100";
const LOWER_UNSUPPORTED_MEANING: &str =
    "a WGSL construct the IR cannot express (a `buffer` sized by an override)";

pub const LOWER_LIMIT: &str = "E4101";
const LOWER_LIMIT_MEANING: &str =
    "a size, offset or stride too large for the IR's 32-bit constants";

pub const LOWER_INTERNAL: &str = "E4102";
const LOWER_INTERNAL_MEANING: &str =
    "lowering found the typed program inconsistent with sema's rules (a bug in refract)";

// ---- E1000–E1999: sema (names, types, statements, entry points, uniformity) ---------

pub const REDECLARATION: &str = "E1000";
const REDECLARATION_MEANING: &str =
    "a name declared twice in the same scope, or a structure with two members of one name";

pub const UNRESOLVED_NAME: &str = "E1001";
const UNRESOLVED_NAME_MEANING: &str = "a name that resolves to no declaration";

pub const DEPENDENCY_CYCLE: &str = "E1002";
const DEPENDENCY_CYCLE_MEANING: &str =
    "module-scope declarations that depend on themselves (cyclic constants, aliases or structures)";

pub const RECURSION: &str = "E1003";
const RECURSION_MEANING: &str = "a function that calls itself, directly or through other functions";

pub const NOT_A_TYPE: &str = "E1004";
const NOT_A_TYPE_MEANING: &str = "a name or expression used as a type that does not denote one";

pub const NOT_A_VALUE: &str = "E1005";
const NOT_A_VALUE_MEANING: &str = "a type, function or enumerant used where a value is needed";

pub const NOT_CALLABLE: &str = "E1006";
const NOT_CALLABLE_MEANING: &str = "a call of something that is neither a function nor a type";

pub const EXPECTED_ENUMERANT: &str = "E1007";
const EXPECTED_ENUMERANT_MEANING: &str =
    "an address space, access mode or texel format is expected but something else is written";

pub const INVALID_SCOPE: &str = "E1008";
const INVALID_SCOPE_MEANING: &str =
    "a declaration at a scope that does not allow it (`var<private>` in a function)";

pub const TEMPLATE_ARGUMENTS: &str = "E1009";
const TEMPLATE_ARGUMENTS_MEANING: &str =
    "a template list where none is allowed, a missing one, or the wrong number of arguments";

pub const LIMIT: &str = "E1010";
const LIMIT_MEANING: &str = "a program exceeds one of the limits of the WGSL specification";

pub const MISSING_TYPE: &str = "E1011";
const MISSING_TYPE_MEANING: &str = "a declaration with neither a type nor an initializer";

pub const TYPE_MISMATCH: &str = "E1100";
const TYPE_MISMATCH_MEANING: &str = "a value of one type where another type is required";

pub const NO_MATCHING_OVERLOAD: &str = "E1101";
const NO_MATCHING_OVERLOAD_MEANING: &str = "no overload of an operator or builtin function accepts the argument types, or several do equally well";

pub const NO_MATCHING_CONSTRUCTOR: &str = "E1102";
const NO_MATCHING_CONSTRUCTOR_MEANING: &str =
    "a value constructor called with arguments it does not accept";

pub const NOT_CONSTRUCTIBLE: &str = "E1103";
const NOT_CONSTRUCTIBLE_MEANING: &str = "a constructor of a type that cannot be constructed (atomics, runtime-sized arrays, pointers, textures)";

pub const ARGUMENT_COUNT: &str = "E1104";
const ARGUMENT_COUNT_MEANING: &str = "a function call with the wrong number of arguments";

pub const NO_SUCH_MEMBER: &str = "E1105";
const NO_SUCH_MEMBER_MEANING: &str = "a member access naming no member of the structure";

pub const INVALID_SWIZZLE: &str = "E1106";
const INVALID_SWIZZLE_MEANING: &str =
    "a vector swizzle with invalid letters, mixed letter sets, or a component past the end";

pub const INVALID_INDEX: &str = "E1107";
const INVALID_INDEX_MEANING: &str = "indexing something that is not a vector, matrix or array, or with an index that is not an integer";

pub const INVALID_ADDRESS_OF: &str = "E1108";
const INVALID_ADDRESS_OF_MEANING: &str =
    "`&` applied to something without an address (a value, a vector component, a texture)";

pub const INVALID_DEREF: &str = "E1109";
const INVALID_DEREF_MEANING: &str = "`*` applied to something that is not a pointer";

pub const INVALID_TYPE: &str = "E1110";
const INVALID_TYPE_MEANING: &str = "a type that is not valid where it is written (a matrix of integers, an atomic of floats, a bad parameter type)";

pub const INVALID_STORE_TYPE: &str = "E1111";
const INVALID_STORE_TYPE_MEANING: &str =
    "a variable or pointer whose store type its address space does not allow";

pub const INVALID_STRUCT_MEMBER: &str = "E1112";
const INVALID_STRUCT_MEMBER_MEANING: &str = "a structure member of a type structures cannot hold, or a runtime-sized array that is not last";

pub const LAYOUT: &str = "E1113";
const LAYOUT_MEANING: &str =
    "a buffer's store type violates the memory layout rules of its address space";

pub const ACCESS_MODE: &str = "E1114";
const ACCESS_MODE_MEANING: &str =
    "an access mode that is not allowed, or a read through a write-only view";

pub const INVALID_LOAD: &str = "E1115";
const INVALID_LOAD_MEANING: &str =
    "a load of a value that cannot be loaded whole (atomics, runtime-sized arrays)";

pub const NO_VALUE: &str = "E1116";
const NO_VALUE_MEANING: &str = "a call of a function without a return value used as a value";

pub const INVALID_ARRAY_COUNT: &str = "E1117";
const INVALID_ARRAY_COUNT_MEANING: &str =
    "an array element count that is not positive or too large";

pub const MISSING_ADDRESS_SPACE: &str = "E1118";
const MISSING_ADDRESS_SPACE_MEANING: &str = "a module-scope variable without an address space";

pub const INITIALIZER_NOT_ALLOWED: &str = "E1119";
const INITIALIZER_NOT_ALLOWED_MEANING: &str =
    "an initializer on a variable whose address space does not allow one";

pub const TYPE_TOO_LARGE: &str = "E1120";
const TYPE_TOO_LARGE_MEANING: &str =
    "a type whose byte size is larger than 2^32 - 1 bytes (the largest size WebGPU can address)";

pub const NOT_CONST: &str = "E1306";
const NOT_CONST_MEANING: &str =
    "an expression that must be a const-expression (or override-expression) is not";

pub const CONST_ASSERT_FAILED: &str = "E1307";
const CONST_ASSERT_FAILED_MEANING: &str = "a `const_assert` whose condition is false";

pub const OVERRIDE_ID: &str = "E1308";
const OVERRIDE_ID_MEANING: &str = "an override `@id` out of range or used twice";

pub const CONST_BUDGET: &str = "E1309";
const CONST_BUDGET_MEANING: &str = "the constant values a module builds hold more scalars than refract's budget (one value at most 1,048,576; all together at most 65,536 plus 8 per source byte, and 4,194,304)";

pub const UNUSED_RESULT: &str = "E1400";
const UNUSED_RESULT_MEANING: &str =
    "the result of a `@must_use` function or a value constructor is discarded";

pub const ENTRY_POINT_CALLED: &str = "E1401";
const ENTRY_POINT_CALLED_MEANING: &str = "a call of an entry point function";

pub const STAGE_RESTRICTION: &str = "E1402";
const STAGE_RESTRICTION_MEANING: &str =
    "a builtin, statement or variable used in a shader stage that does not allow it";

pub const ATTRIBUTE_NOT_ALLOWED: &str = "E1500";
const ATTRIBUTE_NOT_ALLOWED_MEANING: &str = "an attribute on a declaration that does not accept it";

pub const DUPLICATE_ATTRIBUTE: &str = "E1501";
const DUPLICATE_ATTRIBUTE_MEANING: &str =
    "an attribute written twice, or two shader stage attributes";

pub const ATTRIBUTE_VALUE: &str = "E1502";
const ATTRIBUTE_VALUE_MEANING: &str =
    "an attribute argument with an invalid value (negative, not a power of two, too small)";

pub const RESOURCE_BINDING: &str = "E1503";
const RESOURCE_BINDING_MEANING: &str =
    "a resource without `@group`/`@binding`, or those attributes on a non-resource";

pub const BINDING_COLLISION: &str = "E1504";
const BINDING_COLLISION_MEANING: &str =
    "two resources with the same group and binding used by one entry point";

pub const MISSING_IO_ATTRIBUTE: &str = "E1505";
const MISSING_IO_ATTRIBUTE_MEANING: &str =
    "an entry point parameter, result or structure member without `@builtin` or `@location`";

pub const INVALID_BUILTIN: &str = "E1506";
const INVALID_BUILTIN_MEANING: &str =
    "an unknown builtin value, or one used in the wrong stage or direction";

pub const BUILTIN_TYPE: &str = "E1507";
const BUILTIN_TYPE_MEANING: &str = "a builtin value declared with the wrong type";

pub const DUPLICATE_IO: &str = "E1508";
const DUPLICATE_IO_MEANING: &str =
    "a builtin value or location used twice in one entry point interface";

pub const INVALID_IO_TYPE: &str = "E1509";
const INVALID_IO_TYPE_MEANING: &str =
    "an entry point input or output of a type the interface does not allow";

pub const INTERPOLATION: &str = "E1510";
const INTERPOLATION_MEANING: &str =
    "an invalid `@interpolate`, or an integer user-defined IO without `@interpolate(flat)`";

pub const INVARIANT: &str = "E1511";
const INVARIANT_MEANING: &str = "`@invariant` on anything but the `position` builtin";

pub const BLEND_SRC: &str = "E1512";
const BLEND_SRC_MEANING: &str = "a misuse of `@blend_src`";

pub const WORKGROUP_SIZE: &str = "E1513";
const WORKGROUP_SIZE_MEANING: &str = "a missing, misplaced or invalid `@workgroup_size`";

pub const MISSING_POSITION: &str = "E1514";
const MISSING_POSITION_MEANING: &str = "a vertex shader that does not output `@builtin(position)`";

pub const IO_ATTRIBUTE_CONFLICT: &str = "E1515";
const IO_ATTRIBUTE_CONFLICT_MEANING: &str = "IO attributes that cannot be combined (both `@builtin` and `@location`, or `@interpolate` on a builtin)";

pub const ALIASING: &str = "E1516";
const ALIASING_MEANING: &str = "pointer arguments that alias memory one of them writes";

pub const IMMEDIATE_DATA: &str = "E1517";
const IMMEDIATE_DATA_MEANING: &str = "more than one immediate data variable used by an entry point";

pub const ASSIGN_IMMUTABLE: &str = "E1700";
const ASSIGN_IMMUTABLE_MEANING: &str = "an assignment to a `let`, `const`, `override` or parameter";

pub const ASSIGN_READ_ONLY: &str = "E1701";
const ASSIGN_READ_ONLY_MEANING: &str =
    "an assignment through a read-only memory view (uniform or read-only storage)";

pub const ASSIGN_TO_VALUE: &str = "E1702";
const ASSIGN_TO_VALUE_MEANING: &str = "an assignment to an expression that is not a memory view";

pub const MISPLACED_BREAK: &str = "E1703";
const MISPLACED_BREAK_MEANING: &str =
    "`break` outside a loop or switch, or leaving a `continuing` block";

pub const MISPLACED_CONTINUE: &str = "E1704";
const MISPLACED_CONTINUE_MEANING: &str = "`continue` outside a loop or inside a `continuing` block";

pub const MISPLACED_RETURN: &str = "E1705";
const MISPLACED_RETURN_MEANING: &str = "`return` inside a `continuing` block";

pub const RETURN_TYPE: &str = "E1706";
const RETURN_TYPE_MEANING: &str =
    "a `return` without a value where one is needed, or with one where none is allowed";

pub const MISSING_RETURN: &str = "E1707";
const MISSING_RETURN_MEANING: &str =
    "a function with a return type whose end can be reached without a `return`";

pub const INFINITE_LOOP: &str = "E1708";
const INFINITE_LOOP_MEANING: &str = "a loop that can never exit";

pub const SWITCH_TYPE: &str = "E1709";
const SWITCH_TYPE_MEANING: &str =
    "a switch selector or case selector that is not of the common integer type";

pub const DUPLICATE_CASE: &str = "E1710";
const DUPLICATE_CASE_MEANING: &str = "two case selectors with the same value";

pub const SWITCH_DEFAULT: &str = "E1711";
const SWITCH_DEFAULT_MEANING: &str = "a switch without a `default` clause or with several";

pub const CONTINUE_SKIPS_DECLARATION: &str = "E1712";
const CONTINUE_SKIPS_DECLARATION_MEANING: &str =
    "a `continue` skips a declaration that the loop's `continuing` block uses";

pub const EXTENSION_NOT_ENABLED: &str = "E1800";
const EXTENSION_NOT_ENABLED_MEANING: &str =
    "a feature used without enabling the extension that provides it";

pub const UNKNOWN_EXTENSION: &str = "E1801";
const UNKNOWN_EXTENSION_MEANING: &str = "an `enable` naming an extension refract does not support";

pub const UNKNOWN_LANGUAGE_FEATURE: &str = "E1802";
const UNKNOWN_LANGUAGE_FEATURE_MEANING: &str =
    "a `requires` naming a language extension refract does not support";

pub const DIAGNOSTIC_SEVERITY: &str = "E1803";
const DIAGNOSTIC_SEVERITY_MEANING: &str = "a diagnostic filter with an unknown severity";

pub const DIAGNOSTIC_CONFLICT: &str = "E1804";
const DIAGNOSTIC_CONFLICT_MEANING: &str =
    "two diagnostic filters for the same rule and range with different severities";

pub const UNKNOWN_DIAGNOSTIC_RULE: &str = "E1805";
const UNKNOWN_DIAGNOSTIC_RULE_MEANING: &str =
    "a diagnostic filter naming an unknown rule (a warning)";

pub const DERIVATIVE_UNIFORMITY: &str = "E1850";
const DERIVATIVE_UNIFORMITY_MEANING: &str =
    "a derivative or implicit-derivative texture sample not proven to be in uniform control flow";

pub const SUBGROUP_UNIFORMITY: &str = "E1851";
const SUBGROUP_UNIFORMITY_MEANING: &str = "a subgroup or quad operation not proven to be in uniform control flow, or with a non-uniform shuffle parameter";

pub const BARRIER_UNIFORMITY: &str = "E1852";
const BARRIER_UNIFORMITY_MEANING: &str =
    "a barrier or `workgroupUniformLoad` not proven to be in uniform control flow";

pub const UNREACHABLE_CODE: &str = "E1900";
const UNREACHABLE_CODE_MEANING: &str = "a statement that can never execute (a warning)";
