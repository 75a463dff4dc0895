// Moved to providers/fake/. This re-export stays only until the tests that import this path
// (worker/src/modules/payments/payment-refunds.test.ts) are moved beside the module (issue 56).
export * from './providers/fake';
