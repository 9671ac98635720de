// Pages paint before they hydrate (decision 031): every module a page's scripts
// import is first preloaded at low priority, ahead of React Router's own
// default-priority preloads, so on a slow phone the HTML and CSS come first.
import { describe, expect, it } from "vitest";
import { baseUrl } from "../setup/api";
import { createTenant } from "../setup/factories";
import { getPage } from "../setup/pages";

/** Each modulepreload link's href and fetchpriority, in document order. */
function modulePreloads(html: string): { href: string; priority: string | null }[] {
  return [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi)].map(([tag]) => ({
    href: /\bhref="([^"]+)"/.exec(tag)![1]!,
    priority: /\bfetchpriority="([^"]+)"/i.exec(tag)?.[1]?.toLowerCase() ?? null,
  }));
}

/** The modules the page's inline module script imports (statically and the client entry). */
function importedModules(html: string): string[] {
  return [...html.matchAll(/import(?:\s*\*\s*as\s+\w+\s+from)?\s*\(?\s*"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
}

function expectLowPriorityFirst(html: string) {
  const preloads = modulePreloads(html);
  const imported = importedModules(html);
  expect(imported.length).toBeGreaterThan(1);
  for (const href of new Set([...imported, ...preloads.map((p) => p.href)])) {
    const first = preloads.find((p) => p.href === href);
    expect(first, `${href} is preloaded`).toBeDefined();
    expect(first!.priority, `${href} is first preloaded at low priority`).toBe("low");
  }
}

describe("first paint before hydration", () => {
  it("preloads the landing page's modules at low priority first", async () => {
    const res = await fetch(`${baseUrl()}/`);
    expectLowPriorityFirst(await res.text());
  });

  it("does the same on the waiters' screens", async () => {
    const tenant = await createTenant();
    for (const path of ["/app/role-selection", "/app/order-taking?table=1"]) {
      const page = await getPage(tenant, path);
      expect(page.status, path).toBe(200);
      expectLowPriorityFirst(page.text);
    }
  });
});
