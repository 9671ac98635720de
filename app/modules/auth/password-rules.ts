// Password lengths, for the schemas and for the browser's own form checks (no zod here).
export const MIN_PASSWORD_LENGTH = 6;
/** Six, like a login password: three characters fall to a few thousand guesses (issue 20). */
export const MIN_MANAGER_PASSWORD_LENGTH = 6;
