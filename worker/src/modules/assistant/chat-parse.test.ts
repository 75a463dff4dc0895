import { describe, expect, it } from 'vitest';
import { readAnswer, wantsPerson } from './chat-parse';
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

describe('a guest who asks for a person (the front desk is offered)', () => {
  it.each([
    'I want to speak to a person',
    'i want to talk to a human',
    'Can I speak to someone?',
    'human',
    'Human please',
    'agent',
    'a real person',
    'reception',
    'front desk',
    'connect me to the reception',
    'put me through to the front desk please',
    'I need a human',
    'talk to an agent',
    'customer service',
    'I want to talk to the manager',
    'you are not helping, I want a real person',
    'are you a bot?',
    'أريد التحدث مع موظف',
    'اريد التحدث مع موظف',
    'كلمني شخص',
    'موظف الاستقبال',
    'الاستقبال',
    'أبي أكلم أحد',
    'ابغى اكلم موظف',
    'حولني للاستقبال',
    'ممكن أتواصل مع خدمة العملاء؟',
    'أريد موظف',
    'شخص حقيقي',
    'بدي احكي... بدي اتكلم مع موظفة الاستقبال',
    'خليني اكلم المدير',
    'ودي أتكلم مع انسان',
  ])('"%s"', (message) => {
    expect(wantsPerson(message)).toBe(true);
  });

  it.each([
    'I want to book a room',
    'a room for one person',
    'I want a double room for 2 people',
    'What time is breakfast?',
    'When does the reception open?',
    'How much is the silver room per person?',
    'I speak Arabic',
    'hello',
    'Ahmed Al Balushi',
    'أريد حجز غرفة',
    'غرفة لشخصين',
    'ابي غرفه لشخص واحد',
    'أريد الحجز يوم الأحد',
    'كم شخص في الغرفة؟',
    'أتكلم عربي',
    'مرحبا',
    'متى يفتح الاستقبال؟',
  ])('not "%s"', (message) => {
    expect(wantsPerson(message)).toBe(false);
  });
});
