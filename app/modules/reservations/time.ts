// A reservation is entered as the restaurant's local day and clock time and stored as a UTC
// instant (reservedFor), so the clash rule and the floor grid compare instants. Pure: no zod.

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsOf(date: Date, timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(date).map((x) => [x.type, x.value]));
  return { year: +p.year!, month: +p.month!, day: +p.day!, hour: +p.hour!, minute: +p.minute!, second: +p.second! };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The local "YYYY-MM-DD" and "HH:MM" of an instant in the zone. */
export function toLocal(instant: Date, timeZone: string): { date: string; time: string } {
  const p = partsOf(instant, timeZone);
  return { date: `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/** How far the zone's clock is ahead of UTC at this instant, in ms. */
function offsetMs(instant: Date, timeZone: string): number {
  const p = partsOf(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant at which the zone's clock shows this local day and time ("2026-11-24", "19:30"). */
export function fromLocal(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  let result = wall - offsetMs(new Date(wall), timeZone);
  // Once more with the offset at the result (a day the zone changes its clock).
  result = wall - offsetMs(new Date(result), timeZone);
  return new Date(result);
}

/**
 * Whether "YYYY-MM-DD" names a real calendar day of 2000–2099 (like the discounts' dates): the day
 * after 9999-12-31 has no "YYYY-MM-DD", and a filter on it must be a 400, not a crash.
 */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 2000 && y <= 2099 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** "HH:MM" from 00:00 to 23:59. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
