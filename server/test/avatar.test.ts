/**
 * Issue 14 §8: avatars are re-encoded (256×256 WebP, no metadata); pixel bombs, polyglots, bare
 * magic numbers and truncated files are refused with 400, through both ways in (the image body of
 * POST /profile/avatar and the data URL of PUT /profile).
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { AVATAR_TOO_LARGE, type UserProfile } from '@fieldwatch/shared';
import { users } from '../src/db/schema';
import { AVATAR_SIZE, AVATAR_UNREADABLE } from '../src/modules/user/avatar';
import { DRIVERS, login, startServer, type TestServer } from './helpers';

type Data<T> = { data: T };

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A real pixel bomb: a complete, valid 1-bit greyscale PNG of 20000 × 20000 (400 megapixels,
 * 1.6 GB as RGBA once decoded) whose zeros compress to a few tens of kilobytes.
 */
function pixelBomb(side = 20000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(side / 8); // filter byte + packed pixels
  const raw = Buffer.alloc(rowBytes * side); // all zero: filter 0, black pixels
  return Buffer.concat([
    PNG_MAGIC,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

describe.each(DRIVERS)('avatar re-encoding on %s', (driver) => {
  let s: TestServer;
  let cookie: string;
  let userId: number;
  let png: Buffer;
  let jpegWithGps: Buffer;
  beforeAll(async () => {
    s = await startServer(driver);
    cookie = await login(s.app, 'demo.reader');
    userId = (await s.db.db.select().from(users).where(eq(users.username, 'demo.reader')))[0]!.id;
    png = await picture(640, 480).png().toBuffer();
    jpegWithGps = await picture(800, 600)
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'secret-owner', ImageDescription: 'home-address' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '57/1 42/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '11/1 58/1 0/1',
        },
      })
      .toBuffer();
  });
  afterAll(async () => {
    await s?.close();
  });

  const upload = (body: Buffer, type: string) =>
    s.app.inject({
      method: 'POST',
      url: '/api/v3/user/profile/avatar',
      headers: { cookie, 'content-type': type },
      payload: body,
    });
  const putDataUrl = (body: Buffer, type: string) =>
    s.app.inject({
      method: 'PUT',
      url: '/api/v3/user/profile',
      headers: { cookie },
      payload: { avatar: `data:${type};base64,${body.toString('base64')}` },
    });
  const stored = async () => (await s.db.db.select().from(users).where(eq(users.id, userId)))[0]!.avatar;
  const bytesOf = (dataUrl: string) => Buffer.from(dataUrl.split(',')[1]!, 'base64');

  it('the test images are what they claim', async () => {
    const exif = (await sharp(jpegWithGps).metadata()).exif;
    expect(exif?.toString('latin1')).toContain('secret-owner');
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 20000,
      height: 20000,
    });
  });

  it('stores a 256×256 WebP without the EXIF (GPS) of the upload, both ways in', async () => {
    for (const send of [upload, putDataUrl]) {
      const res = await send(jpegWithGps, 'image/jpeg');
      expect(res.statusCode).toBe(200);
      const avatar = res.json<Data<UserProfile>>().data.avatar!;
      expect(avatar.startsWith('data:image/webp;base64,')).toBe(true);
      expect(await stored()).toBe(avatar);
      const bytes = bytesOf(avatar);
      expect(bytes.equals(jpegWithGps)).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: AVATAR_SIZE, height: AVATAR_SIZE });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.toString('latin1')).not.toContain('secret-owner');
      expect(bytes.toString('latin1')).not.toContain('home-address');
    }
    // A PNG, a GIF and a WebP are re-encoded the same way.
    for (const [img, type] of [
      [png, 'image/png'],
      [await picture(100, 300).gif().toBuffer(), 'image/gif'],
      [await picture(300, 100).webp().toBuffer(), 'image/webp'],
    ] as const) {
      const res = await upload(img, type);
      expect(res.statusCode).toBe(200);
      const meta = await sharp(bytesOf(res.json<Data<UserProfile>>().data.avatar!)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: AVATAR_SIZE, height: AVATAR_SIZE });
    }
  });

  it('refuses a 20000×20000 pixel bomb with 400 "Image size exceeded", both ways in', async () => {
    const before = await stored();
    const bomb = pixelBomb();
    for (const send of [upload, putDataUrl]) {
      const res = await send(bomb, 'image/png');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: AVATAR_TOO_LARGE, code: 'too_large' });
    }
    expect(await stored()).toBe(before);
  });

  it('refuses polyglots, bare magic numbers and truncated images with 400, and keeps the old avatar', async () => {
    const before = await stored();
    const jpeg = await picture(400, 300).jpeg().toBuffer();
    const cases: Array<[string, Buffer, string]> = [
      [
        'PNG magic + HTML',
        Buffer.concat([PNG_MAGIC, Buffer.from('<html><script>alert(document.cookie)</script></html>')]),
        'image/png',
      ],
      [
        'GIF header + script',
        Buffer.from('GIF89a/*\x01\x00\x01\x00*/=1;alert(document.cookie)//', 'latin1'),
        'image/gif',
      ],
      ['PNG magic only', PNG_MAGIC, 'image/png'],
      ['JPEG magic only', Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg'],
      ['WebP header only', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), 'image/webp'],
      ['truncated PNG', png.subarray(0, Math.floor(png.length / 2)), 'image/png'],
      ['truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg'],
    ];
    for (const [name, body, type] of cases) {
      for (const send of [upload, putDataUrl]) {
        const res = await send(body, type);
        expect([name, res.statusCode]).toEqual([name, 400]);
        expect([name, res.json().message]).toEqual([name, AVATAR_UNREADABLE]);
      }
    }
    expect(await stored()).toBe(before);
  });

  it('keeps nothing of a valid image with a script trailer (a polyglot that decodes)', async () => {
    const trailer = '<html><script>alert(document.cookie)</script></html>';
    const res = await upload(Buffer.concat([png, Buffer.from(trailer)]), 'image/png');
    expect(res.statusCode).toBe(200);
    const bytes = bytesOf(res.json<Data<UserProfile>>().data.avatar!);
    expect(bytes.toString('latin1')).not.toContain('<script');
    expect((await sharp(bytes).metadata()).format).toBe('webp');
  });
});
