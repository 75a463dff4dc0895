// `npm run build:panels-chunk`: writes web/build/panels-chunk.json, the modules of the landing
// panels' chunk, from a build without that chunk (web/build/panels-chunk.ts). Run it when a build
// says the list is stale; the build it makes goes to a folder of its own and is removed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const outDir = mkdtempSync(join(tmpdir(), 'panels-chunk-'));
try {
  const { status } = spawnSync('node', ['scripts/build-web.mjs', '--quiet'], {
    stdio: 'inherit',
    env: { ...process.env, PANELS_CHUNK_WRITE: '1', WEB_OUT_DIR: outDir },
  });
  if (status !== 0) process.exit(status ?? 1);
  console.log('web/build/panels-chunk.json written');
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
