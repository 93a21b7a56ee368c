/**
 * How every device section finds the unit a request names (the routes' schemas are the shared
 * contract's). Id-taking routes see the caller's organisations, xrequest methods the selected
 * customers; a unit outside them is 404 'Not found'. Writes need requireWriter (Readers: 403).
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { auth, type AuthContext } from '../auth/guard';
import { requireWriter } from '../auth/permissions';
import { scopedOrgIds, userOrgIds } from '../auth/scope';
import { requiredInt } from '../legacy/params';
import type { LegacyParams } from '../legacy/registry';
import { requireUnit, type UnitRow } from './service';

/** xrequest names of the unit and channel parameters. */
export const UNIT_PARAM = ['UnitID', 'unitId', 'UnitId'];
export const CHANNEL_PARAM = ['ChannelID', 'channelId', 'Channel', 'channel'];

export interface UnitAccess {
  /** The unit of an id-taking route: one of the caller's organisations, else 404. */
  unitOf(request: FastifyRequest, id: number): Promise<UnitRow>;
  /** The same, for a write: Readers get 403 first. */
  writableUnitOf(request: FastifyRequest, id: number): Promise<UnitRow>;
  /** The selected customers (what xrequest methods see). */
  scoped(a: AuthContext): Promise<number[]>;
  /** The unit named by an xrequest's UnitID among the selected customers, else 404. */
  scopedUnit(a: AuthContext, params: LegacyParams): Promise<UnitRow>;
}

export function unitAccess(db: Db): UnitAccess {
  const unitOf = async (request: FastifyRequest, id: number) => requireUnit(db, id, await userOrgIds(db, auth(request).userId));
  const scoped = async (a: AuthContext) => scopedOrgIds(db, a, true);
  return {
    unitOf,
    writableUnitOf: async (request, id) => {
      requireWriter(auth(request));
      return unitOf(request, id);
    },
    scoped,
    scopedUnit: async (a, params) => requireUnit(db, requiredInt(params, UNIT_PARAM, 1), await scoped(a)),
  };
}
