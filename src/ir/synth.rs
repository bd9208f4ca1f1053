//! Random valid modules, for the property tests and the benchmarks.
//!
//! [`random_module`] builds, through the [`Builder`], a module with structs, global
//! variables, an override, composite constants and functions whose bodies are random
//! structured control flow: nested `if_else` (some with merge parameters), loops with
//! loop-carried header parameters, `continue`, `break`, break-if continue constructs and
//! plain back edges, switches, returns, loads and stores, access chains, calls and math
//! builtins. Every module it makes passes the verifier, which the property test checks.
//! The generator is deterministic in its seed.

use super::builder::Builder;
use super::enums::{AccessMode, AddressSpace};
use super::module::{Block, Func, Module, Type, Value};
use super::opcode::Opcode;

/// A small, fast, seedable generator (SplitMix64).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }

    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum K {
    I32,
    F32,
    Bool,
    V4,
}

struct Types {
    i32: Type,
    f32: Type,
    bool: Type,
    v4: Type,
    fn_ty: Type,
}

#[derive(Clone, Copy)]
enum Ctx {
    If,
    Loop {
        merge: Block,
        cont: Block,
        in_cont: bool,
    },
    Switch {
        merge: Block,
    },
}

struct FnGen<'a, 'm> {
    b: &'a mut Builder<'m>,
    rng: &'a mut Rng,
    t: &'a Types,
    /// Values available at the insertion point, by kind.
    vals: [Vec<Value>; 4],
    ctx: Vec<Ctx>,
    budget: i64,
    callees: &'a [Func],
    local: Value,
    buffer: Value,
    table: Value,
}

/// A random valid module with at least `target` instructions (counting every
/// instruction: types, constants, blocks, parameters, operations).
pub fn random_module(seed: u64, target: usize) -> Module {
    let mut m = Module::new();
    m.reserve(target + target / 8, target * 2);
    let mut rng = Rng::new(seed);
    let mut b = Builder::new(&mut m);
    let i32t = b.ty_i32();
    let f32t = b.ty_f32();
    let boolt = b.ty_bool();
    let v4 = b.ty_vec(f32t, 4);
    let fn_ty = b.ty_fn(&[i32t, f32t], f32t);
    let t = Types {
        i32: i32t,
        f32: f32t,
        bool: boolt,
        v4,
        fn_ty,
    };
    // Module scope: a struct, a storage buffer, a private table, an override.
    let light = b.ty_struct("Light", &[("position", v4), ("intensity", f32t)]);
    b.decorate_u32(light.inst(), Opcode::DecoSize, &[32]);
    let fields = b.module.struct_fields(light.inst());
    b.decorate_u32(fields[0], Opcode::DecoOffset, &[0]);
    b.decorate_u32(fields[1], Opcode::DecoOffset, &[16]);
    let arr = b.ty_runtime_array(f32t, Some(4));
    let buf_ty = b.ty_ptr(AddressSpace::Storage, arr, AccessMode::ReadWrite);
    let buffer = b.global_var("data", buf_ty, None);
    b.decorate_u32(buffer.inst(), Opcode::DecoGroup, &[0]);
    b.decorate_u32(buffer.inst(), Opcode::DecoBinding, &[1]);
    let lights_arr = b.ty_runtime_array(light, Some(32));
    let lights_ty = b.ty_ptr(AddressSpace::Storage, lights_arr, AccessMode::Read);
    let lights = b.global_var("lights", lights_ty, None);
    b.decorate_u32(lights.inst(), Opcode::DecoGroup, &[0]);
    b.decorate_u32(lights.inst(), Opcode::DecoBinding, &[2]);
    let parts: Vec<Value> = (0..4).map(|k| b.const_f32(k as f32 * 0.25)).collect();
    let tbl_ty = b.ty_array_n(f32t, 4, Some(4));
    let tbl_init = b.const_composite(tbl_ty, &parts);
    let priv_ty = b.ty_ptr(AddressSpace::Private, tbl_ty, AccessMode::ReadWrite);
    let table = b.global_var("table", priv_ty, Some(tbl_init));
    let one = b.const_f32(1.0);
    let scale = b.override_const("scale", f32t, Some(one));
    b.decorate_u32(scale.inst(), Opcode::DecoId, &[0]);
    let mut funcs: Vec<Func> = Vec::new();
    let mut n = 0u32;
    while b.module.capacity() < target {
        let remaining = (target - b.module.capacity()) as i64;
        let budget = remaining.min(200 + i64::from(rng.below(1800)));
        let f = gen_function(&mut b, &mut rng, &t, &funcs, budget, buffer, table, n);
        funcs.push(f);
        n += 1;
    }
    // An entry point that calls the last function.
    let void = b.ty_void();
    let u32t = b.ty_u32();
    let ep_ty = b.ty_fn(&[u32t], void);
    let ep = b.func("main", ep_ty);
    b.decorate(ep.inst(), Opcode::DecoCompute, &[]);
    b.decorate_u32(ep.inst(), Opcode::DecoWorkgroupSize, &[64, 1, 1]);
    let entry = Block(b.module.first_child(ep.inst()).expect("entry block"));
    let gid = Value(cfg_param(b.module, entry));
    let d = b.const_u32(super::enums::BuiltinValue::LocalInvocationIndex as u32);
    b.decorate(gid.inst(), Opcode::DecoBuiltin, &[d.inst()]);
    let gi = b.value(Opcode::Bitcast, t.i32, &[gid]);
    let x = b.const_f32(0.5);
    if let Some(&last) = funcs.last() {
        b.call(last, &[gi, x]);
    }
    b.ret(None);
    m
}

