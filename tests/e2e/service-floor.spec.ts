import { apiJson, expect, hasJs, hydrated, logIn, sql, test } from "./fixtures";

// The flow, with JavaScript on and off: a waiter takes an order on table 5
// (two items, one with +3), edits it, the cashier pays it by card after a
// confirmation, the table frees up, and the manager panel shows the revenue and the waiter.
test("order on table 5, edit, pay by card, table freed, manager sees revenue and waiter", async ({ page, owner }) => {
  await logIn(page, owner);
  await page.goto("/app/role-selection");
  await page.getByRole("button", { name: "Personel olarak devam et" }).click();
  await expect(page).toHaveURL(/\/app\/staff$/);

  const tile5 = page.getByRole("link", { name: "Masa 5, BOŞ" });
  await expect(tile5).toContainText("Sipariş Al");
  await tile5.click();
  await expect(page).toHaveURL(/\/app\/order-taking\?table=5$/);
  await expect(page.getByRole("banner")).toContainText("Sipariş Al");

  await page.getByRole("button", { name: "Künefe ekle", exact: true }).click();
  await page.getByRole("button", { name: "Çay 3 adet ekle" }).click();
  const cart = page.getByRole("region", { name: "Sepet" });
  await expect(cart.getByTestId("cart-total")).toHaveText("₺250,00");
  await expect(cart.getByText("Künefe")).toBeVisible();
  await expect(cart.getByLabel("Adet")).toHaveText(["1", "3"]);
  await cart.getByRole("button", { name: "Siparişi Gönder" }).click();

  await expect(page).toHaveURL(/\/app\/staff\?success=order&order=\d+$/);
  await expect(page.getByRole("status").filter({ hasText: "Sipariş kaydedildi!" })).toContainText("Masa 5 · ₺250,00");
  await expect(page.getByRole("link", { name: /^Masa 5, DOLU/ })).toContainText("Siparişi Düzenle");

  // Edit: the occupied table loads its order; one more Künefe replaces the items.
  await page.getByRole("link", { name: /^Masa 5, DOLU/ }).click();
  await expect(page.getByRole("banner")).toContainText("Sipariş Düzenle");
  await expect(cart.getByTestId("cart-total")).toHaveText("₺250,00");
  await cart.getByRole("button", { name: "Künefe bir artır" }).click();
  await expect(cart.getByTestId("cart-total")).toHaveText("₺440,00");
  await cart.getByRole("button", { name: "Siparişi Güncelle" }).click();
  await expect(page).toHaveURL(/\/app\/staff\?success=order&order=\d+$/);
  await expect(page.getByRole("status").filter({ hasText: "Sipariş kaydedildi!" })).toContainText("Masa 5 · ₺440,00");

  const orders = await sql<{ id: number; totalAmount: string; status: string }[]>(
    "SELECT id, totalAmount, status FROM orders WHERE restaurantId = ? AND tableNumber = 5",
    [owner.restaurantId],
  );
  expect(orders).toHaveLength(1);
  expect(Number(orders[0]!.totalAmount)).toBe(440);

  // The cashier: table grid, the table's orders, card, confirmation.
  await page.goto("/payments");
  await expect(page.getByRole("heading", { name: "Hangi masanın hesabını alacaksınız?" })).toBeVisible();
  await expect(page.locator(".table-tile")).toHaveCount(20);
  await page.getByRole("link", { name: /^Masa 5, DOLU/ }).click();
  const order = page.getByRole("article", { name: `Sipariş #${orders[0]!.id}` });
  await expect(order).toContainText("2 × Künefe");
  await expect(order).toContainText("3 × Çay");
  await expect(order).toContainText(owner.firstName);
  await expect(page.getByTestId("payment-total")).toHaveText("₺440,00");
  await page.getByRole("button", { name: "Kartla Öde" }).click();
  const confirm = page.getByRole("dialog", { name: "Ödeme Onayı" });
  await expect(confirm).toContainText("Kart");
  await expect(confirm.getByTestId("confirm-amount")).toHaveText("₺440,00");
  await expect(confirm).toContainText("Sipariş sayısı1");
  await confirm.getByRole("button", { name: "Onayla" }).click();

  await expect(page.getByRole("status").filter({ hasText: "ÖDEME BAŞARILI" })).toContainText("₺440,00 kart ile alındı. Masa 5 boşaltıldı.");
  await expect(page.getByRole("link", { name: "Masa 5, BOŞ" })).toBeVisible();
  const [table5] = await sql<{ status: string; waiterName: string | null; customerCount: number }[]>(
    "SELECT status, waiterName, customerCount FROM tables WHERE restaurantId = ? AND number = 5",
    [owner.restaurantId],
  );
  expect(table5).toEqual({ status: "empty", waiterName: null, customerCount: 0 });

  // The manager panel shows the day's revenue and the waiter.
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/admin");
  await expect(page.getByTestId("stat-revenue")).toHaveText("₺440,00");
  await expect(page.getByTestId("stat-orders")).toHaveText("1");
  await expect(page.getByRole("region", { name: "Garson performansı" })).toContainText(`${owner.firstName} ${owner.lastName}`);
  await expect(page.getByRole("region", { name: "En aktif masalar" })).toContainText("Masa 5");
  await expect(page.getByRole("region", { name: "Gelir" })).toContainText("Kart ₺440,00");
});

