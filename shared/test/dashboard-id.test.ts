import { decodeDashboardId, encodeDashboardId } from '../src';

describe('dashboard ids in URLs (server id + 1000, base64)', () => {
  test('encodes as the spec says', () => {
    expect(encodeDashboardId(1)).toBe(btoa('1001'));
    expect(encodeDashboardId(42)).toBe('MTA0Mg==');
  });
  test('round-trips', () => {
    for (const id of [1, 7, 999, 123456]) expect(decodeDashboardId(encodeDashboardId(id))).toBe(id);
  });
  test('rejects what is not one of ours', () => {
    expect(decodeDashboardId('default')).toBeNull();
    expect(decodeDashboardId('%%%')).toBeNull();
    expect(decodeDashboardId(btoa('abc'))).toBeNull();
    expect(decodeDashboardId(btoa('500'))).toBeNull(); // below the offset
  });
});
