// Every value a user may enter fits every column it is copied into. The limits are read from the
// database (information_schema) and from the Zod schemas, so neither side can change alone.
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { SignupSchema } from "~/modules/restaurants/onboarding-schemas";
import { ApplicationSchema } from "~/modules/billing/application-schema";
import { ReviewSchema } from "~/modules/billing/review-schemas";
import { CreateContentSchema, ImageFieldsSchema, SettingsSchema } from "~/modules/cms/schemas";
import { AdjustmentSchema, CreateAccountSchema, PaymentSchema } from "~/modules/accounts/schemas";
import { CreateDiscountSchema } from "~/modules/discounts/schemas";
import { CreateMenuItemSchema } from "~/modules/menu/schemas";
import { CreateOptionGroupSchema, OptionSchema } from "~/modules/menu/option-schemas";
import { MAX_LINE_OPTIONS } from "~/modules/menu/options";
import { SubscribeSchema } from "~/modules/push/schemas";
import { SendNotificationSchema } from "~/modules/notifications/schemas";
import { TakeAwayFields } from "~/modules/orders/schemas";
import { CreateStaffSchema } from "~/modules/staff/schemas";
import { ConfigurationSchema, SectionSchema } from "~/modules/tables/schemas";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { signupPayload, type Tenant } from "../setup/factories";
import { expireTrial, menuOf, payOrder, postOrder } from "../setup/floor";

/** The schema's maximum length of a text field: the tightest string max anywhere in its pipes, preprocess and optionals. */
function maxOf(schema: z.ZodObject, field: string): number {
  const found: number[] = [];
  const walk = (s: any, depth: number) => {
    if (!s || depth > 8) return;
    if (typeof s.maxLength === "number") found.push(s.maxLength);
    for (const k of ["in", "out", "schema", "innerType"]) walk(s.def?.[k], depth + 1);
  };
  walk(schema.shape[field], 0);
  if (found.length === 0) throw new Error(`no max length on ${field}`);
  return Math.min(...found);
}

let columns: Map<string, number>;
const columnMax = (table: string, column: string) => {
  const n = columns.get(`${table}.${column}`);
  if (n === undefined) throw new Error(`no column ${table}.${column}`);
  return n;
};

beforeAll(async () => {
  const rows = await prisma.$queryRaw<{ t: string; c: string; n: bigint | number }[]>`
    SELECT TABLE_NAME AS t, COLUMN_NAME AS c, CHARACTER_MAXIMUM_LENGTH AS n
    FROM information_schema.COLUMNS
    WHERE TABLE_SCHEMA = DATABASE() AND CHARACTER_MAXIMUM_LENGTH IS NOT NULL`;
  columns = new Map(rows.map((r) => [`${r.t}.${r.c}`, Number(r.n)]));
});

