import { describe, expect, it } from 'vitest';
import {
  bookingSource,
  hotelDayStartMs,
  monthOf,
  nightlyRevenue,
  periodKpis,
  statisticsRangeSchema,
  type NightFigures,
} from './statistics';

describe('statistics definitions', () => {
  it('revenue per night: its own price, else total / nights, 0 for points', () => {
    const stay = { checkInDate: '2040-02-28', checkOutDate: '2040-03-02', isPointsBooking: false };
    expect(nightlyRevenue({ ...stay, totalPrice: 37_800 })).toBe(12_600);
    expect(nightlyRevenue({ ...stay, totalPrice: 37_800, isPointsBooking: true })).toBe(0);
    expect(nightlyRevenue({ ...stay, totalPrice: null })).toBe(0);
    // A booking keeping its nightly prices: each night its own.
    const priced = { ...stay, totalPrice: 45_200, nightPrices: [20_000, 12_600, 12_600] };
    expect([0, 1, 2].map((i) => nightlyRevenue(priced, i))).toEqual([20_000, 12_600, 12_600]);
  });

  it('occupancy, ADR and RevPAR of a period', () => {
    const nights = new Map<string, NightFigures>([
      ['2040-03-01', { night: '2040-03-01', roomNights: 2, revenue: 25_000 }],
      ['2040-03-02', { night: '2040-03-02', roomNights: 1, revenue: 0 }],
      ['2040-03-09', { night: '2040-03-09', roomNights: 9, revenue: 99_000 }],
    ]);
    expect(periodKpis(nights, '2040-03-01', '2040-03-02', 10)).toEqual({
      from: '2040-03-01',
      to: '2040-03-02',
      nights: 2,
      availableRoomNights: 20,
      soldRoomNights: 3,
      roomRevenue: 25_000,
      occupancy: 0.15,
      adr: 8_333,
      revpar: 1_250,
    });
    expect(periodKpis(new Map(), '2040-03-01', '2040-03-01', 0)).toMatchObject({
      occupancy: null,
      adr: null,
      revpar: null,
    });
  });

  it('where a booking came from', () => {
    const base = { isPointsBooking: false, createdByStaffId: null };
    expect(bookingSource({ ...base, bookingType: 'standard' })).toBe('guest_form');
    // An OTA's booking through the channel manager: its own source.
    expect(bookingSource({ ...base, bookingType: 'channel' })).toBe('channel');
    expect(bookingSource({ ...base, bookingType: 'quick_management' })).toBe('quick');
    expect(bookingSource({ ...base, bookingType: 'quick_management', createdByStaffId: 3 })).toBe('desk');
    expect(bookingSource({ ...base, bookingType: 'chat_assistant' })).toBe('assistant');
    expect(bookingSource({ ...base, bookingType: 'free_night', isPointsBooking: true })).toBe('points');
  });

  it('months and hotel days', () => {
    expect(monthOf('2040-02-10')).toEqual({ from: '2040-02-01', to: '2040-02-29' });
    expect(monthOf('2041-02-10')).toEqual({ from: '2041-02-01', to: '2041-02-28' });
    expect(new Date(hotelDayStartMs('2040-03-15')).toISOString()).toBe('2040-03-14T20:00:00.000Z');
  });

  it('the range: both ends or none, in order, at most a year, Arabic-Indic digits accepted', () => {
    expect(statisticsRangeSchema.safeParse({}).success).toBe(true);
    expect(statisticsRangeSchema.parse({ from: '٢٠٤٠-٠١-٠١', to: '2040-12-31' })).toEqual({
      from: '2040-01-01',
      to: '2040-12-31',
    });
    const issue = (q: object) => statisticsRangeSchema.safeParse(q).error?.issues[0]?.message;
    expect(issue({ from: '2040-01-01' })).toBe('from_and_to_together');
    expect(issue({ from: '2040-02-01', to: '2040-01-31' })).toBe('range_end_before_start');
    expect(issue({ from: '2040-01-01', to: '2041-01-02' })).toBe('range_too_long');
    expect(issue({ from: '2040-02-30', to: '2040-03-01' })).toBe('invalid_date');
  });
});
