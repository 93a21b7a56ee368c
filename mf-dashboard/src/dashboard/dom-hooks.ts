/** Small DOM hooks of the dashboard: element size and media queries. */
import { startTransition, useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import type { WidgetSize } from '../widgets/kit/widget-contract';

const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The content-box size of an element, kept current with ResizeObserver (0×0 until measured).
 *
 * A new size is rendered as a transition: what depends on it (the grid on its width, each widget on
 * its body) is most of a dashboard's first render, and as a transition React renders it in slices
 * between which the browser can paint and handle input, instead of in one long task right inside
 * the commit that measured it.
 */
export function useElementSize(ref: RefObject<HTMLElement | null>): WidgetSize {
  const [size, setSize] = useState<WidgetSize>({ width: 0, height: 0 });
  useIsoLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const set = (width: number, height: number) =>
      startTransition(() =>
        setSize((s) =>
          s.width === Math.round(width) && s.height === Math.round(height)
            ? s
            : { width: Math.round(width), height: Math.round(height) },
        ),
      );
    set(el.clientWidth, el.clientHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => {
      const r = entries[0]?.contentRect;
      if (r) set(r.width, r.height);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}

export function useMediaQuery(query: string): boolean {
  const get = () =>
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(query).matches;
  const [matches, setMatches] = useState(get);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mql = window.matchMedia(query);
    const on = () => setMatches(mql.matches);
    on();
    mql.addEventListener?.('change', on);
    return () => mql.removeEventListener?.('change', on);
  }, [query]);
  return matches;
}
