/**
 * A REAL OpenID provider for the BankID tests: oidc-provider, in this process, on a free port of
 * 127.0.0.1, with one confidential client (Fieldwatch) and accounts whose claims are the test's.
 * Its development interactions (a login form taking any account id and password, then a consent
 * form) stand in for the BankID app; `signInAtProvider` fills them in as a browser would.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const TEST_CLIENT = { id: 'fieldwatch-test', secret: 'a-test-client-secret-of-enough-length' };

export interface TestProvider {
  issuer: string;
  /** Registers the relying party's redirect URL (known once its server listens) and starts answering. */
  start(redirectUri: string): void;
  close(): Promise<void>;
}

/** Listens at once (so the issuer URL is known); answers once start() named the redirect URL. */
export async function startProvider(accounts: Record<string, Record<string, unknown>>): Promise<TestProvider> {
  let handler: http.RequestListener | null = null;
  const server = http.createServer((req, res) => {
    if (handler) return void handler(req, res);
    res.statusCode = 503;
    res.end('not started');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    start(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: TEST_CLIENT.id,
            client_secret: TEST_CLIENT.secret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ],
        // As BankID brokers do: the personal number is a claim of the openid scope.
        claims: { openid: ['sub', 'personal_number', 'name'], email: ['email', 'email_verified'] },
        findAccount: (_ctx, id) => ({
          accountId: id,
          claims: () => ({ sub: id, ...(accounts[id] ?? {}) }),
        }),
        features: { devInteractions: { enabled: true } },
        pkce: { required: () => true },
        ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
        cookies: { keys: ['oidc-provider-test-cookie-key'] },
      });
      handler = provider.callback();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's cookies (enough of one: by name and path, any port of 127.0.0.1 as browsers do). */
export class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();

  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const pathAttr = attrs.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('path='));
      const path = pathAttr ? pathAttr.slice(5) : '/';
      const expired = attrs.some((a) => /^max-age=0$/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(`${name} ${path}`);
      else this.cookies.set(`${name} ${path}`, { value, path });
    }
  }

  header(url: URL): string {
    return [...this.cookies.entries()]
      .filter(([, c]) => url.pathname.startsWith(c.path))
      .map(([key, c]) => `${key.split(' ')[0]}=${c.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    for (const [key, c] of this.cookies) if (key.split(' ')[0] === name) return c.value;
    return undefined;
  }
}

export async function browse(jar: CookieJar, url: URL, init: { method?: string; form?: Record<string, string> } = {}) {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    redirect: 'manual',
    headers: {
      cookie: jar.header(url),
      ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
  });
  jar.take(res);
  return res;
}

/**
 * From the provider's authorization URL to the redirect back to the relying party: follows the
 * redirects and fills in the login form (with `account`) and the consent form. Answers the URL the
 * provider sends the browser back to (the callback, with code and state).
 */
export async function signInAtProvider(jar: CookieJar, authorizationUrl: URL, account: string, backTo: string): Promise<URL> {
  let url = authorizationUrl;
  let res = await browse(jar, url);
  for (let step = 0; step < 12; step += 1) {
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url);
      if (url.href.startsWith(backTo)) return url;
      res = await browse(jar, url);
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action) throw new Error(`provider page ${url.href} answered ${res.status}: ${html.slice(0, 300)}`);
    const target = new URL(action.replace(/&amp;/g, '&'), url);
    const form: Record<string, string> = /name="login"/.test(html)
      ? { prompt: 'login', login: account, password: 'any' }
      : { prompt: 'consent' };
    url = target;
    res = await browse(jar, target, { method: 'POST', form });
  }
  throw new Error('the provider did not send the browser back');
}
