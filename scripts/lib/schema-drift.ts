// Compares schema.prisma (through its DMMF) with a migrated database's
// information_schema. Prisma's migrate/diff cannot run offline for MySQL, so
// this is what proves the hand-written migrations say what the schema says.
import { readFile } from "node:fs/promises";
import path from "node:path";
import internals from "@prisma/internals";
import type mariadb from "mariadb";

export interface ColumnShape {
  type: string;
  /** Collation of text columns; null for the rest (and for JSON). */
  collation: string | null;
  nullable: boolean;
  default: string | null;
  autoIncrement: boolean;
}
export interface IndexShape {
  unique: boolean;
  columns: string[];
}
export interface ForeignKeyShape {
  columns: string[];
  refTable: string;
  refColumns: string[];
  onDelete: string;
  onUpdate: string;
}
export interface TableShape {
  collation: string;
  primaryKey: string[];
  columns: Record<string, ColumnShape>;
  indexes: Record<string, IndexShape>;
  foreignKeys: Record<string, ForeignKeyShape>;
}
export type SchemaShape = Record<string, TableShape>;

// Only the parts of Prisma's DMMF this file reads.
interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: "scalar" | "enum" | "object" | "unsupported";
  type: string;
  isRequired: boolean;
  isList: boolean;
  isUpdatedAt?: boolean;
  nativeType?: [string, string[]] | null;
  default?: unknown;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}
interface DmmfIndex {
  model: string;
  type: "id" | "normal" | "unique" | "fulltext";
  dbName?: string | null;
  fields: { name: string }[];
}
interface DmmfDocument {
  datamodel: {
    models: DmmfModel[];
    enums: { name: string; values: { name: string; dbName: string | null }[] }[];
    indexes: DmmfIndex[];
  };
}

export const SCHEMA_PATH = path.resolve(import.meta.dirname, "../../prisma/schema.prisma");
const COLLATION = "utf8mb4_unicode_ci";

const referentialAction: Record<string, string> = {
  Cascade: "CASCADE",
  Restrict: "RESTRICT",
  SetNull: "SET NULL",
  NoAction: "NO ACTION",
  SetDefault: "SET DEFAULT",
};

function scalarType(field: DmmfField, enums: DmmfDocument["datamodel"]["enums"]): string {
  if (field.kind === "enum") {
    const values = enums.find((e) => e.name === field.type)?.values ?? [];
    return `enum(${values.map((v) => `'${v.dbName ?? v.name}'`).join(",")})`;
  }
  const native = field.nativeType;
  if (native) {
    const [name, args] = native;
    const lower = name.toLowerCase();
    return args.length ? `${lower}(${args.join(",")})` : lower;
  }
  switch (field.type) {
    case "String":
      return "varchar(191)";
    case "Int":
      return "int";
    case "BigInt":
      return "bigint";
    case "Boolean":
      return "tinyint(1)";
    case "DateTime":
      return "datetime(3)";
    case "Decimal":
      return "decimal(65,30)";
    case "Float":
      return "double";
    case "Json":
      return "json";
    case "Bytes":
      return "longblob";
    default:
      throw new Error(`No MySQL mapping for Prisma type ${field.type}`);
  }
}

const isTextType = (type: string) => /^(varchar|char|tinytext|text|mediumtext|longtext|enum)\b/.test(type);

function normalizeDefault(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number" || typeof value === "string") {
    const decimal = /^decimal\(\d+,(\d+)\)$/.exec(type);
    if (decimal && !Number.isNaN(Number(value))) return Number(value).toFixed(Number(decimal[1]));
    return String(value);
  }
  if (typeof value === "object" && value && "name" in value) {
    const fn = (value as { name: string }).name;
    if (fn === "now") return "current_timestamp(3)";
    if (fn === "autoincrement") return null;
    return `${fn}()`;
  }
  return JSON.stringify(value);
}

export async function loadDmmf(schemaPath = SCHEMA_PATH): Promise<DmmfDocument> {
  const datamodel = await readFile(schemaPath, "utf8");
  return (await internals.getDMMF({ datamodel })) as unknown as DmmfDocument;
}

