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
//!     "bindings": [{"group": 0, "binding": 1}, …],   // resources the shader uses
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

use serde_json::{Value as Json, json};

use crate::sema::consteval::Value;
use crate::sema::program::{DeclInfo, EntryPoint, IoItem, Program, ShaderStage, WorkgroupDim};
use crate::sema::types::{AddressSpace, Scalar, TextureDim, TextureKind, TypeKind};
use crate::syntax::ast::{ExprKind, Module};

/// The reflection JSON of a valid module.
pub fn reflect(m: &Module, p: &Program) -> Json {
    let name_of = |d: crate::sema::program::DeclId| {
        crate::sema::resolve::decl_name(&m.decls[d.index()].kind)
            .map_or(String::new(), |i| m.name(i.name).to_string())
    };
    let entry_points: Vec<Json> = p
        .entry_points
        .iter()
        .map(|ep| entry_point(m, p, ep, &name_of))
        .collect();
    let mut bindings = Vec::new();
    let mut overrides = Vec::new();
    let mut structs = Vec::new();
    for i in 0..m.decls.len() {
        let d = crate::sema::program::DeclId::from_index(i);
        match p.decl(d) {
            DeclInfo::Var(v) => {
                if let Some(b) = v.binding {
                    let mut o = serde_json::Map::new();
                    o.insert("group".into(), json!(b.group));
                    o.insert("binding".into(), json!(b.binding));
                    o.insert("name".into(), json!(name_of(d)));
                    resource(p, v.space, v.access, v.ty, &mut o);
                    bindings.push(Json::Object(o));
                }
            }
            DeclInfo::Override(o) => overrides.push(json!({
                "name": name_of(d),
                "id": o.id,
                "type": p.types.name(o.ty),
                "default": o.default.as_ref().map_or(Json::Null, value_json),
                "hasDefault": o.has_initializer,
            })),
            DeclInfo::Struct(ty) => {
                if let Some(def) = p.types.as_struct(*ty) {
                    let layout = def.layout;
                    structs.push(json!({
                        "name": def.name,
                        "size": layout.map(|l| l.size),
                        "align": layout.map(|l| l.align),
                        "members": def.members.iter().map(|mem| json!({
                            "name": mem.name,
                            "type": p.types.name(mem.ty),
                            "offset": mem.offset,
                            "size": mem.size,
                            "align": mem.align,
                        })).collect::<Vec<_>>(),
                    }));
                }
            }
            _ => {}
        }
    }
    json!({
        "entryPoints": entry_points,
        "bindings": bindings,
        "overrides": overrides,
        "structs": structs,
    })
}

fn entry_point(
    m: &Module,
    p: &Program,
    ep: &EntryPoint,
    name_of: &dyn Fn(crate::sema::program::DeclId) -> String,
) -> Json {
    let mut o = serde_json::Map::new();
    o.insert("name".into(), json!(ep.name));
    o.insert(
        "stage".into(),
        json!(match ep.stage {
            ShaderStage::Vertex => "vertex",
            ShaderStage::Fragment => "fragment",
            ShaderStage::Compute => "compute",
        }),
    );
    if let Some(ws) = &ep.workgroup_size {
        let dims: Vec<Json> = ws
            .iter()
            .map(|d| match d {
                WorkgroupDim::Const(n) => json!(n),
                WorkgroupDim::Override(e) => json!({ "override": expr_text(m, *e) }),
            })
            .collect();
        o.insert("workgroupSize".into(), Json::Array(dims));
    }
    o.insert(
        "inputs".into(),
        Json::Array(ep.inputs.iter().map(|i| io_json(p, i)).collect()),
    );
    o.insert(
        "outputs".into(),
        Json::Array(ep.outputs.iter().map(|i| io_json(p, i)).collect()),
    );
    let mut bindings = Vec::new();
    let mut overrides = Vec::new();
    for &g in &ep.globals {
        match p.decl(g) {
            DeclInfo::Var(v) => {
                if let Some(b) = v.binding {
                    bindings.push(json!({"group": b.group, "binding": b.binding}));
                }
            }
            DeclInfo::Override(_) => overrides.push(json!(name_of(g))),
            _ => {}
        }
    }
    o.insert("bindings".into(), Json::Array(bindings));
    o.insert("overrides".into(), Json::Array(overrides));
    Json::Object(o)
}

