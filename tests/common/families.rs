//! The hostile input families of issue 25, as generators of WGSL source by size: the
//! scaling benchmark (`benches/scaling.rs`) runs each at n, 2n and 4n, and the mutation
//! campaign (`tests/mutants.rs`) mutates them at random sizes.

#![allow(dead_code)]

/// A family of generated inputs: its name, its small and large base sizes, the size
/// issue 25 quotes, the source of size n.
pub struct Family {
    pub name: &'static str,
    pub small: usize,
    pub large: usize,
    /// The size issue 25 quotes for the family (levels, directives, cases, repeats, or
    /// functions for the large valid file), when it is one of the issue's:
    /// `SCALING_ISSUE=1 cargo bench --bench scaling` runs it at four times that.
    pub issue: Option<usize>,
    pub make: fn(usize) -> String,
    /// Whether the Gen back end is measured too (the families whose shape its passes see:
    /// the others end in the same IR as the WGSL and SPIR-V rows measure).
    pub r#gen: bool,
}

pub fn doubling_structs(n: usize) -> String {
    let mut s = String::from("struct S0 { a: f32 }\n");
    for i in 1..=n {
        s += &format!("struct S{i} {{ a: S{}, b: S{} }}\n", i - 1, i - 1);
    }
    s + &format!("var<private> v: S{n};\n@compute @workgroup_size(1) fn main() {{ _ = v; }}\n")
}

pub fn doubling_constants(n: usize) -> String {
    let mut s = String::from("const c0 = 1u;\n");
    for i in 1..=n {
        s += &format!("const c{i} = array(c{}, c{});\n", i - 1, i - 1);
    }
    let index = "[i]".repeat(n);
    s + &format!(
        "@group(0) @binding(0) var<storage, read_write> b: u32;\n\
         @compute @workgroup_size(1) fn main() {{ let i = b; b = c{n}{index}; }}\n"
    )
}

pub fn directives(n: usize) -> String {
    let mut s: String = (0..n)
        .map(|i| format!("diagnostic(off, r{i});\n"))
        .collect();
    s += "@compute @workgroup_size(1) fn main() {";
    for i in 0..n / 4 {
        s += &format!(" @diagnostic(off, derivative_uniformity) {{ let x{i} = {i}; }}");
    }
    s + " }\n"
}

pub fn switch_cases(n: usize) -> String {
    let cases: String = (0..n)
        .map(|i| format!("case {i}u {{ b = {i}u; }}\n"))
        .collect();
    format!(
        "@group(0) @binding(0) var<storage, read_write> b: u32;\n\
         @compute @workgroup_size(1) fn main() {{ switch b {{\n{cases}default {{}} }} }}\n"
    )
}

pub fn attributes(n: usize) -> String {
    "@compute ".repeat(n) + "@workgroup_size(1) fn main() {}\n"
}

pub fn stray_ats(n: usize) -> String {
    "@".repeat(n)
}

pub fn stray_statements(n: usize) -> String {
    format!("fn f() {{{}}}\n", "x;".repeat(n))
}

pub fn unknown_names(n: usize) -> String {
    format!("fn f() {{\n{}}}\n", "_ = y;\n".repeat(n))
}

/// About 108 bytes a function: the issue's 55 MB file is `large_valid(510_000)`.
pub fn large_valid(n: usize) -> String {
    let mut s = String::from(
        "@group(0) @binding(0) var<storage, read_write> b: array<u32>;\n\
         fn f0(x: u32) -> u32 { return x; }\n",
    );
    for i in 1..n {
        s += &format!(
            "fn f{i}(x: u32) -> u32 {{ var y = x * {i}u + 3u; if (y > 7u) {{ y = y ^ b[{}]; }} return y + f{}(x); }}\n",
            i % 8,
            i - 1
        );
    }
    s + &format!(
        "@compute @workgroup_size(1) fn main() {{ b[0] = f{}(b[1]); }}\n",
        n - 1
    )
}

pub const FAMILIES: &[Family] = &[
    Family {
        name: "doubling structs (levels)",
        small: 7,
        large: 9,
        issue: Some(31),
        make: doubling_structs,
        r#gen: false,
    },
    Family {
        name: "doubling constants (levels)",
        small: 5,
        large: 10,
        issue: Some(25),
        make: doubling_constants,
        r#gen: false,
    },
    Family {
        name: "diagnostic directives",
        small: 2_000,
        large: 40_000,
        issue: Some(80_000),
        make: directives,
        r#gen: false,
    },
    Family {
        name: "switch cases",
        small: 500,
        large: 4_000,
        issue: Some(40_000),
        make: switch_cases,
        r#gen: true,
    },
    Family {
        name: "repeated @compute",
        small: 5_000,
        large: 100_000,
        issue: Some(100_000),
        make: attributes,
        r#gen: false,
    },
    Family {
        name: "stray @",
        small: 20_000,
        large: 500_000,
        issue: Some(500_000),
        make: stray_ats,
        r#gen: false,
    },
    Family {
        name: "stray statements",
        small: 10_000,
        large: 200_000,
        issue: Some(200_000),
        make: stray_statements,
        r#gen: false,
    },
    Family {
        name: "unknown names in one function",
        small: 2_500,
        large: 50_000,
        issue: None,
        make: unknown_names,
        r#gen: false,
    },
    Family {
        name: "large valid file (functions)",
        small: 500,
        large: 8_000,
        issue: Some(510_000),
        make: large_valid,
        r#gen: false,
    },
];
