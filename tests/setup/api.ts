import { randomUUID } from "node:crypto";
import { inject } from "vitest";

export const baseUrl = () => inject("baseUrl");

export interface ApiOptions {
  method?: string;
  /** A value to send as JSON, or a raw string body. */
  body?: unknown;
  token?: string | null;
  headers?: Record<string, string>;
  /** The client address the server should see (it trusts X-Forwarded-For from loopback). */
  ip?: string;
}

/** Calls the running server; the default client address is unique per call, so throttling only bites where a test wants it to. */
export async function api(path: string, options: ApiOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (typeof options.body === "string") body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  headers["x-forwarded-for"] = options.ip ?? randomIp();
  const response = await fetch(`${baseUrl()}${path}`, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
    redirect: "manual",
  });
  const text = await response.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

export function randomIp(): string {
  const b = randomUUID().replace(/-/g, "");
  return `10.${parseInt(b.slice(0, 2), 16)}.${parseInt(b.slice(2, 4), 16)}.${parseInt(b.slice(4, 6), 16)}`;
}

export const uniqueEmail = (label = "owner") => `${label}-${randomUUID().slice(0, 12)}@test.sofra.local`;
