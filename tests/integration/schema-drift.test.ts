// schema.prisma against the hand-written migrations: the migrated test database
// must have no drift, and a database that differs must be reported line by line.
import type mariadb from "mariadb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDatabaseUrl } from "../../app/utils/database-url.ts";
import { connect } from "../../scripts/lib/migrations.ts";
import { dropDatabase, recreateDatabase } from "../../scripts/lib/provision.ts";
import { loadDmmf, schemaDrift, shapeFromDmmf } from "../../scripts/lib/schema-drift.ts";
import { migrateTestDatabase, siblingDatabaseUrl } from "../../scripts/lib/test-support.ts";

const column = (type: string, nullable: boolean, defaultValue: string | null, collation: string | null = null) =>
  JSON.stringify({ type, collation, nullable, default: defaultValue, autoIncrement: false });

describe("the migrated test database", () => {
  it("matches schema.prisma exactly", async () => {
    const url = process.env.DATABASE_URL!;
    const conn = await connect(url);
    try {
      const [{ count }] = await conn.query(
        "SELECT COUNT(*) AS count FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME <> '_prisma_migrations'",
        [parseDatabaseUrl(url).database],
      );
      expect(Number(count)).toBe(Object.keys(shapeFromDmmf(await loadDmmf())).length);
      expect(await schemaDrift(conn, parseDatabaseUrl(url).database)).toEqual([]);
    } finally {
      await conn.end();
    }
  });
});

describe("drift detection on a database that is changed by hand", () => {
  const url = siblingDatabaseUrl(process.env.DATABASE_URL!, "drift");
  const database = parseDatabaseUrl(url).database;
  let conn: mariadb.Connection;
  /** Every line the drift report should hold so far; each test adds its own. */
  const expected: string[] = [];

  const drift = async () => [...(await schemaDrift(conn, database))].sort();
  const expectDrift = async (...lines: string[]) => {
    expected.push(...lines);
    expect(await drift()).toEqual([...expected].sort());
  };

  beforeAll(async () => {
    await recreateDatabase(url);
    await migrateTestDatabase(url);
    conn = await connect(url);
  });

  afterAll(async () => {
    await conn?.end();
    await dropDatabase(url);
  });

  it("starts with no drift", async () => {
    expect(database).toMatch(/_drift$/);
    expect(await drift()).toEqual([]);
  });

  it("reports a dropped column", async () => {
    await conn.query("ALTER TABLE restaurants DROP COLUMN receiptFooter");
    expect(await drift()).toEqual(["restaurants: column receiptFooter is missing from the database"]);
    expected.push("restaurants: column receiptFooter is missing from the database");
  });

  it("reports a dropped index", async () => {
    await conn.query("DROP INDEX restaurants_createdAt_idx ON restaurants");
    await expectDrift("restaurants: index restaurants_createdAt_idx is missing from the database");
  });

  it("reports a changed default", async () => {
    await conn.query("ALTER TABLE restaurants ALTER COLUMN taxRate SET DEFAULT 18.00");
    await expectDrift(
      `restaurants: column taxRate differs: schema ${column("decimal(5,2)", false, "10.00")}, database ${column("decimal(5,2)", false, "18.00")}`,
    );
  });

  it("reports a changed type and nullability", async () => {
    await conn.query("ALTER TABLE orders MODIFY totalAmount DECIMAL(12,2) NOT NULL");
    await conn.query("ALTER TABLE orders MODIFY waiterName VARCHAR(120) NULL");
    await expectDrift(
      `orders: column totalAmount differs: schema ${column("decimal(10,2)", false, null)}, database ${column("decimal(12,2)", false, null)}`,
      `orders: column waiterName differs: schema ${column("varchar(120)", false, null, "utf8mb4_unicode_ci")}, database ${column("varchar(120)", true, null, "utf8mb4_unicode_ci")}`,
    );
  });

  it("reports a changed foreign key rule", async () => {
    await conn.query("ALTER TABLE orders DROP FOREIGN KEY orders_tableId_fkey");
    await conn.query(
      "ALTER TABLE orders ADD CONSTRAINT orders_tableId_fkey FOREIGN KEY (tableId) REFERENCES tables(id) ON DELETE CASCADE ON UPDATE CASCADE",
    );
    const fk = (onDelete: string) =>
      JSON.stringify({ columns: ["tableId"], refTable: "tables", refColumns: ["id"], onDelete, onUpdate: "CASCADE" });
    await expectDrift(`orders: foreign key orders_tableId_fkey differs: schema ${fk("RESTRICT")}, database ${fk("CASCADE")}`);
  });

  it("reports a unique index that lost its uniqueness", async () => {
    await conn.query("DROP INDEX orders_restaurantId_clientOrderId_key ON orders");
    await conn.query("CREATE INDEX orders_restaurantId_clientOrderId_key ON orders (restaurantId, clientOrderId)");
    const index = (unique: boolean) => JSON.stringify({ unique, columns: ["restaurantId", "clientOrderId"] });
    await expectDrift(`orders: index orders_restaurantId_clientOrderId_key differs: schema ${index(true)}, database ${index(false)}`);
  });

  it("reports an extra column, index and table", async () => {
    await conn.query("ALTER TABLE menu_items ADD COLUMN calories INT NULL, ADD INDEX menu_items_calories_idx (calories)");
    await conn.query("CREATE TABLE legacy_notes (id INT NOT NULL PRIMARY KEY) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
    await expectDrift(
      "menu_items: column calories is in the database but not in schema.prisma",
      "menu_items: index menu_items_calories_idx is in the database but not in schema.prisma",
      "table legacy_notes is in the database but not in schema.prisma",
    );
  });

  it("reports a dropped table", async () => {
    await conn.query("DROP TABLE cms_images");
    await expectDrift("table cms_images is missing from the database");
  });
});
