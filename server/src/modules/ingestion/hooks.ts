/**
 * Subscribers to newly stored measurements. Ingestion (HTTP and simulator alike) calls every
 * registered callback with the points it actually inserted (never duplicates), after the
 * transaction committed. The alarms module subscribes here to evaluate limits; ingestion never
 * imports it. A failing subscriber is logged and does not fail the ingestion.
 */
import type { Db } from '../../db/client';

export interface StoredMeasurement {
  unitId: number;
  organizationId: number;
  channel: number;
  ts: Date;
  value: number;
}

export type MeasurementsCallback = (points: StoredMeasurement[], db: Db) => Promise<void> | void;

const subscribers = new Set<MeasurementsCallback>();

/** Registers a callback; returns the function that unregisters it. */
export function onMeasurements(callback: MeasurementsCallback): () => void {
  subscribers.add(callback);
  return () => subscribers.delete(callback);
}

/** Calls every subscriber in turn; answers the errors they threw (for the caller to log). */
export async function emitMeasurements(points: StoredMeasurement[], db: Db): Promise<unknown[]> {
  if (points.length === 0) return [];
  const errors: unknown[] = [];
  for (const cb of [...subscribers]) {
    try {
      await cb(points, db);
    } catch (err) {
      errors.push(err);
    }
  }
  return errors;
}

/** Test helper. */
export function clearMeasurementSubscribers(): void {
  subscribers.clear();
}
