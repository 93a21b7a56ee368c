/**
 * Unsubscribe links: "<userId>.<signature>", the signature an HMAC-SHA256 of the user id under the
 * server's own key (notify_mail_secret, 32 random bytes made on first use and shared by every
 * replica through the database). Without the key no one can make a link for another user; the key
 * never leaves the server and is never logged. A link stays valid: it only ever turns mail off.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifyMailSecret } from '../../db/schema';

const keys = new WeakMap<Db, Promise<Buffer>>();

async function loadKey(db: Db): Promise<Buffer> {
  await db
    .insert(notifyMailSecret)
    .values({ id: 1, secret: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(notifyMailSecret).where(eq(notifyMailSecret.id, 1));
  return Buffer.from(row!.secret, 'base64');
}

/** The signing key of this database (read once per app). */
function keyOf(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    // A failed read is tried again next time, not remembered.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const sign = (key: Buffer, userId: number) =>
  createHmac('sha256', key).update(`notify-mail-unsubscribe:${userId}`).digest('base64url');

export async function unsubscribeToken(db: Db, userId: number): Promise<string> {
  return `${userId}.${sign(await keyOf(db), userId)}`;
}

/** The user a token was made for, or null when it is not one of ours. */
export async function verifyUnsubscribeToken(db: Db, token: string): Promise<number | null> {
  const m = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  if (!Number.isSafeInteger(userId) || userId > 2_147_483_647) return null;
  const expected = Buffer.from(sign(await keyOf(db), userId));
  const given = Buffer.from(m[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
