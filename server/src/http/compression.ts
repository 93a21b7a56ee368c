/**
 * Compressed answers (issue 22 §1). The front end's files are compressed once, at build time
 * (compression-webpack-plugin writes file.js.br and file.js.gz; the static plugin sends the one
 * the browser accepts). What the API makes per request — JSON (the fleet map, the device list),
 * CSV exports, plain-text messages — is compressed here when it is over COMPRESS_THRESHOLD_BYTES:
 * brotli at quality 4 (quality 11 costs ~20x the CPU for a few per cent), else gzip.
 *
 * Not compressed: the event stream (hijacked, and a stream must reach the browser as it is
 * written), files (precompressed), and request bodies (no decompression: a compressed body is
 * refused as before, so no upload can inflate past the body limits).
 */
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers go as they are: compressing them saves less than a packet. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** JSON of any kind, CSV and plain text. */
const COMPRESSIBLE = /^(?:application\/(?:[\w.-]+\+)?json|text\/(?:csv|plain))(?:;|$)/;

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
