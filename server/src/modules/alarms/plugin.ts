/**
 * Alarms (issue 3 §4): v2/v3 routes and the xrequest methods GetAlarms, GetKPIAlarms,
 * GetKPIBattery, GetKPISwitch, GetGISData, GetUnitsByPos, GetReportParkingUsage, GetAlarmLimits and
 * SetAlarmLimits. Lists and KPIs see the selected customers; id-taking routes the user's
 * organisations (404 otherwise). Also subscribes limit evaluation to newly ingested measurements.
 */
import type { FastifyInstance } from 'fastify';
import {
  ALARM_ACTIONS,
  ALARM_FETCH_DEFAULT_ROWS,
  ALARM_FETCH_DEFAULT_SINCE,
  ALARM_LIMIT_MESSAGES,
  ALARM_TYPE_MAX,
  alarmTypeKey,
  alarmTypeName,
  isCriticalAlarm,
  PARKING_REPORT_DEFAULT_FROM,
  PARKING_REPORT_DEFAULT_TO,
  UNITS_BY_POS_DEFAULT_DISTANCE_KM,
  UNITS_BY_POS_DEFAULT_ROWS,
  type AlarmAction,
  type AlarmTypeInfo,
  type ChannelLimitsUpdate,
} from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { badRequest } from '../../http/errors';
import { auth } from '../auth/guard';
import { requireWriter } from '../auth/permissions';
import { scopedOrgIds, userOrgIds } from '../auth/scope';
import { onMeasurements } from '../ingestion/hooks';
import { registerLegacy } from '../legacy/registry';
import { DEFAULT_COMM_TIMEOUT_MIN } from '../../config';
import { evaluateMeasurements } from './evaluate';
import { startWatchdog, type WatchdogHandle } from './watchdog';
import { parseApiDate, Params } from './params';
import {
  ALARM_ACTION_INFO,
  actOnAlarm,
  alarmsOfDevices,
  getChannelLimits,
  gisData,
  kpiAlarms,
  kpiBattery,
  kpiSwitch,
  listAlarms,
  parkingUsage,
  requireUnits,
  setChannelLimits,
  unitsByPos,
} from './service';

const MAX_ROWS = 100_000;
const MAX_INT = 2_147_483_647;
const DAY_MS = 86_400_000;
/** Default report window of GetReportParkingUsage: the last seven days up to today. */
const PARKING_REPORT_DEFAULT_DAYS = 7;
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const ALARM_TYPES: AlarmTypeInfo[] = Array.from({ length: ALARM_TYPE_MAX + 1 }, (_, type) => ({
  type,
  name: alarmTypeName(type),
  key: alarmTypeKey(type),
  critical: isCriticalAlarm(type),
}));

const unitChannelParams = {
  type: 'object',
  required: ['id', 'n'],
  properties: {
    id: { type: 'integer', minimum: 1, maximum: MAX_INT },
    n: { type: 'integer', minimum: 0, maximum: 10_000 },
  },
} as const;
const nullableNumber = { anyOf: [{ type: 'number' }, { type: 'null' }] } as const;
const limitsBody = {
  type: 'object',
  required: ['levels'],
  additionalProperties: false,
  properties: {
    levels: {
      type: 'array',
      minItems: 1,
      maxItems: 4,
      items: {
        type: 'object',
        required: ['level'],
        additionalProperties: false,
        properties: {
          level: { type: 'integer', minimum: 1, maximum: 4 },
          low: nullableNumber,
          high: nullableNumber,
          enabled: { type: 'boolean' },
        },
      },
    },
  },
} as const;

type UnitChannel = { Params: { id: number; n: number } };

