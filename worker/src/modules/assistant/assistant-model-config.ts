import type { Env } from '../../platform/env';

/**
 * Whether a language model is configured (modules/assistant/assistant-model.ts): an OpenAI-compatible endpoint
 * (`AI_BASE_URL` and `AI_MODEL`) or a Workers AI binding (`AI`). Apart from the model's module, so
 * that knowing it does not load the AI SDK.
 */
export function modelConfigured(env: Env): boolean {
  return Boolean((env.AI_BASE_URL && env.AI_MODEL) || env.AI);
}
