//! The names of the IR's rules: one per rule of the essay in `ir/mod.rs`, each with a
//! stable name (messages and tests start with it: `no-critical-edges: …`) and a
//! diagnostic code.
//!
//! Two checkers report them: the verifier, and the structure tree, whose walk checks the
//! structured-control-flow rules while it builds the tree. The list sits here, below
//! both, so that the verifier can use the structure tree without the tree importing the
//! verifier.

use crate::diag::codes;

macro_rules! rules {
    ($( $variant:ident $name:literal $code:ident ),* $(,)?) => {
        /// The verifier's rules. Each has a stable name, used in messages and tests, and
        /// a diagnostic code.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Rule { $( $variant, )* }

        impl Rule {
            pub const ALL: &'static [Rule] = &[ $( Rule::$variant, )* ];

            pub fn name(self) -> &'static str {
                match self { $( Rule::$variant => $name, )* }
            }

            pub fn code(self) -> &'static str {
                match self { $( Rule::$variant => codes::$code, )* }
            }
        }
    };
}

rules! {
    SsaDominance "ssa-dominance" VERIFY_SSA_DOMINANCE,
    OperandScope "operand-scope" VERIFY_OPERAND_SCOPE,
    BlockArity "block-arity" VERIFY_BLOCK_ARITY,
    BlockArgType "block-arg-type" VERIFY_BLOCK_ARG_TYPE,
    CriticalEdge "no-critical-edges" VERIFY_CRITICAL_EDGE,
    Terminator "terminator-last" VERIFY_TERMINATOR,
    ParamsFirst "params-first" VERIFY_PARAMS_FIRST,
    EntryBlock "entry-block" VERIFY_ENTRY_BLOCK,
    Nesting "structured-nesting" VERIFY_NESTING,
    IfArms "if-arms" VERIFY_IF_ARMS,
    LoopPreheader "loop-preheader" VERIFY_LOOP_PREHEADER,
    LoopMerge "loop-merge-separate" VERIFY_LOOP_MERGE,
    BreakTarget "break-target" VERIFY_BREAK_TARGET,
    ContinueTarget "continue-target" VERIFY_CONTINUE_TARGET,
    BackEdge "back-edge" VERIFY_BACK_EDGE,
    BreakIf "break-if" VERIFY_BREAK_IF,
    SwitchCases "switch-cases" VERIFY_SWITCH_CASES,
    ConditionalTargets "conditional-targets" VERIFY_CONDITIONAL_ARGS,
    OperandTypes "operand-types" VERIFY_OPERAND_TYPES,
    OperandCount "operand-count" VERIFY_OPERAND_COUNT,
    ResultType "result-type" VERIFY_RESULT_TYPE,
    ReturnType "return-type" VERIFY_RETURN_TYPE,
    TypeForm "type-form" VERIFY_TYPE_FORM,
    ConstantForm "constant-form" VERIFY_CONSTANT_FORM,
    Decoration "decoration-target" VERIFY_DECORATION,
    ModuleScope "module-scope" VERIFY_MODULE_SCOPE,
    Containment "containment" VERIFY_CONTAINMENT,
    AddressSpaceRule "address-space" VERIFY_ADDRESS_SPACE,
    MemoryAccess "memory-access" VERIFY_MEMORY_ACCESS,
    EntryPoint "entry-point" VERIFY_ENTRY_POINT,
    Hoisting "hoisting" VERIFY_HOISTING,
    UseLists "use-lists" VERIFY_USE_LISTS,
    Recursion "no-recursion" VERIFY_RECURSION,
    Call "call-signature" VERIFY_CALL,
    Typed "typed" VERIFY_TYPED,
    UniqueMerge "unique-merge" VERIFY_UNIQUE_MERGE,
    Linkage "linkage" VERIFY_LINKAGE,
}
