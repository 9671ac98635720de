// Chromium's type=number input drops a typed comma ("72,50" became 7250, issue 20): every field
// that takes a decimal is a text input with inputmode=decimal, read by the server's Turkish parser
// (decision 061). This keeps a new form from bringing the number input back for a decimal.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".tsx") ? [path] : [];
  });
}

/** The props of each element or props object that asks for the decimal keypad. */
function decimalInputs(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/inputMode(?:=|: )["']decimal["']/g)) {
    // The element's (or props object's) text around the attribute: up to the neighbouring tag or object ends.
    const start = Math.max(text.lastIndexOf("<", match.index), text.lastIndexOf("{", match.index));
    const end = text.indexOf(text[start] === "<" ? ">" : "}", match.index);
    found.push(text.slice(start, end));
  }
  return found;
}

describe("decimal inputs", () => {
  it("are text inputs, never type=number", () => {
    const offenders = sources("app").flatMap((file) =>
      decimalInputs(readFileSync(file, "utf8"))
        .filter((props) => /type(?:=|: )["']number["']/.test(props))
        .map(() => file),
    );
    expect(offenders).toEqual([]);
  });

  it("are found where money and quantities are typed", () => {
    const files = sources("app").filter((file) => decimalInputs(readFileSync(file, "utf8")).length > 0);
    for (const screen of ["menu-management", "stock-management", "discounts", "settings", "staff-management"])
      expect(
        files.some((f) => f.includes(screen)),
        screen,
      ).toBe(true);
  });
});
