// The owner, on a phone, with JavaScript and without: the Billing tab (usage, no invoices yet),
// the upgrade from the trial inside the app (the trial banner's "Planlar"), the new invoice and its PDF.
import { PDFParse } from "pdf-parse";
import { expect, hasJs, hydrated, logIn, sql, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

test("billing: usage and invoices, upgrade from the trial's Planlar, the invoice and its PDF", async ({ page, owner }, testInfo) => {
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/settings");
  await page.getByRole("navigation", { name: "Ayar sekmeleri" }).getByRole("link", { name: "Faturalama" }).click();
  await expect(page).toHaveURL(/\/app\/settings\?tab=billing$/);
  await expect(page.getByRole("heading", { name: "Mevcut plan" })).toBeVisible();
  await expect(page.getByText("Ücretsiz Deneme", { exact: true })).toBeVisible();
  // 20 starter tables of the trial's 25: 80 %, amber.
  const tables = page.getByRole("meter", { name: "Masalar" });
  await expect(tables).toHaveAttribute("data-tone", "amber");
  await expect(page.getByText("20 / 25")).toBeVisible();
  await expect(page.getByText("Henüz fatura bulunmuyor.")).toBeVisible();
  await expect(page.getByText("Henüz ödeme yöntemi eklenmemiş.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Kaydet", exact: true })).toHaveCount(0);

  // The trial banner's Planlar: the plans inside the app, not the public signup.
  await page.goto("/app/admin");
  if (hasJs(testInfo)) await hydrated(page);
  await page.getByRole("status").filter({ hasText: "Ücretsiz deneme" }).getByRole("link", { name: "Planlar" }).click();
  await expect(page).toHaveURL(/\/app\/plans$/);
  await expect(page.getByText("Kullanımınıza uyan en küçük plan: Pro.")).toBeVisible();
  const basic = page.getByRole("article", { name: "Basic planı" });
  await expect(basic).toContainText("Bu plana geçmek için önce 10 masa kaldırın.");
  await expect(basic.getByRole("button", { name: "Basic planına geç (aylık)" })).toBeDisabled();
  await expect(page.getByText("Fiyatlara %20 KDV dahildir.")).toBeVisible();
  await page.getByRole("link", { name: /^Yıllık/ }).click();
  await expect(page.getByRole("article", { name: "Pro planı" })).toContainText("₺3.990,00");
  await page.getByRole("link", { name: "Aylık" }).click();
  const pro = page.getByRole("article", { name: "Pro planı" });
  await expect(pro).toContainText("₺399,00");
  await pro.getByRole("button", { name: "Pro planına geç (aylık)" }).click();

  // The confirmation (issue 20): plan, cycle, amount with KDV, due date, the trial's end; nothing changed yet.
  const confirmation = page.getByTestId("plan-confirmation");
  await expect(confirmation.getByRole("heading", { name: "Plan değişikliğini onaylayın" })).toBeVisible();
  await expect(confirmation).toContainText("Pro · Aylık");
  await expect(confirmation).toContainText("₺332,50");
  await expect(confirmation).toContainText("KDV (%20)");
  await expect(confirmation).toContainText("₺66,50");
  await expect(page.getByTestId("plan-confirmation-total")).toHaveText("₺399,00");
  await expect(confirmation).toContainText("Son ödeme tarihi");
  await expect(confirmation).toContainText("Deneme süreniz sona erecek");
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const [before] = await sql<{ subscriptionPlan: string }[]>("SELECT subscriptionPlan FROM restaurants WHERE id = ?", [owner.restaurantId]);
  expect(before!.subscriptionPlan).toBe("free_trial");
  // "Vazgeç" leaves everything as it was; the button again, then "Onayla".
  await confirmation.getByRole("link", { name: "Vazgeç" }).click();
  await expect(page.getByTestId("plan-confirmation")).toHaveCount(0);
  await page.getByRole("article", { name: "Pro planı" }).getByRole("button", { name: "Pro planına geç (aylık)" }).click();
  await page.getByTestId("plan-confirmation").getByRole("button", { name: "Onayla: Pro planına geç (aylık)" }).click();

  await expect(page).toHaveURL(/\/app\/settings\?tab=billing$/);
  await expect(page.getByTestId("flash")).toHaveText("Abonelik başarıyla yükseltildi!");
  await expect(page.getByText("Aktif · ödeme bekleniyor")).toBeVisible();
  const invoice = page.getByTestId("invoice");
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText("Beklemede");
  await expect(invoice).toContainText("₺399,00");
  const number = (await invoice.locator("strong").first().textContent())!;
  expect(number).toMatch(/^SOF-\d{8}-[0-9A-F]{8}$/);
  await expect(page.getByText("TR00 0000 0000 0000 0000 0000 00")).toBeVisible();

  // The PDF, as the link opens it (with this session's cookie).
  const href = (await invoice.getByRole("link", { name: `${number} PDF` }).getAttribute("href"))!;
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const parser = new PDFParse({ data: new Uint8Array(await pdf.body()) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  expect(text).toContain(number);
  expect(text).toContain("₺399,00");
  expect(text).toContain("TR00 0000 0000 0000 0000 0000 00");
  expect(text).toContain("Ödeme: banka havalesi / EFT");
  expect(text).toContain("KDV (%20)");
  expect(text).toContain("₺66,50");
});
