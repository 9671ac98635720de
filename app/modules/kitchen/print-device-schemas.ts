// Zod schemas of the print devices' API (decision 080).
import { z } from "zod";

import { CLIENT_KEY } from "~/utils/idempotency-key";
import { requiredText, idField } from "~/utils/validation";
import { MAX_PRINT_DEVICE_NAME, PRINT_DEVICE_NOT_FOUND, PRINT_TICKET_NOT_FOUND } from "./print-devices";
import { PRINT_DEVICE_CHOOSE, PRINT_DOCUMENT_NOT_FOUND, PRINT_FORM_STALE, PRINTED_WHICH } from "./print-documents";

export const PrintDeviceIdParam = idField(PRINT_DEVICE_NOT_FOUND);

/** POST /api/print-devices (manager mode): a name, the station it prints for, an idempotency key. */
export const CreatePrintDeviceSchema = z.object({
  name: requiredText("Cihaz adı", { max: MAX_PRINT_DEVICE_NAME }),
  station_id: idField("İstasyon geçersiz."),
  client_id: z
    .string({ error: "İstemci anahtarı metin olmalıdır." })
    .regex(CLIENT_KEY, "İstemci anahtarı 8-64 harf, rakam, - veya _ olmalıdır.")
    .optional(),
});

/** POST /api/print-devices/me/printed (the agent): the ticket, or the document (decision 089), it has just printed. */
export const PrintedSchema = z
  .object({ ticket_id: idField(PRINT_TICKET_NOT_FOUND).optional(), document_id: idField(PRINT_DOCUMENT_NOT_FOUND).optional() })
  .refine((v) => (v.ticket_id === undefined) !== (v.document_id === undefined), { message: PRINTED_WHICH });

/**
 * "Yazıcıya gönder" on the adisyon and on a receipt (decision 089): which of the restaurant's devices,
 * and the key the page rendered into the form (a double tap, a resent form: one request).
 */
export const PrintRequestFormSchema = z.object({
  device_id: idField(PRINT_DEVICE_CHOOSE),
  request_key: z.string({ error: PRINT_FORM_STALE }).regex(CLIENT_KEY, PRINT_FORM_STALE),
});
