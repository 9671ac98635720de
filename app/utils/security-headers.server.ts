// Response headers that protect Sofra's pages: the same on every answer
// (server.mjs sets them), plus the Content-Security-Policy of each HTML page,
// whose inline scripts (React Router's hydration data) carry a per-request nonce.
import { randomBytes } from "node:crypto";

/**
 * Headers for every response. HSTS is not among them: server.mjs adds it per request, only when the
 * request came over HTTPS (directly, or per X-Forwarded-Proto from a trusted proxy).
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    // Nothing in Sofra uses these; a page injected into it cannot either.
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=()",
  };
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
