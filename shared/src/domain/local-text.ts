/**
 * Text the server writes (event titles, notification messages, alarm task titles, alarm texts) is
 * stored as a translation key of the common namespace with parameters, beside the English text it
 * also keeps for API compatibility. Each reader renders it in his own language: the browser with
 * its i18next, the server (mails) with server/src/i18n.
 *
 * Parameter conventions, so a stored text never holds an English word:
 * - `alarmType`: an alarm type number, rendered as that type's name (common alarmType.<n>);
 * - `unitType`: a unit type code, rendered as its model name (common unitType.<code> when the
 *   catalogue has one, else the model name, which is the same in every language);
 * - a parameter whose value is itself a LocalText (e.g. the alarm text inside a notification
 *   message) is rendered first, by the same rules;
 * - `text`, when a string: an alarm text as stored, shown translated when the server wrote it
 *   (alarmTextLocal), so messages stored before their alarm text had a key read translated too.
 */
import { alarmTypeKey, alarmTypeName } from './alarm-types';
import { modelName } from './device-types';

export type LocalTextParam = string | number | LocalText;

export interface LocalText {
  /** A key of the common namespace, e.g. serverText.alarmEventTitle. */
  key: string;
  params?: Record<string, LocalTextParam>;
}

/** i18next's t (any namespace bound): the key and its values. */
export type TextFunction = (key: string, params?: Record<string, unknown>) => string;

export const LOCAL_TEXT_NS = 'common';

export function localText(key: string, params?: Record<string, LocalTextParam>): LocalText {
  return params ? { key, params } : { key };
}

export function isLocalText(v: unknown): v is LocalText {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  if (typeof o.key !== 'string' || o.key === '') return false;
  if (o.params === undefined) return true;
  if (typeof o.params !== 'object' || o.params === null || Array.isArray(o.params)) return false;
  return Object.values(o.params as Record<string, unknown>).every(
    (p) => typeof p === 'string' || typeof p === 'number' || isLocalText(p),
  );
}

/** The translation of a common key, or undefined when the catalogue lacks it. */
function lookup(key: string, t: TextFunction, values?: Record<string, unknown>): string | undefined {
  // Not escaped: the text is shown as text (React escapes it), never as markup.
  const out = t(key, { ...values, ns: LOCAL_TEXT_NS, interpolation: { escapeValue: false } });
  if (typeof out !== 'string' || out === '' || out === key || out === `${LOCAL_TEXT_NS}:${key}`) return undefined;
  return out;
}

/** An alarm type number's name in t's language (English name when the catalogue lacks it). */
export function renderAlarmType(type: number, t: TextFunction): string {
  return lookup(alarmTypeKey(type), t) ?? lookup('alarmType.unknown', t, { type }) ?? alarmTypeName(type);
}

/** A unit type code's name in t's language (model names are the same in every language). */
export function renderUnitType(code: number, t: TextFunction): string {
  return lookup(`unitType.${code}`, t) ?? modelName(code);
}

function renderParam(name: string, value: LocalTextParam, t: TextFunction): string | number | undefined {
  if (typeof value === 'object') return renderOrUndefined(value, t);
  if (name === 'text' && typeof value === 'string') return renderAlarmText(value, t);
  const n = typeof value === 'number' ? value : Number(value);
  if (name === 'alarmType' && Number.isInteger(n)) return renderAlarmType(n, t);
  if (name === 'unitType' && Number.isInteger(n)) return renderUnitType(n, t);
  return value;
}

function renderOrUndefined(text: LocalText, t: TextFunction): string | undefined {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(text.params ?? {})) {
    const v = renderParam(name, value, t);
    if (v === undefined) return undefined;
    values[name] = v;
  }
  return lookup(text.key, t, values);
}

/**
 * The text in t's language; `fallback` (the stored English text) when there is no LocalText, it is
 * malformed, or its key (or a nested one) is not in the catalogue.
 */
export function renderLocalText(text: LocalText | undefined | null, fallback: string, t: TextFunction): string {
  if (!isLocalText(text)) return fallback;
  return renderOrUndefined(text, t) ?? fallback;
}

/** English (or any) text from a catalogue object (lang's common bundle), without i18next. */
export function textFunctionOf(catalogue: Record<string, unknown>, fallback?: Record<string, unknown>): TextFunction {
  const get = (cat: Record<string, unknown> | undefined, key: string): string | undefined => {
    let cur: unknown = cat;
    for (const part of key.split('.')) {
      if (typeof cur !== 'object' || cur === null) return undefined;
      cur = (cur as Record<string, unknown>)[part];
    }
    return typeof cur === 'string' ? cur : undefined;
  };
  return (key, params) => {
    const raw = get(catalogue, key) ?? get(fallback, key);
    if (raw === undefined) return key;
    return raw.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) =>
      params && name in params && params[name] !== undefined ? String(params[name]) : whole,
    );
  };
}

/** The English text of a LocalText with an English catalogue (what the server stores as title/message). */
export function localTextEnglish(text: LocalText, enCommon: Record<string, unknown>, fallback = ''): string {
  return renderLocalText(text, fallback, textFunctionOf(enCommon));
}

// ───────────────────────── The server's texts ─────────────────────────

