// The platform admin, with JavaScript and without, on a phone: a restaurant whose trial ended
// applies from the premium gate, the admin approves it with a note, the restaurant works again and
// sees the decision; the admin marks the approval's invoice transfer as received.
import { apiJson, expect, hasJs, hydrated, loginAsAdmin, logIn, sql, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

const expireTrial = (restaurantId: number) =>
  sql("UPDATE restaurants SET trialEndsAt = DATE_SUB(UTC_TIMESTAMP(3), INTERVAL 1 DAY) WHERE id = ?", [restaurantId]);

test("a trial-expired restaurant applies, the admin approves, the restaurant is unblocked and sees the decision", async ({
  page,
  owner,
}, testInfo) => {
  await expireTrial(owner.restaurantId);
  await logIn(page, owner);
  await page.goto("/app/order-taking?table=3");
  const gate = page.getByRole("dialog", { name: "Deneme Süresi Doldu" });
  await gate.getByRole("link", { name: "Premium Başvurusu Yap" }).click();
  await page.getByLabel("İstenen plan").selectOption("basic");
  await page.getByLabel("Masa sayısı").fill("8");
  await page.getByRole("button", { name: "Başvuruyu Gönder" }).click();
  await expect(page.getByRole("dialog", { name: "Başvurunuz inceleniyor" })).toBeVisible();

  // The admin (the same browser holds both sessions: their cookies are separate).
  await loginAsAdmin(page);
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Yönetim menüsü" }).getByRole("link", { name: "Başvurular" }).click();
  await expect(page).toHaveURL(/\/admin\/applications$/);
  if (hasJs(testInfo)) await hydrated(page);
  const card = page.getByRole("article", { name: owner.restaurantName });
  await expect(card).toContainText("Beklemede");
  await expect(card).toContainText(owner.email);
  await expect(card).toContainText("Basic");
  await card.getByText("İncele").click();
  // The requested plan is preselected; the admin grants Pro instead, with a note.
  await expect(card.getByLabel("Onaylanacak plan")).toHaveValue("basic");
  await card.getByLabel("Onaylanacak plan").selectOption("pro");
  await card.getByLabel("Admin notu (isteğe bağlı)").fill("Masa sayınız için Pro daha uygun.");
  await card.getByRole("button", { name: "Onayla" }).click();
  await expect(page.getByTestId("flash")).toHaveText(`Başvuru onaylandı: ${owner.restaurantName} artık Pro planında.`);
  // Only pending ones are listed (and reviewable) by default; the decision is under Onaylanan.
  await expect(page.getByRole("article", { name: owner.restaurantName })).toHaveCount(0);
  await page.getByRole("link", { name: /^Onaylanan/ }).click();
  const approved = page.getByRole("article", { name: owner.restaurantName });
  await expect(approved).toContainText("Onaylandı");
  await expect(approved).toContainText("Masa sayınız için Pro daha uygun.");
  await expect(approved.getByRole("button", { name: "Onayla" })).toHaveCount(0);

  // The restaurant works again and sees the decision.
  await page.goto("/app/order-taking?table=3");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.goto("/app/premium-application");
  const status = page.getByTestId("application-status");
  await expect(status).toContainText("Başvurunuz onaylandı");
  await expect(status).toContainText("Pro planınız etkinleştirildi");
  await expect(status).toContainText("Masa sayınız için Pro daha uygun.");
});

test("the admin marks an approval's invoice transfer as received", async ({ page, owner }, testInfo) => {
  await expireTrial(owner.restaurantId);
  const applied = await apiJson("/api/application/submit", { token: owner.token, body: { restaurant_name: owner.restaurantName } });
  expect(applied.status).toBe(201);
  const adminToken = await loginAsAdmin(page);
  const approved = await apiJson("/api/admin/applications/approve", {
    token: adminToken,
    body: { application_id: applied.json.application.id, status: "approved" },
  });
  expect(approved.status).toBe(200);
  const number: string = approved.json.invoice.number;

  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Yönetim menüsü" }).getByRole("link", { name: "Faturalar" }).click();
  await expect(page).toHaveURL(/\/admin\/invoices$/);
  if (hasJs(testInfo)) await hydrated(page);
  const row = page.getByTestId("invoice-row").filter({ hasText: number });
  await expect(row).toContainText(owner.restaurantName);
  await expect(row).toContainText("₺399,00");
  await expect(row).toContainText("Beklemede");
  await row.getByRole("button", { name: "Havale alındı" }).click();
  // Asked first (issue 20): the invoice number, the restaurant and the amount.
  const confirm = page.getByTestId("confirm-paid");
  await expect(confirm).toContainText(number);
  await expect(confirm).toContainText(owner.restaurantName);
  await expect(confirm).toContainText("₺399,00");
  await confirm.getByRole("button", { name: `Evet, ${number} havalesi alındı` }).click();
  await expect(page.getByTestId("flash")).toHaveText(`${number} numaralı faturanın havalesi alındı olarak işaretlendi.`);
  await expect(page.getByTestId("invoice-row").filter({ hasText: number })).toHaveCount(0);
  await page.getByRole("link", { name: "Ödenmiş" }).click();
  await expect(page.getByTestId("invoice-row").filter({ hasText: number })).toContainText("Ödendi");

  // The owner's billing tab: paid, nothing owed.
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/settings?tab=billing");
  await expect(page.getByTestId("invoice").filter({ hasText: number })).toContainText("Ödendi");
});
