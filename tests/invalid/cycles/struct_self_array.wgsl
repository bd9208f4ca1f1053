struct Node { //~ E1002
  value: f32,
  children: array<Node, 2>,
}
