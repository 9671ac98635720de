// Notifications to members: the admin's send (API and page, without JavaScript), delivery by the
// server's job worker (inbox rows, e-mail to the SMTP sink, push jobs), idempotency, and the
// restaurant's inbox (page, header badge, API, tenant isolation).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { BLANK_FIELDS, NO_RECIPIENTS, SENT } from "~/modules/notifications/rules";
import { prisma } from "~/utils/db.server";
import { adminCookie, createPlatformAdmin, getAdminPage, postAdminForm, type PlatformAdminAccount } from "../setup/admin";
import { api, baseUrl } from "../setup/api";
import { createTenant, type Tenant } from "../setup/factories";
import { waitForMail } from "../setup/integration-mail";
import { getPage, joinedText, postForm } from "../setup/pages";
import { createStaffMember } from "../setup/staff";
import { expectIdsRefusedToOtherTenant } from "../setup/tenancy";

let admin: PlatformAdminAccount;
let owner: Tenant;
let other: Tenant;

beforeAll(async () => {
  admin = await createPlatformAdmin();
  [owner, other] = await Promise.all([createTenant({ manager: true }), createTenant({ manager: true })]);
}, 60_000);

const send = (body: unknown, { key, token = admin.token }: { key?: string; token?: string } = {}) =>
  api("/api/admin/send-notification", { token, body, headers: key ? { "idempotency-key": key } : {} });

const payload = (recipients: number[], extra: Record<string, unknown> = {}) => ({
  title: `Duyuru ${randomUUID().slice(0, 8)}`,
  message: "Yeni özellikler yayında: masa planı artık daha hızlı.",
  type: "update",
  recipients,
  ...extra,
});

