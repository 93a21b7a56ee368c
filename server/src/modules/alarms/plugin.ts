/**
 * Alarms: the alarm types, alarm lists and actions, channel limits (v2/v3 routes and the xrequest
 * methods GetAlarms, GetAlarmLimits and SetAlarmLimits). Lists see the selected customers;
 * id-taking routes the user's organisations (404 otherwise). Also subscribes limit evaluation to
 * newly stored measurements and runs the communication watchdog.
 */
import type { FastifyInstance } from 'fastify';
import {
  ENDPOINTS,
  ALARM_FETCH_DEFAULT_ROWS,
  ALARM_FETCH_DEFAULT_SINCE,
  ALARM_LIMIT_MESSAGES,
  ALARM_TYPE_MAX,
  alarmTypeKey,
  alarmTypeName,
  isCriticalAlarm,
  parseApiDate,
  type AlarmTypeInfo,
} from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { auth } from '../auth/guard';
import { requireWriter } from '../auth/permissions';
import { scopedOrgIds, userOrgIds } from '../auth/scope';
import { DEFAULT_COMM_TIMEOUT_MIN } from '../../config';
import { evaluateMeasurements } from './evaluate';
import { startWatchdog, type WatchdogHandle } from './watchdog';
import { startRepeater, type RepeaterHandle } from './repeat';
import { Params } from '../legacy/params';
import { requireUnits } from '../devices/service';
import {
  ALARM_ACTION_INFO,
  actOnAlarms,
  alarmHistoryOf,
  alarmsOfDevices,
  getChannelLimits,
  listAlarms,
  setChannelLimits,
} from './service';

const MAX_ROWS = 100_000;
const MAX_INT = 2_147_483_647;

const ALARM_TYPES: AlarmTypeInfo[] = Array.from({ length: ALARM_TYPE_MAX + 1 }, (_, type) => ({
  type,
  name: alarmTypeName(type),
  key: alarmTypeKey(type),
  critical: isCriticalAlarm(type),
}));

export default async function alarmsPlugin(
  app: FastifyInstance,
  { db, config, legacy, measurements }: ServerContext,
): Promise<void> {
  const unsubscribe = measurements.subscribe(async (points, database) => {
    await evaluateMeasurements(database, points);
  });
  // The communication watchdog: on unless COMM_TIMEOUT_MIN=0.
  const commTimeoutMin = config.commTimeoutMin ?? DEFAULT_COMM_TIMEOUT_MIN;
  let watchdog: WatchdogHandle | undefined;
  if (commTimeoutMin > 0)
    app.addHook('onReady', async () => {
      watchdog = startWatchdog(db, commTimeoutMin * 60_000, (err) => app.log.error({ err }, 'communication watchdog failed'));
    });
  // The alarm repeat interval: on unless ALARM_REPEAT=0 (the tests drive it with their own clock).
  let repeater: RepeaterHandle | undefined;
  if (config.alarmRepeat ?? true)
    app.addHook('onReady', async () => {
      repeater = startRepeater(db, { log: (err) => app.log.error({ err }, 'alarm repeat failed') });
    });
  app.addHook('onClose', async () => {
    unsubscribe();
    await watchdog?.stop();
    await repeater?.stop();
  });

  route(app, ENDPOINTS.alarmTypes, async () => ({ data: ALARM_TYPES }));

  route(app, ENDPOINTS.alarmActions, async () => ({ data: ALARM_ACTION_INFO }));

  route(app, ENDPOINTS.alarmsOfDevices, async (request) => {
    const orgs = await scopedOrgIds(db, auth(request), true);
    const devices = [...new Set(request.body.devices)];
    await requireUnits(db, orgs, devices);
    return { data: await alarmsOfDevices(db, orgs, devices, request.body.active) };
  });

  route(app, ENDPOINTS.actOnAlarm, async (request) => {
    const a = auth(request);
    requireWriter(a);
    const orgs = await userOrgIds(db, a.userId);
    return { data: await actOnAlarms(db, orgs, a.userId, [request.params.id], request.body.action) };
  });

  /** One action on many alarms, all or none (see BulkAlarmActionRequest). */
  route(app, ENDPOINTS.bulkAlarmAction, async (request) => {
    const a = auth(request);
    requireWriter(a);
    const orgs = await userOrgIds(db, a.userId);
    return { data: await actOnAlarms(db, orgs, a.userId, request.body.ids, request.body.action) };
  });

  route(app, ENDPOINTS.alarmHistory, async (request) => {
    const orgs = await userOrgIds(db, auth(request).userId);
    return { data: await alarmHistoryOf(db, orgs, request.params.id) };
  });

  route(app, ENDPOINTS.channelLimits, async (request) => {
    const orgs = await userOrgIds(db, auth(request).userId);
    return { data: await getChannelLimits(db, orgs, request.params.id, request.params.n) };
  });

  route(
    app,
    ENDPOINTS.setChannelLimits,
    {
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

  legacy.register('GetAlarms', async ({ auth: a, params }) => {
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

  legacy.register('GetAlarmLimits', async ({ auth: a, params }) => {
    const p = new Params(params);
    const unitId = p.number(['UnitID', 'Unit'], { min: 1, max: MAX_INT, integer: true });
    const channel = p.number(['ChannelID', 'Channel'], { min: 0, max: 10_000, integer: true });
    if (unitId === undefined || channel === undefined) throw badRequest('UnitID and ChannelID are required');
    const limits = await getChannelLimits(db, await userOrgIds(db, a.userId), unitId, channel);
    return limitRecords(limits);
  });

  /** One level per call (UnitID, ChannelID, Level, Low, High, Enabled); empty Low/High clear it. */
  legacy.register('SetAlarmLimits', async ({ auth: a, params }) => {
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
