// `npm run lint` (and `npm test`): typescript-eslint's recommended rules and
// React's rules of hooks. Formatting is Prettier's job (`npm run format`).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
  // Layers (decision 074): utils < modules < routes. A lower layer never imports a higher one, and
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
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/routes/**", "**/routes/**"], message: "A module never imports a route (routes call modules)." }] },
      ],
    },
  },
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
