/**
 * Validation of a dashboard document (spec §3, §5) before it is stored: the shape of
 * DashboardContent, the rules "Link group does not exist" and "Only one map is allowed", and
 * layout items on the grid of their breakpoint. Shared so the editor can check before saving and
 * the server refuses exactly the same things.
 */
import { GRID_COLUMNS, MESSAGES, VERSIONS } from '../constants';
import {
  BREAKPOINTS,
  DEFAULT_LINK_GROUP,
  MAP_WIDGETS,
  WIDGET_COMPONENTS,
  type Breakpoint,
  type DashboardBinding,
  type DashboardContent,
  type DashboardWidget,
  type LayoutItem,
  type LinkGroup,
} from './dashboard-content';

export const DASHBOARD_LIMITS = {
  widgets: 100,
  linkGroups: 50,
  unitGroups: 1000,
  bindingKeys: 500,
  text: 200,
  /** Grid rows: generous, but bounded. */
  maxY: 10_000,
  maxH: 200,
  /** JSON size of a widget's props or settings, or a binding's value. */
  blobChars: 50_000,
} as const;

export type DashboardValidation = { ok: true; content: DashboardContent } | { ok: false; error: string };

const CONTENT_KEYS = ['unitGroups', 'linkGroups', 'bindings', 'layouts', 'widgets'];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown, max: number = DASHBOARD_LIMITS.text): v is string =>
  typeof v === 'string' && v.length <= max;
const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

class Invalid extends Error {}
function fail(message: string): never {
  throw new Invalid(message);
}

function onlyKeys(obj: Record<string, unknown>, keys: readonly string[], where: string): void {
  const extra = Object.keys(obj).filter((k) => !keys.includes(k));
  if (extra.length) fail(`${where}: unknown field ${extra.map((k) => `"${k}"`).join(', ')}`);
}

function blob(v: unknown, where: string): Record<string, unknown> {
  if (v === undefined) return {};
  if (!isObject(v)) fail(`${where} must be an object`);
  if (JSON.stringify(v).length > DASHBOARD_LIMITS.blobChars) fail(`${where} is too large`);
  return v;
}

function linkGroups(v: unknown): LinkGroup[] {
  if (v === undefined) return [{ ...DEFAULT_LINK_GROUP }];
  if (!Array.isArray(v) || v.length > DASHBOARD_LIMITS.linkGroups) {
    fail(`linkGroups must be a list of at most ${DASHBOARD_LIMITS.linkGroups} link groups`);
  }
  const out = v.map((g, n): LinkGroup => {
    if (!isObject(g)) fail(`linkGroups[${n}] must be an object`);
    onlyKeys(g, ['id', 'name', 'color'], `linkGroups[${n}]`);
    if (!isText(g.id) || g.id === '') fail(`linkGroups[${n}].id must be a non-empty text`);
    if (!isText(g.name)) fail(`linkGroups[${n}].name must be text`);
    if (!isText(g.color)) fail(`linkGroups[${n}].color must be text`);
    return { id: g.id, name: g.name, color: g.color };
  });
  if (new Set(out.map((g) => g.id)).size !== out.length) fail('linkGroups: ids must be unique');
  // The default link group always exists (spec §3).
  if (!out.some((g) => g.id === DEFAULT_LINK_GROUP.id)) out.unshift({ ...DEFAULT_LINK_GROUP });
  return out;
}

function widgets(v: unknown, groups: LinkGroup[]): DashboardWidget[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > DASHBOARD_LIMITS.widgets) {
    fail(`widgets must be a list of at most ${DASHBOARD_LIMITS.widgets} widgets`);
  }
  const groupIds = new Set(groups.map((g) => g.id));
  const out = v.map((w, n): DashboardWidget => {
    if (!isObject(w)) fail(`widgets[${n}] must be an object`);
    onlyKeys(w, ['id', 'component', 'name', 'group', 'props', 'settings'], `widgets[${n}]`);
    if (!isText(w.id) || w.id === '') fail(`widgets[${n}].id must be a non-empty text`);
    if (typeof w.component !== 'string' || !(WIDGET_COMPONENTS as readonly string[]).includes(w.component)) {
      fail(`widgets[${n}].component is not a known widget`);
    }
    if (w.name !== undefined && !isText(w.name)) fail(`widgets[${n}].name must be text`);
    const group = w.group === undefined ? DEFAULT_LINK_GROUP.id : w.group;
    if (!isText(group)) fail(`widgets[${n}].group must be text`);
    if (!groupIds.has(group)) fail(MESSAGES.linkGroupMissing);
    return {
      id: w.id,
      component: w.component as DashboardWidget['component'],
      name: (w.name as string | undefined) ?? w.component,
      group,
      props: blob(w.props, `widgets[${n}].props`),
      settings: blob(w.settings, `widgets[${n}].settings`),
    };
  });
  if (new Set(out.map((w) => w.id)).size !== out.length) fail('widgets: ids must be unique');
  if (out.filter((w) => MAP_WIDGETS.includes(w.component)).length > 1) fail(MESSAGES.onlyOneMap);
  return out;
}