test("the manager sets a table to cleaning and back", async ({ page, owner }, testInfo) => {
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/admin");
  const tile = page.locator(".table-tile").filter({ has: page.getByRole("link", { name: "Masa 8, BOŞ" }) });

  if (hasJs(testInfo)) await tile.click({ button: "right" });
  else await page.getByRole("link", { name: "Masa 8 durumunu değiştir" }).click();
  let menu = page.getByRole("dialog", { name: "Masa 8 durumu" });
  await menu.getByLabel("TEMİZLENİYOR", { exact: true }).check();
  await menu.getByRole("button", { name: "Kaydet" }).click();
  await expect(page.getByRole("link", { name: "Masa 8, TEMİZLENİYOR" })).toBeVisible();

  await page.getByRole("link", { name: "Masa 8 durumunu değiştir" }).click();
  menu = page.getByRole("dialog", { name: "Masa 8 durumu" });
  await menu.getByLabel("DOLU", { exact: true }).check();
  await menu.getByLabel("Garson (dolu için)").fill("Mehmet");
  await menu.getByLabel("Kişi sayısı (dolu için)").fill("4");
  await menu.getByRole("button", { name: "Kaydet" }).click();
  await expect(page.getByRole("link", { name: "Masa 8, DOLU" })).toContainText("Mehmet · 4 kişi");

  await page.getByRole("link", { name: "Masa 8 durumunu değiştir" }).click();
  menu = page.getByRole("dialog", { name: "Masa 8 durumu" });
  await menu.getByLabel("BOŞ", { exact: true }).check();
  await menu.getByRole("button", { name: "Kaydet" }).click();
  await expect(page.getByRole("link", { name: "Masa 8, BOŞ" })).toBeVisible();
  const [row] = await sql<{ status: string; waiterName: string | null; customerCount: number }[]>(
    "SELECT status, waiterName, customerCount FROM tables WHERE restaurantId = ? AND number = 8",
    [owner.restaurantId],
  );
  expect(row).toEqual({ status: "empty", waiterName: null, customerCount: 0 });
});

test("staff mode cannot change a table's status", async ({ page, owner }) => {
  await logIn(page, owner, { mode: "staff" });
  const response = await page.goto("/app/admin?table_status=3");
  expect(response?.status()).toBe(403);
  const api = await page.request.post("/api/tables/3/status?status=cleaning");
  expect(api.status()).toBe(403);
  expect((await api.json()).detail).toBe("Bu işlem için yönetici girişi gerekiyor.");
});

