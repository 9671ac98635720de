import { expect, logIn, test } from "./fixtures";
import { firstLink, waitForE2eMail } from "./mail";

// Issue 11: an owner resets a forgotten password by e-mail (JavaScript on and off: two projects).
test("forgot password → the mailed link → a new password → log in with it; the old session is gone", async ({ page, browser, owner }) => {
  // A session on another device, from before the reset.
  const otherDevice = await browser.newContext();
  const other = await otherDevice.newPage();
  await logIn(other, owner);
  await other.goto("/app/welcome");
  await expect(other).toHaveURL(/\/app\/welcome$/);

  await page.goto("/login");
  await page.getByRole("link", { name: "Şifremi unuttum" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("E-posta", { exact: true }).fill(owner.email);
  await page.getByRole("button", { name: "Sıfırlama bağlantısı gönder" }).click();
  await expect(page.getByRole("status")).toContainText("şifre sıfırlama bağlantısı birkaç dakika içinde gönderilecek");

  const mail = await waitForE2eMail((m) => m.to.includes(owner.email) && m.subject.includes("şifre sıfırlama"));
  const link = firstLink(mail, "/reset-password?token=");
  expect(link).not.toBeNull();
  const url = new URL(link!);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole("heading", { name: "Yeni şifre belirleyin" })).toBeVisible();
  await page.getByLabel("Yeni şifre", { exact: true }).fill("yepyeni-sifre-77");
  await page.getByLabel("Yeni şifre tekrarı").fill("baska-bir-sifre");
  await page.getByRole("button", { name: "Şifreyi değiştir" }).click();
  await expect(page.getByText("Şifreler eşleşmiyor.")).toBeVisible();

  await page.getByLabel("Yeni şifre", { exact: true }).fill("yepyeni-sifre-77");
  await page.getByLabel("Yeni şifre tekrarı").fill("yepyeni-sifre-77");
  await page.getByRole("button", { name: "Şifreyi değiştir" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status")).toContainText("Şifreniz değiştirildi.");

  // The old password no longer works; the new one does.
  await page.getByLabel("E-posta", { exact: true }).fill(owner.email);
  await page.getByLabel("Şifre", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Giriş Yap", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("E-posta veya şifre hatalı.");
  await page.getByLabel("E-posta", { exact: true }).fill(owner.email);
  await page.getByLabel("Şifre", { exact: true }).fill("yepyeni-sifre-77");
  await page.getByRole("button", { name: "Giriş Yap", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/role-selection$/);

  // The other device's session ended with the reset.
  await other.goto("/app/welcome");
  await expect(other).toHaveURL(/\/app(\?|$)/);
  await otherDevice.close();

  // The link worked once.
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole("alert")).toContainText("daha önce kullanılmış");
  await expect(page.getByRole("link", { name: "Yeni bağlantı iste" })).toBeVisible();
});
