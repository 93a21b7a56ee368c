import {
  DEFAULT_LINK_GROUP,
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
