/**
 * API tokens for ingestion: "fwt_" + 32 random bytes (base64url). Only the sha256 is stored; the
 * token is answered once, at creation. The list shows the first characters (prefix) to tell
 * tokens apart. A revoked token stays listed (revokedAt) and authenticates nothing.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ApiTokenCreated, ApiTokenSummary } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { apiTokens } from '../../db/schema';
import { notFound } from '../../http/errors';
import { hashToken } from '../auth/tokens';

export const API_TOKEN_PREFIX = 'fwt_';
const PREFIX_LENGTH = 12;
const TOKEN_PATTERN = /^fwt_[A-Za-z0-9_-]{43}$/;

function summary(row: typeof apiTokens.$inferSelect): ApiTokenSummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    organizationId: row.organizationId,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function createApiToken(
  db: Db,
  input: { name: string; organizationId: number; createdBy: number },
): Promise<ApiTokenCreated> {
  const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(apiTokens)
    .values({
      organizationId: input.organizationId,
      name: input.name,
      tokenHash: hashToken(token),
      prefix: token.slice(0, PREFIX_LENGTH),
      createdBy: input.createdBy,
    })
    .returning();
  return { ...summary(row!), token };
}

export async function listApiTokens(db: Db, orgIds: readonly number[]): Promise<ApiTokenSummary[]> {
  if (orgIds.length === 0) return [];
  const rows = await db
    .select()
    .from(apiTokens)
    .where(inArray(apiTokens.organizationId, [...orgIds]))
    .orderBy(asc(apiTokens.id));
  return rows.map(summary);
}

/** Revokes a token of one of the organisations; 404 otherwise. Revoking twice is harmless. */
export async function revokeApiToken(db: Db, id: number, orgIds: readonly number[]): Promise<ApiTokenSummary> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), inArray(apiTokens.organizationId, [...orgIds, -1])))
    .limit(1);
  if (!row) throw notFound();
  if (row.revokedAt) return summary(row);
  const [updated] = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(eq(apiTokens.id, id))
    .returning();
  return summary(updated!);
}

/** The organisation of a live token (and records its use), or null. */
export async function authenticateApiToken(db: Db, token: string | undefined): Promise<number | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .update(apiTokens)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt)))
    .returning({ org: apiTokens.organizationId });
  return row?.org ?? null;
}

/** The token of an "Authorization: Bearer <token>" header. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}
