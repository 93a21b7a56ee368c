/**
 * Subscribers to newly stored measurements. Ingestion (HTTP and simulator alike) hands every
 * subscriber the points it actually inserted (never duplicates), after the transaction committed.
 * The alarms module subscribes here to evaluate limits; ingestion never imports it. A failing
 * subscriber is logged and does not fail the ingestion. One set per app (in the ServerContext),
 * so two apps in one process never see each other's measurements.
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

export class MeasurementHooks {
  private readonly subscribers = new Set<MeasurementsCallback>();

  /** Registers a callback; returns the function that unregisters it. */
  subscribe(callback: MeasurementsCallback): () => void {
    this.subscribers.add(callback);
    return () => this.subscribers.delete(callback);
  }

  /** Calls every subscriber in turn; answers the errors they threw (for the caller to log). */
  async emit(points: StoredMeasurement[], db: Db): Promise<unknown[]> {
    if (points.length === 0) return [];
    const errors: unknown[] = [];
    for (const cb of [...this.subscribers]) {
      try {
        await cb(points, db);
      } catch (err) {
        errors.push(err);
      }
    }
    return errors;
  }
}