/** What the database should look like according to schema.prisma. */
export function shapeFromDmmf(dmmf: DmmfDocument): SchemaShape {
  const { models, enums, indexes } = dmmf.datamodel;
  const tableOf = (modelName: string) => {
    const model = models.find((m) => m.name === modelName);
    if (!model) throw new Error(`Unknown model ${modelName}`);
    return model.dbName ?? model.name;
  };
  const columnOf = (model: DmmfModel, fieldName: string) => {
    const field = model.fields.find((f) => f.name === fieldName);
    return field?.dbName ?? fieldName;
  };

  const shape: SchemaShape = {};
  for (const model of models) {
    const table = model.dbName ?? model.name;
    const columns: Record<string, ColumnShape> = {};
    for (const field of model.fields) {
      if (field.kind !== "scalar" && field.kind !== "enum") continue;
      const type = scalarType(field, enums);
      const isAuto =
        typeof field.default === "object" && field.default !== null && (field.default as { name?: string }).name === "autoincrement";
      columns[field.dbName ?? field.name] = {
        type,
        collation: isTextType(type) ? COLLATION : null,
        nullable: !field.isRequired,
        default: normalizeDefault(field.default, type),
        autoIncrement: isAuto,
      };
    }

    const tableIndexes: Record<string, IndexShape> = {};
    let primaryKey: string[] = [];
    for (const index of indexes.filter((i) => i.model === model.name)) {
      const cols = index.fields.map((f) => columnOf(model, f.name));
      if (index.type === "id") {
        primaryKey = cols;
        continue;
      }
      const unique = index.type === "unique";
      const name = index.dbName ?? `${table}_${cols.join("_")}_${unique ? "key" : "idx"}`;
      tableIndexes[name] = { unique, columns: cols };
    }

    const foreignKeys: Record<string, ForeignKeyShape> = {};
    for (const field of model.fields) {
      if (field.kind !== "object" || !field.relationFromFields?.length) continue;
      const target = models.find((m) => m.name === field.type)!;
      const cols = field.relationFromFields.map((f) => columnOf(model, f));
      const allRequired = field.relationFromFields.every((f) => model.fields.find((x) => x.name === f)?.isRequired);
      const onDelete = field.relationOnDelete ?? (allRequired ? "Restrict" : "SetNull");
      foreignKeys[`${table}_${cols.join("_")}_fkey`] = {
        columns: cols,
        refTable: tableOf(field.type),
        refColumns: (field.relationToFields ?? []).map((f) => columnOf(target, f)),
        onDelete: referentialAction[onDelete] ?? onDelete,
        onUpdate: referentialAction[field.relationOnUpdate ?? "Cascade"] ?? "CASCADE",
      };
    }

    shape[table] = { collation: COLLATION, primaryKey, columns, indexes: tableIndexes, foreignKeys };
  }
  return shape;
}

function normalizeDbType(columnType: string, isJson: boolean): string {
  if (isJson) return "json";
  return columnType
    .toLowerCase()
    .replace(/^(int|bigint|smallint|mediumint)\(\d+\)/, "$1")
    .replace(/ unsigned$/, "")
    .replace(/,\s+/g, ",");
}

function normalizeDbDefault(value: string | null, type: string): string | null {
  if (value === null || value === "NULL") return null;
  let v = value.trim();
  if (/^'.*'$/s.test(v)) v = v.slice(1, -1).replace(/''/g, "'");
  if (/^current_timestamp/i.test(v)) return v.toLowerCase();
  const decimal = /^decimal\(\d+,(\d+)\)$/.exec(type);
  if (decimal && !Number.isNaN(Number(v))) return Number(v).toFixed(Number(decimal[1]));
  return v;
}

