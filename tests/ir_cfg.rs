//! CFG analyses on hand-written functions: successors and predecessors (merge operands
//! are not edges), reverse post-order, dominators and post-dominators, loop nesting, and
//! the structure tree.

use refract::ir::cfg::{self, Cfg, DomTree, LoopForest};
use refract::ir::structure::{Exit, Node, StructureTree};
use refract::ir::{self, Block, Func, Module};

const NESTED: &str = "
func @f(%c: bool, %n: i32) -> i32 {
^entry:
  loop ^h(0i), merge ^exit, continue ^k
^h(%i: i32):
  if_else %c, ^t, ^e, merge ^m
^t:
  br ^exit(%i)
^e:
  br ^m
^m:
  br ^k
^k:
  %i2: i32 = add %i, 1i
  %done: bool = ge %i2, %n
  if_else %done, ^x, ^back, merge ^never
^x:
  br ^exit(%i2)
^back:
  br ^h(%i2)
^never:
  unreachable
^exit(%r: i32):
  return %r
}
";

fn setup(text: &str) -> (Module, Func) {
    let m = ir::parse(text).expect("parses");
    assert!(ir::verify(&m).is_ok(), "{:?}", ir::verify(&m).err());
    let f = m
        .children(m.root())
        .find_map(|c| m.as_func(c))
        .expect("a function");
    (m, f)
}

fn block(m: &Module, f: Func, name: &str) -> Block {
    m.blocks(f)
        .find(|&b| m.name(b.inst()) == Some(name))
        .expect(name)
}

#[test]
fn successors_predecessors_and_rpo() {
    let (m, f) = setup(NESTED);
    let cfg = Cfg::new(&m, f);
    let ix = |n: &str| cfg.index_of(block(&m, f, n)).expect("in cfg");
    let names = |v: &[u32]| -> Vec<String> {
        v.iter()
            .map(|&b| {
                m.name(cfg.blocks[b as usize].inst())
                    .unwrap_or("?")
                    .to_string()
            })
            .collect()
    };
    // The loop terminator's only edge is to the header; merge and continue are not edges.
    assert_eq!(names(cfg.succs(ix("entry"))), ["h"]);
    assert_eq!(names(cfg.succs(ix("h"))), ["t", "e"]);
    let mut preds = names(cfg.preds(ix("exit")));
    preds.sort();
    assert_eq!(preds, ["t", "x"]);
    // The header's predecessors: the preheader and the back edge.
    let mut hp = names(cfg.preds(ix("h")));
    hp.sort();
    assert_eq!(hp, ["back", "entry"]);
    // The same, derived from use lists.
    let via_uses: Vec<Block> = cfg::predecessors(&m, block(&m, f, "h"));
    assert_eq!(via_uses.len(), 2);
    // `^never` is only a merge operand: unreachable.
    assert!(!cfg.is_reachable(ix("never")));
    assert_eq!(cfg.rpo[0], ix("entry"));
    assert_eq!(cfg.rpo.len(), cfg.len() - 1);
    // In reverse post-order a block comes after its dominators.
    assert!(cfg.rpo_index[ix("h") as usize] < cfg.rpo_index[ix("k") as usize]);
}

#[test]
fn dominators_and_post_dominators() {
    let (m, f) = setup(NESTED);
    let cfg = Cfg::new(&m, f);
    let ix = |n: &str| cfg.index_of(block(&m, f, n)).expect("in cfg");
    let dom = DomTree::dominators(&cfg);
    assert_eq!(dom.idom(ix("h")), Some(ix("entry")));
    assert_eq!(dom.idom(ix("m")), Some(ix("e")));
    assert_eq!(dom.idom(ix("exit")), Some(ix("h")));
    assert!(dom.dominates(ix("h"), ix("back")));
    assert!(!dom.dominates(ix("t"), ix("exit")));
    assert!(!dom.contains(ix("never")));
    let pdom = DomTree::post_dominators(&cfg);
    assert_eq!(pdom.idom(ix("t")), Some(ix("exit")));
    assert_eq!(pdom.idom(ix("m")), Some(ix("k")));
    assert!(pdom.dominates(ix("exit"), ix("entry")));
    assert!(pdom.dominates(ix("k"), ix("e")));
}

