// Staff on a shared tablet (decision 071): a manager makes a browser the restaurant's tablet,
// staff switch to themselves with a PIN (set by the manager, stored hashed, never another staff
// member's), wrong PINs are throttled per device, and a PIN session ends after two minutes
// without a person's request. Pages are posted as a browser without JavaScript posts them.
import { describe, expect, it } from "vitest";
import { hashToken, readSessionToken } from "~/modules/auth/sessions.server";
import { prisma } from "~/utils/db.server";
import { api, baseUrl, randomIp } from "../setup/api";
import { expectError, expectFieldError, sessionRow } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { postForm, type PageResult } from "../setup/pages";
import { createStaffApi, createStaffMember, staffKey, staffPayload } from "../setup/staff";

const MSG = {
  wrong: "PIN hatalı.",
  format: "PIN 4–6 haneli bir sayı olmalı.",
  trivial: "Bu PIN tahmin etmesi çok kolay. Lütfen başka bir PIN seçin.",
  taken: "Bu PIN başka bir personel tarafından kullanılıyor.",
  notFound: "Ortak tablet bulunamadı.",
};

const cookieValue = (setCookies: string[], name: string) => {
  const line = setCookies.find((c) => c.startsWith(`${name}=`));
  return line ? line.split(";")[0]! : null;
};

async function send(method: "GET" | "POST", path: string, cookie: string, fields?: Record<string, string>): Promise<PageResult> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      cookie,
      "x-forwarded-for": randomIp(),
      ...(fields ? { origin: baseUrl(), "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    body: fields ? new URLSearchParams(fields) : undefined,
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), text: await res.text(), headers: res.headers };
}

/** The manager presses "Bu cihazı ortak tablet yap": the tablet cookie this browser gets. */
async function makeTablet(manager: Tenant, key = staffKey(), name = "Kasa tableti") {
  const res = await postForm(manager, "/app/staff-management", { intent: "make-tablet", key, name });
  expect(res.status, res.text).toBe(302);
  expect(res.location).toBe("/app/pin?ready=1");
  const tablet = cookieValue(res.headers!.getSetCookie(), "__sofra_tablet");
  expect(tablet).not.toBeNull();
  return { res, tablet: tablet!, key };
}

async function staffWithPin(manager: Tenant, pin: string, overrides: Record<string, unknown> = {}) {
  const res = await createStaffApi(manager, staffPayload({ pin, ...overrides }));
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; has_pin: boolean };
}

const typePin = (tablet: string, pin: string) => send("POST", "/app/pin", tablet, { intent: "pin", pin });

/** The session a right PIN started, as its cookie and its token's row. */
async function signIn(tablet: string, pin: string) {
  const res = await typePin(tablet, pin);
  expect(res.status, res.text).toBe(302);
  expect(res.location).toBe("/app/role-selection");
  const session = cookieValue(res.headers!.getSetCookie(), "__sofra_session")!;
  expect(session).toBeTruthy();
  return { session, both: `${tablet}; ${session}` };
}