function layoutItems(bp: Breakpoint, v: unknown, widgetIds: Set<string>): LayoutItem[] {
  const cols = GRID_COLUMNS[bp];
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > DASHBOARD_LIMITS.widgets) fail(`layouts.${bp} must be a list`);
  const seen = new Set<string>();
  return v.map((item, n): LayoutItem => {
    const where = `layouts.${bp}[${n}]`;
    if (!isObject(item)) fail(`${where} must be an object`);
    onlyKeys(item, ['i', 'x', 'y', 'w', 'h', 'mW', 'mH'], where);
    if (!isText(item.i) || !widgetIds.has(item.i)) fail(`${where}.i must be the id of a widget of the dashboard`);
    if (seen.has(item.i)) fail(`${where}: widget "${item.i}" is laid out twice`);
    seen.add(item.i);
    if (!isInt(item.w, 1, cols)) fail(`${where}.w must be 1-${cols}`);
    if (!isInt(item.x, 0, cols - 1) || item.x + item.w > cols) fail(`${where} does not fit the ${cols} columns`);
    if (!isInt(item.y, 0, DASHBOARD_LIMITS.maxY)) fail(`${where}.y must be 0-${DASHBOARD_LIMITS.maxY}`);
    if (!isInt(item.h, 1, DASHBOARD_LIMITS.maxH)) fail(`${where}.h must be 1-${DASHBOARD_LIMITS.maxH}`);
    if (!isInt(item.mW, 0, cols)) fail(`${where}.mW must be 0-${cols}`);
    if (!isInt(item.mH, 0, DASHBOARD_LIMITS.maxH)) fail(`${where}.mH must be 0-${DASHBOARD_LIMITS.maxH}`);
    return { i: item.i, x: item.x, y: item.y, w: item.w, h: item.h, mW: item.mW, mH: item.mH };
  });
}

function bindings(v: unknown): DashboardContent['bindings'] {
  if (v === undefined) return {};
  if (!isObject(v)) fail('bindings must be an object');
  const keys = Object.keys(v);
  if (keys.length > DASHBOARD_LIMITS.bindingKeys) fail('bindings has too many entries');
  const out: DashboardContent['bindings'] = {};
  for (const owner of keys) {
    const perKind = v[owner];
    if (!isObject(perKind)) fail(`bindings.${owner} must be an object`);
    const kinds: Record<string, DashboardBinding> = {};
    for (const [kind, b] of Object.entries(perKind)) {
      if (!isObject(b)) fail(`bindings.${owner}.${kind} must be an object`);
      onlyKeys(b, ['value', 'updatedBy'], `bindings.${owner}.${kind}`);
      if (!isText(b.updatedBy) || b.updatedBy === '') {
        fail(`bindings.${owner}.${kind}.updatedBy must be 'manual' or a widget id`);
      }
      if (JSON.stringify(b.value ?? null).length > DASHBOARD_LIMITS.blobChars) {
        fail(`bindings.${owner}.${kind}.value is too large`);
      }
      kinds[kind] = { value: b.value ?? null, updatedBy: b.updatedBy };
    }
    out[owner] = kinds;
  }
  return out;
}

function unitGroups(v: unknown): DashboardContent['unitGroups'] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > DASHBOARD_LIMITS.unitGroups) fail('unitGroups must be a list');
  return v.map((g, n) => {
    if (!isObject(g)) fail(`unitGroups[${n}] must be an object`);
    onlyKeys(g, ['GroupId', 'Description'], `unitGroups[${n}]`);
    if (!isInt(g.GroupId, 1, 2_147_483_647)) fail(`unitGroups[${n}].GroupId must be a positive id`);
    if (!isText(g.Description)) fail(`unitGroups[${n}].Description must be text`);
    return { GroupId: g.GroupId, Description: g.Description };
  });
}

/**
 * Validates a DashboardContent document and returns it normalised (defaults filled, unknown
 * fields refused). `version`, when given, must be the dashboard version "1".
 */
export function validateDashboardContent(input: unknown, version?: unknown): DashboardValidation {
  try {
    if (version !== undefined && version !== VERSIONS.dashboard) {
      fail(`version must be "${VERSIONS.dashboard}"`);
    }
    if (!isObject(input)) fail('content must be an object');
    onlyKeys(input, CONTENT_KEYS, 'content');
    const groups = linkGroups(input.linkGroups);
    const ws = widgets(input.widgets, groups);
    const ids = new Set(ws.map((w) => w.id));
    if (input.layouts !== undefined && !isObject(input.layouts)) fail('layouts must be an object');
    const rawLayouts = (input.layouts ?? {}) as Record<string, unknown>;
    onlyKeys(rawLayouts, BREAKPOINTS, 'layouts');
    const layouts = Object.fromEntries(
      BREAKPOINTS.map((bp) => [bp, layoutItems(bp, rawLayouts[bp], ids)]),
    ) as Record<Breakpoint, LayoutItem[]>;
    return {
      ok: true,
      content: {
        unitGroups: unitGroups(input.unitGroups),
        linkGroups: groups,
        bindings: bindings(input.bindings),
        layouts,
        widgets: ws,
      },
    };
  } catch (err) {
    if (err instanceof Invalid) return { ok: false, error: err.message };
    throw err;
  }
}
