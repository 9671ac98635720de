// The platform admin's CMS on a phone, with JavaScript and without: edit the hero title and see
// the landing page change (then switch it off: the built-in title is back), upload an image
// (a file that is not one is refused with the spec's failure message) and delete it after the
// confirmation.
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { expect, hasJs, hydrated, loginAsAdmin, test } from "./fixtures";
import { withLandingLock } from "./landing-lock";

test.use({ viewport: { width: 360, height: 740 } });

const DEFAULT_HERO = "Restoranınızı telefonunuzdan yönetin";

test("CMS: a new hero title shows on the landing page; switched off, the built-in one is back", async ({ page }, testInfo) => {
  const tag = `${testInfo.project.name}-${randomUUID().slice(0, 6)}`;
  await loginAsAdmin(page);
  await page.goto("/admin/cms");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("İçerik Yönetimi (CMS)");
  await expect(page.getByRole("link", { name: "Siteyi Görüntüle" })).toHaveAttribute("href", "/");
  if (hasJs(testInfo)) await hydrated(page);

  await withLandingLock(async () => {
    await page.getByRole("link", { name: "+ Yeni İçerik" }).click();
    const create = page.getByRole("dialog", { name: "Yeni İçerik" });
    await create.getByLabel("Tür").selectOption("hero_title");
    await create.getByLabel("Başlık").fill(`Hero ${tag}`);
    await create.getByLabel("İçerik").fill(`İlk başlık ${tag}`);
    await expect(create.getByRole("checkbox", { name: /Etkin/ })).toBeChecked();
    await create.getByRole("button", { name: "Ekle" }).click();
    await expect(page.getByTestId("flash")).toHaveText("İçerik eklendi.");

    await page.getByRole("link", { name: `Düzenle: Hero ${tag}` }).click();
    const edit = page.getByRole("dialog", { name: "İçeriği Düzenle" });
    // The type is fixed once created.
    await expect(edit.getByLabel("Tür")).toBeDisabled();
    await edit.getByLabel("İçerik").fill(`Yeni başlık ${tag}`);
    await edit.getByRole("button", { name: "Kaydet" }).click();
    await expect(page.getByTestId("flash")).toHaveText("İçerik güncellendi.");
    await expect(page.getByTestId("content-row").filter({ hasText: `Hero ${tag}` })).toContainText(`Yeni başlık ${tag}`);

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Yeni başlık ${tag}`);

    await page.goto("/admin/cms?tab=content");
    await page.getByRole("link", { name: `Düzenle: Hero ${tag}` }).click();
    const again = page.getByRole("dialog", { name: "İçeriği Düzenle" });
    await again.getByRole("checkbox", { name: /Etkin/ }).uncheck();
    await again.getByRole("button", { name: "Kaydet" }).click();
    await expect(page.getByTestId("flash")).toHaveText("İçerik güncellendi.");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(DEFAULT_HERO);
  });
});

test("CMS: upload an image, refuse a script named .png, delete after confirming", async ({ page }, testInfo) => {
  const title = `İkon ${testInfo.project.name}-${randomUUID().slice(0, 6)}`;
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
  await loginAsAdmin(page);
  await page.goto("/admin/cms");
  await page.getByRole("link", { name: "Resimler" }).click();
  await expect(page).toHaveURL(/tab=images/);
  if (hasJs(testInfo)) await hydrated(page);

  await page
    .getByLabel("Resim dosyası")
    .setInputFiles({ name: "script.png", mimeType: "image/png", buffer: Buffer.from("<script>alert(1)</script>") });
  await page.getByLabel("Başlık").fill(title);
  await page.getByRole("button", { name: "Yükle" }).click();
  await expect(page.getByRole("alert").first()).toContainText("Resim yüklenirken hata oluştu");
  await expect(page.getByRole("alert").first()).toContainText("Bu dosya bir resim değil");

  await page.getByLabel("Resim dosyası").setInputFiles({ name: "ikon.png", mimeType: "image/png", buffer: png });
  await page.getByLabel("Başlık").fill(title);
  await page.getByLabel("Tür").selectOption("feature_icon");
  await page.getByLabel("Alternatif metin (isteğe bağlı)").fill("Yeşil kare");
  await page.getByRole("button", { name: "Yükle" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Resim başarıyla yüklendi!");
  const row = page.getByTestId("image-row").filter({ hasText: title });
  await expect(row).toBeVisible();
  // The browser really gets the stored picture (a WebP, at most 256 px for an icon).
  const img = row.getByRole("img", { name: "Yeşil kare" });
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(256);

  await row.getByRole("link", { name: `Sil: ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Resmi Sil" });
  await expect(dialog).toContainText("Bu resmi silmek istediğinizden emin misiniz?");
  await dialog.getByRole("button", { name: "Sil" }).click();
  await expect(page.getByTestId("flash")).toHaveText(`Resim silindi: “${title}”`);
  await expect(page.getByTestId("image-row").filter({ hasText: title })).toHaveCount(0);
});
