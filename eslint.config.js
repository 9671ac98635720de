// `npm run lint` (and `npm test`): typescript-eslint's recommended rules and
// React's rules of hooks. Formatting is Prettier's job (`npm run format`).
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Module order (decision 074, addendum): the modules under app/modules, lowest first. A module
// imports only modules before it in this list (and utils); importing one after it fails lint, so
// no two modules can import each other. A new module must be placed here (the check below fails
// otherwise). When a module needs something from a later one, move that piece down (a pure helper
// into app/utils or the lower module) or the caller up; there are no exceptions today.
const MODULE_ORDER = [
  // Foundations: the job queue, and what only enqueues through it or writes alone.
  "jobs",
  "mail",
  "push",
  "audit",
  // Who is asking: sessions, roles, guards, login, the manager password.
  "auth",
  // Live events (decision 078): every area that changes what another screen shows records one.
  "live",
  // Plans, limits, the trial and invoices (reads the session's restaurant and role).
  "billing",
  // Kitchen stations (menu categories name theirs).
  "kitchen",
  // House accounts (decision 087): payments charge bills to them, so they come before orders and payments.
  "accounts",
  // The restaurant's own areas (several check the plan's limits, notifications alert staff).
  "cms",
  "menu",
  "tables",
  "discounts",
  "notifications",
  "staff",
  "orders",
  "payments",
  "stock",
  "reservations",
  "qr-menu",
  // Across those areas: reports, the day's close (reads payments, orders, accounts), the data
  // export, the user's profile, the platform admin.
  "reports",
  "day-close",
  "data-export",
  "profile",
  "admin",
  // Account mail: address verification, password reset, the daily report (reads reports).
  "account",
  // Opening a restaurant (onboarding: owner, trial, starter tables and menu, verification mail)
  // and its settings.
  "restaurants",
  // The job worker: registers every area's job handlers.
  "worker",
];
const unplaced = readdirSync(`${import.meta.dirname}/app/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !MODULE_ORDER.includes(entry.name))
  .map((entry) => entry.name);
if (unplaced.length > 0) throw new Error(`eslint.config.js: place ${unplaced.join(", ")} in MODULE_ORDER (decision 074).`);

const MODULE_NEVER_IMPORTS_ROUTE = {
  group: ["~/routes/**", "**/routes/**"],
  message: "A module never imports a route (routes call modules).",
};
/** `~/modules/<later>/...`, or a relative path into it (`../<later>/...`, `../../modules/<later>/...`). */
const moduleOrderBlocks = MODULE_ORDER.map((name, index) => ({
  files: [`app/modules/${name}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          MODULE_NEVER_IMPORTS_ROUTE,
          ...MODULE_ORDER.slice(index + 1).map((later) => ({
            regex: `^(~/modules/|(\\.\\./)+(modules/)?)${later}(/|$)`,
            message: `Module order (decision 074): ${later} comes after ${name} in MODULE_ORDER (eslint.config.js), so ${name} may not import it. Move the shared piece down, or the caller up.`,
          })),
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "app/generated/", "node_modules/", "test-results/", "playwright-report/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Test helpers read loosely typed JSON answers on purpose.
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  // No inline styles (issue 21's kit, decision 081): a class from the stylesheets (base.css has the
  // tokens and the layout kit), or, for a value known only at render time (a bar's width, a
  // table's place on the floor plan), custom properties through cssVars() (app/utils/css-vars.ts)
  // that the stylesheet reads. On DOM elements and components alike: a component's style prop
  // ends on a DOM element.
  {
    files: ["app/**/*.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXAttribute[name.name='style']:not([value.expression.type='CallExpression'][value.expression.callee.name='cssVars'])",
          message:
            "No inline styles: use a class (app/styles/base.css has the layout kit and tokens), or style={cssVars({ '--name': value })} for a value known only at render time.",
        },
      ],
    },
  },
  // Layers (decision 074): utils < modules < routes, and the modules in MODULE_ORDER. A lower layer never imports a higher one, and
  // routes reach the database only through module functions (tenant first), never Prisma itself.
  {
    files: ["app/utils/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/modules/**", "**/modules/**", "~/routes/**", "**/routes/**"],
              message: "app/utils is the lowest layer: it imports no module or route.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/modules/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [MODULE_NEVER_IMPORTS_ROUTE] }] },
  },
  // ...and among modules, the order above (each block repeats the route pattern: a later block's
  // options replace an earlier one's for the same rule).
  ...moduleOrderBlocks,
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/utils/db.server", "**/utils/db.server", "~/generated/prisma/**", "**/generated/prisma/**", "@prisma/*"],
              message: "Routes never call Prisma: call a module function that takes the restaurantId first.",
            },
          ],
        },
      ],
    },
  },
  // Playwright fixtures are written `async ({}, use) => ...`.
  { files: ["tests/e2e/**"], rules: { "no-empty-pattern": "off" } },
  { files: ["**/*.mjs", "scripts/**", "server/**"], languageOptions: { globals: globals.node } },
  { files: ["app/offline/sw.ts"], languageOptions: { globals: globals.serviceworker } },
);
