/** Timing hooks of the table widgets: a debounced value (search boxes) and a ticking clock ("5 minutes ago"). */
import { useEffect, useState } from 'react';

/** `value`, once it has not changed for `ms`. */
export function useDebounced<T>(value: T, ms = 250): T {
  const [out, setOut] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setOut(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return out;
}

/** A number that moves every `ms` (re-renders "5 minutes ago"). */
export function useTicker(ms = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
