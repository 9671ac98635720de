// The shared tablet's forms (decision 071): the PIN pad of /app/pin and the staff form's PIN field.
import { z } from "zod";
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { strictNumberInput } from "~/utils/numbers";
import { BAD_INTENT } from "~/utils/page-reply";
import { DEVICE_NAME_MAX_LENGTH, PIN_FORMAT_MESSAGE, pinProblem } from "./pin-rules";

/** A PIN typed to sign in: only its shape is checked here (whether it is anyone's is not said). */
const typedPin = z
  .string({ error: PIN_FORMAT_MESSAGE })
  .trim()
  .regex(/^[0-9]{4,6}$/, PIN_FORMAT_MESSAGE);

export const PinPadSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("pin"), pin: typedPin }), z.object({ intent: z.literal("switch"), reason: z.enum(["idle"]).optional() })],
  { error: BAD_INTENT },
);

/** A PIN a manager sets for a staff member: 4–6 digits, none of the easy ones. */
export const NewPinField = z
  .string({ error: PIN_FORMAT_MESSAGE })
  .trim()
  .superRefine((pin, ctx) => {
    const problem = pinProblem(pin);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const SharedDeviceFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("make-tablet"),
      key: z.string().regex(CLIENT_KEY, BAD_INTENT),
      name: z
        .string({ error: "Tablet adı gerekli." })
        .trim()
        .min(1, "Tablet adı gerekli.")
        .max(DEVICE_NAME_MAX_LENGTH, `Tablet adı en fazla ${DEVICE_NAME_MAX_LENGTH} karakter olabilir.`),
    }),
    z.object({
      intent: z.literal("revoke-tablet"),
      device_id: z.preprocess(strictNumberInput, z.number({ error: BAD_INTENT }).int(BAD_INTENT).positive(BAD_INTENT)),
    }),
  ],
  { error: BAD_INTENT },
);
