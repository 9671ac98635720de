// Who may do what: the one place the roles' rights are written down (decision 028).
// The restaurant layout's and the API layout's middleware look up every request's
// route pattern here and refuse (403) what the account may not do, so no page or
// endpoint repeats a role check of its own. No zod, no server code: role selection
// and the staff screen read the same table.
import type { StaffRole } from "~/generated/prisma/enums";

/**
 * - floor: see the tables (staff panel, the table poll)
 * - orders: take and edit orders (order taking, the menu it needs)
 * - payments: take payments
 * - kitchen: the kitchen screen and its tickets: read them, bump them
 * - manager_account: act for the restaurant outside manager mode (enter manager mode, apply for premium)
 * - manager_mode: the manager's pages and calls; the session must also be in manager mode
 */
export const CAPABILITIES = ["floor", "orders", "payments", "kitchen", "manager_account", "manager_mode"] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const STAFF_ROLES = ["admin", "waiter", "kitchen", "cashier"] as const satisfies readonly StaffRole[];

/** The spec's Turkish role names. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Yönetici",
  waiter: "Garson",
  kitchen: "Mutfak",
  cashier: "Kasiyer",
};

/** role → what it may do. The owner counts as admin whatever the role column says. */
export const ROLE_CAPABILITIES: Record<StaffRole, readonly Capability[]> = {
  admin: CAPABILITIES,
  waiter: ["floor", "orders", "payments"],
  cashier: ["floor", "orders", "payments"],
  kitchen: ["kitchen"],
};

/** What the rules need of a session: who, which restaurant setting, which mode. */
export interface AccessSubject {
  mode: "manager" | "staff" | null;
  user: { role: StaffRole; isOwner: boolean };
  restaurant: { waitersTakePayments: boolean };
}

export function roleOf(user: AccessSubject["user"]): StaffRole {
  return user.isOwner ? "admin" : user.role;
}

/** Whether the account's role allows the capability (manager mode not considered). */
export function roleAllows(subject: Omit<AccessSubject, "mode">, capability: Capability): boolean {
  const role = roleOf(subject.user);
  if (!ROLE_CAPABILITIES[role].includes(capability)) return false;
  // The restaurant's setting takes payments away from waiters only.
  if (capability === "payments" && role === "waiter" && !subject.restaurant.waitersTakePayments) return false;
  return true;
}

/** Whether this session may do it now. */
export function can(subject: AccessSubject, capability: Capability): boolean {
  if (!roleAllows(subject, capability)) return false;
  return capability !== "manager_mode" || subject.mode === "manager";
}

/** Whether the account may enter manager mode (with the manager password). */
export const mayEnterManagerMode = (subject: Omit<AccessSubject, "mode">) => roleAllows(subject, "manager_mode");

/** Open to every logged-in account of the restaurant. */
export const ANY = "any" as const;
type Rule = Capability | typeof ANY;

/**
 * Route pattern (as in app/routes.ts, with a leading slash) → what it needs, per method or for all
 * methods ("*"). A pattern not listed needs manager mode: a new screen or endpoint is closed to
 * staff until it is listed here (tests/integration/role-matrix.test.ts holds every route's answer).
 */
