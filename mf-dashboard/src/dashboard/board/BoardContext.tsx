/** The open dashboard as React context: the board (document, content, saver) and what widgets get. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { Unit, WidgetComponent } from '@fieldwatch/shared';
import type { TimeRange } from '../../widgets/kit/widget-contract';
import type { Board, BoardState } from './board-store';

export interface BoardContextValue {
  board: Board;
  /** The selected customers' units (the session's unit list). */
  units: Unit[];
  /** When the units arrived (null until they have). */
  unitsLoadedAt: number | null;
  refreshKey: number;
  /** The default chart range of link groups (client preferences' dateInterval). */
  fallbackRange: TimeRange;
  /** Whether the selected customers have the parking right (parking widgets offered). */
  parking: boolean;
  /** Adds a catalogue widget at the first free place; false when refused (toasted). */
  addWidget(component: WidgetComponent): boolean;
  openWidgetStore(): void;
}

export const BoardContext = createContext<BoardContextValue | null>(null);

export function useBoard(): BoardContextValue {
  const ctx = useContext(BoardContext);
  if (!ctx) throw new Error('useBoard() outside a dashboard');
  return ctx;
}

/** Optional: the widget store renders outside a dashboard too (tests, previews). */
export function useOptionalBoard(): BoardContextValue | null {
  return useContext(BoardContext);
}

export function useBoardState<T>(select: (s: BoardState) => T): T {
  return useStore(useBoard().board.store, select);
}
