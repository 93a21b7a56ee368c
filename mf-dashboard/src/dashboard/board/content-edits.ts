/**
 * Pure operations on a DashboardContent document: add/remove/rename widgets, link groups,
 * bindings, settings and layouts. Each returns a new document (never mutates) or a refusal with
 * the message of the shared rules ("Only one map is allowed", "Link group does not exist"), so the
 * editor refuses exactly what the server would.
 */
import {
  BREAKPOINTS,
  DASHBOARD_LIMITS,
  DASHBOARD_MESSAGES,
  DEFAULT_DATE_INTERVAL,
  DEFAULT_LINK_GROUP,
  GRID_COLUMNS,
  MAP_WIDGETS,
  MESSAGES,
  TIME_RANGES_HOURS,
  widgetCatalogueItem,
  type Breakpoint,
  type DashboardBinding,
  type DashboardContent,
  type DashboardWidget,
  type LayoutItem,
  type LinkGroup,
  type WidgetComponent,
} from '@fieldwatch/shared';
import type { BindingKind, LinkBindings, TimeRange } from '../../widgets/kit/widget-contract';

export type Change = { ok: true; content: DashboardContent } | { ok: false; error: string };

/** Colours a link group can have, in the order new groups take them. */
export const GROUP_COLORS = [
  'group-one',
  'group-two',
  'group-three',
  'group-four',
  'group-five',
  'group-six',
  'group-seven',
  'group-eight',
] as const;

/** The CSS custom property of a link-group colour (defined by the page's CSS); unknown → group-one. */
export function groupColorVar(color: string): string {
  return `var(--fw-${(GROUP_COLORS as readonly string[]).includes(color) ? color : 'group-one'})`;
}

const ok = (content: DashboardContent): Change => ({ ok: true, content });
/** A name typed by the user as the document keeps it: trimmed, at most the shared text limit. */
const nameOf = (name: string) => name.trim().slice(0, DASHBOARD_LIMITS.text);
const refuse = (error: string): Change => ({ ok: false, error });

export function linkGroupsOf(content: DashboardContent): LinkGroup[] {
  return content.linkGroups.length ? content.linkGroups : [DEFAULT_LINK_GROUP];
}

export function linkGroupOf(content: DashboardContent, id: string): LinkGroup {
  return linkGroupsOf(content).find((g) => g.id === id) ?? linkGroupsOf(content)[0] ?? DEFAULT_LINK_GROUP;
}

/** A new widget id: "<component>-<n>", unique in the document. */
export function nextWidgetId(content: DashboardContent, component: string): string {
  const ids = new Set(content.widgets.map((w) => w.id));
  let n = content.widgets.length + 1;
  while (ids.has(`${component}-${n}`)) n++;
  return `${component}-${n}`;
}

const overlaps = (a: { x: number; y: number; w: number; h: number }, b: LayoutItem) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The first free place (top to bottom, left to right) for a w×h item on a grid of `cols`. */
export function firstFreePlace(
  items: readonly LayoutItem[],
  cols: number,
  w: number,
  h: number,
): { x: number; y: number } {
  const width = Math.min(w, cols);
  const bottom = items.reduce((m, it) => Math.max(m, it.y + it.h), 0);
  for (let y = 0; y <= bottom; y++) {
    for (let x = 0; x + width <= cols; x++) {
      const box = { x, y, w: width, h };
      if (!items.some((it) => overlaps(box, it))) return { x, y };
    }
  }
  return { x: 0, y: bottom };
}

/** Size of a catalogue widget on a breakpoint: default and minimum scaled from md, clamped to the columns. */
export function sizeOn(bp: Breakpoint, component: WidgetComponent) {
  const item = widgetCatalogueItem(component);
  const cols = GRID_COLUMNS[bp];
  const minW = Math.min(item?.minW ?? 2, cols);
  const minH = item?.minH ?? 3;
  const w = Math.min(cols, Math.max(minW, Math.round(((item?.defaultW ?? 4) * cols) / GRID_COLUMNS.md)));
  const h = Math.max(minH, item?.defaultH ?? 4);
  return { w, h, minW, minH };
}

