/**
 * Organisation logos. An upload is never stored as sent: the bytes must be a PNG, JPEG or WebP
 * (recognised by their first bytes — an SVG, which can carry script, is refused), within
 * LOGO_MAX_BYTES, and decodable as a whole picture; it is then re-encoded as a PNG that fits
 * LOGO_BOX (transparency kept, no metadata, nothing that rode along in the original).
 */
import sharp, { type Metadata } from 'sharp';
import { LOGO_BOX, LOGO_CONTENT_TYPES, LOGO_MAX_BYTES, LOGIN_BUSY_CODE } from '@fieldwatch/shared';
import { HttpError } from '../../http/errors';
import { BoundedQueue, QueueFullError } from '../auth/queue';

export const LOGO_MAX_PIXELS = 4096 * 4096;
export const LOGO_TOO_LARGE = `The logo is larger than ${LOGO_MAX_BYTES / 1024} KB or 4096 × 4096 pixels. Upload a smaller picture.`;
export const LOGO_WRONG_TYPE = 'The logo must be a PNG, JPEG or WebP picture. SVG and other formats are not accepted.';
export const LOGO_UNREADABLE = 'The logo could not be read as a picture. Upload a complete PNG, JPEG or WebP file.';

type LogoType = (typeof LOGO_CONTENT_TYPES)[number];
const FORMAT_OF: Record<LogoType, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

const queue = new BoundedQueue(1, 16);

function typeOf(buf: Buffer): LogoType | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

/** A logo data URL as sent → the stored data URL (PNG). */
export async function logoFromDataUrl(value: string): Promise<string> {
  const m = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]+={0,2})$/i.exec(value);
  if (!m) throw new HttpError(400, LOGO_WRONG_TYPE, 'validation');
  const buf = Buffer.from(m[2]!, 'base64');
  if (buf.length === 0) throw new HttpError(400, LOGO_UNREADABLE, 'validation');
  if (buf.length > LOGO_MAX_BYTES) throw new HttpError(413, LOGO_TOO_LARGE, 'too_large');
  const type = typeOf(buf);
  if (type === null || type !== m[1]!.toLowerCase()) throw new HttpError(415, LOGO_WRONG_TYPE, 'unsupported_media_type');
  let out: Buffer;
  try {
    out = await queue.run(() => reencode(type, buf));
  } catch (err) {
    if (err instanceof QueueFullError)
      throw new HttpError(503, 'The server is busy with other uploads. Try again in a few seconds.', LOGIN_BUSY_CODE);
    throw err;
  }
  return `data:image/png;base64,${out.toString('base64')}`;
}

async function reencode(type: LogoType, input: Buffer): Promise<Buffer> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false, failOn: 'error', animated: false }).metadata();
  } catch {
    throw new HttpError(400, LOGO_UNREADABLE, 'invalid_image');
  }
  if (!meta.width || !meta.height || meta.format !== FORMAT_OF[type]) throw new HttpError(400, LOGO_UNREADABLE, 'invalid_image');
  if (meta.width * meta.height > LOGO_MAX_PIXELS) throw new HttpError(413, LOGO_TOO_LARGE, 'too_large');
  try {
    return await sharp(input, { limitInputPixels: LOGO_MAX_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize(LOGO_BOX.width, LOGO_BOX.height, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw new HttpError(400, LOGO_UNREADABLE, 'invalid_image');
  }
}
