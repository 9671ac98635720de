// The owner takes reservations on a phone, with JavaScript and without: create, edit, confirm,
// complete, cancel, delete (with its confirmation), a refused clash; and the waiters see a
// reservation due within the hour on their table grid.
import { apiJson, expect, hasJs, hydrated, logIn, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

/** The Istanbul day and clock time of an instant. */
function istanbul(ms: number) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/Istanbul",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    })
      .formatToParts(new Date(ms))
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

test("reservations: create, edit, confirm, complete, cancel, delete; a clash is refused", async ({ page, owner }, testInfo) => {
  const date = istanbul(Date.now() + 2 * 86_400_000).date;
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/admin");
  await page.getByRole("link", { name: "Tüm Yönetim" }).click();
  await page.getByRole("dialog", { name: "Tüm Yönetim" }).getByRole("link", { name: "Rezervasyonlar" }).click();
  await expect(page).toHaveURL(/\/app\/reservations$/);
  await expect(page.getByTestId("reservations-empty")).toHaveText("Bugün ve sonrası için rezervasyon yok.");
  if (hasJs(testInfo)) await hydrated(page);

  const add = async (name: string, table: string, time: string) => {
    await page.getByRole("link", { name: "Yeni Rezervasyon" }).click();
    const dialog = page.getByRole("dialog", { name: "Yeni rezervasyon" });
    await expect(dialog).toBeVisible();
    // The spec's defaults.
    await expect(dialog.getByLabel("Kişi sayısı")).toHaveValue("1");
    await expect(dialog.getByLabel("Durum")).toHaveValue("pending");
    await dialog.getByLabel("Müşteri adı").fill(name);
    await dialog.getByLabel("Telefon").fill("0532 111 22 33");
    await dialog.getByLabel("Tarih").fill(date);
    await dialog.getByLabel("Saat").fill(time);
    await dialog.getByLabel("Masa", { exact: true }).selectOption({ label: `Masa ${table}` });
    await dialog.getByRole("button", { name: "Kaydet" }).click();
    return dialog;
  };

  await add("Ayşe Yılmaz", "3", "19:00");
  await expect(page.getByTestId("flash")).toHaveText("Rezervasyon oluşturuldu");
  const ayse = page.getByTestId("reservation").filter({ hasText: "Ayşe Yılmaz" });
  await expect(ayse).toContainText("Beklemede");
  await expect(ayse).toContainText("Masa 3 · 1 kişi");
  await expect(page.getByTestId("stat-pending")).toHaveText("1");

  // The same table within two hours: refused in the form, naming the first.
  const refused = await add("Mehmet Kaya", "3", "20:00");
  await expect(refused.getByRole("alert").first()).toContainText("Rezervasyon kaydedilirken hata oluştu");
  await expect(refused).toContainText("19:00 saatinde Ayşe Yılmaz adına bir rezervasyon var");
  await refused.getByLabel("Masa", { exact: true }).selectOption({ label: "Masa 4" });
  await refused.getByRole("button", { name: "Kaydet" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Rezervasyon oluşturuldu");
  const mehmet = page.getByTestId("reservation").filter({ hasText: "Mehmet Kaya" });
  await expect(mehmet).toContainText("Masa 4");

  await ayse.getByRole("link", { name: "Düzenle" }).click();
  const edit = page.getByRole("dialog", { name: "Rezervasyonu düzenle" });
  await expect(edit.getByLabel("Müşteri adı")).toHaveValue("Ayşe Yılmaz");
  await edit.getByLabel("Kişi sayısı").fill("4");
  await edit.getByLabel("Notlar (isteğe bağlı)").fill("Cam kenarı");
  await edit.getByRole("button", { name: "Güncelle" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Rezervasyon güncellendi");
  await expect(ayse).toContainText("Masa 3 · 4 kişi");
  await expect(ayse).toContainText("Cam kenarı");

  await ayse.getByRole("button", { name: /Onayla/ }).click();
  await expect(page.getByTestId("flash")).toHaveText("Rezervasyon onaylandı");
  await expect(ayse).toContainText("Onaylandı");
  await expect(ayse.getByRole("button", { name: /Onayla/ })).toHaveCount(0);
  await ayse.getByRole("button", { name: /Tamamla/ }).click();
  await expect(page.getByTestId("flash")).toHaveText("Rezervasyon tamamlandı");
  await expect(ayse).toContainText("Tamamlandı");
  await expect(ayse.getByRole("button")).toHaveCount(0);

  await mehmet.getByRole("button", { name: /İptal Et/ }).click();
  await expect(page.getByTestId("flash")).toHaveText("Rezervasyon iptal edildi");
  await expect(mehmet).toContainText("İptal edildi");

  // The status filter.
  await page.getByRole("link", { name: "Tamamlandı", exact: true }).click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(page.getByTestId("reservation")).toHaveCount(1);
  await expect(page.getByTestId("reservation")).toContainText("Ayşe Yılmaz");
  await page.getByRole("link", { name: "Tümü" }).click();
  await expect(page.getByTestId("reservation")).toHaveCount(2);

  await mehmet.getByRole("link", { name: /rezervasyonunu sil/ }).click();
  const confirm = page.getByRole("dialog", { name: "Rezervasyonu sil" });
  await expect(confirm).toContainText("Mehmet Kaya");
  await confirm.getByRole("button", { name: "Sil" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Rezervasyon silindi");
  await expect(page.getByTestId("reservation")).toHaveCount(1);
  await expect(page.getByTestId("stat-total")).toHaveText("1");
});

test("a reservation within the hour shows on the waiters' table grid", async ({ page, owner }, testInfo) => {
  const manager = await apiJson("/api/auth/verify-admin-password", { token: owner.token, body: { password: owner.password } });
  expect(manager.status).toBe(200);
  const soon = istanbul(Date.now() + 30 * 60_000);
  const res = await apiJson("/api/reservations", {
    token: owner.token,
    body: { customer_name: "Zeynep", customer_phone: "0532 000 00 00", table_number: 2, ...soon },
  });
  expect(res.status).toBe(201);
  await logIn(page, owner, { mode: "staff" });
  await page.goto("/app/staff");
  const line = page.getByTestId("table-reservation");
  await expect(line).toHaveCount(1);
  await expect(line).toHaveText(`Rez. ${soon.time} Zeynep`);
  await expect(page.getByRole("link", { name: new RegExp(`^Masa 2, .*Rez\\. ${soon.time} Zeynep`) })).toBeVisible();
  if (hasJs(testInfo)) {
    // The poll re-renders the tiles with what it reads (200), or keeps them when the floor has not
    // changed since its last answer (304, decision 091): the line stays either way.
    // With the live stream up the poll waits a minute; a phone coming back to the screen polls at once.
    const polled = page.waitForResponse((r) => r.url().endsWith("/api/tables") && [200, 304].includes(r.status()));
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await polled;
    await page.waitForTimeout(200);
    await expect(line).toHaveText(`Rez. ${soon.time} Zeynep`);
  }
});
