import { describe, expect, it } from 'vitest';
import { readAnswer } from '../src/modules/assistant/chat-parse';
import { ARABIC_CORPUS, CORPUS_TODAY, ENGLISH_CORPUS } from '../src/modules/assistant/chat-parse.corpus';

/** The everyday answers beside the parser: each one reads as the corpus says, slot for slot. */
describe('the assistant reads everyday answers (chat-parse.corpus.ts)', () => {
  it('holds at least 60 answers in each language', () => {
    expect(ARABIC_CORPUS.length).toBeGreaterThanOrEqual(60);
    expect(ENGLISH_CORPUS.length).toBeGreaterThanOrEqual(60);
  });

  for (const [language, corpus] of [
    ['Arabic', ARABIC_CORPUS],
    ['English', ENGLISH_CORPUS],
  ] as const) {
    describe(language, () => {
      it.each(corpus.map((c) => [c.say, c.step, c] as const))('"%s" at %s', (_say, _step, c) => {
        expect(readAnswer(c.say, c.step, CORPUS_TODAY)).toEqual(c.reads);
      });
    });
  }

  it('never takes a yes or no for a name, wherever it is typed', () => {
    for (const word of ['نعم', 'ايوه', 'أيوا', 'اي', 'لا', 'لأ', 'تمام', 'yes', 'yeah', 'no', 'ok']) {
      for (const step of ['full_name', 'phone', 'id_number', 'guests', 'start'] as const) {
        expect(readAnswer(word, step, CORPUS_TODAY).fullName, `${word} at ${step}`).toBeUndefined();
      }
    }
  });
});
