//! The tables against rspirv's copy of the SPIR-V grammar and the `spirv` crate's names,
//! the printer on hand-made modules, and the raw-word fallback on streams it cannot read.

use super::grammar::{self, Mask, Table};
use super::*;
use rspirv::binary::{Consumer, ParseAction};
use rspirv::dr::{Instruction, ModuleHeader, Operand};
use rspirv::grammar::{OperandKind as K, OperandQuantifier};

/// Our layout byte for one of rspirv's operand kinds.
fn layout_byte(kind: K) -> u8 {
    match kind {
        K::IdResultType => b'T',
        K::IdResult => b'R',
        K::IdRef | K::IdScope | K::IdMemorySemantics => b'i',
        K::LiteralInteger | K::LiteralFloat => b'n',
        K::LiteralContextDependentNumber => b'c',
        K::LiteralString => b's',
        K::LiteralExtInstInteger => b'e',
        K::LiteralSpecConstantOpInteger => b'o',
        K::PairLiteralIntegerIdRef => b'p',
        K::PairIdRefIdRef => b'q',
        K::Capability => b'C',
        K::ExecutionModel => b'E',
        K::ExecutionMode => b'X',
        K::AddressingModel => b'A',
        K::MemoryModel => b'M',
        K::StorageClass => b'K',
        K::Decoration => b'D',
        K::BuiltIn => b'B',
        K::Dim => b'd',
        K::ImageFormat => b'F',
        K::AccessQualifier => b'Q',
        K::GroupOperation => b'G',
        K::SourceLanguage => b'L',
        K::FPEncoding => b'P',
        K::ImageOperands => b'O',
        K::MemoryAccess => b'a',
        K::LoopControl => b'l',
        K::SelectionControl => b'z',
        K::FunctionControl => b'f',
        other => panic!("no layout byte for {other:?}"),
    }
}

/// Our layout byte for an operand rspirv decoded.
fn operand_byte(o: &Operand) -> u8 {
    match o {
        Operand::IdRef(_) | Operand::IdScope(_) | Operand::IdMemorySemantics(_) => b'i',
        Operand::LiteralBit32(_) => b'n',
        Operand::LiteralString(_) => b's',
        Operand::BuiltIn(_) => b'B',
        other => panic!("no layout byte for {other:?}"),
    }
}

#[test]
fn instructions_match_the_grammar() {
    for i in 0..grammar::OPS.len() {
        let opcode = grammar::OPS.value(i);
        let g = rspirv::grammar::INSTRUCTION_TABLE
            .lookup_opcode(opcode)
            .unwrap_or_else(|| panic!("opcode {opcode} is not in the grammar"));
        assert_eq!(grammar::OPS.name(i), g.opname, "opcode {opcode}");
        let mut expected = Vec::new();
        for o in g.operands {
            expected.push(layout_byte(o.kind));
            match o.quantifier {
                OperandQuantifier::One => {}
                OperandQuantifier::ZeroOrOne => expected.push(b'?'),
                OperandQuantifier::ZeroOrMore => expected.push(b'*'),
            }
        }
        assert_eq!(
            std::str::from_utf8(grammar::OPS.layout(i)).unwrap(),
            std::str::from_utf8(&expected).unwrap(),
            "Op{}",
            g.opname
        );
    }
}

/// Every entry of `table` is named as `name_of` (the `spirv` crate's `Debug`) names it.
fn check_names(table: &Table, name_of: impl Fn(u32) -> Option<String>) {
    assert!(table.len() > 0);
    for i in 0..table.len() {
        let v = table.value(i);
        assert_eq!(Some(table.name(i).to_string()), name_of(v), "value {v}");
    }
}

#[test]
fn enumerant_names_match_the_spirv_crate() {
    macro_rules! check {
        ($($table:ident: $enum:ident),* $(,)?) => {
            $(check_names(&grammar::$table, |v| spirv::$enum::from_u32(v).map(|e| format!("{e:?}")));)*
        };
    }
    check!(
        CAPABILITIES: Capability,
        EXECUTION_MODELS: ExecutionModel,
        EXECUTION_MODES: ExecutionMode,
        ADDRESSING_MODELS: AddressingModel,
        MEMORY_MODELS: MemoryModel,
        STORAGE_CLASSES: StorageClass,
        DECORATIONS: Decoration,
        BUILT_INS: BuiltIn,
        DIMS: Dim,
        IMAGE_FORMATS: ImageFormat,
        ACCESS_QUALIFIERS: AccessQualifier,
        GROUP_OPERATIONS: GroupOperation,
        SOURCE_LANGUAGES: SourceLanguage,
        FP_ENCODINGS: FPEncoding,
        GLSL_STD_450: GlslStd450Op,
    );
    check_names(&grammar::OPS, |v| {
        spirv::Op::from_u32(v).map(|e| format!("{e:?}"))
    });
}

