// The layer and module-order rules of eslint.config.js (decision 074), run on probe files: an
// import up the order must fail, one down must pass.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: ROOT });

async function restrictedImports(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("module order", { timeout: 60_000 }, () => {
  it("refuses a module importing a module later in the order", async () => {
    const messages = await restrictedImports(
      "app/modules/auth/probe.ts",
      'import { effectiveBillingClock } from "~/modules/billing/billing.server";\nexport const x = effectiveBillingClock;\n',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("billing comes after auth in MODULE_ORDER");
  });

  it("sees relative paths and type imports too", async () => {
    const code = [
      'import type { SignupArgs } from "../restaurants/onboarding.server";',
      'import { signUp } from "../../modules/restaurants/onboarding.server";',
      "export type A = SignupArgs;",
      "export const b = signUp;",
      "",
    ].join("\n");
    expect(await restrictedImports("app/modules/menu/probe.ts", code)).toHaveLength(2);
  });

  it("lets a module import the modules before it", async () => {
    const code =
      'import { roleAllows } from "~/modules/auth/roles";\nimport { lockRestaurant } from "~/utils/restaurant-lock.server";\nexport const x = [roleAllows, lockRestaurant];\n';
    expect(await restrictedImports("app/modules/billing/probe.ts", code)).toEqual([]);
  });

  it("still refuses routes in modules and modules in utils", async () => {
    expect(await restrictedImports("app/modules/worker/probe.ts", 'import "~/routes/site/home";\n')).toHaveLength(1);
    expect(await restrictedImports("app/utils/probe.ts", 'import "~/modules/jobs/jobs.server";\n')).toHaveLength(1);
  });
});
