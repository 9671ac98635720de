// Options on order lines (decision 082) on a 360×740 phone, with JavaScript on and off: the owner
// in manager mode opens the menu's "Seçenekler" panel, adds "Pişme" (Az / Orta / İyi) to a
// category and "Porsiyon" to one item, edits "Porsiyon", meets the stale-edit message when the
// group changed meanwhile, and deletes "Pişme" after the confirmation. The panel is axe-clean.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { apiJson, expect, hasJs, hydrated, logIn, test, type Owner } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

const STALE = "Bu seçenek grubu siz düzenlerken değişti. Güncel hâli gösteriliyor; değişikliğinizi yeniden yapın.";

/**
 * axe's default rules, then WCAG 2.2's target size with the sticky bars in the flow, as
 * tests/e2e/axe.spec.ts checks every page (axe runs in the page: the JavaScript project only).
 */
async function axeProblems(page: Page, js: boolean) {
  if (!js) return [];
  type Results = Awaited<ReturnType<AxeBuilder["analyze"]>>;
  const results = await new AxeBuilder({ page }).setLegacyMode().disableRules(["target-size"]).analyze();
  const sizes = await page.evaluate(async () => {
    const sticky = [...document.querySelectorAll<HTMLElement>("body *")].filter((el) => getComputedStyle(el).position === "sticky");
    for (const el of sticky) el.style.setProperty("position", "static");
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<Results> } };
    const found = await axe.run(document, {
      runOnly: { type: "rule", values: ["target-size"] },
      rules: { "target-size": { enabled: true } },
    });
    for (const el of sticky) el.style.removeProperty("position");
    return found;
  });
  return [...results.violations, ...sizes.violations].map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

const groups = async (owner: Owner) => (await apiJson("/api/menu/option-groups", { token: owner.token })).json as any[];

