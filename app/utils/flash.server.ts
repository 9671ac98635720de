// A one-time message for the page a form redirects to ("Ürün eklendi"): kept in a
// short-lived cookie rather than the URL, so a reload or a typed address does not
// announce a change that did not happen. The page's loader reads and clears it.
import { createCookie, redirect } from "react-router";
import { cookiesAreSecure } from "./env.server";

let cookie: ReturnType<typeof createCookie> | undefined;
function flashCookie() {
  cookie ??= createCookie("sofra_flash", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: cookiesAreSecure(),
    maxAge: 60,
  });
  return cookie;
}

/** A redirect that shows `message` once on the page it leads to. */
export async function redirectWithFlash(to: string, message: string): Promise<Response> {
  return redirect(to, { headers: { "Set-Cookie": await flashCookie().serialize(message.slice(0, 300)) } });
}

/** The message left by the last redirect (or null) and the header that clears it. */
export async function readFlash(request: Request): Promise<{ message: string | null; headers: HeadersInit }> {
  const value: unknown = await flashCookie().parse(request.headers.get("cookie"));
  if (typeof value !== "string" || value === "") return { message: null, headers: {} };
  return { message: value, headers: { "Set-Cookie": await flashCookie().serialize("", { maxAge: 0 }) } };
}
