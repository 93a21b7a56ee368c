/**
 * Theme: dark (default) or bright, applied as <html data-theme>, persisted in localStorage once the
 * user chooses. Before any choice the system's preference decides, but only when it explicitly asks
 * for light (bright); a system that says nothing or dark gets the dark default. public/theme-boot.js
 * applies the same rule before the first paint.
 */
import { create } from 'zustand';
import { DEFAULT_THEME, isTheme, type Theme } from '@fieldwatch/shared';
import { bus } from '../../platform';

const STORAGE_KEY = 'fw.theme';
const SYSTEM_LIGHT = '(prefers-color-scheme: light)';

/** The theme the user chose in this browser, or null if he never did. */
function stored(): Theme | null {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return isTheme(v) ? v : null;
  } catch {
    return null;
  }
}

/** The system's preference as a theme: bright when it asks for light, else the default. */
function systemTheme(): Theme {
  try {
    return typeof window.matchMedia === 'function' && window.matchMedia(SYSTEM_LIGHT).matches ? 'bright' : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** The theme of a page load: the user's choice, else the system's light preference, else dark. */
export function initialTheme(): Theme {
  return stored() ?? systemTheme();
}

export const useTheme = create<{ theme: Theme; setTheme: (t: Theme) => void }>((set) => ({
  theme: initialTheme(),
  setTheme: (theme) => {
    document.documentElement.dataset.theme = theme;
    try {
      localStorage.setItem(STORAGE_KEY, theme);
    } catch {
      /* not persisted */
    }
    set({ theme });
    bus.emit('theme:changed', theme);
  },
}));

document.documentElement.dataset.theme = useTheme.getState().theme;

