// Every page of Sofra on a 360 × 740 phone: axe-core finds nothing (all rules, all impacts) and no
// page is wider than the screen. The pages are listed below by their route pattern in
// app/routes.ts; the first test fails when a page route is missing here, so a new page must be
// added. Some pages are also checked with a dialog open (the dialogs that a link opens with a
// query parameter, so they are checked with JavaScript on and off alike).
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import routes from "../../app/routes";
import { apiJson, createOwner, expect, hasJs, hydrated, loginAsAdmin, logIn, sql, test, type Owner } from "./fixtures";
import { firstLink, waitForE2eMail } from "./mail";

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

/** Who visits: a guest, the owner (no mode yet, manager mode, staff mode), each staff role, the platform admin. */
type Actor = "guest" | "owner" | "manager" | "staffMode" | "waiter" | "cashier" | "kitchen" | "admin" | "tablet";

/** What a visit's address needs: the restaurant made for the run and what was arranged in it. */
interface World {
  owner: Owner;
  slug: string;
  resetToken: string;
  verifyToken: string;
  staffId: number;
  stockId: number;
  discountId: number;
  reservationId: number;
  menuItemId: number;
  ticketId: number;
  accountId: number;
  /** An order paid on its own, for its 80 mm receipt (decision 089). */
  receiptOrderId: number;
}

interface Visit {
  /** The route pattern in app/routes.ts that this address renders. */
  route: string;
  url: string | ((w: World) => string);
  /** The answer's status when it is not 200 (a 404 or 403 page). */
  status?: number;
}

