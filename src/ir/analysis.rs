//! The analysis cache that passes and transforms are handed (Cranelift's `Context`):
//! per function, the CFG, dominators, post-dominators, the structure tree, the loop
//! forest and use counts, each computed the first time it is asked for and kept until a
//! change makes it wrong.
//!
//! # The contract
//!
//! An analysis in the cache describes the module as it is. A pass keeps it so in one of
//! two ways:
//!
//! - **By its result.** Every pass returns what it changed, as a [`Changed`] level, and
//!   the pass manager drops what that level makes wrong, in every function:
//!   [`Changed::Instructions`] (values, operands, block parameters and branch arguments;
//!   never a block, an edge, a merge or continue operand, or a function) drops only the
//!   use counts; [`Changed::Cfg`] drops everything. A pass that rewrites instructions
//!   therefore keeps the CFG and dominators of every function for the passes after it.
//! - **Function by function.** A pass that changes one function's blocks and then asks
//!   for an analysis of it again (or that wants the other functions to keep theirs) says
//!   so as it goes, with [`Analyses::invalidate`]. When a pass reported its block changes
//!   this way, the manager keeps the CFG-level analyses of the functions it did not
//!   report ([`Analyses::settle`]). Use counts, which any change to an instruction can
//!   make wrong, are dropped in every function after every pass that changed anything.
//!
//! In debug builds the manager checks after every pass that each cached analysis equals
//! a fresh one ([`Analyses::stale`]), so a pass that changed blocks and said it did not
//! fails at once, by name.
//!
//! Function ids are never reused by the arena, so the entry of a removed function is
//! never looked at again; functions that are added start with no entry.
//!
//! An analysis that cannot be built is an error, not an empty answer: the structure tree
//! of a function that breaks the structured rules is a diagnostic with the verifier's
//! code for the rule ([`Analyses::structure`]).

use super::cfg::{Cfg, DomTree, LoopForest};
use super::module::{Func, Inst, Module};
use super::structure::StructureTree;
use crate::diag::Diagnostic;
use crate::util::map::Map;
use std::rc::Rc;

/// What a pass changed, from nothing to the most; each level makes the analyses of the
/// levels below it wrong too. Levels combine with `|` (the larger wins).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Changed {
    /// The module is as it was.
    #[default]
    None,
    /// Instructions inside blocks, and module-scope values: the CFG, dominators,
    /// post-dominators, structure trees and loop forests stay right.
    Instructions,
    /// Blocks (added, removed, moved), edges, merge or continue operands, or functions.
    Cfg,
}

impl Changed {
    /// Whether anything changed.
    pub fn any(self) -> bool {
        self != Changed::None
    }

    /// `Instructions` when `changed`, else `None`.
    pub fn instructions_if(changed: bool) -> Changed {
        if changed {
            Changed::Instructions
        } else {
            Changed::None
        }
    }

    /// `Cfg` when `changed`, else `None`.
    pub fn cfg_if(changed: bool) -> Changed {
        if changed { Changed::Cfg } else { Changed::None }
    }
}

impl std::ops::BitOr for Changed {
    type Output = Changed;
    fn bitor(self, other: Changed) -> Changed {
        self.max(other)
    }
}

impl std::ops::BitOrAssign for Changed {
    fn bitor_assign(&mut self, other: Changed) {
        *self = (*self).max(other);
    }
}

/// How many times each value of a function is used, decorations not counted.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct UseCounts {
    counts: Map<Inst, u32>,
}

impl UseCounts {
    pub fn new(m: &Module, f: Func) -> UseCounts {
        let mut counts = Map::default();
        for b in m.blocks(f) {
            for i in m.children(b.inst()) {
                let n = m.uses(i).filter(|u| !m.opcode(u.user).is_decoration());
                counts.insert(i, n.count() as u32);
            }
        }
        UseCounts { counts }
    }

    /// The uses of `v` (0 for a value not in the function).
    pub fn get(&self, v: Inst) -> u32 {
        self.counts.get(&v).copied().unwrap_or(0)
    }
}

/// What is cached for one function.
#[derive(Default)]
struct FuncAnalyses {
    cfg: Option<Rc<Cfg>>,
    dominators: Option<Rc<DomTree>>,
    post_dominators: Option<Rc<DomTree>>,
    structure: Option<Rc<StructureTree>>,
    loops: Option<Rc<LoopForest>>,
    uses: Option<Rc<UseCounts>>,
}

impl FuncAnalyses {
    fn drop_for(&mut self, changed: Changed) {
        match changed {
            Changed::None => {}
            Changed::Instructions => self.uses = None,
            Changed::Cfg => *self = FuncAnalyses::default(),
        }
    }
}

/// The cache. See the module documentation for who drops what.
#[derive(Default)]
pub struct Analyses {
    funcs: Map<Inst, FuncAnalyses>,
    /// The most that passes reported function by function since the last
    /// [`Analyses::settle`].
    reported: Changed,
}

