// Log lines on stderr shaped like the native engine's JSON logs, which the Prisma CLI parses:
// { timestamp, level, fields: { message, error_code? }, target }. stdout is kept for the protocol.
export const log = (level, message, extra = {}) =>
  process.stderr.write(
    JSON.stringify({ timestamp: new Date().toISOString(), level, fields: { message, ...extra }, target: "schema_engine::logger" }) + "\n",
  );
