//! The linker: joins separately compiled modules into one (DESIGN §3.6).
//!
//! # Symbols
//!
//! A module-scope function, variable or override may carry one linkage decoration:
//!
//! - `@export`: a definition that other modules may use;
//! - `@import`: a declaration that another module's export defines. An imported function
//!   has no blocks (`func @f: fn(f32) -> f32 @import`), an imported variable no
//!   initializer or binding, an imported override no default or `@id`: the definition
//!   has those.
//!
//! The symbol is the item's name, the one the text and binary forms carry (`@f`). Linkage
//! is what makes that name significant, so the verifier's `linkage` rule requires linkage
//! items to be named, and their names to differ within a module.
//!
//! # Linking
//!
//! [`link`] makes a new module from the inputs, in five steps:
//!
//! 1. **Symbols.** Every export, by name: a second export of a name is E3501. Every
//!    import must find an export of the same kind (E3500 when none does, E3502 when a
//!    variable is imported as a function, say).
//! 2. **Items.** Module by module, in order, each module-scope item gets its instruction
//!    in the result. An import takes the instruction of the definition it names, made
//!    there if it is the first mention of that symbol: linking `main lib`, where `main`
//!    imports its helpers in the places its source defined them, keeps the whole
//!    program's order.
//! 3. **Global values** are made again through the result's hash-consing, so each
//!    module's `vec4<f32>` and `1.0f` become one instruction. A struct is nominal, but two
//!    modules compiled from the same declarations must agree on it, so structs of
//!    *different* modules with the same name, fields (names, types, decorations) and
//!    decorations become one type; two structs of one module stay two. Module-scope
//!    operations (override expressions) merge the same way.
//! 4. **Contents.** Every definition's type, operands, children, decorations and name are
//!    copied with ids mapped, in two phases per function (allocate, then fill), so forward
//!    references need nothing special. Imports leave nothing behind; exports stay
//!    exported, so a linked module links again.
//! 5. **Types.** Each import's type must be its definition's (E3502). Step 3 makes this
//!    an id comparison.
//!
//! Time is linear in the total size of the inputs: each instruction is mapped once, with
//! one hash-table lookup per global value, and walks use work lists, not recursion.
//! Spans are dropped, since each module's point into a different source.
//!
//! The inputs must verify (`refract link` reads them through `driver::read_ir`, which
//! does); the caller verifies the result. A module that still imports something cannot
//! be written by a back end ([`check_resolved`], E3503).

use super::module::{Inst, Module};
use super::opcode::Opcode;
use super::print::type_to_string;
use crate::diag::{Diagnostic, codes};
use crate::util::map::Map;

/// One input of [`link`]: a module and the name diagnostics call it by (its file).
#[derive(Clone, Copy)]
pub struct Input<'a> {
    pub name: &'a str,
    pub module: &'a Module,
}

