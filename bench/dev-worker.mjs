// A local worker for the benchmarks, through wrangler's programmatic API rather than `wrangler
// dev`: the same runtime (workerd, local D1 and R2, the assets), but with no debugger attached
// (`dev.inspector: false`), as in production. With one attached, the runtime sends every
// console.log to it; the app's one log line per request then cost as much CPU as a whole bare
// route, and the benchmark measured the debugger (decision 022).
//
//
// The worker's log lines are taken from workerd as they are written, counted and dropped,
// rather than printed by wrangler's console logger (structuredLogsHandler). Printing them cost
// the dev server's node process about 0.4-0.6 ms of CPU per line, on the same two cores as
// workerd and the load generator: a bare route with one console.log a request fell to 75-80 %
// of its own throughput, all of it in the printing. In production the platform collects them
// out of process. The worker still writes every line (workerd's share of that stays in the
// figures), and with BENCH_LOG_LINES_FILE set the count of request log lines is written there,
// so `npm run bench` shows one line per request.
//
//   node bench/dev-worker.mjs <port> <persist-dir>                                 # the app
//   node bench/dev-worker.mjs <port> - bench/bare/wrangler.toml                    # bare, no config
//   node bench/dev-worker.mjs <port> - wrangler.toml bench/bare/worker.mjs         # bare route under
//                                                                                  # the app's config
import { writeFileSync } from 'node:fs';
import { startDirectWorker } from '../scripts/direct-worker.mjs';

let requestLines = 0;
const countFile = process.env.BENCH_LOG_LINES_FILE;
if (countFile) setInterval(() => writeFileSync(countFile, String(requestLines)), 200).unref();

const [port, persist, config = 'wrangler.toml', entrypoint] = process.argv.slice(2);
const dev = {
  server: { hostname: '127.0.0.1', port: Number(port) },
  watch: false,
  liveReload: false,
  logLevel: 'error',
  structuredLogsHandler: ({ level, message }) => {
    // The app's one line per request (worker/src/index.ts); errors and warnings still show.
    if (message.startsWith('{"requestId":') && message.includes('"method":')) requestLines++;
    else if (level === 'error' || level === 'warn') process.stderr.write(`${message}\n`);
  },
  ...(persist && persist !== '-' && { persist }),
  // The local scheduled endpoint (`/__scheduled?cron=`), for a bench that runs a cron itself.
  ...(process.env.BENCH_TEST_SCHEDULED && { testScheduled: true }),
};
const { worker, address } = await startDirectWorker({
  config,
  ...(entrypoint && { entrypoint, name: 'bare' }),
  dev,
});

// The benchmarks load the worker's own address (the yardstick's and the app's alike), not
// wrangler's proxy in front of it (scripts/direct-worker.mjs): here the proxy cost about 0.8 ms of
// CPU a request on the same two cores as the worker and the load generator. BENCH_DIRECT_URL_FILE
// receives it.
const directFile = process.env.BENCH_DIRECT_URL_FILE;
if (directFile) writeFileSync(directFile, `${address}/`);
const stop = () => void worker.dispose().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
