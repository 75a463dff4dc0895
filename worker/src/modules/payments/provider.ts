// Moved to providers/payment-adapter.ts. This re-export stays only until the tests that import
// this path (worker/src/modules/payments/thawani-provider.test.ts) are moved beside the module (issue 56).
export * from './providers/payment-adapter';