/// Links `inputs` into one module; see the module documentation.
pub fn link(inputs: &[Input<'_>]) -> Result<Module, Vec<Diagnostic>> {
    let mut l = Linker {
        inputs,
        out: Module::new(),
        map: inputs
            .iter()
            .map(|i| vec![None; i.module.capacity()])
            .collect(),
        structs: Map::default(),
        module_ops: Map::default(),
        diags: Vec::new(),
    };
    let symbols = l.symbols();
    if !l.diags.is_empty() {
        return Err(l.diags);
    }
    for k in 0..inputs.len() {
        l.allocate(k);
    }
    for k in 0..inputs.len() {
        l.resolve(k, &symbols);
    }
    for k in 0..inputs.len() {
        l.place(k)?;
    }
    for k in 0..inputs.len() {
        l.contents(k)?;
    }
    l.check_types(&symbols)?;
    l.out.rebuild_globals();
    Ok(l.out)
}

/// E3503 for every import left in `m`: a back end cannot write a call to a function it
/// does not have.
pub fn check_resolved(m: &Module) -> Result<(), Vec<Diagnostic>> {
    let diags: Vec<Diagnostic> = decorated(m, Opcode::DecoImport)
        .map(|c| {
            Diagnostic::error(
                codes::LINK_UNRESOLVED_IMPORT,
                format!(
                    "`{}` is imported but not defined: link this module with the one that exports it (`refract link`)",
                    m.name(c).unwrap_or("?")
                ),
            )
        })
        .collect();
    if diags.is_empty() { Ok(()) } else { Err(diags) }
}

/// Makes a module linkable, as `compile --to ir-bin` writes it: every function that is
/// not an entry point, every module-scope variable and every override is exported under
/// its name, except those named in `imports`, which become imports (a function loses
/// its body, a variable its initializer and binding, an override its default and
/// `@id`). A name in `imports` that names none of them is E3500.
pub fn make_linkable(m: &mut Module, imports: &[String]) -> Result<(), Vec<Diagnostic>> {
    let mut wanted: Map<&str, bool> = imports.iter().map(|n| (n.as_str(), false)).collect();
    for c in m.children_vec(m.root()) {
        let op = m.opcode(c);
        if !matches!(op, Opcode::Func | Opcode::Var | Opcode::Override)
            || (op == Opcode::Func && crate::passes::dead_globals::is_entry_point(m, c))
        {
            continue;
        }
        let Some(name) = m.name(c).map(str::to_string) else {
            continue;
        };
        match wanted.get_mut(name.as_str()) {
            Some(seen) => {
                *seen = true;
                // Operands inside the body go first, so uses between its blocks never
                // block the removal.
                let blocks = m.children_vec(c);
                for &b in &blocks {
                    for i in m.children_vec(b) {
                        if m.num_operands(i) > 0 {
                            m.set_operands(i, &[]);
                        }
                    }
                }
                let decorations: Vec<Inst> = m.decorations(c).collect();
                for part in blocks.into_iter().chain(decorations) {
                    m.remove(part);
                }
                m.set_operands(c, &[]);
                m.add_decoration(c, Opcode::DecoImport, &[]);
            }
            None => {
                m.add_decoration(c, Opcode::DecoExport, &[]);
            }
        }
    }
    let mut missing: Vec<Diagnostic> = imports
        .iter()
        .filter(|n| wanted.get(n.as_str()) == Some(&false))
        .map(|n| {
            Diagnostic::error(
                codes::LINK_MISSING_SYMBOL,
                format!("`--import {n}`: the module has no function (other than an entry point), variable or override named `{n}`"),
            )
        })
        .collect();
    missing.dedup_by(|a, b| a.message == b.message);
    if missing.is_empty() {
        Ok(())
    } else {
        Err(missing)
    }
}

/// An export: the module it is in and its instruction there.
type Symbols<'s> = Map<&'s str, (usize, Inst)>;

/// A struct's identity across modules: name, fields (name, type, decorations), and its
/// own decorations, with types and operands as ids of the result.
type StructKey = (Option<String>, Vec<(Option<String>, Inst, Decos)>, Decos);
type Decos = Vec<(Opcode, Vec<Inst>)>;

struct Linker<'a> {
    inputs: &'a [Input<'a>],
    out: Module,
    /// Per input module, each instruction's counterpart in `out`.
    map: Vec<Vec<Option<Inst>>>,
    /// Structs of the result by identity, with the input module each came from and its
    /// fields' IO decorations.
    structs: Map<StructKey, (Inst, usize, Vec<Decos>)>,
    /// Module-scope operations of the result by (opcode, type, operands), likewise.
    module_ops: Map<(Opcode, Inst, Vec<Inst>), (Inst, usize)>,
    diags: Vec<Diagnostic>,
}

fn is_global_value(m: &Module, i: Inst) -> bool {
    let op = m.opcode(i);
    m.is_global(i) && (op.is_hoistable() || op == Opcode::Struct || op.is_pure())
}

/// The module-scope items of `m` that carry decoration `op` (`@import`, `@export`).
fn decorated(m: &Module, op: Opcode) -> impl Iterator<Item = Inst> + '_ {
    m.children(m.root())
        .filter(move |&c| m.decoration(c, op).is_some())
}

fn kind_name(op: Opcode) -> &'static str {
    match op {
        Opcode::Func => "function",
        Opcode::Var => "variable",
        _ => "override",
    }
}

