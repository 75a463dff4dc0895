// The landing page's first script (web/build/prerender.ts builds this file on its own and writes it
// inline at the top of the landing page's head): before anything is painted (landing-first.ts).
import { startLanding } from './landing-first';

startLanding();
