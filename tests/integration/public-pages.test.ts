// What search engines and Lighthouse read on the public site.
import { describe, expect, it } from "vitest";
import { api } from "../setup/api";

describe("public pages", () => {
  it.each(["/", "/pricing", "/signup", "/login", "/app"])("%s has a title and a meta description of its own", async (path) => {
    const res = await api(path);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<title>[^<]+— Sofra|Sofra —/);
    const description = /<meta name="description" content="([^"]+)"/.exec(res.text)?.[1];
    expect(description?.length ?? 0, path).toBeGreaterThan(50);
  });

  it.each(["/", "/pricing", "/signup", "/login", "/app", "/app?tab=register"])("%s: headings never skip a level (h1, then h2, then h3)", async (path) => {
    const html = (await api(path)).text;
    const levels = [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
    expect(levels[0], path).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!, `${path}: h${levels[i - 1]} then h${levels[i]}`).toBeLessThanOrEqual(1);
  });

  it("robots.txt is a plain robots file (not a redirect to the home page) that keeps crawlers out of the app", async () => {
    const res = await api("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^User-agent: \*$/m);
    expect(res.text).toMatch(/^Disallow: \/app$/m);
    expect(res.text).toMatch(/^Disallow: \/api\/$/m);
  });
});