const visits: Record<Actor, Visit[]> = {
  guest: [
    { route: "/", url: "/" },
    { route: "/", url: "/?install=1" },
    { route: "/pricing", url: "/pricing" },
    { route: "/pricing", url: "/pricing?billing=yearly" },
    { route: "/signup", url: "/signup" },
    { route: "/login", url: "/login" },
    { route: "/forgot-password", url: "/forgot-password" },
    { route: "/reset-password", url: (w) => `/reset-password?token=${w.resetToken}` },
    { route: "/reset-password", url: "/reset-password?token=gecersiz", status: 400 },
    { route: "/verify-email", url: (w) => `/verify-email?token=${w.verifyToken}` },
    { route: "/verify-email", url: "/verify-email?token=gecersiz", status: 400 },
    { route: "/menu/:slug", url: (w) => `/menu/${w.slug}` },
    { route: "/menu/:slug", url: (w) => `/menu/${w.slug}?masa=3` },
    { route: "/app", url: "/app" },
    { route: "/app", url: "/app?tab=register" },
    { route: "/admin/login", url: "/admin/login" },
  ],
  // Logged in, before choosing a mode.
  owner: [
    { route: "/app/welcome", url: "/app/welcome" },
    { route: "/app/role-selection", url: "/app/role-selection" },
    { route: "/app/role-selection", url: "/app/role-selection?manager=1" },
  ],
  manager: [
    { route: "/app/admin", url: "/app/admin" },
    { route: "/app/admin", url: "/app/admin?menu=1" },
    { route: "/app/admin", url: "/app/admin?logout=1" },
    { route: "/app/manager-password", url: "/app/manager-password" },
    { route: "/app/menu-management", url: "/app/menu-management" },
    { route: "/app/menu-management", url: "/app/menu-management?new=1" },
    { route: "/app/menu-management", url: (w) => `/app/menu-management?edit=${w.menuItemId}` },
    { route: "/app/menu-management", url: (w) => `/app/menu-management?delete=${w.menuItemId}` },
    { route: "/app/menu-management", url: (w) => `/app/menu-management?photo=${w.menuItemId}` },
    // The option groups' panel (decision 082).
    { route: "/app/menu-management", url: "/app/menu-management?secenekler=1" },
    { route: "/app/staff-management", url: "/app/staff-management" },
    { route: "/app/staff-management", url: "/app/staff-management?new=1" },
    { route: "/app/staff-management", url: (w) => `/app/staff-management?edit=${w.staffId}` },
    { route: "/app/staff-management", url: (w) => `/app/staff-management?delete=${w.staffId}` },
    { route: "/app/stock-management", url: "/app/stock-management" },
    { route: "/app/stock-management", url: "/app/stock-management?new=1" },
    { route: "/app/stock-management", url: (w) => `/app/stock-management?edit=${w.stockId}` },
    { route: "/app/discounts", url: "/app/discounts" },
    { route: "/app/discounts", url: "/app/discounts?new=1" },
    { route: "/app/discounts", url: (w) => `/app/discounts?edit=${w.discountId}` },
    { route: "/app/settings", url: "/app/settings" },
    { route: "/app/settings", url: "/app/settings?tab=billing" },
    { route: "/app/table-management", url: "/app/table-management" },
    { route: "/app/table-management", url: "/app/table-management?table_new=1" },
    { route: "/app/table-management", url: "/app/table-management?section_new=1" },
    { route: "/app/plans", url: "/app/plans" },
    { route: "/app/plans", url: "/app/plans?cycle=yearly" },
    { route: "/app/qr-menu", url: "/app/qr-menu" },
    { route: "/app/qr-menu/tables", url: "/app/qr-menu/tables" },
    { route: "/app/data-export", url: "/app/data-export" },
    { route: "/app/reservations", url: "/app/reservations" },
    { route: "/app/reservations", url: "/app/reservations?new=1" },
    { route: "/app/reservations", url: (w) => `/app/reservations?edit=${w.reservationId}` },
    // House accounts (decision 087): the list, and one account with its forms and statement.
    { route: "/app/accounts", url: "/app/accounts" },
    { route: "/app/accounts", url: (w) => `/app/accounts?hesap=${w.accountId}` },
    { route: "/app/detailed-reports", url: "/app/detailed-reports" },
    { route: "/app/detailed-reports", url: "/app/detailed-reports?type=staff&period=monthly" },
    // Gün sonu (decision 088): the day so far, with the open tables that block it.
    { route: "/app/day-close", url: "/app/day-close" },
    { route: "/app/premium-application", url: "/app/premium-application" },
    { route: "/app/staff", url: "/app/staff" },
    { route: "/app/order-taking", url: "/app/order-taking?table=3" },
    { route: "/app/payments", url: "/app/payments" },
    { route: "/app/payments", url: "/app/payments?table=3" },
    { route: "/payments", url: "/payments" },
    { route: "/app/kitchen", url: "/app/kitchen" },
    { route: "/app/kitchen/tickets/:id/print", url: (w) => `/app/kitchen/tickets/${w.ticketId}/print` },
    { route: "/app/table-move", url: "/app/table-move?table=3" },
    { route: "/app/adisyon", url: "/app/adisyon?table=3" },
    // A payment's 80 mm receipt, with "Yazıcıya gönder" (the world has a print device; decision 089).
    { route: "/app/receipt", url: (w) => `/app/receipt?order=${w.receiptOrderId}` },
    // The split screen with its ways to pay open: one at first, another as the last payment left it.
    { route: "/app/bill", url: "/app/bill?table=3" },
    { route: "/app/bill", url: "/app/bill?table=3&way=items" },
    { route: "/app/bill", url: "/app/bill?table=3&way=shares&count=3" },
    { route: "/app/stations", url: "/app/stations" },
    { route: "/app/profile", url: "/app/profile" },
    { route: "/app/notifications", url: "/app/notifications" },
    // An unknown screen and an unknown deeper address: the app's 404 page.
    { route: "/app/:section", url: "/app/bilinmeyen-ekran", status: 404 },
    { route: "/app/*", url: "/app/bilinmeyen/adres", status: 404 },
  ],
  staffMode: [
    { route: "/app/staff", url: "/app/staff" },
    { route: "/app/order-taking", url: "/app/order-taking?table=3" },
    { route: "/app/payments", url: "/app/payments?table=3" },
    // A manager page in staff mode: the refusal page.
    { route: "/app/admin", url: "/app/admin", status: 403 },
  ],
  waiter: [
    { route: "/app/role-selection", url: "/app/role-selection" },
    { route: "/app/staff", url: "/app/staff" },
    { route: "/app/order-taking", url: "/app/order-taking?table=3" },
    { route: "/app/payments", url: "/app/payments?table=3" },
    { route: "/app/table-move", url: "/app/table-move?table=3" },
    { route: "/app/adisyon", url: "/app/adisyon?table=3" },
    { route: "/app/profile", url: "/app/profile" },
    { route: "/app/notifications", url: "/app/notifications" },
  ],
  cashier: [
    { route: "/app/staff", url: "/app/staff" },
    { route: "/app/payments", url: "/app/payments?table=3" },
    { route: "/app/bill", url: "/app/bill?table=3&way=all" },
    { route: "/app/receipt", url: (w) => `/app/receipt?order=${w.receiptOrderId}` },
  ],
  kitchen: [
    { route: "/app/role-selection", url: "/app/role-selection" },
    { route: "/app/kitchen", url: "/app/kitchen" },
    { route: "/app/profile", url: "/app/profile" },
  ],
  // A browser the owner made the restaurant's shared tablet (decision 071), then a waiter signed in by PIN.
  tablet: [
    { route: "/app/pin", url: "/app/pin?ready=1" },
    { route: "/app/pin", url: "/app/pin?idle=1" },
  ],
  admin: [
    { route: "/admin/dashboard", url: "/admin/dashboard" },
    { route: "/admin/members", url: "/admin/members" },
    { route: "/admin/members/:id", url: (w) => `/admin/members/${w.owner.restaurantId}` },
    { route: "/admin/members/:id", url: (w) => `/admin/members/${w.owner.restaurantId}?confirm=cancel` },
    { route: "/admin/applications", url: "/admin/applications" },
    { route: "/admin/invoices", url: "/admin/invoices" },
    { route: "/admin/cms", url: "/admin/cms" },
    { route: "/admin/cms", url: "/admin/cms?new=1" },
    { route: "/admin/cms", url: "/admin/cms?tab=images" },
    { route: "/admin/cms", url: "/admin/cms?tab=settings" },
    { route: "/admin/notifications", url: "/admin/notifications" },
  ],
};

