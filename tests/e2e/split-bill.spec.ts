// The "Hesap" screen (/app/bill, decision 086) with JavaScript and without, on a phone and on a
// desktop: a party of four splits its bill three ways, each share in another method (card; cash
// with change; a meal card with a tip), the shares add up to the total to the kuruş and the table
// is free at the end; the day's report shows the three methods. Then a guest pays chosen lines,
// a second payment of lines someone else paid meanwhile is refused (409), and a repeated post of
// the same form (its pay key) pays nothing twice.
import type { Locator, Page } from "@playwright/test";
import { apiJson, expect, hasJs, hydrated, logIn, sql, test, type Owner } from "./fixtures";

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** The sample menu's dishes by name (a new restaurant starts with it). */
async function menuOf(owner: Owner): Promise<Record<string, number>> {
  const menu = await apiJson("/api/menu", { token: owner.token });
  return Object.fromEntries((menu.json as { id: number; name: string }[]).map((m) => [m.name, m.id]));
}

/** One of the four ways to pay, opened (a way the last payment used is open already). */
async function openWay(page: Page, intent: "items" | "shares" | "amount" | "all"): Promise<Locator> {
  const way = page.locator(`#way-${intent}`);
  if ((await way.getAttribute("open")) === null) await way.locator("summary").click();
  await expect(way).toHaveAttribute("open", "");
  return way;
}

async function acceptMultinet(owner: Owner) {
  const manager = await apiJson("/api/auth/verify-admin-password", { token: owner.token, body: { password: owner.password } });
  expect(manager.status).toBe(200);
  const saved = await apiJson("/api/restaurant/settings", { method: "PUT", token: owner.token, body: { meal_cards: ["Multinet"] } });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
}