fn cfg_param(m: &Module, b: Block) -> super::module::Inst {
    super::cfg::params(m, b)[0]
}

#[allow(clippy::too_many_arguments)]
fn gen_function(
    b: &mut Builder<'_>,
    rng: &mut Rng,
    t: &Types,
    callees: &[Func],
    budget: i64,
    buffer: Value,
    table: Value,
    n: u32,
) -> Func {
    let name = if rng.chance(50) {
        format!("f{n}")
    } else {
        String::new()
    };
    let f = b.func(&name, t.fn_ty);
    let entry = Block(b.module.first_child(f.inst()).expect("entry block"));
    let params = super::cfg::params(b.module, entry);
    let a = Value(params[0]);
    let x = Value(params[1]);
    if rng.chance(50) {
        b.module.set_name(a.inst(), "a");
        b.module.set_name(x.inst(), "x");
    }
    let local = b.local_var(t.f32, Some(x));
    let mut g = FnGen {
        b,
        rng,
        t,
        vals: [vec![a], vec![x], Vec::new(), Vec::new()],
        ctx: Vec::new(),
        budget,
        callees,
        local,
        buffer,
        table,
    };
    if let Some(end) = g.seq(entry, 0) {
        g.b.switch_to(end);
        let r = g.pick(K::F32);
        g.b.ret(Some(r));
    }
    f
}

impl FnGen<'_, '_> {
    /// One of the most recent available values of kind `k` (or a new one).
    fn pick(&mut self, k: K) -> Value {
        let list = &self.vals[k as usize];
        if list.is_empty() {
            return self.make(k);
        }
        let window = list.len().min(24) as u32;
        let nth = self.rng.below(window) as usize;
        list[list.len() - 1 - nth]
    }

    fn mark(&self) -> [usize; 4] {
        [0, 1, 2, 3].map(|k| self.vals[k].len())
    }

    fn truncate(&mut self, mark: [usize; 4]) {
        for (k, &n) in mark.iter().enumerate() {
            self.vals[k].truncate(n);
        }
    }

    fn make(&mut self, k: K) -> Value {
        match k {
            K::I32 => {
                let v = self.rng.below(16) as i32 - 4;
                self.b.const_i32(v)
            }
            K::F32 => {
                let v = self.rng.below(64) as f32 * 0.125;
                self.b.const_f32(v)
            }
            K::Bool => {
                let (a, c) = (self.pick(K::I32), self.b.const_i32(3));
                self.op_cmp(a, c)
            }
            K::V4 => {
                let s = self.pick(K::F32);
                self.b.value(Opcode::Splat, self.t.v4, &[s])
            }
        }
    }

    fn op_cmp(&mut self, a: Value, c: Value) -> Value {
        let ops = [Opcode::Lt, Opcode::Ge, Opcode::Eq, Opcode::Ne];
        let op = ops[self.rng.below(4) as usize];
        self.budget -= 1;
        self.b.value(op, self.t.bool, &[a, c])
    }

    fn push(&mut self, v: Value, k: K) {
        self.vals[k as usize].push(v);
    }

