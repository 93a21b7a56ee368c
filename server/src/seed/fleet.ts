/**
 * The demo fleet as plain data, generated from a seed: two organisations, three users, ~260 units
 * in Swedish and Danish towns with channels, alarms and NFC tags, and a tree of regions (groups) →
 * sites (locations, one per town) → units. Pure (no I/O, no clock unless
 * given), so the same seed and `now` always give the same fleet — seed.ts writes it.
 */
import {
  deviceType,
  INACTIVE_UNIT_MARKER,
  installedName,
  isParkingType,
  RIGHTS,
  USER_TYPES,
  type ChannelKind,
  type DeviceFamily,
  type Right,
  type UserType,
} from '@fieldwatch/shared';
import { createRng, type Rng } from './prng';
import { GARAGES, REGIONS, TOWNS, type OrgKey } from './places';

export const DEMO_SEED = 0x0f1e1d;
export const DEMO_PASSWORD = 'fieldwatch-demo';
/** Unit ids start here, so they never look like organisation or user ids. */
export const FIRST_UNIT_ID = 10_001;
/**
 * Tags with fixed ids for manual and end-to-end tests of the onboarding flow: one not activated
 * (the banner names it; screenshots and journeys look at it, none activates it), one activated,
 * and one not activated that the activation journey (e2e onboarding-activate.spec.ts) activates —
 * nothing else uses it.
 */
export const DEMO_TAGS = {
  notActivated: '8d3f6a2e-5c1b-4e7a-9f0d-2b6c8e4a1f35',
  activated: '1b7e4c9a-3d2f-4a6b-8e5c-7f0a9d2b4c61',
  journey: '5e2d0c4b-7a19-4f6e-b3d8-9c0a1e2f3b47',
  /** Activated only by the journey of the flow embedded on a partner page (e2e onboarding-embed.spec.ts). */
  partner: '0c6f2b9e-41d7-4a85-9e3b-6d2a7f1c8e59',
  /** Activated only by the journey of a new user registering from the tag's page (e2e onboarding-activate.spec.ts). */
  newUser: '3a9d5e7c-2b4f-4c1a-8d6e-5f0b9c7a2e14',
} as const;

export interface DemoOrg {
  key: OrgKey;
  name: string;
  rights: Right[];
}
export interface DemoUser {
  username: string;
  name: string;
  title: string;
  email: string;
  phone: string;
  location: string;
  userType: UserType;
  orgs: OrgKey[];
}
export interface DemoUnit {
  id: number;
  org: OrgKey;
  name: string;
  location: string;
  type: number;
  lat: number;
  lon: number;
  installed: boolean;
}
export interface DemoChannel {
  unitId: number;
  channelNo: number;
  kind: ChannelKind;
  name: string;
  unitOfMeasure: string;
}
export interface DemoAlarm {
  unitId: number;
  channelId: number;
  alarmType: number;
  text: string;
  eventTime: Date;
  active: boolean;
}
export interface DemoTag {
  tagUuid: string;
  unitId: number;
  activatedAt: Date | null;
}
/** A group (region) or location (site); listed parents first. */
export interface DemoContainer {
  id: string;
  org: OrgKey;
  kind: 'group' | 'location';
  name: string;
  parentId: string | null;
  content: Array<{ type: 'unit' | 'location'; name: string; target: string }>;
}
export interface DemoData {
  orgs: DemoOrg[];
  users: DemoUser[];
  units: DemoUnit[];
  channels: DemoChannel[];
  alarms: DemoAlarm[];
  tags: DemoTag[];
  containers: DemoContainer[];
}

export const DEMO_ORGS: readonly DemoOrg[] = [
  { key: 'nordic', name: 'Nordic Utilities', rights: [RIGHTS.GIS, RIGHTS.Parking] },
  { key: 'baltic', name: 'Baltic Water', rights: [RIGHTS.GIS] },
];

export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'demo.super',
    name: 'Signe Lindqvist',
    title: 'Operations manager',
    email: 'signe.lindqvist@fieldwatch.example',
    phone: '+46 70 123 45 67',
    location: 'Stockholm',
    userType: USER_TYPES.SuperUser,
    orgs: ['nordic', 'baltic'],
  },
  {
    username: 'demo.user',
    name: 'Erik Johansson',
    title: 'Field technician',
    email: 'erik.johansson@fieldwatch.example',
    phone: '+46 70 234 56 78',
    location: 'Uppsala',
    userType: USER_TYPES.User,
    orgs: ['nordic'],
  },
  {
    username: 'demo.reader',
    name: 'Freja Hansen',
    title: 'Analyst',
    email: 'freja.hansen@fieldwatch.example',
    phone: '+45 20 12 34 56',
    location: 'Odense',
    userType: USER_TYPES.Reader,
    orgs: ['baltic'],
  },
];

