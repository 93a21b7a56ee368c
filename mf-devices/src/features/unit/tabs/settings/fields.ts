/**
 * The fields of the settings tabs (schedule, GPRS, network, cellular, custom brand, location): where
 * each lives in the unit's settings document, what it accepts, its label and help text (devices
 * namespace, unit.field.*). Defaults are what a unit uses before anyone saved the setting; the
 * schedule's interval defaults are the server's (general.measureIntervalMin / sendIntervalMin).
 */
import type { SettingsField } from '../../settings/fields';

const HOST = /^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/;
const APN = /^[A-Za-z0-9]([A-Za-z0-9.-]{0,61}[A-Za-z0-9])?$/;
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

export const SCHEDULE_FIELDS: readonly SettingsField[] = [
  {
    kind: 'number',
    section: 'general',
    key: 'measureIntervalMin',
    label: 'unit.field.measureInterval',
    min: 1,
    max: 1440,
    unit: 'unit.field.minutes',
    default: 15,
  },
  {
    kind: 'number',
    section: 'general',
    key: 'sendIntervalMin',
    label: 'unit.field.sendInterval',
    min: 1,
    max: 10080,
    unit: 'unit.field.minutes',
    default: 60,
  },
  {
    kind: 'choice',
    section: 'general',
    key: 'timezone',
    label: 'unit.field.timezone',
    options: ['UTC', 'Europe/Stockholm', 'Europe/Copenhagen', 'Europe/Berlin'],
    default: 'UTC',
  },
  {
    kind: 'bool',
    section: 'scheduledAlarm',
    key: 'enabled',
    label: 'unit.field.scheduledAlarm',
    default: false,
  },
  {
    kind: 'text',
    section: 'scheduledAlarm',
    key: 'time',
    label: 'unit.field.scheduledAlarmTime',
    maxLength: 5,
    pattern: TIME,
    patternMessage: 'unit.form.time',
    required: true,
    default: '08:00',
  },
  {
    kind: 'number',
    section: 'scheduledAlarm',
    key: 'everyDays',
    label: 'unit.field.scheduledAlarmDays',
    min: 1,
    max: 31,
    unit: 'unit.field.days',
    default: 1,
  },
];

export const GPRS_FIELDS: readonly SettingsField[] = [
  { kind: 'bool', section: 'gprs', key: 'fallback', label: 'unit.field.gprsFallback', default: true },
  {
    kind: 'text',
    section: 'gprs',
    key: 'apn',
    label: 'unit.field.gprsApn',
    maxLength: 63,
    pattern: APN,
    patternMessage: 'unit.form.apn',
    default: 'internet',
  },
  { kind: 'text', section: 'gprs', key: 'user', label: 'unit.field.gprsUser', maxLength: 64, default: '' },
  {
    kind: 'number',
    section: 'gprs',
    key: 'retries',
    label: 'unit.field.gprsRetries',
    min: 0,
    max: 10,
    default: 3,
  },
];

export const NETWORK_FIELDS: readonly SettingsField[] = [
  {
    kind: 'choice',
    section: 'radio',
    key: 'mode',
    label: 'unit.field.radioMode',
    options: ['nb-iot', 'lte-m', 'gprs', 'lora'],
    default: 'nb-iot',
  },
  { kind: 'bool', section: 'radio', key: 'powerSave', label: 'unit.field.powerSave', default: true },
  {
    kind: 'text',
    section: 'network',
    key: 'host',
    label: 'unit.field.serverHost',
    maxLength: 253,
    pattern: HOST,
    patternMessage: 'unit.form.host',
    required: true,
    default: 'ingest.fieldwatch.local',
  },
  {
    kind: 'number',
    section: 'network',
    key: 'port',
    label: 'unit.field.serverPort',
    min: 1,
    max: 65535,
    default: 5683,
  },
  {
    kind: 'choice',
    section: 'network',
    key: 'protocol',
    label: 'unit.field.protocol',
    options: ['coap', 'mqtt', 'udp', 'tcp'],
    default: 'coap',
  },
];

export const CELLULAR_FIELDS: readonly SettingsField[] = [
  {
    kind: 'text',
    section: 'cellular',
    key: 'apn',
    label: 'unit.field.cellularApn',
    maxLength: 63,
    pattern: APN,
    patternMessage: 'unit.form.apn',
    default: 'iot.telia.se',
  },
  {
    kind: 'choice',
    section: 'cellular',
    key: 'operatorMode',
    label: 'unit.field.operatorMode',
    options: ['auto', 'manual'],
    default: 'auto',
  },
  {
    kind: 'text',
    section: 'cellular',
    key: 'operator',
    label: 'unit.field.operator',
    maxLength: 40,
    default: '',
  },
];

export const BRAND_ICONS = ['unit', 'device', 'pin', 'building', 'monitor', 'chart'] as const;
export const BRAND_FIELDS: readonly SettingsField[] = [
  {
    kind: 'text',
    section: 'brand',
    key: 'label',
    label: 'unit.field.brandLabel',
    maxLength: 40,
    default: '',
  },
  { kind: 'color', section: 'brand', key: 'color', label: 'unit.field.brandColor', default: '#2f80ed' },
  {
    kind: 'choice',
    section: 'brand',
    key: 'icon',
    label: 'unit.field.brandIcon',
    options: BRAND_ICONS,
    default: 'unit',
  },
];

export const LOCATION_FIELDS: readonly SettingsField[] = [
  {
    kind: 'text',
    section: 'location',
    key: 'address',
    label: 'unit.field.address',
    maxLength: 200,
    default: '',
  },
  {
    kind: 'number',
    section: 'location',
    key: 'lat',
    label: 'unit.field.lat',
    min: -90,
    max: 90,
    integer: false,
    optional: true,
    default: null,
  },
  {
    kind: 'number',
    section: 'location',
    key: 'lon',
    label: 'unit.field.lon',
    min: -180,
    max: 180,
    integer: false,
    optional: true,
    default: null,
  },
];