#[test]
fn glsl_names_match_the_grammar() {
    for i in 0..grammar::GLSL_STD_450.len() {
        let v = grammar::GLSL_STD_450.value(i);
        let g = rspirv::grammar::GLSL_STD_450_INSTRUCTION_TABLE
            .lookup_opcode(v)
            .unwrap();
        assert_eq!(grammar::GLSL_STD_450.name(i), g.opname);
    }
    assert_eq!(
        grammar::GLSL_STD_450.len(),
        81,
        "GLSL.std.450 has 81 instructions"
    );
}

/// A bitflags type's flag names in the grammar's CamelCase (`CONST_OFFSET` is
/// `ConstOffset`), by bit position.
fn camel_flags<'a>(flags: impl Iterator<Item = (&'a str, u32)>) -> Vec<(u32, String)> {
    flags
        .map(|(name, bits)| {
            let camel = name
                .split('_')
                .map(|w| w[..1].to_string() + &w[1..].to_ascii_lowercase())
                .collect::<String>();
            (bits.trailing_zeros(), camel)
        })
        .collect()
}

fn check_mask(ours: Mask, theirs: Vec<(u32, String)>) {
    for (bit, (name, _)) in ours.iter().enumerate() {
        if name.is_empty() {
            continue;
        }
        let t = theirs.iter().find(|t| t.0 == bit as u32);
        assert_eq!(t.map(|t| t.1.as_str()), Some(*name), "bit {bit}");
    }
}

#[test]
fn mask_names_match_the_spirv_crate() {
    macro_rules! check {
        ($($mask:ident: $flags:ident),* $(,)?) => {$(
            let flags = spirv::$flags::all().iter_names().map(|(n, f)| (n, f.bits()));
            check_mask(grammar::$mask, camel_flags(flags.filter(|f| f.1 != 0)));
        )*};
    }
    check!(
        IMAGE_OPERANDS: ImageOperands,
        MEMORY_ACCESS: MemoryAccess,
        LOOP_CONTROL: LoopControl,
        SELECTION_CONTROL: SelectionControl,
        FUNCTION_CONTROL: FunctionControl,
    );
}

/// Collects what rspirv's parser decodes.
#[derive(Default)]
struct Collect(Vec<Instruction>);

impl Consumer for Collect {
    fn initialize(&mut self) -> ParseAction {
        ParseAction::Continue
    }
    fn finalize(&mut self) -> ParseAction {
        ParseAction::Continue
    }
    fn consume_header(&mut self, _: ModuleHeader) -> ParseAction {
        ParseAction::Continue
    }
    fn consume_instruction(&mut self, inst: Instruction) -> ParseAction {
        self.0.push(inst);
        ParseAction::Continue
    }
}

const HEADER: [u32; 5] = [MAGIC, 0x0001_0300, 0, 100, 0];

/// A module of the header and `insts` (each its opcode and operands).
fn module(insts: &[(spirv::Op, Vec<u32>)]) -> Vec<u32> {
    let mut words = HEADER.to_vec();
    for (op, operands) in insts {
        words.push(((operands.len() as u32 + 1) << 16) | *op as u32);
        words.extend(operands);
    }
    words
}

/// Words for a parameter layout: any id, literal or built-in will do.
fn param_words(layout: &[u8]) -> Vec<u32> {
    layout
        .iter()
        .map(|&b| if b == b'i' { 5 } else { 0 })
        .collect()
}

/// rspirv decodes `op`'s trailing operands (after `skip` of them) as `layout` says.
fn check_params(op: spirv::Op, prefix: &[u32], layout: &[u8], skip: usize, what: &str) {
    let mut operands = prefix.to_vec();
    operands.extend(param_words(layout));
    let words = module(&[(op, operands)]);
    let mut c = Collect::default();
    rspirv::binary::parse_words(&words, &mut c).unwrap_or_else(|e| panic!("{what}: {e}"));
    let got: Vec<u8> = c.0[0].operands[skip..].iter().map(operand_byte).collect();
    assert_eq!(got, layout, "{what}");
}

#[test]
fn enumerant_parameters_match_rspirv() {
    let d = &grammar::DECORATIONS;
    for i in 0..d.len() {
        let what = format!("Decoration {}", d.name(i));
        check_params(spirv::Op::Decorate, &[1, d.value(i)], d.layout(i), 2, &what);
    }
    let m = &grammar::EXECUTION_MODES;
    for i in 0..m.len() {
        let what = format!("ExecutionMode {}", m.name(i));
        check_params(
            spirv::Op::ExecutionMode,
            &[1, m.value(i)],
            m.layout(i),
            2,
            &what,
        );
    }
}

