// HAProxy in front of the app processes of a benchmark (bench-live, bench-rush): its own config in
// the temp folder, started with `haproxy -f` (not the system service), set up for Server-Sent
// Events (docs/scaling.md): long streams, small writes sent at once.
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./test-support.ts";

export interface RunningHaproxy {
  port: number;
  baseUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts HAProxy round-robin over `backendPorts` on 127.0.0.1 and waits until /healthz answers through it. */
export async function startHaproxy(backendPorts: number[], { maxconn = 8000 }: { maxconn?: number } = {}): Promise<RunningHaproxy> {
  const port = await freePort();
  const config = path.join(tmpdir(), `sofra-haproxy-${process.pid}-${port}.cfg`);
  writeFileSync(
    config,
    `global
  maxconn ${maxconn}
defaults
  mode http
  maxconn ${maxconn}
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # Server-Sent Events: a stream is a long answer; the heartbeat (20 s) keeps it well inside this.
  timeout tunnel 1h
  # Each event is a few hundred bytes: sent at once, not held for a fuller packet (up to 200 ms).
  option http-no-delay
  retries 3
  option redispatch
frontend live
  bind 127.0.0.1:${port}
  default_backend app
backend app
  balance roundrobin
  option httpchk GET /healthz
  # Thousands of streams opening at once keep the processes busy for a moment: not a reason to drop them.
  timeout check 3s
${backendPorts.map((p, i) => `  server app${i} 127.0.0.1:${p} check inter 500 fall 2 rise 2`).join("\n")}
`,
  );
  const child = spawn("haproxy", ["-f", config], { stdio: ["ignore", "inherit", "inherit"] });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited (${child.exitCode})`);
    const up = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    baseUrl,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        rmSync(config, { force: true });
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 3000).unref();
      }),
  };
}
