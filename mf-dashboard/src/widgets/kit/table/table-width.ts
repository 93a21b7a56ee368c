/** How much a table widget shows at its measured width. */
/** The compact layout of a widget: hide secondary columns below this width (px). */
export const COMPACT_WIDTH = 520;
export const isCompact = (width: number) => width > 0 && width < COMPACT_WIDTH;

/** Below this width (px) a table folds its secondary columns into the first column's second line. */
export const WIDE_WIDTH = 760;
/**
 * How much a table shows at a width: every column ('wide'), the main ones with the rest folded
 * into a second line ('medium', e.g. a list beside a map on a laptop screen), or the fewest
 * ('compact'). Unmeasured (0) counts as wide, as isCompact does.
 */
export type TableTier = 'compact' | 'medium' | 'wide';
export function tableTier(width: number): TableTier {
  if (isCompact(width)) return 'compact';
  return width > 0 && width < WIDE_WIDTH ? 'medium' : 'wide';
}
