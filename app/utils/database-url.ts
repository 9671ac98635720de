/** Connection settings for the mariadb driver, read from a mysql:// or mariadb:// URL. */
export interface DatabaseSettings {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  socketPath?: string;
}

export function parseDatabaseUrl(url: string): DatabaseSettings {
  const parsed = new URL(url);
  if (parsed.protocol !== "mysql:" && parsed.protocol !== "mariadb:") {
    throw new Error(`DATABASE_URL must start with mysql:// or mariadb://, got ${parsed.protocol}//`);
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ""));
  const socket = parsed.searchParams.get("socket") ?? undefined;
  return {
    host: parsed.hostname || "127.0.0.1",
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database,
    ...(socket ? { socketPath: socket } : {}),
  };
}

/** The same URL pointing at another database (tests create their own). */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
