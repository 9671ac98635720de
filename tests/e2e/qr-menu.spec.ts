// The owner makes the menu's QR code and the tables' sheet, adds a photo to a menu item, and a
// guest opens the public menu with it: on a phone, with JavaScript and without.
import sharp from "sharp";
import { expect, hasJs, hydrated, logIn, sql, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

const slugOf = async (restaurantId: number) =>
  (await sql<{ slug: string }[]>("SELECT slug FROM restaurants WHERE id = ?", [restaurantId]))[0]!.slug;

test("QR menu: generate the code, see the 250 px preview, download it, open the table sheet", async ({
  page,
  owner,
  baseURL,
}, testInfo) => {
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/admin");
  await page.getByRole("link", { name: "Tüm Yönetim" }).click();
  await page.getByRole("dialog", { name: "Tüm Yönetim" }).getByRole("link", { name: "QR Menü" }).click();
  await expect(page).toHaveURL(/\/app\/qr-menu$/);
  if (hasJs(testInfo)) await hydrated(page);
  const menuUrl = `${baseURL}/menu/${await slugOf(owner.restaurantId)}`;
  await expect(page.getByLabel("Menü adresi")).toHaveValue(menuUrl);
  await expect(page.getByText("Menü adresini kontrol edip")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Nasıl kullanılır?" })).toBeVisible();

  await page.getByRole("button", { name: "QR Kod Oluştur" }).click();
  const image = page.getByTestId("qr-image");
  await expect(image).toBeVisible();
  const box = (await image.boundingBox())!;
  expect(Math.round(box.width)).toBe(250);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const download = page.getByRole("link", { name: "İndir" });
  await expect(download).toHaveAttribute("download", "menu-qr-code.png");
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toBe("menu-qr-code.png");

  // A bad address: the spec's message and the placeholder.
  // type="url" lets ftp: through the browser's check; the server refuses it.
  await page.getByLabel("Menü adresi").fill("ftp://ornek.com/menu");
  await page.getByRole("button", { name: "QR Kod Oluştur" }).click();
  await expect(page.getByRole("alert")).toContainText("QR kodu oluşturulurken hata oluştu");
  await expect(page.getByRole("img", { name: "QR kodu oluşturulamadı" })).toBeVisible();

  await page.getByRole("link", { name: "Masa kodları sayfasını aç" }).click();
  await expect(page).toHaveURL(/\/app\/qr-menu\/tables$/);
  const cards = page.getByTestId("qr-table-card");
  await expect(cards).toHaveCount(20);
  await expect(cards.first()).toContainText("Masa 1");
  await expect(cards.first()).toContainText(`${menuUrl}?masa=1`);
  await expect(cards.first().getByRole("img")).toBeVisible();
});

test("menu photo: upload in menu management, the guest sees it on the public menu at their table", async ({ page, owner }, testInfo) => {
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/menu-management");
  if (hasJs(testInfo)) await hydrated(page);
  const row = page.getByTestId("menu-item").first();
  const name = (await row.locator(".menu-admin__name").textContent())!;
  await row.getByRole("link", { name: `Fotoğraf: ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Fotoğraf: ${name}` });
  await expect(dialog).toBeVisible();
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 210, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();
  await dialog.getByLabel("Fotoğraf").setInputFiles({ name: "tabak.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await dialog.getByRole("button", { name: "Fotoğrafı Yükle" }).click();
  await expect(page.getByRole("status").filter({ hasText: "fotoğrafı kaydedildi" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const thumb = page.getByTestId("menu-item").filter({ hasText: name }).first().locator("img.menu-photo__thumb");
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);

  await page.goto(`/menu/${await slugOf(owner.restaurantId)}?masa=3`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(owner.restaurantName);
  await expect(page.getByTestId("menu-table")).toHaveText("Masa 3");
  const item = page.getByTestId("public-menu-item").filter({ hasText: name }).first();
  const photo = item.getByRole("img", { name });
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
  expect(await page.locator("script").count()).toBe(0);
});