export function addWidget(
  content: DashboardContent,
  component: WidgetComponent,
  name = component,
): Change & { id?: string } {
  if (MAP_WIDGETS.includes(component) && content.widgets.some((w) => MAP_WIDGETS.includes(w.component))) {
    return refuse(MESSAGES.onlyOneMap);
  }
  if (content.widgets.length >= DASHBOARD_LIMITS.widgets) return refuse(DASHBOARD_MESSAGES.tooManyWidgets);
  const id = nextWidgetId(content, component);
  const layouts = { ...content.layouts };
  for (const bp of BREAKPOINTS) {
    const items = layouts[bp] ?? [];
    const s = sizeOn(bp, component);
    const at = firstFreePlace(items, GRID_COLUMNS[bp], s.w, s.h);
    layouts[bp] = [...items, { i: id, x: at.x, y: at.y, w: s.w, h: s.h, mW: s.minW, mH: s.minH }];
  }
  const widget: DashboardWidget = {
    id,
    component,
    name,
    group: DEFAULT_LINK_GROUP.id,
    props: {},
    settings: {},
  };
  const linkGroups = content.linkGroups.some((g) => g.id === DEFAULT_LINK_GROUP.id)
    ? content.linkGroups
    : [{ ...DEFAULT_LINK_GROUP }, ...content.linkGroups];
  return {
    ok: true,
    content: { ...content, linkGroups, layouts, widgets: [...content.widgets, widget] },
    id,
  };
}

export function removeWidget(content: DashboardContent, id: string): Change {
  const layouts = Object.fromEntries(
    BREAKPOINTS.map((bp) => [bp, (content.layouts[bp] ?? []).filter((it) => it.i !== id)]),
  ) as DashboardContent['layouts'];
  const bindings = { ...content.bindings };
  delete bindings[id];
  return ok({ ...content, layouts, bindings, widgets: content.widgets.filter((w) => w.id !== id) });
}

export function renameWidget(content: DashboardContent, id: string, name: string): Change {
  const trimmed = nameOf(name);
  return ok({
    ...content,
    widgets: content.widgets.map((w) => (w.id === id ? { ...w, name: trimmed || w.component } : w)),
  });
}

export function moveWidgetToGroup(content: DashboardContent, id: string, groupId: string): Change {
  if (!linkGroupsOf(content).some((g) => g.id === groupId)) return refuse(MESSAGES.linkGroupMissing);
  return ok({
    ...content,
    widgets: content.widgets.map((w) => (w.id === id ? { ...w, group: groupId } : w)),
  });
}

/** A new link group named `name` with the next unused colour. */
export function addLinkGroup(content: DashboardContent, name: string): Change & { id?: string } {
  const groups = linkGroupsOf(content);
  if (groups.length >= DASHBOARD_LIMITS.linkGroups) return refuse(DASHBOARD_MESSAGES.tooManyLinkGroups);
  const ids = new Set(groups.map((g) => g.id));
  let n = groups.length;
  while (ids.has(`group-${n}`)) n++;
  const id = `group-${n}`;
  const used = new Set(groups.map((g) => g.color));
  const color = GROUP_COLORS.find((c) => !used.has(c)) ?? GROUP_COLORS[groups.length % GROUP_COLORS.length]!;
  const group: LinkGroup = { id, name: nameOf(name) || id, color };
  return { ok: true, content: { ...content, linkGroups: [...groups, group] }, id };
}

/** Renames a link group the user made; the default group keeps its (translated) name. */
export function renameLinkGroup(content: DashboardContent, groupId: string, name: string): Change {
  const groups = linkGroupsOf(content);
  if (!groups.some((g) => g.id === groupId)) return refuse(MESSAGES.linkGroupMissing);
  const trimmed = nameOf(name);
  if (groupId === DEFAULT_LINK_GROUP.id || !trimmed) return ok(content);
  return ok({ ...content, linkGroups: groups.map((g) => (g.id === groupId ? { ...g, name: trimmed } : g)) });
}

