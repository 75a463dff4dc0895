// Apart from format.ts: only the footer and the back office show times of day, and the
// landing's first script carries format.ts. The one formatter is shared with the worker.
export { formatTimeOfDay } from '@shared/time-of-day';
