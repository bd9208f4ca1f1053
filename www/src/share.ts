// Share links: the editor's code, deflated (CompressionStream, built into browsers) and
// base64url-encoded, in the URL's fragment, so it never reaches a server.
//   #code=<deflate-raw, base64url>&passes=a,b,c

export interface SharedState {
  code: string;
  passes: string[] | null;
}

async function pipeBytes(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const body = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(body).arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function encodeShare(state: SharedState): Promise<string> {
  const packed = await pipeBytes(new TextEncoder().encode(state.code), new CompressionStream('deflate-raw'));
  const params = new URLSearchParams();
  params.set('code', toBase64Url(packed));
  if (state.passes) params.set('passes', state.passes.join(','));
  return params.toString();
}

/** Reads a share fragment; null when there is none or it is damaged. */
export async function decodeShare(fragment: string): Promise<SharedState | null> {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const code = params.get('code');
  if (!code) return null;
  try {
    const bytes = await pipeBytes(fromBase64Url(code), new DecompressionStream('deflate-raw'));
    const passes = params.get('passes');
    return {
      code: new TextDecoder().decode(bytes),
      passes: passes === null ? null : passes.split(',').filter((p) => p.length > 0),
    };
  } catch {
    return null;
  }
}
