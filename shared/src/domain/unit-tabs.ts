/**
 * Which settings screens of a unit's page a unit supports. The page shows every tab in its order;
 * a tab the unit does not support says "Device not supported" instead of its form. Decided from what
 * the unit's details and options tell about its hardware:
 *
 * - Our own hardware (type codes below 200) carries a cellular modem (NB-IoT / LTE-M with GPRS as
 *   fallback), an NFC tag and firmware we ship: GPRS, cellular, firmware and NFC apply to it only.
 *   Third-party sensors reach us through a gateway or their vendor's network: none of these four.
 * - Charts (measurements, markers, radar), port settings and alarm limits are per channel: a unit
 *   without channels has none of them.
 * - Info, schedule, network, log scan, custom brand and location apply to every unit.
 *
 * The relay is not a tab: the page shows its panel when the unit's options say it has one.
 */

export const UNIT_TAB_NAMES = [
  'info',
  'charts',
  'schedule',
  'gprs',
  'network',
  'cellular',
  'ports',
  'firmware',
  'alarm',
  'nfc',
  'log',
  'brand',
  'location',
] as const;
export type UnitTabName = (typeof UNIT_TAB_NAMES)[number];

/** What the rule reads of a unit (UnitDetails and UnitOptions both carry it). */
export interface UnitTabSubject {
  /** The unit's type code. */
  unitType: number;
  /** From 200 up: a third-party sensor. */
  thirdParty: boolean;
  /** How many measurement channels the unit has. */
  channelCount: number;
}

/** Tabs that need our own hardware's modem, tag or firmware. */
const OWN_HARDWARE_TABS: ReadonlySet<UnitTabName> = new Set(['gprs', 'cellular', 'firmware', 'nfc']);
/** Tabs that are per channel (charts: the channels' measurements, their markers and radar). */
const CHANNEL_TABS: ReadonlySet<UnitTabName> = new Set(['charts', 'ports', 'alarm']);

export function isUnitTabName(value: string): value is UnitTabName {
  return (UNIT_TAB_NAMES as readonly string[]).includes(value);
}

/** Whether the unit supports the tab (otherwise the page says "Device not supported"). */
export function unitSupportsTab(tab: UnitTabName, unit: UnitTabSubject): boolean {
  if (OWN_HARDWARE_TABS.has(tab)) return !unit.thirdParty && unit.unitType < 200;
  if (CHANNEL_TABS.has(tab)) return unit.channelCount > 0;
  return true;
}

/** The tabs the unit supports, in the page's order. */
export function supportedUnitTabs(unit: UnitTabSubject): UnitTabName[] {
  return UNIT_TAB_NAMES.filter((tab) => unitSupportsTab(tab, unit));
}
