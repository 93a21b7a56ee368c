/**
 * Maps without internet (issue 20 §5): tile servers out of reach are asked once per page, Satellite
 * says it is unavailable, and a map zoomed in on the demo regions shows the built-in street-level
 * detail — 10m coasts, lakes and place names, loaded only then (the overview does not fetch it).
 * Every request off the server's own origin is refused as a missing DNS name would be, so this runs
 * the same with or without internet.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectOverview, signIn } from './helpers';

const mapCanvas = (page: Page) =>
  page.locator(
    '#fw-area-dashboard [data-testid="widget-frame"][data-widget="unitMap"] [data-testid="map-canvas"]',
  );

type MapEl = HTMLElement & {
  fwMap: { setView(c: [number, number], z: number, o: object): void; getZoom(): number };
};

/** Pixels of the outline tiles under the map's point lon/lat: its alpha (0: water shows through). */
const alphaAt = (page: Page, lat: number, lon: number) =>
  mapCanvas(page).evaluate(
    (el, [la, lo]) => {
      const map = (el as MapEl).fwMap as unknown as {
        latLngToContainerPoint(l: [number, number]): { x: number; y: number };
      };
      const p = map.latLngToContainerPoint([la!, lo!]);
      const box = el.getBoundingClientRect();
      const x = box.left + p.x;
      const y = box.top + p.y;
      for (const tile of el.querySelectorAll<HTMLCanvasElement>(
        '.leaflet-fwOutlines-pane canvas.leaflet-tile-loaded',
      )) {
        const r = tile.getBoundingClientRect();
        if (x < r.left || x >= r.right || y < r.top || y >= r.bottom) continue;
        const copy = new OffscreenCanvas(tile.width, tile.height);
        const ctx = copy.getContext('2d') as OffscreenCanvasRenderingContext2D;
        ctx.drawImage(tile, 0, 0);
        const k = tile.width / r.width;
        return ctx.getImageData(Math.floor((x - r.left) * k), Math.floor((y - r.top) * k), 1, 1).data[3];
      }
      return -1;
    },
    [lat, lon],
  );

/** How many pixels of the outline tiles have the theme's text colour (the place names). */
const textPixels = (page: Page) =>
  mapCanvas(page).evaluate((el) => {
    const probe = document.createElement('div');
    probe.style.color = getComputedStyle(el).getPropertyValue('--fw-text');
    document.body.append(probe);
    const [r, g, b] = (getComputedStyle(probe).color.match(/\d+/g) ?? []).map(Number);
    probe.remove();
    let count = 0;
    for (const tile of el.querySelectorAll<HTMLCanvasElement>(
      '.leaflet-fwOutlines-pane canvas.leaflet-tile-loaded',
    )) {
      const copy = new OffscreenCanvas(tile.width, tile.height);
      const ctx = copy.getContext('2d') as OffscreenCanvasRenderingContext2D;
      ctx.drawImage(tile, 0, 0);
      const px = ctx.getImageData(0, 0, tile.width, tile.height).data;
      for (let i = 0; i < px.length; i += 4)
        if (
          px[i + 3]! > 200 &&
          Math.abs(px[i]! - r!) <= 8 &&
          Math.abs(px[i + 1]! - g!) <= 8 &&
          Math.abs(px[i + 2]! - b!) <= 8
        )
          count += 1;
    }
    return count;
  });

test('offline, tiles are tried once, Satellite is unavailable, and a zoomed-in map has lakes and place names', async ({
  page,
  baseURL,
}) => {
  const own = new URL(baseURL!).origin;
  const offsite: string[] = [];
  const detailChunks: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(own) && !r.url().startsWith('data:')) offsite.push(r.url());
    if (/map-detail\.[0-9a-f]+\.js/.test(r.url())) detailChunks.push(r.url());
  });
  await page.route(
    (url) => url.origin !== own,
    (route) => route.abort('namenotresolved'),
  );

  await signIn(page);
  await expectOverview(page);
  const map = mapCanvas(page);
  await expect(page.getByTestId('map-tiles-note').first()).toBeVisible({ timeout: 20_000 });
  // One burst of tile requests from one map, then none.
  const firstBurst = offsite.length;
  expect(firstBurst).toBeGreaterThan(0);
  const satellite = page.getByTestId('map-satellite').first();
  await expect(satellite).toHaveText('Satellite unavailable');
  await expect(satellite).toBeDisabled();

  // The overview does not load the detail.
  const overviewZoom = await map.evaluate((el) => (el as MapEl).fwMap.getZoom());
  expect(overviewZoom).toBeLessThan(6);
  await expect(map.locator('.leaflet-fwOutlines-pane canvas.leaflet-tile-loaded').first()).toBeVisible();
  expect(detailChunks).toEqual([]);

  // Zoomed in on Vänern: the lake is cut out of the land (the 1:110m outlines have it as land).
  await map.evaluate((el) => (el as MapEl).fwMap.setView([58.7, 13.4], 8, { animate: false }));
  await expect.poll(() => detailChunks.length, { timeout: 15_000 }).toBe(1);
  await expect.poll(() => alphaAt(page, 58.9, 13.4), { timeout: 15_000 }).toBe(0);
  expect(await alphaAt(page, 58.39, 13.85)).toBe(255); // Skövde, on land south-east of the lake

  // Zoomed in on Stockholm: the place names are drawn.
  await map.evaluate((el) => (el as MapEl).fwMap.setView([59.33, 18.07], 12, { animate: false }));
  await expect.poll(() => textPixels(page), { timeout: 15_000 }).toBeGreaterThan(30);

  // No tile server was asked again, and the detail was loaded once.
  await map.evaluate((el) => (el as MapEl).fwMap.setView([55.68, 12.57], 13, { animate: false }));
  await expect.poll(() => textPixels(page), { timeout: 15_000 }).toBeGreaterThan(30);
  expect(offsite.length).toBe(firstBurst);
  expect(detailChunks).toHaveLength(1);
});
