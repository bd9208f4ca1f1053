fn get_value() -> i32 { return 1; }
const X = get_value(); //~ E1306
