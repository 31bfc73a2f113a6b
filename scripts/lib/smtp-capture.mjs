// A real SMTP server on loopback that keeps every message it receives as a JSON file
// ({ from, to, raw }) in a folder. Tests and e2e runs read what arrives there.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export async function startSmtpCapture({ dir, port = 0 }) {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (c) => chunks.push(c));
      stream.on("end", () => {
        const message = {
          from: session.envelope.mailFrom?.address ?? null,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          receivedAt: new Date().toISOString(),
        };
        count += 1;
        writeFileSync(path.join(dir, `${Date.now()}-${process.pid}-${count}.json`), JSON.stringify(message));
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const actualPort = server.server.address().port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
