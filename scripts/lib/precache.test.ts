import { describe, expect, it } from "vitest";
import { appFiles, isPublicSource, publicFiles } from "./precache";

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = [], css: string[] = []) => ({
  type: "chunk" as const,
  fileName,
  facadeModuleId,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

describe("publicFiles", () => {
  it("follows the public site's chunks and their static imports and CSS, and leaves the app out", () => {
    const bundle = {
      "assets/entry.client-1.js": chunk("assets/entry.client-1.js", "/p/app/entry.client.tsx", ["assets/react-1.js"]),
      "assets/react-1.js": chunk("assets/react-1.js", null),
      "assets/root-1.js": chunk("assets/root-1.js", "/p/app/root.tsx", ["assets/react-1.js"], ["assets/root-1.css"]),
      "assets/home-1.js": chunk("assets/home-1.js", "/p/app/routes/site/home.tsx?route-chunk=main", ["assets/money-1.js"]),
      "assets/money-1.js": chunk("assets/money-1.js", null),
      "assets/order-taking-1.js": chunk("assets/order-taking-1.js", "/p/app/routes/restaurant/order-taking.tsx", [
        "assets/offline-1.js",
        "assets/money-1.js",
      ]),
      "assets/offline-1.js": chunk("assets/offline-1.js", null),
    };
    expect([...publicFiles(bundle)].sort()).toEqual([
      "assets/entry.client-1.js",
      "assets/home-1.js",
      "assets/money-1.js",
      "assets/react-1.js",
      "assets/root-1.css",
      "assets/root-1.js",
    ]);
  });

  it("appFiles lists the rest of the build's JavaScript and CSS", () => {
    const bundle = {
      "assets/root-1.js": chunk("assets/root-1.js", "/p/app/root.tsx"),
      "assets/staff-1.js": chunk("assets/staff-1.js", "/p/app/routes/restaurant/staff-panel.tsx"),
      "assets/staff-1.css": { type: "asset" as const, fileName: "assets/staff-1.css" },
      "manifest.webmanifest": { type: "asset" as const, fileName: "manifest.webmanifest" },
    };
    expect(appFiles(bundle, publicFiles(bundle))).toEqual(["assets/staff-1.css", "assets/staff-1.js"]);
  });

  it("appFiles leaves the platform-admin zone's own chunks and CSS out (no waiter's phone needs them)", () => {
    const bundle = {
      "assets/staff-1.js": chunk("assets/staff-1.js", "/p/app/routes/restaurant/staff-panel.tsx", ["assets/forms-1.js"]),
      "assets/forms-1.js": chunk("assets/forms-1.js", null),
      "assets/dashboard-1.js": chunk(
        "assets/dashboard-1.js",
        "/p/app/routes/admin/dashboard.tsx",
        ["assets/forms-1.js"],
        ["assets/admin-1.css"],
      ),
      "assets/admin-1.css": { type: "asset" as const, fileName: "assets/admin-1.css" },
    };
    expect(appFiles(bundle, publicFiles(bundle))).toEqual(["assets/forms-1.js", "assets/staff-1.js"]);
  });

  it("knows which sources are public", () => {
    expect(isPublicSource("/x/app/routes/site/pricing.tsx")).toBe(true);
    expect(isPublicSource("/x/app/routes/restaurant/staff-panel.tsx")).toBe(false);
    expect(isPublicSource("/x/app/routes/site/nested/deep.tsx")).toBe(false);
  });
});
