//! IR passes, one per file, each `pub fn run(&mut Module) -> bool` returning whether it
//! changed the module.