export default async function alarmsPlugin(app: FastifyInstance, { db, config }: ServerContext): Promise<void> {
  const unsubscribe = onMeasurements(async (points, database) => {
    await evaluateMeasurements(database, points);
  });
  // The communication watchdog: on unless COMM_TIMEOUT_MIN=0; under jest only when a test sets it.
  const commTimeoutMin = config.commTimeoutMin ?? (process.env.NODE_ENV === 'test' ? 0 : DEFAULT_COMM_TIMEOUT_MIN);
  let watchdog: WatchdogHandle | undefined;
  if (commTimeoutMin > 0)
    app.addHook('onReady', async () => {
      watchdog = startWatchdog(db, commTimeoutMin * 60_000, (err) => app.log.error({ err }, 'communication watchdog failed'));
    });
  app.addHook('onClose', async () => {
    unsubscribe();
    await watchdog?.stop();
  });

  app.get('/api/v3/alarms/types', async () => ({ data: ALARM_TYPES }));

  app.get('/api/v2/device/legacy/alarm_actions', async () => ({ data: ALARM_ACTION_INFO }));

  app.post<{ Body: { devices: number[]; active?: boolean } }>(
    '/api/v2/device/alarms',
    {
      schema: {
        body: {
          type: 'object',
          required: ['devices'],
          additionalProperties: false,
          properties: {
            devices: {
              type: 'array',
              maxItems: MAX_ROWS,
              items: { type: 'integer', minimum: 1, maximum: MAX_INT },
            },
            active: { type: 'boolean' },
          },
        },
      },
    },
    async (request) => {
      const orgs = await scopedOrgIds(db, auth(request), true);
      const devices = [...new Set(request.body.devices)];
      await requireUnits(db, orgs, devices);
      return { data: await alarmsOfDevices(db, orgs, devices, request.body.active) };
    },
  );

  app.post<{ Params: { id: number }; Body: { action: AlarmAction } }>(
    '/api/v3/alarms/:id/actions',
    {
      schema: {
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
        },
        body: {
          type: 'object',
          required: ['action'],
          additionalProperties: false,
          properties: { action: { type: 'string', enum: [...ALARM_ACTIONS] } },
        },
      },
    },
    async (request) => {
      const a = auth(request);
      requireWriter(a);
      const orgs = await userOrgIds(db, a.userId);
      return { data: await actOnAlarm(db, orgs, a.userId, request.params.id, request.body.action) };
    },
  );

  app.get<UnitChannel>(
    '/api/v3/device/devices/:id/channels/:n/limits',
    { schema: { params: unitChannelParams } },
    async (request) => {
      const orgs = await userOrgIds(db, auth(request).userId);
      return { data: await getChannelLimits(db, orgs, request.params.id, request.params.n) };
    },
  );

  app.put<UnitChannel & { Body: ChannelLimitsUpdate }>(
    '/api/v3/device/devices/:id/channels/:n/limits',
    {
      schema: { params: unitChannelParams, body: limitsBody },
      // Malformed bodies answer with the spec's failure text too.
      errorHandler: (err, _request, reply) => {
        if ('validation' in err && err.validation)
          return reply
            .code(400)
            .send({ message: `${ALARM_LIMIT_MESSAGES.failed}: ${err.message}`, code: 'validation' });
        throw err;
      },
    },
    async (request) => {
      const a = auth(request);
      requireWriter(a);
      const orgs = await userOrgIds(db, a.userId);
      const data = await setChannelLimits(db, orgs, request.params.id, request.params.n, request.body.levels);
      return { data, message: ALARM_LIMIT_MESSAGES.updated };
    },
  );

  // ───────────────────────── xrequest ─────────────────────────

  registerLegacy('GetAlarms', async ({ auth: a, params }) => {
    const p = new Params(params);
    const orgs = await scopedOrgIds(db, a, true);
    const unitIds = p.ids(['UnitIDs', 'UnitID', 'Units', 'Devices']);
    const since = p.date(['From', 'Since', 'StartDate', 'Start']) ?? parseApiDate(ALARM_FETCH_DEFAULT_SINCE)!;
    const until = p.date(['To', 'Until', 'EndDate', 'End', 'Stop']);
    if (until && until < since) throw badRequest('To must not be before From');
    const types = p.ids(['AlarmTypes', 'Types', 'AlarmType'], { min: 0, max: ALARM_TYPE_MAX });
    const active = p.bool(['Active', 'OnlyActive']);
    const rows =
      p.number(['Rows', 'Limit', 'Count'], { min: 1, max: MAX_ROWS, integer: true }) ??
      ALARM_FETCH_DEFAULT_ROWS;
    if (unitIds) await requireUnits(db, orgs, unitIds);
    return listAlarms(db, orgs, {
      since,
      rows,
      ...(unitIds ? { unitIds } : {}),
      ...(until ? { until } : {}),
      ...(types ? { types } : {}),
      ...(active !== undefined ? { active } : {}),
    });
  });

  registerLegacy('GetKPIAlarms', async ({ auth: a }) => [
    await kpiAlarms(db, await scopedOrgIds(db, a, true)),
  ]);
  registerLegacy('GetKPIBattery', async ({ auth: a }) => kpiBattery(db, await scopedOrgIds(db, a, true)));
  registerLegacy('GetKPISwitch', async ({ auth: a }) => [
    await kpiSwitch(db, await scopedOrgIds(db, a, true)),
  ]);
  registerLegacy('GetGISData', async ({ auth: a }) => gisData(db, await scopedOrgIds(db, a, true)));

  registerLegacy('GetUnitsByPos', async ({ auth: a, params }) => {
    const p = new Params(params);
    const lat = p.number(['Lat', 'Latitude', 'UnitGPSLatitude'], { min: -90, max: 90 });
    const lon = p.number(['Lon', 'Lng', 'Longitude', 'UnitGPSLongitude'], { min: -180, max: 180 });
    if (lat === undefined || lon === undefined) throw badRequest('Lat and Lon are required');
    const distanceKm =
      p.number(['Distance', 'DistanceKm', 'Radius'], { min: 0, max: UNITS_BY_POS_DEFAULT_DISTANCE_KM }) ??
      UNITS_BY_POS_DEFAULT_DISTANCE_KM;
    const rows =
      p.number(['Rows', 'Limit', 'Count'], { min: 1, max: UNITS_BY_POS_DEFAULT_ROWS * 10, integer: true }) ??
      UNITS_BY_POS_DEFAULT_ROWS;
    return unitsByPos(db, await scopedOrgIds(db, a, true), { lat, lon, distanceKm, rows });
  });

  registerLegacy('GetReportParkingUsage', async ({ auth: a, params }) => {
    const p = new Params(params);
    const hint = 'a time of day HH:mm';
    const from =
      p.string(['From', 'FromTime', 'TimeFrom'], { max: 5, pattern: TIME_OF_DAY, hint }) ??
      PARKING_REPORT_DEFAULT_FROM;
    const to =
      p.string(['To', 'ToTime', 'TimeTo'], { max: 5, pattern: TIME_OF_DAY, hint }) ??
      PARKING_REPORT_DEFAULT_TO;
    if (from >= to) throw badRequest('From must be before To');
    const dayHint = 'a day YYYY-MM-DD';
    const startDay = p.string(['StartDate', 'Start', 'FromDate'], { max: 10, pattern: DAY, hint: dayHint });
    const endDay = p.string(['EndDate', 'End', 'ToDate', 'StopDate'], {
      max: 10,
      pattern: DAY,
      hint: dayHint,
    });
    const today = new Date(new Date().toISOString().slice(0, 10));
    // Whole days; the report's day boundaries are applied in SQL, a day of margin covers the zone.
    const end = endDay ? parseApiDate(endDay) : today;
    const start = startDay
      ? parseApiDate(startDay)
      : new Date(today.getTime() - (PARKING_REPORT_DEFAULT_DAYS - 1) * DAY_MS);
    if (!start || !end) throw badRequest('StartDate and EndDate must be days YYYY-MM-DD');
    if (end < start) throw badRequest('EndDate must not be before StartDate');
    if (end.getTime() - start.getTime() > 366 * DAY_MS)
      throw badRequest('The report covers at most one year');
    const orgs = await scopedOrgIds(db, a, true);
    const unitIds = p.ids(['UnitIDs', 'UnitID', 'Units']);
    if (unitIds) await requireUnits(db, orgs, unitIds);
    return parkingUsage(db, orgs, {
      start: new Date(start.getTime() - DAY_MS),
      end: new Date(end.getTime() + 2 * DAY_MS),
      from,
      to,
      ...(unitIds ? { unitIds } : {}),
    }).then((rows) => rows.filter((r) => r.Date >= toDay(start) && r.Date <= toDay(end)));
  });

  registerLegacy('GetAlarmLimits', async ({ auth: a, params }) => {
    const p = new Params(params);
    const unitId = p.number(['UnitID', 'Unit'], { min: 1, max: MAX_INT, integer: true });
    const channel = p.number(['ChannelID', 'Channel'], { min: 0, max: 10_000, integer: true });
    if (unitId === undefined || channel === undefined) throw badRequest('UnitID and ChannelID are required');
    const limits = await getChannelLimits(db, await userOrgIds(db, a.userId), unitId, channel);
    return limitRecords(limits);
  });

  /** One level per call (UnitID, ChannelID, Level, Low, High, Enabled); empty Low/High clear it. */
  registerLegacy('SetAlarmLimits', async ({ auth: a, params }) => {
    requireWriter(a);
    const p = new Params(params);
    const fail = (why: string) => badRequest(`${ALARM_LIMIT_MESSAGES.failed}: ${why}`);
    const num = (names: string[], opts: { min: number; max: number; integer?: boolean }) => {
      try {
        return p.number(names, opts);
      } catch (err) {
        throw fail((err as Error).message);
      }
    };
    const unitId = num(['UnitID', 'Unit'], { min: 1, max: MAX_INT, integer: true });
    const channel = num(['ChannelID', 'Channel'], { min: 0, max: 10_000, integer: true });
    const level = num(['Level', 'AlarmLevel'], { min: 1, max: 4, integer: true });
    if (unitId === undefined || channel === undefined || level === undefined)
      throw fail('UnitID, ChannelID and Level are required');
    const bound = { min: -Number.MAX_VALUE, max: Number.MAX_VALUE };
    const clear = (names: string[]) => {
      const r = p.raw(...names);
      return (
        r === undefined &&
        names.some((n) => Object.keys(params).some((k) => k.toLowerCase() === n.toLowerCase()))
      );
    };
    const low = clear(['Low', 'LowLimit']) ? null : num(['Low', 'LowLimit'], bound);
    const high = clear(['High', 'HighLimit']) ? null : num(['High', 'HighLimit'], bound);
    let enabled: boolean | undefined;
    try {
      enabled = p.bool(['Enabled', 'Active']);
    } catch (err) {
      throw fail((err as Error).message);
    }
    const limits = await setChannelLimits(db, await userOrgIds(db, a.userId), unitId, channel, [
      {
        level,
        ...(low !== undefined ? { low } : {}),
        ...(high !== undefined ? { high } : {}),
        ...(enabled !== undefined ? { enabled } : {}),
      },
    ]);
    return limitRecords(limits).map((r) => ({ ...r, Message: ALARM_LIMIT_MESSAGES.updated }));
  });
}

const toDay = (d: Date) => d.toISOString().slice(0, 10);

function limitRecords(l: Awaited<ReturnType<typeof getChannelLimits>>) {
  return l.levels.map((lv) => ({
    UnitID: l.unitId,
    ChannelID: l.channelNo,
    ChannelName: l.channelName,
    LimitKind: l.limitKind,
    Level: lv.level,
    Low: lv.low,
    High: lv.high,
    Enabled: lv.enabled,
  }));
}
