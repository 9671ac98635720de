// Order taking on a 360×740 phone: without JavaScript each +, +3 and − comes
// back to the item tapped (not to the top of the page), choosing a category
// clears the search and "Temizle" clears it; with JavaScript, leaving with an
// unsent cart asks first, and the grids mark tables with an unsent cart.
import type { Page } from "@playwright/test";
import { expect, logIn, test } from "./fixtures";

/**
 * Whether the element is fully inside the viewport (and not under the sticky header). Asked with
 * expect.poll: the browser scrolls to the URL's #fragment a moment after the page's content shows.
 */
async function inView(page: Page, selector: string) {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const header = document.querySelector(".app-header")?.getBoundingClientRect().bottom ?? 0;
    return r.top >= header - 1 && r.bottom <= window.innerHeight + 1;
  });
}

/** The last item of the menu: its id and name. */
async function lastMenuItem(page: Page) {
  const row = page.locator(".menu-item").last();
  const id = await row.getAttribute("id");
  expect(id).toMatch(/^item-\d+$/);
  return { id: id!.slice("item-".length), name: (await row.locator(".menu-item__name").textContent())! };
}

test("without JavaScript, +, +3 and − come back to the item tapped", { tag: "@no-js-only" }, async ({ page, owner }) => {
  // the reload after each tap is the no-JavaScript page.
  await logIn(page, owner);
  await page.goto("/app/order-taking?table=2");
  expect(await page.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([360, 740]);
  const { id, name } = await lastMenuItem(page);
  // Far down the menu: the page must scroll to reach it.
  expect(await inView(page, `#item-${id}`)).toBe(false);

  await page.getByRole("button", { name: `${name} ekle`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/app/order-taking\\?table=2#item-${id}$`));
  const cart = page.getByRole("region", { name: "Sepet" });
  await expect(cart.locator(".cart-line__qty")).toHaveText(["1"]);
  await expect.poll(() => inView(page, `#item-${id}`)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole("button", { name: `${name} 3 adet ekle` }).click();
  await expect(cart.locator(".cart-line__qty")).toHaveText(["4"]);
  await expect.poll(() => inView(page, `#item-${id}`)).toBe(true);

  // The cart's − comes back to the cart's line.
  await page.getByRole("button", { name: `${name} bir azalt` }).click();
  await expect(page).toHaveURL(new RegExp(`#cart-item-${id}$`));
  await expect(cart.locator(".cart-line__qty")).toHaveText(["3"]);
  await expect.poll(() => inView(page, `#cart-item-${id}`)).toBe(true);
});

test("choosing a category clears the search, and Temizle clears it", async ({ page, owner }) => {
  await logIn(page, owner);
  await page.goto("/app/order-taking?table=1");
  const menu = page.getByRole("form", { name: "Menü" });
  const search = page.getByLabel("Menüde ara");
  await search.fill("çorba");
  await page.getByRole("button", { name: "Ara", exact: true }).click();
  await expect(menu.locator(".menu-item__name")).toHaveText(["Mercimek Çorbası", "Ezogelin Çorbası"]);
  await page.getByRole("link", { name: "Tatlılar" }).click();
  await expect(search).toHaveValue("");
  await expect(menu.locator(".menu-item__name")).toHaveText(["Künefe", "Sütlaç", "Baklava"]);

  await search.fill("ba");
  await page.getByRole("button", { name: "Ara", exact: true }).click();
  await expect(menu.locator(".menu-item__name")).toHaveText(["Baklava"]);
  await page.getByRole("link", { name: "Aramayı temizle" }).click();
  await expect(search).toHaveValue("");
  // The category stays.
  await expect(menu.locator(".menu-item__name")).toHaveText(["Künefe", "Sütlaç", "Baklava"]);
  await expect(page.getByRole("link", { name: "Aramayı temizle" })).toHaveCount(0);
});

test("leaving with an unsent cart asks first; the staff grid marks the table", { tag: "@js-only" }, async ({ page, owner }) => {
  // the warning needs JavaScript; without it the cart is a draft on the server.
  await logIn(page, owner, { mode: "staff" });
  await page.goto("/app/order-taking?table=3");
  await page.getByRole("button", { name: "Çay ekle", exact: true }).click();
  await expect(page.getByRole("region", { name: "Sepet" }).getByTestId("cart-total")).toHaveText("₺20,00");

  await page.getByRole("link", { name: "Geri" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Gönderilmemiş sipariş var" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Sayfada kal" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/app\/order-taking\?table=3$/);
  await expect(page.getByRole("region", { name: "Sepet" }).getByTestId("cart-total")).toHaveText("₺20,00");

  // Another table of order taking is not leaving.
  await page.getByLabel("Masa", { exact: true }).selectOption("4");
  await expect(page).toHaveURL(/table=4$/);
  await expect(dialog).toHaveCount(0);
  await page.getByLabel("Masa", { exact: true }).selectOption("3");
  await expect(page.getByRole("region", { name: "Sepet" }).getByTestId("cart-total")).toHaveText("₺20,00");

  await page.getByRole("link", { name: "Geri" }).click();
  await dialog.getByRole("button", { name: "Yine de çık" }).click();
  await expect(page).toHaveURL(/\/app\/staff$/);
  await expect(page.getByRole("link", { name: /^Masa 3, .*Gönderilmemiş/ })).toContainText("Gönderilmemiş");
  await expect(page.getByRole("link", { name: /^Masa 4, / })).not.toContainText("Gönderilmemiş");

  // Back to the table: the cart is still there; sending it clears the mark, without a warning.
  await page.getByRole("link", { name: /^Masa 3, / }).click();
  await expect(page.getByRole("region", { name: "Sepet" }).getByTestId("cart-total")).toHaveText("₺20,00");
  await page.getByRole("region", { name: "Sepet" }).getByRole("button", { name: "Siparişi Gönder" }).click();
  await expect(page).toHaveURL(/\/app\/staff\?success=order&order=\d+$/);
  await expect(page.getByRole("link", { name: /^Masa 3, / })).not.toContainText("Gönderilmemiş");
});

test("closing the tab with an unsent cart asks the browser's confirmation", { tag: "@js-only" }, async ({ page, owner }) => {
  // needs JavaScript.
  await logIn(page, owner);
  await page.goto("/app/order-taking?table=5");
  await page.getByRole("button", { name: "Çay ekle", exact: true }).click();
  await expect(page.getByRole("region", { name: "Sepet" }).getByTestId("cart-total")).toHaveText("₺20,00");
  const asked = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.accept();
});

test("without JavaScript, a cart left unsent marks its table on the staff grid", { tag: "@no-js-only" }, async ({ page, owner }) => {
  // the no-JavaScript cart is a draft on the server.
  await logIn(page, owner, { mode: "staff" });
  await page.goto("/app/order-taking?table=6");
  await page.getByRole("button", { name: "Ayran ekle", exact: true }).click();
  await page.goto("/app/staff");
  await expect(page.getByRole("link", { name: /^Masa 6, / })).toContainText("Gönderilmemiş");
  await expect(page.getByRole("link", { name: /^Masa 5, / })).not.toContainText("Gönderilmemiş");
});
