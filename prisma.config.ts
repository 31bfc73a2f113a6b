import path from "node:path";
import { existsSync, readdirSync } from "node:fs";
import { defineConfig } from "prisma/config";

// Prisma's CLI downloads a native schema engine from binaries.prisma.sh before every command.
// Our build machines and CI cannot reach that host, so there the CLI is pointed at our own
// stand-in built on Prisma's published wasm engine (docs/decisions/0001-prisma-offline-schema-engine.md).
// Everywhere else Prisma's own engine is used: when PRISMA_SCHEMA_ENGINE_BINARY is already set,
// when PRISMA_USE_NATIVE_ENGINE=1 (the production image's default: it is built with network
// access), and when a native engine has already been downloaded next to the CLI.
const standIn = path.join(import.meta.dirname, "tooling", "prisma-offline-engine", "schema-engine.mjs");
const nativeEngineOnDisk = ["prisma", "@prisma/engines"].some((pkg) => {
  const dir = path.join(import.meta.dirname, "node_modules", pkg);
  return existsSync(dir) && readdirSync(dir).some((f) => f.startsWith("schema-engine-"));
});
if (
  !process.env.PRISMA_SCHEMA_ENGINE_BINARY &&
  process.env.PRISMA_USE_NATIVE_ENGINE !== "1" &&
  !nativeEngineOnDisk &&
  existsSync(standIn)
) {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY = standIn;
}

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  migrations: {
    path: path.join("prisma", "migrations"),
    seed: "node --conditions=react-server --import tsx prisma/seed.ts",
  },
  datasource: {
    url: process.env.DATABASE_URL ?? "",
  },
});