export const ROUTE_RULES: Record<string, Partial<Record<"GET" | "*", Rule>>> = {
  // Pages of the restaurant layout
  "/app/welcome": { "*": ANY },
  "/app/role-selection": { "*": ANY },
  "/app/staff": { "*": "floor" },
  "/app/order-taking": { "*": "orders" },
  "/app/payments": { "*": "payments" },
  // The "Hesap" screen: a table's bill split and paid in parts (decision 086).
  "/app/bill": { "*": "payments" },
  "/payments": { "*": "payments" },
  "/app/kitchen": { "*": "kitchen" },
  "/app/table-move": { "*": "orders" },
  // Whoever takes orders reads the adisyon; sending it to a print device (its post) is for whoever
  // takes payments, as the receipt (decision 089).
  "/app/adisyon": { GET: "orders", "*": "payments" },
  "/app/receipt": { "*": "payments" },
  "/app/kitchen/tickets/:id/print": { "*": "kitchen" },
  "/app/premium-application": { "*": "manager_account" },
  "/app/profile": { "*": ANY },
  "/app/notifications": { "*": ANY },
  // Screens not built yet say "yakında" (the manager's ones check manager mode there).
  "/app/:section": { "*": ANY },
  "/app/*": { "*": ANY },
  // Endpoints of the API layout
  "/api/auth/logout": { "*": ANY },
  "/api/auth/me": { "*": ANY },
  "/api/auth/admin-password": { "*": ANY },
  "/api/auth/verify-admin-password": { "*": "manager_account" },
  "/api/trial/status": { "*": ANY },
  "/api/trial/check-feature/:feature": { "*": ANY },
  "/api/application/status": { "*": ANY },
  "/api/application/submit": { "*": "manager_account" },
  "/api/notifications": { "*": ANY },
  "/api/notifications/:id/read": { "*": ANY },
  // The live stream (decision 078): every role; each event is filtered by what the session may see.
  "/api/events": { "*": ANY },
  "/api/menu": { GET: "orders" },
  // The chips of order taking read the categories; changing them needs manager mode (the default).
  "/api/menu/categories": { GET: "orders" },
  // Order taking offers the options of a line (decision 082); defining them needs manager mode.
  "/api/menu/option-groups": { GET: "orders" },
  // The kitchen's screen reads its stations; adding, renaming and deleting them needs manager mode.
  "/api/stations": { GET: "kitchen" },
  // Kitchen tickets (decision 079): the kitchen reads and bumps them; a waiter marks a ready
  // line served, which the endpoint itself checks (the line's target state decides).
  "/api/kitchen/tickets": { GET: "kitchen" },
  // The waiter's own ready lines (the staff panel's "Hazır" list).
  "/api/kitchen/ready": { GET: "floor" },
  "/api/kitchen/tickets/:id/status": { "*": "kitchen" },
  "/api/kitchen/ticket-items/:id/status": { "*": ANY },
  "/api/orders": { "*": "orders" },
  "/api/orders/table/:number": { "*": "orders" },
  "/api/orders/table/:number/update": { "*": "orders" },
  "/api/orders/:id/pay": { "*": "payments" },
  // The fiscal document of a paid order (issue 22): whoever takes payments, or an integration with its token.
  "/api/orders/:id/fiscal": { "*": "payments" },
  // House accounts (decision 087): the cashier's "hesaba yaz" picker reads them and a cashier takes a
  // payment against one; opening, editing, closing, correcting and the statement need manager mode.
  "/api/accounts": { GET: "payments" },
  "/api/accounts/:id": { GET: "payments" },
  "/api/accounts/:id/payments": { "*": "payments" },
  // Moving a party, merging tables and moving lines (decision 084): whoever takes orders.
  // The table's bill (issue 22): read by whoever takes orders.
  "/api/tables/:number/bill": { "*": "orders" },
  // Paying a part of it (decision 086): whoever takes payments.
  "/api/tables/:number/payments": { "*": "payments" },
  "/api/tables/:number/move": { "*": "orders" },
  "/api/tables/:number/merge": { "*": "orders" },
  "/api/orders/:id/move-items": { "*": "orders" },
  // Answered before the router (decision 009); poll.server.ts applies the same rule.
  "/api/tables": { "*": "floor" },
  // The floor's sections and table labels: read by whoever works the floor, changed in manager mode.
  "/api/table-sections": { GET: "floor" },
  "/api/table-configurations": { GET: "floor" },
  "/api/enhanced-table-status": { GET: "floor" },
  // Web push: the server's public key is no secret; subscribing (the settings screen's switch) needs manager mode.
  "/api/push/public-key": { "*": ANY },
};

/** What a request to this route pattern needs. */
export function ruleFor(pattern: string, method: string): Rule {
  // React Router joins the matched paths without a leading slash ("app/staff").
  const rules = ROUTE_RULES[pattern.startsWith("/") ? pattern : `/${pattern}`];
  if (!rules) return "manager_mode";
  return (method.toUpperCase() === "GET" || method.toUpperCase() === "HEAD" ? rules.GET : undefined) ?? rules["*"] ?? "manager_mode";
}

/** Whether the session may make this request. */
export function mayRequest(subject: AccessSubject, pattern: string, method: string): boolean {
  const rule = ruleFor(pattern, method);
  return rule === ANY || can(subject, rule);
}

/** Where an account starts after role selection: the first of its own screens. */
export function homeOf(subject: Omit<AccessSubject, "mode">): string {
  if (roleAllows(subject, "floor")) return "/app/staff";
  if (roleAllows(subject, "kitchen")) return "/app/kitchen";
  return "/app/role-selection";
}
