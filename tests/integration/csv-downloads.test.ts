// CSV downloads open in Excel as UTF-8: they start with a byte order mark (lib/platform/csv-response.ts).
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { addToShortlist } from "@/lib/projects/shortlists";
import { GET as shortlistExport } from "@/app/client/shortlist/export/route";
import { GET as ownConsents } from "@/app/api/me/consents/route";
import { actorFor, bearerTokenFor, createClient, createExpert } from "../factories";

const BOM = [0xef, 0xbb, 0xbf];

async function download(handler: typeof shortlistExport, path: string, token: string) {
  const res = await handler(new NextRequest(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } }), {
    params: Promise.resolve({}),
  });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe("CSV downloads", () => {
  it("the shortlist starts with a UTF-8 BOM, so José keeps his accent in Excel", async () => {
    const client = await createClient();
    const { user, expert } = await createExpert();
    await db().user.update({ where: { id: user.id }, data: { firstName: "José", lastName: "Núñez" } });
    await addToShortlist(actorFor(client, ["client"]), expert.id);

    const { res, bytes } = await download(shortlistExport, "/client/shortlist/export", await bearerTokenFor(client));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="shortlist-\d{4}-\d\d-\d\d\.csv"$/);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect([...bytes.slice(0, 3)]).toEqual(BOM);
    // After the mark: the header row first, and the name as UTF-8 bytes.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith("\uFEFFName,Role,")).toBe(true);
    expect(text).toContain("José Núñez");
  });

  it("every other CSV download does the same (one helper)", async () => {
    const client = await createClient();
    const { res, bytes } = await download(ownConsents, "/api/me/consents", await bearerTokenFor(client));
    expect(res.status).toBe(200);
    expect([...bytes.slice(0, 3)]).toEqual(BOM);
  });
});
