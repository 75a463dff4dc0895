// Moved to providers/thawani/. This re-export stays only until the tests that import this path
// (worker/src/modules/payments/thawani-provider.test.ts) are moved beside the module (issue 56).
export { thawaniAdapter, type ThawaniConfig } from './providers/thawani';
