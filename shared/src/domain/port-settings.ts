/**
 * A unit's port settings (spec §2 "port settings"): per channel its kind, name, unit of measure and
 * the scaling of its raw reading, value = raw × factor + offset. Pure: the server's channel writes,
 * its settings check and ingestion (which stores every reading scaled) and the browser's ports tab
 * (its form and its preview) use exactly this code.
 *
 * Kinds (spec §3): analog, formula, pt and switch are the ports a user sets up; `channel` is one of
 * the unit's own measurements (battery voltage, signal strength, internal temperature, resistance),
 * whose kind is fixed: it cannot be changed, and no port becomes one.
 *
 * What each kind takes:
 * - analog, formula: any unit of measure; a factor that is a finite number other than 0, a finite offset.
 * - pt (a PT100/PT1000 temperature input): a unit of measure °C, °F or K; scaling as analog (a calibration).
 * - switch: reads on (1) or off (0): no unit of measure and no scaling (factor 1, offset 0).
 * A port whose kind changes takes the new kind's defaults for what the change does not give:
 * a switch drops its unit of measure and scaling, a pt without a temperature unit gets °C.
 *
 * Scaling lives in the unit's settings document, section `ports`, keys ch<n>Factor and ch<n>Offset
 * (saved under the document's revision); a channel without them reads raw values unchanged.
 */
import type { ChannelKind } from './device-types';

/** A value of a unit's settings document (as contract/devices SettingsValue). */
type SettingsValue = string | number | boolean | null;

/** The kinds a port can be set to. */
export const PORT_KINDS = ['analog', 'formula', 'pt', 'switch'] as const;
export type PortKind = (typeof PORT_KINDS)[number];
/** Units of measure of a pt (temperature) port. */
export const PT_UNITS = ['°C', '°F', 'K'] as const;
/** Longest name and unit of measure of a channel. */
export const CHANNEL_TEXT_MAX = 100;

/** The settings section and keys of a channel's scaling. */
export const PORTS_SECTION = 'ports';
export const factorKey = (channel: number) => `ch${channel}Factor`;
export const offsetKey = (channel: number) => `ch${channel}Offset`;
const SCALING_KEY = /^ch([0-9]{1,4})(Factor|Offset)$/;

export interface PortScaling {
  factor: number;
  offset: number;
}
export const IDENTITY_SCALING: Readonly<PortScaling> = { factor: 1, offset: 0 };

/** One channel as the ports tab shows and writes it. */
export interface PortSettings extends PortScaling {
  kind: ChannelKind;
  name: string;
  unitOfMeasure: string;
}

/** A change of a port: fields left out keep theirs (or take the new kind's defaults). */
export type PortPatch = Partial<PortSettings>;

export type PortProblemCode =
  | 'kindUnknown'
  | 'kindFixed'
  | 'nameBlank'
  | 'nameTooLong'
  | 'unitTooLong'
  | 'factorInvalid'
  | 'offsetInvalid'
  | 'ptUnit'
  | 'switchUnit'
  | 'switchScaling';

export interface PortProblem {
  field: keyof PortSettings;
  code: PortProblemCode;
  /** The server's answer (English); the browser shows its own translation of `code`. */
  message: string;
}

export const PORT_MESSAGES: Record<PortProblemCode, string> = {
  kindUnknown: `The kind of a port is one of ${PORT_KINDS.join(', ')}`,
  kindFixed: "This channel is one of the unit's own measurements: its kind cannot be changed",
  nameBlank: 'Give the channel a name',
  nameTooLong: `A channel name has at most ${CHANNEL_TEXT_MAX} characters`,
  unitTooLong: `A unit of measure has at most ${CHANNEL_TEXT_MAX} characters`,
  factorInvalid: 'The factor must be a number other than 0',
  offsetInvalid: 'The offset must be a number',
  ptUnit: `A PT (temperature) channel measures in ${PT_UNITS.join(', ')}`,
  switchUnit: 'A switch channel reads on or off and has no unit of measure',
  switchScaling: 'A switch channel reads on or off and takes no scaling: factor 1, offset 0',
};

export function isPortKind(kind: unknown): kind is PortKind {
  return (PORT_KINDS as readonly unknown[]).includes(kind);
}

const isFactor = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v !== 0;
const isOffset = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The scaling of `channel` in a settings document's `ports` section. A value that is missing or not
 * a valid factor/offset (never stored through the checks below) counts as no scaling.
 */
export function scalingOf(section: Readonly<Record<string, SettingsValue>> | undefined, channel: number): PortScaling {
  const factor = section?.[factorKey(channel)];
  const offset = section?.[offsetKey(channel)];
  return { factor: isFactor(factor) ? factor : 1, offset: isOffset(offset) ? offset : 0 };
}

export function isIdentityScaling(s: PortScaling): boolean {
  return s.factor === 1 && s.offset === 0;
}

/**
 * A raw reading scaled: raw × factor + offset, to 12 significant digits (so 0.1 × 3 is 0.3, not
 * 0.30000000000000004). Not finite when the reading or the result is not.
 */
export function applyScaling(raw: number, s: PortScaling): number {
  if (isIdentityScaling(s)) return raw;
  const v = raw * s.factor + s.offset;
  return Number.isFinite(v) ? Number.parseFloat(v.toPrecision(12)) : v;
}

