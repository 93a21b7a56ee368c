/**
 * GET /api/v3/onboarding/places?q=: the placement's address search, answered from what the server
 * holds — no geocoder or map service is asked, so it works where those are out of reach:
 * - addresses of the user's own units that have a position (typing a street finds where units on
 *   it stand), newest spelling first, one answer per address;
 * - towns of the built-in gazetteer (gazetteer.ts), by name or another name people type.
 * Matching ignores case and accents ("koln" finds Köln, "goteborg" Göteborg).
 */
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { PLACES_MAX, type OnboardingPlace } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { organizations, units } from '../../db/schema';
import { TOWNS } from './gazetteer';

/** Lower case, accents off, the Nordic letters spelt out: how names are compared. */
export function foldName(text: string): string {
  return text
    .toLowerCase()
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Towns whose name (or another name) starts with the text first, then those containing it. */
export function searchTowns(q: string, max = PLACES_MAX): OnboardingPlace[] {
  const wanted = foldName(q);
  if (wanted.length < 2) return [];
  const scored: Array<{ score: number; place: OnboardingPlace }> = [];
  for (const [name, country, lat, lon, aka = []] of TOWNS) {
    const names = [name, ...aka].map(foldName);
    const score = names.some((n) => n.startsWith(wanted))
      ? 0
      : names.some((n) => n.split(/[\s-]/).some((w) => w.startsWith(wanted)))
        ? 1
        : names.some((n) => n.includes(wanted))
          ? 2
          : -1;
    if (score >= 0) scored.push({ score, place: { kind: 'town', label: name, detail: '', country, lat, lon } });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.place.label.localeCompare(b.place.label))
    .slice(0, max)
    .map((s) => s.place);
}

/** LIKE's own characters in a text searched for, escaped. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Addresses of the units of `orgIds` with a position, matching the text. */
async function searchAddresses(db: Db, orgIds: readonly number[], q: string, max: number): Promise<OnboardingPlace[]> {
  if (orgIds.length === 0 || q.trim().length < 2) return [];
  const rows = await db
    .select({ label: units.location, lat: units.lat, lon: units.lon, org: organizations.name })
    .from(units)
    .innerJoin(organizations, eq(organizations.id, units.organizationId))
    .where(
      and(
        inArray(units.organizationId, [...orgIds]),
        isNotNull(units.lat),
        isNotNull(units.lon),
        sql`${units.location} ilike ${`%${likeEscaped(q.trim())}%`}`,
      ),
    )
    .orderBy(desc(units.id))
    .limit(200);
  const seen = new Set<string>();
  const out: OnboardingPlace[] = [];
  for (const r of rows) {
    const key = r.label.trim().toLowerCase();
    if (!key || seen.has(key) || r.lat === null || r.lon === null) continue;
    seen.add(key);
    out.push({ kind: 'address', label: r.label.trim(), detail: r.org, lat: r.lat, lon: r.lon });
    if (out.length >= max) break;
  }
  return out.sort((a, b) => a.label.localeCompare(b.label));
}

export async function searchPlaces(db: Db, orgIds: readonly number[], q: string): Promise<OnboardingPlace[]> {
  const addresses = await searchAddresses(db, orgIds, q, Math.ceil(PLACES_MAX / 2));
  const towns = searchTowns(q, PLACES_MAX - addresses.length);
  return [...addresses, ...towns];
}
