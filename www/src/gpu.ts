// The same dispatch on WebGPU, where the browser has it, to set beside the simulator's.
// Only the few WebGPU calls this needs are declared (the page has no WebGPU type package).

interface GpuBuffer {
  size: number;
  mapAsync(mode: number): Promise<void>;
  getMappedRange(): ArrayBuffer;
  unmap(): void;
  destroy(): void;
}
interface GpuDevice {
  queue: { writeBuffer(b: GpuBuffer, offset: number, data: ArrayBuffer): void; submit(c: unknown[]): void; onSubmittedWorkDone(): Promise<void> };
  createShaderModule(d: { code: string }): { getCompilationInfo(): Promise<{ messages: { type: string; message: string; lineNum: number; linePos: number }[] }> };
  createComputePipelineAsync(d: unknown): Promise<{ getBindGroupLayout(g: number): unknown }>;
  createBuffer(d: { size: number; usage: number }): GpuBuffer;
  createBindGroup(d: unknown): unknown;
  createCommandEncoder(): {
    beginComputePass(): { setPipeline(p: unknown): void; setBindGroup(i: number, g: unknown): void; dispatchWorkgroups(x: number, y: number, z: number): void; end(): void };
    copyBufferToBuffer(a: GpuBuffer, ao: number, b: GpuBuffer, bo: number, size: number): void;
    finish(): unknown;
  };
  pushErrorScope(filter: string): void;
  popErrorScope(): Promise<{ message: string } | null>;
  lost: Promise<{ message: string }>;
}

const STORAGE = 0x80;
const UNIFORM = 0x40;
const COPY_SRC = 0x04;
const COPY_DST = 0x08;
const MAP_READ = 0x01;

let device: Promise<GpuDevice | null> | null = null;

/** The device, or null where WebGPU is not available (no `navigator.gpu`, no adapter). */
export function gpuDevice(): Promise<GpuDevice | null> {
  device ??= (async () => {
    const gpu = (navigator as any).gpu;
    if (!gpu) return null;
    try {
      const adapter = await gpu.requestAdapter();
      const d: GpuDevice | null = adapter ? await adapter.requestDevice() : null;
      // A lost device is asked for again next time.
      void d?.lost.then(() => (device = null));
      return d;
    } catch {
      return null;
    }
  })();
  return device;
}

export interface GpuInput {
  group: number;
  binding: number;
  uniform: boolean;
  bytes: ArrayBuffer;
}

/** Runs `entryPoint` over `dispatch` workgroups on WebGPU with the given buffers; resolves
 * to each storage buffer's bytes afterwards, by `"group:binding"`, or to an error text. */
export async function gpuRun(
  source: string,
  entryPoint: string,
  dispatch: [number, number, number],
  inputs: GpuInput[],
): Promise<{ buffers: Map<string, Uint8Array> } | { error: string } | null> {
  const d = await gpuDevice();
  if (!d) return null;
  d.pushErrorScope('validation');
  const module = d.createShaderModule({ code: source });
  const info = await module.getCompilationInfo();
  const error = info.messages.find((m) => m.type === 'error');
  if (error) {
    await d.popErrorScope();
    return { error: `WebGPU rejects the shader: ${error.message} (line ${error.lineNum})` };
  }
  let pipeline;
  try {
    pipeline = await d.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint } });
  } catch (e) {
    await d.popErrorScope();
    return { error: `WebGPU cannot make the pipeline: ${(e as Error).message ?? String(e)}` };
  }
  const made: GpuBuffer[] = [];
  const buffer = (size: number, usage: number) => {
    const b = d.createBuffer({ size, usage });
    made.push(b);
    return b;
  };
  let popped = false;
  try {
    const groups = new Map<number, { binding: number; resource: { buffer: GpuBuffer } }[]>();
    const readBack: { key: string; from: GpuBuffer; to: GpuBuffer }[] = [];
    for (const input of inputs) {
      const size = Math.max(16, Math.ceil(input.bytes.byteLength / 16) * 16);
      const b = buffer(size, (input.uniform ? UNIFORM : STORAGE | COPY_SRC) | COPY_DST);
      d.queue.writeBuffer(b, 0, input.bytes);
      const entries = groups.get(input.group) ?? [];
      entries.push({ binding: input.binding, resource: { buffer: b } });
      groups.set(input.group, entries);
      if (!input.uniform) readBack.push({ key: `${input.group}:${input.binding}`, from: b, to: buffer(size, MAP_READ | COPY_DST) });
    }
    const encoder = d.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    for (const [group, entries] of groups) {
      pass.setBindGroup(group, d.createBindGroup({ layout: pipeline.getBindGroupLayout(group), entries }));
    }
    pass.dispatchWorkgroups(...dispatch);
    pass.end();
    for (const r of readBack) encoder.copyBufferToBuffer(r.from, 0, r.to, 0, r.from.size);
    d.queue.submit([encoder.finish()]);
    const scope = await d.popErrorScope();
    popped = true;
    if (scope) return { error: `WebGPU: ${scope.message}` };
    const buffers = new Map<string, Uint8Array>();
    const sizes = new Map(inputs.map((i) => [`${i.group}:${i.binding}`, i.bytes.byteLength]));
    for (const r of readBack) {
      await r.to.mapAsync(1);
      buffers.set(r.key, new Uint8Array(r.to.getMappedRange().slice(0, sizes.get(r.key) ?? 0)));
      r.to.unmap();
    }
    return { buffers };
  } catch (e) {
    if (!popped) await d.popErrorScope().catch(() => null);
    return { error: `WebGPU: ${(e as Error).message ?? String(e)}` };
  } finally {
    for (const b of made) b.destroy();
  }
}
