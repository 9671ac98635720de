// Password lengths, for the schemas and for the browser's own form checks (no zod here).
export const MIN_PASSWORD_LENGTH = 6;
export const MIN_MANAGER_PASSWORD_LENGTH = 3;