impl<'a> Linker<'a> {
    fn module(&self, k: usize) -> &'a Module {
        self.inputs[k].module
    }

    fn symbol_name(&self, k: usize, i: Inst) -> &'a str {
        self.module(k).name(i).unwrap_or("")
    }

    /// Step 1: the exports by name; missing, doubled and mis-kinded symbols.
    fn symbols(&mut self) -> Symbols<'a> {
        let mut exports: Symbols<'a> = Map::default();
        for k in 0..self.inputs.len() {
            let m = self.module(k);
            for c in decorated(m, Opcode::DecoExport) {
                let name = self.symbol_name(k, c);
                if let Some(&(first, _)) = exports.get(name) {
                    self.diags.push(
                        Diagnostic::error(
                            codes::LINK_DUPLICATE_SYMBOL,
                            format!(
                                "`{name}` is exported by both `{}` and `{}`",
                                self.inputs[first].name, self.inputs[k].name
                            ),
                        )
                        .with_note("a symbol has one definition: import it in all but one module"),
                    );
                } else {
                    exports.insert(name, (k, c));
                }
            }
        }
        for k in 0..self.inputs.len() {
            let m = self.module(k);
            for c in decorated(m, Opcode::DecoImport) {
                let name = self.symbol_name(k, c);
                let here = self.inputs[k].name;
                match exports.get(name) {
                    None => self.diags.push(Diagnostic::error(
                        codes::LINK_MISSING_SYMBOL,
                        format!("`{here}` imports `{name}`, which no module exports"),
                    )),
                    Some(&(j, e)) if self.module(j).opcode(e) != m.opcode(c) => {
                        self.diags.push(Diagnostic::error(
                            codes::LINK_TYPE_MISMATCH,
                            format!(
                                "`{here}` imports `{name}` as a {}, but `{}` exports a {}",
                                kind_name(m.opcode(c)),
                                self.inputs[j].name,
                                kind_name(self.module(j).opcode(e))
                            ),
                        ))
                    }
                    Some(_) => {}
                }
            }
        }
        exports
    }

    /// Step 2, first half: an instruction (not yet placed) for each module-scope item of
    /// module `k` that is not a global value or an import.
    fn allocate(&mut self, k: usize) {
        let m = self.module(k);
        for c in m.children(m.root()) {
            if !is_global_value(m, c) && m.decoration(c, Opcode::DecoImport).is_none() {
                self.map[k][c.index()] = Some(self.out.alloc_raw(m.opcode(c), 0));
            }
        }
    }

    /// Step 2, once every module is allocated: each import of module `k` stands for its
    /// definition.
    fn resolve(&mut self, k: usize, symbols: &Symbols<'a>) {
        let m = self.module(k);
        for c in decorated(m, Opcode::DecoImport) {
            let &(j, e) = symbols
                .get(self.symbol_name(k, c))
                .expect("step 1 found every import's export");
            self.map[k][c.index()] = self.map[j][e.index()];
        }
    }

    /// Step 2, last: module `k`'s global values and items in order (an import places its
    /// definition, at the symbol's first mention). Hash-consed values place themselves,
    /// at the end of the global-value prefix; the rest go to the end of the module.
    fn place(&mut self, k: usize) -> Result<(), Vec<Diagnostic>> {
        let m = self.module(k);
        let root = self.out.root();
        for c in m.children(m.root()) {
            let i = self.value(k, c)?;
            if self.out.parent(i).is_none() {
                self.out.append_child(root, i);
            }
        }
        Ok(())
    }

    /// The result's counterpart of module `k`'s `x`, which must be mapped already or be
    /// a global value (mapped now).
    fn value(&mut self, k: usize, x: Inst) -> Result<Inst, Vec<Diagnostic>> {
        let m = self.module(k);
        if x == m.type_kind() {
            return Ok(self.out.type_kind());
        }
        if let Some(i) = self.map[k].get(x.index()).copied().flatten() {
            return Ok(i);
        }
        if m.contains(x) && is_global_value(m, x) {
            return self.global(k, x);
        }
        Err(vec![
            self.malformed(k, "an operand is not visible where it is used"),
        ])
    }

    fn malformed(&self, k: usize, what: &str) -> Diagnostic {
        Diagnostic::error(
            codes::PASS_BROKE_IR,
            format!(
                "`{}` is not a valid module ({what}): verify it first",
                self.inputs[k].name
            ),
        )
    }

    /// Step 3: maps module `k`'s global value `x`, after the global values it is made
    /// of (a work list; a cycle, which only an unverified module can hold, is an error).
    fn global(&mut self, k: usize, x: Inst) -> Result<Inst, Vec<Diagnostic>> {
        let m = self.module(k);
        // (global value, its parts, how many parts are mapped)
        let mut stack: Vec<(Inst, Vec<Inst>, usize)> = Vec::new();
        let mut on_stack: Map<Inst, ()> = Map::default();
        let parts = |g: Inst| -> Vec<Inst> {
            let mut v: Vec<Inst> = m.ty(g).into_iter().chain(m.operands(g)).collect();
            for f in m.children(g) {
                v.extend(m.ty(f));
            }
            v
        };
        stack.push((x, parts(x), 0));
        on_stack.insert(x, ());
        while let Some(top) = stack.len().checked_sub(1) {
            let (g, done) = (stack[top].0, stack[top].2);
            if let Some(p) = stack[top].1.get(done).copied() {
                stack[top].2 += 1;
                let mapped = p == m.type_kind() || self.map[k][p.index()].is_some();
                if mapped || !is_global_value(m, p) {
                    continue;
                }
                if on_stack.insert(p, ()).is_some() {
                    return Err(vec![self.malformed(k, "a global value contains itself")]);
                }
                let pp = parts(p);
                stack.push((p, pp, 0));
                continue;
            }
            stack.pop();
            on_stack.remove(&g);
            let made = self.make_global(k, g)?;
            self.map[k][g.index()] = Some(made);
        }
        self.value(k, x)
    }

    /// Makes (or finds) the result's copy of global value `g` of module `k`, whose parts
    /// are all mapped.
    fn make_global(&mut self, k: usize, g: Inst) -> Result<Inst, Vec<Diagnostic>> {
        let m = self.module(k);
        let op = m.opcode(g);
        let ty = match m.ty(g) {
            Some(t) => self.value(k, t)?,
            None => return Err(vec![self.malformed(k, "an untyped global value")]),
        };
        let ops = m
            .operands_vec(g)
            .into_iter()
            .map(|x| self.value(k, x))
            .collect::<Result<Vec<_>, _>>()?;
        // A global value may use items (`array<f32, @n>`, an override): they are placed
        // now, before it, and otherwise in their module's order.
        let root = self.out.root();
        for &x in &ops {
            if self.out.parent(x).is_none() {
                self.out.append_child(root, x);
            }
        }
        if op.is_hoistable() {
            let literal = if op == Opcode::Constant {
                m.literal(g)
            } else {
                0
            };
            return Ok(self.out.intern(op, Some(ty), &ops, literal));
        }
        if op == Opcode::Struct {
            return self.make_struct(k, g);
        }
        // A module-scope operation on global values.
        let key = (op, ty, ops);
        if let Some(&(i, from)) = self.module_ops.get(&key) {
            if from != k {
                return Ok(i);
            }
        }
        // Hash-consed types may use it, so it is placed now.
        let i = self.out.create(op, Some(ty), &key.2);
        self.out.append_child(root, i);
        self.copy_meta(k, g, i)?;
        self.module_ops.entry(key).or_insert((i, k));
        Ok(i)
    }

    /// A struct: merged with an equal struct of another module. Entry-point IO
    /// decorations of its fields (`@location`, `@builtin`, …) are not part of its
    /// identity, since a module whose entry points take the struct has them and a
    /// library of helpers taking it does not: a struct without them merges into one with
    /// them (and gives its own to one without); two different sets stay two structs.
    fn make_struct(&mut self, k: usize, s: Inst) -> Result<Inst, Vec<Diagnostic>> {
        let m = self.module(k);
        let mut fields = Vec::new();
        let mut io: Vec<Decos> = Vec::new();
        for f in m.children(s) {
            let ty = match m.ty(f) {
                Some(t) => self.value(k, t)?,
                None => return Err(vec![self.malformed(k, "an untyped field")]),
            };
            let (field_io, layout): (Decos, Decos) = self
                .decos(k, f)?
                .into_iter()
                .partition(|(op, _)| op.is_io_decoration());
            fields.push((m.name(f).map(str::to_string), ty, layout));
            io.push(field_io);
        }
        let key: StructKey = (m.name(s).map(str::to_string), fields, self.decos(k, s)?);
        let no_io = io.iter().all(Vec::is_empty);
        if let Some((i, from, their_io)) = self.structs.get(&key).cloned() {
            let theirs_empty = their_io.iter().all(Vec::is_empty);
            if from != k && (no_io || theirs_empty || their_io == io) {
                if theirs_empty && !no_io {
                    let out_fields = self.out.children_vec(i);
                    for (&nf, decos) in out_fields.iter().zip(&io) {
                        for (op, ops) in decos {
                            self.out.add_decoration(nf, *op, ops);
                        }
                    }
                    self.structs.insert(key, (i, from, io));
                }
                return Ok(i);
            }
        }
        let kind = self.out.type_kind();
        let i = self.out.create(Opcode::Struct, Some(kind), &[]);
        self.out.place_global(i);
        let originals: Vec<Inst> = m.children(s).collect();
        for (&f, (name, ty, _)) in originals.iter().zip(&key.1) {
            let nf = self.out.create(Opcode::Field, Some(*ty), &[]);
            self.out.append_child(i, nf);
            if let Some(n) = name {
                self.out.set_name(nf, n);
            }
            for (op, ops) in self.decos(k, f)? {
                self.out.add_decoration(nf, op, &ops);
            }
        }
        for (op, ops) in &key.2 {
            self.out.add_decoration(i, *op, ops);
        }
        if let Some(n) = &key.0 {
            self.out.set_name(i, n);
        }
        self.structs.entry(key).or_insert((i, k, io));
        Ok(i)
    }

    /// The decorations of module `k`'s `i`, with operands mapped.
    fn decos(&mut self, k: usize, i: Inst) -> Result<Decos, Vec<Diagnostic>> {
        let m = self.module(k);
        let mut out = Vec::new();
        for d in m.decorations(i) {
            let ops = m
                .operands_vec(d)
                .into_iter()
                .map(|x| self.value(k, x))
                .collect::<Result<Vec<_>, _>>()?;
            out.push((m.opcode(d), ops));
        }
        Ok(out)
    }

    /// Copies the decorations and name of module `k`'s `from` to the result's `to`.
    fn copy_meta(&mut self, k: usize, from: Inst, to: Inst) -> Result<(), Vec<Diagnostic>> {
        for (op, ops) in self.decos(k, from)? {
            self.out.add_decoration(to, op, &ops);
        }
        if let Some(n) = self.module(k).name(from) {
            self.out.set_name(to, n);
        }
        Ok(())
    }

    /// Step 4 for module `k`: fills each of its definitions (not its imports).
    fn contents(&mut self, k: usize) -> Result<(), Vec<Diagnostic>> {
        let m = self.module(k);
        for c in m.children(m.root()) {
            if is_global_value(m, c) || m.decoration(c, Opcode::DecoImport).is_some() {
                continue;
            }
            let Some(i) = self.map[k][c.index()] else {
                continue;
            };
            // Allocate every instruction inside, so operands can name any of them.
            let mut inside: Vec<(Inst, Inst)> = Vec::new();
            let mut work: Vec<(Inst, Inst)> = vec![(c, i)];
            while let Some((from, to)) = work.pop() {
                for x in m.children(from) {
                    let literal = if m.opcode(x) == Opcode::Constant {
                        m.literal(x)
                    } else {
                        0
                    };
                    let nx = self.out.alloc_raw(m.opcode(x), literal);
                    self.map[k][x.index()] = Some(nx);
                    self.out.append_child(to, nx);
                    inside.push((x, nx));
                    if m.opcode(x).is_container() {
                        work.push((x, nx));
                    }
                }
            }
            // Types of type-valued instructions first, so that the type chains are right.
            let kind = m.type_kind();
            let all = std::iter::once((c, i)).chain(inside.iter().copied());
            let (types, values): (Vec<_>, Vec<_>) = all.partition(|&(x, _)| m.ty(x) == Some(kind));
            for &(x, nx) in types.iter().chain(&values) {
                let Some(t) = m.ty(x) else {
                    return Err(vec![self.malformed(k, "an untyped instruction")]);
                };
                let nt = self.value(k, t)?;
                self.out.init_type(nx, nt);
            }
            for &(x, nx) in types.iter().chain(&values) {
                if !m.opcode(x).is_container() && m.opcode(x) != Opcode::Constant {
                    for v in m.operands_vec(x) {
                        let nv = self.value(k, v)?;
                        self.out.push_operand_raw(nx, nv);
                    }
                }
                self.copy_meta(k, x, nx)?;
            }
        }
        Ok(())
    }

    /// Step 5: each import's type is its definition's.
    fn check_types(&mut self, symbols: &Symbols<'a>) -> Result<(), Vec<Diagnostic>> {
        for k in 0..self.inputs.len() {
            let m = self.module(k);
            for c in decorated(m, Opcode::DecoImport) {
                let name = self.symbol_name(k, c);
                let &(j, e) = symbols
                    .get(name)
                    .expect("step 1 found every import's export");
                let Some(t) = m.ty(c) else { continue };
                let declared = self.value(k, t)?;
                let defined = self.out.ty(self.map[j][e.index()].expect("step 2 made it"));
                if defined != Some(declared) {
                    self.diags.push(
                        Diagnostic::error(
                            codes::LINK_TYPE_MISMATCH,
                            format!(
                                "`{}` imports `{name}` with type `{}`, but `{}` defines it with type `{}`",
                                self.inputs[k].name,
                                type_to_string(&self.out, declared),
                                self.inputs[j].name,
                                defined.map_or("?".into(), |d| type_to_string(&self.out, d)),
                            ),
                        ),
                    );
                }
            }
        }
        if self.diags.is_empty() {
            Ok(())
        } else {
            Err(std::mem::take(&mut self.diags))
        }
    }
}
