/**
 * Native HTML5 drag and drop within the groups-and-locations screens: what is being dragged (a
 * group, a location or some units) lives in a ref shared by the screen, so a drop target knows it
 * without reading the browser's data transfer (which is unreadable during dragover). Keyboard users
 * have the same moves in each row's menu.
 */
import { type DragEvent, useRef, useState } from 'react';

export type Dragged =
  | { kind: 'group'; id: string }
  | { kind: 'location'; id: string }
  | { kind: 'units'; ids: number[] };

const MIME = 'application/x-fieldwatch-container';

export function useDragState() {
  const current = useRef<Dragged | null>(null);
  const [over, setOver] = useState<string | null>(null);

  /** Props for something that can be dragged (none when writing is not allowed). */
  const source = (what: Dragged, enabled: boolean) =>
    enabled
      ? {
          draggable: true,
          onDragStart: (e: DragEvent) => {
            current.current = what;
            e.stopPropagation();
            // Firefox starts a drag only with data set.
            e.dataTransfer?.setData?.(MIME, JSON.stringify(what));
            if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
          },
          onDragEnd: () => {
            current.current = null;
            setOver(null);
          },
        }
      : {};

  /** Props for a drop target with key `key`, accepting what `accepts` says yes to. */
  const target = (key: string, accepts: (d: Dragged) => boolean, onDrop: (d: Dragged) => void) => ({
    'data-drop-over': over === key || undefined,
    onDragOver: (e: DragEvent) => {
      const d = current.current;
      if (!d || !accepts(d)) return;
      e.preventDefault();
      e.stopPropagation();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
      if (over !== key) setOver(key);
    },
    onDragLeave: () => setOver((o) => (o === key ? null : o)),
    onDrop: (e: DragEvent) => {
      const d = current.current;
      setOver(null);
      if (!d || !accepts(d)) return;
      e.preventDefault();
      e.stopPropagation();
      current.current = null;
      onDrop(d);
    },
  });

  return { source, target, dragging: () => current.current };
}
