// A compound assignment whose right-hand side reads memory after the left-hand side's load
// (the `particles` playground example): two reads may swap, so nothing is bound and the
// first round trip already prints `p.b += …` (it once printed `let x_1 = p.b;
// p.b = x_1 + x;`, which the second round trip turned into `p.b += x;`).
struct P { a: vec3f, b: vec3f, c: f32 }
@group(0) @binding(0) var<storage, read_write> ps: array<P>;
@group(0) @binding(1) var<uniform> dt: f32;

fn touch(p: ptr<function, P>) { (*p).c = 1.0; }

@compute @workgroup_size(1)
fn main() {
  var p = ps[0];
  if (p.c < 0.0) {
    touch(&p);
  } else {
    let swirl = vec3f(-p.a.z, 0.0, p.a.x);
    p.b += (vec3f(0.0, -2.5, 0.0) + swirl) * dt;
    p.b *= 0.995;
    p.a += p.b * dt;
    // A write between the reads still binds the earlier read.
    p.c = ps[1].c + f(&p) + p.c;
  }
  ps[0] = p;
}

fn f(p: ptr<function, P>) -> f32 { (*p).c += 1.0; return (*p).c; }
