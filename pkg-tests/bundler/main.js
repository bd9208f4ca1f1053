// Bundler usage: the package imported by its npm name, as an app would. Vite resolves the
// name to pkg/ (vite.config.js), follows `new URL('./refract_bg.wasm', import.meta.url)`
// and ships the .wasm as an asset. The page reports what the API returned.
import init, { version, check, compile, passes } from 'refract-wgsl';

const source = 'fn main() {}';
try {
  await init();
  const spirv = compile(source, { to: 'spirv' });
  const report = {
    version: version(),
    passes: passes(),
    check: check(source),
    wgsl: compile(source, { to: 'wgsl' }),
    spirv: { ...spirv, words: spirv.ok && spirv.words ? Array.from(spirv.words) : undefined, isUint32Array: spirv.ok ? spirv.words instanceof Uint32Array : null },
  };
  document.getElementById('out').textContent = JSON.stringify(report);
} catch (error) {
  document.getElementById('out').textContent = `FAILED: ${error}`;
}
document.body.dataset.done = 'true';
