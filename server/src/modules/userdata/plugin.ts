/**
 * xrequest GetUserData, SetUserData, DeleteUserData (see service.ts for the storage rules).
 * Writes need a writer (Readers: 403); revisions come from Revision or an If-Match header.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/guard';
import { requireWriter } from '../auth/permissions';
import { scopedOrgIds, userOrgIds } from '../auth/scope';
import { Params } from '../legacy/params';
import type { LegacyParams } from '../legacy/registry';
import type { Db } from '../../db/client';
import {
  deleteUserData,
  getUserData,
  parseJsonData,
  setUserData,
  type Address,
  type Caller,
} from './service';

const NAME = /^[A-Za-z0-9_.:-]{1,100}$/;
const NAME_HINT = 'a name of letters, digits, _ . : - (at most 100)';

async function callerOf(db: Db, a: AuthContext, p: Params): Promise<Caller> {
  const orgs = await userOrgIds(db, a.userId);
  const readOrgs = await scopedOrgIds(db, a, true);
  const asked = p.number(['CustomerID', 'OrganizationID'], { min: 1, max: 2_147_483_647, integer: true });
  if (asked !== undefined && !orgs.includes(asked)) throw notFound();
  const org = asked ?? readOrgs[0] ?? orgs[0];
  if (org === undefined) throw notFound();
  // An explicit customer narrows reads to it.
  return { userId: a.userId, orgs, readOrgs: asked !== undefined ? [asked] : readOrgs, org };
}

function addressOf(p: Params): Address {
  const namespace = p.string(['ValueType', 'Namespace'], { max: 100, pattern: NAME, hint: NAME_HINT });
  const key = p.string(['ValueID', 'Key'], { max: 100, pattern: NAME, hint: NAME_HINT });
  if (!namespace || !key) throw badRequest('ValueType and ValueID are required');
  return { namespace, key, isDefault: p.bool(['Default']) ?? false };
}

function revisionOf(p: Params, request: FastifyRequest): number | undefined {
  const fromParam = p.number(['Revision'], { min: 0, max: 2_147_483_647, integer: true });
  if (fromParam !== undefined) return fromParam;
  const header = request.headers['if-match'];
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  const tag = header.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
  if (!/^\d{1,10}$/.test(tag)) throw badRequest('If-Match must be a revision number');
  return Number(tag);
}

function jsonDataOf(params: LegacyParams): unknown {
  const entry = Object.entries(params).find(([k]) => k.toLowerCase() === 'jsondata');
  return entry === undefined ? undefined : parseJsonData(entry[1]);
}

export default async function userDataPlugin(_app: FastifyInstance, { db, legacy }: ServerContext): Promise<void> {
  legacy.register('GetUserData', async ({ auth: a, params }) => {
    const p = new Params(params);
    const address = addressOf(p);
    return getUserData(db, await callerOf(db, a, p), address);
  });

  legacy.register('SetUserData', async ({ auth: a, params, request }) => {
    requireWriter(a);
    const p = new Params(params);
    const address = addressOf(p);
    const revision = revisionOf(p, request);
    const value = jsonDataOf(params);
    return [await setUserData(db, await callerOf(db, a, p), address, value, revision)];
  });

  legacy.register('DeleteUserData', async ({ auth: a, params, request }) => {
    requireWriter(a);
    const p = new Params(params);
    const address = addressOf(p);
    const revision = revisionOf(p, request);
    const raw = Object.entries(params).find(([k]) => k.toLowerCase() === 'jsondata')?.[1];
    const { deleted } = await deleteUserData(db, await callerOf(db, a, p), address, raw, revision);
    return [{ ValueType: address.namespace, ValueID: address.key, Deleted: deleted, Success: deleted > 0 }];
  });
}
