// Each role × each page and endpoint → the status the server answers (decision 028). The list of
// routes is read from app/routes.ts, and every page of the restaurant app and every endpoint with a
// session must have a row here: a new route fails this test until its answers per role are written
// down. A denial is always a 403; an allowed request answers what the route answers anyone (200,
// 400 for the deliberately empty bodies, 404 for ids that do not exist, 405, 410).
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { createTenant, type Tenant } from "../setup/factories";
import { getPage, postForm } from "../setup/pages";
import { createStaffMember, setMode } from "../setup/staff";

const SUBJECTS = ["ownerManager", "ownerStaff", "admin", "waiter", "waiterNoPay", "cashier", "kitchen"] as const;
type Subject = (typeof SUBJECTS)[number];

/** Who gets through, by rule; anyone else gets 403. */
const WHO: Record<string, readonly Subject[]> = {
  any: SUBJECTS,
  floor: ["ownerManager", "ownerStaff", "admin", "waiter", "waiterNoPay", "cashier"],
  orders: ["ownerManager", "ownerStaff", "admin", "waiter", "waiterNoPay", "cashier"],
  payments: ["ownerManager", "ownerStaff", "admin", "waiter", "cashier"],
  kitchen: ["ownerManager", "ownerStaff", "admin", "kitchen"],
  managerAccount: ["ownerManager", "ownerStaff", "admin"],
  managerMode: ["ownerManager", "admin"],
};

interface Row {
  /** The request: a concrete path, method and body. */
  path: string;
  method?: string;
  body?: unknown;
  /** Who is let through, and what they get. */
  who: keyof typeof WHO;
  ok: number;
  /** What everyone else gets (default 403). */
  others?: number;
}

/** Pages of the restaurant layout: GET, as a browser with the session cookie. */
const PAGES: Record<string, Row> = {
  "app/welcome": { path: "/app/welcome", who: "any", ok: 200 },
  // Staff accounts have one role: role selection sends them on to their screen.
  "app/role-selection": { path: "/app/role-selection", who: "managerAccount", ok: 200, others: 302 },
  "app/staff": { path: "/app/staff", who: "floor", ok: 200 },
  "app/order-taking": { path: "/app/order-taking?table=1", who: "orders", ok: 200 },
  "app/payments": { path: "/app/payments", who: "payments", ok: 200 },
  payments: { path: "/payments?table=1", who: "payments", ok: 200 },
  "app/premium-application": { path: "/app/premium-application", who: "managerAccount", ok: 200 },
  "app/kitchen": { path: "/app/kitchen", who: "kitchen", ok: 200 },
  "app/kitchen/tickets/:id/print": { path: "/app/kitchen/tickets/2000000000/print", who: "kitchen", ok: 404 },
  "app/table-move": { path: "/app/table-move?table=1", who: "orders", ok: 200 },
  "app/adisyon": { path: "/app/adisyon?table=1", who: "orders", ok: 200 },
  // A payment's 80 mm receipt (decision 089): whoever takes payments (an id that does not exist: 404).
  "app/receipt": { path: "/app/receipt?order=2000000000", who: "payments", ok: 404 },
  // The split bill screen (decision 086): whoever takes payments.
  "app/bill": { path: "/app/bill?table=1", who: "payments", ok: 200 },
  "app/profile": { path: "/app/profile", who: "any", ok: 200 },
  "app/admin": { path: "/app/admin", who: "managerMode", ok: 200 },
  "app/admin/figures": { path: "/app/admin/figures", who: "managerMode", ok: 200 },
  "app/manager-password": { path: "/app/manager-password", who: "managerMode", ok: 200 },
  "app/staff-management": { path: "/app/staff-management", who: "managerMode", ok: 200 },
  "app/menu-management": { path: "/app/menu-management", who: "managerMode", ok: 200 },
  "app/stations": { path: "/app/stations", who: "managerMode", ok: 200 },
  "app/stock-management": { path: "/app/stock-management", who: "managerMode", ok: 200 },
  "app/settings": { path: "/app/settings", who: "managerMode", ok: 200 },
  "app/table-management": { path: "/app/table-management", who: "managerMode", ok: 200 },
  "app/discounts": { path: "/app/discounts", who: "managerMode", ok: 200 },
  "app/plans": { path: "/app/plans", who: "managerMode", ok: 200 },
  "app/invoices/:id/pdf": { path: "/app/invoices/2000000000/pdf", who: "managerMode", ok: 404 },
  "app/qr-menu": { path: "/app/qr-menu", who: "managerMode", ok: 200 },
  "app/qr-menu/download": { path: "/app/qr-menu/download?url=https%3A%2F%2Fornek.com%2Fmenu", who: "managerMode", ok: 200 },
  "app/qr-menu/tables": { path: "/app/qr-menu/tables", who: "managerMode", ok: 200 },
  "app/data-export": { path: "/app/data-export", who: "managerMode", ok: 200 },
  "app/data-export/download": { path: "/app/data-export/download", who: "managerMode", ok: 200 },
  "app/reservations": { path: "/app/reservations", who: "managerMode", ok: 200 },
  // House accounts (decision 087): the manager's page.
  "app/accounts": { path: "/app/accounts", who: "managerMode", ok: 200 },
  // Gün sonu (decision 088): the manager's page.
  "app/day-close": { path: "/app/day-close", who: "managerMode", ok: 200 },
  // The platform's notifications: every role reads the restaurant's inbox.
  "app/notifications": { path: "/app/notifications", who: "any", ok: 200 },
  // Every screen of the spec is built now: an unknown section is a 404 for everyone.
  "app/:section": { path: "/app/yok", who: "any", ok: 404 },
  "app/detailed-reports": { path: "/app/detailed-reports?type=sales&period=monthly", who: "managerMode", ok: 200 },
  "app/*": { path: "/app/yok/boyle", who: "any", ok: 404 },
};

