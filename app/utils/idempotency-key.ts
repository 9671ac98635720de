// The one rule for an idempotency key, whichever write carries it (a client order id, an edit,
// pay or change key, a create form's key, the Idempotency-Key header): generated on a device or
// rendered into a form, so letters, digits, - and _ only, 8 to 64 of them.

export const CLIENT_KEY = /^[A-Za-z0-9_-]{8,64}$/;
