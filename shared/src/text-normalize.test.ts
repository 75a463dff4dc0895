import { describe, expect, it } from 'vitest';
import { keywordsFromQuestion, splitKeywords } from './chat-schemas';
import { lightStem, meaningfulTerms, normalizeText } from './text-normalize';

describe('normalizeText (the assistant and the Q&A admin search)', () => {
  it('removes Arabic diacritics and tatweel', () => {
    expect(normalizeText('مَتَى يُقَدَّمُ')).toBe('متي يقدم');
    expect(normalizeText('الإفطـــــار')).toBe('الافطار');
  });
  it('unifies the alef forms, ta marbuta with ha, alef maqsura with ya, and the hamza carriers', () => {
    expect(normalizeText('أإآٱا')).toBe('ااااا');
    expect(normalizeText('غرفة')).toBe(normalizeText('غرفه'));
    expect(normalizeText('على')).toBe(normalizeText('علي'));
    expect(normalizeText('مسؤول')).toBe('مسوول');
    expect(normalizeText('رئيس')).toBe('رييس');
  });
  it('turns Arabic-Indic and Eastern Arabic-Indic digits Latin, case-folds Latin and drops punctuation', () => {
    expect(normalizeText('غرفة ١٠١، ۲')).toBe('غرفه 101 2');
    expect(normalizeText('Wi-Fi PASSWORD?')).toBe('wi fi password');
  });
});

describe('lightStem and meaningfulTerms', () => {
  it('strips the Arabic article and joined particles, and English endings, never below three letters', () => {
    expect(lightStem('الافطار')).toBe('افطار');
    expect(lightStem('بالسياره')).toBe('سيار');
    expect(lightStem('rooms')).toBe('room');
    expect(lightStem('parking')).toBe('park');
    expect(lightStem('بال')).toBe('بال');
  });
  it('drops stop words', () => {
    expect(meaningfulTerms('What time is the breakfast?')).toEqual(['breakfast']);
    expect(meaningfulTerms('متى موعد الإفطار؟')).toEqual(['افطار']);
  });
});

describe('Q&A keywords', () => {
  it('splits on Latin and Arabic commas, trims and drops empties and repeats', () => {
    expect(splitKeywords(' wifi, internet ,, wifi،واي فاي ')).toEqual(['wifi', 'internet', 'واي فاي']);
  });
  it('are made from the question when left empty', () => {
    expect(keywordsFromQuestion('Is there a swimming pool?')).toEqual(['swimming', 'pool']);
  });
});