fn io_json(p: &Program, item: &IoItem) -> Json {
    let mut o = serde_json::Map::new();
    o.insert("name".into(), json!(item.name));
    o.insert("type".into(), json!(p.types.name(item.ty)));
    let a = &item.attrs;
    if let Some(b) = a.builtin {
        o.insert("builtin".into(), json!(b.name()));
        o.insert("invariant".into(), json!(a.invariant));
    }
    if let Some(l) = a.location {
        o.insert("location".into(), json!(l));
        o.insert(
            "interpolation".into(),
            match a.interpolation {
                Some((t, s)) => json!({"type": t.name(), "sampling": s.map(|s| s.name())}),
                None => Json::Null,
            },
        );
    }
    if let Some(b) = a.blend_src {
        o.insert("blendSrc".into(), json!(b));
    }
    Json::Object(o)
}

fn resource(
    p: &Program,
    space: AddressSpace,
    access: crate::sema::types::Access,
    ty: crate::sema::types::TypeId,
    o: &mut serde_json::Map<String, Json>,
) {
    o.insert("type".into(), json!(p.types.name(ty)));
    match space {
        AddressSpace::Uniform | AddressSpace::Storage => {
            let kind = if space == AddressSpace::Uniform {
                "uniform-buffer"
            } else {
                "storage-buffer"
            };
            o.insert("resource".into(), json!(kind));
            o.insert("access".into(), json!(access.name()));
            o.insert(
                "minBindingSize".into(),
                json!(p.types.layout(ty).map(|l| l.size)),
            );
        }
        _ => match p.types.kind(ty) {
            TypeKind::Sampler { comparison } => {
                o.insert("resource".into(), json!("sampler"));
                o.insert("comparison".into(), json!(comparison));
            }
            TypeKind::Texture(t) => texture(t, o),
            _ => {
                o.insert("resource".into(), json!("unknown"));
            }
        },
    }
}

fn texture(t: TextureKind, o: &mut serde_json::Map<String, Json>) {
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
    match t {
        TextureKind::Sampled { dim: d, sampled } => {
            o.insert("resource".into(), json!("sampled-texture"));
            o.insert("sampleType".into(), json!(sample(sampled)));
            o.insert("viewDimension".into(), json!(dim(d)));
            o.insert("multisampled".into(), json!(false));
        }
        TextureKind::Multisampled { sampled } => {
            o.insert("resource".into(), json!("sampled-texture"));
            o.insert("sampleType".into(), json!(sample(sampled)));
            o.insert("viewDimension".into(), json!("2d"));
            o.insert("multisampled".into(), json!(true));
        }
        TextureKind::Depth { dim: d } => {
            o.insert("resource".into(), json!("depth-texture"));
            o.insert("sampleType".into(), json!("depth"));
            o.insert("viewDimension".into(), json!(dim(d)));
            o.insert("multisampled".into(), json!(false));
        }
        TextureKind::DepthMultisampled => {
            o.insert("resource".into(), json!("depth-texture"));
            o.insert("sampleType".into(), json!("depth"));
            o.insert("viewDimension".into(), json!("2d"));
            o.insert("multisampled".into(), json!(true));
        }
        TextureKind::Storage {
            dim: d,
            format,
            access,
        } => {
            o.insert("resource".into(), json!("storage-texture"));
            o.insert("format".into(), json!(format.name()));
            o.insert("access".into(), json!(access.name()));
            o.insert("viewDimension".into(), json!(dim(d)));
        }
        TextureKind::External => {
            o.insert("resource".into(), json!("external-texture"));
        }
    }
}

/// A scalar constant as JSON (overrides are scalars).
fn value_json(v: &Value) -> Json {
    match *v {
        Value::Bool(b) => json!(b),
        Value::AbstractInt(x) => json!(x),
        Value::I32(x) => json!(x),
        Value::U32(x) => json!(x),
        Value::AbstractFloat(x) => json!(x),
        Value::F32(x) => json!(x),
        Value::F16(x) => json!(f64::from(x)),
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
