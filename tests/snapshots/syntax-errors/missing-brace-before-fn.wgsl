fn a() {
    let x = 1;

fn b() {
}
