// The owner reads the month's sales, the stock and the staff reports on a phone and downloads
// the CSV, with JavaScript and without: the report form is a GET form, the charts SVG drawn
// on the server, the CSV a plain link to the streamed export.
import { readFile } from "node:fs/promises";
import { apiJson, expect, hasJs, hydrated, logIn, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

test("reports: pick type and period, generate, see the figures and the chart, download the CSV", async ({ page, owner }, testInfo) => {
  // A paid order of 2 × Adana Kebap (760 lira) in cash, through the API.
  const menu = (await apiJson("/api/menu", { token: owner.token })).json as { id: number; name: string; price: number }[];
  const adana = menu.find((m) => m.name === "Adana Kebap")!;
  const order = await apiJson("/api/orders", {
    token: owner.token,
    body: { table_number: 4, items: [{ menu_item_id: adana.id, quantity: 2 }] },
  });
  expect(order.status).toBe(201);
  expect((await apiJson(`/api/orders/${order.json.id}/pay?payment_method=cash`, { method: "PUT", token: owner.token })).status).toBe(200);
  const total = 2 * Number(adana.price);

  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/admin");
  await page.getByRole("link", { name: "Tüm Yönetim" }).click();
  await page.getByRole("dialog", { name: "Tüm Yönetim" }).getByRole("link", { name: "Detaylı Raporlar" }).click();
  await expect(page).toHaveURL(/\/app\/detailed-reports$/);
  await expect(page.getByRole("heading", { name: "Satış Raporu" })).toBeVisible();
  if (hasJs(testInfo)) await hydrated(page);

  await page.getByLabel("Rapor türü").selectOption("sales");
  await page.getByLabel("Dönem").selectOption("monthly");
  await page.getByRole("button", { name: "Rapor Oluştur" }).click();
  await expect(page).toHaveURL(/\?type=sales&period=monthly$/);
  await expect(page.getByTestId("report-period")).toContainText("Aylık");
  const money = new Intl.NumberFormat("tr-TR", { style: "currency", currency: "TRY" }).format(total);
  await expect(page.getByTestId("stat-revenue")).toHaveText(money);
  await expect(page.getByTestId("stat-orders")).toHaveText("1");
  await expect(page.getByTestId("stat-items")).toHaveText("2");
  await expect(page.getByTestId("top-items")).toContainText("Adana Kebap");
  const chart = page.getByRole("img", { name: /Saatlere göre ciro/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator("rect.chart__bar--top")).toHaveCount(1);
  await expect(page.getByTestId("payment-methods")).toContainText("Nakit");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("csv-download").click()]);
  expect(download.suggestedFilename()).toMatch(/^sofra-satis-raporu-aylik-\d{4}-\d\d-01\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").split("\r\n");
  expect(lines[0]).toBe(
    "Ödeme Zamanı;Sipariş No;Masa;Siparişi Alan;Ödemeyi Alan;Ödeme Yöntemi;Ürün Adedi;Tutar (₺);İndirim (₺);İndirim Kodu",
  );
  expect(lines[1]).toContain(`;${order.json.id};4;${owner.firstName} ${owner.lastName};`);
  expect(lines[1]).toContain(`;Nakit;2;${total.toFixed(2).replace(".", ",")};0,00;`);
  expect(lines).toHaveLength(3);

  // The staff report of the year: the owner took the order.
  await page.getByLabel("Rapor türü").selectOption("staff");
  await page.getByLabel("Dönem").selectOption("yearly");
  await page.getByRole("button", { name: "Rapor Oluştur" }).click();
  await expect(page).toHaveURL(/\?type=staff&period=yearly$/);
  await expect(page.getByRole("heading", { name: "Personel Raporu" })).toBeVisible();
  await expect(page.getByTestId("stat-total-staff")).toHaveText("1");
  await expect(page.getByTestId("staff-performance")).toContainText(`${owner.firstName} ${owner.lastName}`);

  // The stock report of the week: nothing yet, said plainly.
  await page.getByLabel("Rapor türü").selectOption("inventory");
  await page.getByLabel("Dönem").selectOption("weekly");
  await page.getByRole("button", { name: "Rapor Oluştur" }).click();
  await expect(page.getByRole("heading", { name: "Stok Raporu" })).toBeVisible();
  await expect(page.getByTestId("stat-total-items")).toHaveText("0");
  await expect(page.getByText("Bu dönemde stok hareketi yok.")).toBeVisible();
});