// value entered (its longest form) → every column it is copied into.
const COPIES = () => {
  const first = maxOf(SignupSchema, "first_name");
  const last = maxOf(SignupSchema, "last_name");
  const fullName = first + 1 + last; // `${firstName} ${lastName}`
  const email = maxOf(SignupSchema, "email");
  const phone = maxOf(SignupSchema, "phone");
  return [
    { value: "signup first_name", length: first, into: [["users", "firstName"]] },
    { value: "signup last_name", length: last, into: [["users", "lastName"]] },
    {
      value: "owner's full name",
      length: fullName,
      into: [
        ["orders", "waiterName"],
        ["tables", "waiterName"],
        ["payments", "takenByName"],
        ["premium_applications", "ownerName"],
        ["order_events", "userName"],
        ["house_account_movements", "createdByName"],
      ],
    },
    { value: "iptal/ikram note", length: maxOf(TakeAwayFields, "note"), into: [["order_events", "note"]] },
    { value: "discount name", length: maxOf(CreateDiscountSchema, "name"), into: [["discounts", "name"]] },
    {
      value: "discount code",
      length: maxOf(CreateDiscountSchema, "code"),
      into: [
        ["discounts", "code"],
        ["payments", "discountCode"],
      ],
    },
    {
      value: "signup email",
      length: email,
      into: [
        ["users", "email"],
        ["restaurants", "email"],
        ["premium_applications", "ownerEmail"],
      ],
    },
    {
      value: "signup phone",
      length: phone,
      into: [
        ["users", "phone"],
        ["restaurants", "phone"],
        ["premium_applications", "ownerPhone"],
      ],
    },
    {
      value: "menu item name",
      length: maxOf(CreateMenuItemSchema, "name"),
      into: [
        ["menu_items", "name"],
        ["order_items", "menuItemName"],
        ["order_events", "menuItemName"],
      ],
    },
    { value: "menu item description", length: maxOf(CreateMenuItemSchema, "description"), into: [["menu_items", "description"]] },
    { value: "menu item create key", length: 64, into: [["menu_items", "createKey"]] },
    // Options on order lines (decision 082): the names are copied into each line's JSON snapshot (TEXT).
    { value: "option group name", length: maxOf(CreateOptionGroupSchema, "name"), into: [["menu_option_groups", "name"]] },
    { value: "option name", length: maxOf(OptionSchema, "name"), into: [["menu_options", "name"]] },
    // A draft line's chosen ids, "<id>,<id>…": at most MAX_LINE_OPTIONS ids of up to 10 digits.
    { value: "draft line option ids", length: MAX_LINE_OPTIONS * 11 - 1, into: [["order_draft_items", "optionIds"]] },
    { value: "signup restaurant_name", length: maxOf(SignupSchema, "restaurant_name"), into: [["restaurants", "name"]] },
    // A staff account's names are copied like the owner's when it takes orders and payments.
    { value: "staff first_name", length: maxOf(CreateStaffSchema, "first_name"), into: [["users", "firstName"]] },
    { value: "staff last_name", length: maxOf(CreateStaffSchema, "last_name"), into: [["users", "lastName"]] },
    {
      value: "staff full name",
      length: maxOf(CreateStaffSchema, "first_name") + 1 + maxOf(CreateStaffSchema, "last_name"),
      into: [
        ["orders", "waiterName"],
        ["tables", "waiterName"],
        ["payments", "takenByName"],
        ["order_events", "userName"],
        ["house_account_movements", "createdByName"],
      ],
    },
    { value: "staff email", length: maxOf(CreateStaffSchema, "email"), into: [["users", "email"]] },
    { value: "staff phone", length: maxOf(CreateStaffSchema, "phone"), into: [["users", "phone"]] },
    { value: "staff shift_hours", length: maxOf(CreateStaffSchema, "shift_hours"), into: [["users", "shiftHours"]] },
    {
      value: "application restaurant_name",
      length: maxOf(ApplicationSchema, "restaurant_name"),
      into: [["premium_applications", "restaurantName"]],
    },
    { value: "admin's review notes", length: maxOf(ReviewSchema, "admin_notes"), into: [["premium_applications", "adminNotes"]] },
    { value: "review decision key", length: maxOf(ReviewSchema, "decision_key"), into: [["premium_applications", "decisionKey"]] },
    { value: "table section name", length: maxOf(SectionSchema, "name"), into: [["table_sections", "name"]] },
    { value: "table section description", length: maxOf(SectionSchema, "description"), into: [["table_sections", "description"]] },
    {
      value: "table identifier",
      length: maxOf(ConfigurationSchema, "table_identifier"),
      into: [["table_configurations", "tableIdentifier"]],
    },
    { value: "table display name", length: maxOf(ConfigurationSchema, "display_name"), into: [["table_configurations", "displayName"]] },
    { value: "cms content title", length: maxOf(CreateContentSchema, "title"), into: [["cms_contents", "title"]] },
    { value: "cms content text", length: maxOf(CreateContentSchema, "content"), into: [["cms_contents", "content"]] },
    { value: "cms image title", length: maxOf(ImageFieldsSchema, "title"), into: [["cms_images", "title"]] },
    { value: "cms image alt text", length: maxOf(ImageFieldsSchema, "alt_text"), into: [["cms_images", "altText"]] },
    { value: "site contact e-mail", length: maxOf(SettingsSchema, "contact_email"), into: [["site_settings", "contactEmail"]] },
    { value: "site contact phone", length: maxOf(SettingsSchema, "contact_phone"), into: [["site_settings", "contactPhone"]] },
    { value: "site address", length: maxOf(SettingsSchema, "address"), into: [["site_settings", "address"]] },
    { value: "site instagram", length: maxOf(SettingsSchema, "instagram_url"), into: [["site_settings", "instagramUrl"]] },
    { value: "site facebook", length: maxOf(SettingsSchema, "facebook_url"), into: [["site_settings", "facebookUrl"]] },
    { value: "push endpoint", length: maxOf(SubscribeSchema, "endpoint"), into: [["push_subscriptions", "endpoint"]] },
    { value: "push p256dh", length: maxOf(SubscribeSchema.shape.keys, "p256dh"), into: [["push_subscriptions", "p256dh"]] },
    { value: "push auth", length: maxOf(SubscribeSchema.shape.keys, "auth"), into: [["push_subscriptions", "auth"]] },
    { value: "notification title", length: maxOf(SendNotificationSchema, "title"), into: [["notifications", "title"]] },
    // TEXT holds 65,535 bytes: the longest message in 4-byte characters must fit.
    { value: "notification message (bytes)", length: 4 * maxOf(SendNotificationSchema, "message"), into: [["notifications", "message"]] },
    { value: "notification send key", length: 64, into: [["notifications", "sendKey"]] },
    // House accounts (decision 087).
    { value: "house account name", length: maxOf(CreateAccountSchema, "name"), into: [["house_accounts", "name"]] },
    { value: "house account phone", length: maxOf(CreateAccountSchema, "phone"), into: [["house_accounts", "phone"]] },
    { value: "house account note", length: maxOf(CreateAccountSchema, "note"), into: [["house_accounts", "note"]] },
    { value: "account payment note", length: maxOf(PaymentSchema, "note"), into: [["house_account_movements", "note"]] },
    { value: "account adjustment note", length: maxOf(AdjustmentSchema, "note"), into: [["house_account_movements", "note"]] },
    { value: "account movement key", length: 64, into: [["house_account_movements", "movementKey"]] },
  ] as const;
};

