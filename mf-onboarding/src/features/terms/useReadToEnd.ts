/**
 * Whether a scrolling text was read to its end (spec §5: the terms must be read before they can be
 * accepted): true once the sentinel at the end of the text has been in view inside the scrolling
 * box — scrolled to, or there from the start when the text fits. It stays true. An
 * IntersectionObserver on the sentinel, with the box as its root; where there is none, the box's
 * scroll position is checked instead.
 */
import { type RefObject, useEffect, useState } from 'react';

/** How close to the bottom (px) counts as the end where the scroll position is checked. */
const END_SLACK_PX = 8;

export function useReadToEnd(box: RefObject<HTMLElement | null>, sentinel: RefObject<HTMLElement | null>, key?: unknown): boolean {
  const [read, setRead] = useState(false);
  useEffect(() => {
    const root = box.current;
    const end = sentinel.current;
    if (!root || !end || read) return undefined;
    if (typeof IntersectionObserver !== 'undefined') {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) setRead(true);
        },
        { root, threshold: 0 },
      );
      observer.observe(end);
      return () => observer.disconnect();
    }
    // A box not laid out yet (no height) has been read by nobody.
    const check = () => {
      if (root.scrollHeight > 0 && root.scrollTop + root.clientHeight >= root.scrollHeight - END_SLACK_PX) setRead(true);
    };
    check();
    root.addEventListener('scroll', check, { passive: true });
    return () => root.removeEventListener('scroll', check);
    // key: a different text (another language) is observed afresh.
  }, [box, sentinel, read, key]);
  return read;
}
