/**
 * The theme of a first visit (issue 23): nothing stored, the system's explicit light preference
 * gives bright; a system that says dark or nothing gives the dark default; once the user chose,
 * his choice wins. The same rule in public/theme-boot.js, applied before the first paint.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The browser's answer to prefers-color-scheme: light (null: no matchMedia at all). */
function system(light: boolean | null) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value:
      light === null
        ? undefined
        : (query: string) => ({
            matches: query === '(prefers-color-scheme: light)' ? light : false,
            media: query,
            addEventListener: () => undefined,
            removeEventListener: () => undefined,
          }),
  });
}

/** theme.ts loaded afresh, as on a page load. */
function loadTheme(): typeof import('../src/features/theme/theme') {
  let mod: typeof import('../src/features/theme/theme') | undefined;
  jest.isolateModules(() => {
    mod = jest.requireActual<typeof import('../src/features/theme/theme')>('../src/features/theme/theme');
  });
  return mod!;
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});
afterAll(() => system(null));

describe('theme.ts', () => {
  test.each([
    [true, 'bright'],
    [false, 'dark'],
    [null, 'dark'],
  ] as const)('nothing stored, system light=%s: %s, applied to <html>, nothing stored', (light, theme) => {
    system(light);
    const { useTheme, initialTheme } = loadTheme();
    expect(initialTheme()).toBe(theme);
    expect(useTheme.getState().theme).toBe(theme);
    expect(document.documentElement.dataset.theme).toBe(theme);
    expect(localStorage.getItem('fw.theme')).toBeNull();
  });

  test("the user's choice wins over the system's, on this load and the next", () => {
    system(true);
    localStorage.setItem('fw.theme', 'dark');
    expect(loadTheme().useTheme.getState().theme).toBe('dark');

    localStorage.clear();
    const { useTheme } = loadTheme();
    expect(useTheme.getState().theme).toBe('bright');
    useTheme.getState().setTheme('dark');
    expect(localStorage.getItem('fw.theme')).toBe('dark');
    expect(loadTheme().useTheme.getState().theme).toBe('dark');
  });
});

describe('theme-boot.js (before the first paint)', () => {
  const script = readFileSync(path.join(__dirname, '../public/theme-boot.js'), 'utf8');
  const boot = () => new Function(script)();

  test.each([
    [null, true, 'bright'],
    [null, false, 'dark'],
    [null, null, 'dark'],
    ['dark', true, 'dark'],
    ['bright', false, 'bright'],
  ] as const)('stored %s, system light=%s: %s', (stored, light, theme) => {
    if (stored) localStorage.setItem('fw.theme', stored);
    system(light);
    boot();
    expect(document.documentElement.getAttribute('data-theme')).toBe(theme);
  });
});
