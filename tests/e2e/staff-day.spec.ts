import { baseURL, expect, hasJs, logIn, sql, test, uniqueEmail } from "./fixtures";

// A staff account's whole day, with JavaScript on and off, on a phone: the owner creates a
// waiter; the waiter logs in on their own phone, takes an order under their own name, sees it
// on the table, and takes the payment; the owner deletes the waiter; the waiter's next request
// is logged out and logging in again is refused.
test("a waiter's day: created, logs in, takes an order, pays it, is deleted and refused", async ({ page, owner, browser }, testInfo) => {
  const waiter = { first: "Elif", last: "Garson", email: uniqueEmail("garson"), password: "elif-sifre-1" };

  // The owner adds the waiter on the staff screen.
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/staff-management");
  await expect(page.getByTestId("role-count-waiter")).toContainText("0");
  await page.getByRole("link", { name: "Personel Ekle" }).click();
  let dialog = page.getByRole("dialog", { name: "Yeni Personel" });
  await dialog.getByLabel("Ad *", { exact: true }).fill(waiter.first);
  await dialog.getByLabel("Soyad *", { exact: true }).fill(waiter.last);
  await dialog.getByLabel("E-posta *", { exact: true }).fill(waiter.email);
  // Without a password the spec's message, and the dialog stays open with what was typed.
  await dialog.getByRole("button", { name: "Ekle" }).click();
  dialog = page.getByRole("dialog", { name: "Yeni Personel" });
  await expect(dialog.getByText("Yeni personel için şifre gereklidir")).toBeVisible();
  await expect(dialog.getByLabel("Ad *", { exact: true })).toHaveValue(waiter.first);
  await dialog.getByLabel("Şifre *", { exact: true }).fill(waiter.password);
  await dialog.getByRole("button", { name: "Ekle" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Personel eklendi" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Personel listesi" })).toContainText(`${waiter.first} ${waiter.last}`);
  await expect(page.getByTestId("role-count-waiter")).toContainText("1");

  // The waiter, on their own phone.
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    locale: "tr-TR",
    timezoneId: "Europe/Istanbul",
    javaScriptEnabled: hasJs(testInfo),
  });
  const w = await phone.newPage();
  await w.goto("/login");
  await w.getByLabel("E-posta", { exact: true }).fill(waiter.email);
  await w.getByLabel("Şifre", { exact: true }).fill(waiter.password);
  await w.getByRole("button", { name: "Giriş Yap", exact: true }).click();
  // A waiter has one role: no role selection, straight to the staff panel.
  await expect(w).toHaveURL(/\/app\/staff$/);
  await expect(w.getByRole("link", { name: "Rol seçimine dön" })).toHaveCount(0);
  await expect(w.getByRole("banner")).toContainText(`${waiter.first} ${waiter.last}`);

  await w.getByRole("link", { name: "Masa 4, BOŞ" }).click();
  await w.getByRole("button", { name: "Künefe ekle", exact: true }).click();
  const cart = w.getByRole("region", { name: "Sepet" });
  await expect(cart.getByText("Künefe")).toBeVisible();
  await cart.getByRole("button", { name: "Siparişi Gönder" }).click();
  await expect(w).toHaveURL(/\/app\/staff\?success=order&order=\d+$/);
  // Their name on the table.
  await expect(w.getByRole("link", { name: /^Masa 4, DOLU/ })).toContainText(waiter.first);

  await w.getByRole("link", { name: "Ödeme Al" }).click();
  // The staff grid has a "Masa 4, DOLU" link too: wait for the payments page before tapping.
  await expect(w).toHaveURL(/\/payments$/);
  await expect(w.getByRole("heading", { level: 1, name: "Hangi masanın hesabını alacaksınız?" })).toBeVisible();
  await w.getByRole("link", { name: /^Masa 4, DOLU/ }).click();
  await expect(w.getByRole("article").first()).toContainText(`${waiter.first} ${waiter.last}`);
  await w.getByRole("button", { name: "Nakit Öde" }).click();
  await w.getByRole("dialog", { name: "Ödeme Onayı" }).getByRole("button", { name: "Onayla" }).click();
  await expect(w.getByRole("status").filter({ hasText: "ÖDEME BAŞARILI" })).toContainText("Masa 4 boşaltıldı.");

  const [order] = await sql<{ waiterName: string; takenByName: string; createdById: number; takenById: number }[]>(
    `SELECT o.waiterName, p.takenByName, o.createdById, p.takenById FROM orders o JOIN payments p ON p.orderId = o.id
     WHERE o.restaurantId = ? AND o.tableNumber = 4`,
    [owner.restaurantId],
  );
  expect(order!.waiterName).toBe(`${waiter.first} ${waiter.last}`);
  expect(order!.takenByName).toBe(`${waiter.first} ${waiter.last}`);
  expect(order!.takenById).toBe(order!.createdById);

  // The waiter's phone is put away (a staff screen left open would notice the deletion by its
  // own poll, which is the other way this ends: tested in service-floor.spec.ts).
  await w.goto("about:blank");
  // The owner deletes the waiter, with the confirmation step.
  await page.goto("/app/staff-management");
  await page.getByRole("link", { name: `${waiter.first} ${waiter.last} sil` }).click();
  const confirm = page.getByRole("dialog", { name: "Personeli sil" });
  await expect(confirm).toContainText("silinsin mi?");
  await confirm.getByRole("button", { name: "Sil" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Personel silindi" })).toBeVisible();
  await expect(page.getByText("Henüz personel eklenmemiş.")).toBeVisible();

  // The waiter's next request is logged out, and logging in again is refused.
  await w.goto("/app/staff");
  await expect(w).toHaveURL(/\/app\?expired=1$/);
  await expect(w.getByText("Oturum Süresi Doldu, Lütfen tekrar giriş yapın")).toBeVisible();
  await w.getByLabel("E-posta", { exact: true }).fill(waiter.email);
  await w.getByLabel("Şifre", { exact: true }).fill(waiter.password);
  await w.getByRole("button", { name: "Giriş Yap", exact: true }).click();
  await expect(w.getByText("E-posta veya şifre hatalı.")).toBeVisible();
  await expect(w).toHaveURL(/\/app(\?expired=1)?$/);
  await phone.close();
});
