// The CSS system of base.css (issue 21's kit): three breakpoints, colours only as tokens, and no
// var() of a custom property nobody sets. Custom properties cannot be used in a media query and
// stylelint is not a dependency, so this reads the stylesheets itself.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(import.meta.dirname, "../app");

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" ? [] : files(full, ext);
    return ext.test(e.name) ? [full] : [];
  });
}

const stylesheets = files(APP, /\.css$/).map((file) => ({
  name: path.relative(APP, file),
  // Comments say why; only rules count.
  css: readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, ""),
}));

/** The breakpoints base.css names: min-width at each, max-width just below one. */
const BREAKPOINTS = [600, 760, 1100];
const ALLOWED_WIDTHS = new Set(BREAKPOINTS.flatMap((px) => [`min-width: ${px}px`, `max-width: ${px - 0.02}px`]));

/** Temporary: stylesheets the lead is writing (issue 21) and moves onto the three breakpoints. */
const LEAD_CONVERTS = new Set<string>([]);

/** A stylesheet without its :root blocks (where the tokens are defined). */
const outsideRoot = (css: string) => css.replace(/:root\s*\{[^}]*\}/g, "");

describe("the CSS system", () => {
  it("finds the stylesheets", () => {
    expect(stylesheets.map((s) => s.name)).toContain("styles/base.css");
  });

  it("has three breakpoints: every media query's width is one of them", () => {
    const offenders = stylesheets
      .filter(({ name }) => !LEAD_CONVERTS.has(name))
      .flatMap(({ name, css }) =>
        [...css.matchAll(/\((min|max)-width:\s*([^)]+)\)/g)]
          .map((m) => `${m[1]}-width: ${m[2]!.trim()}`)
          .filter((w) => !ALLOWED_WIDTHS.has(w))
          .map((w) => `${name}: ${w}`),
      );
    expect(offenders).toEqual([]);
  });

  it("writes colours only as tokens (var(--…)), never as literals outside :root", () => {
    const offenders = stylesheets.flatMap(({ name, css }) =>
      [...outsideRoot(css).matchAll(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(/gi)].map((m) => `${name}: ${m[0]}`),
    );
    expect(offenders).toEqual([]);
  });

  it("reads no custom property that nothing sets", () => {
    const declared = new Set(stylesheets.flatMap(({ css }) => [...css.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]!)));
    // Set by components through cssVars() (utils/css-vars.ts).
    for (const file of files(APP, /\.tsx$/)) {
      for (const m of readFileSync(file, "utf8").matchAll(/"(--[\w-]+)"\s*:/g)) declared.add(m[1]!);
    }
    const offenders = stylesheets.flatMap(({ name, css }) =>
      [...css.matchAll(/var\((--[\w-]+)\s*(,)?/g)].filter((m) => !m[2] && !declared.has(m[1]!)).map((m) => `${name}: ${m[1]}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe("the lint rule against inline styles", { timeout: 60_000 }, () => {
  it("refuses a style attribute and lets cssVars() through", async () => {
    const { ESLint } = await import("eslint");
    const eslint = new ESLint({ cwd: path.resolve(APP, "..") });
    const code = [
      'import { cssVars } from "~/utils/css-vars";',
      "export const A = () => <p style={{ margin: 0 }}>a</p>;",
      'export const B = () => <span style={cssVars({ "--fill": "40%" })} />;',
      "",
    ].join("\n");
    const [result] = await eslint.lintText(code, { filePath: path.join(APP, "components/probe.tsx") });
    const messages = result!.messages.filter((m) => m.ruleId === "no-restricted-syntax");
    expect(messages.map((m) => m.line)).toEqual([2]);
  });
});
