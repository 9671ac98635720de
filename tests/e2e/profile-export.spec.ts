import { apiJson, expect, hasJs, hydrated, logIn, test } from "./fixtures";

// Issue 10's profile and data export on a phone, with JavaScript on and off.
test("profile: change one's name and login password, see the sessions, sign out the other devices", async ({ page, owner }, testInfo) => {
  const other = await apiJson("/api/public/login", { body: { email: owner.email, password: owner.password } });
  expect(other.status).toBe(200);
  await logIn(page, owner);
  await page.goto("/app/role-selection");
  await page.getByRole("link", { name: "Profilim" }).click();
  await expect(page).toHaveURL(/\/app\/profile$/);
  if (hasJs(testInfo)) await hydrated(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByLabel("Ad", { exact: true }).fill("Defne");
  await page.getByLabel("Telefon").fill("0532 000 11 22");
  await page.getByRole("button", { name: "Kaydet" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Profiliniz güncellendi");
  await expect(page.getByLabel("Ad", { exact: true })).toHaveValue("Defne");

  const sessions = page.getByRole("list", { name: "Açık oturumlar" }).getByTestId("session");
  // The page's own session (signup) and the login above.
  await expect(sessions).toHaveCount(2);
  await expect(sessions.first()).toContainText("Bu cihaz");

  const form = page.getByTestId("own-password-form");
  await form.getByLabel("Mevcut şifre").fill("yanlis-sifre");
  await form.getByLabel("Yeni şifre", { exact: true }).fill("defne-yeni-1");
  await form.getByLabel("Yeni şifre (tekrar)").fill("defne-yeni-1");
  await form.getByRole("button", { name: "Şifreyi Değiştir" }).click();
  await expect(form.getByText("Mevcut şifre yanlış")).toBeVisible();
  await form.getByLabel("Mevcut şifre").fill(owner.password);
  await form.getByLabel("Yeni şifre", { exact: true }).fill("defne-yeni-1");
  await form.getByLabel("Yeni şifre (tekrar)").fill("defne-yeni-1");
  await form.getByRole("button", { name: "Şifreyi Değiştir" }).click();
  await expect(page.getByTestId("flash")).toContainText("Giriş şifreniz değiştirildi");
  // The other devices were signed out with the change; this one stays.
  await expect(sessions).toHaveCount(1);
  await expect(page.getByText("Başka cihazda açık oturumunuz yok.")).toBeVisible();
  expect((await apiJson("/api/auth/me", { token: other.json.access_token })).status).toBe(401);
  expect((await apiJson("/api/public/login", { body: { email: owner.email, password: "defne-yeni-1" } })).status).toBe(200);

  // A new login elsewhere, then "sign out other devices".
  expect((await apiJson("/api/public/login", { body: { email: owner.email, password: "defne-yeni-1" } })).status).toBe(200);
  await page.reload();
  await expect(sessions).toHaveCount(3);
  await page.getByRole("button", { name: /Diğer cihazlardan çıkış yap/ }).click();
  await expect(page.getByTestId("flash")).toHaveText("Diğer cihazlardaki oturumlar kapatıldı");
  await expect(sessions).toHaveCount(1);
});

test("data export: the manager downloads the restaurant's data as a ZIP", async ({ page, owner }) => {
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/settings");
  await page.getByRole("link", { name: "Verilerinizi indirin" }).click();
  await expect(page).toHaveURL(/\/app\/data-export$/);
  await expect(page.getByRole("heading", { name: "Verilerinizi indirin" })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "ZIP olarak indir" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^sofra-.+-\d{4}-\d{2}-\d{2}\.zip$/);
  const path = await download.path();
  const { readFileSync } = await import("node:fs");
  const bytes = readFileSync(path);
  // A ZIP (local file header), with the menu in it.
  expect(bytes.subarray(0, 4).toString("hex")).toBe("504b0304");
  expect(bytes.includes(Buffer.from("menu.csv"))).toBe(true);
});