describe("making and revoking the shared tablet", () => {
  it("a manager makes this browser the tablet: its session ends, the same key makes one device, /app opens the PIN pad", async () => {
    const manager = await createTenant({ manager: true });
    const before = await sessionRow(manager.token);
    const { tablet, key } = await makeTablet(manager);
    // The manager's session on that browser is over, and its cookie cleared.
    expect(await sessionRow(manager.token)).toBeNull();
    expect(before).not.toBeNull();
    const devices = await prisma.sharedDevice.findMany({ where: { restaurantId: manager.restaurantId } });
    expect(devices).toHaveLength(1);
    expect(devices[0]!.name).toBe("Kasa tableti");
    // Only the token's hash is stored.
    expect(tablet).not.toContain(devices[0]!.tokenHash);

    // A double tap (same key, from another live manager session of the restaurant): one device, the same cookie.
    const again = await createTenantSession(manager);
    const repeat = await makeTablet(again, key);
    expect(repeat.tablet).toBe(tablet);
    expect(await prisma.sharedDevice.count({ where: { restaurantId: manager.restaurantId } })).toBe(1);

    // With no session, the tablet's /app is its PIN pad; ?email shows the e-mail login.
    expect((await send("GET", "/app", tablet)).location).toBe("/app/pin");
    expect((await send("GET", "/app?email=1", tablet)).status).toBe(200);
    const pad = await send("GET", "/app/pin", tablet);
    expect(pad.status).toBe(200);
    expect(pad.text).toContain(manager.restaurantName);
    expect(pad.headers!.get("cache-control")).toContain("no-store");
    // Without the cookie there is no PIN pad.
    expect((await send("GET", "/app/pin", "")).location).toBe("/app");
  });

  it("only manager mode makes or revokes a tablet; another restaurant's device id is 404; revoking ends its sessions and its cookie", async () => {
    const manager = await createTenant({ manager: true });
    const other = await createTenant({ manager: true });
    await staffWithPin(manager, "4821");
    const { tablet } = await makeTablet(manager);
    const device = await prisma.sharedDevice.findFirstOrThrow({ where: { restaurantId: manager.restaurantId } });
    const { both } = await signIn(tablet, "4821");

    // A waiter cannot make or revoke one (the manager pages are manager mode only).
    const waiter = await createStaffMember(await createTenantSession(manager));
    expect((await postForm(waiter, "/app/staff-management", { intent: "make-tablet", key: staffKey(), name: "x" })).status).toBe(403);
    expect((await postForm(waiter, "/app/staff-management", { intent: "revoke-tablet", device_id: device.id })).status).toBe(403);
    expect(await prisma.sharedDevice.count({ where: { restaurantId: manager.restaurantId } })).toBe(1);

    // Another restaurant's manager: 404, nothing changes.
    const foreign = await postForm(other, "/app/staff-management", { intent: "revoke-tablet", device_id: device.id });
    expect(foreign.status).toBe(404);
    expect(foreign.text).toContain(MSG.notFound);
    expect((await prisma.sharedDevice.findUniqueOrThrow({ where: { id: device.id } })).revokedAt).toBeNull();

    const owner = await createTenantSession(manager);
    const revoked = await postForm(owner, "/app/staff-management", { intent: "revoke-tablet", device_id: device.id });
    expect(revoked.status).toBe(302);
    expect(revoked.location).toBe("/app/staff-management?done=tablet-removed");
    // Again: the same answer, nothing more.
    expect((await postForm(owner, "/app/staff-management", { intent: "revoke-tablet", device_id: device.id })).status).toBe(302);
    expect(await prisma.session.count({ where: { sharedDeviceId: device.id } })).toBe(0);
    // The PIN session is over, and the cookie leads to the login page, cleared.
    expect((await send("GET", "/app/staff", both)).location).toBe("/app?expired=1");
    const pad = await send("GET", "/app/pin", tablet);
    expect(pad.location).toBe("/app");
    expect(cookieValue(pad.headers!.getSetCookie(), "__sofra_tablet")).toBe("__sofra_tablet=");
    expect((await typePin(tablet, "4821")).location).toBe("/app");
  });
});

/** A second live session of the same owner (a fresh login), in manager mode. */
async function createTenantSession(tenant: Tenant): Promise<Tenant> {
  const login = await api("/api/public/login", { body: { email: tenant.email, password: tenant.password } });
  expect(login.status, login.text).toBe(200);
  const session = { ...tenant, token: login.json.access_token as string };
  const verified = await api("/api/auth/verify-admin-password", { token: session.token, body: { password: tenant.password } });
  expect(verified.status, verified.text).toBe(200);
  return session;
}

