main() {
}