#[test]
fn mask_parameters_match_rspirv() {
    let cases: [(Mask, spirv::Op, &[u32], usize); 3] = [
        (
            grammar::IMAGE_OPERANDS,
            spirv::Op::ImageSampleImplicitLod,
            &[1, 2, 3, 4],
            3,
        ),
        (grammar::MEMORY_ACCESS, spirv::Op::Load, &[1, 2, 3], 2),
        (grammar::LOOP_CONTROL, spirv::Op::LoopMerge, &[1, 2], 3),
    ];
    for (mask, op, prefix, skip) in cases {
        for (bit, (name, params)) in mask.iter().enumerate() {
            if name.is_empty() {
                continue;
            }
            let mut p = prefix.to_vec();
            p.push(1 << bit);
            check_params(op, &p, params.as_bytes(), skip, name);
        }
    }
}

fn text(words: &[u32]) -> String {
    disassemble(words).expect("disassembles")
}

/// The instruction lines (after the header comment).
fn body(words: &[u32]) -> String {
    text(words).lines().skip(5).collect::<Vec<_>>().join("\n")
}

#[test]
fn header_and_instructions() {
    use spirv::Op;
    let words = module(&[
        (Op::Capability, vec![1]),
        (Op::MemoryModel, vec![0, 1]),
        (
            Op::ExtInstImport,
            vec![
                1,
                u32::from_le_bytes(*b"GLSL"),
                u32::from_le_bytes(*b".std"),
                u32::from_le_bytes(*b".450"),
                0,
            ],
        ),
        (Op::TypeVoid, vec![2]),
        (Op::TypeFunction, vec![3, 2]),
        (Op::TypeInt, vec![4, 32, 1]),
        (Op::TypeFloat, vec![5, 32]),
        (Op::TypeFloat, vec![6, 16]),
        (Op::Constant, vec![4, 7, (-5i32) as u32]),
        (Op::Constant, vec![5, 8, 1.5f32.to_bits()]),
        (Op::Constant, vec![5, 9, f32::INFINITY.to_bits()]),
        (Op::Constant, vec![6, 10, 0x3C00]),
        (Op::TypeImage, vec![11, 5, 1, 0, 0, 0, 1, 0]),
        (Op::Decorate, vec![7, 11, 0]),
        (Op::Function, vec![2, 12, 0, 3]),
        (Op::Label, vec![13]),
        (Op::ExtInst, vec![5, 14, 1, 4, 8]),
        (Op::SelectionMerge, vec![16, 0]),
        (Op::Switch, vec![7, 16, (-1i32) as u32, 15]),
        (Op::Label, vec![15]),
        (Op::Return, vec![]),
        (Op::FunctionEnd, vec![]),
    ]);
    let t = text(&words);
    assert!(
        t.starts_with(
            "; SPIR-V\n; Version: 1.3\n; Generator: 0x00000000\n; Bound: 100\n; Schema: 0\n"
        ),
        "{t}"
    );
    assert_eq!(
        body(&words),
        "OpCapability Shader
OpMemoryModel Logical GLSL450
%1 = OpExtInstImport \"GLSL.std.450\"
%2 = OpTypeVoid
%3 = OpTypeFunction %2
%4 = OpTypeInt 32 1
%5 = OpTypeFloat 32
%6 = OpTypeFloat 16
%7 = OpConstant %4 -5
%8 = OpConstant %5 1.5
%9 = OpConstant %5 0x1p+128
%10 = OpConstant %6 0x1p+0
%11 = OpTypeImage %5 2D 0 0 0 1 Unknown
OpDecorate %7 BuiltIn Position
%12 = OpFunction %2 None %3

%13 = OpLabel
%14 = OpExtInst %5 %1 FAbs %8
      OpSelectionMerge %16 None
      OpSwitch %7 %16 -1 %15

%15 = OpLabel
      OpReturn
OpFunctionEnd
"
    );
}

#[test]
fn masks_spec_constant_ops_and_phis() {
    use spirv::Op;
    let words = module(&[
        (Op::TypeInt, vec![1, 32, 0]),
        (Op::SpecConstantOp, vec![1, 2, Op::IAdd as u32, 3, 4]),
        (Op::ImageSampleImplicitLod, vec![5, 6, 7, 8, 1 | 8, 9, 10]),
        (Op::Load, vec![5, 11, 12, 2, 16]),
        (Op::LoopMerge, vec![13, 14, 0]),
        (Op::Phi, vec![1, 15, 2, 13, 3, 14]),
        (Op::Name, vec![2, u32::from_le_bytes(*b"a\"\\\0")]),
    ]);
    assert_eq!(
        body(&words),
        "%1 = OpTypeInt 32 0
%2 = OpSpecConstantOp %1 IAdd %3 %4
%6 = OpImageSampleImplicitLod %5 %7 %8 Bias|ConstOffset %9 %10
%11 = OpLoad %5 %12 Aligned 16
OpLoopMerge %13 %14 None
%15 = OpPhi %1 %2 %13 %3 %14
OpName %2 \"a\\\"\\\\\""
    );
}