/** Endpoints with a session (the API layout, and the table poll that checks its own). */
const ENDPOINTS: Record<string, Row> = {
  "auth/logout": { path: "/api/auth/logout", who: "any", ok: 405 },
  "auth/me": { path: "/api/auth/me", who: "any", ok: 200 },
  "auth/admin-password": { path: "/api/auth/admin-password", who: "any", ok: 410 },
  "auth/verify-admin-password": {
    path: "/api/auth/verify-admin-password",
    body: { password: "yanlis-sifre" },
    who: "managerAccount",
    ok: 401,
  },
  "auth/change-admin-password": { path: "/api/auth/change-admin-password", method: "PUT", body: {}, who: "managerMode", ok: 400 },
  "trial/status": { path: "/api/trial/status", who: "any", ok: 200 },
  "trial/check-feature/:feature": { path: "/api/trial/check-feature/order_taking", who: "any", ok: 200 },
  "trial/extend": { path: "/api/trial/extend", body: { days: 0 }, who: "managerMode", ok: 400 },
  "trial/upgrade": { path: "/api/trial/upgrade", body: {}, who: "managerMode", ok: 400 },
  "tables/:number/status": { path: "/api/tables/1/status?status=bozuk", body: {}, who: "managerMode", ok: 400 },
  // Moving people and plates (decision 084): an empty body is refused once the role is let through.
  "tables/:number/bill": { path: "/api/tables/1/bill", who: "orders", ok: 200 },
  // Paying a part of a bill (decision 086): whoever takes payments (an empty table: 409).
  "tables/:number/payments": { path: "/api/tables/1/payments", body: { method: "cash" }, who: "payments", ok: 409 },
  // Gün sonu (decision 088): manager mode.
  "day-close": { path: "/api/day-close", who: "managerMode", ok: 200 },
  "tables/:number/move": { path: "/api/tables/1/move", body: {}, who: "orders", ok: 400 },
  "tables/:number/merge": { path: "/api/tables/1/merge", body: {}, who: "orders", ok: 400 },
  "reports/daily": { path: "/api/reports/daily", who: "managerMode", ok: 200 },
  "reports/detailed": { path: "/api/reports/detailed?type=staff&period=weekly", who: "managerMode", ok: 200 },
  "reports/export": { path: "/api/reports/export?type=sales&period=yearly", who: "managerMode", ok: 200 },
  menu: { path: "/api/menu", who: "orders", ok: 200 },
  "menu/:id": { path: "/api/menu/2000000000", method: "DELETE", who: "managerMode", ok: 404 },
  "menu/categories": { path: "/api/menu/categories", who: "orders", ok: 200 },
  "menu/categories/:id": { path: "/api/menu/categories/2000000000", method: "DELETE", who: "managerMode", ok: 404 },
  "menu/option-groups": { path: "/api/menu/option-groups", who: "orders", ok: 200 },
  "menu/option-groups/:id": { path: "/api/menu/option-groups/2000000000", method: "DELETE", who: "managerMode", ok: 404 },
  stations: { path: "/api/stations", who: "kitchen", ok: 200 },
  "stations/:id": { path: "/api/stations/2000000000", method: "DELETE", who: "managerMode", ok: 404 },
  // Print agents (decision 080): made, listed and deleted in manager mode only.
  "print-devices": { path: "/api/print-devices", who: "managerMode", ok: 200 },
  "print-devices/:id": { path: "/api/print-devices/2000000000", method: "DELETE", who: "managerMode", ok: 404 },
  "kitchen/tickets": { path: "/api/kitchen/tickets", who: "kitchen", ok: 200 },
  "kitchen/ready": { path: "/api/kitchen/ready", who: "floor", ok: 200 },
  "kitchen/tickets/:id/status": {
    path: "/api/kitchen/tickets/2000000000/status",
    method: "POST",
    body: { status: "ready" },
    who: "kitchen",
    ok: 404,
  },
  // Every role has the kitchen's or the waiter's part in it; the endpoint decides which states (kitchen-tickets.test.ts).
  "kitchen/ticket-items/:id/status": {
    path: "/api/kitchen/ticket-items/2000000000/status",
    method: "POST",
    body: { status: "served" },
    who: "any",
    ok: 404,
  },
  stock: { path: "/api/stock", who: "managerMode", ok: 200 },
  "stock/:id": { path: "/api/stock/2000000000", who: "managerMode", ok: 404 },
  discounts: { path: "/api/discounts", who: "managerMode", ok: 200 },
  "discounts/:id": { path: "/api/discounts/2000000000", method: "PUT", body: {}, who: "managerMode", ok: 404 },
  "restaurant/settings": { path: "/api/restaurant/settings", who: "managerMode", ok: 200 },
  "table-sections": { path: "/api/table-sections", who: "floor", ok: 200 },
  "table-sections/:id": { path: "/api/table-sections/2000000000", method: "DELETE", who: "managerMode", ok: 404 },
  "table-configurations": { path: "/api/table-configurations", who: "floor", ok: 200 },
  "table-configurations/:id": { path: "/api/table-configurations/2000000000", method: "DELETE", who: "managerMode", ok: 404 },
  "enhanced-table-status": { path: "/api/enhanced-table-status", who: "floor", ok: 200 },
  "enhanced-table-status/:id": {
    path: "/api/enhanced-table-status/2000000000",
    body: { status: "cleaning" },
    who: "managerMode",
    ok: 404,
  },
  "migrate-legacy-tables": { path: "/api/migrate-legacy-tables", body: {}, who: "managerMode", ok: 200 },
  "qr-menu": { path: "/api/qr-menu", body: {}, who: "managerMode", ok: 400 },
  orders: { path: "/api/orders", body: {}, who: "orders", ok: 400 },
  "orders/table/:number": { path: "/api/orders/table/1", who: "orders", ok: 200 },
  "orders/table/:number/update": { path: "/api/orders/table/1/update", method: "PUT", body: {}, who: "orders", ok: 400 },
  "orders/:id/pay": { path: "/api/orders/2000000000/pay?payment_method=cash", method: "PUT", who: "payments", ok: 404 },
  "orders/:id/fiscal": {
    path: "/api/orders/2000000000/fiscal",
    method: "PUT",
    body: { kind: "okc", number: "12", z_number: "3" },
    who: "payments",
    ok: 404,
  },
  // House accounts (decision 087): the picker, an account and a payment for whoever takes payments; the rest in manager mode.
  accounts: { path: "/api/accounts", who: "payments", ok: 200 },
  "accounts/:id": { path: "/api/accounts/2000000000", who: "payments", ok: 404 },
  "accounts/:id/statement": { path: "/api/accounts/2000000000/statement", who: "managerMode", ok: 404 },
  "accounts/:id/payments": { path: "/api/accounts/2000000000/payments", body: {}, who: "payments", ok: 400 },
  "accounts/:id/adjustments": { path: "/api/accounts/2000000000/adjustments", body: {}, who: "managerMode", ok: 400 },
  "orders/:id/move-items": {
    path: "/api/orders/2000000000/move-items",
    body: { items: [{ order_item_id: 1, quantity: 1 }], to_table_number: 2 },
    who: "orders",
    ok: 404,
  },
  "application/submit": { path: "/api/application/submit", body: {}, who: "managerAccount", ok: 400 },
  "application/status": { path: "/api/application/status", who: "any", ok: 200 },
  staff: { path: "/api/staff", who: "managerMode", ok: 200 },
  "staff/:id": { path: "/api/staff/2000000000", method: "PUT", body: {}, who: "managerMode", ok: 400 },
  tables: { path: "/api/tables", who: "floor", ok: 200 },
  "billing/usage": { path: "/api/billing/usage", who: "managerMode", ok: 200 },
  "billing/invoices": { path: "/api/billing/invoices?limit=5", who: "managerMode", ok: 200 },
  "billing/payment-methods": { path: "/api/billing/payment-methods", who: "managerMode", ok: 200 },
  "billing/change-plan": { path: "/api/billing/change-plan", method: "PUT", body: {}, who: "managerMode", ok: 400 },
  reservations: { path: "/api/reservations", who: "managerMode", ok: 200 },
  "reservations/:id": { path: "/api/reservations/2000000000", method: "DELETE", who: "managerMode", ok: 404 },
  "push/public-key": { path: "/api/push/public-key", who: "any", ok: 200 },
  "push/subscribe": { path: "/api/push/subscribe", body: {}, who: "managerMode", ok: 400 },
  "push/unsubscribe": { path: "/api/push/unsubscribe", body: {}, who: "managerMode", ok: 400 },
  "push/status": { path: "/api/push/status", who: "managerMode", ok: 400 },
  // The live stream never ends on its own: HEAD answers its headers (each event is filtered by role: live-events.test.ts).
  events: { path: "/api/events", method: "HEAD", who: "any", ok: 200 },
  notifications: { path: "/api/notifications", who: "any", ok: 200 },
  "notifications/:id/read": { path: "/api/notifications/2000000000/read", method: "POST", who: "any", ok: 404 },
};

