/** Small hooks of the chart views: element height and width, number format. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The height of an element (ResizeObserver); `fallback` until measured or where there is none. */
export function useElementHeight<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => {
      const h = entries[0]?.contentRect.height ?? 0;
      setHeight((old) => (Math.abs(old - h) >= 1 ? Math.floor(h) : old));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, height > 0 ? height : fallback] as const;
}

/** The width of an element (ResizeObserver); `fallback` until measured or where there is none. */
export function useElementWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width ?? 0;
      setWidth((old) => (Math.abs(old - w) >= 1 ? Math.floor(w) : old));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width > 0 ? width : fallback] as const;
}

/** Numbers in the UI language, up to `digits` decimals. */
export function useValueFormat(digits = 2): (n: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const f = new Intl.NumberFormat(i18n.language || 'en', { maximumFractionDigits: digits });
    return (n: number) => (Number.isFinite(n) ? f.format(n) : '—');
  }, [i18n.language, digits]);
}
