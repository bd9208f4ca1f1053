var<private> class: f32; //~ E0106
