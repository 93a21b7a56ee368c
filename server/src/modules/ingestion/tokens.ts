/**
 * API tokens (issue 18): for ingestion (`ingest` scope) and the read API (`read` scope) of one
 * organisation.
 *
 * Format: "fwt_" + 32 random base62 characters + 6 base62 characters of the CRC-32 of those 32
 * (e.g. fwt_3kPq…Zr0aB1c9). The prefix and the checksum let a secret scanner (or a support person)
 * tell a real token from a typo or a random string without the database: isWellFormedApiToken()
 * is the whole check. Tokens made before this format ("fwt_" + 43 base64url characters, no
 * checksum) keep working with the scope they were made for (ingest).
 *
 * Only the sha256 is stored; the token is answered once, at creation. The list shows its first 12
 * characters (prefix) to tell tokens apart. A revoked or expired token stays listed and
 * authenticates nothing.
 */
import { randomInt } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { ApiTokenCreated, ApiTokenScope, ApiTokenSummary } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { apiTokens, users } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { hashToken } from '../auth/tokens';

export const API_TOKEN_PREFIX = 'fwt_';
const PREFIX_LENGTH = 12;
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TOKEN_PATTERN = new RegExp(`^fwt_[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);
/** The format before checksums (ingestion tokens made before migration 0018). */
const LEGACY_PATTERN = /^fwt_[A-Za-z0-9_-]{43}$/;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (IEEE, as zlib) of an ASCII string. */
export function crc32(text: string): number {
  let c = 0xffffffff;
  for (let i = 0; i < text.length; i++) c = CRC_TABLE[(c ^ text.charCodeAt(i)) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** n in base62, left-padded with '0' to `width` characters. */
function base62(n: number, width: number): string {
  let out = '';
  let v = n;
  do {
    out = BASE62[v % 62]! + out;
    v = Math.floor(v / 62);
  } while (v > 0);
  return out.padStart(width, '0');
}

/** The checksum characters of a token's random part. */
export function tokenChecksum(random: string): string {
  return base62(crc32(random), CHECKSUM_LENGTH);
}

/** Whether `token` is a token of the current format with a correct checksum (no database needed). */
export function isWellFormedApiToken(token: string | undefined): token is string {
  if (!token || !TOKEN_PATTERN.test(token)) return false;
  const body = token.slice(API_TOKEN_PREFIX.length);
  return tokenChecksum(body.slice(0, RANDOM_LENGTH)) === body.slice(RANDOM_LENGTH);
}

/** A new token of the current format. */
export function generateApiToken(): string {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) random += BASE62[randomInt(62)];
  return API_TOKEN_PREFIX + random + tokenChecksum(random);
}

type Row = typeof apiTokens.$inferSelect;

function summary(row: Row, createdByName: string | null, now = new Date()): ApiTokenSummary {
  const expired = row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    organizationId: row.organizationId,
    scopes: row.scopes.filter((s): s is ApiTokenScope => s === 'ingest' || s === 'read'),
    createdBy: row.createdBy !== null && createdByName !== null ? { id: row.createdBy, name: createdByName } : null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: row.revokedAt ? 'revoked' : expired ? 'expired' : 'active',
  };
}

async function usernameOf(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [u] = await db.select({ username: users.username }).from(users).where(eq(users.id, id)).limit(1);
  return u?.username ?? null;
}

export async function createApiToken(
  db: Db,
  input: {
    name: string;
    organizationId: number;
    createdBy: number;
    scopes?: readonly ApiTokenScope[];
    expiresAt?: string | null;
  },
  now = new Date(),
): Promise<ApiTokenCreated> {
  let expiresAt: Date | null = null;
  if (input.expiresAt) {
    expiresAt = new Date(input.expiresAt);
    if (Number.isNaN(expiresAt.getTime())) throw badRequest('The expiry date is not a valid date. Choose a date in the future.');
    if (expiresAt.getTime() <= now.getTime())
      throw badRequest('The expiry date is in the past. Choose a date in the future, or none for a token that lasts until revoked.');
  }
  const scopes = [...new Set(input.scopes ?? ['ingest'])].sort();
  const token = generateApiToken();
  const [row] = await db
    .insert(apiTokens)
    .values({
      organizationId: input.organizationId,
      name: input.name,
      tokenHash: hashToken(token),
      prefix: token.slice(0, PREFIX_LENGTH),
      createdBy: input.createdBy,
      scopes,
      expiresAt,
    })
    .returning();
  return { ...summary(row!, await usernameOf(db, input.createdBy), now), token };
}

export async function listApiTokens(db: Db, orgIds: readonly number[]): Promise<ApiTokenSummary[]> {
  if (orgIds.length === 0) return [];
  const rows = await db
    .select({ token: apiTokens, createdByName: users.username })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(inArray(apiTokens.organizationId, [...orgIds]))
    .orderBy(asc(apiTokens.id));
  const now = new Date();
  return rows.map((r) => summary(r.token, r.createdByName, now));
}

/** Revokes a token of one of the organisations; 404 otherwise. Revoking twice is harmless. */
export async function revokeApiToken(
  db: Db,
  id: number,
  orgIds: readonly number[],
): Promise<{ token: ApiTokenSummary; changed: boolean }> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), inArray(apiTokens.organizationId, [...orgIds, -1])))
    .limit(1);
  if (!row) throw notFound();
  const name = await usernameOf(db, row.createdBy);
  if (row.revokedAt) return { token: summary(row, name), changed: false };
  const [updated] = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(eq(apiTokens.id, id))
    .returning();
  return { token: summary(updated!, name), changed: true };
}

/** A live token: its id and organisation. */
export interface AuthenticatedToken {
  id: number;
  organizationId: number;
}

/**
 * The token (id, organisation) if it is live — well formed, known, not revoked, not expired — and
 * holds `scope`; it records its use. Null otherwise (a token without the scope too: the caller
 * answers the same 401/403 either way, so nothing tells which tokens exist).
 *
 * A read, not a write (issue 22 §4): the last use is recorded at most once per USE_RECORD_MS per
 * token, so a gateway sending many batches a second does not write (and flush to disk) its token's
 * row with every one of them. "Last used" is therefore exact to the minute.
 */
export async function authenticateApiToken(
  db: Db,
  token: string | undefined,
  scope: ApiTokenScope,
  now = new Date(),
): Promise<AuthenticatedToken | null> {
  if (!token || !(isWellFormedApiToken(token) || LEGACY_PATTERN.test(token))) return null;
  const [row] = await db
    .select({ id: apiTokens.id, organizationId: apiTokens.organizationId, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.tokenHash, hashToken(token)),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
        sql`${scope} = any(${apiTokens.scopes})`,
      ),
    )
    .limit(1);
  if (!row) return null;
  let mine = useRecorded.get(db);
  if (!mine) useRecorded.set(db, (mine = new Map()));
  const recorded = Math.max(row.lastUsedAt?.getTime() ?? 0, mine.get(row.id) ?? 0);
  if (now.getTime() - recorded >= USE_RECORD_MS) {
    mine.set(row.id, now.getTime());
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(apiTokens.id, row.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, now))));
  }
  return { id: row.id, organizationId: row.organizationId };
}

/** How often a token's last use is written at most. */
export const USE_RECORD_MS = 60_000;
/**
 * When this process last wrote each token's use, per database (the database's value may be newer:
 * another replica).
 */
const useRecorded = new WeakMap<Db, Map<number, number>>();

/** The organisation of a live read token by its id (the token's AuthContext, see auth/guard.ts). */
export async function tokenOrganization(db: Db, tokenId: number): Promise<number | null> {
  const [row] = await db
    .select({ org: apiTokens.organizationId })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)))
    .limit(1);
  return row?.org ?? null;
}

/** The token of an "Authorization: Bearer <token>" header. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}
