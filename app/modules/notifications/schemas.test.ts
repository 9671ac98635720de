import { describe, expect, it } from "vitest";
import { BLANK_FIELDS, MAX_TITLE, NO_RECIPIENTS } from "./rules";
import { SendFormSchema, SendNotificationSchema } from "./schemas";

const api = { title: "Duyuru", message: "Mesaj", recipients: [1] };
const form = { title: "Duyuru", message: "Mesaj", type: "info", filter: "all", send_key: "anahtar-12345678" };
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("SendNotificationSchema", () => {
  it("defaults: type info, e-mail on, push off", () => {
    expect(SendNotificationSchema.parse(api)).toMatchObject({ type: "info", send_email: true, send_push: false });
  });

  it.each([
    [{ title: "  " }, BLANK_FIELDS],
    [{ message: "" }, BLANK_FIELDS],
    [{ title: undefined }, BLANK_FIELDS],
    [{ recipients: [] }, NO_RECIPIENTS],
    [{ recipients: undefined }, NO_RECIPIENTS],
  ])("%o → %s", (change, message) => {
    expect(firstMessage(SendNotificationSchema.safeParse({ ...api, ...change }))).toBe(message);
  });

  it("fits the title column and refuses ids that are not positive whole numbers", () => {
    expect(SendNotificationSchema.safeParse({ ...api, title: "a".repeat(MAX_TITLE) }).success).toBe(true);
    expect(SendNotificationSchema.safeParse({ ...api, title: "a".repeat(MAX_TITLE + 1) }).success).toBe(false);
    for (const bad of [0, -1, 1.5, "x", null]) expect(SendNotificationSchema.safeParse({ ...api, recipients: [bad] }).success).toBe(false);
  });
});

describe("SendFormSchema", () => {
  it("one ticked box is a list of one; unticked boxes are false", () => {
    expect(SendFormSchema.parse({ ...form, recipients: "7" })).toMatchObject({
      recipients: [7],
      send_email: false,
      send_push: false,
      select_all: false,
    });
  });

  it("needs a recipient unless “Tümünü seç” is ticked", () => {
    expect(firstMessage(SendFormSchema.safeParse(form))).toBe(NO_RECIPIENTS);
    expect(SendFormSchema.parse({ ...form, select_all: "on" })).toMatchObject({ select_all: true, recipients: [] });
  });
});
