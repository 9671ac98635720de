// House accounts on a phone (issue 22, decision 087), with JavaScript and without: the manager
// opens an account for a company from "Tüm Yönetim", carries over what it owed in the paper
// notebook (a correction), receives a payment by card, and reads the statement's running balance.
import { expect, hasJs, hydrated, logIn, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

test("the manager opens an account, receives a payment and reads the statement", async ({ page, owner }, testInfo) => {
  const js = hasJs(testInfo);
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/admin");
  await page.getByRole("link", { name: "Tüm Yönetim" }).click();
  await page.getByRole("dialog", { name: "Tüm Yönetim" }).getByRole("link", { name: "Cari Hesaplar" }).click();
  await expect(page).toHaveURL(/\/app\/accounts$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cari hesaplar");
  await expect(page.getByText("Henüz cari hesap yok.")).toBeVisible();
  if (js) await hydrated(page);

  const openForm = page.getByRole("region", { name: "Yeni cari hesap" });
  await openForm.getByLabel("Hesap adı").fill("Yıldız İnşaat");
  await openForm.getByLabel("Telefon").fill("0532 111 22 33");
  await openForm.getByLabel("Kredi limiti (₺)").fill("1.500");
  await openForm.getByRole("button", { name: "Hesap aç" }).click();
  await expect(page).toHaveURL(/\/app\/accounts\?hesap=\d+$/);
  await expect(page.locator(".form-notice")).toHaveText("“Yıldız İnşaat” cari hesabı açıldı.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Yıldız İnşaat");
  await expect(page.getByTestId("account-balance")).toHaveText("₺0,00");
  await expect(page.getByRole("region", { name: "Tahsilat", exact: true })).toContainText("Bu hesabın borcu yok.");

  // What the paper notebook said it owed, carried over as a correction with its reason.
  const adjust = page.getByRole("region", { name: "Düzeltme", exact: true });
  await adjust.getByLabel(/^Tutar/).fill("640");
  await adjust.getByLabel("Açıklama").fill("Defterden devreden borç");
  await adjust.getByRole("button", { name: "Düzeltmeyi kaydet" }).click();
  await expect(page.locator(".form-notice")).toHaveText("Düzeltme kaydedildi. Yeni bakiye: ₺640,00.");
  await expect(page.getByTestId("account-balance")).toHaveText("₺640,00");

  // More than it owes is refused, in Turkish, and nothing is recorded.
  const payment = page.getByRole("region", { name: "Tahsilat", exact: true });
  // With JavaScript the refusal shows while the page's data reloads (a 409 may mean the balance
  // moved): that reload is held here until the cashier has typed the right amount, which must survive
  // it (the form keeps the key it posted; a new key would remount it and put back the refused 700).
  let releaseReload = () => {};
  const reloadHeld = new Promise<void>((resolve) => (releaseReload = resolve));
  const accountData = (url: URL) => url.pathname === "/app/accounts.data" && url.searchParams.has("hesap");
  if (js) {
    await page.route(accountData, async (route) =>
      route.request().method() === "GET" ? (await reloadHeld, route.continue()) : route.continue(),
    );
  }
  await payment.getByLabel("Alınan tutar (₺)").fill("700");
  await payment.getByRole("button", { name: "Tahsil et" }).click();
  await expect(payment.getByRole("alert")).toHaveText("Ödeme bakiyeden fazla: bakiye ₺640,00, ödeme ₺700,00.");
  await expect(page.getByTestId("statement-line")).toHaveCount(1);

  await payment.getByLabel("Alınan tutar (₺)").fill("240");
  await payment.getByLabel("Ödeme yöntemi").selectOption({ label: "Kart" });
  if (js) {
    releaseReload();
    // The reload is in once the correction's notice (read once, from the flash) is gone.
    await expect(page.locator(".form-notice")).toHaveCount(0);
    await page.unroute(accountData);
    await expect(payment.getByLabel("Alınan tutar (₺)")).toHaveValue("240");
    await expect(payment.getByLabel("Ödeme yöntemi")).toHaveValue("card");
  }
  await payment.getByRole("button", { name: "Tahsil et" }).click();
  await expect(page.locator(".form-notice")).toHaveText("₺240,00 tahsil edildi. Yeni bakiye: ₺400,00.");
  await expect(page.getByTestId("account-balance")).toHaveText("₺400,00");
  // A new form for the next payment (its own key): nothing left in it to post twice.
  await expect(page.getByRole("region", { name: "Tahsilat", exact: true }).getByLabel("Alınan tutar (₺)")).toHaveValue("");

  // The statement: each movement with the balance after it, the period's totals.
  const lines = page.getByTestId("statement-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText("Düzeltme");
  await expect(lines.nth(0)).toContainText("Defterden devreden borç");
  await expect(lines.nth(0)).toContainText("Bakiye ₺640,00");
  await expect(lines.nth(1)).toContainText("Tahsilat · Kart");
  await expect(lines.nth(1)).toContainText("-₺240,00");
  await expect(lines.nth(1)).toContainText("Bakiye ₺400,00");
  await expect(page.getByTestId("closing-balance")).toHaveText("₺400,00");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Back on the list: the account with what it owes and its limit.
  await page.getByRole("link", { name: "Geri" }).click();
  await expect(page).toHaveURL(/\/app\/accounts$/);
  const row = page.getByRole("list", { name: "Açık cari hesaplar" }).getByRole("listitem");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Yıldız İnşaat");
  await expect(row).toContainText("₺400,00");
  await expect(row).toContainText("limit ₺1.500,00");
  await expect(page.getByTestId("accounts-total")).toHaveText("₺400,00");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