/** Waits until the server's job worker has settled the notification (sent or failed). */
async function settled(id: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const n = await prisma.notification.findUniqueOrThrow({ where: { id } });
    if (n.status !== "pending") return n;
    if (Date.now() > deadline) throw new Error(`notification ${id} still pending after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Restaurants with owners, written straight to the database (a thousand signups would take minutes). */
async function bulkRestaurants(count: number): Promise<number[]> {
  const tag = randomUUID().slice(0, 8);
  await prisma.restaurant.createMany({
    data: Array.from({ length: count }, (_, i) => ({ name: `Toplu ${tag} ${i}`, slug: `toplu-${tag}-${i}`, managerPasswordHash: "x" })),
  });
  const rows = await prisma.restaurant.findMany({
    where: { slug: { startsWith: `toplu-${tag}-` } },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  await prisma.user.createMany({
    data: rows.map((r, i) => ({
      restaurantId: r.id,
      email: `toplu-${tag}-${i}@test.sofra.local`,
      passwordHash: "x",
      firstName: "Toplu",
      lastName: "Sahip",
      role: "admin" as const,
      isOwner: true,
    })),
  });
  return rows.map((r) => r.id);
}

describe("POST /api/admin/send-notification: validation", () => {
  it.each([
    ["a blank title", { title: "   " }, BLANK_FIELDS],
    ["no title", { title: undefined }, BLANK_FIELDS],
    ["a blank message", { message: "\n " }, BLANK_FIELDS],
    ["no recipients", { recipients: undefined }, NO_RECIPIENTS],
    ["an empty recipient list", { recipients: [] }, NO_RECIPIENTS],
    ["only unknown members", { recipients: [2_000_000_000] }, NO_RECIPIENTS],
    ["an unknown type", { type: "spam" }, "Bildirim türü şunlardan biri olmalıdır"],
    ["a title longer than its column", { title: "a".repeat(201) }, "Başlık en fazla 200 karakter"],
    ["a recipient that is not an id", { recipients: ["abc"] }, "Alıcı numaraları"],
    ["send_email as text", { send_email: "yes" }, "send_email true ya da false"],
  ])("%s is a 400 with a Turkish message and records nothing", async (_name, change, message) => {
    const before = await prisma.notification.count();
    const res = await send({ ...payload([owner.restaurantId]), ...change });
    expect(res.status, res.text).toBe(400);
    expect(res.json.detail).toContain(message);
    expect(await prisma.notification.count()).toBe(before);
  });

  it("a body that is not JSON is a 415, a malformed Idempotency-Key a 400", async () => {
    const text = await api("/api/admin/send-notification", {
      token: admin.token,
      body: "title=x",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect((await send(payload([owner.restaurantId]), { key: "kisa" })).status).toBe(400);
  });

  it("is refused to a restaurant's token (403) and without a session (401)", async () => {
    expect((await send(payload([owner.restaurantId]), { token: owner.token })).status).toBe(403);
    expect((await api("/api/admin/send-notification", { body: payload([owner.restaurantId]) })).status).toBe(401);
    expect((await api("/api/admin/notifications", { token: owner.token })).status).toBe(403);
  });

  it("unknown members next to real ones are dropped: recipient_count counts the real ones", async () => {
    const res = await send(payload([owner.restaurantId, 2_000_000_000, owner.restaurantId]));
    expect(res.status, res.text).toBe(201);
    expect(res.json.notification.recipient_count).toBe(1);
  });
});

describe("delivery", () => {
  it("1,000 recipients: the request only records (pending) and answers fast; the worker gives every inbox one row", async () => {
    const ids = await bulkRestaurants(1000);
    const started = Date.now();
    const res = await send(payload(ids, { send_email: false }));
    const took = Date.now() - started;
    expect(res.status, res.text).toBe(201);
    expect(res.json.message).toBe(SENT);
    // Recorded, not delivered, by the request.
    expect(res.json.notification).toMatchObject({ status: "pending", recipient_count: 1000, sent_at: null });
    expect(took, "the send request took too long").toBeLessThan(5_000);
    const id = res.json.notification.id as number;
    expect(await prisma.job.count({ where: { uniqueKey: { startsWith: `notification:${id}:` } } })).toBe(10);

    const n = await settled(id);
    expect(n.status).toBe("sent");
    expect(n.sentAt).not.toBeNull();
    const rows = await prisma.notificationRecipient.groupBy({
      by: ["restaurantId"],
      where: { notificationId: id },
      _count: { _all: true },
    });
    expect(rows).toHaveLength(1000);
    expect(rows.every((r) => r._count._all === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.restaurantId))).toEqual(new Set(ids));
  }, 120_000);

  it("the owner's e-mail arrives at the SMTP server; the status becomes sent with sent_at", async () => {
    const body = payload([owner.restaurantId], { type: "promotion", message: "Kış kampanyası: <b>%20</b> indirim." });
    const res = await send(body);
    expect(res.status, res.text).toBe(201);
    const mail = await waitForMail((m) => m.to.includes(owner.email) && m.subject.includes(body.title));
    expect(mail.subject).toBe(`Sofra: ${body.title}`);
    expect(mail.text).toContain("Kış kampanyası: <b>%20</b> indirim.");
    expect(mail.text).toContain("http://sofra.test/app/notifications");
    // The message is text in the HTML part, not markup.
    expect(mail.html).toContain("&lt;b&gt;%20&lt;/b&gt;");
    const n = await settled(res.json.notification.id);
    expect(n.status).toBe("sent");
    const row = await prisma.notificationRecipient.findFirstOrThrow({ where: { notificationId: n.id } });
    expect(row.emailStatus).toBe("sent");

    const list = await api("/api/admin/notifications", { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.json.find((x: { id: number }) => x.id === n.id)).toMatchObject({
      id: n.id,
      title: body.title,
      message: body.message,
      type: "promotion",
      status: "sent",
      recipient_count: 1,
      sent_at: n.sentAt!.toISOString(),
    });
  });

  it("a restaurant that turned e-mail notifications off gets the inbox row only", async () => {
    const quiet = await createTenant();
    await prisma.restaurant.update({ where: { id: quiet.restaurantId }, data: { emailNotifications: false } });
    const res = await send(payload([quiet.restaurantId]));
    const n = await settled(res.json.notification.id);
    expect(n.status).toBe("sent");
    const row = await prisma.notificationRecipient.findFirstOrThrow({ where: { notificationId: n.id } });
    expect(row.emailStatus).toBe("skipped");
  });

  it("send_push enqueues one push job per restaurant with the inbox link, and no e-mail when send_email is false", async () => {
    const res = await send(payload([owner.restaurantId, other.restaurantId], { send_push: true, send_email: false }));
    const id = res.json.notification.id as number;
    const n = await settled(id);
    expect(n.status).toBe("sent");
    const jobs = await prisma.job.findMany({ where: { kind: "push", uniqueKey: { startsWith: `push:notification:${id}:` } } });
    expect(jobs).toHaveLength(2);
    const payloads = jobs.map((j) => JSON.parse(String(j.payload)));
    expect(payloads.map((p) => p.restaurantId).sort()).toEqual([owner.restaurantId, other.restaurantId].sort());
    expect(payloads[0]).toMatchObject({ title: n.title, url: "/app/notifications", tag: `notification-${id}` });
    const rows = await prisma.notificationRecipient.findMany({ where: { notificationId: id } });
    expect(rows.every((r) => r.emailStatus === "skipped")).toBe(true);
  });
});

describe("idempotency", () => {
  it("a repeat with the same key answers the first notification and sends once", async () => {
    const key = `tekrar-${randomUUID()}`;
    const body = payload([owner.restaurantId]);
    const first = await send(body, { key });
    expect(first.status).toBe(201);
    const again = await send(body, { key });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replay")).toBe("true");
    expect(again.json.notification.id).toBe(first.json.notification.id);
    expect(await prisma.notification.count({ where: { title: body.title } })).toBe(1);
  });

  it("concurrent sends with one key record one notification and one inbox row", async () => {
    const key = `ayni-anda-${randomUUID()}`;
    const body = payload([other.restaurantId]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(body, { key })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json.notification.id)).size).toBe(1);
    const id = answers[0]!.json.notification.id as number;
    await settled(id);
    expect(await prisma.notification.count({ where: { title: body.title } })).toBe(1);
    expect(await prisma.notificationRecipient.count({ where: { notificationId: id } })).toBe(1);
  });

  it("another admin's same key is another notification", async () => {
    const key = `iki-yonetici-${randomUUID()}`;
    const second = await createPlatformAdmin();
    const body = payload([owner.restaurantId]);
    const a = await send(body, { key });
    const b = await send(body, { key, token: second.token });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.json.notification.id).not.toBe(b.json.notification.id);
  });
});

describe("the admin page /admin/notifications (without JavaScript)", () => {
  it("shows the stats, the members (newest first) with boxes, and the form with e-mail on and push off", async () => {
    const newest = await createTenant();
    const page = await getAdminPage(admin, "/admin/notifications");
    expect(page.status).toBe(200);
    const html = joinedText(page.text);
    expect(html).toContain("Toplam bildirim");
    expect(html).toContain("Ulaşılan alıcı");
    expect(html).toMatch(/name="send_email"[^>]*checked/);
    expect(html).not.toMatch(/name="send_push"[^>]*checked/);
    expect(html).toContain(`value="${newest.restaurantId}"`);
    expect(html).toContain(newest.restaurantName);
    expect(html).toContain("Tümünü seç");
  });

  it("refuses a blank title and no recipients with the spec's messages, keeping what was typed", async () => {
    const form = await getAdminPage(admin, "/admin/notifications");
    const key = /name="send_key" value="([^"]+)"/.exec(form.text)![1]!;
    const blank = await postAdminForm(admin, "/admin/notifications", {
      send_key: key,
      title: " ",
      message: "Bir mesaj",
      type: "info",
      recipients: owner.restaurantId,
      filter: "all",
    });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain(BLANK_FIELDS);
    expect(blank.text).toContain("Bildirim gönderilirken hata oluştu");
    expect(blank.text).toContain("Bir mesaj");
    const none = await postAdminForm(admin, "/admin/notifications", {
      send_key: key,
      title: "Başlık",
      message: "Mesaj",
      type: "info",
      filter: "all",
    });
    expect(none.status).toBe(400);
    expect(none.text).toContain(NO_RECIPIENTS);
  });

  it("sends to the chosen members, redirects with the flash message, and a resubmit sends once", async () => {
    const form = await getAdminPage(admin, "/admin/notifications");
    const key = /name="send_key" value="([^"]+)"/.exec(form.text)![1]!;
    const title = `Form ${randomUUID().slice(0, 8)}`;
    const fields = {
      send_key: key,
      title,
      message: "Formdan gönderildi.",
      type: "warning",
      recipients: [owner.restaurantId, other.restaurantId],
      filter: "all",
      send_email: "on",
    };
    const res = await postAdminForm(admin, "/admin/notifications", fields);
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^\/admin\/notifications#notification-\d+$/);
    const flash = res.headers!.get("set-cookie")!.split(";")[0]!;
    const after = await fetch(`${baseUrl()}/admin/notifications`, { headers: { cookie: `${await adminCookie(admin)}; ${flash}` } });
    expect(await after.text()).toContain(SENT);
    expect((await postAdminForm(admin, "/admin/notifications", fields)).status).toBe(302);
    const sent = await prisma.notification.findMany({ where: { title } });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: "warning", recipientCount: 2, sendEmail: true, sendPush: false });
  });

  it("“Tümünü seç” sends to every member matching the filter, resolved on the server", async () => {
    const before = await prisma.restaurant.count({ where: { subscriptionPlan: "free_trial" } });
    const form = await getAdminPage(admin, "/admin/notifications?filter=trial");
    const key = /name="send_key" value="([^"]+)"/.exec(form.text)![1]!;
    const title = `Hepsi ${randomUUID().slice(0, 8)}`;
    const res = await postAdminForm(admin, "/admin/notifications", {
      send_key: key,
      title,
      message: "Deneme sürümündeki herkese.",
      type: "info",
      select_all: "on",
      filter: "trial",
    });
    expect(res.status).toBe(302);
    const n = await prisma.notification.findFirstOrThrow({ where: { title } });
    // Other test files sign restaurants up meanwhile: the count lies between before and after.
    const after = await prisma.restaurant.count({ where: { subscriptionPlan: "free_trial" } });
    expect(n.recipientCount).toBeGreaterThanOrEqual(before);
    expect(n.recipientCount).toBeLessThanOrEqual(after);
    expect(n.recipientCount).toBeGreaterThan(0);
  });
});

describe("the restaurant's inbox", () => {
  let inboxOwner: Tenant;
  let id: number;

  beforeAll(async () => {
    inboxOwner = await createTenant({ manager: true });
    const res = await send(payload([inboxOwner.restaurantId], { title: "Bakım duyurusu", send_email: false }));
    id = res.json.notification.id;
    await settled(id);
  });

  it("GET /api/notifications lists it unread with the count", async () => {
    const res = await api("/api/notifications", { token: inboxOwner.token });
    expect(res.status).toBe(200);
    expect(res.json.unread_count).toBe(1);
    expect(res.json.notifications).toEqual([
      expect.objectContaining({ id, title: "Bakım duyurusu", type: "update", is_read: false, read_at: null }),
    ]);
  });

  it("the page lists it with its unread mark and the header shows the count", async () => {
    const page = await getPage(inboxOwner, "/app/notifications");
    expect(page.status).toBe(200);
    const html = joinedText(page.text);
    expect(html).toContain("Bakım duyurusu");
    expect(html).toMatch(/data-read="false"/);
    expect(html).toMatch(/data-testid="unread-count"[^>]*>1</);
    // Every screen of the app has the badge.
    expect(joinedText((await getPage(inboxOwner, "/app/profile")).text)).toMatch(/data-testid="unread-count"[^>]*>1</);
  });

  it("another restaurant cannot read or mark it (404), and its own inbox stays empty of it", async () => {
    await expectIdsRefusedToOtherTenant(
      { owner: inboxOwner, other },
      [id],
      [
        {
          name: "POST /api/notifications/{id}/read",
          send: (nid, token) => api(`/api/notifications/${nid}/read`, { token, method: "POST" }),
        },
      ],
    );
    const theirs = await api("/api/notifications", { token: other.token });
    expect(theirs.json.notifications.map((n: { id: number }) => n.id)).not.toContain(id);
    const page = await postForm(other, "/app/notifications", { intent: "read", id });
    expect(page.status).toBe(404);
  });

  it("a bad id is a 400, an unknown one a 404, GET on the read address a 405", async () => {
    expect((await api("/api/notifications/abc/read", { token: inboxOwner.token, method: "POST" })).status).toBe(400);
    expect((await api("/api/notifications/2000000000/read", { token: inboxOwner.token, method: "POST" })).status).toBe(404);
    expect((await api(`/api/notifications/${id}/read`, { token: inboxOwner.token })).status).toBe(405);
  });

  it("POST /api/notifications/{id}/read marks it read (again keeps the first time)", async () => {
    const first = await api(`/api/notifications/${id}/read`, { token: inboxOwner.token, method: "POST" });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ id, is_read: true, unread_count: 0 });
    const again = await api(`/api/notifications/${id}/read`, { token: inboxOwner.token, method: "POST" });
    expect(again.json.read_at).toBe(first.json.read_at);
    const page = joinedText((await getPage(inboxOwner, "/app/notifications")).text);
    expect(page).not.toContain('data-testid="unread-count"');
  });

  it("the page's forms mark one and all read without JavaScript", async () => {
    const ids: number[] = [];
    for (const title of ["Birinci", "İkinci", "Üçüncü"]) {
      const res = await send(payload([inboxOwner.restaurantId], { title, send_email: false }));
      ids.push(res.json.notification.id);
      await settled(res.json.notification.id);
    }
    const one = await postForm(inboxOwner, "/app/notifications", { intent: "read", id: ids[0]! });
    expect(one.status).toBe(302);
    expect((await api("/api/notifications", { token: inboxOwner.token })).json.unread_count).toBe(2);
    const all = await postForm(inboxOwner, "/app/notifications", { intent: "read-all" });
    expect(all.status).toBe(302);
    expect((await api("/api/notifications", { token: inboxOwner.token })).json.unread_count).toBe(0);
    expect((await postForm(inboxOwner, "/app/notifications", { intent: "sil" })).status).toBe(400);
  });

  it("staff roles read the inbox too", async () => {
    const waiter = await createStaffMember(inboxOwner, { role: "waiter" });
    const res = await api("/api/notifications", { token: waiter.token });
    expect(res.status).toBe(200);
    expect(res.json.notifications.map((n: { id: number }) => n.id)).toContain(id);
  });
});
