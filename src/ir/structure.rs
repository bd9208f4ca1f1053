//! The structure tree: a function's structured control flow as nested regions, computed
//! from the merge operands of its terminators in one linear walk (NIR's control-flow
//! tree).
//!
//! A *region* is a sequence of nodes. A node is a block (a leaf), or an `if`, `loop` or
//! `switch` construct whose regions are nested inside it. In a region, a block whose
//! terminator opens a construct is followed by that construct's node, which is followed by
//! the construct's merge block:
//!
//! ```text
//!   [ ^0 (if_else) , If{ then: [^1], else: [^2] } , ^3 (merge) … ]
//! ```
//!
//! The same walk checks the structured-control-flow rules of the IR essay, so the
//! verifier uses it and reports its errors; the raiser and the text back ends use the
//! tree. Each block is visited once and each branch is classified in O(1) (every
//! construct knows its innermost enclosing loop and breakable construct), so the walk is
//! linear in the size of the function. It uses an explicit stack: no recursion.

use super::cfg::{self, terminator};
use super::module::{Block, Func, Inst, Module};
use super::opcode::Opcode;
use super::rule::Rule;
use crate::util::map::{Map, Set};

pub type NodeId = u32;
pub type RegionId = u32;

/// How a leaf block leaves its region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// `br` to the next block of the same region.
    Next,
    /// Its terminator opens the construct that follows it in the region.
    Construct,
    /// `br` to the merge of the enclosing `if`: the end of an arm.
    Merge,
    /// `br` to the merge of the innermost loop or switch.
    Break,
    /// `br` to the continue block of the innermost loop.
    Continue,
    /// `br` from the continue construct back to the loop header.
    BackEdge,
    Return,
    Discard,
    Unreachable,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    Block {
        block: Block,
        exit: Exit,
    },
    If {
        header: Block,
        then_region: RegionId,
        else_region: RegionId,
        merge: Block,
        /// The `break if` encoding: one arm only breaks, the other only loops back.
        break_if: bool,
    },
    Loop {
        preheader: Block,
        header: Block,
        body: RegionId,
        continuing: RegionId,
        merge: Block,
    },
    Switch {
        header: Block,
        /// Each distinct target with its region; the default target is first.
        cases: Vec<(Block, RegionId)>,
        merge: Block,
    },
}

/// The structure tree of one function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StructureTree {
    pub nodes: Vec<Node>,
    pub regions: Vec<Vec<NodeId>>,
    pub root: RegionId,
}

/// A violation of the structured-control-flow rules.
#[derive(Clone, Debug)]
pub struct StructureError {
    pub rule: Rule,
    /// The instruction at fault (usually a terminator).
    pub at: Inst,
    pub message: String,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Root,
    If,
    BreakIf,
    Switch,
    LoopBody,
    LoopCont,
}

#[derive(Clone, Copy)]
struct Construct {
    kind: Kind,
    /// This construct's own merge block.
    merge: Option<Block>,
    /// The merge of the innermost loop or switch, this one included.
    brk: Option<Block>,
    /// The innermost loop, this one included.
    lp: Option<u32>,
    /// Set when inside the continue construct of loop `lp`.
    in_cont: bool,
}

struct LoopInfo {
    preheader: Block,
    header: Block,
    merge: Block,
    cont: Block,
    /// The innermost loop around this one.
    outer: Option<u32>,
}

/// A block still to walk, with its construct and the region it starts in.
type Task = (Block, u32, RegionId);

/// The roles a block can have for a construct other than its body's.
const ROLES: [&str; 2] = ["merge", "continue"];

struct Walker<'m> {
    m: &'m Module,
    tree: StructureTree,
    constructs: Vec<Construct>,
    loops: Vec<LoopInfo>,
    visited: Set<Inst>,
    /// Every block that is some construct's merge or continue block.
    /// By index into [`ROLES`]: a map of `u32`s, a table type the npm package has anyway
    /// (each distinct one costs it code).
    structural: Map<Inst, u32>,
    loop_of_header: Map<Inst, u32>,
    back_edge_sources: Set<Inst>,
}

