import { baseURL, expect, hasJs, hydrated, logIn, sql, test, type Owner } from "./fixtures";

/** The owner's "Pişme" options for the main courses (decision 082), as the menu screen makes them. */
async function addPismeGroup(owner: Owner) {
  await sql(
    `INSERT INTO menu_option_groups (restaurantId, name, categoryId, position, updatedAt)
     SELECT restaurantId, 'Pişme', id, 0, NOW(3) FROM menu_categories WHERE restaurantId = ? AND \`key\` = 'main_course'`,
    [owner.restaurantId],
  );
  await sql(
    `INSERT INTO menu_options (restaurantId, groupId, name, priceDelta, position)
     SELECT g.restaurantId, g.id, o.name, 0, o.position FROM menu_option_groups g
     JOIN (SELECT 'Az pişmiş' AS name, 0 AS position UNION ALL SELECT 'İyi pişmiş', 1) o
     WHERE g.restaurantId = ?`,
    [owner.restaurantId],
  );
}

// A Saturday night, side by side (issue 21): a waiter's phone (360×740) sends an order with a note;
// the kitchen tablet (1280×800) shows the kitchen's and the bar's tickets, with JavaScript without
// a reload (the live stream), without it after the page's own refresh; an addition arrives as an
// "EK" ticket; the kitchen bumps a line to ready and the phone says "Hazır".
test("an order with a note and an option reaches the kitchen tablet at its stations, an addition as EK, and ready shows on the phone", async ({
  owner,
  browser,
}, testInfo) => {
  const js = hasJs(testInfo);
  await addPismeGroup(owner);
  const device = (width: number, height: number) =>
    browser.newContext({ baseURL, viewport: { width, height }, locale: "tr-TR", timezoneId: "Europe/Istanbul", javaScriptEnabled: js });
  const tablet = await (await device(1280, 800)).newPage();
  const phone = await (await device(360, 740)).newPage();
  await logIn(tablet, owner);
  await logIn(phone, owner);

  await tablet.goto("/app/kitchen");
  const board = (state: string) => tablet.getByRole("region", { name: new RegExp(`^${state}`) });
  await expect(board("Yeni")).toContainText("Fiş yok.");
  if (js) await hydrated(tablet);
  // With JavaScript the board follows the live stream: it must change well before the 5-second fallback poll.
  const seen = async (check: () => Promise<void>) => {
    if (!js) await tablet.reload();
    await check();
  };
  const live = { timeout: js ? 2_500 : 5_000 };

  // The waiter takes table 2: an Adana "acısız", az pişmiş, and an ayran.
  await phone.goto("/app/order-taking?table=2");
  if (js) await hydrated(phone);
  await phone.getByRole("button", { name: "Adana Kebap ekle", exact: true }).click();
  await phone.getByRole("button", { name: "Ayran ekle", exact: true }).click();
  const cart = phone.getByRole("region", { name: "Sepet" });
  await cart.getByLabel("Adana Kebap için mutfağa not").fill("acısız");
  await cart.getByLabel("Adana Kebap: Pişme").selectOption({ label: "Pişme: Az pişmiş" });
  // Ayran has no options.
  await expect(cart.getByLabel("Ayran: Pişme")).toHaveCount(0);
  await cart.getByRole("button", { name: "Siparişi Gönder" }).click();
  await expect(phone).toHaveURL(/\/app\/staff\?success=order/);

  await seen(async () => {
    const kitchen = board("Yeni").getByRole("article").filter({ hasText: "Mutfak" });
    await expect(kitchen).toContainText("Adana Kebap", live);
    await expect(kitchen).toContainText("acısız");
    await expect(kitchen).toContainText("Pişme: Az pişmiş");
    await expect(kitchen).not.toContainText("Ayran");
    await expect(board("Yeni").getByRole("article").filter({ hasText: "Bar" })).toContainText("Ayran");
  });
  // The Mutfak station's own screen has only its ticket.
  await tablet.getByRole("link", { name: "Mutfak", exact: true }).click();
  await expect(board("Yeni").getByRole("article")).toHaveCount(1);
  if (js) await hydrated(tablet);

  // A dessert later: an EK ticket holding only the dessert.
  await phone.goto("/app/order-taking?table=2");
  if (js) await hydrated(phone);
  await phone.getByRole("button", { name: "Künefe ekle", exact: true }).click();
  await cart.getByRole("button", { name: "Siparişi Güncelle" }).click();
  await expect(phone).toHaveURL(/\/app\/staff\?success=order/);
  await seen(async () => {
    const ek = board("Yeni").getByRole("article").filter({ hasText: "EK" });
    await expect(ek).toContainText("Künefe", live);
    await expect(ek).not.toContainText("Adana");
  });

  // The kitchen starts the Adana, then marks it ready: the phone says so.
  const adana = (next: string) => tablet.getByRole("button", { name: new RegExp(`^1 × Adana Kebap.*, dokununca ${next}$`) });
  await adana("Hazırlanıyor").click();
  await expect(adana("Hazır")).toBeVisible();
  await adana("Hazır").click();
  await expect(adana("Servis edildi")).toBeVisible();
  if (js) {
    await expect(phone.getByRole("status").filter({ hasText: "Hazır · Masa 2" })).toContainText("Adana Kebap", live);
  } else {
    await phone.reload();
  }
  await expect(phone.getByRole("link", { name: /^Masa 2, DOLU, Hazır/ })).toBeVisible(live);
  if (js) {
    // The waiter takes the plate and says so: the line is served, the tile and the kitchen's board follow.
    await phone.getByRole("status").filter({ hasText: "Hazır · Masa 2" }).getByRole("button", { name: "Servis edildi" }).click();
    await expect(phone.getByRole("status").filter({ hasText: "Hazır · Masa 2" })).toHaveCount(0);
    await expect(phone.getByRole("link", { name: /^Masa 2, DOLU/ })).not.toContainText("Hazır", live);
    await expect(adana("Servis edildi")).toHaveCount(0, live);
  }

  // The bill shows the choice.
  await phone.goto("/app/payments?table=2");
  await expect(phone.getByText("Adana Kebap (Az pişmiş)")).toBeVisible();
});
