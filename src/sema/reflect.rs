//! Reflection: what a valid module offers the host, as JSON (`refract reflect`, the JS
//! `reflect()`, DESIGN §9).
//!
//! The shape, stable for the playground and the differential harness:
//!
//! ```json
//! {
//!   "entryPoints": [{
//!     "name": "main",
//!     "stage": "vertex" | "fragment" | "compute",
//!     "workgroupSize": [64, 1, 1],              // compute only; an override-sized
//!                                               // dimension is {"override": "name"}
//!     "inputs":  [IO, …],
//!     "outputs": [IO, …],
//!     "bindings": [{"group": 0, "binding": 1, "name": "u"}, …],   // resources it uses;
//!                                               // "sampled": true on a texture the shader
//!                                               // samples with a non-comparison sampler
//!     "overrides": ["name", …]                       // overrides the shader uses
//!   }],
//!   "bindings": [{
//!     "group": 0, "binding": 1, "name": "u",
//!     "resource": "uniform-buffer" | "storage-buffer" | "sampler" | "sampled-texture"
//!               | "depth-texture" | "storage-texture" | "external-texture",
//!     "type": "Uniforms",                       // the store type, as WGSL spells it
//!     "access": "read" | "write" | "read_write",
//!     "minBindingSize": 64,                     // buffers only: bytes
//!     "sampleType": "float" | "sint" | "uint" | "depth",   // sampled and depth textures
//!     "viewDimension": "1d" | "2d" | "2d-array" | "3d" | "cube" | "cube-array",
//!     "multisampled": false,                    // textures
//!     "format": "rgba8unorm",                   // storage textures
//!     "comparison": false                       // samplers
//!   }],
//!   "overrides": [{
//!     "name": "blockSize", "id": 3 | null, "type": "u32",
//!     "default": 16 | true | null               // the initializer's value when constant
//!     "hasDefault": true                        // whether it has an initializer at all
//!   }],
//!   "structs": [{
//!     "name": "S", "size": 32, "align": 16,     // size and align are null when the
//!                                               // structure has no layout
//!     "members": [{"name": "a", "type": "vec3<f32>", "offset": 0, "size": 12, "align": 16}]
//!   }]
//! }
//! ```
//!
//! `IO` is `{"name": "uv", "type": "vec2<f32>", "location": 0, "interpolation":
//! {"type": "perspective", "sampling": "center"}}` for user-defined IO (the interpolation
//! is `null` when not written), `{"name": "pos", "type": "vec4<f32>", "builtin":
//! "position", "invariant": false}` for builtin values, and `"blendSrc": 0` when written.
//! `name` is the parameter's or member's name (empty for a non-structure return value).
//! Arrays are in declaration order; entry points too.

use serde_json::Value as Json;

use crate::sema::consteval::Value;
use crate::sema::program::{
    DeclId, DeclInfo, EntryPoint, IoItem, Program, ShaderStage, TextureSource, WorkgroupDim,
};
use crate::sema::types::{AddressSpace, Scalar, TextureDim, TextureKind, TypeKind};
use crate::syntax::ast::{ExprKind, Module};

use crate::util::json::{Object as Obj, object, put, put_str};

/// The reflection JSON of a valid module.
pub fn reflect(m: &Module, p: &Program) -> Json {
    let name_of = |d: crate::sema::program::DeclId| {
        crate::sema::resolve::decl_name(&m.decls[d.index()].kind)
            .map_or(String::new(), |i| m.name(i.name).to_string())
    };
    let sampled = sampled_textures(m, p);
    // Arrays are filled by loops: each `map(…).collect()` into JSON would be its own
    // copy of the iterator code in the package.
    let mut entry_points = Vec::with_capacity(p.entry_points.len());
    for ep in &p.entry_points {
        entry_points.push(entry_point(m, p, ep, &sampled[ep.decl.index()], &name_of));
    }
    let mut bindings = Vec::new();
    let mut overrides = Vec::new();
    let mut structs = Vec::new();
    for i in 0..m.decls.len() {
        let d = crate::sema::program::DeclId::from_index(i);
        match p.decl(d) {
            DeclInfo::Var(v) => {
                if let Some(b) = v.binding {
                    let mut o = Obj::new();
                    put(&mut o, "group", b.group.into());
                    put(&mut o, "binding", b.binding.into());
                    put(&mut o, "name", name_of(d).into());
                    resource(p, v.space, v.access, v.ty, &mut o);
                    bindings.push(Json::Object(o));
                }
            }
            DeclInfo::Override(o) => overrides.push(object(&mut [
                ("name", name_of(d).into()),
                ("id", o.id.into()),
                ("type", p.types.name(o.ty).into()),
                ("default", o.default.as_ref().map_or(Json::Null, value_json)),
                ("hasDefault", o.has_initializer.into()),
            ])),
            DeclInfo::Struct(ty) => {
                if let Some(def) = p.types.as_struct(*ty) {
                    let layout = def.layout;
                    let mut members = Vec::with_capacity(def.members.len());
                    for mem in &def.members {
                        members.push(object(&mut [
                            ("name", mem.name.as_str().into()),
                            ("type", p.types.name(mem.ty).into()),
                            ("offset", mem.offset.into()),
                            ("size", mem.size.into()),
                            ("align", mem.align.into()),
                        ]));
                    }
                    structs.push(object(&mut [
                        ("name", def.name.as_str().into()),
                        ("size", layout.map(|l| l.size).into()),
                        ("align", layout.map(|l| l.align).into()),
                        ("members", Json::Array(members)),
                    ]));
                }
            }
            _ => {}
        }
    }
    object(&mut [
        ("entryPoints", Json::Array(entry_points)),
        ("bindings", Json::Array(bindings)),
        ("overrides", Json::Array(overrides)),
        ("structs", Json::Array(structs)),
    ])
}

