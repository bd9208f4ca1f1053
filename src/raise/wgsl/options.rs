//! How the WGSL emitter shapes its output.

/// How the raiser shapes its output.
#[derive(Clone, Debug)]
pub struct Options {
    /// Inlined expressions taller than this are split with `let`s.
    pub max_expression_height: u32,
    /// Print recognisable loops as `for` and `while`.
    pub loop_sugar: bool,
    /// Global `diagnostic(severity, rule);` directives to write (the IR keeps no
    /// diagnostic filters; the compile pipeline passes the source's here).
    pub diagnostics: Vec<(String, String)>,
    /// Each entry point's resource interface in the source: its name and the names of
    /// the resource variables (bound, or `immediate`) its shader statically uses. The
    /// IR does not keep it; the compile pipeline passes the source's here, and the
    /// writer keeps every one the module still declares (`raise/wgsl/interface.rs`).
    pub interface: Vec<(String, Vec<String>)>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_expression_height: 12,
            loop_sugar: true,
            diagnostics: Vec::new(),
            interface: Vec::new(),
        }
    }
}
