// The landing page's rooms script (web/build/prerender.ts builds this file on its own and writes it
// right after the page's #root): the rooms with their prices before the app, and the taps on what
// the page drew before the app (decision 099, its addendum).
import { keepDrawnTaps } from './drawn-taps';
import { drawRooms } from './rooms-draw';

const taps = keepDrawnTaps();
drawRooms(() => taps.isLive('rooms'));
