//! The HLSL writer: module-scope declarations, then each function through the raising
//! plan (see [`super::function`]).
//!
//! Output order, each part only when used: struct declarations (in an order where each
//! struct follows the structs it contains), resources and module-scope variables with
//! their registers, `static const` overrides and constants, the helper functions the
//! functions asked for (buffer access, polyfills the language needs), then the functions,
//! callees before callers (HLSL, like C, needs a declaration before a call).
//!
//! Names are chosen up front for every module-scope declaration: entry points keep their
//! WGSL names exactly when HLSL allows them ([`super::entry_point_name`]); everything
//! else is made ASCII, unique, and never a word HLSL takes ([`super::names`]).

use super::expr::{E, Exprs, Node, Sym};
use super::memory::{self, BufferKind, Helpers, MemoryCx};
use super::names::HELPER_PREFIX;
use super::template::{fill, fill_into};
use super::types::{Spelled, TypeNamer};
use super::{Error, Options, entry_point_name, literal};
use crate::ir::enums::{
    AccessMode, AddressSpace, BuiltinValue, InterpolationSampling, InterpolationType,
};
use crate::ir::{Inst, Module, Opcode};
use crate::raise::names::Namer;
use crate::util::map::{Map, Set};

/// A resource's register class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegisterClass {
    /// Constant buffers.
    B,
    /// Shader resource views: read-only buffers and textures.
    T,
    /// Unordered access views: writable buffers and storage textures.
    U,
    /// Samplers.
    S,
}

impl RegisterClass {
    pub fn letter(self) -> char {
        match self {
            RegisterClass::B => 'b',
            RegisterClass::T => 't',
            RegisterClass::U => 'u',
            RegisterClass::S => 's',
        }
    }
}

/// The module-wide state of one write.
pub struct Writer<'m> {
    pub m: &'m Module,
    pub options: &'m Options,
    pub x: Exprs,
    /// Text of each [`Sym`].
    pub names: Vec<String>,
    /// The [`Sym`] of each text, by index: a map of `u32`s, a table type the npm package
    /// has anyway (each distinct one costs it code).
    interned: Map<String, u32>,
    /// Names of the writer's own helpers, all starting with [`HELPER_PREFIX`] (which the
    /// module's namer reserves, so they meet no other name).
    helper_names: Set<String>,
    /// Module-scope declarations: variables, overrides, named constants, functions.
    pub globals: Map<Inst, Sym>,
    pub structs: Map<Inst, String>,
    members: Map<Inst, Vec<String>>,
    /// Byte-addressed buffers and what they are.
    pub buffers: Map<Inst, BufferKind>,
    pub helpers: Helpers,
    /// Typedefs of array types returned by functions, by type.
    pub typedefs: Map<Inst, String>,
    pub typedef_texts: Vec<String>,
    /// `static const` declarations of array and struct constants, in the order made.
    pub constant_texts: Vec<String>,
    /// The `buffer_sizes` constant buffer's name, once declared.
    pub buffer_sizes_name: Option<String>,
    /// The names of the module's functions (a call of one may have effects).
    pub function_names: Set<String>,
}

impl<'m> MemoryCx<'m> for Writer<'m> {
    fn m(&self) -> &'m Module {
        self.m
    }
    fn add(&mut self, node: Node) -> E {
        self.x.add(node)
    }
    fn exprs(&mut self) -> &mut Exprs {
        &mut self.x
    }
    fn u32_lit(&mut self, v: u32) -> E {
        self.x.add(Node::Lit(format!("{v}u")))
    }
    fn name_text(&self, s: Sym) -> &str {
        &self.names[s.index()]
    }
    fn fresh(&mut self, hint: &str) -> String {
        self.namer_fresh(hint)
    }
    fn spell(&self, t: Inst) -> Option<(String, String)> {
        self.spell_type(t).ok().map(|s| (s.base, s.suffix))
    }
    fn print(&self, e: E) -> String {
        let mut s = String::new();
        self.x.print(&mut s, &self.names, e);
        s
    }
    fn helpers(&mut self) -> &mut Helpers {
        &mut self.helpers
    }
    fn const_u32(&self, e: E) -> Option<u32> {
        match self.x.node(e) {
            Node::Lit(t) => t.strip_suffix('u')?.parse().ok(),
            _ => None,
        }
    }
    fn member(&self, t: Inst, k: usize) -> String {
        self.member_name(t, k)
    }
    fn node(&self, e: E) -> &Node {
        self.x.node(e)
    }
}