/**
 * The port after `patch`: what it gives, and for a change of kind the new kind's defaults where the
 * patch gives nothing (a switch: no unit of measure and no scaling; a pt: °C unless its unit already
 * is a temperature unit). Texts are trimmed. Check the result with validatePort.
 */
export function mergePort(current: PortSettings, patch: PortPatch): PortSettings {
  const kind = patch.kind ?? current.kind;
  const next: PortSettings = {
    kind,
    name: (patch.name ?? current.name).trim(),
    unitOfMeasure: (patch.unitOfMeasure ?? current.unitOfMeasure).trim(),
    factor: patch.factor ?? current.factor,
    offset: patch.offset ?? current.offset,
  };
  if (kind !== current.kind) {
    if (kind === 'switch') {
      if (patch.unitOfMeasure === undefined) next.unitOfMeasure = '';
      if (patch.factor === undefined) next.factor = 1;
      if (patch.offset === undefined) next.offset = 0;
    }
    if (kind === 'pt' && patch.unitOfMeasure === undefined && !(PT_UNITS as readonly string[]).includes(next.unitOfMeasure))
      next.unitOfMeasure = PT_UNITS[0];
  }
  return next;
}

/** Problems of a port that was `currentKind` becoming `next` (empty when it may be stored). */
export function validatePort(next: PortSettings, currentKind: ChannelKind): PortProblem[] {
  const problems: PortProblem[] = [];
  const add = (field: keyof PortSettings, code: PortProblemCode) => problems.push({ field, code, message: PORT_MESSAGES[code] });
  if (next.kind !== currentKind) {
    if (currentKind === 'channel') add('kind', 'kindFixed');
    else if (!isPortKind(next.kind)) add('kind', 'kindUnknown');
  } else if (currentKind !== 'channel' && !isPortKind(next.kind)) add('kind', 'kindUnknown');
  if (next.name.trim() === '') add('name', 'nameBlank');
  if (next.name.length > CHANNEL_TEXT_MAX) add('name', 'nameTooLong');
  if (next.unitOfMeasure.length > CHANNEL_TEXT_MAX) add('unitOfMeasure', 'unitTooLong');
  if (!isFactor(next.factor)) add('factor', 'factorInvalid');
  if (!isOffset(next.offset)) add('offset', 'offsetInvalid');
  if (next.kind === 'pt' && !(PT_UNITS as readonly string[]).includes(next.unitOfMeasure)) add('unitOfMeasure', 'ptUnit');
  if (next.kind === 'switch') {
    if (next.unitOfMeasure !== '') add('unitOfMeasure', 'switchUnit');
    if (isFactor(next.factor) && isOffset(next.offset) && !isIdentityScaling(next)) add('factor', 'switchScaling');
  }
  return problems;
}

/** mergePort, then validatePort against the current kind. */
export function changePort(current: PortSettings, patch: PortPatch): { port: PortSettings; problems: PortProblem[] } {
  const port = mergePort(current, patch);
  return { port, problems: validatePort(port, current.kind) };
}

/**
 * Problems of the scaling keys of a settings document's `ports` section that differ from the stored
 * section (a whole-document save checks only what it changes). `kinds`: the unit's channels.
 */
export function validatePortsSection(
  next: Readonly<Record<string, SettingsValue>> | undefined,
  stored: Readonly<Record<string, SettingsValue>> | undefined,
  kinds: ReadonlyMap<number, ChannelKind>,
): string[] {
  const problems: string[] = [];
  const changed = new Set<number>();
  for (const key of new Set([...Object.keys(next ?? {}), ...Object.keys(stored ?? {})])) {
    if (next?.[key] === stored?.[key]) continue;
    const m = SCALING_KEY.exec(key);
    if (!m) {
      problems.push(`${PORTS_SECTION}.${key} is not a port setting: use ch<channel>Factor or ch<channel>Offset`);
      continue;
    }
    const channel = Number(m[1]);
    if (!kinds.has(channel)) problems.push(`${PORTS_SECTION}.${key}: the unit has no channel ${channel}`);
    else changed.add(channel);
  }
  for (const channel of changed) {
    const f = next?.[factorKey(channel)];
    const o = next?.[offsetKey(channel)];
    if (f !== undefined && f !== null && !isFactor(f)) problems.push(`${PORTS_SECTION}.${factorKey(channel)}: ${PORT_MESSAGES.factorInvalid}`);
    if (o !== undefined && o !== null && !isOffset(o)) problems.push(`${PORTS_SECTION}.${offsetKey(channel)}: ${PORT_MESSAGES.offsetInvalid}`);
    if (kinds.get(channel) === 'switch' && !isIdentityScaling(scalingOf(next, channel)))
      problems.push(`${PORTS_SECTION}.ch${channel}: ${PORT_MESSAGES.switchScaling}`);
  }
  return problems;
}

/** One channel with its scaling (GET /api/v3/device/devices/:id/channels). */
export interface PortChannel extends PortSettings {
  channelNo: number;
}

/** A unit's channels with their scaling, and the revision of the settings document the scaling is in. */
export interface UnitPorts {
  unitId: number;
  revision: number;
  channels: PortChannel[];
}
