// The owner tracks stock and sets up the restaurant on a phone, with JavaScript and without:
// stock create / edit with a movement / delete, the General tab's save (the new name in the
// header at once), the receipt footer on the payment receipt and the manager password change.
import { apiJson, expect, hasJs, hydrated, logIn, sql, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });
// The service worker is part of what these tests check (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

test("stock: add an item, receive goods (a movement), see the history, delete it", async ({ page, owner }, testInfo) => {
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/admin");
  await page.getByRole("link", { name: "Tüm Yönetim" }).click();
  await page.getByRole("dialog", { name: "Tüm Yönetim" }).getByRole("link", { name: "Stok Yönetimi" }).click();
  await expect(page).toHaveURL(/\/app\/stock-management$/);
  await expect(page.getByText("Henüz stok kaydı yok.")).toBeVisible();
  if (hasJs(testInfo)) await hydrated(page);

  await page.getByRole("link", { name: "+ Yeni Ürün" }).click();
  const create = page.getByRole("dialog", { name: "Yeni stok kaydı" });
  await expect(create).toBeVisible();
  // The spec's defaults.
  await expect(create.getByLabel("Kategori")).toHaveValue("ingredient");
  await expect(create.getByLabel("Birim", { exact: true })).toHaveValue("kg");
  await expect(create.getByLabel("Minimum stok")).toHaveValue("0");
  await create.getByLabel("Ürün adı").fill("Domates");
  await create.getByLabel("Mevcut stok").fill("2");
  await create.getByLabel("Minimum stok").fill("5");
  await create.getByLabel("Maksimum stok").fill("20");
  await create.getByLabel("Birim maliyet (₺)").fill("18.5");
  await create.getByLabel("Tedarikçi").fill("Hal");
  await create.getByRole("button", { name: "Ekle" }).click();

  await expect(page.getByTestId("flash")).toHaveText("Stok kaydı eklendi");
  const warning = page.getByTestId("low-stock");
  await expect(warning).toContainText("Domates");
  const item = page.getByTestId("stock-item").filter({ hasText: "Domates" });
  await expect(item).toContainText("Az");
  await expect(item).toContainText("2 kg");
  await expect(page.getByRole("heading", { name: /Malzeme/ })).toBeVisible();

  await item.getByRole("link", { name: "Düzenle" }).click();
  const edit = page.getByRole("dialog", { name: "Stok kaydını düzenle" });
  await expect(edit).toBeVisible();
  if (hasJs(testInfo)) {
    // The reason is asked only once the level changes.
    await expect(edit.getByLabel("Neden")).toHaveCount(0);
  }
  await edit.getByLabel("Mevcut stok").fill("12");
  await edit.getByLabel(/^Neden/).selectOption("purchase");
  await edit.getByLabel("Açıklama (isteğe bağlı)").fill("Sabah teslimatı");
  await edit.getByRole("button", { name: "Güncelle" }).click();

  await expect(page.getByTestId("flash")).toHaveText("Stok kaydı güncellendi");
  await expect(page.getByTestId("low-stock")).toHaveCount(0);
  await expect(item).toContainText("Normal");
  await expect(item).toContainText("12 kg");

  await item.getByRole("link", { name: "Hareketler" }).click();
  const history = page.getByRole("dialog", { name: "Domates" });
  const moves = history.getByTestId("stock-movements").getByRole("listitem");
  await expect(moves).toHaveCount(2);
  await expect(moves.first()).toContainText("+10 kg");
  await expect(moves.first()).toContainText("Satın alma → 12 kg");
  await expect(moves.first()).toContainText("Sabah teslimatı");
  await expect(moves.first()).toContainText(`${owner.firstName} ${owner.lastName}`);
  await expect(moves.last()).toContainText("+2 kg");
  await history.getByRole("link", { name: "Kapat", exact: true }).last().click();
  await expect(history).toHaveCount(0);

  await item.getByRole("link", { name: "Domates kaydını sil" }).click();
  const confirm = page.getByRole("dialog", { name: "Stok kaydını sil" });
  await expect(confirm).toContainText("Domates stok kaydı silinsin mi?");
  await confirm.getByRole("button", { name: "Sil" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Stok kaydı silindi");
  await expect(page.getByText("Henüz stok kaydı yok.")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/stock-management$/);
});

test("settings: save the General tab; the new name is in the header at once", async ({ page, owner }, testInfo) => {
  await logIn(page, owner, { mode: "manager" });
  // The manager panel is seen (and, with JavaScript, kept by the service worker) under the old name first.
  await page.goto("/app/admin");
  await expect(page.locator(".app-header__title")).toHaveText(`Yönetici Paneli · ${owner.restaurantName}`);
  await page.getByRole("link", { name: "Tüm Yönetim" }).click();
  await page.getByRole("dialog", { name: "Tüm Yönetim" }).getByRole("link", { name: "Ayarlar" }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(page.getByRole("link", { name: "Genel" })).toHaveAttribute("aria-current", "page");
  if (hasJs(testInfo)) await hydrated(page);
  const name = `${owner.restaurantName} Yeni`;
  await page.getByLabel("Restoran adı").fill(name);
  await page.getByLabel("İşletme türü").selectOption("cafe");
  await page.getByLabel("Telefon").fill("0212 555 00 00");
  await page.getByLabel("Vergi oranı (%)").fill("18");
  // The bill charges the service charge now (decisions 085, 086), and gün sonu's day starts at its hour (decision 088).
  await page.getByLabel("Servis ücreti (%)").fill("7,5");
  await page.getByLabel("Gün başlangıcı").selectOption("4");
  await page.getByLabel("Siparişleri otomatik yazdır", { exact: false }).check();
  await page.getByLabel("Kırmızı uyarı (dakika)").fill("25");
  await page.getByLabel("Fiş alt yazısı").fill("Yine bekleriz!");
  await page.getByLabel("Günlük rapor e-postası").check();
  await page.getByLabel("Sipariş bildirimleri").uncheck();
  await page.getByRole("button", { name: "Ayarları Kaydet" }).click();

  await expect(page.getByTestId("flash")).toHaveText("Ayarlar kaydedildi");
  await expect(page.locator(".app-header__title")).toHaveText(`Ayarlar · ${name}`);
  await expect(page.getByLabel("Vergi oranı (%)")).toHaveValue("18");
  await expect(page.getByLabel("Servis ücreti (%)")).toHaveValue("7,5");
  await expect(page.getByLabel("Gün başlangıcı")).toHaveValue("4");
  await expect(page.getByLabel("Günlük rapor e-postası")).toBeChecked();
  // No SMS provider: no SMS switch (decision 064).
  await expect(page.getByText("SMS bildirimleri")).toHaveCount(0);
  await expect(page.getByLabel("Sipariş bildirimleri")).not.toBeChecked();
  const saved = await apiJson("/api/restaurant/settings", { token: owner.token });
  expect(saved.json).toMatchObject({
    restaurant_name: name,
    restaurant_type: "cafe",
    tax_rate: 18,
    service_charge: 7.5,
    day_start_hour: 4,
    auto_print_orders: true,
    kitchen_red_minutes: 25,
    receipt_footer: "Yine bekleriz!",
    notifications: { daily_report_email: true, order_notifications: false },
  });

  await page.getByRole("link", { name: "Geri" }).click();
  await expect(page).toHaveURL(/\/app\/admin$/);
  await expect(page.locator(".app-header__title")).toHaveText(`Yönetici Paneli · ${name}`);
  // A full load (through the service worker's network-first page cache with JavaScript) too.
  await page.reload();
  await expect(page.locator(".app-header__title")).toHaveText(`Yönetici Paneli · ${name}`);

  // The Billing tab (tests/e2e/billing.spec.ts); Save shows on General only.
  await page.goto("/app/settings?tab=billing");
  await expect(page.getByRole("heading", { name: "Mevcut plan" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ayarları Kaydet" })).toHaveCount(0);
});

test("settings: change the manager password", async ({ page, owner }, testInfo) => {
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/settings");
  if (hasJs(testInfo)) await hydrated(page);
  const form = page.getByTestId("manager-password-form");
  const button = form.getByRole("button", { name: "Şifreyi Değiştir" });
  if (hasJs(testInfo)) {
    // Disabled while a field is empty or the new passwords differ (spec section 5).
    await expect(button).toBeDisabled();
    await form.getByLabel("Mevcut yönetici şifresi").fill(owner.password);
    await form.getByLabel("Yeni yönetici şifresi").fill("ayri-sifre");
    await form.getByLabel("Yeni şifre (tekrar)").fill("ayri-sifr");
    await expect(form.getByText("Yeni şifreler eşleşmiyor")).toBeVisible();
    await expect(button).toBeDisabled();
  }
  await form.getByLabel("Mevcut yönetici şifresi").fill("yanlis-sifre");
  await form.getByLabel("Yeni yönetici şifresi").fill("ayri-sifre");
  await form.getByLabel("Yeni şifre (tekrar)").fill("ayri-sifre");
  await button.click();
  await expect(form.getByText("Mevcut şifre yanlış")).toBeVisible();

  await form.getByLabel("Mevcut yönetici şifresi").fill(owner.password);
  await form.getByLabel("Yeni yönetici şifresi").fill("ayri-sifre");
  await form.getByLabel("Yeni şifre (tekrar)").fill("ayri-sifre");
  await button.click();
  await expect(page.getByTestId("flash")).toHaveText("Yönetici şifresi başarıyla değiştirildi");
  await expect(form.getByLabel("Mevcut yönetici şifresi")).toHaveValue("");

  const tablet = await apiJson("/api/public/login", { body: { email: owner.email, password: owner.password } });
  const verify = (password: string) => apiJson("/api/auth/verify-admin-password", { token: tablet.json.access_token, body: { password } });
  expect((await verify(owner.password)).status).toBe(401);
  expect((await verify("ayri-sifre")).status).toBe(200);
});

test("stock: an edit based on an older level is refused (409); the form then shows what is stored", async ({ page, owner }, testInfo) => {
  await logIn(page, owner, { mode: "manager" });
  const created = await apiJson("/api/stock", { token: owner.token, body: { name: "Süt", unit: "lt", current_stock: 10 } });
  expect(created.status).toBe(201);
  const id = created.json.id as number;
  await page.goto(`/app/stock-management?edit=${id}`);
  if (hasJs(testInfo)) await hydrated(page);
  const edit = page.getByRole("dialog", { name: "Stok kaydını düzenle" });
  await edit.getByLabel("Mevcut stok").fill("14");
  await edit.getByLabel(/^Neden/).selectOption("purchase");
  // Meanwhile another phone records spilt milk.
  expect(
    (await apiJson(`/api/stock/${id}`, { method: "PUT", token: owner.token, body: { stock_change: -3, reason: "waste" } })).status,
  ).toBe(200);
  await edit.getByRole("button", { name: "Güncelle" }).click();
  await expect(edit.getByRole("alert").first()).toContainText("başka biri tarafından değiştirildi");
  await expect(edit.getByLabel("Mevcut stok")).toHaveValue("7");

  await edit.getByLabel("Mevcut stok").fill("11");
  await edit.getByLabel(/^Neden/).selectOption("purchase");
  await edit.getByRole("button", { name: "Güncelle" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Stok kaydı güncellendi");
  const stored = await apiJson(`/api/stock/${id}`, { token: owner.token });
  expect(stored.json.current_stock).toBe(11);
  expect(stored.json.movements.map((m: { change: number }) => m.change)).toEqual([4, -3, 10]);
});

test("settings: the receipt footer is printed under the payment receipt, and printing shows the receipt alone", async ({
  page,
  owner,
}, testInfo) => {
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/settings");
  if (hasJs(testInfo)) await hydrated(page);
  await page.getByLabel("Fiş alt yazısı").fill("Afiyet olsun, yine bekleriz!");
  await page.getByRole("button", { name: "Ayarları Kaydet" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Ayarlar kaydedildi");

  const [ayran] = await sql<{ id: number }[]>("SELECT id FROM menu_items WHERE restaurantId = ? AND name = 'Ayran'", [owner.restaurantId]);
  const order = await apiJson("/api/orders", {
    token: owner.token,
    body: { table_number: 7, items: [{ menu_item_id: ayran!.id, quantity: 2 }] },
  });
  expect(order.status).toBe(201);
  await page.goto("/app/payments?table=7");
  if (hasJs(testInfo)) await hydrated(page);
  await page.getByRole("button", { name: "Nakit Öde" }).click();
  await page.getByRole("dialog", { name: "Ödeme Onayı" }).getByRole("button", { name: "Onayla" }).click();
  const receipt = page.getByRole("status").filter({ hasText: "ÖDEME BAŞARILI" });
  await expect(receipt.getByTestId("receipt-footer")).toHaveText("Afiyet olsun, yine bekleriz!");
  // With JavaScript the receipt is cleared after a few seconds; the printed page is checked without it.
  if (!hasJs(testInfo)) {
    await page.emulateMedia({ media: "print" });
    await expect(receipt).toBeVisible();
    await expect(page.locator(".app-header")).toBeHidden();
    await expect(page.getByRole("link", { name: /^Masa 7/ })).toBeHidden();
  }
});
