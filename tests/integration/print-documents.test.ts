// Paper (issue 22, decision 089): a payment's 80 mm receipt (/app/receipt, a table payment by its
// id, an order paid on its own by the order's), and "Yazıcıya gönder" on the adisyon and the receipt:
// one request per form key, on the chosen device's stream and list until its agent acknowledges
// it once; another restaurant's ids are 404; the kitchen cannot send. Last, the print agent itself
// (its script, as print-agent.test.ts runs it) prints a sent adisyon and receipt once each.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRINT_DEVICE_NOT_FOUND } from "~/modules/kitchen/print-devices";
import { PRINT_DOCUMENT_NOT_FOUND, PRINTED_WHICH } from "~/modules/kitchen/print-documents";
import { prisma } from "~/utils/db.server";
import { api, baseUrl } from "../setup/api";
import { FakePrinter, occurrences } from "../setup/escpos";
import { expectError } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { istanbulToday, menuOf, placeOrder } from "../setup/floor";
import { getPage, joinedText, postForm } from "../setup/pages";
import { createStaffMember } from "../setup/staff";

const ROOT = path.resolve(import.meta.dirname, "../..");
const JSON_TYPE = { "content-type": "application/json" };
const key = () => `k-${randomUUID()}`;

/** A restaurant with a 10 % service charge, a footer, an address and a meal card. */
async function restaurant() {
  const t = await createTenant({ manager: true });
  await prisma.restaurant.update({
    where: { id: t.restaurantId },
    data: {
      serviceCharge: "10.00",
      receiptFooter: "Yine bekleriz!",
      address: "Bağdat Cad. 12, Kadıköy",
      phone: "0216 555 12 34",
      mealCards: ["Multinet"],
    },
  });
  return t;
}

/** A print device of the restaurant's Mutfak station, with its token. */
async function printDevice(t: Tenant, name = "Kasa yazıcısı") {
  const stations = await api("/api/stations", { token: t.token });
  const mutfak = stations.json.find((s: any) => s.name === "Mutfak").id;
  const res = await api("/api/print-devices", { token: t.token, body: { name, station_id: mutfak }, headers: JSON_TYPE });
  expect(res.status, res.text).toBe(201);
  return { id: res.json.id as number, token: res.json.token as string };
}

const payPart = (t: Tenant, table: number, body: Record<string, unknown>) =>
  api(`/api/tables/${table}/payments`, { token: t.token, body: { pay_key: key(), ...body }, headers: JSON_TYPE });
const payWhole = (t: Tenant, orderId: number, body: Record<string, unknown>) =>
  api(`/api/orders/${orderId}/pay`, { method: "PUT", token: t.token, body, headers: JSON_TYPE });
const asDevice = (token: string, p: string, body?: unknown) => api(p, { token, body, headers: body ? JSON_TYPE : {} });
const paperOf = async (t: Tenant, p: string) => {
  const res = await getPage(t, p);
  expect(res.status, `${p}: ${res.text.slice(0, 300)}`).toBe(200);
  return joinedText(res.text);
};
/** The form's key as the page rendered it. */
const requestKeyIn = (html: string) => /name="request_key" value="([^"]+)"/.exec(html)?.[1];
const serviceOf = async (where: Record<string, unknown>) =>
  (await prisma.payment.findMany({ where, select: { serviceCharge: true } })).reduce(
    (n, p) => n + Math.round(Number(p.serviceCharge) * 100),
    0,
  ) / 100;
const lira = (n: number) => new Intl.NumberFormat("tr-TR", { style: "currency", currency: "TRY" }).format(n);

