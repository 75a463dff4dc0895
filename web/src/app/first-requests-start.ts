// The shell's first script (web/build/prerender.ts builds this file on its own and writes it into
// the HTML): the page's first requests, started as the HTML is read (first-requests.ts).
import { startFirstRequests } from './first-requests';

startFirstRequests();