impl<'m> Writer<'m> {
    pub fn new(m: &'m Module, options: &'m Options) -> Writer<'m> {
        Writer {
            m,
            options,
            x: Exprs::default(),
            names: Vec::new(),
            interned: Map::default(),
            helper_names: Set::default(),
            globals: Map::default(),
            structs: Map::default(),
            members: Map::default(),
            buffers: Map::default(),
            helpers: Helpers::default(),
            typedefs: Map::default(),
            typedef_texts: Vec::new(),
            constant_texts: Vec::new(),
            buffer_sizes_name: None,
            function_names: Set::default(),
        }
    }

    /// The symbol of a name (made once per text).
    pub fn intern(&mut self, text: &str) -> Sym {
        if let Some(&k) = self.interned.get(text) {
            return Sym::from_index(k as usize);
        }
        let s = Sym::from_index(self.names.len());
        self.names.push(text.to_string());
        self.interned.insert(text.to_string(), s.index() as u32);
        s
    }

    pub fn spell_type(&self, t: Inst) -> Result<Spelled, &'static str> {
        let structs = &self.structs;
        let name = |s: Inst| structs.get(&s).cloned();
        TypeNamer {
            m: self.m,
            struct_name: &name,
        }
        .spell(t)
    }

    /// `t` spelled for a cast, a constructor or a return type; an array type gets a
    /// typedef (HLSL returns and casts arrays only through one).
    pub fn type_text(&mut self, t: Inst) -> Result<String, &'static str> {
        let s = self.spell_type(t)?;
        if s.suffix.is_empty() {
            return Ok(s.base);
        }
        if let Some(n) = self.typedefs.get(&t) {
            return Ok(n.clone());
        }
        let name = self.namer_fresh(&fill("$0_array", &[&s.base]));
        self.typedef_texts
            .push(fill("typedef $0;\n", &[&s.declare(&name)]));
        self.typedefs.insert(t, name.clone());
        Ok(name)
    }

    pub fn member_name(&self, t: Inst, k: usize) -> String {
        self.members
            .get(&t)
            .and_then(|v| v.get(k))
            .cloned()
            .unwrap_or_else(|| format!("member_{k}"))
    }

    pub fn error(&self, at: Inst, what: impl std::fmt::Display) -> Error {
        Error::unsupported(self.m, at, format!("{what}"))
    }

    // ---- naming -------------------------------------------------------------------------

    /// Names every module-scope declaration: entry points first (exactly), then structs,
    /// variables, overrides and functions in module order.
    pub fn name_module(&mut self, namer: &mut Namer<'_>) -> Result<(), Error> {
        let m = self.m;
        let root = m.root();
        let items: Vec<Inst> = m.children(root).collect();
        for &f in &items {
            if m.opcode(f) == Opcode::Func && is_entry_point(m, f) {
                let name = entry_point_name(m.name(f).unwrap_or("main"));
                if namer.exact(Some(&name), "main") != name {
                    return Err(self.error(f, format!("two entry points named `{name}`")));
                }
                let s = self.intern(&name);
                self.globals.insert(f, s);
            }
        }
        for &i in &items {
            match m.opcode(i) {
                Opcode::Struct => {
                    let debug = m.name(i).map(|n| n.trim_start_matches('_'));
                    let name = namer.name(debug, "S");
                    self.structs.insert(i, name);
                    let mut member_namer = Namer::new(super::names::keywords());
                    let fields = m.struct_fields(i);
                    let mut names = Vec::with_capacity(fields.len());
                    for (k, f) in fields.into_iter().enumerate() {
                        names.push(member_namer.member(m.name(f), &format!("m{k}")));
                    }
                    self.members.insert(i, names);
                }
                Opcode::Var | Opcode::Override => {
                    let name = namer.name(m.name(i), "v");
                    let s = self.intern(&name);
                    self.globals.insert(i, s);
                }
                Opcode::Func if !self.globals.contains_key(&i) => {
                    let name = namer.name(m.name(i), "f");
                    self.function_names.insert(name.clone());
                    let s = self.intern(&name);
                    self.globals.insert(i, s);
                }
                _ => {}
            }
        }
        Ok(())
    }

    // ---- declarations -------------------------------------------------------------------

    /// Struct declarations, each after the structs it contains, with IO semantics on the
    /// members that carry IO decorations.
    pub fn structs_text(&self) -> Result<String, Error> {
        let m = self.m;
        let root = m.root();
        let mut out = String::new();
        let mut done = Set::default();
        // A struct ending in a runtime-sized array only ever typed a buffer, and buffers
        // are byte-addressed by now: HLSL never names it.
        let sized = |s: Inst| {
            m.struct_fields(s)
                .last()
                .and_then(|&f| m.ty(f))
                .is_none_or(|t| m.opcode(t) != Opcode::RuntimeArray)
        };
        for s in m
            .children(root)
            .filter(|&s| m.opcode(s) == Opcode::Struct && sized(s))
        {
            self.struct_after_parts(s, &mut done, &mut out, 0)?;
        }
        Ok(out)
    }

    fn struct_after_parts(
        &self,
        s: Inst,
        done: &mut Set<Inst>,
        out: &mut String,
        depth: u32,
    ) -> Result<(), Error> {
        if depth > crate::ir::layout::MAX_DEPTH {
            return Err(self.error(s, "structs nested too deeply"));
        }
        let m = self.m;
        if !done.insert(s) || is_dropped(m, s) {
            return Ok(());
        }
        for f in m.struct_fields(s) {
            let mut t = m
                .ty(f)
                .ok_or_else(|| self.error(f, "a member without a type"))?;
            while m.opcode(t) == Opcode::Array {
                t = m.operand(t, 0);
            }
            if m.opcode(t) == Opcode::Struct {
                self.struct_after_parts(t, done, out, depth + 1)?;
            }
        }
        let name = &self.structs[&s];
        fill_into(out, "struct $0 {\n", &[name]);
        let target = is_fragment_output(m, s);
        for (k, f) in m.struct_fields(s).into_iter().enumerate() {
            let t = m
                .ty(f)
                .ok_or_else(|| self.error(f, "a member without a type"))?;
            let spelled = self.spell_type(t).map_err(|w| self.error(f, w))?;
            let member = self.member_name(s, k);
            let (prefix, mut semantic) = io_semantic(m, f, target);
            if wave_builtin(m, f).is_some() {
                if !is_declared(m, s, f) {
                    // Read through wave intrinsics (`Hlsl::wave_input`), not a semantic.
                    continue;
                }
                // The member carries the local index, which the reads divide.
                semantic = " : SV_GroupIndex".into();
            } else if semantic == NO_SEMANTIC {
                if is_entry_io(m, s) {
                    return Err(self.error(f, "a builtin input HLSL has no semantic for"));
                }
                // A struct `shader-io` rebuilt for the inner function is only data now.
                semantic.clear();
            }
            fill_into(
                out,
                "  $0$1$2;\n",
                &[&prefix, &spelled.declare(&member), &semantic],
            );
        }
        out.push_str("};\n\n");
        Ok(())
    }

    /// Module-scope variables, resources with their registers, and `static const`
    /// overrides and constants.
    pub fn globals_text(&mut self) -> Result<String, Error> {
        let m = self.m;
        let root = m.root();
        let mut out = String::new();
        let items: Vec<Inst> = m.children(root).collect();
        for v in items {
            match m.opcode(v) {
                Opcode::Var => self.global_var(&mut out, v)?,
                Opcode::Override => self.override_decl(&mut out, v)?,
                _ => {}
            }
        }
        Ok(out)
    }

    fn register(&self, v: Inst, class: RegisterClass) -> Result<String, Error> {
        let m = self.m;
        let word = |op: Opcode| crate::raise::plan::decoration_u32(m, v, op);
        let immediate = m
            .ty(v)
            .and_then(|t| m.ptr_parts(t))
            .is_some_and(|(space, _, _)| space == AddressSpace::Immediate);
        if immediate {
            let (register, space) = self.options.immediate.unwrap_or_else(|| {
                let top = m
                    .children(m.root())
                    .filter_map(|g| m.decoration(g, Opcode::DecoGroup))
                    .filter_map(|d| m.operand_opt(d, 0).and_then(|x| m.const_u32(x)))
                    .max();
                (0, top.map_or(0, |g| g.saturating_add(1)))
            });
            return Ok(register_text('b', register, space));
        }
        let (Some(group), Some(binding)) = (word(Opcode::DecoGroup), word(Opcode::DecoBinding))
        else {
            return Err(self.error(v, "a resource without `@group` and `@binding`"));
        };
        let (register, space) = self.options.register_of(group, binding);
        Ok(register_text(class.letter(), register, space))
    }

    fn global_var(&mut self, out: &mut String, v: Inst) -> Result<(), Error> {
        let m = self.m;
        let (space, store, access) = m
            .ty(v)
            .and_then(|t| m.ptr_parts(t))
            .ok_or_else(|| self.error(v, "a variable without a pointer type"))?;
        let name = self.names[self.globals[&v].index()].clone();
        match space {
            AddressSpace::Storage | AddressSpace::Uniform | AddressSpace::Immediate => {
                if !matches!(m.opcode(store), Opcode::Buffer | Opcode::RuntimeBuffer) {
                    return Err(self.error(
                        v,
                        "a buffer the `byte-address` transform did not rewrite (a bug in refract)",
                    ));
                }
                let kind = match (space, access) {
                    (AddressSpace::Storage, AccessMode::Read) => BufferKind::ReadOnly,
                    (AddressSpace::Storage, _) => BufferKind::ReadWrite,
                    _ => BufferKind::Uniform,
                };
                self.buffers.insert(v, kind);
                match kind {
                    BufferKind::ReadOnly => {
                        let r = self.register(v, RegisterClass::T)?;
                        fill_into(out, "ByteAddressBuffer $0$1;\n", &[&name, &r]);
                    }
                    BufferKind::ReadWrite => {
                        let r = self.register(v, RegisterClass::U)?;
                        fill_into(out, "RWByteAddressBuffer $0$1;\n", &[&name, &r]);
                    }
                    BufferKind::Uniform | BufferKind::Workgroup => {
                        let rows = memory::rows(m, store)
                            .ok_or_else(|| self.error(v, "a uniform buffer without a size"))?;
                        let r = self.register(v, RegisterClass::B)?;
                        fill_into(
                            out,
                            "cbuffer $0_block$1 {\n  uint4 $0[$2];\n};\n",
                            &[&name, &r, &rows.to_string()],
                        );
                    }
                }
            }
            AddressSpace::Handle => {
                let spelled = self.spell_type(store).map_err(|w| self.error(v, w))?;
                let class = match m.opcode(store) {
                    Opcode::Sampler | Opcode::SamplerComparison => RegisterClass::S,
                    Opcode::TextureStorage if !spelled.base.starts_with("Texture") => {
                        RegisterClass::U
                    }
                    _ => RegisterClass::T,
                };
                let r = self.register(v, class)?;
                fill_into(out, "$0$1;\n", &[&spelled.declare(&name), &r]);
            }
            AddressSpace::Workgroup if m.opcode(store) == Opcode::Buffer => {
                let words = memory::words(m, store)
                    .ok_or_else(|| self.error(v, "a workgroup buffer without a size"))?;
                self.buffers.insert(v, BufferKind::Workgroup);
                fill_into(
                    out,
                    "groupshared uint $0[$1];\n",
                    &[&name, &words.to_string()],
                );
            }
            AddressSpace::Workgroup => {
                let spelled = self.spell_type(store).map_err(|w| self.error(v, w))?;
                fill_into(out, "groupshared $0;\n", &[&spelled.declare(&name)]);
            }
            AddressSpace::Private => {
                let spelled = self.spell_type(store).map_err(|w| self.error(v, w))?;
                // HLSL zero-initializes statics without an initializer, as WGSL does.
                let declared = spelled.declare(&name);
                match m.operand_opt(v, 0) {
                    Some(init) => {
                        let e = self.initializer(init, 0)?;
                        let text = self.print(e);
                        fill_into(out, "static $0 = $1;\n", &[&declared, &text]);
                    }
                    None => fill_into(out, "static $0;\n", &[&declared]),
                }
            }
            AddressSpace::Function => {
                return Err(self.error(v, "a function variable at module scope"));
            }
        }
        Ok(())
    }

    /// An override as a `static const`: HLSL has no specialization constants, so its
    /// value is baked in (its default).
    fn override_decl(&mut self, out: &mut String, o: Inst) -> Result<(), Error> {
        let m = self.m;
        let name = self.names[self.globals[&o].index()].clone();
        let ty = m
            .ty(o)
            .ok_or_else(|| self.error(o, "an override without a type"))?;
        let Some(init) = m.operand_opt(o, 0) else {
            return Err(Error::new(
                crate::diag::codes::HLSL_OVERRIDE_WITHOUT_VALUE,
                m,
                o,
                format!(
                    "override `{}` has no value: HLSL has no specialization constants, so every override needs a default or a value given at compile time",
                    m.name(o).unwrap_or(&name)
                ),
            ));
        };
        let spelled = self.spell_type(ty).map_err(|w| self.error(o, w))?;
        let e = self.initializer(init, 0)?;
        let text = self.print(e);
        fill_into(
            out,
            "static const $0 = $1;\n",
            &[&spelled.declare(&name), &text],
        );
        Ok(())
    }

    // ---- module-scope values --------------------------------------------------------------

    /// The expression of a module-scope value in an expression: a constant, a zero value,
    /// an override. Array and struct constants are declared once as `static const` and
    /// named; a zero array is its helper's result.
    pub fn module_value(&mut self, v: Inst, depth: u32) -> Result<E, Error> {
        let m = self.m;
        if let Some(&s) = self.globals.get(&v) {
            return Ok(self.x.add(Node::Name(s)));
        }
        let ty = m
            .ty(v)
            .ok_or_else(|| self.error(v, "a value without a type"))?;
        let aggregate = matches!(m.opcode(ty), Opcode::Array | Opcode::Struct);
        match m.opcode(v) {
            Opcode::Composite if aggregate => {
                let init = self.initializer(v, depth)?;
                let spelled = self.spell_type(ty).map_err(|w| self.error(v, w))?;
                let name = self.namer_fresh(m.name(v).unwrap_or("constant"));
                let text = format!(
                    "static const {} = {};\n",
                    spelled.declare(&name),
                    self.print(init)
                );
                self.constant_texts.push(text);
                let s = self.intern(&name);
                self.globals.insert(v, s);
                Ok(self.x.add(Node::Name(s)))
            }
            Opcode::Zero if m.opcode(ty) == Opcode::Array => {
                let name = self.zero_array(ty).map_err(|w| self.error(v, w))?;
                Ok(self.x.call(&name, &[]))
            }
            _ => self.initializer(v, depth),
        }
    }

    /// The expression of a module-scope value as a declaration's initializer, where arrays
    /// and structs are initializer lists.
    pub fn initializer(&mut self, v: Inst, depth: u32) -> Result<E, Error> {
        let m = self.m;
        if depth > crate::ir::layout::MAX_DEPTH {
            return Err(self.error(v, "a constant nested too deeply"));
        }
        if let Some(&s) = self.globals.get(&v) {
            return Ok(self.x.add(Node::Name(s)));
        }
        let ty = m
            .ty(v)
            .ok_or_else(|| self.error(v, "a value without a type"))?;
        match m.opcode(v) {
            Opcode::Constant => {
                let kind = m
                    .scalar(ty)
                    .ok_or_else(|| self.error(v, "a non-scalar literal"))?;
                Ok(self.x.add(Node::Lit(literal::scalar(kind, m.literal(v)))))
            }
            Opcode::Zero => self.zero_value(ty, v, depth),
            Opcode::Composite => {
                // A loop rather than a collect into `Result`: each such chain was its own
                // copy of the iterator code in the package.
                let ops = m.operands_vec(v);
                let mut parts: Vec<E> = Vec::with_capacity(ops.len());
                for p in ops {
                    parts.push(self.initializer(p, depth + 1)?);
                }
                self.construct(ty, parts, v)
            }
            _ => Err(self.error(
                v,
                format!("the module-scope value `{}`", m.opcode(v).name()),
            )),
        }
    }

    /// The zero value of type `ty` in an initializer: `0` of the scalar, a cast of `0`
    /// for vectors, matrices and structs, a list of zeros for an array.
    pub fn zero_value(&mut self, ty: Inst, at: Inst, depth: u32) -> Result<E, Error> {
        let m = self.m;
        if depth > crate::ir::layout::MAX_DEPTH {
            return Err(self.error(at, "a constant nested too deeply"));
        }
        if let Some(kind) = m.scalar(ty) {
            return Ok(self.x.add(Node::Lit(literal::scalar(kind, 0))));
        }
        match m.opcode(ty) {
            Opcode::Vec | Opcode::Mat | Opcode::Struct => {
                let t = self.type_text(ty).map_err(|w| self.error(at, w))?;
                let zero = self.x.lit("0");
                Ok(self.x.add(Node::Cast(t, zero)))
            }
            Opcode::Array => {
                let n = m
                    .operand_opt(ty, 1)
                    .and_then(|c| m.const_u32(c))
                    .ok_or_else(|| self.error(at, "an array sized by an override"))?;
                let elem = m.operand(ty, 0);
                let z = self.zero_value(elem, at, depth + 1)?;
                Ok(self.x.add(Node::List(vec![z; n as usize])))
            }
            _ => Err(self.error(at, "the zero value of a type without one")),
        }
    }

    /// A value of composite type `ty` from its parts: a constructor for vectors and
    /// matrices, an initializer list for arrays and structs (their declarations take it).
    pub fn construct(&mut self, ty: Inst, parts: Vec<E>, at: Inst) -> Result<E, Error> {
        let m = self.m;
        match m.opcode(ty) {
            Opcode::Vec | Opcode::Mat => {
                let t = self.type_text(ty).map_err(|w| self.error(at, w))?;
                Ok(self.x.add(Node::Call(t, parts)))
            }
            Opcode::Array | Opcode::Struct => Ok(self.x.add(Node::List(parts))),
            _ => Err(self.error(at, "a constructor of a non-composite type")),
        }
    }
}

