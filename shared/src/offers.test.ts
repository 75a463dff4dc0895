import { describe, expect, it } from 'vitest';
import { offerShownOn, offerWindowState } from './offers';
import { offerPriceBaisa } from './money';

const offer = (validFrom: string | null, validTo: string | null, isActive = true) => ({
  isActive,
  validFrom,
  validTo,
});

describe('offer windows', () => {
  it('include both the first and the last day, and open ends', () => {
    expect(offerShownOn(offer('2026-11-01', '2026-11-30'), '2026-11-01')).toBe(true);
    expect(offerShownOn(offer('2026-11-01', '2026-11-30'), '2026-11-30')).toBe(true);
    expect(offerShownOn(offer('2026-11-01', '2026-11-30'), '2026-12-01')).toBe(false);
    expect(offerShownOn(offer('2026-11-01', '2026-11-30'), '2026-10-31')).toBe(false);
    expect(offerShownOn(offer(null, null), '2099-01-01')).toBe(true);
    expect(offerShownOn(offer(null, null, false), '2026-11-01')).toBe(false);
  });
  it('label an offer for the back office', () => {
    expect(offerWindowState(offer('2026-12-01', null), '2026-11-22')).toBe('scheduled');
    expect(offerWindowState(offer(null, '2026-11-21'), '2026-11-22')).toBe('expired');
    expect(offerWindowState(offer(null, '2026-11-22'), '2026-11-22')).toBe('live');
    expect(offerWindowState(offer(null, null, false), '2026-11-22')).toBe('off');
  });
});

describe('offer price', () => {
  it('is the room original price less the whole-percent discount, to the baisa', () => {
    expect(offerPriceBaisa(15_000, 16)).toBe(12_600);
    expect(offerPriceBaisa(18_000, 26)).toBe(13_320);
    expect(offerPriceBaisa(13_567, 33)).toBe(9_090); // 9089.89 rounds to 9090
    expect(offerPriceBaisa(25_000, 0)).toBe(25_000);
    expect(() => offerPriceBaisa(25_000, 10.5)).toThrow();
    expect(() => offerPriceBaisa(25_000, 101)).toThrow();
  });
});