/** Keys of the texts the server writes (common namespace, serverText.*). */
export const SERVER_TEXT = {
  alarmEventTitle: 'serverText.alarmEventTitle',
  alarmMessage: 'serverText.alarmMessage',
  alarmMessageTypeOnly: 'serverText.alarmMessageTypeOnly',
  reminder: 'serverText.reminder',
  aboveHigh: 'serverText.alarmText.aboveHigh',
  belowLow: 'serverText.alarmText.belowLow',
  noContactSince: 'serverText.alarmText.noContactSince',
  aboveLimit: 'serverText.alarmText.aboveLimit',
  belowLimit: 'serverText.alarmText.belowLimit',
  insulationBelow: 'serverText.alarmText.insulationBelow',
  formulaAbove: 'serverText.alarmText.formulaAbove',
  levelSwitch: 'serverText.alarmText.levelSwitch',
} as const;

/** Measured quantities named in alarm texts (common serverText.quantity.<id>). */
const QUANTITIES: Record<string, string> = {
  'Battery voltage': 'batteryVoltage',
  'Loop resistance': 'loopResistance',
  Temperature: 'temperature',
  CO2: 'co2',
  'Fill level': 'fillLevel',
  'Differential pressure': 'differentialPressure',
  Level: 'level',
};
const QUANTITY_RX = new RegExp(`^(${Object.keys(QUANTITIES).join('|')}) (.+?) (above|below) limit (.+)$`);

/** Alarm texts without values (common serverText.alarmText.<id>). */
const FIXED_TEXTS: Record<string, string> = {
  'Lid opened': 'lidOpened',
  'Cabinet door opened': 'cabinetDoorOpened',
  'Tamper switch triggered': 'tamperSwitchTriggered',
  'Loop open circuit detected': 'loopOpenCircuit',
};

/** Event title of an alarm: "<alarm type>: <unit name>". */
export function alarmEventTitleText(alarmType: number, unitName: string): LocalText {
  return { key: SERVER_TEXT.alarmEventTitle, params: { alarmType, unit: unitName } };
}

/**
 * The alarm texts the server writes (alarm-limits.ts crossingText, the communication watchdog,
 * the demo fleet's alarms), recognised in their stored English form; undefined for any other text
 * (ingested from elsewhere, typed by a person), which then shows as it was written.
 */
export function alarmTextLocal(text: string): LocalText | undefined {
  const crossing = /^Value (.+) (above high|below low) limit (.+) \(level (\d+)\)$/.exec(text);
  if (crossing) {
    const [, value, side, limit, level] = crossing;
    return {
      key: side === 'above high' ? SERVER_TEXT.aboveHigh : SERVER_TEXT.belowLow,
      params: { value: value!, limit: limit!, level: Number(level) },
    };
  }
  const noContact = /^No contact since (.+) UTC$/.exec(text);
  if (noContact) return { key: SERVER_TEXT.noContactSince, params: { time: noContact[1]! } };
  const measured = QUANTITY_RX.exec(text);
  if (measured) {
    const [, quantity, value, side, limit] = measured;
    return {
      key: side === 'above' ? SERVER_TEXT.aboveLimit : SERVER_TEXT.belowLimit,
      params: { quantity: { key: `serverText.quantity.${QUANTITIES[quantity!]}` }, value: value!, limit: limit! },
    };
  }
  const insulation = /^Insulation resistance (.+) below level (\d+) limit (.+)$/.exec(text);
  if (insulation)
    return {
      key: SERVER_TEXT.insulationBelow,
      params: { value: insulation[1]!, level: Number(insulation[2]), limit: insulation[3]! },
    };
  const formula = /^Level (.+) above formula level (\d+) limit (.+)$/.exec(text);
  if (formula)
    return { key: SERVER_TEXT.formulaAbove, params: { value: formula[1]!, level: Number(formula[2]), limit: formula[3]! } };
  const levelSwitch = /^Level switch (\d+) activated$/.exec(text);
  if (levelSwitch) return { key: SERVER_TEXT.levelSwitch, params: { level: Number(levelSwitch[1]) } };
  const fixed = FIXED_TEXTS[text];
  if (fixed) return { key: `serverText.alarmText.${fixed}` };
  return undefined;
}

/** An alarm text (AlarmEventText) in t's language when the server wrote it, else as stored. */
export function renderAlarmText(text: string | undefined | null, t: TextFunction): string {
  const raw = text ?? '';
  return renderLocalText(alarmTextLocal(raw), raw, t);
}

/** Notification message of an alarm: "<alarm type> <alarm text>" (spec §3). */
export function alarmMessageText(alarmType: number, text: string | undefined, textLocal?: LocalText): LocalText {
  const raw = (text ?? '').trim();
  if (!raw) return { key: SERVER_TEXT.alarmMessageTypeOnly, params: { alarmType } };
  return { key: SERVER_TEXT.alarmMessage, params: { alarmType, text: textLocal ?? alarmTextLocal(raw) ?? raw } };
}

/** A reminder's message (alarm-state.ts asReminder) around the message it repeats. */
export function reminderText(repeat: number, message: LocalText): LocalText {
  return { key: SERVER_TEXT.reminder, params: { repeat, message } };
}

/** A measurement line of a unit's log: "<channel name> (channel <n>): <value>". */
export function logMeasurementText(channelName: string, channelNo: number, value: number): LocalText {
  return channelName
    ? { key: 'serverText.log.measurement', params: { channel: channelName, no: channelNo, value } }
    : { key: 'serverText.log.measurementUnnamed', params: { no: channelNo, value } };
}

/** An alarm line of a unit's log: "<alarm type>: <alarm text>". */
export function logAlarmText(alarmType: number, text: string): LocalText {
  return text
    ? { key: 'serverText.log.alarm', params: { alarmType, text } }
    : { key: SERVER_TEXT.alarmMessageTypeOnly, params: { alarmType } };
}
