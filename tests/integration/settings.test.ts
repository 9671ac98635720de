// Settings, General tab: GET/PUT /api/restaurant/settings and the /app/settings page's two
// forms (the settings, the manager password change through the shared module).
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { createTenant, enterManagerMode, type Tenant } from "../setup/factories";
import { expireTrial } from "../setup/floor";
import { getPage, joinedText, postForm } from "../setup/pages";
import { createTenantPair } from "../setup/tenancy";

const PAGE = "/app/settings";
const JSON_TYPE = { "content-type": "application/json" };
const getSettings = (tenant: Tenant) => api("/api/restaurant/settings", { token: tenant.token });
const putSettings = (tenant: Tenant, body: unknown) =>
  api("/api/restaurant/settings", { token: tenant.token, method: "PUT", body, headers: JSON_TYPE });
const restaurantRow = (tenant: Tenant) => prisma.restaurant.findUniqueOrThrow({ where: { id: tenant.restaurantId } });

async function staffTenant(): Promise<Tenant> {
  const tenant = await createTenant();
  expect((await postForm(tenant, "/app/role-selection", { intent: "staff" })).status).toBe(302);
  return tenant;
}

async function secondSession(tenant: Tenant): Promise<Tenant> {
  const res = await api("/api/public/login", { body: { email: tenant.email, password: tenant.password } });
  expect(res.status, res.text).toBe(200);
  return { ...tenant, token: res.json.access_token };
}

/** The General tab's form as the browser posts it (unticked boxes are left out). */
async function settingsForm(tenant: Tenant, changes: Record<string, string> = {}, ticked: string[] = ["order_notifications"]) {
  const { json } = await getSettings(tenant);
  const fields: Record<string, string | number> = {
    intent: "settings",
    version: json.version,
    restaurant_name: json.restaurant_name,
    restaurant_type: json.restaurant_type,
    address: json.address ?? "",
    phone: json.phone ?? "",
    email: json.email ?? "",
    tax_rate: String(json.tax_rate),
    service_charge: String(json.service_charge),
    receipt_footer: json.receipt_footer ?? "",
    kitchen_amber_minutes: String(json.kitchen_amber_minutes),
    kitchen_red_minutes: String(json.kitchen_red_minutes),
    ...changes,
  };
  for (const key of ticked) fields[`notifications.${key}`] = "on";
  return fields;
}

describe("GET /api/restaurant/settings", () => {
  it("the spec's fields with the notifications object and a version", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await getSettings(tenant);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      restaurant_name: tenant.restaurantName,
      restaurant_type: "restaurant",
      address: null,
      phone: null,
      email: tenant.email,
      tax_rate: 10,
      service_charge: 0,
      auto_print_orders: false,
      kitchen_amber_minutes: 10,
      kitchen_red_minutes: 20,
      day_start_hour: 5,
      receipt_footer: null,
      meal_cards: [],
      notifications: {
        order_notifications: true,
        payment_notifications: true,
        low_stock_alerts: true,
        daily_report_email: false,
        push_notifications: false,
        email_notifications: true,
      },
      version: 1,
    });
    // No SMS provider: the answer does not advertise an SMS switch (decision 064).
    expect(JSON.stringify(res.json)).not.toContain("sms");
  });
});