/// Per function: the module-scope textures it samples with a non-comparison sampler,
/// through any call (WebGPU's default pipeline layout makes exactly those `float` among the
/// `f32` textures). `p.order` lists callees before their callers, so one pass suffices.
fn sampled_textures(m: &Module, p: &Program) -> Vec<Vec<DeclId>> {
    let n = m.decls.len();
    let mut globals: Vec<Vec<DeclId>> = vec![Vec::new(); n];
    let mut params: Vec<Vec<u32>> = vec![Vec::new(); n];
    for &d in &p.order {
        let DeclInfo::Fn(f) = p.decl(d) else {
            continue;
        };
        let (mut g, mut k) = (Vec::new(), Vec::new());
        let mut add = |s: TextureSource| match s {
            TextureSource::Global(t) if !g.contains(&t) => g.push(t),
            TextureSource::Param(i) if !k.contains(&i) => k.push(i),
            _ => {}
        };
        f.sampled.iter().for_each(|&s| add(s));
        for &(callee, i, s) in &f.texture_args {
            if params[callee.index()].contains(&i) {
                add(s);
            }
        }
        for &c in &f.callees {
            for &t in &globals[c.index()] {
                if !g.contains(&t) {
                    g.push(t);
                }
            }
        }
        globals[d.index()] = g;
        params[d.index()] = k;
    }
    globals
}

fn entry_point(
    m: &Module,
    p: &Program,
    ep: &EntryPoint,
    sampled: &[DeclId],
    name_of: &dyn Fn(crate::sema::program::DeclId) -> String,
) -> Json {
    let mut o = Obj::new();
    put_str(&mut o, "name", &ep.name);
    put_str(
        &mut o,
        "stage",
        match ep.stage {
            ShaderStage::Vertex => "vertex",
            ShaderStage::Fragment => "fragment",
            ShaderStage::Compute => "compute",
        },
    );
    if let Some(ws) = &ep.workgroup_size {
        let mut dims = Vec::with_capacity(3);
        for d in ws {
            dims.push(match d {
                WorkgroupDim::Const(n) => (*n).into(),
                WorkgroupDim::Override(e) => object(&mut [("override", expr_text(m, *e).into())]),
            });
        }
        put(&mut o, "workgroupSize", Json::Array(dims));
    }
    for (key, items) in [("inputs", &ep.inputs), ("outputs", &ep.outputs)] {
        let mut list = Vec::with_capacity(items.len());
        for i in items {
            list.push(io_json(p, i));
        }
        put(&mut o, key, Json::Array(list));
    }
    let mut bindings = Vec::new();
    let mut overrides = Vec::new();
    for &g in &ep.globals {
        match p.decl(g) {
            DeclInfo::Var(v) => {
                if let Some(b) = v.binding {
                    let mut o = Obj::new();
                    put(&mut o, "group", b.group.into());
                    put(&mut o, "binding", b.binding.into());
                    put(&mut o, "name", name_of(g).into());
                    if sampled.contains(&g) {
                        put(&mut o, "sampled", true.into());
                    }
                    bindings.push(Json::Object(o));
                }
            }
            DeclInfo::Override(_) => overrides.push(name_of(g).into()),
            _ => {}
        }
    }
    put(&mut o, "bindings", Json::Array(bindings));
    put(&mut o, "overrides", Json::Array(overrides));
    Json::Object(o)
}

