// Zod schemas of the kitchen stations' API (decision 077).
import { z } from "zod";

import { CLIENT_KEY } from "~/utils/idempotency-key";
import { strictNumberInput } from "~/utils/numbers";
import { requiredText } from "~/utils/validation";
import { MAX_STATION_NAME, STATION_NOT_FOUND } from "./stations";

const name = requiredText("İstasyon adı", { max: MAX_STATION_NAME });

const positiveId = (message: string) =>
  z.preprocess(strictNumberInput, z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message));

export const StationIdParam = positiveId(STATION_NOT_FOUND);

/** A station id a category or a delete names (`station_id`, `move_to`). */
export const stationIdField = positiveId("İstasyon geçersiz.");

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
