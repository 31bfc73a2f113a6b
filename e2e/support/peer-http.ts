import http from "node:http";
import { randomInt } from "node:crypto";
import { actionId, parseFlight, type ActionAnswer } from "./server-actions";

// Requests to the e2e server from a chosen loopback address (127.0.0.x): the server sees that
// address on the socket. Only 127.0.0.1 is a trusted proxy in the e2e server (scripts/run.mjs),
// so for any other 127.0.0.x a forged X-Forwarded-For must not change the client's IP.

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** A loopback address other than 127.0.0.1, different on every call (and every retry). */
export const untrustedLoopback = () => `127.${randomInt(1, 250)}.${randomInt(0, 250)}.${randomInt(2, 250)}`;

export type PeerResponse = { status: number; headers: http.IncomingHttpHeaders; text: string };

export function requestFrom(
  localAddress: string,
  opts: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<PeerResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        localAddress,
        method: opts.method,
        path: opts.path,
        headers: { host: `127.0.0.1:${PORT}`, ...(opts.body ? { "content-length": Buffer.byteLength(opts.body) } : {}), ...opts.headers },
        agent: false,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    req.setTimeout(60_000, () => req.destroy(new Error(`timeout: ${opts.method} ${opts.path}`)));
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

/** A server action called from `localAddress`, the way the browser calls it. */
export async function actionFrom(localAddress: string, ref: string, input: unknown, via: string, headers: Record<string, string> = {}) {
  const res = await requestFrom(localAddress, {
    method: "POST",
    path: via,
    headers: { "next-action": actionId(ref), accept: "text/x-component", "content-type": "text/plain;charset=UTF-8", ...headers },
    body: JSON.stringify([input]),
  });
  return { status: res.status, result: parseFlight(res.text) as ActionAnswer["result"] };
}
