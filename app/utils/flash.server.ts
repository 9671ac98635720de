// A one-time message for the page a form redirects to ("Ürün eklendi", "Stok kaydı silindi"):
// kept in a short, signed cookie rather than the URL, so no link can show a result that did not
// happen, and a reload does not show it again. The page's loader reads and clears it.
import { redirect, type Cookie } from "react-router";
import { createSignedCookie } from "./signed-cookie.server";
import { cookiesAreSecure, getEnv } from "./env.server";

const MAX_MESSAGE = 300;

let cookie: Cookie | undefined;
function flashCookie() {
  cookie ??= createSignedCookie("sofra_flash", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: cookiesAreSecure(),
    maxAge: 60,
    secrets: [getEnv().SESSION_SECRET],
  });
  return cookie;
}

/** Headers for a redirect that shows `message` once on the next page. */
export async function flashHeaders(message: string): Promise<Record<string, string>> {
  return { "Set-Cookie": await flashCookie().serialize(message.slice(0, MAX_MESSAGE)) };
}

/** A redirect that shows `message` once on the page it leads to. */
export async function redirectWithFlash(to: string, message: string): Promise<Response> {
  return redirect(to, { headers: await flashHeaders(message) });
}

/** The waiting message, if any, and the headers that drop it (send them with the loader's answer). */
export async function takeFlash(request: Request): Promise<{ flash: string | null; headers: Record<string, string> }> {
  const message: unknown = await flashCookie().parse(request.headers.get("cookie"));
  if (typeof message !== "string" || message === "") return { flash: null, headers: {} };
  return { flash: message, headers: { "Set-Cookie": await flashCookie().serialize("", { maxAge: 0 }) } };
}