test("add Pişme to a category and Porsiyon to an item, edit one, delete one", async ({ page, owner }, testInfo) => {
  // Three axe scans of a long page: 41 s with JavaScript on a CI at load 13–17, and once past the 60 s.
  test.slow();
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/menu-management");
  if (hasJs(testInfo)) await hydrated(page);
  await page.getByRole("link", { name: "Seçenekleri düzenle (0)" }).click();
  const panel = page.getByRole("region", { name: "Seçenekler" });
  await expect(panel.getByText("Henüz seçenek grubu yok.")).toBeVisible();
  const flash = (text: string) => page.getByRole("status").filter({ hasText: text });

  // "Pişme" for every dish of "Ana Yemekler"; the rows left empty are not saved.
  let form = panel.getByRole("form", { name: "Yeni seçenek grubu" });
  await form.getByLabel("Grup adı").fill("Pişme");
  await form.getByLabel("Uygulanacağı yer").selectOption({ label: "Ana Yemekler (tüm kategori)" });
  for (const [n, name] of ["Az", "Orta", "İyi"].entries()) {
    await form.getByRole("textbox", { name: `${n + 1}. seçenek`, exact: true }).fill(name);
  }
  await form.getByRole("button", { name: "Grubu ekle" }).click();
  await expect(flash("“Pişme” seçenek grubu eklendi.")).toBeVisible();
  const pisme = panel.getByTestId("option-group").filter({ has: page.getByRole("heading", { name: "Pişme" }) });
  await expect(pisme).toContainText("Kategori: Ana Yemekler");
  await expect(pisme.getByRole("list", { name: "Pişme seçenekleri" }).getByRole("listitem")).toHaveText(["Az", "Orta", "İyi"]);

  // "Porsiyon" for one dish, with a price difference. The create form is empty again.
  form = panel.getByRole("form", { name: "Yeni seçenek grubu" });
  await expect(form.getByLabel("Grup adı")).toHaveValue("");
  await form.getByLabel("Grup adı").fill("Porsiyon");
  await form.getByLabel("Uygulanacağı yer").selectOption({ label: "Adana Kebap" });
  // A row's two fields: its name ("2. seçenek") and its price ("2. seçenek Fiyat farkı (₺)").
  const optionName = (n: number) => form.getByRole("textbox", { name: `${n}. seçenek`, exact: true });
  const optionPrice = (n: number) => form.getByRole("textbox", { name: `${n}. seçenek Fiyat farkı (₺)`, exact: true });
  await optionName(1).fill("1 porsiyon");
  await optionName(2).fill("1,5 porsiyon");
  await optionPrice(2).fill("60");
  await form.getByRole("button", { name: "Grubu ekle" }).click();
  await expect(flash("“Porsiyon” seçenek grubu eklendi.")).toBeVisible();
  const porsiyon = panel.getByTestId("option-group").filter({ has: page.getByRole("heading", { name: "Porsiyon" }) });
  await expect(porsiyon).toContainText("Ürün: Adana Kebap");
  await expect(porsiyon.getByRole("listitem")).toHaveText(["1 porsiyon", "1,5 porsiyon +₺60,00"]);
  expect((await groups(owner)).map((g) => [g.name, g.options.map((o: any) => [o.name, o.price_delta])])).toEqual([
    [
      "Pişme",
      [
        ["Az", 0],
        ["Orta", 0],
        ["İyi", 0],
      ],
    ],
    [
      "Porsiyon",
      [
        ["1 porsiyon", 0],
        ["1,5 porsiyon", 60],
      ],
    ],
  ]);

  // Fits the phone, and passes axe.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await panel.screenshot({ path: testInfo.outputPath("option-panel-360.png") });
  expect(await axeProblems(page, hasJs(testInfo))).toEqual([]);

  // Edit "Porsiyon": the same form, filled in.
  await porsiyon.getByRole("link", { name: "Porsiyon grubunu düzenle" }).click();
  form = panel.getByRole("form", { name: "“Porsiyon” grubunu düzenle" });
  await expect(form.getByLabel("Grup adı")).toHaveValue("Porsiyon");
  await expect(form.getByLabel("Uygulanacağı yer").locator("option:checked")).toHaveText("Adana Kebap");
  await expect(optionPrice(2)).toHaveValue("60,00");
  expect(await axeProblems(page, hasJs(testInfo))).toEqual([]);
  await optionPrice(2).fill("75,50");
  await optionName(3).fill("2 porsiyon");
  await optionPrice(3).fill("120");
  await form.getByRole("button", { name: "Kaydet" }).click();
  await expect(flash("“Porsiyon” seçenek grubu kaydedildi.")).toBeVisible();
  await expect(porsiyon.getByRole("listitem")).toHaveText(["1 porsiyon", "1,5 porsiyon +₺75,50", "2 porsiyon +₺120,00"]);
  await expect(panel.getByRole("form", { name: "Yeni seçenek grubu" })).toBeVisible();

  // Someone else changes "Pişme" while its form is open: saving says so and shows the group as stored.
  await pisme.getByRole("link", { name: "Pişme grubunu düzenle" }).click();
  form = panel.getByRole("form", { name: "“Pişme” grubunu düzenle" });
  await expect(form.getByLabel("Grup adı")).toHaveValue("Pişme");
  const [stored] = await groups(owner);
  const elsewhere = await apiJson(`/api/menu/option-groups/${stored.id}`, {
    method: "PUT",
    token: owner.token,
    body: {
      name: "Pişme",
      category_id: stored.category_id,
      version: 1,
      options: [{ name: "Az" }, { name: "Orta" }, { name: "İyi" }, { name: "Çok iyi" }],
    },
  });
  expect(elsewhere.status).toBe(200);
  await optionName(1).fill("Az pişmiş");
  await form.getByRole("button", { name: "Kaydet" }).click();
  await expect(form.getByRole("alert").filter({ hasText: STALE })).toBeVisible();
  await expect(optionName(1)).toHaveValue("Az");
  await expect(optionName(4)).toHaveValue("Çok iyi");
  await expect(pisme.getByRole("listitem")).toHaveText(["Az", "Orta", "İyi", "Çok iyi"]);

  // Delete "Pişme" after the confirmation.
  await pisme.getByRole("link", { name: "Pişme grubunu sil" }).click();
  const confirm = page.getByRole("dialog", { name: "Seçenek grubunu sil" });
  await expect(confirm).toContainText("“Pişme” (Kategori: Ana Yemekler) silinsin mi?");
  expect(await axeProblems(page, hasJs(testInfo))).toEqual([]);
  await confirm.getByRole("button", { name: "Evet, sil" }).click();
  await expect(flash("“Pişme” seçenek grubu silindi.")).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(panel.getByTestId("option-group")).toHaveCount(1);
  await expect(panel.getByTestId("option-group")).toContainText("Porsiyon");
  expect((await groups(owner)).map((g) => g.name)).toEqual(["Porsiyon"]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