interface RouteNode {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteNode[];
}

/** The page routes of app/routes.ts: leaf routes whose module renders something (has a default export). */
async function pageRoutes(): Promise<string[]> {
  const { readFile } = await import("node:fs/promises");
  const found: string[] = [];
  const walk = async (nodes: RouteNode[], prefix: string) => {
    for (const node of nodes) {
      const path = node.path ? `${prefix.replace(/\/$/, "")}/${node.path}` : prefix;
      if (node.children?.length) {
        await walk(node.children, path);
        continue;
      }
      const source = await readFile(new URL(`../../app/${node.file}`, import.meta.url), "utf8");
      if (/^export default /m.test(source)) found.push(path || "/");
    }
  };
  await walk(routes as RouteNode[], "/");
  return [...new Set(found)].sort();
}

test("every page route of app/routes.ts is visited below", async () => {
  const pages = await pageRoutes();
  // The pattern list is read from the file: a guard against a walk that finds nothing.
  expect(pages.length).toBeGreaterThan(40);
  const covered = new Set(Object.values(visits).flatMap((list) => list.map((v) => v.route)));
  expect(
    pages.filter((p) => !covered.has(p)),
    "page routes with no visit in tests/e2e/axe.spec.ts",
  ).toEqual([]);
  expect(
    [...covered].filter((p) => !pages.includes(p)),
    "visits of routes that are not pages",
  ).toEqual([]);
});

