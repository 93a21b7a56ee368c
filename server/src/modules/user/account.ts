/**
 * Profile edits, avatar, password change, password-restore links and organisation look-up of
 * /api/v3/user. A Reader may do all of this for himself: his personal settings are not
 * operational data.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  AVATAR_CONTENT_TYPES,
  AVATAR_MAX_BYTES,
  AVATAR_TOO_LARGE,
  blank,
  DATE_FORMATS,
  fieldProblem,
  invalidEmail,
  isEmail,
  MESSAGES,
  NewPassword,
  PASSWORD_MESSAGES,
  PROFILE_FIELDS,
  PROFILE_TEXT_LIMITS,
  isLanguage,
  isTheme,
  isTimeZone,
  THEMES,
  normalizeUsername,
  type OrganizationInfo,
  USERNAME_TAKEN,
  type UserProfile,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { organizations, sessions, userOrganizations, users } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/guard';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { checkPasswordPolicy } from '../organizations/policy';
import { AVATAR_STORED_TYPE, reencodeAvatar } from './avatar';
import { getProfile } from './service';
import { isUniqueViolation, usernameIs } from './username';
import { sessionCache } from '../auth/session-cache';

/** The contract's limits of the profile's text fields (the registration form has the same). */
const LIMITS = PROFILE_TEXT_LIMITS;

const tooLarge = () => new HttpError(413, AVATAR_TOO_LARGE, 'too_large');

/** Recognises the image by its first bytes: the content type must say what the bytes are. */
export function imageTypeOf(buf: Buffer): (typeof AVATAR_CONTENT_TYPES)[number] | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

/** An avatar as a data URL, after checking type and size, re-encoded (avatar.ts: 256² WebP, no metadata). */
export async function avatarDataUrl(contentType: string, buf: Buffer): Promise<string> {
  if (buf.length === 0) throw badRequest(MESSAGES.missingParameters);
  if (buf.length > AVATAR_MAX_BYTES) throw tooLarge();
  const actual = imageTypeOf(buf);
  if (actual === null || actual !== contentType) {
    throw new HttpError(415, `The avatar must be a ${AVATAR_CONTENT_TYPES.join(', ')} image`, 'unsupported_media_type');
  }
  const stored = await reencodeAvatar(actual, buf);
  return `data:${AVATAR_STORED_TYPE};base64,${stored.toString('base64')}`;
}

function avatarFromDataUrl(value: string): Promise<string> {
  const m = /^data:(image\/[a-z]+);base64,([A-Za-z0-9+/]+={0,2})$/.exec(value);
  if (!m) throw badRequest('avatar must be a base64 data URL of an image');
  return avatarDataUrl(m[1]!, Buffer.from(m[2]!, 'base64'));
}

const bit = (name: string, v: unknown): boolean => {
  if (v === 0 || v === 1) return v === 1;
  if (v === true || v === false) return v;
  throw badRequest(`${name} must be 0 or 1`);
};

function text(name: keyof typeof LIMITS, v: unknown): string {
  if (typeof v !== 'string') throw badRequest(`${name} must be text`);
  const t = v.trim();
  if (t.length > LIMITS[name]) throw badRequest(`${name} is longer than ${LIMITS[name]} characters`);
  return t;
}

/**
 * PUT /profile: only the fields sent change. An unknown field is logged and nothing is saved
 * (the spec's validation rule), as is any invalid value: the whole update is checked before anything is written.
 */
