// "No setting is shown that nothing reads" (issue 20, decision 065): every field of the settings
// contract is in SETTINGS_READERS, every reader named there really reads the column, and the
// settings form renders exactly the fields that have a reader.
import { readFileSync } from "node:fs";
import path from "node:path";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { NOTIFICATION_KEYS, SETTINGS_READERS } from "~/modules/restaurants/settings-rules";
import { UpdateSettingsSchema } from "~/modules/restaurants/settings-schemas";
import type { SettingsView } from "~/modules/restaurants/settings.server";
import { GeneralSettingsForm } from "./general-form";

const ROOT = path.resolve(import.meta.dirname, "../../../..");
const source = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const table: Record<string, { column: string; readers: readonly string[] | null }> = SETTINGS_READERS;

/** The settings contract's fields: the API schema's keys, with the switches as notifications.<key>. */
const contractFields = () =>
  Object.keys(UpdateSettingsSchema.shape)
    .filter((k) => k !== "version")
    .flatMap((k) => (k === "notifications" ? NOTIFICATION_KEYS.map((n) => `notifications.${n}`) : [k]));

/** The Restaurant model's columns, from prisma/schema.prisma. */
function restaurantColumns(): string[] {
  const schema = source("prisma/schema.prisma");
  const model = /model Restaurant \{([\s\S]*?)\n\}/.exec(schema)![1]!;
  return model
    .split("\n")
    .map((line) => /^\s+(\w+)\s+\S/.exec(line)?.[1])
    .filter((name): name is string => Boolean(name));
}

/** Source without comments: a column named only in a comment is not read. */
const code = (file: string) =>
  source(file)
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1");

function renderForm(): string {
  const settings: SettingsView = {
    restaurant_name: "Deneme Lokantası",
    restaurant_type: "restaurant",
    address: null,
    phone: null,
    email: null,
    tax_rate: 10,
    service_charge: 5,
    auto_print_orders: true,
    kitchen_amber_minutes: 10,
    day_start_hour: 5,
    kitchen_red_minutes: 20,
    receipt_footer: null,
    meal_cards: ["Multinet", "Yemekmatik"],
    notifications: Object.fromEntries(NOTIFICATION_KEYS.map((k) => [k, true])) as SettingsView["notifications"],
    version: 1,
  };
  const Stub = createRoutesStub([
    { path: "/app/settings", Component: () => <GeneralSettingsForm settings={settings} actionData={undefined} /> },
  ]);
  return renderToString(<Stub initialEntries={["/app/settings"]} />);
}

describe("settings and the code that reads them", () => {
  it("every field of the settings contract is in SETTINGS_READERS, and nothing else", () => {
    expect(Object.keys(table).sort()).toEqual(contractFields().sort());
  });

  it("every column named is a column of restaurants", () => {
    const columns = restaurantColumns();
    for (const [field, { column }] of Object.entries(table)) expect(columns, field).toContain(column);
  });

  it("each reader file reads its column (outside comments)", () => {
    for (const [field, { column, readers }] of Object.entries(table)) {
      for (const file of readers ?? []) expect(code(file), `${field}: ${file}`).toMatch(new RegExp(`\\b${column}\\b`));
    }
  });

  it("the settings form shows exactly the fields some code reads", () => {
    const html = renderForm();
    const names = new Set([...html.matchAll(/\bname="([^"]+)"/g)].map((m) => m[1]!).filter((n) => n !== "intent" && n !== "version"));
    const read = Object.entries(table)
      .filter(([, { readers }]) => readers !== null)
      .map(([field]) => field);
    expect([...names].sort()).toEqual(read.sort());
    for (const [field, { readers }] of Object.entries(table)) if (readers === null) expect(html, field).not.toContain(`name="${field}"`);
  });
});
