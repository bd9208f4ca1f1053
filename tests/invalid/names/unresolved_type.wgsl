var<private> v: Vec3; //~ E1001
