/**
 * Security headers through @fastify/helmet. The Content-Security-Policy allows this
 * origin plus exactly what the product loads from elsewhere:
 * - remotes moved to another origin (REMOTE_URL_*, and REMOTE_ORIGINS where releases may live):
 *   their scripts, manifests, workers, styles;
 * - map tiles (MAP_TILE_URL, MAP_SATELLITE_URL): images;
 * - the NFC tag service (NFC_HOST): fetch;
 * - blob: workers (the map clusters and draws outlines in Web Workers) and data: images.
 * No inline script (the shell's theme bootstrap is a file, shell/public/theme-boot.js). Styles may
 * be inline: the bundles inject their CSS as <style> elements (style-loader) and React, Leaflet
 * and Highcharts position things with style attributes.
 *
 * Framing: `frame-ancestors 'none'` everywhere except the onboarding page (/onboarding), which
 * partner sites (PARTNER_ORIGINS) may frame. HSTS only on responses sent over https.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config';
import { DEFAULT_MAP_SATELLITE_URL, DEFAULT_MAP_TILE_URL } from '../config';

const SELF = "'self'";

/** The onboarding page and its sub-routes: the one page partner sites may frame. */
const EMBEDDABLE_PAGE = /^\/onboarding(?:[/?#]|$)/;

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Origin (CSP source) of an absolute http(s) URL or URL template; undefined for a path on this
 * server or nothing. A placeholder in the first host label ({s}.tile.example.org) becomes a
 * wildcard; elsewhere in the host only the scheme can describe it.
 */
export function sourceOf(url: string | undefined): string | undefined {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(url ?? '');
  if (!m) return undefined;
  const scheme = m[1]!.toLowerCase();
  const host = m[2]!.toLowerCase();
  if (!host.includes('{')) {
    try {
      return new URL(`${scheme}://${host}`).origin;
    } catch {
      return undefined;
    }
  }
  const [first, ...rest] = host.split('.');
  if (/^\{[^}]*\}$/.test(first!) && rest.length >= 2 && !rest.join('.').includes('{'))
    return `${scheme}://*.${rest.join('.')}`;
  return `${scheme}:`;
}

function unique(list: Array<string | undefined>): string[] {
  return [...new Set(list.filter((x): x is string => !!x))];
}

export function cspDirectives(config: Config): Record<string, string[]> {
  const remotes = unique([...Object.values(config.remoteUrls).map(sourceOf), ...(config.remoteOrigins ?? [])]);
  const tiles = unique([
    sourceOf(config.mapTileUrl ?? DEFAULT_MAP_TILE_URL),
    sourceOf(config.mapSatelliteUrl ?? DEFAULT_MAP_SATELLITE_URL),
  ]);
  const nfc = unique([sourceOf(config.nfcHost)]);
  return {
    'default-src': [SELF],
    'script-src': [SELF, ...remotes],
    'style-src': [SELF, "'unsafe-inline'", ...remotes],
    'img-src': [SELF, 'data:', 'blob:', ...tiles, ...remotes],
    'font-src': [SELF, 'data:', ...remotes],
    'connect-src': [SELF, ...remotes, ...nfc],
    'worker-src': [SELF, 'blob:', ...remotes],
    'object-src': ["'none'"],
    'base-uri': [SELF],
    'form-action': [SELF],
    'frame-ancestors': ["'none'"],
  };
}

function frameAncestors(config: Config): string {
  const origins = config.partnerOrigins ?? [];
  return origins.length ? origins.join(' ') : "'none'";
}

export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // Over plain http (a local demo) an HSTS header would be ignored at best; see the hook below.
    strictTransportSecurity: false,
    // Reset links carry their token in the URL: never send it to another origin (map tiles, NFC).
    referrerPolicy: { policy: 'same-origin' },
    // The CSP's frame-ancestors decides; X-Frame-Options is its fallback for old browsers.
    frameguard: { action: 'deny' },
    // Remotes may be served from another origin (REMOTE_URL_*) and partners load the onboarding remote.
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
  });

  const embedders = frameAncestors(config);
  app.addHook('onSend', async (request: FastifyRequest, reply, payload) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    if (EMBEDDABLE_PAGE.test(request.url)) {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string')
        reply.header(
          'content-security-policy',
          csp.replace("frame-ancestors 'none'", `frame-ancestors ${embedders}`),
        );
      if (config.partnerOrigins?.length) reply.removeHeader('x-frame-options');
    }
    return payload;
  });
}