interface RouteNode {
  path?: string;
  file: string;
  index?: boolean;
  children?: RouteNode[];
}

/** Leaf routes below a layout file, with their full paths (as routes.ts writes them, without a leading slash). */
function leavesUnder(layoutFile: string): string[] {
  const out: string[] = [];
  const walk = (list: RouteNode[], prefix: string, inside: boolean) => {
    for (const r of list) {
      const full = [prefix, r.path].filter(Boolean).join("/");
      const under = inside || r.file === layoutFile;
      if (r.children) walk(r.children, full, under);
      else if (under) out.push(full);
    }
  };
  walk(routes as unknown as RouteNode[], "", false);
  return out;
}

const tenants = {} as Record<Subject, Tenant>;

beforeAll(async () => {
  const owner = await createTenant({ manager: true });
  const ownerStaff = {
    ...owner,
    token: (await api("/api/public/login", { body: { email: owner.email, password: owner.password } })).json.access_token,
  };
  await setMode(ownerStaff, "staff");
  const admin = await createStaffMember(owner, { role: "admin", first_name: "Yönetici" });
  const waiter = await createStaffMember(owner, { role: "waiter" });
  const cashier = await createStaffMember(owner, { role: "cashier" });
  const kitchen = await createStaffMember(owner, { role: "kitchen" });
  // The same roles in a restaurant whose waiters may not take payments.
  const strict = await createTenant({ manager: true });
  const waiterNoPay = await createStaffMember(strict, { role: "waiter" });
  await prisma.restaurant.update({ where: { id: strict.restaurantId }, data: { waitersTakePayments: false } });
  Object.assign(tenants, { ownerManager: owner, ownerStaff, admin, waiter, waiterNoPay, cashier, kitchen });
  for (const s of SUBJECTS)
    await setMode(tenants[s], s === "ownerManager" || s === "admin" ? "manager" : s === "ownerStaff" ? "staff" : null);
}, 60_000);

