import { drizzle } from 'drizzle-orm/d1';
import { seedClosedMonth, workerSeeding } from './closed-month';

/**
 * The closed month's seed as a worker of its own (scripts/closed-month-local.ts bundles it and runs
 * it once in the local runtime, on `npm start`'s D1): inside the runtime each statement is a call
 * in the same process, where from Node each was a round trip. One request, nothing else running in
 * it, so the clock it shifts is its own.
 */
export default {
  async fetch(_request: Request, env: { DB: D1Database }): Promise<Response> {
    const days = await seedClosedMonth(drizzle(env.DB), workerSeeding());
    return Response.json({ days });
  },
};