test("the cart: minus, remove, clear all with confirmation, and an empty cart is refused", async ({ page, owner }) => {
  await logIn(page, owner);
  await page.goto("/app/order-taking?table=2");
  const cart = page.getByRole("region", { name: "Sepet" });
  await page.getByRole("button", { name: "Ayran 3 adet ekle" }).click();
  await page.getByRole("button", { name: "Humus ekle", exact: true }).click();
  await expect(cart.getByTestId("cart-total")).toHaveText("₺240,00");
  await cart.getByRole("button", { name: "Ayran bir azalt" }).click();
  await expect(cart.getByTestId("cart-total")).toHaveText("₺200,00");
  await cart.getByRole("button", { name: "Humus çıkar" }).click();
  await expect(cart.getByTestId("cart-total")).toHaveText("₺80,00");

  await cart.getByRole("link", { name: "Tümünü Temizle" }).click();
  await expect(cart.getByRole("alertdialog", { name: "Sepeti temizle" })).toContainText("Tüm ürünler sepetten çıkarılsın mı?");
  await cart.getByRole("link", { name: "Vazgeç" }).click();
  await expect(cart.getByTestId("cart-total")).toHaveText("₺80,00");
  await cart.getByRole("link", { name: "Tümünü Temizle" }).click();
  await cart.getByRole("button", { name: "Evet, temizle" }).click();
  await expect(cart.getByText("Sepet boş.")).toBeVisible();
  await expect(cart.getByTestId("cart-total")).toHaveText("₺0,00");

  await cart.getByRole("button", { name: "Siparişi Gönder" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "SİPARİŞ HATASI" })).toContainText("Sipariş listesi boş!");
  const [count] = await sql<{ n: bigint }[]>("SELECT COUNT(*) AS n FROM orders WHERE restaurantId = ?", [owner.restaurantId]);
  expect(Number(count!.n)).toBe(0);
});

test("search and category chips narrow the menu; unavailable items are hidden", async ({ page, owner }) => {
  await sql("UPDATE menu_items SET available = false WHERE restaurantId = ? AND name = 'Kola'", [owner.restaurantId]);
  await logIn(page, owner);
  await page.goto("/app/order-taking?table=1");
  const menu = page.getByRole("form", { name: "Menü" });
  await expect(menu.getByText("Kola")).toHaveCount(0);
  await page.getByRole("link", { name: "Tatlılar" }).click();
  await expect(menu.locator(".menu-item__name")).toHaveText(["Künefe", "Sütlaç", "Baklava"]);
  await page.getByRole("link", { name: "Tümü" }).click();
  await page.getByLabel("Menüde ara").fill("çorba");
  await page.getByRole("button", { name: "Ara", exact: true }).click();
  await expect(menu.locator(".menu-item__name")).toHaveText(["Mercimek Çorbası", "Ezogelin Çorbası"]);
});