/**
 * Deletes a link group the user made: its widgets move to the default group (keeping their own
 * settings) and its shared selection is dropped. The default group always stays.
 */
export function removeLinkGroup(content: DashboardContent, groupId: string): Change {
  const groups = linkGroupsOf(content);
  if (!groups.some((g) => g.id === groupId)) return refuse(MESSAGES.linkGroupMissing);
  if (groupId === DEFAULT_LINK_GROUP.id) return ok(content);
  const rest = groups.filter((g) => g.id !== groupId);
  const linkGroups = rest.some((g) => g.id === DEFAULT_LINK_GROUP.id) ? rest : [DEFAULT_LINK_GROUP, ...rest];
  const bindings = { ...content.bindings };
  delete bindings[groupId];
  return ok({
    ...content,
    linkGroups,
    bindings,
    widgets: content.widgets.map((w) => (w.group === groupId ? { ...w, group: DEFAULT_LINK_GROUP.id } : w)),
  });
}

export function setBinding(
  content: DashboardContent,
  groupId: string,
  kind: BindingKind,
  value: unknown,
  updatedBy: string,
): Change {
  const current = content.bindings[groupId] ?? {};
  const binding: DashboardBinding = { value, updatedBy };
  return ok({ ...content, bindings: { ...content.bindings, [groupId]: { ...current, [kind]: binding } } });
}

export function updateSettings(
  content: DashboardContent,
  id: string,
  patch: Record<string, unknown>,
): Change {
  return ok({
    ...content,
    widgets: content.widgets.map((w) => (w.id === id ? { ...w, settings: { ...w.settings, ...patch } } : w)),
  });
}

/** The grid's layout of one breakpoint after a drag or resize (minimums kept from the document). */
export function setLayout(
  content: DashboardContent,
  bp: Breakpoint,
  layout: ReadonlyArray<{ i: string; x: number; y: number; w: number; h: number }>,
): Change {
  const before = new Map((content.layouts[bp] ?? []).map((it) => [it.i, it]));
  const ids = new Set(content.widgets.map((w) => w.id));
  const items = layout
    .filter((l) => ids.has(l.i))
    .map((l): LayoutItem => {
      const prev = before.get(l.i);
      return {
        i: l.i,
        x: l.x,
        y: l.y,
        w: l.w,
        h: l.h,
        mW: prev?.mW ?? Math.min(2, GRID_COLUMNS[bp]),
        mH: prev?.mH ?? 3,
      };
    });
  const same =
    items.length === before.size &&
    items.every((it) => {
      const p = before.get(it.i);
      return p && p.x === it.x && p.y === it.y && p.w === it.w && p.h === it.h;
    });
  if (same) return ok(content);
  return ok({ ...content, layouts: { ...content.layouts, [bp]: items } });
}

/**
 * Every breakpoint's items for every widget: a widget missing from a breakpoint (a document
 * written by an older editor) is placed at the first free place with its catalogue size.
 */
export function completeLayouts(content: DashboardContent): DashboardContent['layouts'] {
  const out = {} as DashboardContent['layouts'];
  for (const bp of BREAKPOINTS) {
    const ids = new Set(content.widgets.map((w) => w.id));
    let items = (content.layouts[bp] ?? []).filter((it) => ids.has(it.i));
    const present = new Set(items.map((it) => it.i));
    for (const w of content.widgets) {
      if (present.has(w.id)) continue;
      const s = sizeOn(bp, w.component);
      const at = firstFreePlace(items, GRID_COLUMNS[bp], s.w, s.h);
      items = [...items, { i: w.id, x: at.x, y: at.y, w: s.w, h: s.h, mW: s.minW, mH: s.minH }];
    }
    out[bp] = items;
  }
  return out;
}

