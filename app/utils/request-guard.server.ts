// The root middleware's checks, for every page and API request alike:
// cross-site writes are refused, page forms must be forms, and what a session
// sees is never stored by a cache (docs/decisions/013-request-guard.md).
import { data, type MiddlewareFunction } from "react-router";
import { isUploadPost } from "../../server/uploads.mjs";
import { apiError, messages } from "./http.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;
// reset-password and verify-email carry a credential (the link's token) in their address and page.
const PRIVATE_PAGE = /^\/(app|admin|payments|logout|reset-password|verify-email)(\/|\.data$|$)/;

export const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

/**
 * A write sent by a page on another site. Browsers say so in Sec-Fetch-Site; older
 * ones only send Origin. Requests that carry neither (curl, scripts) are not
 * browsers riding a cookie, and pass.
 */
export function isCrossSite(request: Request, url: URL): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("origin");
  return origin !== null && origin !== url.origin;
}

/** Bearer tokens are not sent by a browser on its own, so a request carrying one cannot be forged cross-site. */
const hasBearerToken = (request: Request) => /^bearer\s/i.test(request.headers.get("authorization") ?? "");

export const requestGuard: MiddlewareFunction<Response> = async ({ request }, next) => {
  const url = new URL(request.url);
  const api = isApiPath(url.pathname);
  if (!SAFE_METHODS.has(request.method)) {
    if (!(api && hasBearerToken(request)) && isCrossSite(request, url)) {
      if (api) return apiError(403, messages.crossSite);
      throw data({ message: messages.crossSite }, { status: 403 });
    }
    // API bodies are checked by their reader (readJsonObject: 415 unless JSON).
    if (!api && !FORM_TYPE.test(request.headers.get("content-type") ?? "")) {
      throw data({ message: messages.formContentType }, { status: 415 });
    }
    // A body that does not parse as the form it claims to be is the client's error (400), not a
    // 500 from whichever action calls formData() first. Page bodies sit in memory (server/edge.mjs,
    // at most 64 KB), so the copy parsed here costs no network read.
    // Uploads stream in (not in memory yet): their route's reader checks size and form (400/413).
    if (
      !api &&
      !isUploadPost(url.pathname, request.headers.get("content-type")) &&
      !(await request
        .clone()
        .formData()
        .then(
          () => true,
          () => false,
        ))
    ) {
      throw data({ message: messages.malformedForm }, { status: 400 });
    }
  }
  const response = await next();
  if (PRIVATE_PAGE.test(url.pathname) || (api && !response.headers.has("Cache-Control"))) {
    response.headers.set("Cache-Control", "no-store");
  }
  return response;
};
