// The examples menu: our own shaders, in examples/. Each is valid WGSL (checked by
// tests/www_examples.rs against naga and, once it checks WGSL, refract itself).

import triangle from './examples/triangle.wgsl?raw';
import raymarch from './examples/raymarch.wgsl?raw';
import pbr from './examples/pbr.wgsl?raw';
import particles from './examples/particles.wgsl?raw';
import prefixSum from './examples/prefix-sum.wgsl?raw';
import blur from './examples/blur.wgsl?raw';
import renderer from './examples/renderer.wgsl?raw';

export interface Example {
  id: string;
  title: string;
  code: string;
}

export const examples: Example[] = [
  { id: 'triangle', title: 'Triangle (vertex + fragment)', code: triangle },
  { id: 'raymarch', title: 'Ray marching with SDFs', code: raymarch },
  { id: 'pbr', title: 'PBR lighting (Cook-Torrance)', code: pbr },
  { id: 'particles', title: 'Particles (compute + render)', code: particles },
  { id: 'prefix-sum', title: 'Prefix sum (workgroup memory)', code: prefixSum },
  { id: 'blur', title: 'Gaussian blur (compute, textures)', code: blur },
  { id: 'renderer', title: 'Deferred renderer (1,000 lines)', code: renderer },
];