describe("/app/receipt", () => {
  it("a table payment's receipt (a third of a split bill, cash with a tip and change), then the rest charged to a house account", async () => {
    const t = await restaurant();
    const menu = await menuOf(t);
    await placeOrder(
      t,
      6,
      [
        ["Adana Kebap", 1],
        ["Ayran", 1],
      ],
      menu,
    );
    await placeOrder(t, 6, [["Künefe", 1]], menu);
    // ₺610 of lines + 10 % = ₺671; a third is ₺223,66; 250 − 223,66 − 10 = 16,34 change.
    const cash = await payPart(t, 6, { method: "cash", shares: { count: 3, pay: 1 }, tip: "10", tendered: "250,00" });
    expect(cash.status, cash.text).toBe(201);
    expect(cash.json).toMatchObject({ amount: 223.66, change: 16.34, remaining: 447.34 });
    const service = await serviceOf({ billPaymentId: cash.json.payment_id });
    expect(service).toBeGreaterThan(0);

    const paper = await paperOf(t, `/app/receipt?payment=${cash.json.payment_id}`);
    for (const text of [
      "Bağdat Cad. 12, Kadıköy",
      "Tel: 0216 555 12 34",
      "ÖDEME FİŞİ · Masa 6",
      "Ödemeyi alan: Test Sahibi",
      `Ödeme no: ${cash.json.payment_id}`,
      "<dt>Servis ücreti</dt><dd>" + lira(service) + "</dd>",
      '<dt class="paper-total">ÖDENEN</dt><dd class="paper-total">₺223,66</dd>',
      '<dd class="receipt-method">Nakit</dd>',
      "<dt>Bahşiş</dt><dd>₺10,00</dd>",
      "<dt>Alınan</dt><dd>₺250,00</dd>",
      "<dt>Para üstü</dt><dd>₺16,34</dd>",
      "<dt>Masada kalan</dt><dd>₺447,34</dd>",
      "Yine bekleriz!",
      "Bilgi fişidir, mali değeri yoktur.",
    ]) {
      expect(paper, text).toContain(text);
    }
    expect(paper).not.toContain("Mali belge");

    const account = await api("/api/accounts", {
      token: t.token,
      body: { name: "Deniz Yapı Ltd.", credit_limit: 5000 },
      headers: JSON_TYPE,
    });
    expect(account.status, account.text).toBe(201);
    const rest = await payPart(t, 6, { method: "house_account", account_id: account.json.id });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.json).toMatchObject({ amount: 447.34, remaining: 0, table_freed: true });
    const onAccount = await paperOf(t, `/app/receipt?payment=${rest.json.payment_id}`);
    expect(onAccount).toContain('<dd class="receipt-method">Cari hesap · Deniz Yapı Ltd.</dd>');
    expect(onAccount).toContain('<dd class="paper-total">₺447,34</dd>');
    for (const absent of ["Masada kalan", "Para üstü", "Bahşiş"]) expect(onAccount, absent).not.toContain(absent);
  });

  it("an order paid on its own: the code and its discount, cash and change, what remains on the table, the fiscal document; the payments screen links to it", async () => {
    const t = await restaurant();
    const code = await api("/api/discounts", {
      token: t.token,
      headers: JSON_TYPE,
      body: { name: "Kasa", type: "percentage", value: 10, code: "FIS10", start_date: istanbulToday(), end_date: istanbulToday() },
    });
    expect(code.status, code.text).toBe(201);
    const menu = await menuOf(t);
    const first = await placeOrder(
      t,
      2,
      [
        ["Künefe", 1],
        ["Ayran", 1],
      ],
      menu,
    ); // 230
    await placeOrder(t, 2, [["Çay", 2]], menu);
    const paid = await payWhole(t, first.id, { payment_method: "cash", discount_code: "FIS10", tip: "5", tendered: "300" });
    expect(paid.status, paid.text).toBe(200);
    // 230 − 23 = 207 of lines; 20,70 service; 227,70 charged; 300 − 227,70 − 5 = 67,30.
    expect(paid.json).toMatchObject({ discount_amount: 23, service_charge: 20.7, amount: 227.7, change: 67.3 });

    const left = (await api("/api/tables/2/bill", { token: t.token })).json.remaining;
    expect(left).toBeGreaterThan(0);
    const paper = await paperOf(t, `/app/receipt?order=${first.id}`);
    for (const text of [
      "ÖDEME FİŞİ · Masa 2",
      `Sipariş no: ${first.id}`,
      "<dt>İndirim (FIS10)</dt><dd>-₺23,00</dd>",
      "<dt>Servis ücreti</dt><dd>₺20,70</dd>",
      '<dd class="paper-total">₺227,70</dd>',
      '<dd class="receipt-method">Nakit</dd>',
      "<dt>Bahşiş</dt><dd>₺5,00</dd>",
      "<dt>Para üstü</dt><dd>₺67,30</dd>",
      `<dt>Masada kalan</dt><dd>${lira(left)}</dd>`,
      "Bilgi fişidir, mali değeri yoktur.",
    ]) {
      expect(paper, text).toContain(text);
    }

    const fiscal = await api(`/api/orders/${first.id}/fiscal`, {
      method: "PUT",
      token: t.token,
      body: { kind: "okc", number: "1234", z_number: "56" },
    });
    expect(fiscal.status, fiscal.text).toBe(200);
    expect(await paperOf(t, `/app/receipt?order=${first.id}`)).toContain("Mali belge: ÖKC fiş 1234 · Z 56");

    const screen = await paperOf(t, `/app/payments?success=payment&orders=${first.id}`);
    expect(screen).toContain(`href="/app/receipt?order=${first.id}"`);
    expect(screen).toContain("80 mm fiş");
  });

  it("another restaurant's payment or order, an unpaid order, and no id at all are 404", async () => {
    const t = await restaurant();
    const other = await restaurant();
    const menu = await menuOf(t);
    const order = await placeOrder(t, 3, [["Künefe", 1]], menu);
    expect((await getPage(t, `/app/receipt?order=${order.id}`)).status).toBe(404);
    const part = await payPart(t, 3, { method: "card", amount: "50" });
    expect(part.status, part.text).toBe(201);
    // Paid at the table only: it has no receipt of its own as an order.
    expect((await getPage(t, `/app/receipt?order=${order.id}`)).status).toBe(404);
    expect((await getPage(t, `/app/receipt?payment=${part.json.payment_id}`)).status).toBe(200);
    expect((await getPage(other, `/app/receipt?payment=${part.json.payment_id}`)).status).toBe(404);
    const whole = await placeOrder(t, 4, [["Çay", 1]], menu);
    expect((await payWhole(t, whole.id, { payment_method: "card" })).status).toBe(200);
    expect((await getPage(t, `/app/receipt?order=${whole.id}`)).status).toBe(200);
    expect((await getPage(other, `/app/receipt?order=${whole.id}`)).status).toBe(404);
    for (const query of ["", "?payment=abc", `?payment=${part.json.payment_id}&order=${whole.id}`]) {
      expect((await getPage(t, `/app/receipt${query}`)).status, query).toBe(404);
    }
  });
});

