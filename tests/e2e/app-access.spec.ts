import { expect, hydrated, logIn, sql, test } from "./fixtures";

test("logged-out visitors of /app/* are sent to /app", async ({ page }) => {
  await page.goto("/app/admin");
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole("link", { name: "Giriş Yap" })).toBeVisible();
});

test("staff mode reaches the staff panel but not manager pages", async ({ page, owner }) => {
  await logIn(page, owner);
  await page.goto("/app/role-selection");
  await page.getByRole("button", { name: "Personel olarak devam et" }).click();
  await expect(page).toHaveURL(/\/app\/staff$/);
  await expect(page.getByRole("banner")).toContainText(`${owner.firstName} ${owner.lastName}`);

  const response = await page.goto("/app/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Bu sayfaya erişiminiz yok" })).toBeVisible();
  await page.getByRole("link", { name: "Yönetici girişi" }).click();
  await expect(page.getByRole("dialog", { name: "Yönetici Girişi" })).toBeVisible();
});

test("manager mode opens the panel and its menu; the header leads to the inbox", async ({ page, owner }) => {
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/admin");
  await page.getByRole("link", { name: "Tüm Yönetim" }).click();
  await page.getByRole("dialog", { name: "Tüm Yönetim" }).getByRole("link", { name: "Rezervasyonlar" }).click();
  await expect(page).toHaveURL(/\/app\/reservations$/);
  await expect(page.getByTestId("stat-total")).toBeVisible();
  await page.getByTestId("inbox-link").click();
  await expect(page).toHaveURL(/\/app\/notifications$/);
  await expect(page.getByRole("heading", { name: "Bildirimler", level: 1 })).toBeVisible();
});

test("an expired or revoked session returns to /app with the Turkish message", async ({ page, owner }) => {
  await logIn(page, owner);
  await page.goto("/app/role-selection");
  await expect(page.getByRole("heading", { name: owner.restaurantName })).toBeVisible();
  await sql("UPDATE sessions SET expiresAt = '2000-01-01 00:00:00' WHERE restaurantId = ?", [owner.restaurantId]);
  // With JavaScript the open page may find the session gone first (a background read answered 401)
  // and go to /app?expired=1 itself, which aborts this navigation (Chromium says ERR_ABORTED, or
  // Playwright "interrupted by another navigation" to that address): either way is the user's.
  await page.goto("/app/role-selection").catch((error: unknown) => {
    const message = String(error);
    if (!message.includes("ERR_ABORTED") && !/interrupted by another navigation to "[^"]*\/app\?expired=1"/.test(message)) throw error;
  });
  await expect(page).toHaveURL(/\/app\?expired=1$/);
  await expect(page.getByText("Oturum Süresi Doldu, Lütfen tekrar giriş yapın")).toBeVisible();
});

test("the register tab of /app checks the repeated password, then creates the restaurant", async ({ page }) => {
  await page.goto("/app");
  await page.getByRole("link", { name: "Kayıt Ol" }).click();
  await page.getByLabel("Ad", { exact: true }).fill("Elif");
  await page.getByLabel("Soyad", { exact: true }).fill("Şen");
  const email = `reg-${Date.now()}@test.sofra.local`;
  await page.getByLabel("E-posta", { exact: true }).fill(email);
  await page.getByLabel("Şifre", { exact: true }).fill("elif-sifre-1");
  await page.getByLabel("Şifre tekrarı").fill("elif-sifre-2");
  await page.getByLabel("İşletme adı").fill("Elif Pastanesi");
  await page.getByRole("button", { name: /Kayıt Ol \(/ }).click();
  await expect(page.getByText("Şifreler eşleşmiyor.")).toBeVisible();

  await page.getByLabel("Şifre", { exact: true }).fill("elif-sifre-1");
  await page.getByLabel("Şifre tekrarı").fill("elif-sifre-1");
  await page.getByRole("button", { name: /Kayıt Ol \(/ }).click();
  await expect(page).toHaveURL(/\/app\/welcome$/);
  await expect(page.getByRole("heading", { name: "Tebrikler Elif!" })).toBeVisible();
});

test("the trial banner counts down and can be dismissed", async ({ page, owner }) => {
  await logIn(page, owner);
  await page.goto("/app/role-selection");
  const banner = page.getByRole("status").filter({ hasText: "Ücretsiz deneme" });
  await expect(banner).toContainText("14 gün");
  await expect(banner).toHaveClass(/trial-banner--info/);
  // With JavaScript the banner hides at once; the cookie comes with the answer.
  const dismissed = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/app/trial-banner"));
  await banner.getByRole("button", { name: "Bildirimi kapat" }).click();
  await dismissed;
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { name: owner.restaurantName })).toBeVisible();
  await expect(page.getByText("Ücretsiz deneme")).toBeHidden();
});

