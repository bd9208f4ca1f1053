//! The plan through a second emitter: a small C-like text language whose operand order is
//! unspecified (the default [`Emitter::may_share`]), whose switch clauses fall through
//! unless they end in a jump, and which has no `continuing` (loops are `for (;;)` with the
//! continuing copied before each `continue` and at the end of the body, as Tint's HLSL
//! writer does). It checks that nothing in the plan is WGSL's, and shows the shape of an
//! emitter for a C-like language.

use super::emitter::{
    Bind, CaseLabel, Clause, Emitter, ExprId, Finish, Index, Logic, StmtId, Symbol,
};
use super::function::function;
use super::tables::Tables;
use crate::ir::{Func, Inst, Module, Opcode};
use crate::raise::error::RaiseError;
use crate::raise::names::{Keywords, Namer};
use crate::util::map::Map;

struct Toy<'m> {
    m: &'m Module,
    globals: Map<Inst, String>,
    names: Vec<String>,
    exprs: Vec<String>,
    stmts: Vec<String>,
    params: Vec<String>,
}

/// Where a `continue` goes, until its loop's continuing is known: the plan writes a loop's
/// body before its continuing.
const CONTINUE: &str = "<continue>";

impl Toy<'_> {
    fn expr(&mut self, text: String) -> ExprId {
        self.exprs.push(text);
        ExprId::from_index(self.exprs.len() - 1)
    }

    fn stmt(&mut self, text: String) -> StmtId {
        self.stmts.push(text);
        StmtId::from_index(self.stmts.len() - 1)
    }

    fn take(&mut self, list: Vec<StmtId>) -> Vec<String> {
        list.iter()
            .map(|s| std::mem::take(&mut self.stmts[s.index()]))
            .collect()
    }

    fn block(stmts: &[String]) -> String {
        let inner: Vec<String> = stmts
            .iter()
            .map(|s| format!("  {}", s.replace('\n', "\n  ")))
            .collect();
        format!("{{\n{}\n}}", inner.join("\n"))
    }
}

