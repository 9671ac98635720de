/**
 * A random id a device gives an order before sending it, so that a replay
 * (after a lost answer or offline) creates nothing new. crypto.randomUUID only
 * exists in secure contexts; restaurants may reach the app over plain HTTP on a
 * local address, so fall back to getRandomValues.
 */
export function newClientOrderId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