describe("the PIN on the staff screen and /api/staff", () => {
  it("is 4–6 digits, not a trivial one, stored hashed, never shown; another staff member's PIN is 409", async () => {
    const manager = await createTenant({ manager: true });
    expectFieldError(await createStaffApi(manager, staffPayload({ pin: "12a4" })), "pin", MSG.format);
    expectFieldError(await createStaffApi(manager, staffPayload({ pin: "123" })), "pin", MSG.format);
    expectFieldError(await createStaffApi(manager, staffPayload({ pin: "1234567" })), "pin", MSG.format);
    expectFieldError(await createStaffApi(manager, staffPayload({ pin: "1234" })), "pin", MSG.trivial);
    expectFieldError(await createStaffApi(manager, staffPayload({ pin: "000000" })), "pin", MSG.trivial);
    const ayse = await staffWithPin(manager, "4821");
    expect(ayse.has_pin).toBe(true);
    const row = await prisma.user.findUniqueOrThrow({ where: { id: ayse.id } });
    expect(row.pinHash).toMatch(/^\$argon2id\$/);
    expect(row.pinLookup).toMatch(/^[0-9a-f]{64}$/);
    const listed = await api("/api/staff", { token: manager.token });
    expect(listed.text).not.toContain("4821");
    expect(listed.text).not.toContain(row.pinLookup!);
    expect(listed.text).not.toMatch(/\$argon2/);

    // The same PIN for someone else: 409, no account made.
    const taken = await createStaffApi(manager, staffPayload({ pin: "4821" }));
    expectError(taken, 409, MSG.taken);
    expect(await prisma.user.count({ where: { restaurantId: manager.restaurantId, isOwner: false } })).toBe(1);
    // Another restaurant may use the same digits.
    const other = await createTenant({ manager: true });
    expect((await createStaffApi(other, staffPayload({ pin: "4821" }))).status).toBe(201);

    // PUT: a new PIN, the same one as a colleague's (409), then null clears it.
    const mehmet = await staffWithPin(manager, "5930");
    const put = (id: number, body: Record<string, unknown>) =>
      api(`/api/staff/${id}`, { method: "PUT", token: manager.token, body: { first_name: "A", last_name: "B", ...body } });
    expectError(await put(mehmet.id, { pin: "4821" }), 409, MSG.taken);
    const cleared = await put(mehmet.id, { pin: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.json.has_pin).toBe(false);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: mehmet.id } })).pinLookup).toBeNull();
    // Leaving it out keeps the PIN.
    expect((await put(ayse.id, {})).json.has_pin).toBe(true);
  });

  it("two managers giving two staff members the same PIN at once: exactly one wins", async () => {
    const manager = await createTenant({ manager: true });
    const [a, b] = await Promise.all([staffWithPin(manager, "7391"), staffWithPin(manager, "2468")]);
    await api(`/api/staff/${b.id}`, { method: "PUT", token: manager.token, body: { first_name: "B", last_name: "B", pin: null } });
    await api(`/api/staff/${a.id}`, { method: "PUT", token: manager.token, body: { first_name: "A", last_name: "A", pin: null } });
    const results = await Promise.all(
      [a.id, b.id].map((id) =>
        api(`/api/staff/${id}`, { method: "PUT", token: manager.token, body: { first_name: "X", last_name: "Y", pin: "8642" } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await prisma.user.count({ where: { restaurantId: manager.restaurantId, pinLookup: { not: null } } })).toBe(1);
  });

  it("the page's edit form sets and removes a PIN without JavaScript; deleting the account frees its PIN", async () => {
    const manager = await createTenant({ manager: true });
    const member = await staffWithPin(manager, "3817");
    const version = (await prisma.user.findUniqueOrThrow({ where: { id: member.id } })).version;
    const fields = {
      intent: "update",
      id: String(member.id),
      version: String(version),
      first_name: "Ayşe",
      last_name: "Garson",
      role: "waiter",
    };
    const bad = await postForm(manager, "/app/staff-management", { ...fields, pin: "1111" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(MSG.trivial);
    // The PIN typed is never sent back.
    expect(bad.text).not.toMatch(/value="1111"/);
    const removed = await postForm(manager, "/app/staff-management", { ...fields, clear_pin: "on" });
    expect(removed.status, removed.text).toBe(302);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: member.id } })).pinLookup).toBeNull();

    const second = await staffWithPin(manager, "9152");
    expect((await api(`/api/staff/${second.id}`, { method: "DELETE", token: manager.token })).status).toBe(200);
    // Freed: a new member may have it.
    expect((await createStaffApi(manager, staffPayload({ pin: "9152" }))).status).toBe(201);
  });
});

