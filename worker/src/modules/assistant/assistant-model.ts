import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, type LanguageModel, type ModelMessage } from 'ai';
import { createWorkersAI } from 'workers-ai-provider';
import { CHAT_RULES } from '@shared/chat-rules';
import type { Env } from '../../platform/env';

/**
 * The optional language model (docs/decisions/010): one interface (the AI
 * SDK) for a Workers AI binding (`AI`) or any OpenAI-compatible endpoint
 * (`AI_BASE_URL`, `AI_API_KEY`, `AI_MODEL`). Nothing is configured by default, and
 * then the built-in assistant answers alone. A call has a time limit (`AI_TIMEOUT_MS`,
 * default 8 s) and no retries; on any failure the caller gets null and answers on its
 * own. The model only phrases answers from the facts it is given: it never decides a
 * price, availability or a booking.
 */
const WORKERS_AI_DEFAULT_MODEL = '@cf/meta/llama-3.1-8b-instruct';

export function configuredModel(env: Env): LanguageModel | null {
  // The same test as modelConfigured (modules/assistant/assistant-model-config.ts), which callers ask first.
  if (env.AI_BASE_URL && env.AI_MODEL) {
    return createOpenAICompatible({
      name: 'assistant',
      baseURL: env.AI_BASE_URL,
      apiKey: env.AI_API_KEY || undefined,
    }).chatModel(env.AI_MODEL);
  }
  if (env.AI) return createWorkersAI({ binding: env.AI })(env.AI_MODEL || WORKERS_AI_DEFAULT_MODEL);
  return null;
}

export function modelTimeoutMs(env: Env): number {
  const ms = Number(env.AI_TIMEOUT_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : CHAT_RULES.modelTimeoutMs;
}

/** The model's answer, or null (no text, an error, or past the time limit). */
export async function modelAnswer(
  model: LanguageModel,
  input: { system: string; messages: ModelMessage[] },
  timeoutMs: number,
): Promise<string | null> {
  try {
    const result = await generateText({
      model,
      system: input.system,
      messages: input.messages,
      maxRetries: 0,
      maxOutputTokens: 500,
      temperature: 0.2,
      abortSignal: AbortSignal.timeout(timeoutMs),
    });
    const text = result.text.trim();
    return text.length > 0 ? text.slice(0, 4000) : null;
  } catch (err) {
    console.warn(JSON.stringify({ msg: 'assistant-model-failed', err: String(err).slice(0, 300) }));
    return null;
  }
}
