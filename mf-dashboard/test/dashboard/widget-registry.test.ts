import { preloadWidgets, widgetView, WIDGET_VIEWS } from '../../src/dashboard/widget-registry';

describe('widget registry', () => {
  test('a preloaded widget renders as itself, not as a lazy view that would suspend once more', async () => {
    expect(widgetView('status')).toBe(WIDGET_VIEWS.status);
    await preloadWidgets(['status', 'temp', 'unitMap']);
    const status = widgetView('status');
    expect(status).not.toBe(WIDGET_VIEWS.status);
    expect(typeof status).toBe('function');
    expect(typeof widgetView('temp')).toBe('function');
    // Heavy widgets are not preloaded with the light ones (they take their own turn).
    expect(widgetView('unitMap')).toBe(WIDGET_VIEWS.unitMap);
  });

  test('unknown components are ignored by the preload', async () => {
    await expect(preloadWidgets(['nope', 'status'])).resolves.toBeUndefined();
  });
});
