enable f16;

fn literals(x: i32) -> i32 {
    let g = f32(x + i32(-2147483648) - -5i) * -0.5f;
    let k = 3e38f;
    return bitcast<i32>(bitcast<u32>(f32(f16(g) + 1.5h) + (g + -0.0f))) + 7i + i32(k * 10.0f);
}

fn shapes(v: vec4<f32>, i: u32, c: bool) -> f32 {
    var d = vec4<f32>(v.x, v.y, v.z, 2.0f);
    d[i] = 5.0f;
    let sel = select(vec2<f32>(1.0f, 2.0f), v.yx, c);
    let fr = frexp(dot(sel, sel));
    let t1 = d[i] + fr.fract;
    let t2 = t1 + f32(fr.exp);
    let t3 = t2 * t2;
    let t4 = t3 + 1.0f;
    let t5 = t4 * t1;
    let t6 = t5 - t2;
    let t7 = t6 * t3;
    let t8 = t7 + t4;
    let t9 = t8 * t5;
    let t10 = t9 + t6;
    let t22 = exp2(cos(sin(fract(ceil(floor(abs(sqrt((t10 * t7 - t8 + t9) * t10))))))));
    return sign(tan(log2(t22)));
}