impl Emitter for Toy<'_> {
    fn language(&self) -> &'static str {
        "Toy"
    }

    fn max_expression_height(&self) -> u32 {
        8
    }

    fn max_nesting(&self) -> u32 {
        64
    }

    fn intern(&mut self, name: &str) -> Symbol {
        self.names.push(name.to_string());
        Symbol::from_index(self.names.len() - 1)
    }

    fn local(&mut self, name: Symbol) -> ExprId {
        let text = self.names[name.index()].clone();
        self.expr(text)
    }

    fn global(&mut self, var: Inst) -> Result<ExprId, RaiseError> {
        let text = self.globals[&var].clone();
        Ok(self.expr(text))
    }

    fn global_value(&mut self, v: Inst) -> Result<ExprId, RaiseError> {
        let m = self.m;
        if m.opcode(v) != Opcode::Constant {
            return Err(RaiseError::unsupported("Toy", v, "a composite"));
        }
        let bits = m.literal(v);
        let text = match m.ty(v).map(|t| m.opcode(t)) {
            Some(Opcode::F32) => format!("{}", f32::from_bits(bits)),
            _ => format!("{bits}"),
        };
        Ok(self.expr(text))
    }

    fn zero(&mut self, _ty: Inst) -> Result<ExprId, RaiseError> {
        Ok(self.expr("0".into()))
    }

    fn height(&self, _e: ExprId) -> u32 {
        1
    }

    fn mentions(&self, e: ExprId, name: Symbol) -> bool {
        let n = &self.names[name.index()];
        self.exprs[e.index()]
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .any(|w| w == n)
    }

    fn operation(
        &mut self,
        _b: &mut Bind<'_, '_>,
        i: Inst,
        ops: Vec<ExprId>,
    ) -> Result<ExprId, RaiseError> {
        let m = self.m;
        let arg = |k: usize| self.exprs[ops[k].index()].clone();
        let text = match m.opcode(i) {
            Opcode::Add => format!("({} + {})", arg(0), arg(1)),
            Opcode::Mul => format!("({} * {})", arg(0), arg(1)),
            Opcode::Rem => format!("({} % {})", arg(0), arg(1)),
            Opcode::Ge => format!("({} >= {})", arg(0), arg(1)),
            Opcode::Call => {
                let args: Vec<String> =
                    ops.iter().map(|&e| self.exprs[e.index()].clone()).collect();
                format!("{}({})", self.globals[&m.operand(i, 0)], args.join(", "))
            }
            op => return Err(RaiseError::unsupported("Toy", i, op.name())),
        };
        Ok(self.expr(text))
    }

    fn access(
        &mut self,
        base: ExprId,
        _t: Inst,
        index: Index<ExprId>,
    ) -> Result<ExprId, RaiseError> {
        let text = match index {
            Index::Const(k) => format!("{}[{k}]", self.exprs[base.index()]),
            Index::Dynamic(e) => format!("{}[{}]", self.exprs[base.index()], self.exprs[e.index()]),
        };
        Ok(self.expr(text))
    }

    fn construct(&mut self, _ty: Inst, parts: Vec<ExprId>) -> Result<ExprId, RaiseError> {
        let parts: Vec<String> = parts
            .iter()
            .map(|&e| self.exprs[e.index()].clone())
            .collect();
        Ok(self.expr(format!("{{{}}}", parts.join(", "))))
    }

    fn address_of(&mut self, reference: ExprId) -> ExprId {
        reference
    }

    fn deref(&mut self, pointer: ExprId) -> ExprId {
        pointer
    }

    fn not(&mut self, cond: ExprId) -> ExprId {
        let text = format!("!{}", self.exprs[cond.index()]);
        self.expr(text)
    }

    fn short_circuit(&mut self, op: Logic, a: ExprId, b: ExprId) -> ExprId {
        let op = if op == Logic::And { "&&" } else { "||" };
        let text = format!("({} {op} {})", self.exprs[a.index()], self.exprs[b.index()]);
        self.expr(text)
    }

    fn param(&mut self, _p: Inst, name: Symbol) -> Result<(), RaiseError> {
        let text = format!("float {}", self.names[name.index()]);
        self.params.push(text);
        Ok(())
    }

    fn let_decl(
        &mut self,
        out: &mut Vec<StmtId>,
        name: Symbol,
        _of: Inst,
        init: ExprId,
    ) -> Result<(), RaiseError> {
        let s = self.stmt(format!(
            "const float {} = {};",
            self.names[name.index()],
            self.exprs[init.index()]
        ));
        out.push(s);
        Ok(())
    }

    fn var_decl(
        &mut self,
        out: &mut Vec<StmtId>,
        name: Symbol,
        _ty: Inst,
        init: Option<ExprId>,
    ) -> Result<(), RaiseError> {
        let text = match init {
            Some(e) => format!(
                "float {} = {};",
                self.names[name.index()],
                self.exprs[e.index()]
            ),
            None => format!("float {};", self.names[name.index()]),
        };
        let s = self.stmt(text);
        out.push(s);
        Ok(())
    }

    fn assign(
        &mut self,
        out: &mut Vec<StmtId>,
        name: Symbol,
        value: ExprId,
    ) -> Result<(), RaiseError> {
        let s = self.stmt(format!(
            "{} = {};",
            self.names[name.index()],
            self.exprs[value.index()]
        ));
        out.push(s);
        Ok(())
    }

    fn store(&mut self, out: &mut Vec<StmtId>, reference: ExprId, value: ExprId) {
        let s = self.stmt(format!(
            "{} = {};",
            self.exprs[reference.index()],
            self.exprs[value.index()]
        ));
        out.push(s);
    }

    fn assign_member(&mut self, out: &mut Vec<StmtId>, lhs: ExprId, value: ExprId) {
        self.store(out, lhs, value);
    }

    fn effect(&mut self, out: &mut Vec<StmtId>, _i: Inst, e: ExprId) {
        let s = self.stmt(format!("{};", self.exprs[e.index()]));
        out.push(s);
    }

    fn demote(&mut self, out: &mut Vec<StmtId>) {
        let s = self.stmt("demote;".into());
        out.push(s);
    }

    fn break_(&mut self, out: &mut Vec<StmtId>, _ends_case: bool) {
        let s = self.stmt("break;".into());
        out.push(s);
    }

    /// The continuing runs at the end of the body anyway.
    fn continue_(&mut self, out: &mut Vec<StmtId>, ends_body: bool) {
        if !ends_body {
            let s = self.stmt(CONTINUE.into());
            out.push(s);
        }
    }

    fn return_(&mut self, out: &mut Vec<StmtId>, value: Option<ExprId>, _ends: bool) {
        let text = match value {
            Some(v) => format!("return {};", self.exprs[v.index()]),
            None => "return;".into(),
        };
        let s = self.stmt(text);
        out.push(s);
    }

    fn discard(&mut self, out: &mut Vec<StmtId>, _rt: Option<Inst>) -> Result<(), RaiseError> {
        let s = self.stmt("discard;".into());
        out.push(s);
        Ok(())
    }

    fn if_(
        &mut self,
        out: &mut Vec<StmtId>,
        cond: ExprId,
        then: Vec<StmtId>,
        otherwise: Vec<StmtId>,
    ) {
        let (then, otherwise) = (self.take(then), self.take(otherwise));
        let mut s = format!("if ({}) {}", self.exprs[cond.index()], Toy::block(&then));
        if !otherwise.is_empty() {
            s = format!("{s} else {}", Toy::block(&otherwise));
        }
        let s = self.stmt(s);
        out.push(s);
    }

    /// Each clause ends with a jump: `break;` unless its last statement is one.
    fn switch(&mut self, out: &mut Vec<StmtId>, selector: ExprId, clauses: Vec<Clause>) {
        let mut lines = Vec::new();
        for c in clauses {
            let labels: Vec<String> = c
                .labels
                .iter()
                .map(|l| match l {
                    CaseLabel::Value(v) => format!("case {v}:"),
                    CaseLabel::Default => "default:".into(),
                })
                .collect();
            let mut body = self.take(c.body);
            let jumps = ["break;", "continue;", "return", CONTINUE];
            if !body
                .last()
                .is_some_and(|s| jumps.iter().any(|j| s.starts_with(j)))
            {
                body.push("break;".into());
            }
            lines.push(format!("{} {}", labels.join(" "), Toy::block(&body)));
        }
        let s = self.stmt(format!(
            "switch ({}) {}",
            self.exprs[selector.index()],
            Toy::block(&lines)
        ));
        out.push(s);
    }

    /// `for (;;) { body continuing if (c) break; }`, with each `continue` of the body
    /// (nested loops have replaced theirs) running the continuing first.
    fn loop_(
        &mut self,
        out: &mut Vec<StmtId>,
        body: Vec<StmtId>,
        continuing: Vec<StmtId>,
        break_if: Option<ExprId>,
    ) -> Result<(), RaiseError> {
        let (body, mut tail) = (self.take(body), self.take(continuing));
        if let Some(c) = break_if {
            tail.push(format!("if ({}) break;", self.exprs[c.index()]));
        }
        let mut jump = tail.clone();
        jump.push("continue;".into());
        let jump = jump.join(" ");
        let mut body: Vec<String> = body.iter().map(|s| s.replace(CONTINUE, &jump)).collect();
        body.extend(tail);
        let s = self.stmt(format!("for (;;) {}", Toy::block(&body)));
        out.push(s);
        Ok(())
    }
}

