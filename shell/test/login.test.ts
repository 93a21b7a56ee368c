import { safeRedirect } from '../src/features/login/LoginPage';

describe('redirect after login', () => {
  test('follows same-origin paths only', () => {
    expect(safeRedirect('/devicemanagement?q=1')).toBe('/devicemanagement?q=1');
    expect(safeRedirect(null)).toBe('/dashboard/default');
    expect(safeRedirect('https://evil.example')).toBe('/dashboard/default');
    expect(safeRedirect('//evil.example')).toBe('/dashboard/default');
    expect(safeRedirect('/login?redirect=/x')).toBe('/dashboard/default');
  });
});
