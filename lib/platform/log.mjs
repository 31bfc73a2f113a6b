import path from "node:path";
import pino from "pino";
import { currentRequest } from "./request-context.mjs";

// The one logger: JSON lines on stdout, each with an ISO time (UTC), a level name and, inside a
// request, its requestId (docs/decisions/0022-logs-and-shutdown.md). Shared through globalThis by
// the server (scripts/server.mjs) and the app's bundle. LOG_LEVEL sets the floor (default info);
// LOG_FILE sends the lines to a file instead (the e2e server), errors also to stderr.
// Log ids, never e-mail addresses, tokens, bodies or payment data; the redaction below is a net.

const KEY = Symbol.for("k12.logger");

function createLogger() {
  const file = process.env.LOG_FILE;
  const destination = file
    ? pino.multistream([
        { level: "trace", stream: pino.destination({ dest: path.resolve(file), sync: true, append: true, mkdir: true }) },
        { level: "error", stream: process.stderr },
      ])
    : pino.destination({ fd: 1, sync: true });
  return pino(
    {
      level: process.env.LOG_LEVEL ?? "info",
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const request = currentRequest();
        return request ? { requestId: request.requestId } : {};
      },
      redact: {
        paths: [
          "email",
          "*.email",
          "password",
          "*.password",
          "token",
          "*.token",
          "authorization",
          "cookie",
          "*.headers.cookie",
          "*.headers.authorization",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

/** @type {import("pino").Logger} */
export const logger = /** @type {any} */ (globalThis[KEY] ??= createLogger());

/**
 * A logger whose lines name the part of the app that wrote them ("jobs", "mail", ...).
 * @param {string} name
 */
export const loggerFor = (name) => logger.child({ module: name });
