struct Pos { v: vec3f }
alias Pos = vec3f; //~ E1000