/// ` : register(<class><register>, space<space>)`.
fn register_text(class: char, register: u32, space: u32) -> String {
    let mut text = String::from(" : register(");
    text.push(class);
    fill_into(
        &mut text,
        "$0, space$1)",
        &[&register.to_string(), &space.to_string()],
    );
    text
}

/// Whether `f` is an entry point.
pub fn is_entry_point(m: &Module, f: Inst) -> bool {
    m.decorations(f).any(|d| {
        matches!(
            m.opcode(d),
            Opcode::DecoVertex | Opcode::DecoFragment | Opcode::DecoCompute
        )
    })
}

/// The HLSL stage-IO spelling of a struct member's decorations: modifiers written before
/// the type (`nointerpolation`, `precise`) and the semantic after the name. `target`: the
/// member is a fragment output, whose location names a render target.
pub fn io_semantic(m: &Module, f: Inst, target: bool) -> (String, String) {
    let word = |d: Inst, k: usize| m.operand_opt(d, k).and_then(|x| m.const_u32(x));
    let mut prefix = String::new();
    let mut semantic = String::new();
    let mut flat = false;
    for d in m.decorations(f) {
        match m.opcode(d) {
            // A fragment output's location is a render target; dual-source blending's
            // second source (`@location(0) @blend_src(1)`) is the second target, as D3D
            // pairs them.
            Opcode::DecoLocation if target => {
                let source = m
                    .decoration(f, Opcode::DecoBlendSrc)
                    .and_then(|b| word(b, 0));
                if let Some(l) = word(d, 0) {
                    semantic = format!(" : SV_Target{}", l + source.unwrap_or(0));
                }
            }
            Opcode::DecoLocation => {
                if let Some(l) = word(d, 0) {
                    semantic = format!(" : TEXCOORD{l}");
                }
            }
            Opcode::DecoBuiltin => {
                semantic = match word(d, 0).and_then(BuiltinValue::from_u32) {
                    Some(b) => format!(" : {}", builtin_semantic(b)),
                    None => NO_SEMANTIC.to_string(),
                };
            }
            // Render targets are not interpolated.
            Opcode::DecoInterpolate if !target => {
                match word(d, 0).and_then(InterpolationType::from_u32) {
                    Some(InterpolationType::Flat) => {
                        prefix.push_str("nointerpolation ");
                        flat = true;
                    }
                    Some(InterpolationType::Linear) => prefix.push_str("noperspective "),
                    _ => {}
                }
                match word(d, 1).and_then(InterpolationSampling::from_u32) {
                    Some(InterpolationSampling::Centroid) => prefix.push_str("centroid "),
                    Some(InterpolationSampling::Sample) => prefix.push_str("sample "),
                    _ => {}
                }
            }
            Opcode::DecoInvariant => prefix.push_str("precise "),
            _ => {}
        }
    }
    // WGSL interpolates integers flat whatever the decorations say; HLSL needs it said.
    let integer = m
        .ty(f)
        .and_then(|t| m.scalar_type_of(t))
        .and_then(|s| m.scalar(s))
        .is_some_and(|s| s.is_int());
    let location = m.decoration(f, Opcode::DecoLocation).is_some();
    if integer && location && !flat && !target {
        prefix.insert_str(0, "nointerpolation ");
    }
    (prefix, semantic)
}