    /// A few straight-line instructions.
    fn straight(&mut self) {
        let count = 1 + self.rng.below(8);
        for _ in 0..count {
            self.budget -= 1;
            let t = self.t;
            match self.rng.below(16) {
                0..=2 => {
                    let ops = [
                        Opcode::Add,
                        Opcode::Sub,
                        Opcode::Mul,
                        Opcode::And,
                        Opcode::Xor,
                    ];
                    let op = ops[self.rng.below(5) as usize];
                    let (a, c) = (self.pick(K::I32), self.pick(K::I32));
                    let v = self.b.value(op, t.i32, &[a, c]);
                    self.push(v, K::I32);
                }
                3..=5 => {
                    let ops = [
                        Opcode::Add,
                        Opcode::Sub,
                        Opcode::Mul,
                        Opcode::Max,
                        Opcode::Min,
                    ];
                    let op = ops[self.rng.below(5) as usize];
                    let (a, c) = (self.pick(K::F32), self.pick(K::F32));
                    let v = self.b.value(op, t.f32, &[a, c]);
                    self.push(v, K::F32);
                }
                6 => {
                    let ops = [
                        Opcode::Sin,
                        Opcode::Sqrt,
                        Opcode::Abs,
                        Opcode::Fract,
                        Opcode::Exp2,
                    ];
                    let op = ops[self.rng.below(5) as usize];
                    let a = self.pick(K::F32);
                    let v = self.b.value(op, t.f32, &[a]);
                    self.push(v, K::F32);
                }
                7 => {
                    let a = self.pick(K::I32);
                    let v = self.b.value(Opcode::Convert, t.f32, &[a]);
                    self.push(v, K::F32);
                }
                8 => {
                    let (a, c) = (self.pick(K::I32), self.pick(K::I32));
                    let v = self.op_cmp(a, c);
                    self.push(v, K::Bool);
                }
                9 => {
                    let (c, a, d) = (self.pick(K::Bool), self.pick(K::F32), self.pick(K::F32));
                    let v = self.b.value(Opcode::Select, t.f32, &[c, a, d]);
                    self.push(v, K::F32);
                }
                10 => {
                    let parts = [
                        self.pick(K::F32),
                        self.pick(K::F32),
                        self.pick(K::F32),
                        self.pick(K::F32),
                    ];
                    let v = self.b.construct(t.v4, &parts);
                    self.push(v, K::V4);
                }
                11 => {
                    let (a, c) = (self.pick(K::V4), self.pick(K::V4));
                    let v = if self.rng.chance(50) {
                        self.b.value(Opcode::Dot, t.f32, &[a, c])
                    } else {
                        let k = self.b.const_u32(self.rng.below(4));
                        self.b.extract(a, &[k])
                    };
                    self.push(v, K::F32);
                }
                12 => {
                    let v = self.b.load(self.local);
                    self.push(v, K::F32);
                }
                13 => {
                    let v = self.pick(K::F32);
                    self.b.store(self.local, v);
                }
                14 => {
                    let i = self.pick(K::I32);
                    let base = if self.rng.chance(70) {
                        self.buffer
                    } else {
                        self.table
                    };
                    let p = self.b.access(base, &[i]);
                    if self.rng.chance(50) || base == self.table {
                        let v = self.b.load(p);
                        self.push(v, K::F32);
                    } else {
                        let v = self.pick(K::F32);
                        self.b.store(p, v);
                    }
                }
                _ => {
                    if self.callees.is_empty() {
                        continue;
                    }
                    let f = self.callees[self.rng.below(self.callees.len() as u32) as usize];
                    let (a, x) = (self.pick(K::I32), self.pick(K::F32));
                    let v = self.b.call(f, &[a, x]);
                    self.push(v, K::F32);
                }
            }
        }
    }

    /// A region starting in `cur`. Returns the open block control continues in, or
    /// `None` if the region ended with a break, continue or return.
    fn seq(&mut self, mut cur: Block, depth: u32) -> Option<Block> {
        self.b.switch_to(cur);
        let items = 1 + self.rng.below(5);
        for _ in 0..items {
            if self.budget <= 0 {
                break;
            }
            let nested = depth < 6;
            match self.rng.below(12) {
                0..=4 => self.straight(),
                5 | 6 if nested => cur = self.gen_if(depth),
                7 if nested => cur = self.gen_loop(depth),
                8 if nested => cur = self.gen_switch(depth),
                9 if !self.ctx.is_empty() && self.rng.chance(40) => {
                    return self.gen_exit();
                }
                _ => self.straight(),
            }
            self.b.switch_to(cur);
        }
        Some(cur)
    }

    fn new_block(&mut self) -> Block {
        let f = self
            .b
            .module
            .parent(self.current_block().inst())
            .expect("blocks are in functions");
        self.budget -= 1;
        self.b.block(Func(f))
    }

    fn current_block(&self) -> Block {
        match self.b.insert_point() {
            super::builder::InsertPoint::End(b) => b,
            _ => panic!("the generator always builds at the end of a block"),
        }
    }

