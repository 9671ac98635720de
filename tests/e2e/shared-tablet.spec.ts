import type { Page } from "@playwright/test";
import { expect, hasJs, hydrated, logIn, sql, test, type Owner } from "./fixtures";

// The counter tablet (decision 071), with JavaScript on and off, on a 360 px screen: the owner
// gives a waiter a PIN, makes this browser the restaurant's shared tablet, the waiter signs in
// with the PIN (the digit pad with JavaScript, the field without), works, and hands the tablet
// back with "Kullanıcı değiştir"; two idle minutes bring the PIN pad back by themselves.
test.use({ viewport: { width: 360, height: 740 } });

const PIN = "4821";

async function arrangeTablet(page: Page, owner: Owner, js: boolean) {
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/staff-management");
  await page.getByRole("link", { name: "Personel Ekle" }).click();
  const dialog = page.getByRole("dialog", { name: "Yeni Personel" });
  await dialog.getByLabel("Ad *", { exact: true }).fill("Elif");
  await dialog.getByLabel("Soyad *", { exact: true }).fill("Garson");
  await dialog.getByLabel("E-posta *", { exact: true }).fill(`elif-${owner.restaurantId}@test.sofra.local`);
  await dialog.getByLabel("Şifre *", { exact: true }).fill("elif-sifre-1");
  // A trivial PIN is refused with the reason, and the dialog keeps what was typed (the server never
  // sends a PIN back: without JavaScript the field comes back empty).
  await dialog.getByLabel("PIN (ortak tablet)").fill("1234");
  await dialog.getByRole("button", { name: "Ekle" }).click();
  const again = page.getByRole("dialog", { name: "Yeni Personel" });
  await expect(again.getByText("Bu PIN tahmin etmesi çok kolay")).toBeVisible();
  await expect(again.getByLabel("Ad *", { exact: true })).toHaveValue("Elif");
  if (!js) await expect(again.getByLabel("PIN (ortak tablet)")).toHaveValue("");
  await again.getByLabel("Şifre *", { exact: true }).fill("elif-sifre-1");
  await again.getByLabel("PIN (ortak tablet)").fill(PIN);
  await again.getByRole("button", { name: "Ekle" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Personel eklendi" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Personel listesi" })).toContainText("PIN var");

  // This browser becomes the restaurant's tablet: the owner's session here ends, the PIN pad opens.
  const section = page.getByRole("region", { name: "Ortak tablet" });
  await section.getByLabel("Bu cihazın adı").fill("Salon tableti");
  await section.getByRole("button", { name: "Bu cihazı ortak tablet yap" }).click();
  await expect(page).toHaveURL(/\/app\/pin\?ready=1$/);
  await expect(page.getByRole("heading", { level: 1, name: owner.restaurantName })).toBeVisible();
  await expect(page.getByText("Ortak tablet · Salon tableti")).toBeVisible();
}

async function typePin(page: Page, pin: string, js: boolean) {
  if (js) {
    await hydrated(page);
    const pad = page.getByRole("group", { name: "Rakamlar" });
    for (const digit of pin) await pad.getByRole("button", { name: digit, exact: true }).click();
    await expect(page.getByLabel("PIN", { exact: true })).toHaveValue(pin);
  } else {
    await page.getByLabel("PIN", { exact: true }).fill(pin);
  }
  await page.getByRole("button", { name: "Giriş Yap", exact: true }).click();
}

test("the owner makes a tablet; a waiter signs in by PIN, works, and hands it back", async ({ page, owner }, testInfo) => {
  const js = hasJs(testInfo);
  await arrangeTablet(page, owner, js);

  // Without JavaScript there is no digit pad, only the field.
  await expect(page.getByRole("group", { name: "Rakamlar" })).toHaveCount(js ? 1 : 0);
  await typePin(page, "5930", js);
  await expect(page.getByRole("alert").filter({ hasText: "PIN hatalı." })).toBeVisible();

  await typePin(page, PIN, js);
  // A waiter has one role: straight to the staff panel, as Elif.
  await expect(page).toHaveURL(/\/app\/staff$/);
  await expect(page.getByRole("banner")).toContainText("Elif Garson");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole("link", { name: "Masa 4, BOŞ" }).click();
  await expect(page).toHaveURL(/\/app\/order-taking\?table=4/);
  await page.goBack();

  await page.getByRole("button", { name: "Kullanıcı değiştir" }).click();
  await expect(page).toHaveURL(/\/app\/pin\?switched=1$/);
  await expect(page.getByRole("status")).toContainText("Oturum kapatıldı.");
  // The staff panel is Elif's no more: back to the PIN pad.
  await page.goto("/app/staff");
  await expect(page).toHaveURL(/\/app\/pin/);

  // Two minutes without a request (set back in the database): the next tap finds the PIN pad.
  await typePin(page, PIN, js);
  await expect(page).toHaveURL(/\/app\/staff$/);
  await sql("UPDATE sessions SET pinSeenAt = UTC_TIMESTAMP(3) - INTERVAL 3 MINUTE WHERE restaurantId = ? AND sharedDeviceId IS NOT NULL", [
    owner.restaurantId,
  ]);
  // The next tap finds the PIN pad, or the screen's own next read does first (with JavaScript the
  // staff panel re-reads the tables when its live stream opens): either way the PIN pad, never Elif's screen.
  await page
    .getByRole("link", { name: "Masa 4, BOŞ" })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/app\/pin\?idle=1$/);
  await expect(page.getByRole("status")).toContainText("Hareketsiz kalındığı için oturum kapandı.");
});

test(
  "with JavaScript, the screen goes back to the PIN pad after two minutes without a tap",
  { tag: "@js-only" },
  async ({ page, owner }) => {
    await page.clock.install();
    await arrangeTablet(page, owner, true);
    await typePin(page, PIN, true);
    await expect(page).toHaveURL(/\/app\/staff$/);
    await hydrated(page);
    await page.clock.fastForward("01:30");
    await expect(page).toHaveURL(/\/app\/staff$/);
    await page.clock.fastForward("00:40");
    await expect(page).toHaveURL(/\/app\/pin\?idle=1$/);
    await expect(page.getByRole("status")).toContainText("Hareketsiz kalındığı için oturum kapandı.");
  },
);
