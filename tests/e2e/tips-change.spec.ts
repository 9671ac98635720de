// Tips, cash tendered and the service charge (decision 085) on a phone, with JavaScript and
// without: a cash payment with a 10 % service charge, a tip and the cash handed over; the receipt
// gives the change, and the manager panel's day report credits the tip to the order's waiter.
import { apiJson, expect, hasJs, hydrated, logIn, sql, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

test("a cash payment with the service charge, a tip and change on the payments screen", async ({ page, owner }, testInfo) => {
  await sql("UPDATE restaurants SET serviceCharge = 10.00 WHERE id = ?", [owner.restaurantId]);
  // Adana Kebap ×1 (₺380,00) on table 3: 10 % service is ₺38,00, ₺418,00 charged.
  const menu = await apiJson("/api/menu", { token: owner.token });
  const kebap = (menu.json as { id: number; name: string }[]).find((m) => m.name === "Adana Kebap")!;
  const order = await apiJson("/api/orders", {
    token: owner.token,
    body: { table_number: 3, items: [{ menu_item_id: kebap.id, quantity: 1 }] },
  });
  expect(order.status).toBe(201);

  await logIn(page, owner);
  await page.goto("/app/payments?table=3");
  if (hasJs(testInfo)) await hydrated(page);
  await page.locator(".summary-bar").getByRole("button", { name: "Nakit Öde" }).click();

  const dialog = page.getByRole("dialog", { name: "Ödeme Onayı" });
  await expect(dialog.getByTestId("confirm-service")).toHaveText("₺38,00");
  await expect(dialog.getByTestId("confirm-amount")).toHaveText("₺418,00");
  // Too little cash: refused in Turkish, nothing paid.
  await dialog.getByLabel("Bahşiş").fill("20");
  await dialog.getByLabel("Alınan (nakit)").fill("400");
  await dialog.getByRole("button", { name: "Onayla" }).click();
  await expect(page.getByText("Alınan tutar ödemeden az olamaz.")).toBeVisible();
  expect(await sql<unknown[]>("SELECT id FROM payments WHERE restaurantId = ?", [owner.restaurantId])).toHaveLength(0);

  // Again, with ₺500: 418 + 20 tip leaves ₺62,00 change.
  if (!(await dialog.isVisible())) await page.locator(".summary-bar").getByRole("button", { name: "Nakit Öde" }).click();
  await dialog.getByLabel("Bahşiş").fill("20");
  await dialog.getByLabel("Alınan (nakit)").fill("500");
  await dialog.getByRole("button", { name: "Onayla" }).click();
  const receipt = page.getByRole("status").filter({ hasText: "ÖDEME BAŞARILI" });
  await expect(receipt).toContainText("₺418,00 nakit ile alındı");
  await expect(receipt).toContainText("Servis ücreti: ₺38,00.");
  await expect(receipt).toContainText("Bahşiş: ₺20,00.");
  await expect(receipt).toContainText("Para üstü: ₺62,00.");

  // The day report: revenue with the service charge, the tip apart, under the order's waiter.
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/admin");
  await expect(page.getByTestId("stat-revenue")).toHaveText("₺418,00");
  await expect(page.getByTestId("stat-service-tips")).toContainText("Servis ücreti: ₺38,00");
  await expect(page.getByTestId("stat-service-tips")).toContainText("Bahşiş: ₺20,00");
  await expect(page.getByTestId("stat-tips-by-waiter")).toContainText(`${owner.firstName} ${owner.lastName}: ₺20,00`);
});