/** Arranges a restaurant with something on every screen: staff, stock, a discount, a reservation, an order, a sold-out dish. */
async function arrangeWorld(): Promise<World & { staff: Record<"waiter" | "cashier" | "kitchen", Owner> }> {
  const owner = await createOwner({ email: `axe-${randomUUID().slice(0, 8)}@test.sofra.local` });
  const manager = await apiJson("/api/auth/verify-admin-password", { token: owner.token, body: { password: owner.password } });
  expect(manager.status).toBe(200);
  const t = owner.token;

  const staff = {} as Record<"waiter" | "cashier" | "kitchen", Owner>;
  let staffId = 0;
  for (const role of ["waiter", "cashier", "kitchen"] as const) {
    const email = `axe-${role}-${randomUUID().slice(0, 8)}@test.sofra.local`;
    const created = await apiJson("/api/staff", {
      token: t,
      body: { email, password: "axe-sifre-1", first_name: "Elif", last_name: role, role, phone: "0532 000 00 00" },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    staffId ||= created.json.id;
    const login = await apiJson("/api/public/login", { body: { email, password: "axe-sifre-1" } });
    expect(login.status).toBe(200);
    staff[role] = { ...owner, email, password: "axe-sifre-1", token: login.json.access_token, firstName: "Elif", lastName: role };
  }

  const stock = await apiJson("/api/stock", { token: t, body: { name: "Süt", unit: "lt", current_stock: 2, min_stock: 5 } });
  expect(stock.status, JSON.stringify(stock.json)).toBe(201);
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const discount = await apiJson("/api/discounts", {
    token: t,
    body: { name: "Öğrenci indirimi", code: "OGRENCI10", type: "percentage", value: 10, start_date: day(0), end_date: day(7) },
  });
  expect(discount.status, JSON.stringify(discount.json)).toBe(201);
  const reservation = await apiJson("/api/reservations", {
    token: t,
    body: { customer_name: "Zeynep Kaya", customer_phone: "0532 000 00 00", table_number: 2, date: day(2), time: "19:30", guest_count: 4 },
  });
  expect(reservation.status, JSON.stringify(reservation.json)).toBe(201);

  const menu = (await apiJson("/api/menu", { token: t })).json as { id: number; name: string }[];
  const order = await apiJson("/api/orders", {
    token: t,
    body: {
      table_number: 3,
      items: [
        { menu_item_id: menu[0]!.id, quantity: 2, note: "Acısız" },
        { menu_item_id: menu[1]!.id, quantity: 1 },
      ],
    },
  });
  expect(order.status, JSON.stringify(order.json)).toBe(201);
  // Two dishes sold out: the public menu shows them crossed out.
  await sql("UPDATE menu_items SET available = 0 WHERE restaurantId = ? AND id IN (?, ?)", [owner.restaurantId, menu[2]!.id, menu[3]!.id]);
  // A house account that owes something, with a statement to read.
  const account = await apiJson("/api/accounts", {
    token: t,
    body: { name: "Yıldız İnşaat", phone: "0532 000 00 00", credit_limit: 1500 },
  });
  expect(account.status, JSON.stringify(account.json)).toBe(201);
  const carried = await apiJson(`/api/accounts/${account.json.id}/adjustments`, {
    token: t,
    body: { amount: 640, note: "Defterden devreden" },
  });
  expect(carried.status, JSON.stringify(carried.json)).toBe(201);
  const received = await apiJson(`/api/accounts/${account.json.id}/payments`, { token: t, body: { amount: 240, method: "card" } });
  expect(received.status, JSON.stringify(received.json)).toBe(201);
  // An order on table 4 paid on its own (the table is free again), and a print device to send its receipt to.
  const paidOrder = await apiJson("/api/orders", {
    token: t,
    body: { table_number: 4, items: [{ menu_item_id: menu[1]!.id, quantity: 1 }] },
  });
  expect(paidOrder.status, JSON.stringify(paidOrder.json)).toBe(201);
  const paid = await apiJson(`/api/orders/${paidOrder.json.id}/pay`, {
    token: t,
    method: "PUT",
    body: { payment_method: "cash", tendered: "1000" },
  });
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
  const stations = (await apiJson("/api/stations", { token: t })).json as { id: number }[];
  const printer = await apiJson("/api/print-devices", { token: t, body: { name: "Kasa yazıcısı", station_id: stations[0]!.id } });
  expect(printer.status, JSON.stringify(printer.json)).toBe(201);
  // A premium application for the admin's list.
  await apiJson("/api/application/submit", { token: t, body: { restaurant_name: owner.restaurantName } });

  const [restaurant] = await sql<{ slug: string }[]>("SELECT slug FROM restaurants WHERE id = ?", [owner.restaurantId]);
  const [ticket] = await sql<{ id: number }[]>("SELECT id FROM kitchen_tickets WHERE restaurantId = ? ORDER BY id LIMIT 1", [
    owner.restaurantId,
  ]);

  // The two account e-mails' links: a password reset and the address verification of a fresh account.
  const forgot = await apiJson("/api/auth/forgot-password", { body: { email: staff.waiter.email } });
  expect(forgot.status).toBeLessThan(300);
  const resetMail = await waitForE2eMail((m) => m.to.includes(staff.waiter.email) && m.subject.includes("şifre sıfırlama"));
  const verifyMail = await waitForE2eMail((m) => m.to.includes(owner.email) && /doğrula/i.test(m.subject));
  const token = (link: string | null) => new URL(link!).searchParams.get("token")!;

  return {
    owner,
    staff,
    slug: restaurant!.slug,
    resetToken: token(firstLink(resetMail, "/reset-password?token=")),
    verifyToken: token(firstLink(verifyMail, "/verify-email?token=")),
    staffId,
    stockId: stock.json.id,
    discountId: discount.json.id,
    reservationId: reservation.json.id,
    menuItemId: menu[0]!.id,
    ticketId: ticket!.id,
    accountId: account.json.id,
    receiptOrderId: paidOrder.json.id,
  };
}

/** One line per problem: the address, the rule and the first elements it names. */
async function checkPage(page: Page, url: string, status: number, js: boolean): Promise<string[]> {
  const response = await page.goto(url);
  const problems: string[] = [];
  if (response?.status() !== status) problems.push(`${url}: status ${response?.status()}, expected ${status}`);
  // Pages that ship no script (the guests' menu) have nothing to hydrate.
  if (js && (await page.locator("script[type=module]").count()) > 0) await hydrated(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > PHONE.width) {
    const wide = await page.evaluate((max) => {
      const out: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>("body *")) {
        const r = el.getBoundingClientRect();
        if (r.right > max + 0.5 && out.length < 3)
          out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")} → ${Math.round(r.right)}`);
      }
      return out.join(" | ");
    }, PHONE.width);
    problems.push(`${url}: page is ${width} px wide (${wide})`);
  }
  // A checkbox or radio button is a 24 px target itself (WCAG 2.5.8 without the spacing exception,
  // which axe applies): the settings' switches were 22 px.
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>("input[type=checkbox], input[type=radio]")]
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(
        ({ el, r }) =>
          r.width > 0 &&
          getComputedStyle(el).visibility !== "hidden" &&
          getComputedStyle(el).opacity !== "0" &&
          (r.width < 24 || r.height < 24),
      )
      .map(({ el, r }) => `${el.name || el.id} ${Math.round(r.width * 10) / 10}×${Math.round(r.height * 10) / 10}`),
  );
  if (small.length > 0) problems.push(`${url}: checkboxes or radios under 24 px: ${small.slice(0, 5).join(", ")}`);
  // axe's default rules (WCAG 2.x A and AA, best practices), then WCAG 2.2's target size, which axe
  // leaves off by default. Sticky bars (the app header, the cart's total) cover whatever scrolls under
  // them at the moment of the check; a target is measured with them in the flow (decision 072).
  // Legacy mode runs axe.run() in the page itself: the default (runPartial) opens a blank page for
  // every analysis and injects axe twice, which made up most of the walk's time; Sofra's pages
  // have no cross-origin frames, which is what the default is for.
  const results = await new AxeBuilder({ page }).setLegacyMode().disableRules(["target-size"]).analyze();
  // The second pass reuses the axe that the first one injected.
  type Results = Awaited<ReturnType<AxeBuilder["analyze"]>>;
  const sizes = await page.evaluate(async () => {
    for (const el of document.querySelectorAll<HTMLElement>("body *")) {
      if (getComputedStyle(el).position === "sticky") el.style.setProperty("position", "static");
    }
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<Results> } };
    return axe.run(document, { runOnly: { type: "rule", values: ["target-size"] }, rules: { "target-size": { enabled: true } } });
  });
  for (const v of [...results.violations, ...sizes.violations]) {
    const where = v.nodes
      .slice(0, 3)
      .map((n) => n.target.join(" "))
      .join(" | ");
    const first = v.nodes[0];
    problems.push(
      `${url}: ${v.id} (${v.impact}, ${v.nodes.length}×) ${where}\n    ${first?.html.slice(0, 160)}\n    ${first?.failureSummary?.replace(/\s+/g, " ").slice(0, 240)}`,
    );
  }
  return problems;
}