    /// `break`, `continue` or `return`, as the context allows.
    fn gen_exit(&mut self) -> Option<Block> {
        let innermost_loop = self.ctx.iter().rev().find_map(|c| match *c {
            Ctx::Loop { cont, in_cont, .. } => Some((cont, in_cont)),
            _ => None,
        });
        let breakable = self.ctx.iter().rev().find_map(|c| match *c {
            Ctx::Loop { merge, in_cont, .. } => Some((merge, in_cont)),
            Ctx::Switch { merge } => Some((merge, false)),
            Ctx::If => None,
        });
        self.budget -= 1;
        match self.rng.below(3) {
            0 if matches!(breakable, Some((_, false))) => {
                let (merge, _) = breakable.expect("checked");
                self.b.br(merge, &[]);
            }
            1 if matches!(innermost_loop, Some((_, false))) => {
                let (cont, _) = innermost_loop.expect("checked");
                self.b.br(cont, &[]);
            }
            _ => {
                let r = self.pick(K::F32);
                self.b.ret(Some(r));
            }
        }
        None
    }

    fn gen_if(&mut self, depth: u32) -> Block {
        let cond = self.pick(K::Bool);
        let (th, el, merge) = (self.new_block(), self.new_block(), self.new_block());
        let with_param = self.rng.chance(40);
        let param = with_param.then(|| self.b.param(merge, self.t.f32));
        self.b.if_else(cond, th, el, merge);
        let mark = self.mark();
        self.ctx.push(Ctx::If);
        for arm in [th, el] {
            if let Some(end) = self.seq(arm, depth + 1) {
                self.b.switch_to(end);
                let args: Vec<Value> = if with_param {
                    vec![self.pick(K::F32)]
                } else {
                    Vec::new()
                };
                self.b.br(merge, &args);
            }
            self.truncate(mark);
        }
        self.ctx.pop();
        if let Some(p) = param {
            self.push(p, K::F32);
        }
        merge
    }

    fn gen_loop(&mut self, depth: u32) -> Block {
        let init = self.pick(K::I32);
        let (header, cont, merge) = (self.new_block(), self.new_block(), self.new_block());
        let i = self.b.param(header, self.t.i32);
        self.b.loop_(header, &[init], merge, cont);
        let mark = self.mark();
        self.ctx.push(Ctx::Loop {
            merge,
            cont,
            in_cont: false,
        });
        self.push(i, K::I32);
        let with_header = self.mark();
        if let Some(end) = self.seq(header, depth + 1) {
            self.b.switch_to(end);
            self.b.br(cont, &[]);
        }
        self.truncate(with_header);
        // The continue construct.
        self.ctx.pop();
        self.ctx.push(Ctx::Loop {
            merge,
            cont,
            in_cont: true,
        });
        self.b.switch_to(cont);
        let one = self.b.const_i32(1);
        let next = self.b.value(Opcode::Add, self.t.i32, &[i, one]);
        self.budget -= 2;
        if self.rng.chance(50) {
            let limit = self.b.const_i32(8 + self.rng.below(8) as i32);
            let done = self.b.value(Opcode::Ge, self.t.bool, &[next, limit]);
            let (exit, back, after) = (self.new_block(), self.new_block(), self.new_block());
            self.b.if_else(done, exit, back, after);
            self.b.switch_to(exit);
            self.b.br(merge, &[]);
            self.b.switch_to(back);
            self.b.br(header, &[next]);
            self.b.switch_to(after);
            self.b.unreachable();
        } else {
            self.b.br(header, &[next]);
        }
        self.ctx.pop();
        self.truncate(mark);
        merge
    }

    fn gen_switch(&mut self, depth: u32) -> Block {
        let sel = self.pick(K::I32);
        let merge = self.new_block();
        let default = self.new_block();
        let ncases = 1 + self.rng.below(3);
        let mut cases = Vec::new();
        for k in 0..ncases {
            let v = self.b.const_i32(k as i32);
            let blk = self.new_block();
            cases.push((v, blk));
        }
        self.b.switch(sel, default, merge, &cases);
        let mark = self.mark();
        self.ctx.push(Ctx::Switch { merge });
        let targets: Vec<Block> = std::iter::once(default)
            .chain(cases.iter().map(|c| c.1))
            .collect();
        for tb in targets {
            if let Some(end) = self.seq(tb, depth + 1) {
                self.b.switch_to(end);
                self.b.br(merge, &[]);
            }
            self.truncate(mark);
        }
        self.ctx.pop();
        merge
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_random_modules_verify() {
        for seed in 0..20 {
            let m = random_module(seed, 2_000);
            if let Err(e) = super::super::verify(&m) {
                panic!(
                    "seed {seed}: {:?}\n{}",
                    e[0].message,
                    super::super::print(&m)
                );
            }
        }
    }
}
