/**
 * Chart colours from the theme tokens (getComputedStyle on <html>), re-read when the theme changes
 * (bus 'theme:changed', and the data-theme attribute as a fallback). Series colours: the tokens
 * --fw-chart-1…8 when the theme defines them, otherwise hues turned from --fw-accent at the
 * accent's own lightness — tuned per theme, so they read on dark and bright surfaces alike.
 */
import { useEffect, useState } from 'react';
import { useRemote } from '@fieldwatch/shared/remote';

export interface ChartTheme {
  text: string;
  muted: string;
  grid: string;
  border: string;
  surface: string;
  surface2: string;
  accent: string;
  danger: string;
  warning: string;
  problem: string;
  font: string;
  palette: string[];
  /** Changes whenever the tokens were re-read (a key for memoised options). */
  version: number;
}

const PALETTE_SIZE = 8;

function token(style: CSSStyleDeclaration | null, name: string, fallback: string): string {
  const v = style?.getPropertyValue(name).trim();
  return v ? v : fallback;
}

/** #rgb / #rrggbb → [h, s, l] (degrees, %, %); null for anything else. */
export function hexToHsl(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  let h6 = m[1]!;
  if (h6.length === 3) h6 = h6.replace(/./g, (c) => c + c);
  const r = parseInt(h6.slice(0, 2), 16) / 255;
  const g = parseInt(h6.slice(2, 4), 16) / 255;
  const b = parseInt(h6.slice(4, 6), 16) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  let h = 0;
  let s = 0;
  if (max !== min) {
    const d = max - min;
    s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
    if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
  }
  return [h, s * 100, l * 100];
}

/**
 * Hue steps from the accent (blue, ~214°): green, purple, amber, cyan, magenta, lime, indigo —
 * neighbours far apart, and none in the red–orange band of the alarm and problem colours.
 */
const HUE_STEPS = [0, -64, 66, -166, -34, 106, -119, 36];

export function derivePalette(accent: string): string[] {
  const hsl = hexToHsl(accent) ?? [214, 100, 65];
  const [h, s, l] = hsl;
  const sat = Math.min(85, Math.max(55, s));
  const light = Math.min(68, Math.max(42, l));
  return HUE_STEPS.slice(0, PALETTE_SIZE).map((d) => `hsl(${Math.round((((h + d) % 360) + 360) % 360)}, ${Math.round(sat)}%, ${Math.round(light)}%)`);
}

let version = 0;

export function readChartTheme(): ChartTheme {
  const style = typeof document !== 'undefined' && typeof getComputedStyle === 'function' ? getComputedStyle(document.documentElement) : null;
  const accent = token(style, '--fw-accent', '#4c9aff');
  const own = Array.from({ length: PALETTE_SIZE }, (_, i) => token(style, `--fw-chart-${i + 1}`, ''));
  const palette = own.every(Boolean) ? own : derivePalette(accent);
  version += 1;
  return {
    text: token(style, '--fw-text', 'CanvasText'),
    muted: token(style, '--fw-text-muted', 'GrayText'),
    grid: token(style, '--fw-surface-3', 'rgba(128,128,128,0.2)'),
    border: token(style, '--fw-border', 'rgba(128,128,128,0.4)'),
    surface: token(style, '--fw-surface', 'Canvas'),
    surface2: token(style, '--fw-surface-2', 'Canvas'),
    accent,
    danger: token(style, '--fw-danger', accent),
    warning: token(style, '--fw-warning', accent),
    problem: token(style, '--fw-status-problem', accent),
    font: token(style, '--fw-font', 'system-ui, sans-serif'),
    palette,
    version,
  };
}

/** The chart theme, re-read on 'theme:changed' and when <html data-theme> changes. */
export function useChartTheme(): ChartTheme {
  const { bus } = useRemote();
  const [theme, setTheme] = useState(readChartTheme);
  useEffect(() => {
    const reread = () => setTheme(readChartTheme());
    // The shell may emit before it switches the attribute: read again on the next frame too.
    const onTheme = () => {
      reread();
      setTimeout(reread, 50);
    };
    bus.on('theme:changed', onTheme);
    let observer: MutationObserver | undefined;
    if (typeof MutationObserver !== 'undefined') {
      observer = new MutationObserver(reread);
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    }
    return () => {
      bus.off('theme:changed', onTheme);
      observer?.disconnect();
    };
  }, [bus]);
  return theme;
}