impl Analyses {
    pub fn new() -> Analyses {
        Analyses::default()
    }

    fn entry(&mut self, f: Func) -> &mut FuncAnalyses {
        self.funcs.entry(f.inst()).or_default()
    }

    /// The control-flow graph of `f`.
    pub fn cfg(&mut self, m: &Module, f: Func) -> Rc<Cfg> {
        let e = self.entry(f);
        e.cfg.get_or_insert_with(|| Rc::new(Cfg::new(m, f))).clone()
    }

    /// The dominator tree of `f`, over its CFG's block indices.
    pub fn dominators(&mut self, m: &Module, f: Func) -> Rc<DomTree> {
        let cfg = self.cfg(m, f);
        let e = self.entry(f);
        e.dominators
            .get_or_insert_with(|| Rc::new(DomTree::dominators(&cfg)))
            .clone()
    }

    /// The post-dominator tree of `f`.
    pub fn post_dominators(&mut self, m: &Module, f: Func) -> Rc<DomTree> {
        let cfg = self.cfg(m, f);
        let e = self.entry(f);
        e.post_dominators
            .get_or_insert_with(|| Rc::new(DomTree::post_dominators(&cfg)))
            .clone()
    }

    /// The loop forest of `f`.
    pub fn loops(&mut self, m: &Module, f: Func) -> Rc<LoopForest> {
        let cfg = self.cfg(m, f);
        let dom = self.dominators(m, f);
        let e = self.entry(f);
        e.loops
            .get_or_insert_with(|| Rc::new(LoopForest::new(&cfg, &dom)))
            .clone()
    }

    /// The structure tree of `f`, or the diagnostic of the structured rule it breaks.
    pub fn structure(&mut self, m: &Module, f: Func) -> Result<Rc<StructureTree>, Diagnostic> {
        let e = self.entry(f);
        if let Some(t) = &e.structure {
            return Ok(t.clone());
        }
        let tree = Rc::new(StructureTree::build(m, f).map_err(|e| {
            let d = Diagnostic::error(e.rule.code(), format!("{}: {}", e.rule.name(), e.message));
            let span = m.span(e.at);
            if span.is_detached() {
                d
            } else {
                d.with_primary(span, format!("breaks rule `{}`", e.rule.name()))
            }
        })?);
        self.entry(f).structure = Some(tree.clone());
        Ok(tree)
    }

    /// The use counts of `f`'s values.
    pub fn use_counts(&mut self, m: &Module, f: Func) -> Rc<UseCounts> {
        let e = self.entry(f);
        e.uses
            .get_or_insert_with(|| Rc::new(UseCounts::new(m, f)))
            .clone()
    }

    /// Drops what `changed` makes wrong in `f`, and remembers that this pass reports its
    /// changes function by function.
    pub fn invalidate(&mut self, f: Func, changed: Changed) {
        if let Some(e) = self.funcs.get_mut(&f.inst()) {
            e.drop_for(changed);
        }
        self.reported |= changed;
    }

    /// Drops what `changed` makes wrong in every function.
    pub fn invalidate_all(&mut self, changed: Changed) {
        match changed {
            Changed::None => {}
            Changed::Instructions => self.funcs.values_mut().for_each(|e| e.uses = None),
            Changed::Cfg => self.funcs.clear(),
        }
    }

    /// After a pass that returned `changed`: drops the use counts of every function if
    /// anything changed, and every analysis of every function if blocks changed and the
    /// pass did not report them function by function; then starts the next pass's
    /// record.
    pub fn settle(&mut self, changed: Changed) {
        if changed == Changed::Cfg && self.reported < Changed::Cfg {
            self.invalidate_all(Changed::Cfg);
        } else {
            self.invalidate_all(changed.min(Changed::Instructions));
        }
        self.reported = Changed::None;
    }