fn block_name(m: &Module, b: Block) -> String {
    super::print::operand_to_string(m, b.inst())
}

impl StructureTree {
    /// Builds the tree of `f`, checking the structured-control-flow rules. The caller
    /// has checked that every block ends in a terminator.
    pub fn build(m: &Module, f: Func) -> Result<StructureTree, StructureError> {
        let Some(entry) = m.first_child(f.inst()) else {
            return Ok(StructureTree::default());
        };
        let mut w = Walker {
            m,
            tree: StructureTree::default(),
            constructs: vec![Construct {
                kind: Kind::Root,
                merge: None,
                brk: None,
                lp: None,
                in_cont: false,
            }],
            loops: Vec::new(),
            visited: Set::default(),
            structural: Map::default(),
            loop_of_header: Map::default(),
            back_edge_sources: Set::default(),
        };
        let root = w.new_region();
        w.tree.root = root;
        w.run(Block(entry), 0, root)?;
        w.check_loop_entries()?;
        Ok(w.tree)
    }

    /// The nodes of a region.
    pub fn region(&self, r: RegionId) -> &[NodeId] {
        &self.regions[r as usize]
    }

    pub fn node(&self, n: NodeId) -> &Node {
        &self.nodes[n as usize]
    }
}

impl Walker<'_> {
    fn new_region(&mut self) -> RegionId {
        self.tree.regions.push(Vec::new());
        (self.tree.regions.len() - 1) as RegionId
    }

    fn push_node(&mut self, region: RegionId, node: Node) -> NodeId {
        self.tree.nodes.push(node);
        let id = (self.tree.nodes.len() - 1) as NodeId;
        self.tree.regions[region as usize].push(id);
        id
    }

    fn error(&self, rule: Rule, at: Inst, message: String) -> StructureError {
        StructureError { rule, at, message }
    }

    fn name(&self, b: Block) -> String {
        block_name(self.m, b)
    }

    fn mark_structural(
        &mut self,
        b: Block,
        role: &'static str,
        at: Inst,
    ) -> Result<(), StructureError> {
        if let Some(prev) = self
            .structural
            .insert(b.inst(), u32::from(role == ROLES[1]))
        {
            let prev = ROLES[prev as usize];
            return Err(self.error(
                Rule::UniqueMerge,
                at,
                format!(
                    "{} is already the {prev} block of another construct; it cannot also be this construct's {role} block",
                    self.name(b)
                ),
            ));
        }
        Ok(())
    }

    fn new_construct(&mut self, parent: u32, kind: Kind, merge: Block, lp: Option<u32>) -> u32 {
        let p = self.constructs[parent as usize];
        let c = Construct {
            kind,
            merge: Some(merge),
            brk: match kind {
                Kind::Switch | Kind::LoopBody | Kind::LoopCont => Some(merge),
                _ => p.brk,
            },
            lp: lp.or(p.lp),
            in_cont: match kind {
                Kind::LoopBody => false,
                Kind::LoopCont => true,
                _ => p.in_cont,
            },
        };
        self.constructs.push(c);
        (self.constructs.len() - 1) as u32
    }

    fn run(
        &mut self,
        start: Block,
        construct: u32,
        region: RegionId,
    ) -> Result<(), StructureError> {
        let mut tasks: Vec<Task> = vec![(start, construct, region)];
        while let Some((mut b, c, region)) = tasks.pop() {
            loop {
                if !self.visited.insert(b.inst()) {
                    return Err(self.error(
                        Rule::Nesting,
                        b.inst(),
                        format!(
                            "{} is reached a second time: control flow joins outside the merge block of a construct",
                            self.name(b)
                        ),
                    ));
                }
                let Some(term) = terminator(self.m, b) else {
                    return Err(self.error(
                        Rule::Terminator,
                        b.inst(),
                        format!("{} does not end in a terminator", self.name(b)),
                    ));
                };
                let op = self.m.opcode(term);
                let n = self.m.num_operands(term);
                let ops = |k: usize| Block(self.m.operand(term, k));
                let leaf_exit = match op {
                    Opcode::Return => Some(Exit::Return),
                    Opcode::Discard => Some(Exit::Discard),
                    Opcode::Unreachable => Some(Exit::Unreachable),
                    _ => None,
                };
                if let Some(exit) = leaf_exit {
                    self.push_node(region, Node::Block { block: b, exit });
                    break;
                }
                match op {
                    Opcode::Br if n >= 1 => {
                        let t = ops(0);
                        let exit = self.classify(b, term, t, c)?;
                        self.push_node(region, Node::Block { block: b, exit });
                        if exit == Exit::Next {
                            b = t;
                            continue;
                        }
                        break;
                    }
                    Opcode::IfElse if n == 4 => {
                        self.open_if(b, term, c, region, &mut tasks)?;
                        break;
                    }
                    Opcode::Loop if n >= 3 => {
                        self.open_loop(b, term, c, region, &mut tasks)?;
                        break;
                    }
                    Opcode::Switch if n >= 3 && n % 2 == 1 => {
                        self.open_switch(b, term, c, region, &mut tasks)?;
                        break;
                    }
                    _ => {
                        return Err(self.error(
                            Rule::OperandCount,
                            term,
                            format!("`{}` has a malformed operand list", op.name()),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// Opens the `if` that `term` (an `if_else` ending `b`, in construct `c` and region
    /// `region`) starts: its nodes go into the region, its arms and merge onto `tasks`.
    fn open_if(
        &mut self,
        b: Block,
        term: Inst,
        c: u32,
        region: RegionId,
        tasks: &mut Vec<Task>,
    ) -> Result<(), StructureError> {
        let ops = |k: usize| Block(self.m.operand(term, k));
        let (th, el, merge) = (ops(1), ops(2), ops(3));
        if th == el || th == merge || el == merge {
            return Err(self.error(
                Rule::IfArms,
                term,
                format!(
                    "the arms {} and {} and the merge {} must be three different blocks",
                    self.name(th),
                    self.name(el),
                    self.name(merge)
                ),
            ));
        }
        self.mark_structural(merge, "merge", term)?;
        let parent = self.constructs[c as usize];
        let kind = if parent.kind == Kind::LoopCont && self.is_break_if(th, el, parent.lp) {
            Kind::BreakIf
        } else {
            Kind::If
        };
        let ic = self.new_construct(c, kind, merge, None);
        self.push_node(
            region,
            Node::Block {
                block: b,
                exit: Exit::Construct,
            },
        );
        let (tr, er) = (self.new_region(), self.new_region());
        self.push_node(
            region,
            Node::If {
                header: b,
                then_region: tr,
                else_region: er,
                merge,
                break_if: kind == Kind::BreakIf,
            },
        );
        tasks.push((merge, c, region));
        tasks.push((el, ic, er));
        tasks.push((th, ic, tr));
        Ok(())
    }

    /// Opens the loop that `term` (a `loop` ending the preheader `b`) starts, as
    /// [`Walker::open_if`] does for an `if`.
    fn open_loop(
        &mut self,
        b: Block,
        term: Inst,
        c: u32,
        region: RegionId,
        tasks: &mut Vec<Task>,
    ) -> Result<(), StructureError> {
        let ops = |k: usize| Block(self.m.operand(term, k));
        let (header, merge, cont) = (ops(0), ops(1), ops(2));
        if header == merge || header == cont || merge == cont || header == b || merge == b {
            return Err(self.error(
                Rule::LoopMerge,
                term,
                format!(
                    "the loop's header {}, merge {} and continue {} must be distinct blocks, and distinct from its preheader {}",
                    self.name(header),
                    self.name(merge),
                    self.name(cont),
                    self.name(b)
                ),
            ));
        }
        self.mark_structural(merge, "merge", term)?;
        self.mark_structural(cont, "continue", term)?;
        let outer = self.constructs[c as usize].lp;
        self.loops.push(LoopInfo {
            preheader: b,
            header,
            merge,
            cont,
            outer,
        });
        let l = (self.loops.len() - 1) as u32;
        self.loop_of_header.insert(header.inst(), l);
        let body_c = self.new_construct(c, Kind::LoopBody, merge, Some(l));
        let cont_c = self.new_construct(c, Kind::LoopCont, merge, Some(l));
        self.push_node(
            region,
            Node::Block {
                block: b,
                exit: Exit::Construct,
            },
        );
        let (br, cr) = (self.new_region(), self.new_region());
        self.push_node(
            region,
            Node::Loop {
                preheader: b,
                header,
                body: br,
                continuing: cr,
                merge,
            },
        );
        tasks.push((merge, c, region));
        tasks.push((cont, cont_c, cr));
        tasks.push((header, body_c, br));
        Ok(())
    }

    /// Opens the switch that `term` (a `switch` ending `b`) starts, as
    /// [`Walker::open_if`] does for an `if`.
    fn open_switch(
        &mut self,
        b: Block,
        term: Inst,
        c: u32,
        region: RegionId,
        tasks: &mut Vec<Task>,
    ) -> Result<(), StructureError> {
        let n = self.m.num_operands(term);
        let ops = |k: usize| Block(self.m.operand(term, k));
        let merge = ops(2);
        let mut distinct = crate::util::distinct::Distinct::new();
        distinct.push(ops(1));
        for k in (4..n).step_by(2) {
            distinct.push(ops(k));
        }
        if distinct.contains(&merge) {
            return Err(self.error(
                Rule::SwitchCases,
                term,
                format!(
                    "the merge block {} cannot also be a case target",
                    self.name(merge)
                ),
            ));
        }
        self.mark_structural(merge, "merge", term)?;
        let sc = self.new_construct(c, Kind::Switch, merge, None);
        self.push_node(
            region,
            Node::Block {
                block: b,
                exit: Exit::Construct,
            },
        );
        // A loop rather than a map/collect chain: each chain was its own copy of the
        // iterator code in the package.
        let targets = distinct.into_vec();
        let mut cases: Vec<(Block, RegionId)> = Vec::with_capacity(targets.len());
        for t in targets {
            cases.push((t, self.new_region()));
        }
        self.push_node(
            region,
            Node::Switch {
                header: b,
                cases: cases.clone(),
                merge,
            },
        );
        tasks.push((merge, c, region));
        for &(t, r) in cases.iter().rev() {
            tasks.push((t, sc, r));
        }
        Ok(())
    }

    /// Whether `then`/`else` are the two arms of a break-if of loop `lp`: each holds only
    /// a `br`, one to the loop's merge and one to its header.
    fn is_break_if(&self, th: Block, el: Block, lp: Option<u32>) -> bool {
        let Some(l) = lp else { return false };
        let info = &self.loops[l as usize];
        let only_br_to = |b: Block| -> Option<Block> {
            let first = self.m.first_child(b.inst())?;
            let t = terminator(self.m, b)?;
            (first == t && self.m.opcode(t) == Opcode::Br && self.m.num_operands(t) >= 1)
                .then(|| Block(self.m.operand(t, 0)))
        };
        match (only_br_to(th), only_br_to(el)) {
            (Some(a), Some(b)) => {
                (a == info.merge && b == info.header) || (a == info.header && b == info.merge)
            }
            _ => false,
        }
    }

    /// Classifies `br t` at the end of block `b` in construct `c`.
    fn classify(&mut self, b: Block, term: Inst, t: Block, c: u32) -> Result<Exit, StructureError> {
        let con = self.constructs[c as usize];
        if matches!(con.kind, Kind::If | Kind::BreakIf) && con.merge == Some(t) {
            return Ok(Exit::Merge);
        }
        if let Some(l) = con.lp {
            let info = &self.loops[l as usize];
            if t == info.merge && con.in_cont && con.brk == Some(t) {
                if con.kind == Kind::BreakIf {
                    return Ok(Exit::Break);
                }
                return Err(self.error(
                    Rule::BreakIf,
                    term,
                    format!(
                        "{} leaves the loop from its continue construct; only the break-if shape `if_else %c, ^exit, ^back, merge ^m` (^exit only branches to the loop merge, ^back only to the header) may",
                        self.name(b)
                    ),
                ));
            }
            if t == info.cont {
                if con.in_cont {
                    return Err(self.error(
                        Rule::ContinueTarget,
                        term,
                        format!(
                            "{} branches to the continue block {} from inside the continue construct",
                            self.name(b),
                            self.name(t)
                        ),
                    ));
                }
                return Ok(Exit::Continue);
            }
            if t == info.header {
                let allowed = con.in_cont && matches!(con.kind, Kind::LoopCont | Kind::BreakIf);
                if allowed {
                    self.back_edge_sources.insert(b.inst());
                    return Ok(Exit::BackEdge);
                }
                return Err(self.error(
                    Rule::BackEdge,
                    term,
                    format!(
                        "{} branches back to the loop header {}; back edges come only from the loop's continue construct (at its top level, or in a break-if arm)",
                        self.name(b),
                        self.name(t)
                    ),
                ));
            }
        }
        if con.brk == Some(t) {
            return Ok(Exit::Break);
        }
        if let Some(&role) = self.structural.get(&t.inst()) {
            let role = ROLES[role as usize];
            let rule = if role == "continue" {
                Rule::ContinueTarget
            } else {
                Rule::BreakTarget
            };
            let what = if role == "continue" {
                "a continue must target the innermost loop's continue block"
            } else {
                "a branch may only leave the innermost construct: an `if` to its merge, a break to the innermost loop's or switch's merge"
            };
            return Err(self.error(
                rule,
                term,
                format!(
                    "{} branches to {}, the {role} block of a construct that is not the innermost one: {what}",
                    self.name(b),
                    self.name(t)
                ),
            ));
        }
        if let Some(&l) = self.loop_of_header.get(&t.inst()) {
            // A header of a loop: from inside that loop's body it is a misplaced back
            // edge; from outside, a second entry.
            let mut cur = con.lp;
            while let Some(x) = cur {
                if x == l {
                    return Err(self.error(
                        Rule::BackEdge,
                        term,
                        format!(
                            "{} branches back to the header {} of an outer loop; back edges come only from the loop's own continue construct",
                            self.name(b),
                            self.name(t)
                        ),
                    ));
                }
                cur = self.loops[x as usize].outer;
            }
            return Err(self.error(
                Rule::LoopPreheader,
                term,
                format!(
                    "{} enters the loop header {} from outside the loop; only its preheader may",
                    self.name(b),
                    self.name(t)
                ),
            ));
        }
        Ok(Exit::Next)
    }

    /// Every predecessor of a loop header is its preheader or a back-edge source (this
    /// also catches branches from blocks the walk never reached).
    fn check_loop_entries(&self) -> Result<(), StructureError> {
        for info in &self.loops {
            for p in cfg::predecessors(self.m, info.header) {
                if p != info.preheader && !self.back_edge_sources.contains(&p.inst()) {
                    let at = terminator(self.m, p).unwrap_or(p.inst());
                    return Err(self.error(
                        Rule::LoopPreheader,
                        at,
                        format!(
                            "{} branches to the loop header {}, which may only be entered from its preheader {} and by back edges from its continue construct",
                            self.name(p),
                            self.name(info.header),
                            self.name(info.preheader)
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}
