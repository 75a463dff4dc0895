import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { e2eWorkerCount } from '../../scripts/e2e-servers.mjs';
import { test as base } from '../fixtures';

/**
 * A journey file on a server of its own: the same built app on a copy of the freshly seeded
 * database (scripts/serve-e2e.mjs, as the deploy journey does), started before the file's first
 * journey and stopped after its last. For a journey whose writes would change what every other
 * journey sees (maintenance mode, a new room type): on the journeys' own server it would have to
 * run after all of them, in a stage of its own; here it runs beside them, and nothing beside it
 * changes what it sees.
 *
 * `slot` picks its port: past the journeys' own servers and the deploy journey's (E2E_PORT + 5),
 * from E2E_OWN_SERVERS_PORT (E2E_PORT + 7 by default). Returns the file's `test`, whose pages and
 * requests (`baseURL`) go to that server; the warm contexts it is lent are those of the same
 * address, emptied of its data.
 */
export function onOwnServer(name: string, slot: number) {
  const first = Number(
    process.env.E2E_OWN_SERVERS_PORT ??
      Number(process.env.E2E_PORT ?? 8788) + Math.max(7, e2eWorkerCount() + 1),
  );
  const port = first + slot;
  const persistTo = `.wrangler/e2e-${name}-${port}`;
  const urlFile = `${persistTo}.url`;
  const seededFrom = `${process.env.E2E_PERSIST_TO ?? '.wrangler/e2e-state'}-seeded`;
  let server: ChildProcess | undefined;
  let address: string | undefined;

  const test = base.extend({
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    baseURL: async ({}, use) => {
      await use(address);
    },
  });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(urlFile, { force: true });
    server = spawn('node', ['scripts/serve-e2e.mjs'], {
      stdio: 'ignore',
      detached: true,
      env: {
        ...process.env,
        E2E_PORT: String(port),
        E2E_PERSIST_TO: persistTo,
        E2E_URL_FILE: urlFile,
        ...(existsSync(seededFrom) && { E2E_SEEDED_FROM: seededFrom }),
        WRANGLER_SEND_METRICS: 'false',
      },
    });
    // The app's own address, written once it answers.
    for (let i = 0; i < 480 && !address; i++) {
      if (existsSync(urlFile)) address = readFileSync(urlFile, 'utf8').trim();
      else await new Promise((r) => setTimeout(r, 250));
    }
    if (!address) throw new Error(`the ${name} journeys' server did not start`);
  });

  test.afterAll(() => {
    if (server?.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    rmSync(persistTo, { recursive: true, force: true });
    rmSync(urlFile, { force: true });
  });

  return test;
}
