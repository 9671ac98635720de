// Settings that do something (issue 20, decision 065): low-stock alerts reach the managers' inbox
// and the owner's e-mail once per crossing of the minimum; new orders and payments reach the
// owner's browsers by web push; the receipt footer is printed on the payment receipt; service
// charge and automatic printing are the API's only until the bill and the kitchen ticket read them.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { createTenant, type Tenant } from "../setup/factories";
import { clientOrderId, menuOf, payOrder, placeOrder, postOrder } from "../setup/floor";
import { allMail, waitForMail } from "../setup/integration-mail";
import { getPage, joinedText, postForm } from "../setup/pages";
import { decryptPush, fakeBrowser, startFakePushService, type FakeBrowser, type FakePushService } from "../setup/push";
import { createStaffMember } from "../setup/staff";

const JSON_TYPE = { "content-type": "application/json" };

const putSettings = (t: Tenant, body: unknown) =>
  api("/api/restaurant/settings", { method: "PUT", token: t.token, body, headers: JSON_TYPE });
const createItem = (t: Tenant, body: Record<string, unknown>) => api("/api/stock", { token: t.token, body, headers: JSON_TYPE });
const updateItem = (t: Tenant, id: number, body: Record<string, unknown>) =>
  api(`/api/stock/${id}`, { method: "PUT", token: t.token, body, headers: JSON_TYPE });
const inbox = async (t: Tenant) => {
  const res = await api("/api/notifications", { token: t.token });
  expect(res.status, res.text).toBe(200);
  return res.json as {
    notifications: { id: number; title: string; message: string; type: string; is_read: boolean }[];
    unread_count: number;
  };
};

/** The low-stock notices recorded for an item (one per crossing). */
const alertsOf = (itemId: number) =>
  prisma.notification.findMany({ where: { sendKey: { startsWith: `lowstock:${itemId}:` } }, orderBy: { id: "asc" } });

/** Waits until no job about these keys is still to run (the server's worker delivers them). */
async function settled(keyPrefix: string) {
  await expect
    .poll(() => prisma.job.count({ where: { uniqueKey: { startsWith: keyPrefix }, status: "pending" } }), { timeout: 40_000 })
    .toBe(0);
}

async function stockItem(t: Tenant, name: string, current: number, min: number) {
  const res = await createItem(t, { name, category: "ingredient", unit: "kg", current_stock: current, min_stock: min, max_stock: 100 });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; version: number };
}

// Deliveries run on the server's job worker: on a busy machine a test waits for several of them.
const SLOW = 90_000;

