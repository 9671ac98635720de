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
  headers?: Headers;
}

/** POSTs `fields` (repeated keys as arrays) to a page's action and returns status, redirect and body. */
export async function postForm(
  tenant: Tenant,
  path: string,
  fields: Record<string, string | number | (string | number)[]>,
): Promise<PageResult> {
  return postFormWithCookie(await sessionCookie(tenant), path, fields);
}

/** A page form post as a browser without JavaScript sends it, with the given cookie (a tenant's or an admin's). */
export async function postFormWithCookie(
  cookie: string,
  path: string,
  fields: Record<string, string | number | (string | number)[]>,
): Promise<PageResult> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, String(one));
  const res = await fetch(`${baseUrl()}${path}`, {
    method: "POST",
    body,
    headers: {
      cookie,
      origin: baseUrl(),
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": randomIp(),
    },
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), text: await res.text(), headers: res.headers };
}

/** GETs a page with the session cookie (and `extraCookie`, say a flash message's, when given). */
export async function getPage(tenant: Tenant, path: string, extraCookie?: string): Promise<PageResult> {
  const cookie = [await sessionCookie(tenant), extraCookie].filter(Boolean).join("; ");
  const res = await fetch(`${baseUrl()}${path}`, {
    headers: { cookie, "x-forwarded-for": randomIp() },
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), text: await res.text(), headers: res.headers };
}

/** The page's HTML without the `<!-- -->` markers React puts between adjacent text pieces. */
export const joinedText = (html: string) => html.replaceAll("<!-- -->", "");