impl Finish for Toy<'_> {
    type Function = String;

    fn function(
        &mut self,
        f: Func,
        body: Vec<StmtId>,
        _rt: Option<Inst>,
    ) -> Result<String, RaiseError> {
        let params = std::mem::take(&mut self.params);
        let body = self.take(body);
        let name = &self.globals[&f.inst()];
        Ok(format!(
            "{name}({}) {}",
            params.join(", "),
            Toy::block(&body)
        ))
    }
}

/// Every function of `src` (IR text) written by the toy emitter.
fn toy(src: &str) -> String {
    let m = crate::ir::parse(src).expect("test IR parses");
    let keywords = Keywords::new(vec!["if", "for", "float", "return"], vec!["sin"], &[]);
    let mut namer = Namer::new(&keywords);
    let children = m.children_vec(m.root());
    let mut globals = Map::default();
    for &c in &children {
        if matches!(m.opcode(c), Opcode::Func | Opcode::Var) {
            globals.insert(c, namer.name(m.name(c), "g"));
        }
    }
    let mut em = Toy {
        m: &m,
        globals,
        names: Vec::new(),
        exprs: Vec::new(),
        stmts: Vec::new(),
        params: Vec::new(),
    };
    let mut tables = Tables::new(&m);
    let mut out = Vec::new();
    for &c in &children {
        if m.opcode(c) == Opcode::Func {
            out.push(function(&mut em, &m, &namer, &mut tables, Func(c)).expect("raises"));
        }
    }
    out.join("\n")
}