describe("low-stock alerts", { timeout: SLOW }, () => {
  it("an item falling to its minimum: one managers' inbox notice and one e-mail to the owner; the waiter sees nothing", async () => {
    const t = await createTenant({ manager: true });
    const waiter = await createStaffMember(t, { first_name: "Garson" });
    const name = `Domates ${randomUUID().slice(0, 6)}`;
    const item = await stockItem(t, name, 8, 5);
    // Above the minimum: nothing.
    expect((await updateItem(t, item.id, { stock_change: -2 })).status).toBe(200);
    expect(await alertsOf(item.id)).toHaveLength(0);
    // 6 → 4,5: crosses.
    const crossed = await updateItem(t, item.id, { stock_change: -1.5 });
    expect(crossed.status, crossed.text).toBe(200);
    const title = `Düşük stok: ${name} (4,5 kg, en az 5)`;
    expect((await alertsOf(item.id)).map((n) => n.title)).toEqual([title]);

    const mail = await waitForMail((m) => m.subject === title, 40_000);
    expect(mail.to).toEqual([t.email]);
    expect(mail.text).toContain(`${name} stokta 4,5 kg kaldı`);
    await settled(`lowstock:${item.id}:`);
    // Still low: further decrements alert no more.
    expect((await updateItem(t, item.id, { stock_change: -1 })).status).toBe(200);
    await settled(`lowstock:${item.id}:`);
    expect(await alertsOf(item.id)).toHaveLength(1);
    expect(allMail().filter((m) => m.subject.startsWith(`Düşük stok: ${name}`))).toHaveLength(1);

    await expect.poll(async () => (await inbox(t)).notifications.map((n) => n.title), { timeout: 40_000 }).toContain(title);
    const waiterInbox = await inbox(waiter);
    expect(waiterInbox.notifications.map((n) => n.title)).not.toContain(title);
    // The header's count is the same audience's: the waiter does not count the managers' notice.
    expect(waiterInbox.unread_count).toBe(waiterInbox.notifications.filter((n) => !n.is_read).length);
    const ownerInbox = await inbox(t);
    expect(ownerInbox.unread_count).toBe(ownerInbox.notifications.filter((n) => !n.is_read).length);
    expect(joinedText((await getPage(waiter, "/app/notifications")).text)).not.toContain(name);
    // Not a platform send: the admin's history does not list it.
    expect((await prisma.notification.findFirstOrThrow({ where: { title } })).restaurantId).toBe(t.restaurantId);
  });

  it("ten decrements at once that pass the minimum: one notice and one e-mail", async () => {
    const t = await createTenant({ manager: true });
    const name = `Un ${randomUUID().slice(0, 6)}`;
    const item = await stockItem(t, name, 15, 10);
    const results = await Promise.all(Array.from({ length: 10 }, () => updateItem(t, item.id, { stock_change: -1 })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(Number((await prisma.stockItem.findUniqueOrThrow({ where: { id: item.id } })).currentStock)).toBe(5);
    const alerts = await alertsOf(item.id);
    expect(alerts.map((a) => a.title)).toEqual([`Düşük stok: ${name} (10 kg, en az 10)`]);
    await waitForMail((m) => m.subject === alerts[0]!.title, 40_000);
    await settled(`lowstock:${item.id}:`);
    expect(allMail().filter((m) => m.subject.startsWith(`Düşük stok: ${name}`))).toHaveLength(1);
  });

  it("a retried move (same change key) alerts once; back above the minimum re-arms it; raising the minimum crosses too", async () => {
    const t = await createTenant({ manager: true });
    const name = `Süt ${randomUUID().slice(0, 6)}`;
    const item = await stockItem(t, name, 6, 5);
    const key = `k-${randomUUID()}`;
    const [one, two] = await Promise.all([
      updateItem(t, item.id, { stock_change: -2, change_key: key }),
      updateItem(t, item.id, { stock_change: -2, change_key: key }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(await alertsOf(item.id)).toHaveLength(1);
    // Restocked above the minimum, then down again: a second alert.
    expect((await updateItem(t, item.id, { current_stock: 20, reason: "purchase" })).status).toBe(200);
    expect((await updateItem(t, item.id, { stock_change: -17 })).status).toBe(200);
    // Raising the minimum over the level is a crossing as well (the low-stock list would show it).
    expect((await updateItem(t, item.id, { current_stock: 20, reason: "purchase" })).status).toBe(200);
    expect((await updateItem(t, item.id, { min_stock: 25 })).status).toBe(200);
    expect((await alertsOf(item.id)).map((a) => a.title)).toEqual([
      `Düşük stok: ${name} (4 kg, en az 5)`,
      `Düşük stok: ${name} (3 kg, en az 5)`,
      `Düşük stok: ${name} (20 kg, en az 25)`,
    ]);
    await settled(`lowstock:${item.id}:`);
    expect(allMail().filter((m) => m.subject.startsWith(`Düşük stok: ${name}`))).toHaveLength(3);
  });

  it("the page's edit form counts like the API", async () => {
    const t = await createTenant({ manager: true });
    const name = `Peynir ${randomUUID().slice(0, 6)}`;
    const item = await stockItem(t, name, 9, 3);
    const row = await prisma.stockItem.findUniqueOrThrow({ where: { id: item.id } });
    const res = await postForm(t, "/app/stock-management", {
      intent: "update",
      id: item.id,
      version: row.version,
      name: row.name,
      category: row.category,
      unit: row.unit,
      current_stock: "2,5",
      min_stock: "3",
      max_stock: "100",
      cost_per_unit: "0",
      supplier: "",
      reason: "waste",
    });
    expect(res.status, joinedText(res.text).slice(0, 300)).toBe(302);
    expect((await alertsOf(item.id)).map((a) => a.title)).toEqual([`Düşük stok: ${name} (2,5 kg, en az 3)`]);
  });

  it("'Düşük stok uyarıları' off: no notice; 'E-posta bildirimleri' off: the inbox only", async () => {
    const t = await createTenant({ manager: true });
    expect((await putSettings(t, { notifications: { low_stock_alerts: false } })).status).toBe(200);
    const quiet = await stockItem(t, `Tuz ${randomUUID().slice(0, 6)}`, 6, 5);
    expect((await updateItem(t, quiet.id, { stock_change: -3 })).status).toBe(200);
    expect(await alertsOf(quiet.id)).toHaveLength(0);

    expect((await putSettings(t, { notifications: { low_stock_alerts: true, email_notifications: false } })).status).toBe(200);
    const name = `Şeker ${randomUUID().slice(0, 6)}`;
    const item = await stockItem(t, name, 6, 5);
    expect((await updateItem(t, item.id, { stock_change: -3 })).status).toBe(200);
    const [alert] = await alertsOf(item.id);
    expect(alert).toBeDefined();
    await settled(`lowstock:${item.id}:`);
    await expect.poll(async () => (await inbox(t)).notifications.map((n) => n.title), { timeout: 40_000 }).toContain(alert!.title);
    expect(allMail().filter((m) => m.subject.includes(name))).toHaveLength(0);
  });
});

describe("push on new orders and payments", { timeout: SLOW }, () => {
  let service: FakePushService;
  beforeAll(async () => {
    service = await startFakePushService();
  });
  afterAll(async () => {
    await service?.close();
  });

  /** An owner in manager mode with one browser subscribed and the push switch on. */
  async function ownerWithBrowser(): Promise<{ t: Tenant; browser: FakeBrowser; path: string }> {
    const t = await createTenant({ manager: true });
    const browser = fakeBrowser();
    const path = `/push/owner-${randomUUID()}`;
    const sub = await api("/api/push/subscribe", { token: t.token, body: browser.subscription(`${service.origin}${path}`) });
    expect(sub.status, sub.text).toBe(200);
    expect((await putSettings(t, { notifications: { push_notifications: true } })).status).toBe(200);
    return { t, browser, path };
  }
  const messagesTo = (path: string, browser: FakeBrowser) =>
    service.received.filter((r) => r.path === path).map((r) => JSON.parse(decryptPush(r.body, browser)) as Record<string, string>);
  const jobsFor = (key: string) => prisma.job.count({ where: { uniqueKey: key } });

  it("a new order and its payment each reach the owner's browser once, in Turkish; replays send nothing again", async () => {
    const { t, browser, path } = await ownerWithBrowser();
    const menu = await menuOf(t);
    const key = clientOrderId();
    const body = { table_number: 5, client_order_id: key, items: [{ menu_item_id: menu["Ayran"]!.id, quantity: 2 }] };
    const first = await postOrder(t, body);
    expect(first.status, first.text).toBe(201);
    const order = first.json as { id: number; total_amount: number };
    const again = await postOrder(t, body);
    expect(again.json.id).toBe(order.id);
    const total = new Intl.NumberFormat("tr-TR", { style: "currency", currency: "TRY" }).format(order.total_amount);

    await expect.poll(() => messagesTo(path, browser).length, { timeout: 40_000 }).toBe(1);
    expect(messagesTo(path, browser)[0]).toMatchObject({ title: `Yeni sipariş: Masa 5 · ${total}`, tag: `order-${order.id}` });
    expect(messagesTo(path, browser)[0]!.body).toContain("2× Ayran");

    const paid = await payOrder(t, order.id, "cash");
    expect(paid.status, paid.text).toBe(200);
    expect((await payOrder(t, order.id, "cash")).status).toBe(409);
    await expect.poll(() => messagesTo(path, browser).length, { timeout: 40_000 }).toBe(2);
    expect(messagesTo(path, browser)[1]).toMatchObject({ title: `Ödeme alındı: Masa 5 · ${total} nakit`, tag: `payment-${order.id}` });
    await settled("push:");
    expect(messagesTo(path, browser)).toHaveLength(2);
    expect([await jobsFor(`push:order:${order.id}`), await jobsFor(`push:payment:${order.id}`)]).toEqual([1, 1]);
  });

  it("'Sipariş bildirimleri' or 'Ödeme bildirimleri' off: that push is not sent; push off: none", async () => {
    const { t } = await ownerWithBrowser();
    expect((await putSettings(t, { notifications: { order_notifications: false } })).status).toBe(200);
    const a = await placeOrder(t, 1, [["Ayran", 1]]);
    expect((await payOrder(t, a.id)).status).toBe(200);
    expect([await jobsFor(`push:order:${a.id}`), await jobsFor(`push:payment:${a.id}`)]).toEqual([0, 1]);

    expect((await putSettings(t, { notifications: { order_notifications: true, payment_notifications: false } })).status).toBe(200);
    const b = await placeOrder(t, 2, [["Ayran", 1]]);
    expect((await payOrder(t, b.id)).status).toBe(200);
    expect([await jobsFor(`push:order:${b.id}`), await jobsFor(`push:payment:${b.id}`)]).toEqual([1, 0]);

    expect((await putSettings(t, { notifications: { payment_notifications: true, push_notifications: false } })).status).toBe(200);
    const c = await placeOrder(t, 3, [["Ayran", 1]]);
    expect((await payOrder(t, c.id)).status).toBe(200);
    expect([await jobsFor(`push:order:${c.id}`), await jobsFor(`push:payment:${c.id}`)]).toEqual([0, 0]);
  });

  it("eight orders on eight tables at once: all taken, one push job each (the enqueues do not deadlock)", async () => {
    const { t } = await ownerWithBrowser();
    const menu = await menuOf(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        postOrder(t, { table_number: i + 1, client_order_id: clientOrderId(), items: [{ menu_item_id: menu["Ayran"]!.id, quantity: 1 }] }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const counts = await Promise.all(results.map((r) => jobsFor(`push:order:${r.json.id}`)));
    expect(counts).toEqual(Array(8).fill(1));
  });

  it("a restaurant without a subscribed browser adds no job to an order", async () => {
    const t = await createTenant({ manager: true });
    expect((await putSettings(t, { notifications: { push_notifications: true } })).status).toBe(200);
    const order = await placeOrder(t, 4, [["Ayran", 1]]);
    expect(await jobsFor(`push:order:${order.id}`)).toBe(0);
  });
});

describe("the receipt footer", () => {
  it("is printed under 'ÖDEME BAŞARILI', as text (HTML escaped)", async () => {
    const t = await createTenant({ manager: true });
    const footer = '<b>Afiyet olsun</b> & yine bekleriz <script>alert("x")</script>';
    expect((await putSettings(t, { receipt_footer: footer })).status).toBe(200);
    const order = await placeOrder(t, 6, [["Ayran", 1]]);
    expect((await payOrder(t, order.id)).status).toBe(200);
    const page = joinedText((await getPage(t, `/app/payments?success=payment&orders=${order.id}`)).text);
    expect(page).toContain("ÖDEME BAŞARILI");
    expect(page).toContain('data-testid="receipt-footer"');
    expect(page).toContain("&lt;b&gt;Afiyet olsun&lt;/b&gt; &amp; yine bekleriz &lt;script&gt;");
    expect(page).not.toContain("<b>Afiyet olsun</b>");

    // Without a footer, no footer line; another restaurant's order shows no receipt at all.
    expect((await putSettings(t, { receipt_footer: null })).status).toBe(200);
    expect(await getPage(t, `/app/payments?success=payment&orders=${order.id}`).then((p) => p.text)).not.toContain("receipt-footer");
    const other = await createTenant({ manager: true });
    const foreign = joinedText((await getPage(other, `/app/payments?success=payment&orders=${order.id}`)).text);
    expect(foreign).not.toContain("ÖDEME BAŞARILI");
  });
});

describe("service charge and automatic printing", () => {
  it("the service charge is on the settings screen now that the bill charges it, and a form without the field keeps it; automatic printing is, with the kitchen's times", async () => {
    const t = await createTenant({ manager: true });
    const page = (await getPage(t, "/app/settings")).text;
    // The bill and every payment charge it (decisions 085, 086): the screen shows it.
    expect(page).toContain('name="service_charge"');
    // The kitchen reads these since issue 21 (decision 079): the screen shows them.
    expect(page).toContain('name="auto_print_orders"');
    expect(page).toContain('name="kitchen_amber_minutes"');
    expect(joinedText(page)).toContain("Yeni menü kategorilerinin varsayılan KDV oranı");

    const put = await putSettings(t, { service_charge: 12.5, auto_print_orders: true });
    expect(put.status, put.text).toBe(200);
    expect(put.json).toMatchObject({ service_charge: 12.5, auto_print_orders: true });
    const get = await api("/api/restaurant/settings", { token: t.token });
    expect(get.json).toMatchObject({ service_charge: 12.5, auto_print_orders: true });
    const saved = await postForm(t, "/app/settings", {
      intent: "settings",
      version: get.json.version,
      restaurant_name: "Yeni Ad",
      restaurant_type: get.json.restaurant_type,
      address: "",
      phone: "",
      email: get.json.email ?? "",
      tax_rate: "10",
      receipt_footer: "",
      auto_print_orders: "on",
    });
    expect(saved.status).toBe(302);
    expect((await api("/api/restaurant/settings", { token: t.token })).json).toMatchObject({
      restaurant_name: "Yeni Ad",
      service_charge: 12.5,
      auto_print_orders: true,
    });
  });
});