describe("signing in with a PIN", () => {
  it("a right PIN starts the staff member's own session bound to the device; a wrong or unknown PIN says only 'PIN hatalı.'", async () => {
    const manager = await createTenant({ manager: true });
    const ayse = await staffWithPin(manager, "4821", { first_name: "Ayşe" });
    const { tablet } = await makeTablet(manager);
    const device = await prisma.sharedDevice.findFirstOrThrow({ where: { restaurantId: manager.restaurantId } });

    for (const pin of ["4822", "9999"]) {
      const wrong = await typePin(tablet, pin);
      expect(wrong.status).toBe(400);
      expect(wrong.text).toContain(MSG.wrong);
    }
    const malformed = await typePin(tablet, "48a1");
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain(MSG.format);

    const { both } = await signIn(tablet, "4821");
    const rows = await prisma.session.findMany({ where: { sharedDeviceId: device.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(ayse.id);
    expect(rows[0]!.restaurantId).toBe(manager.restaurantId);
    // A waiter has one role: straight to the staff panel, whose header offers "Kullanıcı değiştir".
    const selection = await send("GET", "/app/role-selection", both);
    expect(selection.location).toBe("/app/staff");
    const panel = await send("GET", "/app/staff", both);
    expect(panel.status).toBe(200);
    expect(panel.text).toContain("Kullanıcı değiştir");
    // Without the tablet cookie, the PIN pad is not there to try.
    expect((await typePin("", "4821")).location).toBe("/app");
  });

  it("five wrong PINs on a device refuse it (429 with Retry-After), even the right PIN; another device of the restaurant still works", async () => {
    const manager = await createTenant({ manager: true });
    await staffWithPin(manager, "4821");
    const first = await makeTablet(manager);
    const second = await makeTablet(await createTenantSession(manager));
    for (let i = 0; i < 5; i++) expect((await typePin(first.tablet, `50${i}7`)).status).toBe(400);
    const refused = await typePin(first.tablet, "4821");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers!.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.text).toContain("çok fazla hatalı PIN");
    await signIn(second.tablet, "4821");
  });

  it("a right PIN clears its device's count", async () => {
    const manager = await createTenant({ manager: true });
    await staffWithPin(manager, "4821");
    const { tablet } = await makeTablet(manager);
    for (let i = 0; i < 4; i++) expect((await typePin(tablet, `60${i}3`)).status).toBe(400);
    await signIn(tablet, "4821");
    for (let i = 0; i < 4; i++) expect((await typePin(tablet, `70${i}3`)).status).toBe(400);
    await signIn(tablet, "4821");
  });

  it("right PINs never count towards the restaurant's ceiling: a busy evening of switches is not refused", async () => {
    const manager = await createTenant({ manager: true });
    await staffWithPin(manager, "4821");
    const { tablet } = await makeTablet(manager);
    // More right PINs than the restaurant's ceiling of 30 attempts, one wrong PIN between each few.
    for (let i = 0; i < 32; i++) {
      if (i % 8 === 7) expect((await typePin(tablet, "9157")).status).toBe(400);
      await signIn(tablet, "4821");
    }
  }, 60_000);

  it("an e-mail login on the tablet is bound to the device too", async () => {
    const manager = await createTenant({ manager: true });
    const { tablet } = await makeTablet(manager);
    const login = await send("POST", "/app", tablet, { intent: "login", email: manager.email, password: manager.password });
    expect(login.status, login.text).toBe(302);
    const session = cookieValue(login.headers!.getSetCookie(), "__sofra_session")!;
    const token = (await parseSessionCookie(session))!;
    const row = await prisma.session.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
    expect(row.sharedDeviceId).not.toBeNull();
  });
});

function parseSessionCookie(cookie: string): Promise<string | null> {
  return readSessionToken({ headers: { get: (name) => (name === "cookie" ? cookie : null) } });
}

describe("the idle end and 'Kullanıcı değiştir'", () => {
  it("two minutes without a person's request end the PIN session (pages and the table poll); polls do not keep it alive", async () => {
    const manager = await createTenant({ manager: true });
    await staffWithPin(manager, "4821");
    const { tablet } = await makeTablet(manager);
    const { session, both } = await signIn(tablet, "4821");
    const token = (await parseSessionCookie(session))!;
    const where = { tokenHash: hashToken(token) };

    // A person's request after 20 s moves the clock; the app's own (background) requests do not.
    const old = new Date(Date.now() - 20_000);
    await prisma.session.update({ where, data: { pinSeenAt: old } });
    const poll = await fetch(`${baseUrl()}/api/tables`, { headers: { cookie: both, "x-sofra-background": "1" } });
    expect(poll.status).toBe(200);
    await fetch(`${baseUrl()}/api/menu`, { headers: { cookie: both, "x-sofra-background": "1" } });
    expect((await prisma.session.findUniqueOrThrow({ where })).pinSeenAt!.getTime()).toBe(old.getTime());
    expect((await send("GET", "/app/staff", both)).status).toBe(200);
    expect((await prisma.session.findUniqueOrThrow({ where })).pinSeenAt!.getTime()).toBeGreaterThan(old.getTime());

    // Two minutes and a second later: the poll is refused, the page goes to the PIN pad.
    await prisma.session.update({ where, data: { pinSeenAt: new Date(Date.now() - 121_000) } });
    expect((await fetch(`${baseUrl()}/api/tables`, { headers: { cookie: both } })).status).toBe(401);
    const page = await send("GET", "/app/staff", both);
    expect(page.location).toBe("/app?expired=1");
    expect((await send("GET", "/app?expired=1", both)).location).toBe("/app/pin?idle=1");
    expect(await prisma.session.count({ where })).toBe(0);

    // A session not on a tablet is not touched by the rule.
    const phone = await createStaffMember(await createTenantSession(manager));
    await prisma.session.updateMany({
      where: { tokenHash: hashToken(phone.token) },
      data: { lastSeenAt: new Date(Date.now() - 5 * 60_000) },
    });
    expect((await api("/api/tables", { token: phone.token })).status).toBe(200);
  });

  it("'Kullanıcı değiştir' ends the session at once and shows the PIN pad", async () => {
    const manager = await createTenant({ manager: true });
    await staffWithPin(manager, "4821");
    const { tablet } = await makeTablet(manager);
    const { session, both } = await signIn(tablet, "4821");
    const token = (await parseSessionCookie(session))!;
    const res = await send("POST", "/app/pin", both, { intent: "switch" });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/app/pin?switched=1");
    expect(await prisma.session.count({ where: { tokenHash: hashToken(token) } })).toBe(0);
    expect((await send("GET", "/app/staff", both)).location).toBe("/app?expired=1");
  });

  it("a cross-origin PIN post is refused (403)", async () => {
    const manager = await createTenant({ manager: true });
    await staffWithPin(manager, "4821");
    const { tablet } = await makeTablet(manager);
    const res = await fetch(`${baseUrl()}/app/pin`, {
      method: "POST",
      headers: { cookie: tablet, origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "pin", pin: "4821" }),
      redirect: "manual",
    });
    expect(res.status).toBe(403);
  });
});
