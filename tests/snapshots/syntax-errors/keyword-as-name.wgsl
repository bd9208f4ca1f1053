fn loop() {
}
