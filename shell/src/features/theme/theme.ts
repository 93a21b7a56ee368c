/** Theme: dark (default) or bright, applied as <html data-theme>, persisted in localStorage. */
import { create } from 'zustand';
import { DEFAULT_THEME, isTheme, type Theme } from '@fieldwatch/shared';
import { bus } from '../../platform';

const STORAGE_KEY = 'fw.theme';

function saved(): Theme {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return isTheme(v) ? v : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export const useTheme = create<{ theme: Theme; setTheme: (t: Theme) => void }>((set) => ({
  theme: saved(),
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
