import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEMA_PATH, diffShapes, loadDmmf, shapeFromDmmf, type SchemaShape } from "./schema-drift.ts";

let shape: SchemaShape;
beforeAll(async () => {
  shape = shapeFromDmmf(await loadDmmf());
}, 30_000);

const clone = (s: SchemaShape): SchemaShape => structuredClone(s);

describe("shapeFromDmmf(schema.prisma)", () => {
  it("has one table per model, under its @@map name", async () => {
    expect(Object.keys(shape)).toContain("restaurants");
    expect(Object.keys(shape)).toContain("orders");
    expect(Object.keys(shape)).toContain("tables");
    expect(Object.keys(shape)).not.toContain("Restaurant");
    const models = (await readFile(SCHEMA_PATH, "utf8")).match(/^model \w+ \{/gm) ?? [];
    expect(Object.keys(shape)).toHaveLength(models.length);
    // Keyed by what they are about (decisions 078, 080): events per restaurant, a sequence row per
    // restaurant, a print once per device and ticket, an order once per move (decision 084). Every
    // other table has its own id.
    const composite: Record<string, string[]> = {
      live_events: ["restaurantId", "id"],
      live_event_sequences: ["restaurantId"],
      printed_tickets: ["deviceId", "ticketId"],
      table_move_orders: ["moveId", "orderId"],
    };
    for (const [name, table] of Object.entries(shape)) {
      expect(table.collation).toBe("utf8mb4_unicode_ci");
      expect(table.primaryKey, name).toEqual(composite[name] ?? ["id"]);
    }
  });

  it("names unique indexes like Prisma", () => {
    expect(shape.orders!.indexes.orders_restaurantId_clientOrderId_key).toEqual({
      unique: true,
      columns: ["restaurantId", "clientOrderId"],
    });
    expect(shape.orders!.indexes.orders_restaurantId_status_tableId_idx).toEqual({
      unique: false,
      columns: ["restaurantId", "status", "tableId"],
    });
    expect(shape.restaurants!.indexes.restaurants_slug_key).toEqual({ unique: true, columns: ["slug"] });
    expect(shape.print_devices!.indexes.print_devices_tokenHash_key).toEqual({ unique: true, columns: ["tokenHash"] });
  });

  it("stores money as decimal(10,2)", () => {
    expect(shape.orders!.columns.totalAmount!.type).toBe("decimal(10,2)");
    expect(shape.order_items!.columns.unitPrice!.type).toBe("decimal(10,2)");
    expect(shape.payments!.columns.amount!.type).toBe("decimal(10,2)");
    expect(shape.plans!.columns.priceMonthly!.type).toBe("decimal(10,2)");
    expect(shape.menu_items!.columns.price!.type).toBe("decimal(10,2)");
  });

  it("normalizes defaults the way information_schema shows them", () => {
    expect(shape.restaurants!.columns.taxRate).toEqual({
      type: "decimal(5,2)",
      collation: null,
      nullable: false,
      default: "10.00",
      autoIncrement: false,
    });
    expect(shape.restaurants!.columns.serviceCharge!.default).toBe("0.00");
    expect(shape.restaurants!.columns.timezone!.default).toBe("Europe/Istanbul");
    expect(shape.restaurants!.columns.autoPrintOrders).toMatchObject({ type: "tinyint(1)", default: "0" });
    expect(shape.restaurants!.columns.notifyOrders!.default).toBe("1");
    expect(shape.restaurants!.columns.createdAt).toMatchObject({ type: "datetime(3)", default: "current_timestamp(3)" });
    expect(shape.restaurants!.columns.updatedAt!.default).toBeNull();
    expect(shape.restaurants!.columns.type).toMatchObject({
      type: "enum('restaurant','cafe','bar','fast_food','bakery')",
      collation: "utf8mb4_unicode_ci",
      default: "restaurant",
    });
  });

  it("maps types, nullability and auto-increment", () => {
    expect(shape.restaurants!.columns.id).toMatchObject({ type: "int", autoIncrement: true, default: null });
    expect(shape.auth_attempts!.columns.id).toMatchObject({ type: "bigint", autoIncrement: true });
    expect(shape.restaurants!.columns.receiptFooter).toMatchObject({ type: "varchar(500)", nullable: true });
    expect(shape.restaurants!.columns.name).toMatchObject({ type: "varchar(120)", nullable: false, collation: "utf8mb4_unicode_ci" });
    expect(shape.sessions!.columns.tokenHash!.type).toBe("char(64)");
    expect(shape.plans!.columns.features).toMatchObject({ type: "json", collation: null });
    expect(shape.cms_images!.columns.data!.type).toBe("mediumblob");
    expect(shape.notifications!.columns.message!.type).toBe("text");
    expect(shape.orders!.columns.paidAt).toMatchObject({ type: "datetime(3)", nullable: true });
  });

  it("leaves relation fields out of the columns", () => {
    expect(shape.orders!.columns).not.toHaveProperty("table");
    expect(shape.orders!.columns).not.toHaveProperty("items");
    expect(shape.restaurants!.columns).not.toHaveProperty("users");
  });

  it("gives foreign keys Prisma's names and rules", () => {
    expect(shape.orders!.foreignKeys.orders_tableId_fkey).toEqual({
      columns: ["tableId"],
      refTable: "tables",
      refColumns: ["id"],
      onDelete: "RESTRICT",
      onUpdate: "CASCADE",
    });
    expect(shape.orders!.foreignKeys.orders_restaurantId_fkey!.onDelete).toBe("CASCADE");
    expect(shape.orders!.foreignKeys.orders_createdById_fkey!.onDelete).toBe("SET NULL");
    expect(shape.restaurants!.foreignKeys.restaurants_requestedPlanId_fkey).toMatchObject({
      refTable: "plans",
      onDelete: "SET NULL",
    });
    expect(Object.keys(shape.orders!.foreignKeys).sort()).toEqual([
      "orders_createdById_fkey",
      "orders_restaurantId_fkey",
      "orders_tableId_fkey",
    ]);
  });
});

describe("shapeFromDmmf on a small schema", () => {
  let dir: string;
  let small: SchemaShape;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "sofra-drift-"));
    const file = path.join(dir, "schema.prisma");
    await writeFile(
      file,
      `datasource db {
  provider = "mysql"
}

enum Kind {
  a
  b @map("bee")
}

model Parent {
  id    String  @id @db.VarChar(10)
  kids  Child[]
  @@map("parents")
}

model Child {
  id        Int      @id @default(autoincrement())
  parentId  String   @db.VarChar(10)
  otherId   String?  @db.VarChar(10)
  label     String   @map("child_label")
  amount    Decimal
  ratio     Float    @default(1.5)
  active    Boolean  @default(true)
  kind      Kind     @default(b)
  parent    Parent   @relation("main", fields: [parentId], references: [id])
  other     Parent?  @relation("other", fields: [otherId], references: [id])

  @@unique([parentId, label], map: "custom_unique")
  @@index([otherId])
  @@map("children")
}
`.replace("kids  Child[]", 'kids  Child[] @relation("main")\n  others Child[] @relation("other")'),
    );
    small = shapeFromDmmf(await loadDmmf(file));
  }, 30_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("uses Prisma's defaults for unannotated types and @map names", () => {
    const c = small.children!.columns;
    expect(Object.keys(c)).toEqual(["id", "parentId", "otherId", "child_label", "amount", "ratio", "active", "kind"]);
    expect(c.child_label).toMatchObject({ type: "varchar(191)", collation: "utf8mb4_unicode_ci" });
    expect(c.amount).toMatchObject({ type: "decimal(65,30)", nullable: false });
    expect(c.ratio).toMatchObject({ type: "double", default: "1.5" });
    expect(c.active!.default).toBe("1");
    expect(c.kind).toMatchObject({ type: "enum('a','bee')", default: "b" });
  });

  it("uses custom index names and Prisma's defaults for the rest", () => {
    expect(small.children!.indexes).toEqual({
      custom_unique: { unique: true, columns: ["parentId", "child_label"] },
      children_otherId_idx: { unique: false, columns: ["otherId"] },
    });
    expect(small.parents!.primaryKey).toEqual(["id"]);
  });

  it("defaults onDelete to RESTRICT for required and SET NULL for optional relations", () => {
    expect(small.children!.foreignKeys).toEqual({
      children_parentId_fkey: {
        columns: ["parentId"],
        refTable: "parents",
        refColumns: ["id"],
        onDelete: "RESTRICT",
        onUpdate: "CASCADE",
      },
      children_otherId_fkey: {
        columns: ["otherId"],
        refTable: "parents",
        refColumns: ["id"],
        onDelete: "SET NULL",
        onUpdate: "CASCADE",
      },
    });
  });
});

