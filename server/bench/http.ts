/**
 * The bench's HTTP client: Node's fetch (undici, keep-alive), sequential requests. A sample is the
 * time from sending the request to having read the whole body (time to full payload); the body is
 * parsed and checked outside the timing.
 */

export interface Sample {
  ms: number;
  bytes: number;
}

export interface Stats {
  samples: number;
  p50Ms: number;
  p95Ms: number;
  meanMs: number;
  minMs: number;
  maxMs: number;
  /** Body size of the last response. */
  bytes: number;
}

export interface RequestSpec {
  method?: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function stats(samples: readonly Sample[]): Stats {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    samples: ms.length,
    p50Ms: round(percentile(ms, 50)),
    p95Ms: round(percentile(ms, 95)),
    meanMs: round(ms.reduce((a, b) => a + b, 0) / ms.length),
    minMs: round(ms[0]!),
    maxMs: round(ms[ms.length - 1]!),
    bytes: samples[samples.length - 1]?.bytes ?? 0,
  };
}

export class HttpError extends Error {}

/** One request, timed to its last body byte. Throws on a status other than `expect`. */
export async function timedRequest(
  spec: RequestSpec,
  expect = 200,
): Promise<{ ms: number; body: Buffer; headers: Headers }> {
  const t0 = performance.now();
  const res = await fetch(spec.url, {
    method: spec.method ?? 'GET',
    headers: spec.headers,
    ...(spec.body !== undefined ? { body: spec.body } : {}),
  });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  if (res.status !== expect)
    throw new HttpError(
      `${spec.method ?? 'GET'} ${spec.url}: ${res.status} ${body.toString('utf8').slice(0, 300)}`,
    );
  return { ms, body, headers: res.headers };
}

/**
 * Warm-up requests (not recorded), then `samples` sequential ones (each after `before`, untimed). `spec(i)` may vary the request
 * (another page, another unit); `check` validates a parsed body (first and last sample).
 */
export async function measure(
  spec: (i: number) => RequestSpec,
  opts: {
    warmup: number;
    samples: number;
    check?: (body: unknown, i: number) => void;
    /** Untimed work before each request (e.g. a change that invalidates a cache). */
    before?: (i: number) => Promise<void>;
  },
): Promise<Stats> {
  for (let i = 0; i < opts.warmup; i++) {
    await opts.before?.(-1 - i);
    await timedRequest(spec(-1 - i));
  }
  const out: Sample[] = [];
  for (let i = 0; i < opts.samples; i++) {
    await opts.before?.(i);
    const r = await timedRequest(spec(i));
    out.push({ ms: r.ms, bytes: r.body.length });
    if (opts.check && (i === 0 || i === opts.samples - 1)) opts.check(JSON.parse(r.body.toString('utf8')), i);
  }
  return stats(out);
}
