/**
 * Device type codes and their model names (spec §3). Codes below 200 are our own hardware; from 200
 * up they are third-party sensors. The numeric assignments of our own models are ours to choose
 * (the spec names the models but not their codes, except AWG = 41); they are fixed here once.
 */
export type DeviceFamily =
  | 'resistance'
  | 'analog'
  | 'pt'
  | 'switch'
  | 'awg'
  | 'climate'
  | 'motion'
  | 'pulse'
  | 'pressure'
  | 'co2'
  | 'sound'
  | 'valve'
  | 'temperature'
  | 'parking'
  | 'waste'
  | 'other';

export interface DeviceType {
  code: number;
  model: string;
  family: DeviceFamily;
  thirdParty: boolean;
}

const own: Array<[number, string, DeviceFamily]> = [
  [1, 'X1', 'resistance'],
  [2, 'X2', 'resistance'],
  [3, 'X3', 'resistance'],
  [4, 'X4', 'resistance'],
  [5, 'X5', 'resistance'],
  [6, 'X6', 'resistance'],
  [7, 'X1E', 'resistance'],
  [8, 'X1L', 'resistance'],
  [9, 'X3S', 'resistance'],
  [10, 'XPM', 'pt'],
  [11, 'A1', 'analog'],
  [12, 'A1G', 'analog'],
  [13, 'A1B', 'analog'],
  [14, 'A1GB', 'analog'],
  [20, 'FA1', 'analog'],
  [21, 'CNL1', 'switch'],
  [22, 'CNL1G', 'switch'],
  [23, 'CNL1B', 'switch'],
  [24, 'CNL1GB', 'switch'],
  [25, 'CNL2', 'switch'],
  [26, 'CNL2G', 'switch'],
  [27, 'CNL2B', 'switch'],
  [28, 'CNL2GB', 'switch'],
  [41, 'AWG', 'awg'],
];

const thirdParty: Array<[number, string, DeviceFamily]> = [
  [200, 'Temperature/humidity', 'climate'],
  [201, 'Switch', 'switch'],
  [202, 'Analog', 'analog'],
  [203, 'Motion', 'motion'],
  [204, 'Comfort', 'climate'],
  [205, 'Pulse', 'pulse'],
  [206, 'Delta-P', 'pressure'],
  [207, 'CO2', 'co2'],
  [208, 'Sound', 'sound'],
  [209, 'Valve', 'valve'],
  [210, 'Temperature', 'temperature'],
  [219, 'Parking', 'parking'],
  [225, 'Parking (in-ground)', 'parking'],
  [227, 'Parking (surface)', 'parking'],
  [230, 'Waste', 'waste'],
  [243, 'Separate list', 'other'],
];

export const DEVICE_TYPES: readonly DeviceType[] = [
  ...own.map(([code, model, family]) => ({ code, model, family, thirdParty: false })),
  ...thirdParty.map(([code, model, family]) => ({ code, model, family, thirdParty: true })),
];

const byCode = new Map(DEVICE_TYPES.map((t) => [t.code, t]));

export const THIRD_PARTY_FROM = 200;
export const PARKING_TYPE_CODES = [219, 225, 227] as const;

export function deviceType(code: number): DeviceType | undefined {
  return byCode.get(code);
}

/** Model name for a type code; unknown codes show as "Type <code>". */
export function modelName(code: number): string {
  return byCode.get(code)?.model ?? `Type ${code}`;
}

export function isParkingType(code: number): boolean {
  return (PARKING_TYPE_CODES as readonly number[]).includes(code);
}

export function isThirdPartyType(code: number): boolean {
  return code >= THIRD_PARTY_FROM;
}

/** Channel kinds (spec §3). */
export const CHANNEL_KINDS = ['analog', 'formula', 'pt', 'switch', 'channel'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** Unit actions (spec §4). */
export const UNIT_ACTIONS = [
  'getData',
  'getRadarAndData',
  'getSettings',
  'purgeData',
  'restart',
  'sendSettings',
  'setTime',
  'test',
] as const;
export type UnitAction = (typeof UNIT_ACTIONS)[number];

/**
 * What the relay shows: initializing until the unit first reported, pending (or resetting) while a
 * switch (or reset) command is on its way, on/off once the unit acknowledged, error when the
 * command failed or timed out ("Error updating relay").
 */
export const RELAY_STATES = ['initializing', 'pending', 'on', 'off', 'error', 'resetting'] as const;
export type RelayState = (typeof RELAY_STATES)[number];

/**
 * The life of a command sent to a unit (a unit action, a relay switch, a firmware update):
 * queued (stored, waiting for the unit's next contact) → sent (handed to the unit) → acknowledged,
 * or failed (the unit refused it) or timedOut (no answer within COMMAND_TIMEOUT_MS of being sent).
 */
export const COMMAND_STATES = ['queued', 'sent', 'acknowledged', 'failed', 'timedOut'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
/** States a command can still leave. */
export const OPEN_COMMAND_STATES: readonly CommandState[] = ['queued', 'sent'];
export const isCommandOpen = (s: CommandState): boolean => OPEN_COMMAND_STATES.includes(s);
/** A command not acknowledged this long after it was sent has timed out. */
export const COMMAND_TIMEOUT_MS = 120_000;
/** Commands besides the unit actions: switching or resetting the relay, updating the firmware. */
export const COMMAND_KINDS = [...UNIT_ACTIONS, 'switchRelay', 'resetRelay', 'updateFirmware'] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];
/** Unit actions that lose data or interrupt the unit: the user confirms them, naming the units. */
export const DESTRUCTIVE_UNIT_ACTIONS: readonly UnitAction[] = ['purgeData', 'restart'];
