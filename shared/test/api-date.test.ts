import { apiDateMs, formatApiDate, isApiDateRange, parseApiDate } from '../src/contract/api-date';

const utc = (iso: string) => Date.parse(iso);

describe('API date', () => {
  it('reads the written form as UTC, and writes it back', () => {
    expect(apiDateMs('2026-11-22 14:05:00')).toBe(utc('2026-11-22T14:05:00Z'));
    expect(formatApiDate(new Date('2026-11-22T14:05:00.999Z'))).toBe('2026-11-22 14:05:00');
    expect(formatApiDate(utc('2026-11-22T14:05:00Z'))).toBe('2026-11-22 14:05:00');
  });

  it.each([
    ['2026-11-22T14:05:00', '2026-11-22T14:05:00Z'],
    ['2026-11-22 14:05', '2026-11-22T14:05:00Z'],
    ['2026-11-22T14:05:00.123Z', '2026-11-22T14:05:00.123Z'],
    ['2026-11-22 14:05:00.123456', '2026-11-22T14:05:00.123Z'],
    ['2026-11-22T14:05:00+01:00', '2026-11-22T13:05:00Z'],
    ['2026-11-22T14:05:00-0230', '2026-11-22T16:35:00Z'],
    ['2026-11-22', '2026-11-22T00:00:00Z'],
    [' 2026-11-22 14:05:00 ', '2026-11-22T14:05:00Z'],
    ['0001-01-01 00:00:00', '0001-01-01T00:00:00Z'],
    ['0099-06-01', '0099-06-01T00:00:00Z'],
  ])('reads %s', (text, iso) => {
    expect(parseApiDate(text)?.toISOString()).toBe(new Date(iso).toISOString());
  });

  it.each([
    '',
    'yesterday',
    '22/11/2026',
    '2026-11-22 14:05:00 garbage',
    '2026-13-01',
    '2026-02-31',
    '2026-11-22 24:00:00',
    '2026-11-22 14:60',
    '2026-11-22T14:05:00+25:00',
    '0000-06-01',
    '0001-01-01T00:00:00+01:00',
    '20261122',
    '2026-11-22T14:05:00.1234567Z',
  ])('refuses %j', (text) => {
    expect(parseApiDate(text)).toBeNull();
    expect(apiDateMs(text)).toBeNaN();
  });

  it('takes a Date already read when it is in range, and nothing but text or dates', () => {
    const d = new Date('2026-11-22T14:05:00Z');
    expect(parseApiDate(d)).toBe(d);
    expect(parseApiDate(new Date(NaN))).toBeNull();
    expect(parseApiDate(new Date('+010000-01-01T00:00:00Z'))).toBeNull();
    expect(parseApiDate(1_700_000_000_000)).toBeNull();
    expect(parseApiDate(null)).toBeNull();
    expect(apiDateMs(undefined)).toBeNaN();
    expect(isApiDateRange(new Date('9999-12-31T23:59:59.999Z'))).toBe(true);
  });
});