describe("Yazıcıya gönder", () => {
  it("a receipt: a double submit makes one request; the device hears of it, lists it, acknowledges it once", async () => {
    const t = await restaurant();
    const menu = await menuOf(t);
    await placeOrder(
      t,
      6,
      [
        ["Adana Kebap", 1],
        ["Ayran", 1],
      ],
      menu,
    );
    const paid = await payPart(t, 6, { method: "meal_card", meal_card: "multinet" });
    expect(paid.status, paid.text).toBe(201);
    const device = await printDevice(t);
    const second = await printDevice(t, "Bar yazıcısı");
    const page = `/app/receipt?payment=${paid.json.payment_id}`;

    // The device's live stream, open before the request.
    const controller = new AbortController();
    const stream = await fetch(`${baseUrl()}/api/print-devices/me/events`, {
      headers: { authorization: `Bearer ${device.token}`, accept: "text/event-stream" },
      signal: controller.signal,
    });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let events = "";
    const readUntil = async (pattern: RegExp, ms: number) => {
      const deadline = Date.now() + ms;
      while (!pattern.test(events) && Date.now() < deadline) {
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
        if (!chunk || chunk.done) break;
        events += decoder.decode(chunk.value, { stream: true });
      }
    };
    try {
      await readUntil(/event: ready/, 10_000);
      const html = await paperOf(t, page);
      expect(html).toContain("Yazıcıya gönder");
      expect(html).toContain(`action="${page}" method="post">`);
      expect(html).toMatch(new RegExp(`<option value="${device.id}"( selected="")?>Kasa yazıcısı · Mutfak</option>`));
      const requestKey = requestKeyIn(html)!;
      expect(requestKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

      // A double tap: two posts of the same form at once.
      const posts = await Promise.all([1, 2].map(() => postForm(t, page, { device_id: device.id, request_key: requestKey })));
      for (const res of posts) {
        expect(res.status, res.text.slice(0, 200)).toBe(302);
        expect(res.location).toBe(page);
      }
      const rows = await prisma.printRequest.findMany({ where: { restaurantId: t.restaurantId } });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ deviceId: device.id, kind: "receipt", requestedByName: "Test Sahibi", printedAt: null });

      // The notice after the redirect; the next render has another key.
      const flash = posts[0]!.headers!.get("set-cookie")!.split(";")[0]!;
      const after = await getPage(t, page, flash);
      expect(joinedText(after.text)).toContain("Ödeme fişi yazıcıya gönderildi: Kasa yazıcısı.");
      expect(requestKeyIn(after.text)).not.toBe(requestKey);

      await readUntil(/event: document\.requested/, 10_000);
      await readUntil(/$^/, 500);
      const requested = events.split("\n\n").filter((b) => b.includes("event: document.requested"));
      expect(requested).toHaveLength(1);
      expect(JSON.parse(/data: (.+)/.exec(requested[0]!)![1]!)).toEqual({
        document_id: rows[0]!.id,
        device_id: device.id,
        kind: "receipt",
      });
    } finally {
      controller.abort();
    }

    const list = await asDevice(device.token, "/api/print-devices/me/documents");
    expect(list.status, list.text).toBe(200);
    expect(list.json.more).toBe(false);
    expect(list.json.documents).toHaveLength(1);
    const doc = list.json.documents[0];
    expect(doc).toMatchObject({ id: expect.any(Number), kind: "receipt", requested_by: "Test Sahibi" });
    const text = doc.lines.join("\n");
    expect(text).toContain("ÖDEME FİŞİ · Masa 6");
    expect(text).toContain("Ödeme şekli: Yemek kartı · Multinet");
    expect(text).toMatch(/ÖDENEN +462,00 TL/);
    expect(text).toContain("Bilgi fişidir, mali değeri yoktur.");
    for (const line of doc.lines) expect(line.length, line).toBeLessThanOrEqual(42);
    // Sent to one device: the other's list is empty.
    expect((await asDevice(second.token, "/api/print-devices/me/documents")).json.documents).toEqual([]);

    expectError(await asDevice(second.token, "/api/print-devices/me/printed", { document_id: doc.id }), 404, PRINT_DOCUMENT_NOT_FOUND);
    const foreign = await printDevice(await restaurant());
    expectError(await asDevice(foreign.token, "/api/print-devices/me/printed", { document_id: doc.id }), 404, PRINT_DOCUMENT_NOT_FOUND);
    expectError(await asDevice(device.token, "/api/print-devices/me/printed", { document_id: doc.id, ticket_id: 1 }), 400, PRINTED_WHICH);
    expect((await asDevice(device.token, "/api/print-devices/me/printed", {})).status).toBe(400);

    const ack = await asDevice(device.token, "/api/print-devices/me/printed", { document_id: doc.id });
    expect(ack.status, ack.text).toBe(201);
    expect(ack.json).toMatchObject({ document_id: doc.id, already_printed: false });
    const again = await asDevice(device.token, "/api/print-devices/me/printed", { document_id: doc.id });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ document_id: doc.id, already_printed: true, printed_at: ack.json.printed_at });
    expect((await asDevice(device.token, "/api/print-devices/me/documents")).json.documents).toEqual([]);
  });

  it("the adisyon: another restaurant's device is 404; no form without a device or the right to take payments; the kitchen cannot send", async () => {
    const t = await restaurant();
    const other = await restaurant();
    const menu = await menuOf(t);
    await placeOrder(t, 3, [["Adana Kebap", 1]], menu);
    const adisyon = "/app/adisyon?table=3";
    expect(await paperOf(t, adisyon)).not.toContain("Yazıcıya gönder");

    const device = await printDevice(t);
    const foreign = await printDevice(other);
    const html = await paperOf(t, adisyon);
    expect(html).toContain("Yazıcıya gönder");
    // Without JavaScript the browser posts to the form's action: the page's own address, table and all.
    expect(html).toMatch(/<form class="print-send__form"[^>]* action="\/app\/adisyon\?table=3" method="post">/);
    const refused = await postForm(t, adisyon, { device_id: foreign.id, request_key: requestKeyIn(html)! });
    expect(refused.status).toBe(404);
    expect(joinedText(refused.text)).toContain(PRINT_DEVICE_NOT_FOUND);
    expect((await postForm(t, "/app/adisyon?table=999", { device_id: device.id, request_key: key() })).status).toBe(404);
    expect((await postForm(t, adisyon, { device_id: "", request_key: key() })).status).toBe(400);
    expect(await prisma.printRequest.count({ where: { deviceId: { in: [device.id, foreign.id] } } })).toBe(0);

    const cashier = await createStaffMember(t, { role: "cashier" });
    const sent = await postForm(cashier, adisyon, { device_id: device.id, request_key: key() });
    expect(sent.status, sent.text.slice(0, 200)).toBe(302);
    const [request] = await prisma.printRequest.findMany({ where: { deviceId: device.id } });
    expect(request).toMatchObject({ kind: "adisyon", requestedByName: expect.any(String) });
    expect(request!.lines).toContain("ADİSYON · Masa 3");
    expect(request!.lines).toMatch(/1 × Adana Kebap +380,00 TL/);

    // The kitchen reads neither the receipt nor the adisyon, and sends neither.
    const kitchen = await createStaffMember(t, { role: "kitchen" });
    const part = await payPart(t, 3, { method: "card", amount: "100" });
    expect(part.status, part.text).toBe(201);
    const receipt = `/app/receipt?payment=${part.json.payment_id}`;
    expect((await getPage(kitchen, receipt)).status).toBe(403);
    expect((await postForm(kitchen, receipt, { device_id: device.id, request_key: key() })).status).toBe(403);
    expect((await postForm(kitchen, adisyon, { device_id: device.id, request_key: key() })).status).toBe(403);
    // A waiter of a restaurant whose waiters take no payments reads the adisyon, without the form, and cannot send it.
    await prisma.restaurant.update({ where: { id: t.restaurantId }, data: { waitersTakePayments: false } });
    const waiter = await createStaffMember(t, { role: "waiter" });
    expect(await paperOf(waiter, adisyon)).not.toContain("Yazıcıya gönder");
    expect((await postForm(waiter, adisyon, { device_id: device.id, request_key: key() })).status).toBe(403);
    expect(await prisma.printRequest.count({ where: { deviceId: device.id } })).toBe(1);
  });
});

