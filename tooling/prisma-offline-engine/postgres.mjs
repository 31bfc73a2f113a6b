// PostgreSQL side of the schema-engine stand-in (see ../prisma-schema-engine.mjs).
//
// 1. Small admin operations done directly with `pg`: can we connect, create a database,
//    drop a database. Failures are turned into Prisma's P1xxx errors.
// 2. A driver adapter factory for the wasm schema engine: @prisma/adapter-pg's PrismaPg with
//    the three adapter-pg 7.10 bugs worked around (docs/decisions/0001-*.md).
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { ColumnTypeEnum } from "@prisma/driver-adapter-utils";
import { log } from "./log.mjs";

// The connection-string parser pg itself uses (a dependency of pg, so resolve it from there):
// host/port/user/password/database/ssl come out exactly as pg would read them.
const requireFromPg = createRequire(createRequire(import.meta.url).resolve("pg"));
const { parse: parseConnectionString } = requireFromPg("pg-connection-string");

/** pg config with every part spelled out, optionally pointing at another database. */
export function pgConfig(url, database) {
  const config = { ...parseConnectionString(url) };
  if (database) config.database = database;
  return config;
}

/** The database name in a connection string (pg's default is the user name). */
export function databaseName(url) {
  const { database, user } = pgConfig(url);
  return database || user || process.env.PGDATABASE || process.env.USER;
}

const quoteIdent = (name) => `"${String(name).replaceAll('"', '""')}"`;
const quoteLiteral = (text) => `'${String(text).replaceAll("'", "''")}'`;