export async function updateProfile(
  db: Db,
  userId: number,
  body: Record<string, unknown>,
  log: FastifyBaseLogger,
): Promise<UserProfile> {
  const unknown = Object.keys(body).filter((k) => !(PROFILE_FIELDS as readonly string[]).includes(k));
  if (unknown.length) {
    log.warn({ userId, fields: unknown }, 'profile update with unknown fields refused');
    throw badRequest(`Unknown profile field ${unknown.map((k) => `"${k}"`).join(', ')}; nothing was saved`);
  }
  const set: Partial<typeof users.$inferInsert> = {};
  if (body.username !== undefined) {
    const u = normalizeUsername(text('username', body.username));
    if (u === '') throw badRequest(blank('Username'));
    set.username = u;
  }
  if (body.email !== undefined) {
    const e = text('email', body.email);
    if (e !== '' && !isEmail(e)) throw badRequest(invalidEmail('Email'));
    set.email = e;
  }
  if (body.fullname !== undefined) set.name = text('fullname', body.fullname);
  if (body.title !== undefined) set.title = text('title', body.title);
  if (body.phone !== undefined) set.phone = text('phone', body.phone);
  if (body.location !== undefined) set.location = text('location', body.location);
  if (body.timezone !== undefined) {
    if (!isTimeZone(body.timezone)) {
      throw badRequest(`Unknown time zone "${String(body.timezone)}"; use a zone name such as Europe/Stockholm`);
    }
    set.timezone = body.timezone;
  }
  if (body.avatar !== undefined) {
    if (body.avatar === null || body.avatar === '') set.avatar = null;
    else if (typeof body.avatar === 'string') set.avatar = await avatarFromDataUrl(body.avatar);
    else throw badRequest('avatar must be a data URL or null');
  }
  if (body.notification_email !== undefined) set.notifyEmail = bit('notification_email', body.notification_email);
  if (body.notification_desktop !== undefined) set.notifyDesktop = bit('notification_desktop', body.notification_desktop);
  if (body.time_12h !== undefined) set.timeFormat = bit('time_12h', body.time_12h) ? '12h' : '24h';
  if (body.date_format !== undefined) {
    if (!(DATE_FORMATS as readonly unknown[]).includes(body.date_format)) {
      throw badRequest(`date_format must be one of ${DATE_FORMATS.join(', ')}`);
    }
    set.dateFormat = body.date_format as string;
  }
  if (body.language !== undefined) {
    if (!isLanguage(body.language)) throw badRequest(`Unsupported language "${String(body.language)}"`);
    set.language = body.language;
  }
  if (body.theme !== undefined) {
    if (!isTheme(body.theme)) throw badRequest(`theme must be one of ${THEMES.join(', ')}`);
    set.theme = body.theme;
  }
  if (set.username !== undefined) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(usernameIs(set.username), ne(users.id, userId)))
      .limit(1);
    if (taken) throw new HttpError(409, USERNAME_TAKEN, 'conflict');
  }
  // The unique index decides a race between two renames to the same name: 409, not 500.
  if (Object.keys(set).length) {
    await db
      .update(users)
      .set(set)
      .where(eq(users.id, userId))
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? new HttpError(409, USERNAME_TAKEN, 'conflict') : err;
      });
  }
  return getProfile(db, userId);
}

export async function setAvatar(db: Db, userId: number, avatar: string | null): Promise<UserProfile> {
  await db.update(users).set({ avatar }).where(eq(users.id, userId));
  return getProfile(db, userId);
}

async function setPasswordAndEndSessions(db: Db, userId: number, password: string, keepSession?: string) {
  const passwordHash = await hashPassword(password);
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepSession ? ne(sessions.id, keepSession) : undefined));
  sessionCache(db).forgetUsers([userId]);
}

/** The contract's rule for a new password (the forms check the same before sending). */
export function checkNewPassword(pw: string): void {
  const problem = fieldProblem(NewPassword, pw, true);
  if (problem?.rule === 'maxLength') throw badRequest(`The password is longer than ${problem.limit} characters`);
  if (problem) throw badRequest(MESSAGES.passwordTooShort);
}

/** PUT /password: the old password must be right; the user's other sessions end. */
export async function changePassword(db: Db, a: AuthContext, oldPassword: string, newPassword: string): Promise<void> {
  const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, a.userId)).limit(1);
  if (!u || !(await verifyPassword(u.hash, oldPassword))) throw badRequest(PASSWORD_MESSAGES.failed);
  checkNewPassword(newPassword);
  await checkPasswordPolicy(db, a.userId, newPassword); // the organisations' policy (admin Security)
  await setPasswordAndEndSessions(db, a.userId, newPassword, a.sessionId);
}

// Password links (createRestorePasswordToken, forgotPassword, changePassword): password-reset.ts.

export async function organizationOf(db: Db, userId: number, id: number): Promise<OrganizationInfo> {
  const [o] = await db
    .select({ id: organizations.id, name: organizations.name, rights: organizations.rights, created: organizations.createdAt })
    .from(userOrganizations)
    .innerJoin(organizations, eq(organizations.id, userOrganizations.organizationId))
    .where(and(eq(userOrganizations.userId, userId), eq(userOrganizations.organizationId, id)))
    .limit(1);
  if (!o) throw notFound();
  return { id: o.id, name: o.name, rights: o.rights, created: o.created.toISOString() };
}
