/**
 * `z` for the shared schemas and the worker's routes: zod whose strings keep the text rule
 * (shared/src/zod-strings.ts, shared/src/text-rule.ts). Import `z` from here, never from 'zod'
 * (lint holds it; types may still come from 'zod').
 */
export * as z from './zod-strings';