// Each test starts the agent (tsx compiles it at start): tens of seconds on a CI machine running three suites at once.
describe("the print agent prints what is sent to it", { timeout: 90_000 }, () => {
  let t: Tenant;
  let device: { id: number; token: string };
  let stateDir: string;
  const printer = new FakePrinter();
  const agents: ChildProcess[] = [];
  let output = "";

  const launch = () => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/print-agent.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        SOFRA_URL: baseUrl(),
        PRINT_TOKEN: device.token,
        PRINTER: `127.0.0.1:${printer.port}`,
        PRINT_AGENT_STATE: path.join(stateDir, "state.json"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    agents.push(child);
    return child;
  };
  const until = async (what: string, check: () => Promise<boolean> | boolean, ms = 20_000) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the agent said:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const send = async (page: string) => {
    const html = await paperOf(t, page);
    const res = await postForm(t, page, { device_id: device.id, request_key: requestKeyIn(html)! });
    expect(res.status, res.text.slice(0, 200)).toBe(302);
    return (await prisma.printRequest.findFirstOrThrow({ where: { deviceId: device.id }, orderBy: { id: "desc" } })).id;
  };
  const printedAt = async (id: number) => (await prisma.printRequest.findUniqueOrThrow({ where: { id } })).printedAt;

  beforeAll(async () => {
    stateDir = await mkdtemp(path.join(tmpdir(), "sofra-print-documents-"));
    t = await restaurant();
    device = await printDevice(t);
    await printer.start();
  });

  afterAll(async () => {
    for (const agent of agents) if (agent.exitCode === null) agent.kill("SIGKILL");
    await printer.stop();
    await rm(stateDir, { recursive: true, force: true });
  });

  it("an adisyon sent while it runs prints at once (automatic printing off), in code page 857 with a cut", async () => {
    const menu = await menuOf(t);
    await placeOrder(
      t,
      5,
      [
        ["İskender", 1],
        ["Künefe", 1],
      ],
      menu,
    );
    launch();
    await until("the agent's stream", () => /Canlı akışa bağlandı/.test(output));
    const id = await send("/app/adisyon?table=5");
    await until("the adisyon's acknowledgement", async () => (await printedAt(id)) !== null);
    expect(printer.jobs).toHaveLength(1);
    const text = printer.text;
    expect(text).toContain("ADİSYON · Masa 5\n");
    expect(text).toMatch(/1 × İskender +\d/);
    expect(text).toContain("Bilgi fişidir, mali değeri yoktur.\n");
    expect(occurrences(text, "[CUT]")).toBe(1);
    expect(printer.bytes.includes(Buffer.from("İskender", "utf8"))).toBe(false);
    expect(output).toMatch(new RegExp(`Adisyon #${id} yazdırıldı`));
  });

  it("a receipt sent while the agent was down prints once on restart; a journaled one is only acknowledged", async () => {
    const running = agents.at(-1)!;
    running.kill("SIGKILL");
    await new Promise((r) => running.once("exit", r));
    const part = await payPart(t, 5, { method: "cash", amount: "100", tendered: "100" });
    expect(part.status, part.text).toBe(201);
    const missed = await send(`/app/receipt?payment=${part.json.payment_id}`);
    launch();
    await until("the missed receipt's acknowledgement", async () => (await printedAt(missed)) !== null);
    expect(printer.jobs).toHaveLength(2);
    expect(printer.text).toContain(`Ödeme no: ${part.json.payment_id}\n`);

    // As an agent that died between the printer taking it and Sofra hearing of it leaves it.
    const stopping = agents.at(-1)!;
    stopping.kill("SIGTERM");
    await new Promise((r) => stopping.once("exit", r));
    const journaled = await send("/app/adisyon?table=5");
    const statePath = path.join(stateDir, "state.json");
    const state = JSON.parse(await readFile(statePath, "utf8"));
    await writeFile(statePath, JSON.stringify({ ...state, documents: [{ id: journaled, at: new Date().toISOString() }] }));
    launch();
    await until("the journaled adisyon's acknowledgement", async () => (await printedAt(journaled)) !== null);
    await until("the journal to be emptied", async () => JSON.parse(await readFile(statePath, "utf8")).documents.length === 0);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(printer.jobs).toHaveLength(2);
    expect(output).toMatch(new RegExp(`Adisyon #${journaled} daha önce yazdırılmış`));
    expect(occurrences(printer.text, "ÖDEME FİŞİ")).toBe(1);
    expect(occurrences(printer.text, "ADİSYON · Masa 5")).toBe(1);
  });
});
