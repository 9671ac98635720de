// Notifications' schemas: the admin's send (JSON API and the page's form) and the inbox's forms.
import { z } from "zod";
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { BAD_INTENT } from "~/utils/page-reply";
import { enumField, strictNumberInput } from "~/utils/validation";
import { BLANK_FIELDS, MAX_MESSAGE, MAX_RECIPIENTS, MAX_TITLE, MEMBER_FILTERS, NO_RECIPIENTS, NOTIFICATION_TYPES } from "./rules";

/** Title and message: any blank one is the spec's single message. */
const text = (max: number, label: string) =>
  z
    .string({ error: BLANK_FIELDS })
    .trim()
    .min(1, BLANK_FIELDS)
    .max(max, `${label} en fazla ${max.toLocaleString("tr-TR")} karakter olabilir.`);

const title = text(MAX_TITLE, "Başlık");
const message = text(MAX_MESSAGE, "Mesaj");
const type = enumField("Bildirim türü", NOTIFICATION_TYPES, { defaultValue: "info" });

const BAD_RECIPIENT = "Alıcı numaraları pozitif tam sayı olmalıdır.";
const recipientId = z.preprocess(
  strictNumberInput,
  z.number({ error: BAD_RECIPIENT }).int(BAD_RECIPIENT).positive(BAD_RECIPIENT).max(2_147_483_647, BAD_RECIPIENT),
);
const TOO_MANY = `Tek seferde en fazla ${MAX_RECIPIENTS.toLocaleString("tr-TR")} alıcı seçilebilir.`;

const jsonBoolean = (label: string) => z.boolean({ error: `${label} true ya da false olmalıdır.` });

/**
 * POST /api/admin/send-notification. Unknown member ids are dropped (a member deleted since the
 * list was read must not make the whole send fail); none left is the "no recipient" 400.
 */
export const SendNotificationSchema = z.object({
  title,
  message,
  type,
  recipients: z.array(recipientId, { error: NO_RECIPIENTS }).min(1, NO_RECIPIENTS).max(MAX_RECIPIENTS, TOO_MANY),
  send_email: jsonBoolean("send_email").default(true),
  send_push: jsonBoolean("send_push").default(false),
});
export type SendNotificationInput = z.infer<typeof SendNotificationSchema>;

/** A form checkbox: "on" when ticked, absent (undefined after Conform) when not. */
const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());
/** Conform gives one ticked box as a string and several as an array. */
const ids = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(recipientId).max(MAX_RECIPIENTS, TOO_MANY));

/**
 * The admin page's send form. `select_all` ("Tümünü seç") means every member that matches
 * `filter`, resolved when the send is recorded: it works without JavaScript, where ticking a
 * thousand boxes is not an option.
 */
export const SendFormSchema = z
  .object({
    title,
    message,
    type,
    recipients: ids,
    select_all: checkbox,
    filter: enumField("Üye filtresi", MEMBER_FILTERS, { defaultValue: "all" }),
    send_email: checkbox,
    send_push: checkbox,
    send_key: z.string({ error: "Form anahtarı eksik." }).regex(CLIENT_KEY, "Form anahtarı geçersiz."),
  })
  .superRefine((form, ctx) => {
    if (!form.select_all && form.recipients.length === 0) ctx.addIssue({ code: "custom", path: ["recipients"], message: NO_RECIPIENTS });
  });
export type SendFormInput = z.infer<typeof SendFormSchema>;

const BAD_ID = "Bildirim numarası geçersiz.";
export const NotificationIdSchema = z.preprocess(
  strictNumberInput,
  z.number({ error: BAD_ID }).int(BAD_ID).positive(BAD_ID).max(2_147_483_647, BAD_ID),
);

/** The inbox's forms: mark one read, mark all read. */
export const InboxFormSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("read"), id: NotificationIdSchema }), z.object({ intent: z.literal("read-all") })],
  { error: BAD_INTENT },
);