/** Run one statement on a short-lived connection. */
async function runOnce(config, sql) {
  const client = new pg.Client({ ...config, connectionTimeoutMillis: 10_000 });
  client.on("error", () => {}); // a dropped connection surfaces through the awaited calls
  try {
    await client.connect();
    return await client.query(sql);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * CREATE/DROP DATABASE cannot run inside the target database: use the server's `postgres`
 * database, or `template1` when that one is missing (as the native engine does).
 */
async function runOnServer(url, sql) {
  try {
    return await runOnce(pgConfig(url, "postgres"), sql);
  } catch (error) {
    if (error?.code !== "3D000") throw error;
    return await runOnce(pgConfig(url, "template1"), sql);
  }
}

export const canConnect = async (url) => void (await runOnce(pgConfig(url), "SELECT 1"));
export const createDatabase = async (url) => {
  await runOnServer(url, `CREATE DATABASE ${quoteIdent(databaseName(url))}`);
  return databaseName(url);
};
export const dropDatabase = async (url) => {
  await runOnServer(url, `DROP DATABASE ${quoteIdent(databaseName(url))}`);
  return databaseName(url);
};

/** Map a pg/socket error to Prisma's user-facing error codes (as the native engine reports them). */
export function prismaError(error, url) {
  const { host = "localhost", port, user } = pgConfig(url);
  const at = `${host}:${port || 5432}`;
  const db = databaseName(url);
  switch (error?.code) {
    case "ECONNREFUSED":
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "ETIMEDOUT":
      return {
        code: "P1001",
        message: `Can't reach database server at \`${at}\`\n\nPlease make sure your database server is running at \`${at}\`.`,
      };
    case "28P01":
      return {
        code: "P1000",
        message: `Authentication failed against database server at \`${host}\`, the provided database credentials for \`${user}\` are not valid.\n\nPlease make sure to provide valid database credentials for the database server at \`${host}\`.`,
      };
    case "3D000":
      return { code: "P1003", message: `Database \`${db}\` does not exist on the database server at \`${at}\`.` };
    case "42P04":
      return { code: "P1009", message: `Database \`${db}\` already exists on the database server at \`${at}\`` };
    case "28000":
    case "42501":
      return { code: "P1010", message: `User \`${user}\` was denied access on the database \`${db}\`` };
    default:
      return { code: undefined, message: error?.message ?? String(error) };
  }
}

/**
 * Bug 1: adapter-pg has no column type for PostgreSQL's internal one-byte `"char"` (oid 18, e.g.
 * pg_constraint.contype, pg_class.relkind). It throws UnsupportedNativeDataType and the wasm
 * engine panics while describing the schema. The engine expects such columns as Character (what
 * the native engine reads them as: text would panic on check constraints). pg already hands the
 * values over as strings; we relabel the columns as `bpchar` so adapter-pg accepts them, remember
 * where they were (on the rows array, so concurrent queries cannot mix them up), and report them
 * as Character. `performIO` is adapter-pg 7.10's single query method (on adapters and
 * transactions alike); if a future version renames it we leave the queryable alone.
 */
const CHAR_OID = 18;
const BPCHAR_OID = 1042;
const charColumns = Symbol("char columns");
function supportCharColumns(queryable) {
  const { performIO, queryRaw } = queryable;
  if (typeof performIO !== "function") return queryable;
  queryable.performIO = async function (query) {
    const result = await performIO.call(this, query);
    const found = [];
    result?.fields?.forEach((field, index) => {
      if (field.dataTypeID !== CHAR_OID) return;
      field.dataTypeID = BPCHAR_OID;
      found.push(index);
    });
    if (found.length) Object.defineProperty(result.rows, charColumns, { value: found });
    return result;
  };
  queryable.queryRaw = async function (query) {
    const result = await queryRaw.call(this, query);
    for (const index of result.rows[charColumns] ?? []) result.columnTypes[index] = ColumnTypeEnum.Character;
    return result;
  };
  return queryable;
}

function fixAdapter(adapter) {
  supportCharColumns(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (...args) => supportCharColumns(await startTransaction(...args));
  // adapter-pg splits scripts on every ";" (breaking DO blocks, functions and string literals)
  // and runs the pieces one by one. Send the whole migration in one simple-protocol query
  // instead, like the native engine: PostgreSQL runs it as a single implicit transaction.
  const pool = adapter.underlyingDriver();
  adapter.executeScript = async (script) => {
    try {
      await pool.query(script);
    } catch (error) {
      adapter.onError(error);
    }
  };
  return adapter;
}

// Prisma's `?schema=` URL parameter: adapter-pg only reports it to the engine (which then looks
// for its tables there), so also make it the connections' search_path, as the native engine does.
const adapterOptions = (url) => (pgConfig(url).schema ? { schema: pgConfig(url).schema } : undefined);
function adapterConfig(url, database) {
  const config = pgConfig(url, database);
  if (config.schema) config.options = [config.options, `-c search_path="${config.schema}"`].filter(Boolean).join(" ");
  return config;
}

/** PrismaPg for the wasm engine: main connection plus a correct, separate shadow database. */
export class StandInPgFactory extends PrismaPg {
  #url;
  #shadowUrl;
  #options;

  constructor({ url, shadowDatabaseUrl }) {
    const options = adapterOptions(url);
    super(adapterConfig(url), options);
    this.#url = url;
    this.#shadowUrl = shadowDatabaseUrl || undefined;
    this.#options = options;
  }

  async connect() {
    return fixAdapter(await super.connect());
  }

  async connectToShadowDb() {
    // An explicitly configured shadow database (datasource.shadowDatabaseUrl) is never created
    // or dropped, but it must start empty (the wasm engine assumes so): clear it the way the
    // native engine does, by dropping every user schema and recreating the target one.
    if (this.#shadowUrl) {
      const where = (url) => `${pgConfig(url).host}:${pgConfig(url).port || 5432}/${databaseName(url)}`;
      if (where(this.#shadowUrl) === where(this.#url)) {
        throw new Error(
          "The shadow database you configured appears to be the same as the main database. Please specify another shadow database.",
        );
      }
      const schema = pgConfig(this.#shadowUrl).schema || "public";
      await runOnce(
        pgConfig(this.#shadowUrl),
        `DO $$ DECLARE s name; BEGIN
          FOR s IN SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
          LOOP EXECUTE format('DROP SCHEMA %I CASCADE', s); END LOOP;
          EXECUTE format('CREATE SCHEMA %I', ${quoteLiteral(schema)});
        END $$`,
      );
      log("INFO", "Cleared the configured shadow database");
      return new StandInPgFactory({ url: this.#shadowUrl }).connect();
    }

    // Otherwise create a throwaway database on the same server.
    // Bug 2: adapter-pg builds the shadow pool as { ...config, database } on top of the main
    // connection string, and pg lets the string win, so the "shadow" was the main database.
    // We pass host/port/user/password/database as separate fields instead.
    const name = `prisma_migrate_shadow_db_${randomUUID()}`;
    const admin = pgConfig(this.#url);
    const created = runOnce(admin, `CREATE DATABASE ${quoteIdent(name)}`);

    // Bug 3: adapter-pg dropped the database while its own pool was still connected, which
    // PostgreSQL refuses. Close the pool first, then drop (FORCE also ends stray sessions).
    let closePool = async () => {};
    let dropping; // one drop per database, however often (and by whom) it is asked for
    const drop = () =>
      (dropping ??= (async () => {
        await created.catch(() => {});
        await closePool().catch(() => {});
        await runOnce(admin, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`).catch((error) => {
          if (error?.code !== "42601") throw error; // FORCE needs PostgreSQL 13+
          return runOnce(admin, `DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
        });
        log("INFO", `Dropped shadow database ${name}`);
      })().finally(() => openShadowDatabases.delete(drop)));
    openShadowDatabases.add(drop); // from now on, even a signal mid-CREATE cannot leak it
    try {
      await created;
      log("INFO", `Created shadow database ${name}`);
      const shadow = fixAdapter(await new PrismaPg(adapterConfig(this.#url, name), this.#options).connect());
      closePool = shadow.dispose.bind(shadow);
      shadow.dispose = drop;
      return shadow;
    } catch (error) {
      await drop();
      throw error;
    }
  }
}

// Shadow databases created and not dropped yet (or being dropped), as their drop functions.
const openShadowDatabases = new Set();

/** Safety net for exits and signals: finish dropping every shadow database we created. */
export const dropOpenShadowDatabases = () =>
  Promise.all([...openShadowDatabases].map((drop) => drop().catch((e) => log("ERROR", `Could not drop a shadow database: ${e.message}`))));

/**
 * No database URL configured (e.g. `prisma migrate diff --from-empty --to-schema …`): the engine
 * can still compare schema files, but at start-up it asks whether the schema exists. Answer
 * that one question with "yes" and fail every other query with a clear message.
 */
export function offlineAdapterFactory() {
  const noUrl = () => {
    throw new Error("No database URL: set datasource.url in prisma.config.ts (DATABASE_URL).");
  };
  const adapter = {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    queryRaw: async ({ sql }) =>
      /FROM pg_namespace WHERE nspname/.test(sql) ? { columnNames: ["exists"], columnTypes: [5], rows: [[true]] } : noUrl(),
    executeRaw: async () => noUrl(),
    executeScript: async () => noUrl(),
    startTransaction: async () => noUrl(),
    getConnectionInfo: () => ({ supportsRelationJoins: true }),
    dispose: async () => {},
  };
  return { provider: "postgres", adapterName: "@prisma/adapter-pg", connect: async () => adapter, connectToShadowDb: async () => adapter };
}