#[test]
fn loop_nesting() {
    let text = "
func @f(%c: bool) {
^entry:
  loop ^h1, merge ^m1, continue ^k1
^h1:
  loop ^h2, merge ^m2, continue ^k2
^h2:
  br ^k2
^k2:
  if_else %c, ^x, ^back, merge ^u
^x:
  br ^m2
^back:
  br ^h2
^u:
  unreachable
^m2:
  br ^k1
^k1:
  br ^h1
^m1:
  return
}
";
    let (m, f) = setup(text);
    let cfg = Cfg::new(&m, f);
    let dom = DomTree::dominators(&cfg);
    let loops = LoopForest::new(&cfg, &dom);
    let ix = |n: &str| cfg.index_of(block(&m, f, n)).expect("in cfg");
    assert_eq!(loops.headers.len(), 2);
    assert_eq!(loops.depth(ix("entry")), 0);
    assert_eq!(loops.depth(ix("h1")), 1);
    assert_eq!(loops.depth(ix("k1")), 1);
    assert_eq!(loops.depth(ix("h2")), 2);
    assert_eq!(loops.depth(ix("k2")), 2);
    assert_eq!(loops.depth(ix("back")), 2);
    assert_eq!(loops.depth(ix("m2")), 1);
    assert_eq!(loops.depth(ix("m1")), 0);
    let inner = loops.loop_of(ix("h2")).expect("in a loop");
    let outer = loops.loop_of(ix("h1")).expect("in a loop");
    assert_eq!(loops.parent[inner as usize], Some(outer));
}

#[test]
fn structure_tree_of_nested_constructs() {
    let (m, f) = setup(NESTED);
    let tree = StructureTree::build(&m, f).expect("structured");
    let name = |b: Block| m.name(b.inst()).unwrap_or("?").to_string();
    let root = tree.region(tree.root);
    // [entry (opens), Loop, exit]
    assert_eq!(root.len(), 3);
    let Node::Loop {
        body,
        continuing,
        merge,
        ..
    } = tree.node(root[1]).clone()
    else {
        panic!("expected a loop, got {:?}", tree.node(root[1]));
    };
    assert_eq!(name(merge), "exit");
    // Body: [h (opens), If, m (continue)].
    let body = tree.region(body);
    assert_eq!(body.len(), 3);
    let Node::If {
        then_region,
        break_if,
        ..
    } = tree.node(body[1]).clone()
    else {
        panic!("expected an if");
    };
    assert!(!break_if);
    assert_eq!(
        tree.node(tree.region(then_region)[0]),
        &Node::Block {
            block: block(&m, f, "t"),
            exit: Exit::Break
        }
    );
    assert_eq!(
        tree.node(body[2]),
        &Node::Block {
            block: block(&m, f, "m"),
            exit: Exit::Continue
        }
    );
    // Continuing: [k (opens), If (break-if), never].
    let cont = tree.region(continuing);
    let Node::If {
        break_if,
        then_region,
        else_region,
        ..
    } = tree.node(cont[1]).clone()
    else {
        panic!("expected the break-if");
    };
    assert!(break_if);
    assert_eq!(
        tree.node(tree.region(then_region)[0]),
        &Node::Block {
            block: block(&m, f, "x"),
            exit: Exit::Break
        }
    );
    assert_eq!(
        tree.node(tree.region(else_region)[0]),
        &Node::Block {
            block: block(&m, f, "back"),
            exit: Exit::BackEdge
        }
    );
    assert_eq!(
        tree.node(cont[2]),
        &Node::Block {
            block: block(&m, f, "never"),
            exit: Exit::Unreachable
        }
    );
}

#[test]
fn structure_tree_of_random_modules_covers_every_block() {
    for seed in 0..30 {
        let m = ir::synth::random_module(seed, 1500);
        for f in m.children(m.root()).filter_map(|c| m.as_func(c)) {
            let tree = StructureTree::build(&m, f).expect("random modules are structured");
            let leaves = tree
                .nodes
                .iter()
                .filter(|n| matches!(n, Node::Block { .. }))
                .count();
            assert_eq!(
                leaves,
                m.blocks(f).count(),
                "seed {seed}: every block is a leaf exactly once"
            );
        }
    }
}
