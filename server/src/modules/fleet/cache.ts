/**
 * In-memory cache of fleet-wide answers (the paged list's unit ids, the map, the status KPIs) for
 * large fleets (100,000 units), where computing them on every request is too slow.
 *
 * Soundness: every entry is stored with the fleet_counters versions of its organisations, read
 * before the answer was computed, and only served while the database still holds those versions.
 * Triggers bump them in the same transaction as any change to the organisations' units or alarms
 * (migration 0003), whoever the writer is (another replica included), so a served entry was computed
 * from a state no older than the current one. A change that lands while an answer is computed makes
 * that entry stale at once (its versions are older): it is recomputed on the next request, never
 * served for newer data. Each database (DbHandle) has its own cache; memory is bounded (LRU).
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fleetCounters } from '../../db/schema';

export interface FleetState {
  /** Units of the organisations. */
  units: number;
  /** Changes whenever a unit of the organisations is added, removed, moved or edited. */
  unitsVersion: string;
  /** Changes with unitsVersion and whenever an alarm of their units changes. */
  version: string;
}

/** The counters of the organisations: one indexed read, before computing what is to be cached. */
export async function fleetState(db: Db, orgIds: readonly number[]): Promise<FleetState> {
  const orgs = [...new Set(orgIds)].sort((a, b) => a - b);
  const rows =
    orgs.length === 0
      ? []
      : await db.select().from(fleetCounters).where(inArray(fleetCounters.organizationId, orgs));
  return fleetStateOf(orgs, rows);
}

/** The state of the organisations `orgs` (sorted, distinct) from their fleet_counters rows. */
export function fleetStateOf(
  orgs: readonly number[],
  rows: ReadonlyArray<
    Pick<typeof fleetCounters.$inferSelect, 'organizationId' | 'units' | 'unitsVersion' | 'alarmsVersion'>
  >,
): FleetState {
  const byOrg = new Map(rows.map((r) => [r.organizationId, r]));
  let units = 0;
  const unitParts: string[] = [];
  const allParts: string[] = [];
  for (const org of orgs) {
    const r = byOrg.get(org);
    units += r?.units ?? 0;
    unitParts.push(`${org}:${r?.unitsVersion ?? 0}`);
    allParts.push(`${org}:${r?.unitsVersion ?? 0}:${r?.alarmsVersion ?? 0}`);
  }
  return { units, unitsVersion: unitParts.join(','), version: allParts.join(',') };
}

/** Memory one database's cache may hold (the 100,000-unit map is ~25 MB of JSON). */
export const FLEET_CACHE_MAX_BYTES = 128 * 1024 * 1024;

interface Entry {
  version: string;
  value: unknown;
  bytes: number;
}

class FleetCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  get<T>(key: string, version: string): T | undefined {
    const e = this.peek(key);
    return e && e.version === version ? (e.value as T) : undefined;
  }

  /** The entry whatever its version (marked as used). */
  peek(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key); // most recently used last
    this.entries.set(key, e);
    return e;
  }

  set(key: string, version: string, value: unknown, bytes: number): void {
    this.delete(key);
    if (bytes > FLEET_CACHE_MAX_BYTES) return;
    this.entries.set(key, { version, value, bytes });
    this.bytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= FLEET_CACHE_MAX_BYTES) break;
      this.entries.delete(k);
      this.bytes -= e.bytes;
    }
  }

  private delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }
}

const caches = new WeakMap<object, FleetCache>();

function cacheOf(db: Db): FleetCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new FleetCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The entry under `key` with the version it was computed at, whatever that is: for a caller that
 * reads the current versions in the same query as what it needs from the entry, and must check
 * them before trusting it (devices/service.ts listUnitPage).
 */
export function peekFleetAnswer<T>(db: Db, key: string): { version: string; value: T } | undefined {
  const e = cacheOf(db).peek(key);
  return e && { version: e.version, value: e.value as T };
}

/**
 * The answer cached under `key` if it was computed at `state`'s version, else `compute()` (called
 * after the version was read, as it must be) and cached. `bytes` sizes an answer for the LRU bound.
 */
export async function cachedFleetAnswer<T>(
  db: Db,
  key: string,
  version: string,
  compute: () => Promise<T>,
  bytes: (value: T) => number,
): Promise<T> {
  const cache = cacheOf(db);
  const hit = cache.get<T>(key, version);
  if (hit !== undefined) return hit;
  const value = await compute();
  cache.set(key, version, value, bytes(value));
  return value;
}