/** Type codes and weights per organisation: parking only for Nordic Utilities (it has the right). */
const TYPE_MIX: Record<OrgKey, ReadonlyArray<[number, number]>> = {
  nordic: [
    [219, 8],
    [225, 7],
    [227, 7],
    [1, 6],
    [2, 3],
    [3, 2],
    [4, 3],
    [5, 2],
    [6, 1],
    [7, 2],
    [8, 2],
    [9, 2],
    [11, 4],
    [12, 2],
    [20, 2],
    [21, 3],
    [22, 1],
    [25, 2],
    [10, 3],
    [41, 2],
    [200, 3],
    [203, 1],
    [204, 2],
    [207, 5],
    [230, 6],
    [243, 3],
  ],
  baltic: [
    [11, 6],
    [13, 2],
    [14, 2],
    [20, 4],
    [21, 5],
    [23, 3],
    [26, 2],
    [27, 1],
    [28, 1],
    [1, 2],
    [41, 2],
    [201, 2],
    [202, 2],
    [205, 5],
    [206, 4],
    [207, 4],
    [208, 1],
    [209, 3],
    [210, 3],
    [230, 5],
    [243, 3],
  ],
};

const NAMES: Record<DeviceFamily, readonly string[]> = {
  resistance: ['District heating well', 'Pipe section'],
  analog: ['Pump station', 'Reservoar', 'Water tower', 'Level sensor'],
  switch: ['Pump station', 'Overflow', 'Manhole'],
  pt: ['Heat exchanger', 'Boiler room'],
  awg: ['Weather station'],
  climate: ['Classroom climate', 'Office climate'],
  motion: ['Entrance motion'],
  pulse: ['Water meter'],
  pressure: ['Filter station'],
  co2: ['CO2 Classroom', 'CO2 Office'],
  sound: ['Noise monitor'],
  valve: ['Valve chamber'],
  temperature: ['Cold storage'],
  parking: ['Parking'],
  waste: ['Waste bin', 'Recycling station'],
  other: ['Meter cabinet'],
};

/** Channels every unit has (one of each kind at least), then extras for resistance sensors. */
const BASE_CHANNELS: ReadonlyArray<[ChannelKind, string, string]> = [
  ['analog', 'Analogue 1', 'mA'],
  ['formula', 'Level formula 1', '%'],
  ['pt', 'PT 1', '°C'],
  ['switch', 'Level switch 1', ''],
  ['channel', 'Battery voltage', 'V'],
  ['channel', 'Internal temperature', '°C'],
  ['channel', 'Signal strength', 'dBm'],
  ['switch', 'Intrusion', ''],
];
const RESISTANCE_CHANNELS: ReadonlyArray<[ChannelKind, string, string]> = [
  ['channel', 'Resistance 1', 'kΩ'],
  ['channel', 'Loop resistance 1', 'Ω'],
];
/**
 * Extra channels of some families, after the base ones (so base channel numbers stay the same):
 * CO2 sensors measure CO2 and humidity, climate sensors humidity, pulse meters a rising counter.
 */
const FAMILY_CHANNELS: Partial<Record<DeviceFamily, ReadonlyArray<[ChannelKind, string, string]>>> = {
  co2: [
    ['analog', 'CO2', 'ppm'],
    ['analog', 'Humidity', '%RH'],
  ],
  climate: [['analog', 'Humidity', '%RH']],
  pulse: [['channel', 'Pulse 1', 'm³']],
};
/**
 * Third-party sensors (type codes from 200, spec §3) report what their type measures and their
 * radio's diagnostics (battery, signal strength) — not the logger inputs of our own hardware (an
 * "Analogue 1 (mA)" on a parking sensor means nothing). By channel_no of BASE_CHANNELS; a family's
 * own channels (FAMILY_CHANNELS) are always kept. The numbers stay those of the full list, so a
 * channel has the same number on every unit that has it. Types without an entry keep every channel.
 */
