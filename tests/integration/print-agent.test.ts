// The print agent (issue 21, decision 080) run as a restaurant runs it (`npm run print-agent`,
// here its script under node with tsx) against the production server and a fake network printer
// on 127.0.0.1: the station's tickets arrive once each, in code page 857 and cut, the other
// station's never; across an agent killed mid-service, a printer that went away and a journal
// left by a crash between printing and acknowledging, each ticket is printed exactly once.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api, baseUrl } from "../setup/api";
import { FakePrinter, occurrences } from "../setup/escpos";
import { createTenant, type Tenant } from "../setup/factories";
import { clientOrderId, menuOf, postOrder, updateOrder, type MenuEntry } from "../setup/floor";

const ROOT = path.resolve(import.meta.dirname, "../..");
const JSON_TYPE = { "content-type": "application/json" };

interface Agent {
  process: ChildProcess;
  output: () => string;
  waitFor: (pattern: RegExp, ms?: number) => Promise<void>;
  exited: Promise<number | null>;
}

function startAgent(env: Record<string, string>): Agent {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/print-agent.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    process: child,
    output: () => output,
    exited,
    async waitFor(pattern, ms = 20_000) {
      const deadline = Date.now() + ms;
      while (!pattern.test(output)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`agent never said ${pattern}; it said:\n${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

async function until(what: string, check: () => Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("npm run print-agent against a fake printer", () => {
  let owner: Tenant;
  let menu: Record<string, MenuEntry>;
  let deviceId: number;
  let token: string;
  let stateDir: string;
  const printer = new FakePrinter();
  const agents: Agent[] = [];

  const agentEnv = () => ({
    SOFRA_URL: baseUrl(),
    PRINT_TOKEN: token,
    PRINTER: `127.0.0.1:${printer.port}`,
    PRINT_AGENT_STATE: path.join(stateDir, "state.json"),
  });
  const launch = () => {
    const agent = startAgent(agentEnv());
    agents.push(agent);
    return agent;
  };
  const printedCount = () => prisma.printedTicket.count({ where: { deviceId } });
  const stationTickets = async (station: string) =>
    (
      await prisma.kitchenTicket.findMany({
        where: { restaurantId: owner.restaurantId, station: { name: station } },
        orderBy: { id: "asc" },
        select: { id: true },
      })
    ).map((t) => t.id);
  const line = (name: string, quantity: number, extra: Record<string, unknown> = {}) => ({
    menu_item_id: menu[name]!.id,
    quantity,
    ...extra,
  });
  const order = async (table: number, items: unknown[]) => {
    const res = await postOrder(owner, { table_number: table, client_order_id: clientOrderId(), items });
    expect(res.status, res.text).toBe(201);
    return res.json;
  };

  beforeAll(async () => {
    stateDir = await mkdtemp(path.join(tmpdir(), "sofra-print-agent-"));
    owner = await createTenant({ manager: true });
    menu = await menuOf(owner);
    const put = await api("/api/restaurant/settings", {
      token: owner.token,
      method: "PUT",
      body: { auto_print_orders: true },
      headers: JSON_TYPE,
    });
    expect(put.status, put.text).toBe(200);
    const stations = await api("/api/stations", { token: owner.token });
    const mutfak = stations.json.find((s: any) => s.name === "Mutfak").id;
    const device = await api("/api/print-devices", {
      token: owner.token,
      body: { name: "Mutfak yazıcısı", station_id: mutfak },
      headers: JSON_TYPE,
    });
    expect(device.status, device.text).toBe(201);
    deviceId = device.json.id;
    token = device.json.token;
    await printer.start();
  });

  afterAll(async () => {
    for (const agent of agents) if (agent.process.exitCode === null) agent.process.kill("SIGKILL");
    await printer.stop();
    await rm(stateDir, { recursive: true, force: true });
  });

  it("prints its station's ticket once, in code page 857 with a cut, and an addition as EK", async () => {
    const agent = launch();
    await agent.waitFor(/Canlı akışa bağlandı/);
    const first = await order(3, [line("Adana Kebap", 2, { note: "acısız" }), line("Künefe", 1), line("Çay", 2)]);
    await until("the first ticket's acknowledgement", async () => (await printedCount()) === 1);

    const [ticket] = await stationTickets("Mutfak");
    expect(printer.jobs).toHaveLength(1);
    const text = printer.text;
    expect(text).toContain("MUTFAK\n");
    expect(text).toContain("Masa 3\n");
    expect(text).toContain(`Test Sahibi · Fiş #${ticket}\n`);
    expect(text).toContain("2 × Adana Kebap\n");
    expect(text).toContain("   Not: acısız\n");
    expect(text).toContain("1 × Künefe\n");
    expect(text).not.toContain("Çay");
    expect(occurrences(text, "[CUT]")).toBe(1);
    // Code page 857: ü is 0x81 and ı 0x8D; no UTF-8 bytes for them.
    expect(printer.bytes.includes(Buffer.from([0x4b, 0x81, 0x6e, 0x65, 0x66, 0x65]))).toBe(true);
    expect(printer.bytes.includes(Buffer.from("Künefe", "utf8"))).toBe(false);

    const edit = await updateOrder(owner, 3, {
      order_id: first.id,
      edit_key: clientOrderId(),
      items: [line("Adana Kebap", 2, { note: "acısız" }), line("Künefe", 1), line("Çay", 2), line("Sütlaç", 1), line("Ayran", 1)],
    });
    expect(edit.status, edit.text).toBe(200);
    await until("the addition's acknowledgement", async () => (await printedCount()) === 2);
    expect(printer.jobs).toHaveLength(2);
    expect(printer.text).toContain("Masa 3 · EK\n");
    expect(printer.text).toContain("1 × Sütlaç\n");
    expect(printer.text).not.toContain("Ayran");
  });

  it("after the agent was killed and the printer was away, prints what it missed once", async () => {
    const running = agents.at(-1)!;
    running.process.kill("SIGKILL");
    await running.exited;
    await printer.stop();

    await order(5, [line("İskender", 1), line("Ayran", 1)]);
    const restarted = launch();
    await restarted.waitFor(/Fişler yazdırılamadı: connect ECONNREFUSED/);
    expect(await printedCount()).toBe(2);
    await printer.start();
    await until("the missed ticket's acknowledgement", async () => (await printedCount()) === 3);
    expect(printer.text).toContain("Masa 5\n");
    expect(printer.text).toContain("1 × İskender\n");

    // The printer drops away while the agent runs; a new ticket waits for it and prints once.
    await restarted.waitFor(/Canlı akışa bağlandı/);
    await printer.stop();
    await order(6, [line("Tavuk Şiş", 2)]);
    await restarted.waitFor(/Fişler yazdırılamadı: connect ECONNREFUSED[\s\S]*Fişler yazdırılamadı: connect ECONNREFUSED/);
    await printer.start();
    await until("the ticket after the outage", async () => (await printedCount()) === 4);
    expect(printer.text).toContain("2 × Tavuk Şiş\n");
  });

  it("a ticket in the journal (printed, not acknowledged) is acknowledged on restart without printing it again", async () => {
    const running = agents.at(-1)!;
    running.process.kill("SIGTERM");
    expect(await running.exited).toBe(0);

    await order(7, [line("Izgara Köfte", 1)]);
    const missed = (await stationTickets("Mutfak")).at(-1)!;
    // As an agent that died between the printer taking the ticket and Sofra hearing of it leaves it.
    const statePath = agentEnv().PRINT_AGENT_STATE;
    const state = JSON.parse(await readFile(statePath, "utf8"));
    expect(state.lastEventId).toBeGreaterThan(0);
    await writeFile(statePath, JSON.stringify({ ...state, journal: [{ id: missed, at: new Date().toISOString() }] }));
    const jobsBefore = printer.jobs.length;

    const agent = launch();
    await until("the journaled ticket's acknowledgement", async () => (await printedCount()) === 5);
    await agent.waitFor(new RegExp(`Fiş #${missed} daha önce yazdırılmış`));
    expect(printer.jobs).toHaveLength(jobsBefore);
    expect(printer.text).not.toContain(`Fiş #${missed}`);
    await until("the journal to be emptied", async () => JSON.parse(await readFile(statePath, "utf8")).journal.length === 0);
  });

  it("in total, each of the station's tickets was printed exactly once and the other station's never", async () => {
    // Give a late duplicate time to show.
    await new Promise((r) => setTimeout(r, 1_500));
    const mutfak = await stationTickets("Mutfak");
    const bar = await stationTickets("Bar");
    expect(mutfak).toHaveLength(5);
    expect(bar.length).toBeGreaterThan(0);
    const text = printer.text;
    const journaled = mutfak.at(-1)!;
    for (const id of mutfak.slice(0, -1)) expect(occurrences(text, `Fiş #${id}\n`), `ticket ${id}`).toBe(1);
    expect(occurrences(text, `Fiş #${journaled}\n`)).toBe(0);
    for (const id of bar) expect(occurrences(text, `Fiş #${id}\n`), `bar ticket ${id}`).toBe(0);
    expect(printer.jobs).toHaveLength(4);
    expect(occurrences(text, "[CUT]")).toBe(4);
    expect(await prisma.printedTicket.findMany({ where: { deviceId }, select: { ticketId: true }, orderBy: { ticketId: "asc" } })).toEqual(
      mutfak.map((ticketId) => ({ ticketId })),
    );
  });
});