/** Some pages end manager mode on arrival (role selection, the staff panel): each request starts from the subject's mode. */
async function asSubject(subject: Subject) {
  await setMode(
    tenants[subject],
    subject === "ownerManager" || subject === "admin" ? "manager" : subject === "ownerStaff" ? "staff" : null,
  );
  return tenants[subject];
}

describe("the role matrix covers every route", () => {
  it("every page of the restaurant app has a row", () => {
    expect(leavesUnder("routes/restaurant/layout.tsx").sort()).toEqual(Object.keys(PAGES).sort());
  });

  it("every endpoint with a session has a row", () => {
    const guarded = leavesUnder("routes/api/authenticated.ts").map((p) => p.replace(/^api\//, ""));
    expect([...guarded, "tables"].sort()).toEqual(Object.keys(ENDPOINTS).sort());
  });
});

describe.each(SUBJECTS)("as %s", (subject) => {
  it.each(Object.keys(PAGES))("page %s", async (key) => {
    const row = PAGES[key]!;
    const res = await getPage(await asSubject(subject), row.path);
    const expected = WHO[row.who]!.includes(subject) ? row.ok : (row.others ?? 403);
    expect(res.status, `${subject} GET ${row.path}`).toBe(expected);
  });

  it.each(Object.keys(ENDPOINTS))("endpoint %s", async (key) => {
    const row = ENDPOINTS[key]!;
    const res = await api(row.path, { token: (await asSubject(subject)).token, method: row.method, body: row.body });
    const expected = WHO[row.who]!.includes(subject) ? row.ok : 403;
    expect(res.status, `${subject} ${row.method ?? (row.body ? "POST" : "GET")} ${row.path}: ${res.text.slice(0, 200)}`).toBe(expected);
    if (expected === 403) expect(res.json.detail).toMatch(/^(Bu işlem için yetkiniz yok\.|Bu işlem için yönetici girişi gerekiyor\.)$/);
  });
});

describe("manager mode is only for Yönetici accounts", () => {
  it.each(["waiter", "cashier", "kitchen"] as const)(
    "a %s with the right manager password: 403 on the page and the API, no manager mode",
    async (subject) => {
      const t = await asSubject(subject);
      const password = tenants.ownerManager.password;
      const viaApi = await api("/api/auth/verify-admin-password", { token: t.token, body: { password } });
      expect(viaApi.status).toBe(403);
      const viaPage = await postForm(t, "/app/role-selection", { intent: "manager", password });
      expect(viaPage.status).toBe(403);
      expect((await api("/api/auth/me", { token: t.token })).json.mode).toBeNull();
      expect((await getPage(t, "/app/admin")).status).toBe(403);
    },
  );

  it("role selection offers an owner or admin its screens", async () => {
    for (const s of ["ownerStaff", "admin"] as const) {
      const page = await getPage(await asSubject(s), "/app/role-selection");
      expect(page.status).toBe(200);
      expect(page.text).toContain("Yönetici olarak devam et");
      expect(page.text).toContain("Personel olarak devam et");
    }
  });

  // A staff account has one role: nothing to choose, straight to its own screen in staff mode.
  it.each([
    ["waiter", "/app/staff"],
    ["waiterNoPay", "/app/staff"],
    ["cashier", "/app/staff"],
    ["kitchen", "/app/kitchen"],
  ] as const)("a %s skips role selection: straight to %s, in staff mode", async (subject, home) => {
    const t = await asSubject(subject);
    const res = await getPage(t, "/app/role-selection");
    expect(res.status).toBe(302);
    expect(res.location).toBe(home);
    expect((await api("/api/auth/me", { token: t.token })).json.mode).toBe("staff");
    // Their screen does not lead back to a role selection they cannot use.
    const screen = await getPage(t, home);
    expect(screen.status).toBe(200);
    expect(screen.text).not.toContain('aria-label="Rol seçimine dön"');
    expect(screen.text).toContain('href="/app/profile"');
  });

  it("the staff panel offers payments only to those who may take them", async () => {
    const panel = async (s: Subject) => (await getPage(await asSubject(s), "/app/staff")).text;
    expect(await panel("waiter")).toContain('href="/payments"');
    expect(await panel("cashier")).toContain('href="/payments"');
    expect(await panel("waiterNoPay")).not.toContain('href="/payments"');
  });
});
