import { apiJson, expect, hasJs, hydrated, logIn, test } from "./fixtures";

// The cashier types the fiscal document of a paid bill on its receipt (issue 22), on a phone, with
// JavaScript on and off.
test.use({ viewport: { width: 360, height: 740 } });

test("after paying, the cashier records the ÖKC receipt's fiş and Z numbers on the receipt", async ({ page, owner }, testInfo) => {
  const menu = (await apiJson("/api/menu", { token: owner.token })).json as { id: number; name: string }[];
  const sent = await apiJson("/api/orders", {
    token: owner.token,
    body: { table_number: 2, items: [{ menu_item_id: menu.find((m) => m.name === "Çay")!.id, quantity: 2 }] },
  });
  expect(sent.status).toBe(201);
  const paid = await apiJson(`/api/orders/${sent.json.id}/pay`, { method: "PUT", token: owner.token, body: { payment_method: "cash" } });
  expect(paid.status).toBe(200);
  await logIn(page, owner);
  await page.goto(`/app/payments?success=payment&orders=${sent.json.id}`);
  if (hasJs(testInfo)) await hydrated(page);
  await page.getByText("Mali belge numarası gir").click();
  await page.getByLabel("Fiş no ya da ETTN").fill("77");
  await page.getByLabel("Z no (ÖKC fişi için)").fill("8");
  await page.getByRole("button", { name: "Kaydet" }).click();
  await expect(page.getByTestId("receipt-fiscal")).toHaveText("Mali belge: ÖKC fiş 77 · Z 8");
});
