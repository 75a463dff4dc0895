// `npm run build`: the web app's production build (dist/web), through Vite's API. Run as
// `vite build`, Node 22 stayed up about five minutes after the build had finished, with no
// handle or timer left to explain it (the landing's prerender renders the app's card in Node);
// in `npm test` that was five minutes of the first phase. The process ends when the build does.
// `--quiet`: warnings and errors only.
import { build } from 'vite';

await build({
  configFile: 'web/vite.config.ts',
  ...(process.argv.includes('--quiet') && { logLevel: 'warn' }),
});
process.exit(0);
