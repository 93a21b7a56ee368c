/**
 * Avatar re-encoding. An upload is never stored as sent: it is decoded (with a
 * pixel limit, so a small file declaring huge dimensions — a "pixel bomb" — is refused before
 * its pixels are allocated), turned upright, cut to AVATAR_SIZE² (cover) and written afresh as
 * WebP. The new file carries no metadata (EXIF GPS, comments) and nothing that rode along in the
 * original (an HTML or script trailer of a polyglot); a file that does not decode as a whole
 * image (magic number only, truncated, a header followed by script) is refused with 400.
 */
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { AVATAR_CONTENT_TYPES, AVATAR_TOO_LARGE, LOGIN_BUSY_CODE } from '@fieldwatch/shared';
import { HttpError } from '../../http/errors';
import { BoundedQueue, QueueFullError } from '../auth/queue';

export const AVATAR_SIZE = 256;
/** Largest image decoded: 4096 × 4096 (64 MiB of RGBA at most); larger is "Image size exceeded". */
export const AVATAR_MAX_PIXELS = 4096 * 4096;
export const AVATAR_STORED_TYPE = 'image/webp';
export const AVATAR_UNREADABLE =
  'The avatar could not be read as an image. Upload a complete PNG, JPEG, GIF or WebP picture.';

type AvatarType = (typeof AVATAR_CONTENT_TYPES)[number];
const FORMAT_OF: Record<AvatarType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * Decoding runs on libuv's thread pool, like argon2: one at a time, a few waiting, so uploads
 * cannot take the pool from everything else.
 */
const queue = new BoundedQueue(1, 16);

const unreadable = () => new HttpError(400, AVATAR_UNREADABLE, 'invalid_image');
const tooLarge = () => new HttpError(400, AVATAR_TOO_LARGE, 'too_large');

/**
 * The uploaded image, re-encoded: AVATAR_SIZE × AVATAR_SIZE WebP without metadata. `type` is the
 * type the bytes were recognised as (imageTypeOf); the decoder must agree.
 */
export async function reencodeAvatar(type: AvatarType, input: Buffer): Promise<Buffer> {
  try {
    return await queue.run(() => reencode(type, input));
  } catch (err) {
    if (err instanceof QueueFullError)
      throw new HttpError(
        503,
        'The server is busy with other uploads. Try again in a few seconds.',
        LOGIN_BUSY_CODE,
      );
    throw err;
  }
}

async function reencode(type: AvatarType, input: Buffer): Promise<Buffer> {
  const options: SharpOptions = {
    limitInputPixels: AVATAR_MAX_PIXELS,
    // A truncated or corrupt file is an error, not a half-grey picture.
    failOn: 'error',
    // Only the first frame of an animation.
    animated: false,
  };
  // The header first: dimensions are known before any pixel is decoded.
  let meta: Metadata;
  try {
    meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (!meta.width || !meta.height || meta.format !== FORMAT_OF[type]) throw unreadable();
  if (meta.width * meta.height > AVATAR_MAX_PIXELS) throw tooLarge();
  try {
    return await sharp(input, options)
      .rotate() // upright by its EXIF orientation, before the orientation is dropped with the rest
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer(); // no withMetadata(): EXIF, XMP, ICC and comments are not copied
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooLarge();
    throw unreadable();
  }
}
