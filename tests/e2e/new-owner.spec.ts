import type { Browser, Page } from "@playwright/test";
import { baseURL, expect, hasJs, hydrated, sql, test, uniqueEmail } from "./fixtures";

// Issue 9's "done": a new owner, only through the screens, with JavaScript on and off on a phone:
// signs up, enters their own dish and price, lays out a section with a table, creates two waiters,
// adds a stock item and changes the manager password; each waiter then logs in on their own phone
// and takes an order under their own name, one of them for the new dish on the new table.
test("a new owner sets up the restaurant; two waiters take orders under their own names", async ({ page, browser }, testInfo) => {
  // Some twenty page loads on a machine shared with other builds.
  test.setTimeout(240_000);
  const js = hasJs(testInfo);
  const owner = { email: uniqueEmail("yeni"), password: "yeni-sahip-2026", managerPassword: "ayri-yonetici-1" };
  const notice = (text: string) => expect(page.getByRole("status").filter({ hasText: text })).toBeVisible({ timeout: 30_000 });

  // Sign up.
  await page.goto("/signup");
  await page.getByLabel("Ad", { exact: true }).fill("Selin");
  await page.getByLabel("Soyad", { exact: true }).fill("Aydın");
  await page.getByLabel("E-posta", { exact: true }).fill(owner.email);
  await page.getByLabel("Şifre", { exact: true }).fill(owner.password);
  await page.getByLabel("İşletme adı").fill("Selin'in Mutfağı");
  await page.getByRole("button", { name: "Ücretsiz Denemeyi Başlat" }).click();
  await expect(page).toHaveURL(/\/app\/welcome$/);
  await page.getByRole("link", { name: "Başlayalım" }).click();
  await page.getByRole("link", { name: "Yönetici olarak devam et" }).click();
  const login = page.getByRole("dialog", { name: "Yönetici Girişi" });
  await login.getByLabel("Yönetici şifresi").fill(owner.password);
  await login.getByRole("button", { name: "Giriş" }).click();
  await expect(page).toHaveURL(/\/app\/manager-password$/);
  await page.getByRole("link", { name: "Şimdilik geç" }).click();
  await expect(page).toHaveURL(/\/app\/admin$/);
  const [signedUp] = await sql<{ id: number }[]>("SELECT restaurantId AS id FROM users WHERE email = ?", [owner.email]);
  const restaurantId = signedUp!.id;

  const open = async (tile: string, path: RegExp) => {
    await page.goto("/app/admin");
    await page.getByRole("link", { name: "Tüm Yönetim" }).click();
    await page.getByRole("dialog", { name: "Tüm Yönetim" }).getByRole("link", { name: tile }).click();
    await expect(page).toHaveURL(path);
    if (js) await hydrated(page);
  };

  // Their own dish and price.
  await open("Menü Yönetimi", /\/app\/menu-management$/);
  await page.getByRole("link", { name: "+ Yeni Ürün" }).click();
  const dish = page.getByRole("dialog", { name: "Yeni Ürün" });
  await dish.getByLabel("Ürün adı").fill("Kayseri Mantısı");
  await dish.getByLabel("Kategori").selectOption({ label: "Ana Yemekler" });
  await dish.getByLabel("Fiyat (₺)").fill("185.50");
  await dish.getByRole("button", { name: "Ekle" }).click();
  await notice("Ürün eklendi");

  // The numbered tables already sit in "Ana Salon" (no migration offered), then a terrace with a table of its own.
  await open("Masa Yönetimi", /\/app\/table-management$/);
  await expect(page.getByRole("heading", { name: "Ana Salon", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Masaları Aktar" })).toHaveCount(0);
  await page.getByRole("link", { name: "Bölüm Ekle" }).click();
  const section = page.getByRole("dialog", { name: "Bölüm Ekle" });
  await section.getByLabel("Bölüm adı").fill("Teras");
  await section.getByLabel("Turuncu").check();
  await section.getByRole("button", { name: "Kaydet" }).click();
  await notice("Bölüm eklendi.");
  await page.getByRole("link", { name: "Masa Ekle" }).click();
  const table = page.getByRole("dialog", { name: "Masa Ekle" });
  await table.getByLabel("Masa tanımlayıcısı").fill("T1");
  await table.getByLabel("Görünen ad").fill("Teras 1");
  await table.getByRole("button", { name: "Kaydet" }).click();
  await notice("Masa eklendi.");

  // Two waiters.
  const waiters = [
    { first: "Ali", last: "Demir", email: uniqueEmail("ali"), password: "ali-sifre-1" },
    { first: "Zehra", last: "Koç", email: uniqueEmail("zehra"), password: "zehra-sifre-1" },
  ];
  await open("Personel Yönetimi", /\/app\/staff-management$/);
  for (const w of waiters) {
    await page.getByRole("link", { name: "Personel Ekle" }).click();
    const add = page.getByRole("dialog", { name: "Yeni Personel" });
    await add.getByLabel("Ad *", { exact: true }).fill(w.first);
    await add.getByLabel("Soyad *", { exact: true }).fill(w.last);
    await add.getByLabel("E-posta *", { exact: true }).fill(w.email);
    await add.getByLabel("Şifre *", { exact: true }).fill(w.password);
    await add.getByRole("button", { name: "Ekle" }).click();
    await notice("Personel eklendi");
    await expect(page.getByRole("list", { name: "Personel listesi" })).toContainText(`${w.first} ${w.last}`);
  }
  await expect(page.getByTestId("role-count-waiter")).toContainText("2");

  // Stock.
  await open("Stok Yönetimi", /\/app\/stock-management$/);
  await page.getByRole("link", { name: "+ Yeni Ürün" }).click();
  const stock = page.getByRole("dialog", { name: "Yeni stok kaydı" });
  await stock.getByLabel("Ürün adı").fill("Un");
  await stock.getByLabel("Mevcut stok").fill("25");
  await stock.getByLabel("Minimum stok").fill("10");
  await stock.getByLabel("Maksimum stok").fill("50");
  await stock.getByRole("button", { name: "Ekle" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Stok kaydı eklendi");
  await expect(page.getByTestId("stock-item").filter({ hasText: "Un" })).toContainText("Normal");

  // A manager password of its own.
  await open("Ayarlar", /\/app\/settings$/);
  const form = page.getByTestId("manager-password-form");
  await form.getByLabel("Mevcut yönetici şifresi").fill(owner.password);
  await form.getByLabel("Yeni yönetici şifresi").fill(owner.managerPassword);
  await form.getByLabel("Yeni şifre (tekrar)").fill(owner.managerPassword);
  await form.getByRole("button", { name: "Şifreyi Değiştir" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Yönetici şifresi başarıyla değiştirildi");

  // Each waiter on their own phone.
  const [ali, zehra] = await Promise.all(waiters.map((w) => waiterPhone(browser, js, w)));
  await takeOrder(ali!, "Teras 1 (Masa 21), BOŞ", "Kayseri Mantısı");
  await takeOrder(zehra!, "Masa 3, BOŞ", "Çay");
  await expect(ali!.getByRole("link", { name: /^Teras 1 \(Masa 21\), DOLU/ })).toContainText("Ali");
  await expect(zehra!.getByRole("link", { name: /^Masa 3, DOLU/ })).toContainText("Zehra");
  await expect(zehra!.getByRole("region", { name: "Teras" })).toBeVisible();

  const orders = await sql<{ tableNumber: number; waiterName: string; name: string; unitPrice: string }[]>(
    `SELECT o.tableNumber, o.waiterName, i.menuItemName AS name, i.unitPrice FROM orders o JOIN order_items i ON i.orderId = o.id
     WHERE o.restaurantId = ? ORDER BY o.tableNumber`,
    [restaurantId],
  );
  expect(orders.map((o) => [o.tableNumber, o.waiterName, o.name, Number(o.unitPrice)])).toEqual([
    [3, "Zehra Koç", "Çay", expect.any(Number)],
    [21, "Ali Demir", "Kayseri Mantısı", 185.5],
  ]);
  // The old manager password no longer opens manager mode; the new one does.
  await page.goto("/app/role-selection");
  await page.getByRole("link", { name: "Yönetici olarak devam et" }).click();
  const again = page.getByRole("dialog", { name: "Yönetici Girişi" });
  await again.getByLabel("Yönetici şifresi").fill(owner.password);
  await again.getByRole("button", { name: "Giriş" }).click();
  await expect(again.getByRole("alert")).toHaveText("Şifre yanlış! Yönetici paneline erişim izniniz yok.");
  await again.getByLabel("Yönetici şifresi").fill(owner.managerPassword);
  await again.getByRole("button", { name: "Giriş" }).click();
  await expect(page).toHaveURL(/\/app\/admin$/);
  await Promise.all([ali!.context().close(), zehra!.context().close()]);
});

async function waiterPhone(browser: Browser, js: boolean, w: { first: string; last: string; email: string; password: string }) {
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    locale: "tr-TR",
    timezoneId: "Europe/Istanbul",
    javaScriptEnabled: js,
  });
  const page = await phone.newPage();
  await page.goto("/login");
  await page.getByLabel("E-posta", { exact: true }).fill(w.email);
  await page.getByLabel("Şifre", { exact: true }).fill(w.password);
  await page.getByRole("button", { name: "Giriş Yap", exact: true }).click();
  // A staff account has one role: it skips role selection (issue 20).
  await expect(page).toHaveURL(/\/app\/staff$/);
  await expect(page.getByRole("banner")).toContainText(`${w.first} ${w.last}`);
  return page;
}

async function takeOrder(page: Page, table: string, item: string) {
  await page.getByRole("link", { name: table }).click();
  await expect(page).toHaveURL(/\/app\/order-taking\?table=\d+$/);
  await page.getByRole("button", { name: `${item} ekle`, exact: true }).click();
  const cart = page.getByRole("region", { name: "Sepet" });
  await expect(cart.getByText(item)).toBeVisible();
  await cart.getByRole("button", { name: "Siparişi Gönder" }).click();
  await expect(page).toHaveURL(/\/app\/staff\?success=order&order=\d+$/);
}