fn io_json(p: &Program, item: &IoItem) -> Json {
    let mut o = Obj::new();
    put_str(&mut o, "name", &item.name);
    put(&mut o, "type", p.types.name(item.ty).into());
    let a = &item.attrs;
    if let Some(b) = a.builtin {
        put_str(&mut o, "builtin", b.name());
        put(&mut o, "invariant", a.invariant.into());
    }
    if let Some(l) = a.location {
        put(&mut o, "location", l.into());
        let interpolation = match a.interpolation {
            Some((t, s)) => object(&mut [
                ("type", t.name().into()),
                ("sampling", s.map(|s| s.name()).into()),
            ]),
            None => Json::Null,
        };
        put(&mut o, "interpolation", interpolation);
    }
    if let Some(b) = a.blend_src {
        put(&mut o, "blendSrc", b.into());
    }
    Json::Object(o)
}

fn resource(
    p: &Program,
    space: AddressSpace,
    access: crate::sema::types::Access,
    ty: crate::sema::types::TypeId,
    o: &mut Obj,
) {
    put(o, "type", p.types.name(ty).into());
    match space {
        AddressSpace::Uniform | AddressSpace::Storage => {
            let kind = if space == AddressSpace::Uniform {
                "uniform-buffer"
            } else {
                "storage-buffer"
            };
            put_str(o, "resource", kind);
            put_str(o, "access", access.name());
            put(
                o,
                "minBindingSize",
                p.types.layout(ty).map(|l| l.size).into(),
            );
        }
        _ => match p.types.kind(ty) {
            TypeKind::Sampler { comparison } => {
                put_str(o, "resource", "sampler");
                put(o, "comparison", comparison.into());
            }
            TypeKind::Texture(t) => texture(t, o),
            _ => put_str(o, "resource", "unknown"),
        },
    }
}

fn texture(t: TextureKind, o: &mut Obj) {
    let dim = |d: TextureDim| match d {
        TextureDim::D1 => "1d",
        TextureDim::D2 => "2d",
        TextureDim::D2Array => "2d-array",
        TextureDim::D3 => "3d",
        TextureDim::Cube => "cube",
        TextureDim::CubeArray => "cube-array",
    };
    let sample = |s: Scalar| match s {
        Scalar::I32 => "sint",
        Scalar::U32 => "uint",
        _ => "float",
    };
    // (resource, sampleType, viewDimension, multisampled) of the sampled and depth kinds.
    let (resource, sample_type, view, multisampled) = match t {
        TextureKind::Sampled { dim: d, sampled } => {
            ("sampled-texture", sample(sampled), dim(d), false)
        }
        TextureKind::Multisampled { sampled } => ("sampled-texture", sample(sampled), "2d", true),
        TextureKind::Depth { dim: d } => ("depth-texture", "depth", dim(d), false),
        TextureKind::DepthMultisampled => ("depth-texture", "depth", "2d", true),
        TextureKind::Storage {
            dim: d,
            format,
            access,
        } => {
            put_str(o, "resource", "storage-texture");
            put_str(o, "format", format.name());
            put_str(o, "access", access.name());
            put_str(o, "viewDimension", dim(d));
            return;
        }
        TextureKind::External => {
            put_str(o, "resource", "external-texture");
            return;
        }
    };
    put_str(o, "resource", resource);
    put_str(o, "sampleType", sample_type);
    put_str(o, "viewDimension", view);
    put(o, "multisampled", multisampled.into());
}

/// A scalar constant as JSON (overrides are scalars).
fn value_json(v: &Value) -> Json {
    match *v {
        Value::Bool(b) => b.into(),
        Value::AbstractInt(x) => x.into(),
        Value::I32(x) => x.into(),
        Value::U32(x) => x.into(),
        Value::AbstractFloat(x) => x.into(),
        Value::F32(x) => x.into(),
        Value::F16(x) => f64::from(x).into(),
        Value::Composite(..) | Value::Zero(_) => Json::Null,
    }
}

/// An override-expression's text for reflection: an identifier's name, or `expression`.
fn expr_text(m: &Module, e: crate::syntax::ast::ExprId) -> String {
    match &m.expr(e).kind {
        ExprKind::Ident(ie) => m.name(ie.ident.name).to_string(),
        ExprKind::Paren(i) => expr_text(m, *i),
        _ => "expression".to_string(),
    }
}
