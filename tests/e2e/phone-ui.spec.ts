// What a waiter and an owner hit on a 360-pixel phone.
import { expect, logIn, sql, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

test("the staff panel leads to payments, as its card promises", async ({ page, owner }) => {
  await logIn(page, owner, { mode: "staff" });
  await page.goto("/app/staff");
  await page.getByRole("link", { name: "Ödeme Al", exact: true }).click();
  await expect(page).toHaveURL(/\/payments/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("Tüm Yönetim fits the dialog at 360 px, in even columns, with drawn icons (no emoji)", async ({ page, owner }) => {
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/admin?menu=1");
  const dialog = page.getByRole("dialog", { name: "Tüm Yönetim" });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  const tiles = dialog.getByRole("navigation").getByRole("link");
  expect(await tiles.count()).toBeGreaterThanOrEqual(10);
  const widths = new Set<number>();
  for (const tile of await tiles.all()) {
    const t = (await tile.boundingBox())!;
    expect(t.x).toBeGreaterThanOrEqual(box.x);
    expect(t.x + t.width, await tile.innerText()).toBeLessThanOrEqual(box.x + box.width + 0.5);
    widths.add(Math.round(t.width));
    // An SVG icon from the sprite, and no emoji in the text.
    await expect(tile.locator("svg use")).toHaveCount(1);
    expect(await tile.innerText()).not.toMatch(/\p{Extended_Pictographic}/u);
  }
  expect(widths.size).toBe(1);
  const href = await tiles.first().locator("svg use").getAttribute("href");
  expect(href).toMatch(/^\/assets\/sprite-[\w-]+\.svg#[a-z-]+$/);
  const sprite = await page.request.get(href!.split("#")[0]!);
  expect(sprite.status()).toBe(200);
  expect(await sprite.text()).toContain(`<symbol id="${href!.split("#")[1]}"`);
});

test(
  "a long press opens the status sheet on the current status; the release does not pick an option",
  { tag: "@js-only" },
  async ({ page, owner }) => {
    // Runs in the js project only (@js-only): long press needs JavaScript; without it the ⋯ link opens the sheet.
    await logIn(page, owner, { mode: "manager" });
    await page.goto("/app/admin");
    // Where the sheet's SERVİS DIŞI option appears on this screen.
    await page.getByRole("link", { name: "Masa 1 durumunu değiştir" }).click();
    const option = (await page.getByRole("dialog", { name: "Masa 1 durumu" }).locator("label", { hasText: "SERVİS DIŞI" }).boundingBox())!;
    await page.getByRole("link", { name: "Vazgeç" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // Inside the option's row, over the first column of tiles.
    const firstTile = (await page.locator(".table-tile").first().boundingBox())!;
    const x = Math.round(Math.max(option.x + 4, Math.min(option.x + option.width - 4, firstTile.x + firstTile.width / 2)));
    const point = { x, y: Math.round(option.y + option.height / 2) };

    // Scroll a free table's tile under that point, then hold it down there with a finger.
    const number = await page.evaluate(({ x, y }) => {
      for (const tile of document.querySelectorAll<HTMLElement>(".table-tile")) {
        const r = tile.getBoundingClientRect();
        window.scrollTo(0, window.scrollY + r.top + r.height / 2 - y);
        const s = tile.getBoundingClientRect();
        if (x >= s.left && x <= s.right && y >= s.top && y <= s.bottom && /BOŞ/.test(tile.textContent ?? "")) {
          return Number(/Masa (\d+)/.exec(tile.textContent ?? "")![1]);
        }
      }
      return null;
    }, point);
    expect(number, JSON.stringify(point)).not.toBeNull();
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: "touchStart" | "touchEnd") =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x: point.x, y: point.y }] });
    await touch("touchStart");
    const sheet = page.getByRole("dialog", { name: `Masa ${number} durumu` });
    await expect(sheet).toBeVisible();
    await page.waitForTimeout(200);
    await touch("touchEnd");
    await page.waitForTimeout(300);
    await expect(sheet.getByLabel("BOŞ", { exact: true })).toBeChecked();
    await expect(sheet.getByLabel("SERVİS DIŞI", { exact: true })).not.toBeChecked();
    // The sheet still works with the next, real tap.
    await sheet.getByLabel("TEMİZLENİYOR", { exact: true }).check();
    await sheet.getByRole("button", { name: "Kaydet" }).click();
    await expect(page.getByRole("link", { name: `Masa ${number}, TEMİZLENİYOR` })).toBeVisible();
    const [row] = await sql<{ status: string }[]>("SELECT status FROM tables WHERE restaurantId = ? AND number = ?", [
      owner.restaurantId,
      number,
    ]);
    expect(row!.status).toBe("cleaning");
  },
);