test("under a day left the banner turns orange and shows hours and minutes", async ({ page, owner }) => {
  await sql("UPDATE restaurants SET trialEndsAt = DATE_ADD(UTC_TIMESTAMP(3), INTERVAL 150 MINUTE) WHERE id = ?", [owner.restaurantId]);
  await logIn(page, owner);
  await page.goto("/app/role-selection");
  const banner = page.getByRole("status").filter({ hasText: "Ücretsiz deneme" });
  await expect(banner).toHaveClass(/trial-banner--warning/);
  await expect(banner).toContainText(/2 saat (29|30) dakika/);
});

test("an expired trial shows a red banner that cannot be dismissed, and the manager can upgrade", async ({ page, owner }) => {
  await sql("UPDATE restaurants SET trialEndsAt = DATE_SUB(UTC_TIMESTAMP(3), INTERVAL 1 HOUR) WHERE id = ?", [owner.restaurantId]);
  await logIn(page, owner);
  await page.goto("/app/role-selection");
  const banner = page.getByRole("alert").filter({ hasText: "Deneme süreniz doldu." });
  await expect(banner).toHaveClass(/trial-banner--expired/);
  await expect(banner.getByRole("button", { name: "Bildirimi kapat" })).toHaveCount(0);
  await expect(banner).toContainText("Planı yükseltmek için yönetici girişi yapın.");

  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/admin");
  // The plan chosen at signup (none: Basic) unless the restaurant has outgrown it: 20 starter tables need Pro.
  await page.getByRole("alert").getByRole("button", { name: "Pro planına geç (aylık)" }).click();
  // The confirmation first (issue 20): nothing is billed before "Onayla".
  const confirmation = page.getByTestId("plan-confirmation");
  await expect(confirmation).toContainText("Deneme süreniz sona erecek");
  await confirmation.getByRole("button", { name: "Onayla: Pro planına geç (aylık)" }).click();
  await expect(page.getByText("Abonelik başarıyla yükseltildi!")).toBeVisible();
  await expect(page.getByText("Deneme süreniz doldu.")).toBeHidden();
  const [row] = await sql<{ subscriptionPlan: string }[]>("SELECT subscriptionPlan FROM restaurants WHERE id = ?", [owner.restaurantId]);
  expect(row!.subscriptionPlan).toBe("pro");
});

test("the /app login tab logs in to role selection", async ({ page, owner }) => {
  await page.goto("/app");
  await page.getByLabel("E-posta", { exact: true }).fill(owner.email.toUpperCase());
  await page.getByLabel("Şifre", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Giriş Yap", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/role-selection$/);
  await expect(page.getByRole("heading", { name: owner.restaurantName })).toBeVisible();
  // Logged in, /app itself sends the user on to role selection.
  await page.goto("/app");
  await expect(page).toHaveURL(/\/app\/role-selection$/);
});

test("the trial banner refreshes itself every 5 minutes", { tag: "@js-only" }, async ({ page, owner }) => {
  // Runs in the js project only (@js-only): the refresh is JavaScript's job; without it the next page load shows the state.
  await page.clock.install();
  await logIn(page, owner);
  await page.goto("/app/role-selection");
  await expect(page.getByRole("status").filter({ hasText: "Ücretsiz deneme" })).toContainText("14 gün");
  // The server drew the banner; its 5-minute timer starts only once React has hydrated (slow under load).
  await hydrated(page);
  await sql("UPDATE restaurants SET trialEndsAt = DATE_SUB(UTC_TIMESTAMP(3), INTERVAL 1 MINUTE) WHERE id = ?", [owner.restaurantId]);
  const polled = page.waitForResponse((r) => r.url().includes("/api/trial/status"));
  await page.clock.runFor(5 * 60 * 1000 + 1000);
  await polled;
  await expect(page.getByRole("alert").filter({ hasText: "Deneme süreniz doldu." })).toBeVisible();
});
