const HUGE: f32 = 1e39; //~ E1300
