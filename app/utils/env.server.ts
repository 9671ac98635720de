import { z } from "zod";
import { taxNumberProblem } from "./tax-number";

/** An optional setting: `NAME=` (empty, as .env.example writes it) counts as unset. */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string({ error: "is required (mysql://user:password@host:3306/database)" })
    .regex(/^(mysql|mariadb):\/\/[^/]+\/\w+/, "must look like mysql://user:password@host:3306/database"),
  SESSION_SECRET: z
    .string({ error: "is required (at least 32 random characters)" })
    .min(32, "must be at least 32 characters")
    .refine((v) => !v.startsWith("change-me"), "is still the placeholder from .env.example"),
  COOKIE_SECURE: booleanFlag.optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /**
   * The owner's heavy jobs (report CSVs, the data-export ZIP, invoice PDFs, QR images) running at
   * once in one process (decision 090); more get 429. Each holds a database connection of its own
   * besides the pool, and the sales CSV a worker thread.
   */
  HEAVY_WORK_LIMIT: z.coerce.number().int().min(1).max(32).default(2),
  /**
   * Rows per second of all one process's sales CSV exports together (decision 090): paced so that
   * they leave the CPU to the waiters' poll. A year of a busy restaurant (~225,000 rows) alone takes
   * ~11 s at the default.
   */
  EXPORT_ROWS_PER_SECOND: z.coerce.number().int().min(1000).max(10_000_000).default(20_000),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Signups accepted per client address and hour. */
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * Where invoices are paid by bank transfer (decision 040). The defaults are placeholders for
   * development (an all-zero IBAN no bank accepts); production sets the company's real account.
   */
  BILLING_IBAN: z
    .string()
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().regex(/^TR\d{24}$/, "must be a Turkish IBAN: TR and 24 digits"))
    .default("TR000000000000000000000000"),
  BILLING_ACCOUNT_NAME: z.string().min(1).max(120).default("Sofra Yazılım A.Ş. (geliştirme hesabı)"),
  BILLING_BANK_NAME: z.string().min(1).max(120).default("Örnek Bank"),
  /**
   * The seller on the invoices (decision 062): address, tax office and VKN. The defaults are
   * development placeholders (1234567890 passes the VKN check but is nobody's); production sets the company's own.
   */
  BILLING_SELLER_ADDRESS: z.string().min(1).max(250).default("Örnek Mah. Deneme Sok. No: 1, Kadıköy / İstanbul"),
  BILLING_TAX_OFFICE: z.string().min(2).max(100).default("Kadıköy Vergi Dairesi"),
  BILLING_TAX_NUMBER: z
    .string()
    .transform((v) => v.replace(/\s+/g, ""))
    .refine((v) => taxNumberProblem(v) === null, "must be a valid VKN (10 digits) or TCKN (11 digits)")
    .default("1234567890"),
  /** Outgoing mail server (smtp:// or smtps://user:pass@host:port). Unset: mails are written as .eml files to MAIL_DIR. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]+/, "must look like smtp://user:password@host:587 or smtps://…")
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).default("Sofra <bildirim@sofra.local>"),
  MAIL_DIR: z.string().min(1).default(".data/mail"),
  /** The address links in e-mails point to (password reset, notifications). */
  APP_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+$/, "must be an origin like https://sofra.example.com (no trailing slash)")
    .optional(),
  /**
   * Web push (decision 052): the VAPID key pair `npm run setup` writes (base64url, as web-push
   * makes them) and the contact the push services see. Without the keys push is off.
   */
  VAPID_PUBLIC_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 public key (87 characters, `npm run setup` makes one)"),
  ),
  VAPID_PRIVATE_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key (43 characters, `npm run setup` makes one)"),
  ),
  VAPID_SUBJECT: optional(z.string().regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, "must be a mailto: address or an https: URL")),
  /**
   * Tests only: lets push go to plain http and local addresses (a local "push service" the test
   * decrypts). Off, push goes only to the known push services over https (the SSRF guard).
   */
  PUSH_ALLOW_INSECURE_ENDPOINTS: booleanFlag.default(false),
  // argon2id's cost for new password and PIN hashes (decision 075). The defaults are OWASP's
  // baseline (19 MiB, 2 passes); lower values are for test servers only and are warned about.
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(1024).max(1_048_576).default(19_456),
  PASSWORD_HASH_PASSES: z.coerce.number().int().min(1).max(10).default(2),
  // Live events across app processes (decision 078). Unset: one process, events fan out in memory.
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\/\S+$/, "must be a redis:// or rediss:// URL")),
  /** Prefix of the Redis channel; default `sofra:<database name>:`, so two databases on one Redis never cross. */
  REDIS_PREFIX: optional(z.string().min(1).max(100)),
});

/** Rules across variables. Half a VAPID key pair is a typo, not "push off": said at start-up. */
const checkedSchema = schema.superRefine((env, ctx) => {
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY))
    ctx.addIssue({ code: "custom", path: ["VAPID_PRIVATE_KEY"], message: "and VAPID_PUBLIC_KEY must be set together (or both left out)" });
  if (env.VAPID_PUBLIC_KEY && !env.VAPID_SUBJECT)
    ctx.addIssue({ code: "custom", path: ["VAPID_SUBJECT"], message: "is required with the VAPID keys (mailto:you@example.com)" });
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/** Parses process.env once; a missing or bad value stops start-up with a clear message. */
export function getEnv(): Env {
  if (cached) return cached;
  const parsed = checkedSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".")} ${i.message}`);
    throw new Error(`Invalid environment variables (see .env.example):\n${lines.join("\n")}`);
  }
  cached = parsed.data;
  // Said once per process (the integration tests' processes, which all set it, are spared).
  if (cached.PUSH_ALLOW_INSECURE_ENDPOINTS && !process.env.VITEST) {
    console.warn("PUSH_ALLOW_INSECURE_ENDPOINTS is on: push may be sent to any http(s) address. Tests only, never in service.");
  }
  if ((cached.PASSWORD_HASH_MEMORY_KIB < 19_456 || cached.PASSWORD_HASH_PASSES < 2) && !process.env.VITEST) {
    console.warn("PASSWORD_HASH_MEMORY_KIB/PASSES are below OWASP's argon2id baseline (19456 KiB, 2): tests only, never in service.");
  }
  return cached;
}

let hashCost: Pick<Env, "PASSWORD_HASH_MEMORY_KIB" | "PASSWORD_HASH_PASSES"> | undefined;
/** Only the hashing cost (decision 075): hashing needs no database or secret (the seed, unit tests). */
export function getHashCost() {
  hashCost ??= schema.pick({ PASSWORD_HASH_MEMORY_KIB: true, PASSWORD_HASH_PASSES: true }).parse(process.env);
  return hashCost;
}

export const isProduction = () => getEnv().NODE_ENV === "production";

/**
 * Sofra's public origin (APP_URL) for addresses that leave the screen: QR codes, e-mail links.
 * Never the request's Host header, which the client chooses. Unset: the local server.
 */
export const appOrigin = () => getEnv().APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;

/** Secure cookies unless told otherwise; on by default in production. */
export const cookiesAreSecure = () => getEnv().COOKIE_SECURE ?? isProduction();
