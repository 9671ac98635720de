// Page form posts as a browser without JavaScript sends them: a form body, the
// session cookie (written with the app's own cookie code) and an Origin header.
import { commitSessionCookie } from "~/modules/auth/sessions.server";
import { baseUrl, randomIp } from "./api";
import type { Tenant } from "./factories";

export async function sessionCookie(tenant: Tenant): Promise<string> {
  return (await commitSessionCookie(tenant.token)).split(";")[0]!;
}

export interface PageResult {
  status: number;
  location: string | null;
  text: string;
}

/** POSTs `fields` (repeated keys as arrays) to a page's action and returns status, redirect and body. */
export async function postForm(
  tenant: Tenant,
  path: string,
  fields: Record<string, string | number | (string | number)[]>,
): Promise<PageResult> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, String(one));
  const res = await fetch(`${baseUrl()}${path}`, {
    method: "POST",
    body,
    headers: {
      cookie: await sessionCookie(tenant),
      origin: baseUrl(),
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": randomIp(),
    },
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}

/** GETs a page with the session cookie. */
export async function getPage(tenant: Tenant, path: string): Promise<PageResult> {
  const res = await fetch(`${baseUrl()}${path}`, {
    headers: { cookie: await sessionCookie(tenant), "x-forwarded-for": randomIp() },
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}

/** The page's HTML without the `<!-- -->` markers React puts between adjacent text pieces. */
export const joinedText = (html: string) => html.replaceAll("<!-- -->", "");
