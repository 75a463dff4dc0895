// The landing page's rooms cards script (web/build/prerender.ts builds this file on its own into a
// file per language, after the statement that puts the cards' and the booking form's templates into
// the page): fetched by the page's inline rooms script once the largest paint is on screen, it asks
// for the rooms and draws their cards, keeps the taps on what the page drew before the app, and
// draws a room's booking form when its Book Now is tapped before the app, and the quick booking
// panel, with its rooms asked for, when its card is (decision 099, its addendum).
import { DRAW_BOOK, drawBookForm } from './book-form-draw';
import { keepDrawnTaps } from './drawn-taps';
import { START_PANEL_REQUESTS, startPanelRequests } from './panel-requests';
import { DRAW_PANEL, drawQuickPanel } from './quick-panel-draw';
import { drawRooms } from './rooms-draw';

const taps = keepDrawnTaps();
drawRooms(() => taps.isLive('rooms'));
(window as { [DRAW_BOOK]?: typeof drawBookForm })[DRAW_BOOK] = drawBookForm;
(window as { [DRAW_PANEL]?: typeof drawQuickPanel })[DRAW_PANEL] = drawQuickPanel;
(window as { [START_PANEL_REQUESTS]?: typeof startPanelRequests })[START_PANEL_REQUESTS] = startPanelRequests;
