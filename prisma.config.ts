import path from "node:path";
import { existsSync } from "node:fs";
import { defineConfig } from "prisma/config";

// Prisma's CLI downloads a native schema engine from binaries.prisma.sh before every
// command. Where that host is unreachable (CI, these machines) we point it at our own
// stand-in built on the published wasm engine. See docs/decisions/0001-prisma-offline-schema-engine.md.
// A machine that already has the native engine (or sets the variable itself) is left alone.
const standIn = path.join(import.meta.dirname, "tooling", "prisma-offline-engine", "schema-engine.mjs");
if (!process.env.PRISMA_SCHEMA_ENGINE_BINARY && process.env.PRISMA_USE_NATIVE_ENGINE !== "1" && existsSync(standIn)) {
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