/// The HLSL semantic of a WGSL builtin value.
pub fn builtin_semantic(b: BuiltinValue) -> &'static str {
    match b {
        BuiltinValue::VertexIndex => "SV_VertexID",
        BuiltinValue::InstanceIndex => "SV_InstanceID",
        BuiltinValue::ClipDistances => "SV_ClipDistance0",
        BuiltinValue::Position => "SV_Position",
        BuiltinValue::FrontFacing => "SV_IsFrontFace",
        BuiltinValue::FragDepth => "SV_Depth",
        BuiltinValue::PrimitiveIndex => "SV_PrimitiveID",
        BuiltinValue::SampleIndex => "SV_SampleIndex",
        BuiltinValue::SampleMask => "SV_Coverage",
        BuiltinValue::LocalInvocationId => "SV_GroupThreadID",
        BuiltinValue::LocalInvocationIndex => "SV_GroupIndex",
        BuiltinValue::GlobalInvocationId => "SV_DispatchThreadID",
        BuiltinValue::WorkgroupId => "SV_GroupID",
        // Shader Model 6 has no system values for these. `num_workgroups` is read from a
        // buffer (the `shader-io` transform), the subgroup values through wave
        // intrinsics ([`wave_builtin`]); the writer refuses a member left with this.
        BuiltinValue::GlobalInvocationIndex
        | BuiltinValue::WorkgroupIndex
        | BuiltinValue::NumWorkgroups
        | BuiltinValue::SubgroupInvocationId
        | BuiltinValue::SubgroupSize
        | BuiltinValue::SubgroupId
        | BuiltinValue::NumSubgroups => &NO_SEMANTIC[3..],
    }
}