const THIRD_PARTY_BASE: Partial<Record<DeviceFamily, readonly number[]>> = {
  climate: [3, 5, 7],
  co2: [3, 5, 7],
  temperature: [3, 5, 7],
  parking: [4, 5, 7],
  waste: [2, 5, 7],
  motion: [4, 5, 7],
  switch: [4, 5, 7],
  valve: [4, 5, 7],
  analog: [1, 5, 7],
  pressure: [1, 5, 7],
  sound: [1, 5, 7],
  pulse: [5, 7],
};

/** The channels of a unit of `type`: [channel_no, kind, name, unit of measure]. */
export function demoChannelsOf(type: number): Array<[number, ChannelKind, string, string]> {
  const t = deviceType(type);
  const family = t?.family ?? 'other';
  const list = [
    ...BASE_CHANNELS,
    ...(family === 'resistance' ? RESISTANCE_CHANNELS : []),
    ...(FAMILY_CHANNELS[family] ?? []),
  ].map(([kind, name, uom], n): [number, ChannelKind, string, string] => [n + 1, kind, name, uom]);
  const base = t?.thirdParty ? THIRD_PARTY_BASE[family] : undefined;
  return base ? list.filter(([no]) => no > BASE_CHANNELS.length || base.includes(no)) : list;
}

/** channel_no of the channels above, for alarms raised on them. */
const CH = {
  analog: 1,
  formula: 2,
  pt: 3,
  switch: 4,
  battery: 5,
  signal: 7,
  intrusion: 8,
  resistance: 9,
  loop: 10,
};

function weighted<T>(rng: Rng, items: ReadonlyArray<[T, number]>): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return (items[items.length - 1] as [T, number])[0];
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const fmt = (n: number, digits = 2) => n.toFixed(digits);

interface AlarmSpec {
  type: number;
  channel: number;
  text: string;
}

