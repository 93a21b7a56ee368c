import {
  DEFAULT_LINK_GROUP,
  GRID_COLUMNS,
  MESSAGES,
  WIDGET_CATALOGUE,
  WIDGET_COMPONENTS,
  defaultDashboardContent,
  emptyDashboardContent,
  validateDashboardContent,
} from '../src';

describe('dashboard content validation', () => {
  test('the built-in defaults and the empty dashboard are valid', () => {
    for (const kind of ['overview', 'units', 'alarms', 'map', 'telemetry', 'parking'] as const) {
      const r = validateDashboardContent(defaultDashboardContent(kind), '1');
      expect(r).toEqual({ ok: true, content: defaultDashboardContent(kind) });
    }
    expect(validateDashboardContent(emptyDashboardContent()).ok).toBe(true);
  });

  test('built-in layouts keep their rows on every grid: shares scaled on sm, stacked on xs', () => {
    const kinds = ['overview', 'units', 'alarms', 'map', 'telemetry', 'parking'] as const;
    for (const kind of kinds) {
      const { layouts } = defaultDashboardContent(kind);
      for (const bp of ['md', 'sm'] as const) {
        const cols = GRID_COLUMNS[bp];
        // Every row fills the grid exactly, without overlap.
        const rows = new Map<number, number>();
        for (const it of layouts[bp]) {
          expect(it.x + it.w).toBeLessThanOrEqual(cols);
          rows.set(it.y, (rows.get(it.y) ?? 0) + it.w);
        }
        expect([...rows.values()].every((w) => w === cols)).toBe(true);
        expect(layouts[bp].map((it) => it.y)).toEqual(layouts.md.map((it) => it.y));
      }
      expect(layouts.xs.every((it) => it.x === 0 && it.w === GRID_COLUMNS.xs)).toBe(true);
      expect(layouts.xs.map((it) => it.y)).toEqual(layouts.xs.map((_, n) => layouts.xs.slice(0, n).reduce((y, it) => y + it.h, 0)));
    }
    // A list beside a map: the list has the larger share on md and sm.
    const units = defaultDashboardContent('units').layouts;
    expect(units.md.map((it) => [it.i, it.x, it.w])).toEqual([['unitList-1', 0, 7], ['unitMap-2', 7, 5]]);
    expect(units.sm.map((it) => [it.i, it.x, it.w])).toEqual([['unitList-1', 0, 4], ['unitMap-2', 4, 2]]);
  });

  test('fills defaults: the default link group always exists', () => {
    const r = validateDashboardContent({});
    expect(r.ok && r.content.linkGroups).toEqual([DEFAULT_LINK_GROUP]);
  });

  test('a widget in a missing link group: "Link group does not exist"', () => {
    const c = emptyDashboardContent();
    const r = validateDashboardContent({
      ...c,
      widgets: [{ id: 'w', component: 'status', name: 's', group: 'nope', props: {}, settings: {} }],
    });
    expect(r).toEqual({ ok: false, error: MESSAGES.linkGroupMissing });
  });

  test('more than one map: "Only one map is allowed"', () => {
    const r = validateDashboardContent({
      widgets: [
        { id: 'a', component: 'unitMap', group: 'default' },
        { id: 'b', component: 'alarmMap', group: 'default' },
      ],
    });
    expect(r).toEqual({ ok: false, error: MESSAGES.onlyOneMap });
  });

  test('refuses bad shapes', () => {
    const bad: unknown[] = [
      null,
      [],
      { extra: 1 },
      { widgets: [{ id: 'a', component: 'toaster' }] },
      { widgets: [{ id: 'a', component: 'status' }, { id: 'a', component: 'temp' }] },
      { widgets: [{ id: 'a', component: 'status' }], layouts: { md: [{ i: 'a', x: 11, y: 0, w: 2, h: 1, mW: 1, mH: 1 }] } },
      { widgets: [{ id: 'a', component: 'status' }], layouts: { md: [{ i: 'b', x: 0, y: 0, w: 2, h: 1, mW: 1, mH: 1 }] } },
      { widgets: [{ id: 'a', component: 'status' }], layouts: { lg: [] } },
      { linkGroups: [{ id: 'x', name: 'x', color: 1 }] },
      { bindings: { default: { units: { value: [1] } } } },
      { unitGroups: [{ GroupId: 0, Description: 'x' }] },
    ];
    for (const b of bad) expect(validateDashboardContent(b).ok).toBe(false);
    expect(validateDashboardContent({}, '2').ok).toBe(false);
  });

  test('the widget catalogue covers every widget, with minimum sizes', () => {
    expect(WIDGET_CATALOGUE.map((w) => w.id)).toEqual([...WIDGET_COMPONENTS]);
    for (const w of WIDGET_CATALOGUE) {
      expect(w.minW).toBeGreaterThan(0);
      expect(w.minH).toBeGreaterThan(0);
      expect(w.defaultW).toBeGreaterThanOrEqual(w.minW);
    }
    expect(WIDGET_CATALOGUE.filter((w) => w.map).map((w) => w.id).sort()).toEqual(['alarmMap', 'parkingMap', 'unitMap']);
  });
});
