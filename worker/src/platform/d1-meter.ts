/**
 * Development only: counts the D1 rows a request reads (D1 bills rows read), for
 * `npm run bench`. A request with `x-d1-meter: 1` gets its database wrapped; the
 * answer carries `X-D1-Rows-Read`. Drizzle reads with `raw()`, which has no `meta`,
 * so the meter runs the same statement once more with `all()` to read its meta:
 * measuring costs a second query, which is why it never runs in production.
 */
export function meteredDatabase(db: D1Database): { db: D1Database; rowsRead: () => number } {
  let rows = 0;
  const count = (meta: { rows_read?: number } | undefined) => {
    rows += meta?.rows_read ?? 0;
  };
  // D1's batch() takes only its own statements: each proxy remembers the one it wraps.
  const original = new WeakMap<object, D1PreparedStatement>();
  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop, receiver) {
        if (prop === 'bind') return (...values: unknown[]) => wrapStatement(target.bind(...values));
        if (prop === 'all' || prop === 'run') {
          return async () => {
            const result = await target[prop]();
            count(result.meta);
            return result;
          };
        }
        if (prop === 'raw' || prop === 'first') {
          return async (...args: unknown[]) => {
            const result = await (target[prop] as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            count((await target.all()).meta);
            return result;
          };
        }
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    original.set(proxy, statement);
    return proxy;
  };
  const wrapped = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'prepare') return (query: string) => wrapStatement(target.prepare(query));
      if (prop === 'batch') {
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements.map((s) => original.get(s) ?? s));
          for (const result of results) count(result.meta);
          return results;
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: wrapped, rowsRead: () => rows };
}
