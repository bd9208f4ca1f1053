// Launches Debian's Chromium through playwright-core (never a downloaded browser), with a
// fresh profile and the flags that keep it quiet and offline.

import { chromium } from 'playwright-core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Resolves to { browser, close }: a persistent context on a throw-away profile. */
export async function launch() {
  process.env.XDG_RUNTIME_DIR ??= '/tmp';
  const profile = await mkdtemp(join(tmpdir(), 'refract-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1440, height: 900 },
    args: [
      '--no-sandbox',
      '--enable-unsafe-webgpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
