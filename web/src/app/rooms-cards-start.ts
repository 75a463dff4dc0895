// The landing page's rooms cards script (web/build/prerender.ts builds this file on its own into a
// file per language, after the statement that puts the cards' template into the page): fetched by
// the page's inline rooms script once the largest paint is on screen, it asks for the rooms and
// draws their cards, and keeps the taps on what the page drew before the app (decision 099, its
// addendum).
import { keepDrawnTaps } from './drawn-taps';
import { drawRooms } from './rooms-draw';

const taps = keepDrawnTaps();
drawRooms(() => taps.isLive('rooms'));