/** The default time range: TIME_RANGES_HOURS[dateInterval] back from now. */
export function defaultTimeRange(dateInterval: number | undefined): TimeRange {
  const hours =
    TIME_RANGES_HOURS[dateInterval ?? DEFAULT_DATE_INTERVAL] ?? TIME_RANGES_HOURS[DEFAULT_DATE_INTERVAL];
  return { hours };
}

const isTimeRange = (v: unknown): v is TimeRange =>
  typeof v === 'object' &&
  v !== null &&
  ((typeof (v as { hours?: unknown }).hours === 'number' && (v as { hours: number }).hours > 0) ||
    (typeof (v as { from?: unknown }).from === 'string' && typeof (v as { to?: unknown }).to === 'string'));

/** What a link group carries, with defaults for what was never set. */
export function linkBindings(
  group: Record<string, DashboardBinding> | undefined,
  fallbackRange: TimeRange,
): LinkBindings {
  const units = group?.units?.value;
  const timeRange = group?.timeRange?.value;
  const channels = group?.channels?.value;
  return {
    units: Array.isArray(units) ? units.filter((u): u is number => typeof u === 'number') : [],
    timeRange: isTimeRange(timeRange) ? timeRange : fallbackRange,
    channels: Array.isArray(channels) ? channels.filter((c): c is string => typeof c === 'string') : [],
  };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Three-way merge by key: the user's changes from `base` to `mine` (added, changed, removed
 * entries) applied onto `theirs`; what the user did not touch stays as `theirs` has it.
 */
function mergeByKey<T>(base: readonly T[], mine: readonly T[], theirs: readonly T[], key: (x: T) => string): T[] {
  const before = new Map(base.map((x) => [key(x), x]));
  const mineByKey = new Map(mine.map((x) => [key(x), x]));
  const out = new Map(theirs.map((x) => [key(x), x]));
  for (const k of before.keys()) if (!mineByKey.has(k)) out.delete(k);
  for (const [k, x] of mineByKey) {
    const was = before.get(k);
    if (!was || !sameJson(was, x)) out.set(k, x);
  }
  return [...out.values()];
}

function mergeRecord<T>(
  base: Record<string, T>,
  mine: Record<string, T>,
  theirs: Record<string, T>,
  inner: (b: T | undefined, m: T, t: T | undefined) => T,
): Record<string, T> {
  const out: Record<string, T> = { ...theirs };
  for (const k of Object.keys(base)) if (!(k in mine)) delete out[k];
  for (const [k, m] of Object.entries(mine)) {
    const b = base[k];
    if (b !== undefined && sameJson(b, m)) continue;
    out[k] = inner(b, m, theirs[k]);
  }
  return out;
}

/**
 * The user's unsaved changes (from `base`, the version they were made on, to `mine`) applied onto
 * the version saved elsewhere (`theirs`), widget by widget, layout item by layout item, link group
 * by link group: a conflict keeps the user's change without undoing the other one (issue 20).
 * Where both changed the same widget, the user's version wins.
 */
export function rebaseContent(
  base: DashboardContent,
  mine: DashboardContent,
  theirs: DashboardContent,
): DashboardContent {
  const widgets = mergeByKey(base.widgets, mine.widgets, theirs.widgets, (w) => w.id);
  const linkGroups = mergeByKey(base.linkGroups, mine.linkGroups, theirs.linkGroups, (g) => g.id);
  const ids = new Set(widgets.map((w) => w.id));
  const layouts = { ...theirs.layouts };
  for (const bp of BREAKPOINTS) {
    layouts[bp] = mergeByKey(base.layouts[bp] ?? [], mine.layouts[bp] ?? [], theirs.layouts[bp] ?? [], (it) => it.i).filter(
      (it) => ids.has(it.i),
    );
  }
  const bindings = mergeRecord(base.bindings, mine.bindings, theirs.bindings, (b, m, t) =>
    mergeRecord(b ?? {}, m, t ?? {}, (_b, mm) => mm),
  );
  const merged: DashboardContent = { ...theirs, widgets, linkGroups, layouts, bindings };
  return { ...merged, layouts: completeLayouts(merged) };
}