/// What [`io_semantic`] gives a builtin without an HLSL semantic.
const NO_SEMANTIC: &str = " : <none>";

/// The subgroup builtin a member of an entry point's input struct carries, if any.
/// HLSL reads `subgroup_invocation_id` and `subgroup_size` as `WaveGetLaneIndex()` and
/// `WaveGetLaneCount()`; `subgroup_id` and `num_subgroups` are worked out from the
/// local invocation index and the workgroup size, as D3D12 fills waves with threads in
/// `SV_GroupIndex` order.
pub fn wave_builtin(m: &Module, f: Inst) -> Option<BuiltinValue> {
    let b = builtin_of(m, f)?;
    matches!(
        b,
        BuiltinValue::SubgroupInvocationId
            | BuiltinValue::SubgroupSize
            | BuiltinValue::SubgroupId
            | BuiltinValue::NumSubgroups
    )
    .then_some(b)
}

fn builtin_of(m: &Module, f: Inst) -> Option<BuiltinValue> {
    let d = m.decoration(f, Opcode::DecoBuiltin)?;
    BuiltinValue::from_u32(m.const_u32(m.operand_opt(d, 0)?)?)
}

/// Whether member `f` of struct `s` is declared in HLSL: every member but the wave
/// builtins read through intrinsics (`subgroup_id` is declared, as the local index, when
/// no other member carries that).
fn is_declared(m: &Module, s: Inst, f: Inst) -> bool {
    match wave_builtin(m, f) {
        None => true,
        Some(b) => b == BuiltinValue::SubgroupId && local_index_member(m, s).is_none(),
    }
}

