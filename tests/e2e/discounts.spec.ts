// Discounts on a phone, with JavaScript and without: the owner creates, edits, switches off and
// deletes a code; a cashier applies one on the payments screen and is charged the reduced total.
import { randomUUID } from "node:crypto";
import { apiJson, expect, hasJs, hydrated, logIn, test, type Owner } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

/** Istanbul's today, and a day `n` days later (YYYY-MM-DD). */
function istanbulDay(n = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

test("discounts: create a code, edit it, switch it off and on, delete it", async ({ page, owner }, testInfo) => {
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/admin");
  await page.getByRole("link", { name: "Tüm Yönetim" }).click();
  await page.getByRole("dialog", { name: "Tüm Yönetim" }).getByRole("link", { name: "İndirimler" }).click();
  await expect(page).toHaveURL(/\/app\/discounts$/);
  await expect(page.getByText("Henüz indirim kodu yok.")).toBeVisible();
  if (hasJs(testInfo)) await hydrated(page);

  await page.getByRole("link", { name: "+ Yeni İndirim" }).click();
  const create = page.getByRole("dialog", { name: "Yeni indirim" });
  await expect(create).toBeVisible();
  await expect(create.getByLabel("Tür")).toHaveValue("percentage");
  await expect(create.getByLabel("Başlangıç tarihi")).toHaveValue(istanbulDay());
  await create.getByLabel("İndirim adı").fill("Öğrenci indirimi");
  await create.getByLabel("Kod").fill("ogrenci15");
  await create.getByLabel(/^Değer/).fill("15");
  await create.getByLabel("Kullanım limiti").fill("4");
  await create.getByLabel("Bitiş tarihi").fill(istanbulDay(10));
  await create.getByRole("button", { name: "Oluştur" }).click();

  await expect(page.getByTestId("flash")).toHaveText("İndirim eklendi");
  const card = page.getByTestId("discount-card").filter({ hasText: "OGRENCI15" });
  await expect(card).toContainText("Öğrenci indirimi");
  await expect(card).toContainText("%15");
  await expect(card).toContainText("0 / 4 kullanım");
  await expect(card.getByTestId("discount-state")).toHaveText("Aktif");
  await expect(page.getByTestId("stat-active")).toHaveText("1");

  await card.getByRole("link", { name: "Düzenle" }).click();
  const edit = page.getByRole("dialog", { name: "İndirimi düzenle" });
  await expect(edit.getByLabel("Kod")).toHaveValue("OGRENCI15");
  await edit.getByLabel("Tür").selectOption("fixed");
  await edit.getByLabel(/^Değer/).fill("25");
  await edit.getByLabel("Minimum sipariş (₺)").fill("100");
  await edit.getByRole("button", { name: "Güncelle" }).click();
  await expect(page.getByTestId("flash")).toHaveText("İndirim güncellendi");
  await expect(card).toContainText("₺25,00");
  await expect(card).toContainText("en az ₺100,00");

  await card.getByRole("button", { name: "OGRENCI15 kodunu pasifleştir" }).click();
  await expect(page.getByTestId("flash")).toHaveText("İndirim pasifleştirildi");
  await expect(card.getByTestId("discount-state")).toHaveText("Pasif");
  await expect(page.getByTestId("stat-active")).toHaveText("0");
  await card.getByRole("button", { name: "OGRENCI15 kodunu aktifleştir" }).click();
  await expect(page.getByTestId("flash")).toHaveText("İndirim aktifleştirildi");
  await expect(card.getByTestId("discount-state")).toHaveText("Aktif");

  await card.getByRole("link", { name: "OGRENCI15 kodunu sil" }).click();
  const confirm = page.getByRole("dialog", { name: "İndirimi sil" });
  await expect(confirm).toContainText("Öğrenci indirimi (OGRENCI15) silinsin mi?");
  await confirm.getByRole("button", { name: "Sil" }).click();
  await expect(page.getByTestId("flash")).toHaveText("İndirim silindi");
  await expect(page.getByText("Henüz indirim kodu yok.")).toBeVisible();
});

async function cashierOf(owner: Owner): Promise<Owner> {
  const email = `kasa-${randomUUID().slice(0, 10)}@test.sofra.local`;
  const created = await apiJson("/api/staff", {
    token: owner.token,
    body: { email, password: "kasa-sifre-1", first_name: "Kasa", last_name: "Görevlisi", role: "cashier" },
  });
  expect(created.status).toBe(201);
  const login = await apiJson("/api/public/login", { body: { email, password: "kasa-sifre-1" } });
  expect(login.status).toBe(200);
  return { ...owner, email, password: "kasa-sifre-1", token: login.json.access_token, firstName: "Kasa", lastName: "Görevlisi" };
}

test("payments: the cashier types a code and is charged the reduced total", async ({ page, owner }) => {
  await apiJson("/api/auth/verify-admin-password", { token: owner.token, body: { password: owner.password } });
  const discount = await apiJson("/api/discounts", {
    token: owner.token,
    body: { name: "Kasa indirimi", code: "KASA10", type: "percentage", value: 10, start_date: istanbulDay(), end_date: istanbulDay(3) },
  });
  expect(discount.status).toBe(201);
  const menu = await apiJson("/api/menu", { token: owner.token });
  const kebap = (menu.json as { id: number; name: string }[]).find((m) => m.name === "Adana Kebap")!;
  const order = await apiJson("/api/orders", {
    token: owner.token,
    body: { table_number: 3, items: [{ menu_item_id: kebap.id, quantity: 2 }] },
  });
  expect(order.status).toBe(201);
  const cashier = await cashierOf(owner);

  await logIn(page, cashier);
  await page.goto("/app/payments?table=3");
  await expect(page.getByTestId("payment-total")).toHaveText("₺760,00");
  await page.getByLabel("İndirim kodu (isteğe bağlı)").fill("kasa10");
  await page.getByRole("button", { name: "Kartla Öde" }).click();

  const dialog = page.getByRole("dialog", { name: "Ödeme Onayı" });
  await expect(dialog).toContainText("İndirim (KASA10)");
  await expect(dialog.getByTestId("confirm-discount")).toHaveText("−₺76,00");
  await expect(dialog.getByTestId("confirm-amount")).toHaveText("₺684,00");
  await dialog.getByRole("button", { name: "Onayla" }).click();

  const receipt = page.getByRole("status").filter({ hasText: "ÖDEME BAŞARILI" });
  await expect(receipt).toContainText("₺684,00");
  await expect(receipt).toContainText("İndirim (KASA10): ₺76,00");
  const after = await apiJson("/api/discounts", { token: owner.token });
  expect(after.json.discounts[0]).toMatchObject({ code: "KASA10", used_count: 1 });
  expect(after.json.stats).toMatchObject({ total_savings: 76 });
});

test("payments: a code that does not apply is refused in Turkish and nothing is paid", async ({ page, owner }) => {
  const menu = await apiJson("/api/menu", { token: owner.token });
  const cay = (menu.json as { id: number; name: string }[]).find((m) => m.name === "Çay")!;
  expect(
    (await apiJson("/api/orders", { token: owner.token, body: { table_number: 5, items: [{ menu_item_id: cay.id, quantity: 1 }] } }))
      .status,
  ).toBe(201);
  await logIn(page, owner, { mode: "staff" });
  await page.goto("/app/payments?table=5");
  await page.getByLabel("İndirim kodu (isteğe bağlı)").fill("YOKBOYLE");
  await page.getByRole("button", { name: "Nakit Öde" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "İndirim kodu bulunamadı." })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Ödeme Onayı" })).toHaveCount(0);
  await expect(page.getByLabel("İndirim kodu (isteğe bağlı)")).toHaveValue("YOKBOYLE");
});
