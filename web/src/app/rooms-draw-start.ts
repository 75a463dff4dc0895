// The landing page's rooms script (web/build/prerender.ts builds this file on its own and writes it
// right after the page's #root, with the address of the cards' script in `data-cards`): once the
// largest paint is on screen, the script that asks for the rooms and draws their cards (decision
// 099, its addendum).
import { startRooms } from './rooms-requests';

startRooms(document.currentScript?.dataset.cards);
