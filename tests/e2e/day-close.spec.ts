// Gün sonu (decision 088) with JavaScript and without: on a phone the manager opens it from Tüm
// Yönetim, an open table blocks the close, the tables get paid (through the API), the day shows its
// revenue by method, tips and the cash expected; a count short by 50 kuruş and a note close it, the
// closed day shows the difference and prints on the 80 mm slip, and the day is not offered again.
// On a laptop the figures sit in two columns and the A4 print leaves the controls and bars off.
import type { Locator, Page } from "@playwright/test";
import { apiJson, expect, hasJs, hydrated, logIn, test, type Owner } from "./fixtures";

type MenuItem = { id: number; name: string };

async function order(owner: Owner, table: number, items: [name: string, quantity: number][]) {
  const menu = (await apiJson("/api/menu", { token: owner.token })).json as MenuItem[];
  const res = await apiJson("/api/orders", {
    token: owner.token,
    body: {
      table_number: table,
      items: items.map(([name, quantity]) => ({ menu_item_id: menu.find((m) => m.name === name)!.id, quantity })),
    },
  });
  expect(res.status).toBe(201);
}

async function pay(owner: Owner, table: number, body: Record<string, string>) {
  const res = await apiJson(`/api/tables/${table}/payments`, { token: owner.token, body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
}

/** The amount of a label–amount row (a dt and its dd) inside a section. */
const amountOf = (scope: Locator, label: string) =>
  scope
    .locator(".day-row")
    .filter({ has: scope.page().getByRole("term").getByText(label, { exact: true }) })
    .getByRole("definition");

async function nothingWiderThanTheScreen(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("open tables block the close; paid, the day closes with the counted cash and prints on 80 mm", async ({ page, owner }, testInfo) => {
    // Table 3: Adana Kebap (₺380,00); table 5: two ayrans (₺80,00).
    await order(owner, 3, [["Adana Kebap", 1]]);
    await order(owner, 5, [["Ayran", 2]]);

    await logIn(page, owner, { mode: "manager" });
    await page.goto("/app/admin");
    await page.getByRole("link", { name: "Tüm Yönetim" }).click();
    await page.getByRole("dialog", { name: "Tüm Yönetim" }).getByRole("link", { name: "Gün Sonu" }).click();
    await expect(page).toHaveURL(/\/app\/day-close$/);
    await expect(page.getByRole("heading", { level: 1, name: "Gün sonu" })).toBeVisible();

    // Both tables owe: each is a link to its payment; the close is refused unless they are carried over.
    await expect(page.getByText("Açık masalar gün sonunu engelliyor")).toBeVisible();
    await expect(page.getByRole("link", { name: "Masa 3 · ₺380,00" })).toHaveAttribute("href", "/app/payments?table=3");
    await expect(page.getByRole("link", { name: "Masa 5 · ₺80,00" })).toHaveAttribute("href", "/app/payments?table=5");
    await expect(page.getByLabel("Açık masaları sonraki güne devret")).toBeVisible();
    await nothingWiderThanTheScreen(page);

    // Paid: table 3 in cash with a ₺20 tip, table 5 by card.
    await pay(owner, 3, { method: "cash", tip: "20", tendered: "400" });
    await pay(owner, 5, { method: "card" });
    await page.reload();
    if (hasJs(testInfo)) await hydrated(page);
    await expect(page.getByText("Açık masalar gün sonunu engelliyor")).toHaveCount(0);

    const revenue = page.getByRole("region", { name: "Ciro" });
    await expect(amountOf(revenue, "Toplam ciro")).toHaveText("₺460,00");
    await expect(amountOf(revenue, "Nakit (1)")).toHaveText("₺380,00");
    await expect(amountOf(revenue, "Kart (1)")).toHaveText("₺80,00");
    await expect(amountOf(revenue, "Kapanan hesap")).toHaveText("2");
    const tips = page.getByRole("region", { name: "Bahşiş" });
    await expect(amountOf(tips, "Toplam bahşiş")).toHaveText("₺20,00");
    await expect(amountOf(tips, `${owner.firstName} ${owner.lastName}`)).toHaveText("₺20,00");
    // The drawer holds the cash payment and its tip.
    await expect(amountOf(page.getByRole("region", { name: "Kasa" }), "Beklenen nakit")).toHaveText("₺400,00");
    await nothingWiderThanTheScreen(page);

    // Counted 50 kuruş short, with a note.
    await page.getByLabel("Kasada sayılan nakit (₺)").fill("399,50");
    await page.getByLabel("Not (isteğe bağlı)").fill("Kasa 0,50 eksik");
    await page.getByRole("button", { name: "Günü kapat" }).click();
    await expect(page).toHaveURL(/\/app\/day-close\?date=\d{4}-\d{2}-\d{2}$/);
    const date = new URL(page.url()).searchParams.get("date")!;
    const dateText = date.split("-").reverse().join(".");
    await expect(page.getByRole("heading", { level: 2, name: `${dateText} kapatıldı` })).toBeVisible();
    await expect(page.getByText("Not: Kasa 0,50 eksik")).toBeVisible();
    const cash = page.getByRole("region", { name: "Kasa" });
    await expect(amountOf(cash, "Beklenen nakit")).toHaveText("₺400,00");
    await expect(amountOf(cash, "Sayılan nakit")).toHaveText("₺399,50");
    await expect(amountOf(cash, "Fark (eksik)")).toHaveText("-₺0,50");
    await expect(amountOf(page.getByRole("region", { name: "Ciro" }), "Toplam ciro")).toHaveText("₺460,00");
    if (hasJs(testInfo)) await expect(page.getByRole("button", { name: "Yazdır" })).toBeVisible();
    else await expect(page.getByText("Yazdırmak için tarayıcınızın yazdır komutunu kullanın.")).toBeVisible();
    await nothingWiderThanTheScreen(page);

    // The 80 mm slip: the same figures, narrow, without the app's header.
    await page.getByRole("link", { name: "80 mm fiş" }).click();
    await expect(page).toHaveURL(new RegExp(`/app/day-close\\?date=${date}&print=80$`));
    const slip = page.getByRole("article", { name: "Gün sonu fişi" });
    await expect(slip.getByRole("heading", { level: 1, name: owner.restaurantName })).toBeVisible();
    await expect(slip).toContainText(`GÜN SONU · ${dateText}`);
    await expect(slip).toContainText(`Kapatan: ${owner.firstName} ${owner.lastName}`);
    await expect(amountOf(slip, "Toplam ciro")).toHaveText("₺460,00");
    await expect(amountOf(slip, "Fark (eksik)")).toHaveText("-₺0,50");
    await expect(slip).toContainText("Not: Kasa 0,50 eksik");
    // 72 mm of paper (272 px at 96 dpi), and its sections one under the other.
    const box = (await slip.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(300);
    const [ciro, kdv] = await Promise.all(
      ["Ciro", "KDV (dahil)"].map((name) => slip.getByRole("heading", { name, exact: true }).boundingBox()),
    );
    expect(kdv!.y).toBeGreaterThan(ciro!.y);
    expect(kdv!.x).toBe(ciro!.x);
    await expect(page.locator(".app-header")).toHaveCount(0);
    await nothingWiderThanTheScreen(page);

    // Back on today: the business day is closed, the close is not offered again.
    await page.getByRole("link", { name: "Gün sonuna dön" }).click();
    await page.getByRole("link", { name: "Bugün" }).click();
    await expect(page).toHaveURL(/\/app\/day-close$/);
    await expect(page.getByText("Bu iş günü kapatıldı.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Günü kapat" })).toHaveCount(0);
    await expect(page.getByLabel("Kasada sayılan nakit (₺)")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Önceki gün sonları" }).getByRole("link", { name: dateText })).toHaveAttribute(
      "href",
      `/app/day-close?date=${date}`,
    );
    // Nor through the API: the same business day is refused.
    const again = await apiJson("/api/day-close", { token: owner.token, body: { counted_cash: "0" } });
    expect(again.status).toBe(409);
    expect(again.json.detail).toMatch(/zaten kapatıldı/);
  });
});

test.describe("on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the figures in two columns; the closed day prints on A4 without the controls and the app's bars", async ({
    page,
    owner,
  }, testInfo) => {
    await order(owner, 2, [["Adana Kebap", 2]]);
    await pay(owner, 2, { method: "card" });

    await logIn(page, owner, { mode: "manager" });
    await page.goto("/app/day-close");
    if (hasJs(testInfo)) await hydrated(page);
    await expect(amountOf(page.getByRole("region", { name: "Ciro" }), "Kart (1)")).toHaveText("₺760,00");
    await expect(amountOf(page.getByRole("region", { name: "Kasa" }), "Beklenen nakit")).toHaveText("₺0,00");
    // Two columns: the revenue and the KDV side by side.
    const [ciro, kdv] = await Promise.all(
      ["Ciro", "KDV (dahil)"].map((name) => page.getByRole("heading", { name, exact: true }).boundingBox()),
    );
    expect(kdv!.y).toBe(ciro!.y);
    expect(kdv!.x).toBeGreaterThan(ciro!.x + 300);

    await page.getByLabel("Kasada sayılan nakit (₺)").fill("0");
    await page.getByRole("button", { name: "Günü kapat" }).click();
    await expect(page.getByRole("heading", { level: 2, name: /kapatıldı$/ })).toBeVisible();
    await expect(amountOf(page.getByRole("region", { name: "Kasa" }), "Fark")).toHaveText("₺0,00");

    // On paper: the restaurant's name instead of the app's header; no buttons, no history.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByText(`${owner.restaurantName} · Gün sonu`)).toBeVisible();
    await expect(page.locator(".app-header")).toBeHidden();
    await expect(page.getByRole("link", { name: "80 mm fiş" })).toBeHidden();
    await expect(page.getByRole("region", { name: "Önceki gün sonları" })).toBeHidden();
    await expect(amountOf(page.getByRole("region", { name: "Ciro" }), "Toplam ciro")).toHaveText("₺760,00");
    await page.emulateMedia({ media: "screen" });
    await expect(page.getByText(`${owner.restaurantName} · Gün sonu`)).toBeHidden();
  });
});