#[test]
fn unknown_words_print_raw() {
    use spirv::Op;
    let words = module(&[
        (Op::Capability, vec![1]),
        // An opcode no one assigned.
        (Op::Nop, vec![]),
        // A decoration the tables do not cover, an operand too many, one too few, a
        // string without its nul, a mask bit no one assigned.
        (Op::Decorate, vec![1, 0xFFFF]),
        (Op::TypeVoid, vec![1, 2]),
        (Op::TypeInt, vec![1, 32]),
        (Op::Name, vec![1, u32::from_le_bytes(*b"abcd")]),
        (Op::LoopMerge, vec![1, 2, 1 << 30]),
    ]);
    let mut words = words;
    words[7] = (1 << 16) | 4242;
    assert_eq!(
        body(&words),
        "OpCapability Shader
!0x00011092 ; opcode 4242, which the disassembler does not know
!0x00030047 !0x00000001 !0x0000ffff ; OpDecorate with operands the disassembler does not know
!0x00030013 !0x00000001 !0x00000002 ; OpTypeVoid with operands the disassembler does not know
!0x00030015 !0x00000001 !0x00000020 ; OpTypeInt with operands the disassembler does not know
!0x00030005 !0x00000001 !0x64636261 ; OpName with operands the disassembler does not know
!0x000400f6 !0x00000001 !0x00000002 !0x40000000 ; OpLoopMerge with operands the disassembler does not know"
    );
}

#[test]
fn streams_that_are_not_modules_are_errors() {
    assert!(disassemble(&[]).is_err());
    assert!(disassemble(&[MAGIC, 0, 0, 0]).is_err());
    assert!(disassemble(&[MAGIC.swap_bytes(), 0, 0, 0, 0]).is_err());
    assert!(disassemble(&[1, 0, 0, 0, 0]).is_err());
    let mut zero = HEADER.to_vec();
    zero.push(0);
    assert_eq!(
        disassemble(&zero).unwrap_err().code,
        codes::SPIRV_BAD_BINARY
    );
    let mut past = HEADER.to_vec();
    past.push((3 << 16) | spirv::Op::Capability as u32);
    assert!(disassemble(&past).is_err());
}

/// Random and mutated word streams never make the disassembler panic.
#[test]
fn no_word_stream_panics() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let source = "@group(0) @binding(0) var<storage, read_write> b: array<f32>;
        @compute @workgroup_size(8) fn main(@builtin(global_invocation_id) id: vec3u) {
            var x = b[id.x];
            switch id.y { case 1u, 2u: { x = sqrt(x); } default: { x = -x; } }
            for (var i = 0; i < 4; i++) { x += f32(i); }
            b[id.x] = x;
        }";
    let result = crate::compile(source, &crate::Options::new(crate::Target::Spirv));
    let Some(crate::Output::Words(real)) = result.output else {
        panic!("the sample compiles: {:?}", result.diagnostics);
    };
    assert!(
        !text(&real).contains('!'),
        "the sample disassembles without raw words"
    );
    for round in 0..20_000 {
        let mut words = real.clone();
        if round % 4 == 0 {
            // A random stream after a valid header.
            words.truncate(5);
            for _ in 0..next() % 64 {
                let w = next() as u32;
                words.push(if next() % 3 == 0 { w & 0x000F_FFFF } else { w });
            }
        } else {
            for _ in 0..1 + next() % 4 {
                let at = 5 + (next() as usize) % (words.len() - 5);
                words[at] = match next() % 4 {
                    0 => next() as u32,
                    1 => words[at] ^ (1 << (next() % 32)),
                    2 => (next() % 8) as u32,
                    _ => words[at].wrapping_add(1),
                };
            }
        }
        let _ = disassemble(&words);
    }
}

#[test]
fn hex_floats() {
    let hex32 = |bits: u32| {
        let mut s = crate::util::text::Text::default();
        hex_float(&mut s, bits, 23, 8);
        s.finish()
    };
    assert_eq!(hex32(1.5f32.to_bits()), "0x1.8p+0");
    assert_eq!(hex32(f32::INFINITY.to_bits()), "0x1p+128");
    assert_eq!(hex32(f32::NAN.to_bits()), "0x1.8p+128");
    assert_eq!(hex32(1), "0x1p-149");
    assert_eq!(hex32((-0.0f32).to_bits()), "-0x0p+0");
    let mut s = crate::util::text::Text::default();
    hex_float(&mut s, 0x3C00, 10, 5);
    assert_eq!(s.finish(), "0x1p+0");
}
