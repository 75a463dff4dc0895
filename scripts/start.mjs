// `npm start`: build the web app, migrate and seed the local D1, serve at http://127.0.0.1:8787.
import { build, ensureDevVars, migrate, seedLocal, serve } from './local.mjs';

ensureDevVars();
await build();
await migrate();
await seedLocal();
serve({ port: Number(process.env.PORT ?? 8787), extraArgs: ['--show-interactive-dev-session=false'] });
