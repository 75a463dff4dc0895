// Moved to providers/payment-adapter.ts. This re-export stays only until the tests that import
// this path (worker/test/thawani-provider.test.ts) are moved beside the module (issue 56).
export * from './providers/payment-adapter';
