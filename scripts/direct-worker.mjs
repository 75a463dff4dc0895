// The app in workerd through wrangler's programmatic API, with no debugger attached, and the
// worker's own address: shared by the journeys' server (scripts/serve-e2e.mjs) and the
// benchmarks' (bench/dev-worker.mjs).
//
// `wrangler dev` attaches a debugger, which receives every console line, and puts a proxy worker
// of its own in front (for live reload and the debugger): a second workerd process passing every
// request through one Durable Object. Production has neither. The proxy still listens on
// `dev.server.port`; the worker's own address, returned here, skips it.
import { unstable_startWorker } from 'wrangler';

/** Starts the worker (`options` as unstable_startWorker's, `dev.inspector` forced off); its address. */
export async function startDirectWorker(options) {
  const worker = await unstable_startWorker({ ...options, dev: { ...options.dev, inspector: false } });
  await worker.ready;
  let local;
  for (let i = 0; i < 600 && !local; i++) {
    local = worker.raw.runtimes.find((runtime) => runtime.mf);
    if (!local) await new Promise((r) => setTimeout(r, 100));
  }
  if (!local) throw new Error('the local runtime did not start');
  return { worker, address: new URL(String(await local.mf.ready)).origin };
}
