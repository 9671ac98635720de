import { createCookie } from "react-router";
import { cookiesAreSecure } from "~/utils/env.server";

// Dismissing the trial banner hides it for a day on this browser; an expired
// trial's banner cannot be dismissed.
let cookie: ReturnType<typeof createCookie> | undefined;
function bannerCookie() {
  cookie ??= createCookie("sofra_trial_banner", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: cookiesAreSecure(),
    maxAge: 24 * 60 * 60,
  });
  return cookie;
}

export async function isBannerDismissed(request: Request): Promise<boolean> {
  return (await bannerCookie().parse(request.headers.get("cookie"))) === "dismissed";
}

export function dismissBannerCookie(): Promise<string> {
  return bannerCookie().serialize("dismissed");
}
