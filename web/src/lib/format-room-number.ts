// Apart from format.ts: the landing's first script carries format.ts and shows no room number.
// The one formatter is shared with the worker (its staff alerts name rooms too).
export { formatRoomNumber } from '@shared/room-number';
