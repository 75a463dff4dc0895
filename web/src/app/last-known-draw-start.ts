// The landing page's second inline script (web/build/prerender.ts builds this file on its own and
// writes it right after the page's #root): a signed-in guest's header before the first paint, and
// the taps on it kept for the app's own (app/drawn-taps.ts).
import { keepDrawnTaps } from './drawn-taps';
import { drawLastKnownAccount } from './last-known-draw';

keepDrawnTaps();
drawLastKnownAccount();
