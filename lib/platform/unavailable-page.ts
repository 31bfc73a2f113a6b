import { NextResponse } from "next/server";

// The page proxy.ts answers while the database is known to be down (lib/platform/db-outage.ts): a 503
// a person can read, with Retry-After, never cached. Self-contained: no app code can run.
const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="5">
<title>Service temporarily unavailable | K12 Experts</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#0f172a;background:#f8fafc}
main{max-width:32rem;margin:6rem auto;padding:0 1rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 .75rem}
p{color:#475569;line-height:1.5}
a{color:#1d4ed8}
</style>
</head>
<body>
<main>
<h1>Service temporarily unavailable</h1>
<p>K12 Experts cannot reach its database for a moment. Nothing you saved is lost. This page tries again by itself in a few seconds.</p>
<p><a href="/api-status">System status</a></p>
</main>
</body>
</html>`;

export function unavailablePage(): NextResponse {
  return new NextResponse(HTML, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Retry-After": "5", "Cache-Control": "no-store" },
  });
}