/** What the database actually looks like. */
export async function shapeFromDatabase(conn: mariadb.Connection, database: string): Promise<SchemaShape> {
  const q = <T>(sql: string) => conn.query(sql, [database]) as Promise<T[]>;
  const tables = await q<{ TABLE_NAME: string; TABLE_COLLATION: string }>(
    "SELECT TABLE_NAME, TABLE_COLLATION FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME <> '_prisma_migrations'",
  );
  const columns = await q<{
    TABLE_NAME: string;
    COLUMN_NAME: string;
    COLUMN_TYPE: string;
    IS_NULLABLE: string;
    COLUMN_DEFAULT: string | null;
    COLLATION_NAME: string | null;
    EXTRA: string;
  }>(
    "SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT, COLLATION_NAME, EXTRA FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, ORDINAL_POSITION",
  );
  // MariaDB stores JSON as LONGTEXT guarded by a json_valid() check.
  const checks = await q<{ TABLE_NAME: string; CHECK_CLAUSE: string }>(
    "SELECT TABLE_NAME, CHECK_CLAUSE FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = ?",
  ).catch(() => [] as { TABLE_NAME: string; CHECK_CLAUSE: string }[]);
  const jsonColumns = new Set(
    checks.flatMap((c) => {
      const m = /json_valid\(`([^`]+)`\)/i.exec(c.CHECK_CLAUSE);
      return m ? [`${c.TABLE_NAME}.${m[1]}`] : [];
    }),
  );
  const stats = await q<{ TABLE_NAME: string; INDEX_NAME: string; NON_UNIQUE: number; COLUMN_NAME: string }>(
    "SELECT TABLE_NAME, INDEX_NAME, NON_UNIQUE, COLUMN_NAME FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX",
  );
  const fks = await q<{
    TABLE_NAME: string;
    CONSTRAINT_NAME: string;
    COLUMN_NAME: string;
    REFERENCED_TABLE_NAME: string;
    REFERENCED_COLUMN_NAME: string;
  }>(
    "SELECT TABLE_NAME, CONSTRAINT_NAME, COLUMN_NAME, REFERENCED_TABLE_NAME, REFERENCED_COLUMN_NAME FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = ? AND REFERENCED_TABLE_NAME IS NOT NULL ORDER BY TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION",
  );
  const rules = await q<{ TABLE_NAME: string; CONSTRAINT_NAME: string; DELETE_RULE: string; UPDATE_RULE: string }>(
    "SELECT TABLE_NAME, CONSTRAINT_NAME, DELETE_RULE, UPDATE_RULE FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = ?",
  );

  const shape: SchemaShape = {};
  for (const t of tables) {
    shape[t.TABLE_NAME] = { collation: t.TABLE_COLLATION, primaryKey: [], columns: {}, indexes: {}, foreignKeys: {} };
  }
  for (const c of columns) {
    const table = shape[c.TABLE_NAME];
    if (!table) continue;
    const type = normalizeDbType(c.COLUMN_TYPE, jsonColumns.has(`${c.TABLE_NAME}.${c.COLUMN_NAME}`));
    table.columns[c.COLUMN_NAME] = {
      type,
      collation: isTextType(type) ? c.COLLATION_NAME : null,
      nullable: c.IS_NULLABLE === "YES",
      default: normalizeDbDefault(c.COLUMN_DEFAULT, type),
      autoIncrement: /auto_increment/i.test(c.EXTRA),
    };
  }
  for (const s of stats) {
    const table = shape[s.TABLE_NAME];
    if (!table) continue;
    if (s.INDEX_NAME === "PRIMARY") {
      table.primaryKey.push(s.COLUMN_NAME);
      continue;
    }
    const index = (table.indexes[s.INDEX_NAME] ??= { unique: Number(s.NON_UNIQUE) === 0, columns: [] });
    index.columns.push(s.COLUMN_NAME);
  }
  for (const f of fks) {
    const table = shape[f.TABLE_NAME];
    if (!table) continue;
    const rule = rules.find((r) => r.TABLE_NAME === f.TABLE_NAME && r.CONSTRAINT_NAME === f.CONSTRAINT_NAME);
    const fk = (table.foreignKeys[f.CONSTRAINT_NAME] ??= {
      columns: [],
      refTable: f.REFERENCED_TABLE_NAME,
      refColumns: [],
      onDelete: rule?.DELETE_RULE ?? "?",
      onUpdate: rule?.UPDATE_RULE ?? "?",
    });
    fk.columns.push(f.COLUMN_NAME);
    fk.refColumns.push(f.REFERENCED_COLUMN_NAME);
  }
  return shape;
}

const show = (value: unknown) => JSON.stringify(value);

function diffRecord<T>(where: string, kind: string, expected: Record<string, T>, actual: Record<string, T>, out: string[]) {
  for (const name of Object.keys(expected)) {
    if (!(name in actual)) out.push(`${where}: ${kind} ${name} is missing from the database`);
    else if (show(expected[name]) !== show(actual[name]))
      out.push(`${where}: ${kind} ${name} differs: schema ${show(expected[name])}, database ${show(actual[name])}`);
  }
  for (const name of Object.keys(actual)) {
    if (!(name in expected)) out.push(`${where}: ${kind} ${name} is in the database but not in schema.prisma`);
  }
}

/** Every difference, as one readable line each; empty when they agree. */
export function diffShapes(expected: SchemaShape, actual: SchemaShape): string[] {
  const out: string[] = [];
  for (const table of Object.keys(expected)) {
    const e = expected[table]!;
    const a = actual[table];
    if (!a) {
      out.push(`table ${table} is missing from the database`);
      continue;
    }
    if (e.collation !== a.collation) out.push(`${table}: collation ${a.collation}, expected ${e.collation}`);
    if (show(e.primaryKey) !== show(a.primaryKey)) out.push(`${table}: primary key ${show(a.primaryKey)}, expected ${show(e.primaryKey)}`);
    diffRecord(table, "column", e.columns, a.columns, out);
    diffRecord(table, "index", e.indexes, a.indexes, out);
    diffRecord(table, "foreign key", e.foreignKeys, a.foreignKeys, out);
  }
  for (const table of Object.keys(actual)) {
    if (!(table in expected)) out.push(`table ${table} is in the database but not in schema.prisma`);
  }
  return out;
}

export async function schemaDrift(conn: mariadb.Connection, database: string): Promise<string[]> {
  return diffShapes(shapeFromDmmf(await loadDmmf()), await shapeFromDatabase(conn, database));
}
