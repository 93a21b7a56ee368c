/**
 * Which channels a unit offers for charts, and which one a chart opens on, by the unit's type
 * (issue 20). A third-party sensor measures what its type measures — a temperature/humidity sensor
 * temperature and humidity, a CO2 sensor CO2 (and temperature, humidity) — plus its diagnostics
 * (battery, signal, internal temperature); a channel of another kind (an "Analogue 1 (mA)" input,
 * a level formula or switch) is not offered for it. Our own hardware offers every channel it has.
 */
import { deviceType, type DeviceFamily } from './device-types';

/** The fields of a channel the rule reads (GetChannel's ChannelInfo, a latest-value row). */
export interface ChannelLike {
  ChannelKind: string;
  ChannelName: string;
  UnitOfMeasure: string;
}

type Test = (c: ChannelLike) => boolean;

const temperature: Test = (c) => c.ChannelKind === 'pt';
const humidity: Test = (c) => c.UnitOfMeasure === '%RH' || /humid|fukt|feucht/i.test(c.ChannelName);
const co2: Test = (c) => c.UnitOfMeasure === 'ppm' || /co2|co₂/i.test(c.ChannelName);
const pulse: Test = (c) => /pulse|puls/i.test(c.ChannelName);
const parkingSwitch: Test = (c) => c.ChannelKind === 'switch' && !/intrusion/i.test(c.ChannelName);
/** Diagnostics every radio sensor reports (battery, signal strength, internal temperature). */
const diagnostic: Test = (c) => c.ChannelKind === 'channel' && !pulse(c);

/** Per family: what it measures, in the order a chart prefers them (the first is the default). */
const MEASURES: Partial<Record<DeviceFamily, readonly Test[]>> = {
  climate: [temperature, humidity],
  co2: [co2, temperature, humidity],
  temperature: [temperature],
  parking: [parkingSwitch],
  pulse: [pulse],
};

/** The channels of a unit of `unitType` a chart offers (all for types without a rule). */
export function chartChannels<C extends ChannelLike>(unitType: number | undefined, channels: readonly C[]): C[] {
  const measures = MEASURES[deviceType(unitType ?? -1)?.family ?? 'other'];
  if (!measures) return [...channels];
  const offered = channels.filter((c) => measures.some((m) => m(c)) || diagnostic(c));
  // A unit whose channels carry none of its type's measures keeps them all rather than none.
  return offered.some((c) => measures.some((m) => m(c))) ? offered : [...channels];
}

/**
 * The channel a chart opens on: what the unit's type measures first (temperature for a
 * temperature/humidity sensor, CO2 for a CO2 sensor), else the first analogue or PT channel, else
 * the first that is not a switch.
 */
export function defaultChartChannel<C extends ChannelLike>(
  unitType: number | undefined,
  channels: readonly C[] | undefined,
): C | undefined {
  if (!channels || channels.length === 0) return undefined;
  const offered = chartChannels(unitType, channels);
  for (const m of MEASURES[deviceType(unitType ?? -1)?.family ?? 'other'] ?? []) {
    const hit = offered.find(m);
    if (hit) return hit;
  }
  return (
    offered.find((c) => c.ChannelKind === 'analog' || c.ChannelKind === 'pt') ??
    offered.find((c) => c.ChannelKind !== 'switch') ??
    offered[0]
  );
}
