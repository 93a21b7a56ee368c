/** Parking: xrequest GetReportParkingUsage (occupancy per parking sensor and day, selected customers). */
import type { FastifyInstance } from 'fastify';
import { PARKING_REPORT_DEFAULT_FROM, PARKING_REPORT_DEFAULT_TO, parseApiDate } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { badRequest } from '../../http/errors';
import { scopedOrgIds } from '../auth/scope';
import { Params } from '../legacy/params';
import { requireUnits } from '../devices/service';
import { parkingUsage } from './service';

const DAY_MS = 86_400_000;
/** Default report window of GetReportParkingUsage: the last seven days up to today. */
const PARKING_REPORT_DEFAULT_DAYS = 7;
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export default async function parkingPlugin(_app: FastifyInstance, { db, legacy }: ServerContext): Promise<void> {
  legacy.register('GetReportParkingUsage', async ({ auth: a, params }) => {
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
}

const toDay = (d: Date) => d.toISOString().slice(0, 10);
