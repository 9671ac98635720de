// Closed-loop GETs for the benchmarks' per-request measurements (bench:screens, and bench:rush's
// machine calibration): `count` requests of one path, `concurrency` at a time over kept-alive
// connections, each answer read to its end.
import { Agent, request } from "node:http";
import { cpuMs } from "./proc-cpu.ts";

/** Sends the requests; the statuses other than 200, with how many of each. */
export async function getMany(
  port: number,
  path: string,
  headers: Record<string, string>,
  count: number,
  concurrency = 4,
): Promise<Map<number, number>> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const req = request({ port, path, agent, headers }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      });
      req.on("error", reject);
      req.end();
    });
  let next = 0;
  const bad = new Map<number, number>();
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next++ < count) {
          const status = await get();
          if (status !== 200) bad.set(status, (bad.get(status) ?? 0) + 1);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return bad;
}

/**
 * What one request of `path` costs the process `pid` in CPU (ms), over `count` requests after
 * `warmup` not counted. GET /healthz (Node's HTTP and Express, no session, no database) is the
 * benchmarks' baseline: its cost says how fast this machine is at the moment (a slow spell of the
 * host shows there first), so figures of two runs compare as ratios to it.
 */
export async function cpuPerRequest(
  pid: number,
  port: number,
  path = "/healthz",
  { warmup = 300, count = 2000, headers = {} as Record<string, string> } = {},
): Promise<number> {
  await getMany(port, path, headers, warmup);
  const before = cpuMs(pid);
  const bad = await getMany(port, path, headers, count);
  if (bad.size > 0) throw new Error(`${path}: ${[...bad].map(([s, n]) => `${s}×${n}`).join(" ")}`);
  return (cpuMs(pid) - before) / count;
}