    /// The first cached analysis that differs from a fresh one, named with its function:
    /// a pass changed what it did not report. A debug check for the pass manager.
    pub fn stale(&self, m: &Module) -> Option<String> {
        let mut funcs: Vec<(&Inst, &FuncAnalyses)> = self.funcs.iter().collect();
        crate::util::sort::by_key(&mut funcs, |(f, _)| f.index() as u64);
        for (&f, e) in funcs {
            if m.is_dead(f) {
                continue;
            }
            let f = Func(f);
            let fresh_cfg = || Cfg::new(m, f);
            let wrong = if e.cfg.as_deref().is_some_and(|c| *c != fresh_cfg()) {
                Some("CFG")
            } else if e
                .dominators
                .as_deref()
                .is_some_and(|d| *d != DomTree::dominators(&fresh_cfg()))
            {
                Some("dominator tree")
            } else if e
                .post_dominators
                .as_deref()
                .is_some_and(|d| *d != DomTree::post_dominators(&fresh_cfg()))
            {
                Some("post-dominator tree")
            } else if e.loops.as_deref().is_some_and(|l| {
                let cfg = fresh_cfg();
                *l != LoopForest::new(&cfg, &DomTree::dominators(&cfg))
            }) {
                Some("loop forest")
            } else if e
                .structure
                .as_deref()
                .is_some_and(|t| StructureTree::build(m, f).ok().as_ref() != Some(t))
            {
                Some("structure tree")
            } else if e
                .uses
                .as_deref()
                .is_some_and(|u| *u != UseCounts::new(m, f))
            {
                Some("use counts")
            } else {
                None
            };
            if let Some(what) = wrong {
                let name = super::print::operand_to_string(m, f.inst());
                return Some(format!(
                    "the cached {what} of {name} is out of date: the pass changed more than it reported"
                ));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Opcode, parse};

    const TWO_BLOCKS: &str = "func @f(%c: bool) -> i32 {\n^entry:\n  if_else %c, ^a, ^b, merge ^m\n^a:\n  br ^m(1i)\n^b:\n  br ^m(2i)\n^m(%x: i32):\n  %y: i32 = add %x, 1i\n  return %y\n}\n";

    fn first_func(m: &Module) -> Func {
        Func(
            m.children(m.root())
                .find(|&c| m.opcode(c) == Opcode::Func)
                .expect("a function"),
        )
    }

    #[test]
    fn analyses_are_cached_until_a_change_drops_them() {
        let m = parse(TWO_BLOCKS).expect("parses");
        let f = first_func(&m);
        let mut an = Analyses::new();
        let cfg = an.cfg(&m, f);
        assert_eq!(cfg.len(), 4);
        assert!(Rc::ptr_eq(&cfg, &an.cfg(&m, f)));
        let dom = an.dominators(&m, f);
        let uses = an.use_counts(&m, f);
        // Rewriting instructions keeps the CFG and dominators, not the use counts.
        an.settle(Changed::Instructions);
        assert!(Rc::ptr_eq(&cfg, &an.cfg(&m, f)));
        assert!(Rc::ptr_eq(&dom, &an.dominators(&m, f)));
        assert!(!Rc::ptr_eq(&uses, &an.use_counts(&m, f)));
        // Changing blocks drops everything.
        an.settle(Changed::Cfg);
        assert!(!Rc::ptr_eq(&cfg, &an.cfg(&m, f)));
        assert_eq!(an.stale(&m), None);
    }

    #[test]
    fn a_pass_reporting_by_function_keeps_the_others() {
        let text = format!("{TWO_BLOCKS}{}", TWO_BLOCKS.replace("@f", "@g"));
        let m = parse(&text).expect("parses");
        let fs: Vec<Func> = m
            .children(m.root())
            .filter(|&c| m.opcode(c) == Opcode::Func)
            .map(Func)
            .collect();
        let mut an = Analyses::new();
        let (f, g) = (an.cfg(&m, fs[0]), an.cfg(&m, fs[1]));
        let g_uses = an.use_counts(&m, fs[1]);
        an.invalidate(fs[0], Changed::Cfg);
        an.settle(Changed::Cfg);
        assert!(!Rc::ptr_eq(&f, &an.cfg(&m, fs[0])));
        assert!(Rc::ptr_eq(&g, &an.cfg(&m, fs[1])));
        // The pass may have rewritten instructions of `g` without saying so.
        assert!(!Rc::ptr_eq(&g_uses, &an.use_counts(&m, fs[1])));
    }

    #[test]
    fn use_counts_and_loops_answer() {
        let m = parse(TWO_BLOCKS).expect("parses");
        let f = first_func(&m);
        let mut an = Analyses::new();
        let uses = an.use_counts(&m, f);
        let m_block = m.blocks(f).last().expect("merge block");
        let x = m.first_child(m_block.inst()).expect("%x");
        assert_eq!(uses.get(x), 1);
        assert!(an.loops(&m, f).headers.is_empty());
        let post = an.post_dominators(&m, f);
        // The merge post-dominates the entry.
        assert!(post.dominates(3, 0));
        assert_eq!(an.structure(&m, f).expect("structured").nodes.len(), 5);
    }

    #[test]
    fn an_unreported_change_is_found_stale() {
        let mut m = parse(TWO_BLOCKS).expect("parses");
        let f = first_func(&m);
        let mut an = Analyses::new();
        an.cfg(&m, f);
        // What a buggy pass might do: make the `if` a plain branch and say nothing.
        let entry = m.first_child(f.inst()).expect("entry");
        let t = m.last_child(entry).expect("terminator");
        let a = crate::ir::Block(m.operand(t, 1));
        m.set_operands(t, &[]);
        m.remove(t);
        let mut b = crate::ir::Builder::new(&mut m);
        b.switch_to(crate::ir::Block(entry));
        b.br(a, &[]);
        let message = an.stale(&m).expect("stale");
        assert!(message.contains("CFG of @f"), "{message}");
    }
}