describe("diffShapes", () => {
  it("returns nothing for identical shapes", () => {
    expect(diffShapes(shape, clone(shape))).toEqual([]);
  });

  it("reports a missing column", () => {
    const actual = clone(shape);
    delete actual.restaurants!.columns.receiptFooter;
    expect(diffShapes(shape, actual)).toEqual(["restaurants: column receiptFooter is missing from the database"]);
  });

  it("reports an extra column", () => {
    const actual = clone(shape);
    actual.orders!.columns.note = { type: "text", collation: "utf8mb4_unicode_ci", nullable: true, default: null, autoIncrement: false };
    expect(diffShapes(shape, actual)).toEqual(["orders: column note is in the database but not in schema.prisma"]);
  });

  it("reports an extra index", () => {
    const actual = clone(shape);
    actual.orders!.indexes.orders_waiterName_idx = { unique: false, columns: ["waiterName"] };
    expect(diffShapes(shape, actual)).toEqual(["orders: index orders_waiterName_idx is in the database but not in schema.prisma"]);
  });

  it("reports a missing index and a unique index that is not unique", () => {
    const actual = clone(shape);
    delete actual.restaurants!.indexes.restaurants_createdAt_idx;
    actual.orders!.indexes.orders_restaurantId_clientOrderId_key!.unique = false;
    const drift = diffShapes(shape, actual);
    expect(drift).toHaveLength(2);
    expect(drift).toContain("restaurants: index restaurants_createdAt_idx is missing from the database");
    expect(drift.find((l) => l.startsWith("orders: index orders_restaurantId_clientOrderId_key differs"))).toContain('"unique":false');
  });

  it("reports a changed default", () => {
    const actual = clone(shape);
    actual.restaurants!.columns.taxRate!.default = "18.00";
    const drift = diffShapes(shape, actual);
    expect(drift).toHaveLength(1);
    expect(drift[0]).toMatch(/^restaurants: column taxRate differs: schema .*"default":"10\.00".*, database .*"default":"18\.00"/);
  });

  it("reports a changed type, nullability and collation", () => {
    const actual = clone(shape);
    actual.orders!.columns.totalAmount!.type = "decimal(12,2)";
    actual.orders!.columns.waiterName!.nullable = true;
    actual.orders!.columns.clientOrderId!.collation = "utf8mb4_general_ci";
    expect(diffShapes(shape, actual).map((l) => l.split(" differs")[0])).toEqual([
      "orders: column waiterName",
      "orders: column totalAmount",
      "orders: column clientOrderId",
    ]);
  });

  it("reports a changed foreign key rule", () => {
    const actual = clone(shape);
    actual.orders!.foreignKeys.orders_tableId_fkey!.onDelete = "CASCADE";
    const drift = diffShapes(shape, actual);
    expect(drift).toHaveLength(1);
    expect(drift[0]).toMatch(
      /^orders: foreign key orders_tableId_fkey differs: schema .*"onDelete":"RESTRICT".*database .*"onDelete":"CASCADE"/,
    );
  });

  it("reports a missing foreign key", () => {
    const actual = clone(shape);
    delete actual.orders!.foreignKeys.orders_tableId_fkey;
    expect(diffShapes(shape, actual)).toEqual(["orders: foreign key orders_tableId_fkey is missing from the database"]);
  });

  it("reports missing and extra tables, table collation and primary key", () => {
    const actual = clone(shape);
    delete actual.cms_images;
    actual.legacy = { collation: "utf8mb4_unicode_ci", primaryKey: ["id"], columns: {}, indexes: {}, foreignKeys: {} };
    actual.plans!.collation = "latin1_swedish_ci";
    actual.payments!.primaryKey = ["id", "orderId"];
    expect(diffShapes(shape, actual)).toEqual([
      "plans: collation latin1_swedish_ci, expected utf8mb4_unicode_ci",
      'payments: primary key ["id","orderId"], expected ["id"]',
      "table cms_images is missing from the database",
      "table legacy is in the database but not in schema.prisma",
    ]);
  });
});
