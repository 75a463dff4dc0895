// A local worker for the benchmarks, through wrangler's programmatic API rather than `wrangler
// dev`: the same runtime (workerd, local D1 and R2, the assets), but with no debugger attached
// (`dev.inspector: false`), as in production. With one attached, the runtime sends every
// console.log to it; the app's one log line per request then cost as much CPU as a whole bare
// route, and the benchmark measured the debugger (decision 022).
//
//   node bench/dev-worker.mjs <port> <persist-dir>            # the app (wrangler.toml)
//   node bench/dev-worker.mjs <port> - bench/bare-worker.mjs  # a bare worker, no config
import { unstable_startWorker } from 'wrangler';

const [port, persist, entrypoint] = process.argv.slice(2);
const dev = {
  server: { hostname: '127.0.0.1', port: Number(port) },
  inspector: false,
  watch: false,
  liveReload: false,
  logLevel: 'error',
  ...(persist && persist !== '-' && { persist }),
};
const worker = await unstable_startWorker(
  entrypoint
    ? { entrypoint, name: 'bare', compatibilityDate: '2026-08-01', dev }
    : { config: 'wrangler.toml', dev },
);
await worker.ready;
const stop = () => void worker.dispose().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