async function visitAll(page: Page, actor: Actor, world: World, js: boolean, part?: [number, number]) {
  const problems: string[] = [];
  const list = visits[actor];
  const size = part ? Math.ceil(list.length / part[1]) : list.length;
  for (const visit of part ? list.slice(part[0] * size, (part[0] + 1) * size) : list) {
    const url = typeof visit.url === "function" ? visit.url(world) : visit.url;
    problems.push(...(await checkPage(page, url, visit.status ?? 200, js)));
  }
  return problems;
}

async function freshSession(account: Owner): Promise<Owner> {
  const login = await apiJson("/api/public/login", { body: { email: account.email, password: account.password } });
  expect(login.status).toBe(200);
  return { ...account, token: login.json.access_token };
}

async function newPhone(browser: Browser, js: boolean) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: PHONE,
    locale: "tr-TR",
    timezoneId: "Europe/Istanbul",
    javaScriptEnabled: js,
    serviceWorkers: "block",
  });
  return context.newPage();
}

/** The owner presses "Bu cihazı ortak tablet yap" on the staff screen: this browser lands on the PIN pad. */
async function makeTablet(page: Page, owner: Owner) {
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/staff-management");
  await page.getByRole("button", { name: "Bu cihazı ortak tablet yap" }).click();
  await expect(page).toHaveURL(/\/app\/pin\?ready=1$/);
}

