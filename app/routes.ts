import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // Public site
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("pricing", "routes/site/pricing.tsx"),
    route("signup", "routes/site/signup.tsx"),
    route("login", "routes/site/login.tsx"),
    // Account e-mails: forgotten password and address verification (decision 055).
    route("forgot-password", "routes/site/forgot-password.tsx"),
    route("reset-password", "routes/site/reset-password.tsx"),
    route("verify-email", "routes/site/verify-email.tsx"),
  ]),
  route("logout", "routes/logout.tsx"),
  // The spec's short addresses of the platform-admin pages.
  route("cms", "routes/site/admin-redirect.tsx", { id: "cms-redirect" }),
  route("members", "routes/site/admin-redirect.tsx", { id: "members-redirect" }),
  route("notifications", "routes/site/admin-redirect.tsx", { id: "notifications-redirect" }),

  // Platform admin: its own login and sessions; everything else behind the layout's guard.
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    layout("routes/admin/layout.tsx", [index("routes/admin/index.tsx"), route("dashboard", "routes/admin/dashboard.tsx")]),
  ]),
  // The guests' menu (from a table's QR code) and its photos: no session, no site chrome.
  route("menu/:slug", "routes/site/public-menu.tsx"),
  route("media/menu/:itemId/:hash/:size", "routes/site/menu-photo.ts"),

  // Restaurant app: /app is the login/register page, everything below needs a session.
  route("app", "routes/restaurant/entry.tsx"),
  route("app/trial-banner", "routes/restaurant/trial-banner.tsx"),
  route("app/email-verification", "routes/restaurant/email-verification.ts"),
  layout("routes/restaurant/layout.tsx", [
    route("app/welcome", "routes/restaurant/welcome.tsx"),
    route("app/role-selection", "routes/restaurant/role-selection.tsx"),
    route("app/staff", "routes/restaurant/staff-panel.tsx"),
    route("app/order-taking", "routes/restaurant/order-taking.tsx"),
    route("app/payments", "routes/restaurant/payments.tsx", { id: "app-payments" }),
    route("payments", "routes/restaurant/payments.tsx", { id: "payments" }),
    route("app/premium-application", "routes/restaurant/premium-application.tsx"),
    // The kitchen's read-only screen (not a manager page: the kitchen role opens it).
    route("app/kitchen", "routes/restaurant/kitchen.tsx"),
    // One's own account: every role.
    route("app/profile", "routes/restaurant/profile.tsx"),
    layout("routes/restaurant/manager-layout.tsx", [
      route("app/admin", "routes/restaurant/manager-panel.tsx"),
      route("app/manager-password", "routes/restaurant/manager-password.tsx"),
      route("app/menu-management", "routes/restaurant/menu-management/route.tsx"),
      route("app/staff-management", "routes/restaurant/staff-management.tsx"),
      route("app/stock-management", "routes/restaurant/stock-management/route.tsx"),
      route("app/discounts", "routes/restaurant/discounts/route.tsx"),
      route("app/settings", "routes/restaurant/settings/route.tsx"),
      route("app/table-management", "routes/restaurant/table-management/route.tsx"),
      route("app/plans", "routes/restaurant/plans.tsx"),
      route("app/invoices/:id/pdf", "routes/restaurant/invoice-pdf.ts"),
      route("app/qr-menu", "routes/restaurant/qr-menu/route.tsx"),
      route("app/qr-menu/download", "routes/restaurant/qr-menu/download.ts"),
      route("app/qr-menu/tables", "routes/restaurant/qr-menu/tables.tsx"),
      route("app/data-export", "routes/restaurant/data-export.tsx"),
      route("app/data-export/download", "routes/restaurant/data-export-download.ts"),
      route("app/reservations", "routes/restaurant/reservations/route.tsx"),
      route("app/detailed-reports", "routes/restaurant/detailed-reports/route.tsx"),
    ]),
    route("app/:section", "routes/restaurant/coming-soon.tsx"),
    route("app/*", "routes/restaurant/not-found.tsx"),
  ]),

  // JSON API
  ...prefix("api", [
    // The spec names two addresses for each: one module answers both.
    route("public/signup", "routes/api/signup.ts", { id: "api-public-signup" }),
    route("public/login", "routes/api/login.ts", { id: "api-public-login" }),
    route("public/plans", "routes/api/public-plans.ts"),
    route("auth/login", "routes/api/login.ts", { id: "api-auth-login" }),
    route("auth/register", "routes/api/signup.ts", { id: "api-auth-register" }),
    route("auth/forgot-password", "routes/api/auth-forgot-password.ts"),
    route("auth/reset-password", "routes/api/auth-reset-password.ts"),
    route("admin/login", "routes/api/admin-login.ts"),
    route("admin/logout", "routes/api/admin-logout.ts"),
    // The platform admin's endpoints: the layout's middleware wants an admin session.
    layout("routes/api/admin-authenticated.ts", [route("admin/me", "routes/api/admin-me.ts")]),
    // Checks its own session (decision 009).
    route("tables", "routes/api/tables.ts"),
    // Everything else needs a restaurant session: the layout's middleware checks it.
    layout("routes/api/authenticated.ts", [
      route("auth/logout", "routes/api/auth-logout.ts"),
      route("auth/me", "routes/api/auth-me.ts"),
      route("auth/admin-password", "routes/api/auth-admin-password.ts"),
      route("auth/verify-admin-password", "routes/api/auth-verify-admin-password.ts"),
      route("auth/change-admin-password", "routes/api/auth-change-admin-password.ts"),
      route("trial/status", "routes/api/trial-status.ts"),
      route("trial/check-feature/:feature", "routes/api/trial-check-feature.ts"),
      route("trial/extend", "routes/api/trial-extend.ts"),
      route("trial/upgrade", "routes/api/trial-upgrade.ts"),
      route("tables/:number/status", "routes/api/table-status.ts"),
      route("reports/daily", "routes/api/reports-daily.ts"),
      route("reports/detailed", "routes/api/reports-detailed.ts"),
      route("reports/export", "routes/api/reports-export.ts"),
      route("menu", "routes/api/menu.ts"),
      route("menu/:id", "routes/api/menu-item.ts"),
      route("orders", "routes/api/orders.ts"),
      route("orders/table/:number", "routes/api/orders-table.ts"),
      route("orders/table/:number/update", "routes/api/orders-table-update.ts"),
      route("orders/:id/pay", "routes/api/orders-pay.ts"),
      route("application/submit", "routes/api/application-submit.ts"),
      route("application/status", "routes/api/application-status.ts"),
      route("staff", "routes/api/staff.ts"),
      route("staff/:id", "routes/api/staff-member.ts"),
      route("stock", "routes/api/stock.ts"),
      route("stock/:id", "routes/api/stock-item.ts"),
      route("discounts", "routes/api/discounts.ts"),
      route("discounts/:id", "routes/api/discount.ts"),
      route("restaurant/settings", "routes/api/restaurant-settings.ts"),
      route("table-sections", "routes/api/table-sections.ts"),
      route("table-sections/:id", "routes/api/table-section.ts"),
      route("table-configurations", "routes/api/table-configurations.ts"),
      route("table-configurations/:id", "routes/api/table-configuration.ts"),
      route("enhanced-table-status", "routes/api/enhanced-table-status.ts"),
      route("enhanced-table-status/:id", "routes/api/enhanced-table-status-set.ts"),
      route("migrate-legacy-tables", "routes/api/migrate-legacy-tables.ts"),
      route("billing/usage", "routes/api/billing-usage.ts"),
      route("billing/invoices", "routes/api/billing-invoices.ts"),
      route("billing/payment-methods", "routes/api/billing-payment-methods.ts"),
      route("billing/change-plan", "routes/api/billing-change-plan.ts"),
      route("qr-menu", "routes/api/qr-menu.ts"),
      route("reservations", "routes/api/reservations.ts"),
      route("reservations/:id", "routes/api/reservation.ts"),
    ]),
    route("*", "routes/api/not-found.ts"),
  ]),

  // Any other path goes home.
  route("*", "routes/site/catch-all.tsx"),
] satisfies RouteConfig;
