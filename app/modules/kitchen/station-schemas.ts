// Zod schemas of the kitchen stations' API (decision 077).
import { z } from "zod";

import { CLIENT_KEY } from "~/utils/idempotency-key";
import { strictNumberInput } from "~/utils/numbers";
import { requiredText, idField } from "~/utils/validation";
import { PrintDeviceIdParam } from "./print-device-schemas";
import { MAX_PRINT_DEVICE_NAME } from "./print-devices";
import { MAX_STATION_NAME, STATION_NOT_FOUND } from "./stations";

const name = requiredText("İstasyon adı", { max: MAX_STATION_NAME });

export const StationIdParam = idField(STATION_NOT_FOUND);

/** A station id a category or a delete names (`station_id`, `move_to`). */
export const stationIdField = idField("İstasyon geçersiz.");

const clientKey = z
  .string({ error: "İstemci anahtarı metin olmalıdır." })
  .regex(CLIENT_KEY, "İstemci anahtarı 8-64 harf, rakam, - veya _ olmalıdır.");

/** POST /api/stations. */
export const CreateStationSchema = z.object({ name, client_id: clientKey.optional() });

/** PUT /api/stations/{id}: `name` and/or `position` (the target place, 0 = first); `version` refuses a stale edit (409). */
export const UpdateStationSchema = z
  .object({
    name: name.optional(),
    position: z
      .number({ error: "Sıra (position) bir sayı olmalıdır." })
      .int("Sıra (position) tam sayı olmalıdır.")
      .min(0, "Sıra (position) 0 ya da daha büyük olmalıdır.")
      .max(1000, "Sıra (position) geçersiz.")
      .optional(),
    version: z
      .number({ error: "Sürüm numarası bir sayı olmalıdır." })
      .int("Sürüm numarası tam sayı olmalıdır.")
      .positive("Sürüm numarası geçersiz.")
      .optional(),
  })
  .refine((v) => v.name !== undefined || v.position !== undefined, "Güncellenecek en az bir alan gönderin: name, position.");

/** DELETE /api/stations/{id}: `move_to` (another station's id) for a station that still has categories. */
export const DeleteStationSchema = z.object({ move_to: stationIdField.nullable().optional() });

const formKey = z
  .unknown()
  .optional()
  .transform((key) => (typeof key === "string" && CLIENT_KEY.test(key) ? key : null));
const formPosition = z.preprocess(strictNumberInput, z.number({ error: "Sıra numarası geçersiz." }).int().min(0).max(1000));
const formVersion = z.preprocess(strictNumberInput, z.number({ error: "Sürüm numarası geçersiz." }).int().positive());
const formMoveTo = z.preprocess((v) => (v === "" || v === undefined ? null : v), stationIdField.nullable());

/** The stations screen's forms (manager mode): stations, and the print devices of each (decisions 077, 080). */
export const StationsPageFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("station-create"), name, create_key: formKey }),
    z.object({ intent: z.literal("station-rename"), id: StationIdParam, version: formVersion, name }),
    z.object({ intent: z.literal("station-move"), id: StationIdParam, to: formPosition }),
    z.object({ intent: z.literal("station-delete"), id: StationIdParam, move_to: formMoveTo }),
    z.object({
      intent: z.literal("device-create"),
      station_id: stationIdField,
      name: requiredText("Cihaz adı", { max: MAX_PRINT_DEVICE_NAME }),
      create_key: formKey,
    }),
    z.object({ intent: z.literal("device-delete"), id: PrintDeviceIdParam }),
  ],
  { error: "Geçersiz işlem." },
);
export type StationsPageForm = z.output<typeof StationsPageFormSchema>;
