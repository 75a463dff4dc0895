import { describe, expect, it } from 'vitest';
import { readAnswer } from './chat-parse';
import { rateQuestionOf, stayAsked } from './chat-rates';
import { ARABIC_CORPUS, CORPUS_TODAY, ENGLISH_CORPUS } from './chat-parse.corpus';

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

/** Questions about the rate plans (modules/assistant/chat-rates.ts), read before the stay policy and prices. */
describe('the assistant tells a question about the rate plans from one about the policy or prices', () => {
  it('reads a non-refundable question and a plans question in both languages', () => {
    for (const q of [
      'Do you have a non-refundable rate?',
      'is there a nonrefundable price',
      'هل لديكم سعر غير قابل للاسترداد؟',
      'هل يوجد سعر غير قابلة للاسترداد',
    ]) {
      expect(rateQuestionOf(q), q).toBe('non_refundable');
    }
    for (const q of [
      'What rates do you have?',
      'Is breakfast included in the price?',
      'هل يوجد عربون؟',
      'هل السعر يشمل الإفطار؟',
    ]) {
      expect(rateQuestionOf(q), q).toBe('plans');
    }
    for (const q of [
      'Can I cancel my booking?',
      'هل يمكنني إلغاء الحجز؟',
      'How much is the gold room?',
      'متى يقدم الإفطار؟',
    ]) {
      expect(rateQuestionOf(q), q).toBeNull();
    }
  });

  it('reads the stay a price question names: two dates, a date and nights, or one night', () => {
    expect(stayAsked('gold room from 10 to 12 March', CORPUS_TODAY)).toEqual({
      from: '2027-03-10',
      to: '2027-03-12',
    });
    expect(stayAsked('كم سعر الغرفة الذهبية من ١٠ إلى ١٢ مارس؟', CORPUS_TODAY)).toEqual({
      from: '2027-03-10',
      to: '2027-03-12',
    });
    expect(stayAsked('price for 3 nights from 10 March', CORPUS_TODAY)).toEqual({
      from: '2027-03-10',
      to: '2027-03-13',
    });
    expect(stayAsked('the silver room on 10 March?', CORPUS_TODAY)).toEqual({
      from: '2027-03-10',
      to: '2027-03-11',
    });
    expect(stayAsked('How much is the silver room?', CORPUS_TODAY)).toBeNull();
  });
});
