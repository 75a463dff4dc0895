// The yardstick of `npm run bench`: a bare workerd route answering a small JSON body,
// with no middleware, router or database. Public API reads are reported as a share of
// its throughput measured in the same run (at least 60 %). It runs twice: under the
// app's wrangler.toml (the verdicts) and under bench/bare/wrangler.toml (no configuration).
export default {
  fetch() {
    return new Response(JSON.stringify({ status: 'ok' }), {
      headers: { 'content-type': 'application/json' },
    });
  },
};