const SIDE: &str = "
@g: ptr<private, f32, read_write> = var

func @side(%x: f32) -> f32 {
^entry:
  store @g, %x
  return %x
}
";

#[test]
fn unspecified_operand_order_binds_conflicting_operands() {
    let out = toy(&format!(
        "{SIDE}
func @two_calls(%x: f32) -> f32 {{
^entry:
  %a: f32 = call @side(%x)
  %b: f32 = call @side(%x)
  %s: f32 = add %a, %b
  return %s
}}

func @read_then_call(%x: f32) -> f32 {{
^entry:
  %l: f32 = load @g
  %c: f32 = call @side(%x)
  %s: f32 = mul %l, %c
  return %s
}}

func @two_reads(%x: f32) -> f32 {{
^entry:
  %l: f32 = load @g
  %m: f32 = load @g
  %s: f32 = add %l, %m
  return %s
}}
"
    ));
    let expected = "\
two_calls(float x) {
  const float a = side(x);
  return (a + side(x));
}
read_then_call(float x) {
  const float l = g;
  return (l * side(x));
}
two_reads(float x) {
  return (g + g);
}";
    assert!(out.ends_with(expected), "{out}");
}

#[test]
fn switch_clauses_end_with_break_and_names_avoid_the_keywords() {
    let out = toy("
func @pick(%for: f32, %k: i32) -> f32 {
^entry:
  switch %k, default ^other, merge ^done, case 1i ^one
^one:
  br ^done(%for)
^other:
  br ^done(1.0f)
^done(%r: f32):
  return %r
}
");
    let expected = "\
pick(float for_1, float k) {
  float r;
  switch (k) {
    default: {
      r = 1;
      break;
    }
    case 1: {
      r = for_1;
      break;
    }
  }
  return r;
}";
    assert_eq!(out, expected);
}

#[test]
fn continuing_is_run_by_every_continue() {
    let out = toy("
func @count(%n: u32) -> u32 {
^entry:
  loop ^h(0u, 0u), merge ^exit, continue ^next
^h(%i: u32, %hits: u32):
  %end: bool = ge %i, %n
  if_else %end, ^stop, ^go, merge ^body
^stop:
  br ^exit
^go:
  br ^body
^body:
  %m: u32 = rem %i, 3u
  switch %m, default ^d, merge ^sm, case 0u ^zero
^zero:
  br ^next(%hits)
^d:
  br ^sm
^sm:
  %h2: u32 = add %hits, 1u
  br ^next(%h2)
^next(%h3: u32):
  %i2: u32 = add %i, 1u
  br ^h(%i2, %h3)
^exit:
  return %hits
}
");
    let expected = "\
count(float n) {
  float i;
  i = 0;
  float hits;
  hits = 0;
  for (;;) {
    if ((i >= n)) {
      break;
    }
    float h3;
    switch ((i % 3)) {
      default: {
        break;
      }
      case 0: {
        h3 = hits;
        i = (i + 1); hits = h3; continue;
      }
    }
    h3 = (hits + 1);
    i = (i + 1);
    hits = h3;
  }
  return hits;
}";
    assert_eq!(out, expected);
}
