// The journeys' app servers: one per Playwright worker, each on its own port with its own copy
// of the seeded database. Journeys side by side then share neither rows nor one workerd (a
// single wrangler dev ran every journey's requests on one thread while the second core idled).
// Read by playwright.config.ts (webServer, worker count), e2e/fixtures.ts (each worker's
// baseURL) and scripts/test.mjs (which starts them itself while the unit tests run).
//
// E2E_PORT is the first server's port (8788); the others follow it. E2E_WORKERS sets how many
// (two: measured on the 2-core machine, e2e/TIMINGS.md). E2E_PERSIST_TO is the first server's
// state folder; the others copy its freshly seeded state (`<state>-seeded`) instead of migrating
// and seeding again, so they start a few seconds after it.

/** How many journey workers, and so app servers. */
export function e2eWorkerCount() {
  const asked = Number(process.env.E2E_WORKERS);
  return Number.isInteger(asked) && asked > 0 ? asked : 2;
}

/**
 * How many app servers the journeys' workers share (E2E_SERVERS; one by default). One server
 * per worker was measured on the idle 2-core machine: with vitest and lint beside the journeys,
 * a second workerd left too little CPU, and the whole run took 776 s with worker tests timing
 * out, against 568-595 s with one server (e2e/TIMINGS.md). More servers suit a bigger machine.
 */
export function e2eServerCount() {
  const asked = Number(process.env.E2E_SERVERS);
  return Number.isInteger(asked) && asked > 0 ? asked : 1;
}

/** The journeys' servers, the first one migrating and seeding, the others copying its state. */
export function e2eServers(count = e2eServerCount()) {
  const port = Number(process.env.E2E_PORT ?? 8788);
  const state = process.env.E2E_PERSIST_TO ?? '.wrangler/e2e-state';
  return Array.from({ length: count }, (_, i) => {
    const persistTo = i === 0 ? state : `${state}-${i}`;
    return {
      port: port + i,
      /** The address the health checks ask (wrangler's dev proxy). */
      url: `http://127.0.0.1:${port + i}`,
      /** Where the server writes the address the journeys load (the app's own, without the proxy). */
      urlFile: `${persistTo}.url`,
      /** The environment of `node scripts/serve-e2e.mjs` for this server. */
      env: {
        E2E_PORT: String(port + i),
        E2E_PERSIST_TO: persistTo,
        E2E_URL_FILE: `${persistTo}.url`,
        ...(i > 0 && { E2E_SEEDED_FROM: `${state}-seeded` }),
      },
    };
  });
}
