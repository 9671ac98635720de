import { apiJson, expect, hydrated, logIn, test } from "./fixtures";

// Live screens (decision 078): with JavaScript the staff panel follows the restaurant's live events
// (one stream for the tab) instead of polling every 3 seconds; without JavaScript it is unchanged.
test("the staff panel shows another device's change within a second, from the event alone (no read, no polling while live) @js-only", async ({
  page,
  owner,
}) => {
  // The manager's device: a second session of the owner, in manager mode.
  const login = await apiJson("/api/public/login", { body: { email: owner.email, password: owner.password } });
  const manager = login.json.access_token as string;
  expect((await apiJson("/api/auth/verify-admin-password", { token: manager, body: { password: owner.password } })).status).toBe(200);
  const setStatus = async (table: number, status: string) =>
    expect((await apiJson(`/api/tables/${table}/status?status=${status}`, { method: "POST", token: manager })).status).toBe(200);

  await logIn(page, owner, { mode: "staff" });
  const polls: number[] = [];
  const streams: string[] = [];
  page.on("request", (r) => {
    const { pathname } = new URL(r.url());
    if (pathname === "/api/tables") polls.push(Date.now());
    if (pathname === "/api/events") streams.push(r.url());
  });
  await page.goto("/app/staff");
  await hydrated(page);
  await expect(page.getByRole("link", { name: /^Masa 7, BOŞ/ })).toBeVisible();
  // The first change may arrive through the stream's first reload (made when it opens); once it
  // shows, the stream is up.
  await setStatus(7, "cleaning");
  await expect(page.getByRole("link", { name: /^Masa 7, TEMİZLENİYOR/ })).toBeVisible({ timeout: 2000 });
  await page.waitForTimeout(500);

  const before = polls.length;
  await setStatus(8, "reserved");
  // Well inside the 3-second poll: the event brought it.
  await expect(page.getByRole("link", { name: /^Masa 8, REZERVE/ })).toBeVisible({ timeout: 1500 });
  // The event carried table 8's row (decision 094): no read of the tables, and no 3-second polling
  // while the stream is live.
  await page.waitForTimeout(7000);
  expect(polls.length - before).toBe(0);
  // One stream for the tab.
  expect(streams).toHaveLength(1);
});

// The manager panel (decision 094): tables follow the rows the events carry, the day's figures alone
// (GET /app/admin/figures, not the page's loaders) are loaded again only for the events that change
// them (an order, a payment).
test("the manager panel: a table's change shows from its event alone, a payment reloads the figures @js-only", async ({ page, owner }) => {
  const login = await apiJson("/api/public/login", { body: { email: owner.email, password: owner.password } });
  const device = login.json.access_token as string;
  expect((await apiJson("/api/auth/verify-admin-password", { token: device, body: { password: owner.password } })).status).toBe(200);

  await logIn(page, owner, { mode: "manager" });
  const reads: string[] = [];
  page.on("request", (r) => {
    const { pathname } = new URL(r.url());
    if (["/api/tables", "/app/admin.data", "/app/admin/figures"].includes(pathname)) reads.push(pathname);
  });
  await page.goto("/app/admin");
  await hydrated(page);
  await expect(page.getByTestId("stat-revenue")).toHaveText("₺0,00");
  // Once a change shows, the stream is up (its first one may come through the stream's first reload).
  expect((await apiJson("/api/tables/7/status?status=cleaning", { method: "POST", token: device })).status).toBe(200);
  await expect(page.getByRole("link", { name: /^Masa 7, TEMİZLENİYOR/ })).toBeVisible({ timeout: 3000 });
  await page.waitForTimeout(500);

  reads.length = 0;
  expect((await apiJson("/api/tables/8/status?status=reserved", { method: "POST", token: device })).status).toBe(200);
  await expect(page.getByRole("link", { name: /^Masa 8, REZERVE/ })).toBeVisible({ timeout: 1500 });
  await page.waitForTimeout(1500);
  expect(reads).toEqual([]);

  const menu = (await apiJson("/api/menu", { token: device })).json as { id: number; price: number }[];
  const order = await apiJson("/api/orders", {
    token: device,
    body: { table_number: 3, items: [{ menu_item_id: menu[0]!.id, quantity: 1 }], client_order_id: `live-${Date.now()}` },
  });
  expect(order.status).toBe(201);
  const paid = await apiJson(`/api/orders/${order.json.id}/pay?payment_method=cash`, { method: "PUT", token: device });
  expect(paid.status).toBe(200);
  await expect(page.getByTestId("stat-revenue")).not.toHaveText("₺0,00", { timeout: 3000 });
  expect(reads).toContain("/app/admin/figures");
  expect(reads).not.toContain("/app/admin.data");
  expect(reads).not.toContain("/api/tables");
});

// The kitchen tablet reads its tickets once for a burst of events (useLiveReload): an order for two
// stations is one order.created and two ticket.created, arriving together.
test("the kitchen screen shows a two-station order within a second with one read of its tickets @js-only", async ({ page, owner }) => {
  await logIn(page, owner);
  const reads: number[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/kitchen/tickets") reads.push(Date.now());
  });
  await page.goto("/app/kitchen");
  await hydrated(page);
  const menu = (await apiJson("/api/menu", { token: owner.token })).json as { id: number; name: string }[];
  const item = (name: string) => menu.find((m) => m.name === name)!.id;
  const order = (table: number, names: string[], key: string) =>
    apiJson("/api/orders", {
      token: owner.token,
      body: {
        table_number: table,
        items: names.map((n) => ({ menu_item_id: item(n), quantity: 1 })),
        client_order_id: `${key}-${Date.now()}`,
      },
    });
  const board = page.getByRole("region", { name: /^Yeni/ });
  // Once a first ticket shows, the stream is up.
  expect((await order(4, ["Künefe"], "first")).status).toBe(201);
  await expect(board).toContainText("Künefe", { timeout: 5000 });
  await page.waitForTimeout(500);

  reads.length = 0;
  expect((await order(5, ["Adana Kebap", "Ayran"], "burst")).status).toBe(201);
  await expect(board.getByRole("article").filter({ hasText: "Masa 5" })).toHaveCount(2, { timeout: 1000 });
  await page.waitForTimeout(1000);
  expect(reads).toHaveLength(1);
});
