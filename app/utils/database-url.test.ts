import { describe, expect, it } from "vitest";
import { parseDatabaseUrl, withDatabase } from "./database-url";

describe("parseDatabaseUrl", () => {
  it("reads every part of a mysql:// URL", () => {
    expect(parseDatabaseUrl("mysql://sofra:secret@db.example.com:3307/sofra_prod")).toEqual({
      host: "db.example.com",
      port: 3307,
      user: "sofra",
      password: "secret",
      database: "sofra_prod",
    });
  });

  it("accepts mariadb://", () => {
    expect(parseDatabaseUrl("mariadb://u:p@127.0.0.1/app").database).toBe("app");
  });

  it("defaults the port to 3306 and the host to 127.0.0.1", () => {
    expect(parseDatabaseUrl("mysql://root@localhost/sofra")).toEqual({
      host: "localhost",
      port: 3306,
      user: "root",
      password: "",
      database: "sofra",
    });
    expect(parseDatabaseUrl("mysql:///sofra").host).toBe("127.0.0.1");
  });

  it("percent-decodes the user, password and database", () => {
    const settings = parseDatabaseUrl("mysql://us%40er:p%40ss%3Aw%2Frd%23@localhost:3306/my%20db");
    expect(settings.user).toBe("us@er");
    expect(settings.password).toBe("p@ss:w/rd#");
    expect(settings.database).toBe("my db");
  });

  it("reads a socket path from ?socket=", () => {
    const settings = parseDatabaseUrl("mysql://root@localhost/sofra?socket=/run/mysqld/mysqld.sock");
    expect(settings.socketPath).toBe("/run/mysqld/mysqld.sock");
    expect(parseDatabaseUrl("mysql://root@localhost/sofra")).not.toHaveProperty("socketPath");
  });

  it("rejects other protocols", () => {
    expect(() => parseDatabaseUrl("http://u:p@localhost/sofra")).toThrow(/mysql:\/\/ or mariadb:\/\/, got http:/);
    expect(() => parseDatabaseUrl("postgres://u:p@localhost/sofra")).toThrow(/got postgres:/);
    expect(() => parseDatabaseUrl("not a url")).toThrow();
  });
});

describe("withDatabase", () => {
  it("changes only the database", () => {
    const url = withDatabase("mysql://u:p%40ss@db:3307/sofra?socket=/tmp/my.sock", "sofra_test");
    expect(parseDatabaseUrl(url)).toEqual({
      host: "db",
      port: 3307,
      user: "u",
      password: "p@ss",
      database: "sofra_test",
      socketPath: "/tmp/my.sock",
    });
  });

  it("works when the URL has no database", () => {
    expect(parseDatabaseUrl(withDatabase("mysql://u:p@localhost:3306", "other")).database).toBe("other");
  });
});