test("paying two orders when one was paid meanwhile lists the one that failed", async ({ page, owner }) => {
  const headers = { authorization: `Bearer ${owner.token}`, "content-type": "application/json" };
  const make = async () => {
    const res = await page.request.post("/api/orders", {
      headers,
      data: { table_number: 9, items: [{ menu_item_id: await menuId(owner.restaurantId, "Çay"), quantity: 2 }] },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).id as number;
  };
  const first = await make();
  const second = await make();
  await logIn(page, owner);
  await page.goto("/app/payments?table=9");
  await expect(page.getByTestId("payment-total")).toHaveText("₺80,00");
  await page.getByRole("button", { name: "Nakit Öde" }).click();
  await expect(page.getByRole("dialog", { name: "Ödeme Onayı" })).toContainText("Sipariş sayısı2");
  // Someone else takes the first order's payment in between.
  const paid = await page.request.put(`/api/orders/${first}/pay?payment_method=card`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(paid.status()).toBe(200);
  await page.getByRole("dialog", { name: "Ödeme Onayı" }).getByRole("button", { name: "Onayla" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Bazı ödemeler işlenirken hata oluştu" });
  await expect(alert).toContainText(`Sipariş #${first}: Bu sipariş zaten ödendi.`);
  const rows = await sql<{ orderId: number; method: string }[]>(
    "SELECT orderId, method FROM payments WHERE restaurantId = ? ORDER BY orderId",
    [owner.restaurantId],
  );
  expect(rows).toEqual([
    { orderId: first, method: "card" },
    { orderId: second, method: "cash" },
  ]);
});

test("with the trial over, order taking shows the premium gate and the application goes through", async ({ page, owner }) => {
  await sql("UPDATE restaurants SET trialEndsAt = DATE_SUB(UTC_TIMESTAMP(3), INTERVAL 1 DAY) WHERE id = ?", [owner.restaurantId]);
  await logIn(page, owner);
  await page.goto("/app/order-taking?table=3");
  const gate = page.getByRole("dialog", { name: "Deneme Süresi Doldu" });
  await expect(gate).toContainText("Sipariş Alma");
  await expect(gate.getByRole("listitem")).toHaveCount(3);
  // The server refuses the order too.
  const refused = await page.request.post("/api/orders", {
    data: { table_number: 3, items: [{ menu_item_id: await menuId(owner.restaurantId, "Çay"), quantity: 1 }] },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({
    feature: "order_taking",
    detail: "Deneme süreniz doldu. Sipariş alma için planınızı yükseltin.",
  });

  await gate.getByRole("link", { name: "Premium Başvurusu Yap" }).click();
  await expect(page).toHaveURL(/\/app\/premium-application\?return_to=/);
  await page.getByLabel("İstenen plan").selectOption("pro");
  await page.getByLabel("Masa sayısı").fill("12");
  await page.getByLabel("Personel sayısı").fill("4");
  await page.getByRole("button", { name: "Başvuruyu Gönder" }).click();
  await expect(page).toHaveURL(/\/app\/order-taking\?table=3&applied=1$/);
  await expect(page.getByText("Başvurunuz başarıyla gönderildi! Admin onayı bekleniyor.")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Başvurunuz inceleniyor" })).toBeVisible();
  const [app] = await sql<{ status: string; requestedPlan: string; tableCount: number }[]>(
    "SELECT status, requestedPlan, tableCount FROM premium_applications WHERE restaurantId = ?",
    [owner.restaurantId],
  );
  expect(app).toEqual({ status: "pending", requestedPlan: "pro", tableCount: 12 });
});

test(
  "a session that ends while the staff screen polls goes back to /app with the message",
  { tag: "@js-only" },
  async ({ page, owner }) => {
    // Runs in the js project only (@js-only): polling is JavaScript's; without it the next page load redirects (covered in app-access).
    await logIn(page, owner, { mode: "staff" });
    await page.goto("/app/staff");
    await expect(page.getByRole("link", { name: "Masa 1, BOŞ" })).toBeVisible();
    await sql("DELETE FROM sessions WHERE restaurantId = ?", [owner.restaurantId]);
    await expect(page).toHaveURL(/\/app\?expired=1$/, { timeout: 10_000 });
    await expect(page.getByText("Oturum Süresi Doldu, Lütfen tekrar giriş yapın")).toBeVisible();
  },
);

test("the staff table grid follows changes made elsewhere within seconds", { tag: "@js-only" }, async ({ page, owner }) => {
  // Runs in the js project only (@js-only): the live stream (and the poll behind it) needs JavaScript.
  // The change comes from another device through the app, as every change does: it writes its live
  // event (decision 078). A row changed by hand in SQL has none and shows at the next safety poll.
  await logIn(page, owner, { mode: "staff" });
  await page.goto("/app/staff");
  await expect(page.getByRole("link", { name: "Masa 11, BOŞ" })).toBeVisible();
  // The manager's own device (a session of its own, in manager mode) reserves the table.
  const other = await apiJson("/api/public/login", { body: { email: owner.email, password: owner.password } });
  const manager = other.json.access_token as string;
  expect((await apiJson("/api/auth/verify-admin-password", { token: manager, body: { password: owner.password } })).status).toBe(200);
  const changed = await page.request.post("/api/tables/11/status?status=reserved", { headers: { authorization: `Bearer ${manager}` } });
  expect(changed.status()).toBe(200);
  await expect(page.getByRole("link", { name: "Masa 11, REZERVE" })).toContainText("Görüntüle", { timeout: 8_000 });
});

async function menuId(restaurantId: number, name: string): Promise<number> {
  const [row] = await sql<{ id: number }[]>("SELECT id FROM menu_items WHERE restaurantId = ? AND name = ?", [restaurantId, name]);
  return row!.id;
}

// Taking a sent item away (iptal): the waiter needs the manager password typed on
// the spot and a reason; the manager panel lists it in the day's summary.
test("iptal of a sent item needs the manager password and a reason, and shows on the manager panel", async ({ page, owner }) => {
  await logIn(page, owner);
  await page.goto("/app/order-taking?table=6");
  const cart = page.getByRole("region", { name: "Sepet" });
  await page.getByRole("button", { name: "Künefe ekle", exact: true }).click();
  await page.getByRole("button", { name: "Künefe ekle", exact: true }).click();
  await expect(cart.getByTestId("cart-total")).toHaveText("₺380,00");
  await cart.getByRole("button", { name: "Siparişi Gönder" }).click();
  await expect(page).toHaveURL(/\/app\/staff\?success=order&order=\d+$/);
  await expect(page.getByRole("status").filter({ hasText: "Sipariş kaydedildi!" })).toContainText("Masa 6 · ₺380,00");

  await page.goto("/app/order-taking?table=6");
  await expect(page.getByRole("banner")).toContainText("Sipariş Düzenle");
  await expect(cart.getByRole("group", { name: "İptal onayı" })).toHaveCount(0);
  await cart.getByRole("button", { name: "Künefe bir azalt" }).click();
  await expect(cart.getByTestId("cart-total")).toHaveText("₺190,00");
  const approval = cart.getByRole("group", { name: "İptal onayı" });
  await expect(approval).toBeVisible();

  // Without the password: refused, the order stays.
  await approval.getByLabel("Neden").selectOption({ label: "Yanlış sipariş" });
  await cart.getByRole("button", { name: "Siparişi Güncelle" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "SİPARİŞ HATASI" })).toContainText("yönetici onayı gerektirir");
  const [before] = await sql<{ totalAmount: string }[]>("SELECT totalAmount FROM orders WHERE restaurantId = ? AND tableNumber = 6", [
    owner.restaurantId,
  ]);
  expect(Number(before!.totalAmount)).toBe(380);

  await cart.getByRole("group", { name: "İptal onayı" }).getByLabel("Neden").selectOption({ label: "Yanlış sipariş" });
  await cart.getByLabel("Yönetici şifresi").fill(owner.password);
  await cart.getByRole("button", { name: "Siparişi Güncelle" }).click();
  await expect(page).toHaveURL(/\/app\/staff\?success=order&order=\d+$/);
  await expect(page.getByRole("status").filter({ hasText: "Sipariş kaydedildi!" })).toContainText("Masa 6 · ₺190,00");
  const events = await sql<{ kind: string; menuItemName: string; quantity: number; reason: string; approval: string }[]>(
    "SELECT kind, menuItemName, quantity, reason, approval FROM order_events WHERE restaurantId = ?",
    [owner.restaurantId],
  );
  expect(events).toEqual([{ kind: "void", menuItemName: "Künefe", quantity: 1, reason: "wrong_order", approval: "manager_password" }]);

  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/admin");
  const summary = page.getByRole("region", { name: "İptal ve ikram" });
  await expect(summary.getByTestId("stat-voids")).toContainText("İptal 1 · ₺190,00");
  await expect(summary).toContainText("1 × Künefe");
  await expect(summary).toContainText("Yanlış sipariş");
});

// An edit based on an order another device changed meanwhile is refused with the reason, in
// view and focused; the screen shows the order as it is now with the waiter's unsent additions
// put back on top, never silently dropped (JavaScript on and off).
test("a stale edit is refused and the waiter's additions are re-applied to the order as it is now", async ({ page, owner }, testInfo) => {
  const menu = Object.fromEntries(
    (await sql<{ id: number; name: string }[]>("SELECT id, name FROM menu_items WHERE restaurantId = ?", [owner.restaurantId])).map((m) => [
      m.name,
      m.id,
    ]),
  );
  const placed = await apiJson("/api/orders", {
    token: owner.token,
    body: { table_number: 9, items: [{ menu_item_id: menu["Humus"], quantity: 1 }] },
  });
  expect(placed.status).toBe(201);
  await logIn(page, owner);
  await page.goto("/app/order-taking?table=9");
  const cart = page.getByRole("region", { name: "Sepet" });
  await expect(cart.getByTestId("cart-total")).toHaveText("₺120,00");
  await page.getByRole("button", { name: "Ayran ekle", exact: true }).click();
  await expect(cart.getByTestId("cart-total")).toHaveText("₺160,00");

  // Another phone adds three teas to the same order.
  const other = await apiJson("/api/public/login", { body: { email: owner.email, password: owner.password } });
  const changed = await apiJson("/api/orders/table/9/update", {
    method: "PUT",
    token: other.json.access_token,
    body: {
      order_id: placed.json.id,
      base_version: 1,
      items: [
        { menu_item_id: menu["Humus"], quantity: 1 },
        { menu_item_id: menu["Çay"], quantity: 3 },
      ],
    },
  });
  expect(changed.status).toBe(200);

  const send = cart.getByRole("button", { name: "Siparişi Güncelle" });
  if (hasJs(testInfo)) await hydrated(page);
  await send.click();
  const error = page.getByRole("alert").filter({ hasText: "SİPARİŞ HATASI" }).first();
  await expect(error).toContainText("başka bir cihazdan değiştirildi");
  await expect(error).toContainText("Eklediğiniz ürünler güncel siparişe yeniden eklendi");
  // Where the waiter looks: on the screen (and, with JavaScript, focused).
  await expect(error).toBeInViewport({ ratio: 1 });
  if (hasJs(testInfo)) await expect(error).toBeFocused();
  // The teas from the other phone and the Ayran from this one: ₺120 + ₺60 + ₺40.
  await expect(cart.getByTestId("cart-total")).toHaveText("₺220,00");
  await expect(cart.getByText("Çay")).toBeVisible();
  await expect(cart.getByText("Ayran")).toBeVisible();
  const before = await sql<{ menuItemName: string; quantity: number }[]>(
    "SELECT menuItemName, quantity FROM order_items WHERE orderId = ? ORDER BY id",
    [placed.json.id],
  );
  expect(before).toEqual([
    { menuItemName: "Humus", quantity: 1 },
    { menuItemName: "Çay", quantity: 3 },
  ]);

  await send.click();
  await expect(page).toHaveURL(/\/app\/staff\?success=order/);
  const items = await sql<{ menuItemName: string; quantity: number }[]>(
    "SELECT menuItemName, quantity FROM order_items WHERE orderId = ? ORDER BY id",
    [placed.json.id],
  );
  expect(items.map((i) => `${i.menuItemName}×${i.quantity}`).sort()).toEqual(["Ayran×1", "Humus×1", "Çay×3"]);
});