describe("PUT /api/restaurant/settings", () => {
  it("saves all fields; the new name shows at once on the manager panel and role selection", async () => {
    const tenant = await createTenant({ manager: true });
    const body = {
      restaurant_name: "  Yeni Ad Lokantası ",
      restaurant_type: "cafe",
      address: "Bağdat Cad. 1, İstanbul",
      phone: "+90 212 555 00 00",
      email: "Iletisim@Ornek.com",
      tax_rate: 8,
      service_charge: "12.5",
      auto_print_orders: true,
      receipt_footer: "Afiyet olsun!",
      // An old client still sending the SMS switch is not refused; nothing is stored for it (decision 064).
      notifications: { sms_notifications: true, order_notifications: false },
    };
    const res = await putSettings(tenant, body);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      restaurant_name: "Yeni Ad Lokantası",
      restaurant_type: "cafe",
      email: "iletisim@ornek.com",
      tax_rate: 8,
      service_charge: 12.5,
      auto_print_orders: true,
      receipt_footer: "Afiyet olsun!",
      notifications: { order_notifications: false, payment_notifications: true },
      version: 2,
    });
    expect(res.json.notifications).not.toHaveProperty("sms_notifications");
    expect((await getSettings(tenant)).json).toEqual(res.json);
    expect(joinedText((await api("/app/admin", { token: tenant.token })).text)).toContain("Yönetici Paneli · Yeni Ad Lokantası");
    expect((await api("/api/auth/me", { token: tenant.token })).json.restaurant.name).toBe("Yeni Ad Lokantası");
    // Saving the same again changes nothing (idempotent), not even the version.
    expect((await putSettings(tenant, body)).json.version).toBe(2);
    // null clears an optional text.
    expect((await putSettings(tenant, { address: null, receipt_footer: null })).json).toMatchObject({
      address: null,
      receipt_footer: null,
    });
    // (Role selection ends manager mode: last.)
    expect(joinedText((await api("/app/role-selection", { token: tenant.token })).text)).toContain("Yeni Ad Lokantası");
  });

  it.each([
    [{ restaurant_name: " " }, "İşletme adı zorunludur."],
    [{ restaurant_name: "x".repeat(121) }, "İşletme adı en fazla 120 karakter olabilir."],
    [{ restaurant_type: "pub" }, "İşletme türü şunlardan biri olmalıdır: restaurant, cafe, bar, fast_food, bakery."],
    [{ tax_rate: 100.01 }, "Vergi oranı en fazla 100 olabilir."],
    [{ tax_rate: -1 }, "Vergi oranı negatif olamaz."],
    [{ service_charge: 1.234 }, "Servis ücreti en fazla 2 ondalık basamak içerebilir."],
    [{ service_charge: "yüzde on" }, "Servis ücreti bir sayı olmalıdır (örnek: 72,50 ya da 1.250,00)."],
    [{ phone: "abc" }, "Lütfen geçerli bir telefon numarası girin."],
    [{ email: "ornek" }, "Lütfen geçerli bir e-posta adresi girin (örnek: ad@ornek.com)."],
    [{ auto_print_orders: "yes" }, "Otomatik yazdırma true ya da false olmalıdır."],
    [{ notifications: { order_notifications: 1 } }, "order_notifications true ya da false olmalıdır."],
    [{ notifications: "all" }, "notifications bir nesne olmalıdır."],
    [{ receipt_footer: "x".repeat(501) }, "Fiş alt yazısı en fazla 500 karakter olabilir."],
    [{ kitchen_amber_minutes: 0 }, "Sarı uyarı süresi 1 ile 480 dakika arasında olmalıdır."],
    [{ kitchen_red_minutes: 2.5 }, "Kırmızı uyarı süresi tam dakika olmalıdır."],
    // Amber must come before red, also when only one of the two is sent (the stored red is 20).
    [{ kitchen_amber_minutes: 20 }, "Kırmızı uyarı süresi sarı uyarı süresinden uzun olmalıdır."],
    [{ kitchen_amber_minutes: 30, kitchen_red_minutes: 15 }, "Kırmızı uyarı süresi sarı uyarı süresinden uzun olmalıdır."],
  ])("bad input %j: 400 with a Turkish message, nothing saved", async (body, detail) => {
    const tenant = await createTenant({ manager: true });
    const before = await restaurantRow(tenant);
    const res = await putSettings(tenant, body);
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe(detail);
    expect(await restaurantRow(tenant)).toEqual(before);
  });

  it("accepts 0 and 100; a stale version is 409 unless it asks for what is already saved", async () => {
    const tenant = await createTenant({ manager: true });
    expect((await putSettings(tenant, { tax_rate: 0, service_charge: 100, version: 1 })).status).toBe(200);
    const stale = await putSettings(tenant, { tax_rate: 18, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.json.detail).toMatch(/başka bir cihazdan değiştirildi/);
    expect((await putSettings(tenant, { tax_rate: 0, service_charge: 100, version: 1 })).status).toBe(200);
    expect(Number((await restaurantRow(tenant)).taxRate)).toBe(0);
  });

  it("concurrent saves of the same version: one wins, the others get 409", async () => {
    const tenant = await createTenant({ manager: true });
    const results = await Promise.all([5, 6, 7, 8].map((tax_rate) => putSettings(tenant, { tax_rate, version: 1 })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect((await restaurantRow(tenant)).settingsVersion).toBe(2);
  });

  it("staff mode: 403 on GET, PUT and the page's forms; nothing saved", async () => {
    const staff = await staffTenant();
    const before = await restaurantRow(staff);
    expect((await getSettings(staff)).status).toBe(403);
    const put = await putSettings(staff, { restaurant_name: "Ele geçirildi" });
    expect(put.status).toBe(403);
    expect(put.json.detail).toBe("Bu işlem için yönetici girişi gerekiyor.");
    expect((await getPage(staff, PAGE)).status).toBe(403);
    expect(
      (await postForm(staff, PAGE, { intent: "settings", version: 1, restaurant_name: "Ele geçirildi", restaurant_type: "bar" })).status,
    ).toBe(403);
    const pw = await postForm(staff, PAGE, {
      intent: "manager-password",
      current_password: staff.password,
      new_password: "yeni-1",
      confirm_password: "yeni-1",
    });
    expect(pw.status).toBe(403);
    expect(await restaurantRow(staff)).toEqual(before);
  });

  it("only the session's restaurant changes (there is no id to send: a body restaurant id is ignored)", async () => {
    const { a, b } = await createTenantPair();
    const beforeB = await restaurantRow(b);
    const res = await putSettings(a, { restaurant_name: "Sadece A", restaurant_id: b.restaurantId, id: b.restaurantId });
    expect(res.status).toBe(200);
    expect((await restaurantRow(a)).name).toBe("Sadece A");
    expect(await restaurantRow(b)).toEqual(beforeB);
    const page = await postForm(a, PAGE, { ...(await settingsForm(a, { restaurant_name: "Yine A" })), restaurant_id: b.restaurantId });
    expect(page.status).toBe(302);
    expect(await restaurantRow(b)).toEqual(beforeB);
  });

  it("premium gate: with the trial over, saving is refused (403)", async () => {
    const tenant = await createTenant({ manager: true });
    await expireTrial(tenant);
    const res = await putSettings(tenant, { tax_rate: 5 });
    expect(res.status).toBe(403);
    expect(res.json.detail).toMatch(/Ayarları düzenleme/);
    expect((await postForm(tenant, PAGE, await settingsForm(tenant, { tax_rate: "5" }))).status).toBe(403);
    expect(Number((await restaurantRow(tenant)).taxRate)).toBe(10);
  });
});

describe("the settings page", () => {
  it("shows the General tab with its sections and the Billing tab (plan, usage, invoices)", async () => {
    const tenant = await createTenant({ manager: true });
    const general = joinedText((await getPage(tenant, PAGE)).text);
    for (const text of ["Restoran bilgileri", "Vergi ve fiş", "Yönetici şifresi", "Bildirimler", "Ayarları Kaydet", "Faturalama"])
      expect(general).toContain(text);
    // No SMS provider: no SMS switch on the screen (decision 064).
    expect(general).not.toContain("SMS");
    expect(general).not.toContain("sms_notifications");
    const billing = joinedText((await getPage(tenant, `${PAGE}?tab=billing`)).text);
    expect(billing).toContain("Mevcut plan");
    expect(billing).toContain("Son faturalar");
    expect(billing).not.toContain("Ayarları Kaydet");
  });

  it("saves the form (unticked boxes are off) with 'Ayarlar kaydedildi'; the header shows the new name", async () => {
    const tenant = await createTenant({ manager: true });
    // Set through the API: the form does not show the service charge (nothing reads it yet, decision 065) and keeps it;
    // automatic printing is on the form (the kitchen reads it), so its unticked box turns it off.
    expect((await putSettings(tenant, { service_charge: 12.5, auto_print_orders: true })).status).toBe(200);
    const res = await postForm(
      tenant,
      PAGE,
      await settingsForm(
        tenant,
        { restaurant_name: "Form Kafe", restaurant_type: "cafe", tax_rate: "18", kitchen_amber_minutes: "12", kitchen_red_minutes: "25" },
        ["low_stock_alerts"],
      ),
    );
    expect(res.status, res.text.slice(0, 300)).toBe(302);
    expect(res.location).toBe(PAGE);
    const row = await restaurantRow(tenant);
    expect(row).toMatchObject({
      name: "Form Kafe",
      type: "cafe",
      autoPrintOrders: false,
      kitchenAmberMinutes: 12,
      kitchenRedMinutes: 25,
      lowStockAlerts: true,
      notifyOrders: false,
      notifyPayments: false,
      address: null,
    });
    expect(Number(row.taxRate)).toBe(18);
    expect(Number(row.serviceCharge)).toBe(12.5);
    const after = joinedText((await getPage(tenant, PAGE, res.headers!.get("set-cookie")!.split(";")[0])).text);
    expect(after).toContain("Ayarlar kaydedildi");
    expect(after).toContain("Ayarlar · Form Kafe");
    // The same form posted twice (a double tap): the second changes nothing and is not refused.
    const again = await postForm(tenant, PAGE, {
      ...(await settingsForm(tenant, {}, ["low_stock_alerts"])),
      version: 2,
    });
    expect(again.status).toBe(302);
  });

  it("bad input: 400 with 'Ayarlar kaydedilirken bir hata oluştu' and the field's message; a stale form: 409", async () => {
    const tenant = await createTenant({ manager: true });
    const bad = await postForm(tenant, PAGE, await settingsForm(tenant, { restaurant_name: "", tax_rate: "150" }));
    expect(bad.status).toBe(400);
    const text = joinedText(bad.text);
    expect(text).toContain("Ayarlar kaydedilirken bir hata oluştu");
    expect(text).toContain("İşletme adı zorunludur.");
    expect(text).toContain("Vergi oranı en fazla 100 olabilir.");
    const odd = await postForm(tenant, PAGE, { intent: "reset" });
    expect(odd.status).toBe(400);
    expect(joinedText(odd.text)).toContain("Geçersiz işlem.");

    const form = await settingsForm(tenant, { address: "Cihaz A" });
    expect((await putSettings(tenant, { address: "Cihaz B" })).status).toBe(200);
    const stale = await postForm(tenant, PAGE, form);
    expect(stale.status).toBe(409);
    expect(joinedText(stale.text)).toContain("başka bir cihazdan değiştirildi");
    expect((await restaurantRow(tenant)).address).toBe("Cihaz B");
  });

  it("manager password: the spec's messages; success ends manager mode on the other sessions only", async () => {
    const tenant = await createTenant({ manager: true });
    const tablet = await secondSession(tenant);
    await enterManagerMode(tablet);
    const post = (fields: Record<string, string>) => postForm(tenant, PAGE, { intent: "manager-password", ...fields });
    const cases: [Record<string, string>, number, string][] = [
      [{ current_password: "", new_password: "abcdef", confirm_password: "abcdef" }, 400, "Mevcut şifrenizi girmelisiniz"],
      [{ current_password: tenant.password, new_password: "abcde", confirm_password: "abcde" }, 400, "Yeni şifre en az 6 karakter olmalı"],
      [{ current_password: tenant.password, new_password: "abcdef", confirm_password: "abcdeg" }, 400, "Yeni şifreler eşleşmiyor"],
      [{ current_password: "yanlis-sifre", new_password: "abcdef", confirm_password: "abcdef" }, 401, "Mevcut şifre yanlış"],
    ];
    for (const [fields, status, message] of cases) {
      const res = await post(fields);
      expect(res.status, message).toBe(status);
      expect(joinedText(res.text)).toContain(message);
      // Passwords are never echoed back.
      expect(res.text).not.toContain(tenant.password);
    }
    expect((await api("/app/admin", { token: tablet.token })).status).toBe(200);

    const ok = await post({ current_password: tenant.password, new_password: "yeni-yonetici", confirm_password: "yeni-yonetici" });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe(PAGE);
    expect(joinedText((await getPage(tenant, PAGE, ok.headers!.get("set-cookie")!.split(";")[0])).text)).toContain(
      "Yönetici şifresi başarıyla değiştirildi",
    );
    expect((await api("/app/admin", { token: tablet.token })).status).toBe(403);
    expect((await api("/app/admin", { token: tenant.token })).status).toBe(200);
    const verify = await api("/api/auth/verify-admin-password", { token: tablet.token, body: { password: "yeni-yonetici" } });
    expect(verify.status).toBe(200);
  });
});
