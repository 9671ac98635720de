// Response headers that protect Sofra's pages: the same on every answer
// (server.mjs sets them), plus the Content-Security-Policy of each HTML page,
// whose inline scripts (React Router's hydration data) carry a per-request nonce.
import { randomBytes } from "node:crypto";
import { cookiesAreSecure } from "./env.server";

/** Headers for every response; HSTS only when cookies are secure, i.e. Sofra is served over HTTPS. */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    // Nothing in Sofra uses these; a page injected into it cannot either.
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=()",
  };
  if (cookiesAreSecure()) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

export const createNonce = () => randomBytes(16).toString("base64");

/**
 * Scripts only from Sofra itself or carrying this page's nonce. Styles allow
 * inline style attributes (progress bars, chart widths); they cannot run code.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
