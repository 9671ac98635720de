// Lost connection is not a 500 page (issue 20): with JavaScript, a form whose post cannot reach
// the server (the request is aborted here, as a dropped Wi-Fi does) says 'Bağlantı hatası. Lütfen
// tekrar deneyin.', keeps what was typed, and a second press goes through once the server answers
// again. Login, a settings save, a payment (in its confirmation dialog) and a platform-admin form.
// Without JavaScript the browser's own page stands in for it: nothing of ours runs.
import type { Page } from "@playwright/test";
import { apiJson, expect, hasJs, hydrated, logIn, loginAsAdmin, sql, test } from "./fixtures";

const MESSAGE = "Bağlantı hatası. Lütfen tekrar deneyin.";

test.beforeEach(({}, testInfo) => {
  test.skip(!hasJs(testInfo), "a post without JavaScript is the browser's own request and error page");
});

/** From now on every form post (React Router's `.data` requests) fails as if the server were unreachable. */
async function dropPosts(page: Page) {
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    (route) => (route.request().method() === "POST" ? route.abort("connectionrefused") : route.fallback()),
  );
}

const restore = (page: Page) => page.unrouteAll({ behavior: "ignoreErrors" });

async function expectConnectionError(page: Page) {
  const notice = page.getByTestId("connection-error");
  await expect(notice).toHaveText(MESSAGE);
  await expect(notice).toHaveAttribute("role", "alert");
  await expect(notice).toBeInViewport();
  // Not the error page.
  await expect(page.getByRole("heading", { name: /Bir şeyler ters gitti|Bir sorun oluştu/ })).toHaveCount(0);
}

test("login: the message, the typed e-mail kept, and a retry logs in", async ({ page, owner }) => {
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("E-posta", { exact: true }).fill(owner.email);
  await page.getByLabel("Şifre", { exact: true }).fill(owner.password);
  await dropPosts(page);
  await page.getByRole("button", { name: "Giriş Yap", exact: true }).click();
  await expectConnectionError(page);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel("E-posta", { exact: true })).toHaveValue(owner.email);
  await expect(page.getByLabel("Şifre", { exact: true })).toHaveValue(owner.password);

  await restore(page);
  await page.getByRole("button", { name: "Giriş Yap", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/role-selection$/);
  await expect(page.getByTestId("connection-error")).toHaveCount(0);
});

test("settings: a save that cannot reach the server keeps the new name; the retry saves it", async ({ page, owner }) => {
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/settings");
  await hydrated(page);
  const name = page.getByLabel("Restoran adı");
  await name.fill("Bağlantısız Lokanta");
  await dropPosts(page);
  await page.getByRole("button", { name: "Ayarları Kaydet" }).click();
  await expectConnectionError(page);
  await expect(name).toHaveValue("Bağlantısız Lokanta");
  await expect(page.getByRole("button", { name: "Ayarları Kaydet" })).toBeEnabled();
  const [before] = await sql<{ name: string }[]>("SELECT name FROM restaurants WHERE id = ?", [owner.restaurantId]);
  expect(before!.name).toBe(owner.restaurantName);

  await restore(page);
  await page.getByRole("button", { name: "Ayarları Kaydet" }).click();
  await expect
    .poll(async () => (await sql<{ name: string }[]>("SELECT name FROM restaurants WHERE id = ?", [owner.restaurantId]))[0]!.name)
    .toBe("Bağlantısız Lokanta");
});

test("payment: the confirmation dialog stays open with the message; the retry takes the payment", async ({ page, owner }) => {
  const [cay] = await sql<{ id: number }[]>("SELECT id FROM menu_items WHERE restaurantId = ? AND name = 'Çay'", [owner.restaurantId]);
  const order = await apiJson("/api/orders", {
    token: owner.token,
    body: { table_number: 5, items: [{ menu_item_id: cay!.id, quantity: 2 }] },
  });
  expect(order.status).toBe(201);
  await logIn(page, owner);
  await page.goto("/app/payments?table=5");
  await hydrated(page);
  await page.getByRole("button", { name: "Nakit Öde" }).click();
  const dialog = page.getByRole("dialog", { name: "Ödeme Onayı" });
  await expect(dialog).toBeVisible();
  await dropPosts(page);
  await dialog.getByRole("button", { name: "Onayla" }).click();
  await expectConnectionError(page);
  await expect(dialog).toBeVisible();
  expect(await sql("SELECT id FROM payments WHERE restaurantId = ?", [owner.restaurantId])).toHaveLength(0);

  await restore(page);
  await dialog.getByRole("button", { name: "Onayla" }).click();
  await expect
    .poll(async () => (await sql<unknown[]>("SELECT id FROM payments WHERE restaurantId = ?", [owner.restaurantId])).length)
    .toBe(1);
});

test("platform admin: a CMS content dialog keeps what was typed; the retry adds it", async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto("/admin/cms");
  await hydrated(page);
  const title = `Bağlantı ${Date.now()}`;
  await page.getByRole("link", { name: "+ Yeni İçerik" }).click();
  const create = page.getByRole("dialog", { name: "Yeni İçerik" });
  await create.getByLabel("Tür").selectOption("footer_text");
  await create.getByLabel("Başlık").fill(title);
  await create.getByLabel("İçerik").fill("Kaydedilmeyecek metin");
  // Not shown on the landing page other tests read.
  await create.getByRole("checkbox", { name: /Etkin/ }).uncheck();
  await dropPosts(page);
  await create.getByRole("button", { name: "Ekle" }).click();
  await expectConnectionError(page);
  await expect(create).toBeVisible();
  await expect(create.getByLabel("Başlık")).toHaveValue(title);
  await expect(create.getByLabel("İçerik")).toHaveValue("Kaydedilmeyecek metin");
  expect(await sql("SELECT id FROM cms_contents WHERE title = ?", [title])).toHaveLength(0);

  await restore(page);
  await create.getByRole("button", { name: "Ekle" }).click();
  await expect.poll(async () => (await sql<unknown[]>("SELECT id FROM cms_contents WHERE title = ?", [title])).length).toBe(1);
  await sql("DELETE FROM cms_contents WHERE title = ?", [title]);
});
