struct P {
    a: vec3<f32>,
    b: vec3<f32>,
    c: f32,
}

@group(0) @binding(0) var<storage, read_write> ps: array<P>;
@group(0) @binding(1) var<uniform> dt: f32;

fn touch(p: ptr<function, P>) {
    (*p).c = 1.0f;
}

fn f(p: ptr<function, P>) -> f32 {
    (*p).c += 1.0f;
    return (*p).c;
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    var p = ps[0];
    if p.c < 0.0f {
        touch(&p);
    } else {
        p.b += (vec3<f32>(0.0f, -2.5f, 0.0f) + vec3<f32>(-p.a.z, 0.0f, p.a.x)) * dt;
        p.b *= 0.995f;
        p.a += p.b * dt;
        p.c = ps[1].c + f(&p) + p.c;
    }
    ps[0] = p;
}