describe("column sizes", () => {
  it("every entered value's maximum fits every column it is copied into", () => {
    const tooLong: string[] = [];
    for (const copy of COPIES()) {
      for (const [table, column] of copy.into) {
        const max = columnMax(table, column);
        if (copy.length > max) tooLong.push(`${copy.value} (${copy.length}) > ${table}.${column} (${max})`);
      }
    }
    expect(tooLong).toEqual([]);
  });

  it("an owner with the longest names signs up, takes an order, pays it and applies for premium: no 500", async () => {
    const first = "Ö".repeat(maxOf(SignupSchema, "first_name"));
    const last = "Ş".repeat(maxOf(SignupSchema, "last_name"));
    const payload = signupPayload({ first_name: first, last_name: last });
    const signup = await api("/api/public/signup", { body: payload });
    expect(signup.status, signup.text).toBe(201);
    const tenant: Tenant = {
      token: signup.json.access_token,
      email: payload.email as string,
      password: payload.password as string,
      userId: signup.json.user.id,
      restaurantId: signup.json.restaurant.id,
      restaurantName: signup.json.restaurant.name,
    };

    const menu = Object.values(await menuOf(tenant));
    const order = await postOrder(tenant, { table_number: 1, items: [{ menu_item_id: menu[0]!.id, quantity: 1 }] });
    expect(order.status, order.text).toBe(201);
    expect(order.json.waiter_name).toBe(`${first} ${last}`);
    const paid = await payOrder(tenant, order.json.id);
    expect(paid.status, paid.text).toBe(200);

    await expireTrial(tenant);
    const application = await api("/api/application/submit", {
      token: tenant.token,
      body: { restaurant_name: "A".repeat(maxOf(ApplicationSchema, "restaurant_name")), requested_plan: "pro" },
    });
    expect(application.status, application.text).toBe(201);
    const row = await prisma.premiumApplication.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId } });
    expect(row.ownerName).toBe(`${first} ${last}`);
  });
});