// One world for the whole file (each worker arranges its own): the visits only read.
let world: Awaited<ReturnType<typeof arrangeWorld>> | undefined;
const theWorld = async () => (world ??= await arrangeWorld());

const groups: { name: string; actors: Actor[]; part?: [number, number] }[] = [
  { name: "the public site", actors: ["guest"] },
  // The manager's pages are many: four tests, so that the two workers share them.
  ...[0, 1, 2, 3].map((i) => ({
    name: `the owner's manager pages (${i + 1}/4)`,
    actors: ["manager"] as Actor[],
    part: [i, 4] as [number, number],
  })),
  { name: "the owner before a mode, and in staff mode; the shared tablet", actors: ["owner", "staffMode", "tablet"] },
  { name: "the waiter, the cashier and the kitchen", actors: ["waiter", "cashier", "kitchen"] },
  { name: "the platform admin", actors: ["admin"] },
];

for (const group of groups) {
  // The server renders the same markup for both projects; the JavaScript run also sees what
  // hydration adds, so the no-JavaScript project leaves the long walk to it (decision 072).
  test(`axe finds nothing and nothing is wider than 360 px: ${group.name}`, { tag: "@js-only" }, async ({ browser }) => {
    test.setTimeout(240_000);
    const js = true;
    const w = await theWorld();
    const problems: string[] = [];
    for (const actor of group.actors) {
      const page = await newPhone(browser, js);
      if (actor === "admin") await loginAsAdmin(page);
      // Each actor its own session: a mode belongs to the session, and role selection ends manager mode.
      else if (actor === "manager") await logIn(page, await freshSession(w.owner), { mode: "manager" });
      else if (actor === "owner") await logIn(page, await freshSession(w.owner));
      else if (actor === "staffMode") await logIn(page, await freshSession(w.owner), { mode: "staff" });
      else if (actor === "tablet") await makeTablet(page, await freshSession(w.owner));
      else if (actor !== "guest") await logIn(page, w.staff[actor]);
      problems.push(...(await visitAll(page, actor, w, js, group.part)).map((p) => `[${actor}] ${p}`));
      await page.context().close();
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });
}

/** Whether everything visible in the element (its text, buttons and links) sits on one line. */
async function onOneLine(page: Page, selector: string) {
  return page.locator(selector).evaluate((root) => {
    const rects: DOMRect[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // Text in a closed <details> has boxes but is not shown.
      if (!node.textContent?.trim() || !node.parentElement?.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      rects.push(...[...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0));
    }
    for (const el of root.querySelectorAll("button, a, summary")) {
      if (!el.checkVisibility()) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) rects.push(r);
    }
    // One line: one horizontal band crosses every piece.
    const top = Math.max(...rects.map((r) => r.top));
    const bottom = Math.min(...rects.map((r) => r.bottom));
    return { pieces: rects.length, oneLine: rects.length > 0 && top < bottom, height: Math.round(root.getBoundingClientRect().height) };
  });
}

test("with a long e-mail address the trial and e-mail banners take one line each, and the page fits 360 px", async ({ page }, testInfo) => {
  const email = `restoran-sahibinin-cok-uzun-e-posta-adresi-${randomUUID().slice(0, 8)}@cok-uzun-bir-alan-adi.test.sofra.local`;
  const owner = await createOwner({ email });
  for (const [mode, url] of [
    [undefined, "/app/welcome"],
    ["manager", "/app/admin"],
  ] as const) {
    await logIn(page, await freshSession(owner), mode ? { mode } : {});
    await page.goto(url);
    if (hasJs(testInfo)) await hydrated(page);
    await expect(page.getByTestId("email-verify-banner")).toBeVisible();
    await expect(page.locator(".trial-banner")).toBeVisible();
    expect(await onOneLine(page, ".trial-banner"), `${url}: trial banner`).toMatchObject({ oneLine: true });
    {
      const line = await onOneLine(page, "[data-testid=email-verify-banner]");
      expect(line, `${url}: e-mail banner ${JSON.stringify(line)}`).toMatchObject({ oneLine: true });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(PHONE.width);
  }
  // The whole address and the explanation are one tap away, without JavaScript too.
  const banner = page.getByTestId("email-verify-banner");
  await banner.getByText("E-posta adresinizi doğrulayın").click();
  await expect(banner.getByText(`${email} adresine gönderdiğimiz bağlantıyı açın.`, { exact: false })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

test("the landing page's menu links are on screen at 360 px and lead where they say", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Ana menü" });
  const links = nav.getByRole("link");
  await expect(links).toHaveCount(3);
  for (const link of await links.all()) {
    await expect(link).toBeVisible();
    const box = (await link.boundingBox())!;
    expect(box.x, await link.innerText()).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, await link.innerText()).toBeLessThanOrEqual(PHONE.width);
    expect(box.height, await link.innerText()).toBeGreaterThanOrEqual(24);
  }
  await nav.getByRole("link", { name: "Planlar" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});
