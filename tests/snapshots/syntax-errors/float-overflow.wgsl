const a = 1e39f;
const b = 70000h;
const c = 0x1.00001p0h;
