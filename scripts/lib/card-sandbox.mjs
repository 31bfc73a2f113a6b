// A loopback stand-in for Stripe in end-to-end runs, the way smtp-capture stands in for a mail
// server: the part of Stripe's HTTP API the app calls through the stripe package (create, read
// with the payment intent expanded, and expire a Checkout Session, with the same form fields,
// bearer key and idempotency keys), a hosted payment page a person can pay by card, pay by bank
// debit (complete now, paid later) or leave, and Stripe's signed webhooks to the app. A test
// clears a debit with POST /debit/<session>/clear. The real adapter is tested against Stripe's
// documented answers in tests/unit/stripe.test.ts.
import { createHmac } from "node:crypto";
import http from "node:http";

const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main>${body}</main></body></html>`;
const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startCardSandbox({ secretKey, webhookSecret, webhookUrl, port = 0 }) {
  const sessions = new Map();
  const byKey = new Map();
  let base = "";

  const view = (s) => ({
    id: s.id,
    object: "checkout.session",
    status: s.status,
    payment_status: s.paymentStatus,
    client_reference_id: s.reference,
    metadata: s.invoiceId ? { invoice_id: s.invoiceId } : {},
    amount_total: s.amount,
    currency: s.currency,
    payment_intent: s.intent ? { id: `pi_${s.id}`, object: "payment_intent", status: s.intent } : null,
    url: s.status === "open" ? `${base}/pay/${s.id}` : null,
  });
  const json = (res, status, body) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const readBody = (req) =>
    new Promise((resolve) => {
      const chunks = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    });

  async function sendWebhook(s, type = "checkout.session.completed") {
    const body = JSON.stringify({ id: `evt_${type}_${s.id}`, object: "event", type, data: { object: view(s) } });
    const t = Math.floor(Date.now() / 1000);
    const signature = createHmac("sha256", webhookSecret).update(`${t}.${body}`).digest("hex");
    await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": `t=${t},v1=${signature}` },
      body,
    }).catch(() => {});
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, base);
    const api = url.pathname.startsWith("/v1/");
    if (api && req.headers.authorization !== `Bearer ${secretKey}`)
      return json(res, 401, { error: { message: "Invalid API Key provided" } });
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const form = new URLSearchParams(await readBody(req));
      const key = req.headers["idempotency-key"];
      if (key && byKey.has(key)) return json(res, 200, view(sessions.get(byKey.get(key))));
      const s = {
        id: `cs_test_sandbox_${sessions.size + 1}`,
        status: "open",
        paymentStatus: "unpaid",
        reference: form.get("client_reference_id"),
        invoiceId: form.get("metadata[invoice_id]"),
        intent: null,
        currency: form.get("line_items[0][price_data][currency]"),
        amount: Number(form.get("line_items[0][price_data][unit_amount]")),
        name: form.get("line_items[0][price_data][product_data][name]"),
        success: form.get("success_url"),
        cancel: form.get("cancel_url"),
      };
      sessions.set(s.id, s);
      if (key) byKey.set(key, s.id);
      return json(res, 200, view(s));
    }
    const expire = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(url.pathname);
    if (req.method === "POST" && expire) {
      const s = sessions.get(expire[1]);
      if (!s) return json(res, 404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
      if (s.status !== "open")
        return json(res, 400, { error: { type: "invalid_request_error", message: "Only open sessions can be expired." } });
      s.status = "expired";
      return json(res, 200, view(s));
    }
    const clear = /^\/debit\/([\w-]+)\/clear$/.exec(url.pathname);
    if (req.method === "POST" && clear) {
      const s = sessions.get(clear[1]);
      if (!s || s.intent !== "processing") return json(res, 404, { error: { message: "No debit in progress" } });
      Object.assign(s, { paymentStatus: "paid", intent: "succeeded" });
      await sendWebhook(s, "checkout.session.async_payment_succeeded");
      return json(res, 200, view(s));
    }
    const read = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
    if (req.method === "GET" && read) {
      const s = sessions.get(read[1]);
      return s ? json(res, 200, view(s)) : json(res, 404, { error: { message: "No such checkout.session" } });
    }
    const pay = /^\/pay\/([\w-]+)$/.exec(url.pathname);
    const s = pay && sessions.get(pay[1]);
    if (s && req.method === "GET") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(
        page(
          "Card payment sandbox",
          `<h1>Card payment sandbox</h1><p>${escape(s.name)}</p><p>Amount: $${(s.amount / 100).toFixed(2)}</p>` +
            (s.status === "open"
              ? `<form method="post"><button type="submit">Pay $${(s.amount / 100).toFixed(2)}</button></form>` +
                `<form method="post"><input type="hidden" name="method" value="debit"><button type="submit">Pay by bank debit</button></form>` +
                `<p><a href="${escape(s.cancel)}">Back without paying</a></p>`
              : "<p>This payment page is closed.</p>"),
        ),
      );
    }
    if (s && req.method === "POST" && s.status === "open") {
      // A bank debit completes the page now and pays days later (until a test clears it).
      const debit = new URLSearchParams(await readBody(req)).get("method") === "debit";
      Object.assign(
        s,
        debit ? { status: "complete", paymentStatus: "unpaid", intent: "processing" } : { status: "complete", paymentStatus: "paid" },
      );
      await sendWebhook(s);
      res.writeHead(303, { location: s.success });
      return res.end();
    }
    json(res, 404, { error: { message: "Not found" } });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  base = `http://127.0.0.1:${server.address().port}`;
  return {
    apiUrl: `${base}/v1`,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