/** A plausible alarm for a unit of the given family, with a realistic text. */
function alarmFor(rng: Rng, family: DeviceFamily, hasResistance: boolean, eventTime: Date): AlarmSpec {
  const roll = rng.next();
  if (roll < 0.2) {
    const v = rng.float(2.9, 3.25);
    return { type: 28, channel: CH.battery, text: `Battery voltage ${fmt(v)} V below limit 3.30 V` };
  }
  if (roll < 0.32) {
    const since = new Date(eventTime.getTime() - rng.int(6, 48) * 3_600_000);
    return {
      type: 19,
      channel: CH.signal,
      text: `No contact since ${since.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    };
  }
  if (roll < 0.4) {
    return {
      type: 34,
      channel: CH.intrusion,
      text: rng.pick(['Lid opened', 'Cabinet door opened', 'Tamper switch triggered']),
    };
  }
  const level = rng.int(1, 4);
  if (hasResistance) {
    const kind = rng.int(0, 2);
    if (kind === 0) {
      const limit = [100, 50, 10, 1][level - 1] as number;
      return {
        type: level - 1,
        channel: CH.resistance,
        text: `Insulation resistance ${fmt(limit * rng.float(0.2, 0.9), 1)} kΩ below level ${level} limit ${limit} kΩ`,
      };
    }
    if (kind === 1)
      return { type: 4, channel: CH.loop, text: `Loop resistance ${rng.int(180, 420)} Ω above limit 150 Ω` };
    return { type: 5, channel: CH.loop, text: 'Loop open circuit detected' };
  }
  const high = rng.chance(0.6);
  switch (family) {
    case 'pt':
    case 'temperature':
    case 'climate': {
      const limit = high ? [8, 25, 60, 90][level - 1]! : [2, 0, -5, -20][level - 1]!;
      const v = high ? limit + rng.float(0.5, 6) : limit - rng.float(0.5, 6);
      return {
        type: 20 + (level - 1) * 2 + (high ? 1 : 0),
        channel: CH.pt,
        text: `Temperature ${fmt(v, 1)} °C ${high ? 'above' : 'below'} limit ${limit} °C`,
      };
    }
    case 'switch':
      return { type: 28 + level, channel: CH.switch, text: `Level switch ${level} activated` };
    case 'co2': {
      const limit = [1000, 1200, 1500, 2000][level - 1]!;
      return {
        type: 11 + (level - 1) * 2,
        channel: CH.analog,
        text: `CO2 ${limit + rng.int(20, 400)} ppm above limit ${limit} ppm`,
      };
    }
    case 'waste': {
      const limit = [70, 80, 90, 95][level - 1]!;
      return {
        type: 38 + level,
        channel: CH.formula,
        text: `Fill level ${Math.min(100, limit + rng.int(1, 10))} % above limit ${limit} %`,
      };
    }
    case 'pressure': {
      const limit = round(0.2 * level, 1);
      return {
        type: 11 + (level - 1) * 2,
        channel: CH.analog,
        text: `Differential pressure ${fmt(limit + rng.float(0.02, 0.3))} bar above limit ${fmt(limit)} bar`,
      };
    }
    case 'analog': {
      if (rng.chance(0.3)) {
        const limit = [70, 80, 90, 95][level - 1]!;
        return {
          type: 38 + level,
          channel: CH.formula,
          text: `Level ${fmt(limit + rng.float(1, 8), 1)} % above formula level ${level} limit ${limit} %`,
        };
      }
      const limit = high ? round(1 + level * 0.5, 1) : round(0.2 * level, 1);
      const v = high ? limit + rng.float(0.05, 0.6) : Math.max(0, limit - rng.float(0.05, 0.3));
      return {
        type: 10 + (level - 1) * 2 + (high ? 1 : 0),
        channel: CH.analog,
        text: `Level ${fmt(v)} m ${high ? 'above' : 'below'} limit ${fmt(limit)} m`,
      };
    }
    default: {
      const v = rng.float(2.9, 3.25);
      return { type: 28, channel: CH.battery, text: `Battery voltage ${fmt(v)} V below limit 3.30 V` };
    }
  }
}

/**
 * The alarm drawn for a unit, on a channel it has: a CO2 alarm on its CO2 channel; an alarm on a
 * channel a third-party sensor does not have (its lid's intrusion switch, a logger input) becomes
 * the low battery every radio sensor can report. Decided after the draw, so the random sequence —
 * and with it every other unit, name and alarm of the demo — stays as it was.
 */
function alarmOnChannels(spec: AlarmSpec, own: ReadonlyArray<[number, ChannelKind, string, string]>, unitId: number): AlarmSpec {
  const co2 = own.find(([, , name]) => name === 'CO2');
  if (co2 && spec.channel === CH.analog) return { ...spec, channel: co2[0] };
  if (own.some(([no]) => no === spec.channel)) return spec;
  const volts = 2.9 + ((unitId * 37) % 35) / 100;
  return { type: 28, channel: CH.battery, text: `Battery voltage ${fmt(volts)} V below limit 3.30 V` };
}

export function generateDemoData(seed: number = DEMO_SEED, now: Date = new Date()): DemoData {
  const rng = createRng(seed);
  const nowMs = Math.floor(now.getTime() / 1000) * 1000;
  const units: DemoUnit[] = [];
  const channels: DemoChannel[] = [];
  const alarms: DemoAlarm[] = [];
  const counters = new Map<string, number>();
  const nextNo = (key: string) => {
    const n = (counters.get(key) ?? 0) + rng.int(1, 2);
    counters.set(key, n);
    return n;
  };

  let id = FIRST_UNIT_ID;
  for (const town of TOWNS) {
    for (let k = 0; k < town.units; k++, id++) {
      const type = weighted(rng, TYPE_MIX[town.org]);
      const family = deviceType(type)?.family ?? 'other';
      let name: string;
      if (isParkingType(type)) {
        const garage = rng.pick(GARAGES);
        name = `Parking ${garage} ${nextNo(`${town.org}:${garage}`)}`;
      } else {
        const base = rng.pick(NAMES[family]);
        name = `${base} ${nextNo(`${town.org}:${base}`)}`;
      }
      // About 5% are registered but not yet installed (the status rules make them inactive).
      const installed = !rng.chance(0.05);
      if (!installed) name = `${INACTIVE_UNIT_MARKER} – ${name}`;
      const unit: DemoUnit = {
        id,
        org: town.org,
        name,
        location: `${rng.pick(town.streets)} ${rng.int(1, 140)}, ${town.name}`,
        type,
        lat: round(town.lat + rng.float(-0.03, 0.03), 6),
        lon: round(town.lon + rng.float(-0.05, 0.05), 6),
        installed,
      };
      units.push(unit);

      const hasResistance = family === 'resistance';
      const own = demoChannelsOf(type);
      for (const [channelNo, kind, chName, uom] of own)
        channels.push({ unitId: id, channelNo, kind, name: chName, unitOfMeasure: uom });
      const fit = (spec: AlarmSpec) => alarmOnChannels(spec, own, id);

      if (installed && rng.chance(0.15)) {
        const count = rng.chance(0.3) ? 2 : 1;
        const raised = new Set<string>();
        for (let c = 0; c < count; c++) {
          const eventTime = new Date(nowMs - rng.int(300, 72 * 3600) * 1000);
          const spec = fit(alarmFor(rng, family, hasResistance, eventTime));
          // One active alarm per unit, channel and type (the database enforces it too).
          if (raised.has(`${spec.channel}:${spec.type}`)) continue;
          raised.add(`${spec.channel}:${spec.type}`);
          alarms.push({
            unitId: id,
            channelId: spec.channel,
            alarmType: spec.type,
            text: spec.text,
            eventTime,
            active: true,
          });
        }
      }
      // Some history: alarms that were raised and have cleared since.
      if (installed && rng.chance(0.1)) {
        const eventTime = new Date(nowMs - rng.int(3 * 86400, 30 * 86400) * 1000);
        const spec = fit(alarmFor(rng, family, hasResistance, eventTime));
        alarms.push({
          unitId: id,
          channelId: spec.channel,
          alarmType: spec.type,
          text: spec.text,
          eventTime,
          active: false,
        });
      }
    }
  }

  // NFC tags on every 12th unit; most are activated. The fixed demo tags are one of each.
  const tags: DemoTag[] = units
    .filter((_, n) => n % 12 === 5)
    .map((u, n) => {
      const fixed = n === 0 ? DEMO_TAGS.notActivated : n === 2 ? DEMO_TAGS.activated : null;
      const activated = n !== 0 && n % 4 !== 1;
      // The journey's tag replaces a drawn id: the draw stays, so every other value is as before.
      const drawn = fixed ?? rng.uuid();
      return {
        tagUuid: n === 1 ? DEMO_TAGS.journey : n === 5 ? DEMO_TAGS.partner : n === 9 ? DEMO_TAGS.newUser : drawn,
        unitId: u.id,
        activatedAt: activated ? new Date(nowMs - rng.int(10, 400) * 86_400_000) : null,
      };
    });

  // A unit whose tag was activated has been installed (onboarding named and placed it): it does not
  // carry the "not installed" marker. After every draw, so no other value of the fleet moves.
  const activatedUnits = new Set(tags.filter((t) => t.activatedAt !== null).map((t) => t.unitId));
  for (const u of units) {
    if (u.installed || !activatedUnits.has(u.id)) continue;
    u.installed = true;
    u.name = installedName(u.name);
  }

  return {
    orgs: DEMO_ORGS.map((o) => ({ ...o, rights: [...o.rights] })),
    users: DEMO_USERS.map((u) => ({ ...u, orgs: [...u.orgs] })),
    units,
    channels,
    alarms,
    tags,
    containers: demoContainers(seed, units),
  };
}

/**
 * Regions → sites → units: each town of a region is a site holding the town's installed units
 * (units registered but not yet installed stay without a location). Ids come from their own random
 * stream, so the fleet's ids do not move when the tree changes.
 */
export function demoContainers(seed: number, units: readonly DemoUnit[]): DemoContainer[] {
  const ids = createRng(seed ^ 0x0c0471e5);
  const out: DemoContainer[] = [];
  const groupId = new Map<string, string>();
  for (const region of REGIONS) {
    const sites: DemoContainer[] = region.towns.map((town) => {
      const suffix = `, ${town}`;
      return {
        id: ids.uuid(),
        org: region.org,
        kind: 'location',
        name: town,
        parentId: null,
        content: units
          .filter((u) => u.org === region.org && u.installed && u.location.endsWith(suffix))
          .map((u) => ({ type: 'unit', name: u.name, target: String(u.id) })),
      };
    });
    const id = ids.uuid();
    groupId.set(`${region.org}:${region.name}`, id);
    out.push(...sites, {
      id,
      org: region.org,
      kind: 'group',
      name: region.name,
      parentId: region.parent ? (groupId.get(`${region.org}:${region.parent}`) ?? null) : null,
      content: sites.map((site) => ({ type: 'location', name: site.name, target: site.id })),
    });
  }
  return out;
}
