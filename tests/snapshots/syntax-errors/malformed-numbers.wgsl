const a = 012;
const b = 1.5u;
const c = 0x;
const d = 1e;