for (const [label, viewport] of [
  ["a phone", PHONE],
  ["a desktop", DESKTOP],
] as const) {
  test.describe(`on ${label}`, () => {
    test.use({ viewport });

    test("a party of four splits the bill three ways: card, cash with change, a meal card with a tip", async ({
      page,
      owner,
    }, testInfo) => {
      await acceptMultinet(owner);
      // ₺1.550,00 for four on table 6: a third is ₺516,66 (rounded down), the last share ₺516,68.
      const dish = await menuOf(owner);
      const order = await apiJson("/api/orders", {
        token: owner.token,
        body: {
          table_number: 6,
          customer_count: 4,
          items: [
            { menu_item_id: dish["Adana Kebap"], quantity: 2, note: "Biri acısız" },
            { menu_item_id: dish["İskender"], quantity: 1 },
            { menu_item_id: dish["Ayran"], quantity: 4 },
            { menu_item_id: dish["Künefe"], quantity: 1 },
            { menu_item_id: dish["Çay"], quantity: 1 },
          ],
        },
      });
      expect(order.status, JSON.stringify(order.json)).toBe(201);

      await logIn(page, owner);
      // The payments screen's table links to the split screen.
      await page.goto("/app/payments?table=6");
      await page.getByRole("link", { name: "Hesabı böl" }).click();
      await expect(page).toHaveURL(/\/app\/bill\?table=6$/);
      if (hasJs(testInfo)) await hydrated(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Masa 6 · Hesap");
      await expect(page.getByTestId("bill-remaining")).toHaveText("₺1.550,00");
      await expect(page.getByRole("region", { name: "Adisyon" }).getByText("Not: Biri acısız")).toBeVisible();

      // The first guest: one share of three, by card.
      let way = await openWay(page, "shares");
      await way.getByLabel("Kişi sayısı").fill("3");
      if (hasJs(testInfo)) await expect(way.getByTestId("share-preview")).toHaveText("3 kişiye: kişi başı ₺516,66 · bu ödeme ₺516,66");
      await way.getByLabel("Kart", { exact: true }).check();
      await way.getByRole("button", { name: "Payı öde" }).click();
      const notice = page.getByTestId("bill-paid");
      await expect(notice).toContainText("₺516,66 kart ile alındı.");
      await expect(notice).toContainText("Kalan: ₺1.033,34");
      await expect(page.getByTestId("bill-remaining")).toHaveText("₺1.033,34");
      await expect(page.getByTestId("bill-payments")).toContainText("Kart ₺516,66");

      // The second: a share in cash. The form stays open with three shares; too little cash is refused at the field.
      way = await openWay(page, "shares");
      await expect(way.getByLabel("Kişi sayısı")).toHaveValue("3");
      await expect(way.getByTestId("share-preview")).toHaveText("3 kişiye: kişi başı ₺516,66 · bu ödeme ₺516,66");
      await way.getByLabel("Nakit", { exact: true }).check();
      await way.getByLabel("Alınan (nakit)").fill("500");
      await way.getByRole("button", { name: "Payı öde" }).click();
      await expect(way.getByLabel("Alınan (nakit)")).toHaveAccessibleDescription("Alınan tutar ödemeden az olamaz.");
      expect(await sql<unknown[]>("SELECT id FROM bill_payments WHERE restaurantId = ?", [owner.restaurantId])).toHaveLength(1);
      await way.getByLabel("Alınan (nakit)").fill("600");
      await way.getByRole("button", { name: "Payı öde" }).click();
      await expect(notice).toContainText("₺516,66 nakit ile alındı.");
      await expect(page.getByTestId("bill-change")).toHaveText("Para üstü: ₺83,34");
      await expect(page.getByTestId("bill-remaining")).toHaveText("₺516,68");

      // The third: the last share (the rounding remainder with it) by Multinet, with a tip.
      way = await openWay(page, "shares");
      await expect(way.getByTestId("share-preview")).toHaveText("3 kişiye: kişi başı ₺516,66 · bu ödeme ₺516,68 (kalanın tamamı)");
      await way.getByLabel("Multinet", { exact: true }).check();
      // Not cash: the cash field goes away (the stylesheet, no script).
      await expect(way.getByLabel("Alınan (nakit)")).toBeHidden();
      await way.getByLabel("Bahşiş").fill("50");
      await way.getByRole("button", { name: "Payı öde" }).click();
      await expect(notice).toContainText("₺516,68 Multinet ile alındı. Bahşiş: ₺50,00.");
      await expect(notice).toContainText("Hesap kapandı. Masa boşaldı.");
      await expect(page.getByText("Masa 6 için açık hesap yok.")).toBeVisible();

      // Exactly the total, in three methods; the table is free.
      const paid = await sql<{ method: string; mealCard: string | null; amount: string; tip: string }[]>(
        "SELECT method, mealCard, amount, tip FROM bill_payments WHERE restaurantId = ? ORDER BY id",
        [owner.restaurantId],
      );
      expect(paid.map((p) => [p.method, p.mealCard, String(p.amount), String(p.tip)])).toEqual([
        ["card", null, "516.66", "0.00"],
        ["cash", null, "516.66", "0.00"],
        ["meal_card", "Multinet", "516.68", "50.00"],
      ]);
      expect(paid.reduce((sum, p) => sum + Math.round(Number(p.amount) * 100), 0)).toBe(155_000);
      const tables = await apiJson("/api/tables", { token: owner.token });
      expect((tables.json as { number: number; status: string }[]).find((t) => t.number === 6)?.status).toBe("empty");

      // The day's report: the revenue and each of the three methods.
      await logIn(page, owner, { mode: "manager" });
      await page.goto("/app/admin");
      await expect(page.getByTestId("stat-revenue")).toHaveText("₺1.550,00");
      const revenue = page.getByRole("region", { name: "Gelir" });
      await expect(revenue).toContainText("Nakit ₺516,66");
      await expect(revenue).toContainText("Kart ₺516,66");
      await expect(page.getByTestId("stat-meal-card")).toContainText("Yemek kartı · Multinet ₺516,68");
      await expect(page.getByTestId("stat-service-tips")).toContainText("Bahşiş: ₺50,00");
    });
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("a guest pays chosen lines; lines paid meanwhile are refused; a repeated post pays once", async ({ page, owner }, testInfo) => {
    const dish = await menuOf(owner);
    const order = await apiJson("/api/orders", {
      token: owner.token,
      body: {
        table_number: 7,
        items: [
          { menu_item_id: dish["Adana Kebap"], quantity: 2 },
          { menu_item_id: dish["Ayran"], quantity: 3 },
        ],
      },
    });
    expect(order.status, JSON.stringify(order.json)).toBe(201);
    const lineOf = (name: string) =>
      (order.json.items as { id: number; menu_item_name: string }[]).find((i) => i.menu_item_name === name)!.id;

    await logIn(page, owner);
    // This screen does not hear the other payments below (as a tablet that lost its stream would not).
    await page.route("**/api/events*", (route) => route.abort());
    await page.goto("/app/bill?table=7");
    if (hasJs(testInfo)) await hydrated(page);
    await expect(page.getByTestId("bill-remaining")).toHaveText("₺880,00");

    // One kebab and two ayrans, by card.
    let way = await openWay(page, "items");
    if (hasJs(testInfo)) {
      await way.getByRole("button", { name: "Adana Kebap: bir artır" }).click();
      await way.getByRole("button", { name: "Ayran: bir artır" }).click();
      await way.getByRole("button", { name: "Ayran: bir artır" }).click();
      await expect(way.getByTestId("items-preview")).toHaveText("Seçilenler: ₺460,00");
    } else {
      await way.getByRole("spinbutton", { name: /Adana Kebap/ }).fill("1");
      await way.getByRole("spinbutton", { name: /Ayran/ }).fill("2");
    }
    await way.getByLabel("Kart", { exact: true }).check();
    const payKey = await way.locator("input[name=pay_key]").inputValue();
    await way.getByRole("button", { name: "Seçilenleri öde" }).click();
    await expect(page.getByTestId("bill-paid")).toContainText("₺460,00 kart ile alındı.");
    await expect(page.getByTestId("bill-remaining")).toHaveText("₺420,00");
    const lines = page.getByRole("region", { name: "Adisyon" });
    await expect(lines.getByRole("listitem").filter({ hasText: "Adana Kebap" })).toContainText("1/2 ödendi");
    await expect(lines.getByRole("listitem").filter({ hasText: "Ayran" })).toContainText("2/3 ödendi");

    // The same post again (a double tap, a resent form): answered as the first, nothing paid twice.
    const again = await page.request.post("/app/bill?table=7", {
      form: { intent: "items", pay_key: payKey, method: "card", [`qty-${lineOf("Adana Kebap")}`]: "1", [`qty-${lineOf("Ayran")}`]: "2" },
    });
    expect(again.ok()).toBe(true);
    expect(await again.text()).toContain("BU ÖDEME DAHA ÖNCE ALINDI");
    expect(await sql<unknown[]>("SELECT id FROM bill_payments WHERE restaurantId = ?", [owner.restaurantId])).toHaveLength(1);

    // The last ayran is chosen here while another cashier takes it: this payment is refused (409).
    await page.reload();
    way = await openWay(page, "items");
    await way.getByRole("spinbutton", { name: /Ayran/ }).fill("1");
    await way.getByLabel("Nakit", { exact: true }).check();
    const other = await apiJson("/api/tables/7/payments", {
      token: owner.token,
      body: { method: "cash", items: [{ order_item_id: lineOf("Ayran"), quantity: 1 }] },
    });
    expect(other.status, JSON.stringify(other.json)).toBe(201);
    await way.getByRole("button", { name: "Seçilenleri öde" }).click();
    await expect(way.getByRole("alert")).toHaveText("Ayran zaten ödendi.");
    await expect(page.getByTestId("bill-remaining")).toHaveText("₺380,00");

    // What remains, in cash with change: the table is free.
    way = await openWay(page, "all");
    await expect(way.getByRole("button", { name: "Kalanı öde · ₺380,00" })).toBeVisible();
    await way.getByLabel("Nakit", { exact: true }).check();
    await way.getByLabel("Alınan (nakit)").fill("400");
    await way.getByRole("button", { name: "Kalanı öde · ₺380,00" }).click();
    await expect(page.getByTestId("bill-change")).toHaveText("Para üstü: ₺20,00");
    await expect(page.getByTestId("bill-paid")).toContainText("Masa boşaldı.");
    const paid = await sql<{ amount: string }[]>("SELECT amount FROM bill_payments WHERE restaurantId = ? ORDER BY id", [
      owner.restaurantId,
    ]);
    expect(paid.map((p) => String(p.amount))).toEqual(["460.00", "40.00", "380.00"]);
  });
});

test.describe("hesaba yaz", () => {
  test.use({ viewport: PHONE });

  test("a regular's bill goes on their house account; past the limit the manager's password approves it", async ({
    page,
    owner,
  }, testInfo) => {
    const manager = await apiJson("/api/auth/verify-admin-password", { token: owner.token, body: { password: owner.password } });
    expect(manager.status).toBe(200);
    const account = await apiJson("/api/accounts", { token: owner.token, body: { name: "Kemal Usta", credit_limit: "100" } });
    expect(account.status, JSON.stringify(account.json)).toBe(201);
    const dish = await menuOf(owner);
    const order = await apiJson("/api/orders", {
      token: owner.token,
      body: { table_number: 4, items: [{ menu_item_id: dish["Künefe"], quantity: 1 }] },
    });
    expect(order.status, JSON.stringify(order.json)).toBe(201);
    // A cashier's session (not manager mode): the limit needs the password.
    await logIn(page, owner, { mode: "staff" });
    await page.goto("/app/bill?table=4");
    if (hasJs(testInfo)) await hydrated(page);
    const way = await openWay(page, "all");
    await way.getByLabel("Cari hesaba yaz", { exact: true }).check();
    await way.getByLabel("Cari hesap", { exact: true }).selectOption({ label: "Kemal Usta" });
    await way.getByRole("button", { name: /öde/i }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Kredi limiti aşılıyor" })).toBeVisible();
    const again = await openWay(page, "all");
    await again.getByLabel("Cari hesaba yaz", { exact: true }).check();
    await again.getByLabel("Cari hesap", { exact: true }).selectOption({ label: "Kemal Usta" });
    await again.getByLabel("Yönetici şifresi (limit aşılırsa)").fill(owner.password);
    await again.getByRole("button", { name: /öde/i }).click();
    await expect(page.getByTestId("bill-paid")).toContainText("₺190,00 cari hesap ile alındı.");
    await expect(page.getByTestId("bill-paid")).toContainText("Masa boşaldı.");
    const stored = await apiJson(`/api/accounts/${account.json.id}`, { token: owner.token });
    expect(stored.json.balance).toBe(190);
  });
});
