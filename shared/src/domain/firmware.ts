/**
 * Firmware versions per device family: what a unit of the family can be updated to (newest first)
 * and what it runs before anyone updated it. A unit's own version is kept in its settings
 * (section `firmware`, key `version`); an update is a command (updateFirmware, detail = version).
 */
import { deviceType, type DeviceFamily } from './device-types';

export const FIRMWARE_VERSIONS: Readonly<Record<DeviceFamily, readonly string[]>> = {
  resistance: ['4.2.1', '4.2.0', '4.1.3', '4.0.0'],
  analog: ['3.8.0', '3.7.2', '3.7.0', '3.6.1'],
  pt: ['2.5.1', '2.5.0', '2.4.0'],
  switch: ['3.2.0', '3.1.4', '3.1.0'],
  awg: ['1.9.2', '1.9.0', '1.8.5'],
  climate: ['1.4.0', '1.3.2'],
  motion: ['1.2.1', '1.2.0'],
  pulse: ['2.1.0', '2.0.3'],
  pressure: ['1.6.0', '1.5.1'],
  co2: ['1.3.0', '1.2.4'],
  sound: ['1.1.2', '1.1.0'],
  valve: ['2.3.0', '2.2.1'],
  temperature: ['1.7.1', '1.7.0'],
  parking: ['5.0.2', '5.0.0', '4.9.1'],
  waste: ['2.0.1', '2.0.0'],
  other: ['1.0.0'],
};

/** Settings section and key of a unit's firmware version. */
export const FIRMWARE_SETTING = { section: 'firmware', key: 'version' } as const;

export function firmwareFamily(type: number): DeviceFamily {
  return deviceType(type)?.family ?? 'other';
}

/** Versions a unit of this type can take, newest first. */
export function availableFirmware(type: number): readonly string[] {
  return FIRMWARE_VERSIONS[firmwareFamily(type)];
}

/** What a unit of this type runs before any update: the oldest version of its family. */
export function defaultFirmware(type: number): string {
  const list = availableFirmware(type);
  return list[list.length - 1] ?? '1.0.0';
}
