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
  route("cms", "routes/admin-redirect.tsx", { id: "cms-redirect" }),
  route("members", "routes/admin-redirect.tsx", { id: "members-redirect" }),
  route("notifications", "routes/admin-redirect.tsx", { id: "notifications-redirect" }),

  // Platform admin: its own login and sessions; everything else behind the layout's guard.
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("members", "routes/admin/members/route.tsx"),
      route("members/:id", "routes/admin/members/detail.tsx"),
      route("applications", "routes/admin/applications/route.tsx"),
      route("invoices", "routes/admin/invoices/route.tsx"),
      route("cms", "routes/admin/cms/route.tsx"),
      route("notifications", "routes/admin/notifications/route.tsx"),
    ]),
  ]),
  // The guests' menu (from a table's QR code) and its photos: no session, no site chrome.
  route("menu/:slug", "routes/site/public-menu.tsx"),
  route("media/menu/:itemId/:hash/:size", "routes/site/menu-photo.ts"),
  route("media/cms/:id/:file", "routes/site/cms-image.ts"),

  // Restaurant app: /app is the login/register page, everything below needs a session.
  route("app", "routes/restaurant/entry.tsx"),
  route("app/trial-banner", "routes/restaurant/trial-banner.tsx"),
  route("app/email-verification", "routes/restaurant/email-verification.ts"),
  route("app/pin", "routes/restaurant/pin.tsx"),
  layout("routes/restaurant/layout.tsx", [
    route("app/welcome", "routes/restaurant/welcome.tsx"),
    route("app/role-selection", "routes/restaurant/role-selection.tsx"),
    route("app/staff", "routes/restaurant/staff-panel.tsx"),
    route("app/order-taking", "routes/restaurant/order-taking.tsx"),
    route("app/payments", "routes/restaurant/payments/route.tsx", { id: "app-payments" }),
    route("payments", "routes/restaurant/payments/route.tsx", { id: "payments" }),
    route("app/premium-application", "routes/restaurant/premium-application.tsx"),
    // The kitchen display and a ticket's 80 mm print view (not manager pages: the kitchen role opens them).
    route("app/kitchen", "routes/restaurant/kitchen/route.tsx"),
    route("app/kitchen/tickets/:id/print", "routes/restaurant/kitchen/print.tsx"),
    // Moving a party, merging tables, moving plates (decision 084): whoever takes orders.
    route("app/table-move", "routes/restaurant/table-move/route.tsx"),
    // Splitting and part-paying a table's bill (decision 086): whoever takes payments.
    route("app/bill", "routes/restaurant/bill/route.tsx"),
    // The table's printed adisyon (80 mm), for whoever takes orders.
    route("app/adisyon", "routes/restaurant/adisyon/route.tsx"),
    // A payment's 80 mm receipt (decision 089), for whoever takes payments.
    route("app/receipt", "routes/restaurant/receipt/route.tsx"),
    // One's own account: every role.
    route("app/profile", "routes/restaurant/profile.tsx"),
    // The platform's notifications to this restaurant: every role reads them.
    route("app/notifications", "routes/restaurant/notifications.tsx"),
    layout("routes/restaurant/manager-layout.tsx", [
      route("app/admin", "routes/restaurant/manager-panel/route.tsx"),
      // The panel's day figures as JSON, for its live reload (no grid, no layouts).
      route("app/admin/figures", "routes/restaurant/manager-panel/figures.ts"),
      route("app/manager-password", "routes/restaurant/manager-password.tsx"),
      route("app/menu-management", "routes/restaurant/menu-management/route.tsx"),
      route("app/staff-management", "routes/restaurant/staff-management/route.tsx"),
      route("app/stock-management", "routes/restaurant/stock-management/route.tsx"),
      route("app/discounts", "routes/restaurant/discounts/route.tsx"),
      route("app/settings", "routes/restaurant/settings/route.tsx"),
      route("app/stations", "routes/restaurant/stations/route.tsx"),
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
      // Gün sonu: the business day's close, its 80 mm and A4 print (decision 088).
      route("app/day-close", "routes/restaurant/day-close/route.tsx"),
      // House accounts, cari hesaplar (decision 087).
      route("app/accounts", "routes/restaurant/accounts/route.tsx"),
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
    layout("routes/api/admin-authenticated.ts", [
      route("admin/me", "routes/api/admin-me.ts"),
      route("admin/metrics", "routes/api/admin-metrics.ts"),
      route("admin/customers", "routes/api/admin-customers.ts"),
      route("admin/customers/:id", "routes/api/admin-customer.ts"),
      route("admin/customers/:id/status", "routes/api/admin-customer-status.ts"),
      route("admin/customers/:id/plan", "routes/api/admin-customer-plan.ts"),
      route("admin/applications", "routes/api/admin-applications.ts"),
      route("admin/applications/approve", "routes/api/admin-applications-approve.ts"),
      route("admin/invoices", "routes/api/admin-invoices.ts"),
      route("admin/invoices/:id/mark-paid", "routes/api/admin-invoice-mark-paid.ts"),
      route("cms/content", "routes/api/cms-content.ts"),
      route("cms/content/:id", "routes/api/cms-content-item.ts"),
      route("cms/images", "routes/api/cms-images.ts"),
      route("cms/images/upload", "routes/api/cms-image-upload.ts"),
      route("cms/images/:id", "routes/api/cms-image.ts"),
      route("admin/send-notification", "routes/api/admin-send-notification.ts"),
      route("admin/notifications", "routes/api/admin-notifications.ts"),
    ]),
    // Checks its own session (decision 009).
    route("tables", "routes/api/tables.ts"),
    // The print agent's endpoints (decision 080): a print device's token, never a session.
    layout("routes/api/print-agent.ts", [
      route("print-devices/me", "routes/api/print-agent-me.ts"),
      route("print-devices/me/tickets", "routes/api/print-agent-tickets.ts"),
      // Documents sent to the device: the adisyon, a payment's receipt (decision 089).
      route("print-devices/me/documents", "routes/api/print-agent-documents.ts"),
      route("print-devices/me/printed", "routes/api/print-agent-printed.ts"),
      route("print-devices/me/events", "routes/api/print-agent-events.ts"),
    ]),
    // Everything else needs a restaurant session: the layout's middleware checks it.
    layout("routes/api/authenticated.ts", [
      route("auth/logout", "routes/api/auth-logout.ts"),
      // Live events of the session's restaurant, as Server-Sent Events (decision 078).
      route("events", "routes/api/events.ts"),
      route("auth/me", "routes/api/auth-me.ts"),
      route("auth/admin-password", "routes/api/auth-admin-password.ts"),
      route("auth/verify-admin-password", "routes/api/auth-verify-admin-password.ts"),
      route("auth/change-admin-password", "routes/api/auth-change-admin-password.ts"),
      route("trial/status", "routes/api/trial-status.ts"),
      route("trial/check-feature/:feature", "routes/api/trial-check-feature.ts"),
      route("trial/extend", "routes/api/trial-extend.ts"),
      route("trial/upgrade", "routes/api/trial-upgrade.ts"),
      route("tables/:number/status", "routes/api/table-status.ts"),
      // Moving people and plates (issue 22, decision 084): one module for both ends.
      route("tables/:number/bill", "routes/api/table-bill.ts"),
      route("tables/:number/payments", "routes/api/table-payments.ts"),
      // Gün sonu (decision 088): manager mode.
      route("day-close", "routes/api/day-close.ts"),
      route("tables/:number/move", "routes/api/table-move.ts", { id: "api-table-move" }),
      route("tables/:number/merge", "routes/api/table-move.ts", { id: "api-table-merge" }),
      route("reports/daily", "routes/api/reports-daily.ts"),
      route("reports/detailed", "routes/api/reports-detailed.ts"),
      route("reports/export", "routes/api/reports-export.ts"),
      route("menu", "routes/api/menu.ts"),
      route("menu/categories", "routes/api/menu-categories.ts"),
      route("menu/categories/:id", "routes/api/menu-category.ts"),
      // Options on order lines (decision 082): read by order taking, changed in manager mode.
      route("menu/option-groups", "routes/api/menu-option-groups.ts"),
      route("menu/option-groups/:id", "routes/api/menu-option-group.ts"),
      route("menu/:id", "routes/api/menu-item.ts"),
      route("stations", "routes/api/stations.ts"),
      route("stations/:id", "routes/api/station.ts"),
      // Print agents of the stations (decision 080): made and deleted in manager mode.
      route("print-devices", "routes/api/print-devices.ts"),
      route("print-devices/:id", "routes/api/print-device.ts"),
      route("kitchen/tickets", "routes/api/kitchen-tickets.ts"),
      route("kitchen/ready", "routes/api/kitchen-ready.ts"),
      route("kitchen/tickets/:id/status", "routes/api/kitchen-ticket-status.ts"),
      route("kitchen/ticket-items/:id/status", "routes/api/kitchen-ticket-item-status.ts"),
      route("orders", "routes/api/orders.ts"),
      route("orders/table/:number", "routes/api/orders-table.ts"),
      route("orders/table/:number/update", "routes/api/orders-table-update.ts"),
      route("orders/:id/pay", "routes/api/orders-pay.ts"),
      route("orders/:id/move-items", "routes/api/order-move-items.ts"),
      route("orders/:id/fiscal", "routes/api/order-fiscal.ts"),
      // House accounts, cari hesap (decision 087): the picker and payments for whoever takes payments, the rest in manager mode.
      route("accounts", "routes/api/accounts.ts"),
      route("accounts/:id", "routes/api/account.ts"),
      route("accounts/:id/statement", "routes/api/account-statement.ts"),
      route("accounts/:id/payments", "routes/api/account-movement.ts", { id: "api-account-payments" }),
      route("accounts/:id/adjustments", "routes/api/account-movement.ts", { id: "api-account-adjustments" }),
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
      route("push/public-key", "routes/api/push-public-key.ts"),
      route("push/subscribe", "routes/api/push-subscribe.ts"),
      route("push/unsubscribe", "routes/api/push-unsubscribe.ts"),
      route("push/status", "routes/api/push-status.ts"),
      route("notifications", "routes/api/notifications.ts"),
      route("notifications/:id/read", "routes/api/notification-read.ts"),
    ]),
    route("*", "routes/api/not-found.ts"),
  ]),

  // Any other path goes home.
  route("*", "routes/site/catch-all.tsx"),
] satisfies RouteConfig;
