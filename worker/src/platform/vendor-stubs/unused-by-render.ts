/**
 * Stand-ins, in the deployed bundle only (wrangler.toml [alias]), for what @react-email/render
 * imports for two options this worker never uses: `pretty` (prettier and its HTML plugin) and
 * `plainText` (html-to-text; modules/messaging/email-templates.tsx writes the plain-text part from the same copy
 * as the HTML). They would add some 300 KB gzip to every isolate's start
 * (docs/decisions/037-email-outbox.md). Tests run against the real packages.
 */
const unused = (what: string) => () => {
  throw new Error(`${what} is not in the worker bundle (wrangler.toml [alias]); see platform/vendor-stubs`);
};

export const format = unused('prettier');
export const convert = unused('html-to-text');
export default {};
