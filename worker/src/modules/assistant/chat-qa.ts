import MiniSearch from 'minisearch';
import { lightStem, normalizeText, STOP_WORDS } from '@shared/text-normalize';
import type { CustomChatQa } from './tables';

/**
 * The hotel's own answers (admin spec "Chat Q&A management"), matched before anything
 * else. MiniSearch does the indexing and BM25 scoring; the Arabic-aware part is its
 * term processor (shared/src/text-normalize.ts): diacritics and tatweel go, alef, ta
 * marbuta and alef maqsura forms unify, Arabic-Indic digits become Latin, English is
 * case-folded, both are lightly stemmed, stop words are dropped. An answer is used
 * only when enough of the question's meaningful words are found in the entry's
 * question or keywords, so "what is the weather" never picks an entry by "the".
 */

/** Share of the question's meaningful words an entry must contain. */
const MIN_COVERAGE = 0.5;

function processTerm(term: string): string | null {
  const t = normalizeText(term);
  if (!t || STOP_WORDS.has(t)) return null;
  return lightStem(t);
}

/** Every term of a text as the index sees it (one word may fold to one term). */
function termsOf(text: string): string[] {
  return normalizeText(text)
    .split(' ')
    .map((t) => processTerm(t))
    .filter((t): t is string => t !== null);
}

type Indexed = { id: number; question: string; keywords: string; answer: string };

/** `coverage`: the share of the question's meaningful words the entry holds (1 = all). */
export type QaMatch = {
  entry: Pick<CustomChatQa, 'id' | 'question' | 'answer'>;
  score: number;
  coverage: number;
};

/** The best active entry for a question, or null below the threshold. */
export function bestQaMatch(
  entries: Pick<CustomChatQa, 'id' | 'question' | 'answer' | 'keywords'>[],
  question: string,
): QaMatch | null {
  const queryTerms = [...new Set(termsOf(question))];
  if (queryTerms.length === 0 || entries.length === 0) return null;
  const search = new MiniSearch<Indexed>({
    fields: ['question', 'keywords'],
    storeFields: ['id'],
    tokenize: (text) => normalizeText(text).split(' '),
    processTerm,
    searchOptions: {
      boost: { keywords: 2 },
      // Typos in longer words (not in short ones, where one letter changes the meaning).
      fuzzy: (term) => (term.length >= 5 ? 0.2 : 0),
      prefix: (term) => term.length >= 4,
      combineWith: 'OR',
    },
  });
  search.addAll(
    entries.map((e) => ({
      id: e.id,
      question: e.question,
      keywords: e.keywords.join(' '),
      answer: e.answer,
    })),
  );
  const [best] = search.search(question);
  if (!best) return null;
  // queryTerms of a result: the query's (processed) terms it matched.
  const matched = new Set(best.queryTerms);
  const coverage = queryTerms.filter((t) => matched.has(t)).length / queryTerms.length;
  if (coverage < MIN_COVERAGE) return null;
  const entry = entries.find((e) => e.id === best.id)!;
  return {
    entry: { id: entry.id, question: entry.question, answer: entry.answer },
    score: best.score,
    coverage,
  };
}
