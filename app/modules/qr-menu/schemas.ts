// The QR menu's one input, shared by the page's generate form and POST /api/qr-menu.
import { z } from "zod";
import { MAX_MENU_URL, QR_MESSAGES } from "./rules";

/** An absolute http(s) address of at most MAX_MENU_URL characters (other schemes, javascript: among them, are refused). */
export const menuUrlField = z
  .string({ error: (i) => (i.input == null ? QR_MESSAGES.urlRequired : QR_MESSAGES.urlNotText) })
  .trim()
  .min(1, QR_MESSAGES.urlRequired)
  .max(MAX_MENU_URL, QR_MESSAGES.urlTooLong)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, QR_MESSAGES.urlInvalid);

export const QrMenuSchema = z.object({ menu_url: menuUrlField });
