// Kitchen printers (decision 080): a print agent (npm run print-agent) is a device of one station
// with a token of its own. Shared by the server, the API and the agent (no server code here).

export const MAX_PRINT_DEVICES = 20;
export const MAX_PRINT_DEVICE_NAME = 60;

/** Every device token starts with this, so a log or a support call tells it from a session token. */
export const PRINT_TOKEN_PREFIX = "spd_";

/** A ticket older than this is not printed any more, whatever happened to the printer. */
export const PRINT_WINDOW_HOURS = 12;
/** The unprinted list answers at most this many tickets at once (the agent asks again). */
export const UNPRINTED_LIMIT = 50;

export const PRINT_DEVICE_NOT_FOUND = "Yazıcı cihazı bulunamadı; silinmiş olabilir.";
export const TOO_MANY_PRINT_DEVICES = `En fazla ${MAX_PRINT_DEVICES} yazıcı cihazı oluşturabilirsiniz.`;
export const PRINT_TOKEN_REQUIRED = "Yazıcı cihaz anahtarı gerekli (Authorization: Bearer <anahtar>).";
export const PRINT_TOKEN_INVALID = "Yazıcı cihaz anahtarı geçersiz ya da cihaz silinmiş.";
export const PRINT_TICKET_NOT_FOUND = "Fiş bu yazıcının istasyonunda bulunamadı.";
export const TOKEN_SHOWN_ONCE = "Cihaz anahtarı yalnızca ilk yanıtta gösterilir. Kaybolduysa bu cihazı silip yeni bir cihaz oluşturun.";

/** A print device as the manager's API shows it (never its token). */
export interface PrintDeviceDto {
  id: number;
  name: string;
  station: { id: number; name: string };
  created_at: string;
  /** The agent's last call (within a minute), or null when it never called. */
  last_seen_at: string | null;
}
