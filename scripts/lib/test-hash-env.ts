// Its own module, importing nothing: every integration file's setup reads it, and test-support.ts
// (web push keys, migrations, the database driver) is too heavy to load 75 times.

/**
 * argon2id at 1 MiB and 1 pass on test servers (decision 075): the suites make thousands of
 * accounts and logins, and the production cost (19 MiB, 2 passes) is checked by its own unit test.
 */
export const TEST_HASH_ENV = { PASSWORD_HASH_MEMORY_KIB: "1024", PASSWORD_HASH_PASSES: "1" };