/// Whether struct `s` is an entry point's input struct of which HLSL declares nothing:
/// neither the struct nor the parameter it types is written.
pub fn is_dropped(m: &Module, s: Inst) -> bool {
    let fields = m.struct_fields(s);
    !fields.is_empty() && fields.iter().all(|&f| !is_declared(m, s, f))
}

/// The member of struct `s` that carries `local_invocation_index`, if one does.
pub fn local_index_member(m: &Module, s: Inst) -> Option<usize> {
    m.struct_fields(s)
        .iter()
        .position(|&f| builtin_of(m, f) == Some(BuiltinValue::LocalInvocationIndex))
}

/// The number of invocations in a workgroup of the compute entry point whose input
/// struct is `s`.
pub fn workgroup_invocations(m: &Module, s: Inst) -> Option<u32> {
    let f = m
        .children(m.root())
        .filter(|&f| m.opcode(f) == Opcode::Func)
        .find(|&f| {
            m.entry_block(crate::ir::Func(f))
                .is_some_and(|b| m.block_params(b).iter().any(|p| m.ty(p.inst()) == Some(s)))
        })?;
    let size = workgroup_size(m, f)?;
    Some(size.into_iter().fold(1u32, u32::saturating_mul))
}

/// Whether struct `s` types an entry point's parameter or result: what the pipeline
/// reads or writes through its members' semantics.
fn is_entry_io(m: &Module, s: Inst) -> bool {
    m.children(m.root())
        .filter(|&f| m.opcode(f) == Opcode::Func && is_entry_point(m, f))
        .any(|f| {
            m.ty(f)
                .and_then(|t| m.fn_parts(t))
                .is_some_and(|(result, params)| result == s || params.contains(&s))
        })
}

