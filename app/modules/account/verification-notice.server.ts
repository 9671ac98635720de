// The banner's "send again" result for a browser without JavaScript: a short signed cookie of its
// own, read by the app layout. Not the shared flash: a page that shows its own flash (settings,
// menu) would show this one twice, and the layout taking it would steal the page's.
import type { Cookie } from "react-router";
import { createSignedCookie } from "~/utils/signed-cookie.server";
import { cookiesAreSecure, getEnv } from "~/utils/env.server";

let cookie: Cookie | undefined;
function noticeCookie() {
  cookie ??= createSignedCookie("sofra_verify_notice", {
    httpOnly: true,
    sameSite: "lax",
    path: "/app",
    secure: cookiesAreSecure(),
    maxAge: 60,
    secrets: [getEnv().SESSION_SECRET],
  });
  return cookie;
}

export async function setVerificationNotice(message: string, error: boolean): Promise<string> {
  return noticeCookie().serialize({ message: message.slice(0, 300), error });
}

/** The waiting notice, if any, and the header that drops it. */
export async function takeVerificationNotice(request: Request) {
  const value: unknown = await noticeCookie().parse(request.headers.get("cookie"));
  if (typeof value !== "object" || value === null || !("message" in value) || typeof value.message !== "string") {
    return { notice: null, headers: undefined };
  }
  const notice = { message: value.message, error: "error" in value && value.error === true };
  return { notice, headers: { "Set-Cookie": await noticeCookie().serialize("", { maxAge: 0 }) } };
}
