struct Particle {
    pos: vec3<f32>,
    life: f32,
    vel: vec3<f32>,
}

@group(0) @binding(0) var<storage, read_write> ps: array<Particle>;

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let p = ps[id.x];
    let x = p.vel * 0.5f;
    ps[id.x] = Particle(p.pos + x, p.life, x);
}
