// An open-loop, constant-rate load generator for the bench's latency runs.
//
// autocannon paces per connection and per second: with a rate, each connection
// sends its share of the second back to back as the second starts, then waits.
// A "500 req/s" autocannon run is therefore 50 bursts a second, and its latency
// is how fast the server drains the bursts. Phones polling every 3 s arrive
// spread out, so here request i is sent at start + i / rate whatever happened to
// the earlier ones (open loop), and its latency is measured from that scheduled
// moment, so a slow answer cannot hide by delaying the requests behind it
// (coordinated omission, as wrk2 corrects for).
import { Agent, request } from "node:http";

export interface OpenLoopOptions {
  url: string;
  rate: number;
  durationSeconds: number;
  method?: string;
  headers?: Record<string, string>;
  /** A body per request (called once per request, in order). */
  body?: (sequence: number) => string;
  /** Give up on an answer after this long (counted as an error). */
  timeoutMs?: number;
}

export interface OpenLoopResult {
  sent: number;
  answered: number;
  rate: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const { url, rate, durationSeconds, method = "GET", headers = {}, body, timeoutMs = 10_000 } = options;
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 1024 });
  const total = Math.round(rate * durationSeconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let non2xx = 0;
  let errors = 0;
  let sent = 0;

  const fire = (sequence: number, scheduledAt: number) =>
    new Promise<void>((resolve) => {
      const payload = body?.(sequence);
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method,
          headers: payload === undefined ? headers : { ...headers, "Content-Length": Buffer.byteLength(payload) },
          timeout: timeoutMs,
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            latencies.push(performance.now() - scheduledAt);
            const code = String(res.statusCode);
            statusCodes[code] = (statusCodes[code] ?? 0) + 1;
            if (!res.statusCode || res.statusCode < 200 || res.statusCode >= 300) non2xx++;
            resolve();
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", () => {
        errors++;
        resolve();
      });
      req.end(payload);
    });

  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 5;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        inFlight.push(fire(sent, start + sent * interval));
        sent++;
      }
      if (sent >= total) return done();
      const wait = Math.max(0, start + sent * interval - performance.now());
      setTimeout(tick, wait > 1 ? wait - 0.5 : 0);
    };
    tick();
  });
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  return {
    sent,
    answered: latencies.length,
    rate: latencies.length / Math.max(elapsed, durationSeconds),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    non2xx,
    errors,
    statusCodes,
  };
}