/// Whether struct `s` is what a fragment entry point returns: its locations are render
/// targets (`SV_Target`), not the `TEXCOORD`s that carry values between stages.
fn is_fragment_output(m: &Module, s: Inst) -> bool {
    for f in m.children(m.root()) {
        if m.opcode(f) == Opcode::Func
            && m.decoration(f, Opcode::DecoFragment).is_some()
            && m.ty(f)
                .and_then(|t| m.fn_parts(t))
                .is_some_and(|(r, _)| r == s)
        {
            return true;
        }
    }
    false
}

/// The `@workgroup_size` of a compute entry point.
pub fn workgroup_size(m: &Module, f: Inst) -> Option<[u32; 3]> {
    m.decoration(f, Opcode::DecoCompute)?;
    let d = m.decoration(f, Opcode::DecoWorkgroupSize)?;
    let word = |k: usize| {
        m.operand_opt(d, k)
            .and_then(|x| m.const_u32(x))
            .unwrap_or(1)
    };
    Some([word(0), word(1), word(2)])
}

impl Writer<'_> {
    /// The helper function that builds a value of struct or array type `ty` from its
    /// members (HLSL spells such values only as initializer lists, which a declaration
    /// alone may take): `Light Light_new(float3 position, float4 color)`.
    pub fn constructor(&mut self, ty: Inst) -> Result<String, &'static str> {
        if let Some(n) = self.helpers.made(ty, HelperKind::Construct) {
            return Ok(n);
        }
        let m = self.m;
        let ret = self.type_text(ty)?;
        let spelled = self.spell_type(ty)?;
        // A struct's members by name, or an array's elements `e0`, `e1`, ….
        let fields = m.struct_fields(ty);
        let count = match m.opcode(ty) {
            Opcode::Struct => fields.len(),
            Opcode::Array => m
                .operand_opt(ty, 1)
                .and_then(|c| m.const_u32(c))
                .ok_or("an array sized by an override")? as usize,
            _ => return Err("a constructor of a non-composite type"),
        };
        let name = self.namer_fresh(&fill("$0_new", &[&spelled.base]));
        let (mut params, mut list) = (String::new(), String::new());
        for k in 0..count {
            let (p, t) = match fields.get(k) {
                Some(&f) => (self.member_name(ty, k), m.ty(f).ok_or("a member type")?),
                None => (fill("e$0", &[&k.to_string()]), m.operand(ty, 0)),
            };
            if k > 0 {
                params.push_str(", ");
                list.push_str(", ");
            }
            params.push_str(&self.spell_type(t)?.declare(&p));
            list.push_str(&p);
        }
        let text = fill(
            "$0 $1($2) {\n  $3 = { $4 };\n  return r;\n}\n",
            &[&ret, &name, &params, &spelled.declare("r"), &list],
        );
        Ok(self.helpers.add(ty, HelperKind::Construct, name, text))
    }

    /// The helper function returning the zero value of array type `ty` (HLSL has no
    /// zero literal for arrays that every compiler takes).
    pub fn zero_array(&mut self, ty: Inst) -> Result<String, &'static str> {
        if let Some(n) = self.helpers.made(ty, HelperKind::Zero) {
            return Ok(n);
        }
        let m = self.m;
        let n = m
            .operand_opt(ty, 1)
            .and_then(|c| m.const_u32(c))
            .ok_or("an array sized by an override")?;
        let elem = m.operand(ty, 0);
        let ret = self.type_text(ty)?;
        let spelled = self.spell_type(ty)?;
        let zero = self.zero_text(elem)?;
        let name = self.namer_fresh(&fill("zero_$0$1", &[&spelled.base, &spelled.suffix]));
        let text = fill(
            "$0 $1() {\n  $2;\n  for (uint i = 0u; i < $3u; i = i + 1u) {\n    r[i] = $4;\n  }\n  return r;\n}\n",
            &[&ret, &name, &spelled.declare("r"), &n.to_string(), &zero],
        );
        Ok(self.helpers.add(ty, HelperKind::Zero, name, text))
    }

    /// The zero value of `ty` as text.
    pub fn zero_text(&mut self, ty: Inst) -> Result<String, &'static str> {
        let m = self.m;
        if let Some(kind) = m.scalar(ty) {
            return Ok(literal::scalar(kind, 0));
        }
        match m.opcode(ty) {
            Opcode::Vec | Opcode::Mat | Opcode::Struct => {
                Ok(fill("($0)0", &[&self.type_text(ty)?]))
            }
            Opcode::Array => Ok(fill("$0()", &[&self.zero_array(ty)?])),
            Opcode::Atomic => Ok("0".into()),
            _ => Err("the zero value of a type without one"),
        }
    }

    /// A fresh name for a helper of the writer's own, from `hint`: `hlsl_hint`, then
    /// `hlsl_hint_1`, ….
    pub fn namer_fresh(&mut self, hint: &str) -> String {
        let base = super::names::underscored(hint);
        let base = fill("$0$1", &[HELPER_PREFIX, base.trim_matches('_')]);
        let mut name = base.clone();
        let mut k = 1u32;
        while !self.helper_names.insert(name.clone()) {
            name = fill("$0_$1", &[&base, &k.to_string()]);
            k += 1;
        }
        name
    }
}

/// Kinds of helper functions the writer makes once per type ([`Helpers`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HelperKind {
    /// Reads (`store == false`) or writes the type in a byte-addressed buffer.
    Buffer {
        buffer: Sym,
        store: bool,
    },
    /// A signed `InterlockedMax` (`max`) or `InterlockedMin` on a buffer's words, for
    /// the `int` type.
    SignedAtomic {
        buffer: Sym,
        max: bool,
    },
    Construct,
    Zero,
    /// A `select` with a `bool` vector condition.
    Select,
    /// `&` or `|` of `bool` vectors.
    BoolAnd,
    BoolOr,
    /// A builtin written as a helper function, by opcode.
    Math(u16),
    /// A bitcast between `f16` vectors and 32-bit types, by the source type.
    HalfBitcast(Inst),
}
