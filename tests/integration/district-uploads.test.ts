// Admin › Districts: uploaded files are stored and queued in one transaction, the job imports
// them once with its progress on the run's row, and an unreadable file fails the run with its name.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { getDistrictImport, listDistrictImports, queueDistrictUpload, runDistrictUpload } from "@/lib/districts/uploads";
import { actorFor, createAdmin, createClient } from "../factories";

const fixture = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(path.resolve("tests/fixtures/districts", name))) });

async function queuedJobs(importId: string) {
  return db().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'import-districts' AND j.payload->>'importId' = ${importId}`;
}

describe("uploaded district imports", () => {
  it("queues the files with a job, then imports them once, reporting progress and counts", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    const { id } = await queueDistrictUpload(admin, [
      fixture("EDGE_GEOCODE_PUBLICLEA_2223_sample.csv"),
      fixture("ccd_lea_029_2223_w_sample.csv"),
    ]);
    expect(await getDistrictImport(admin, id)).toMatchObject({ status: "queued", progress: 0 });
    expect((await queuedJobs(id))[0].n).toBe(1);
    expect(await db().districtImportUpload.count({ where: { importId: id } })).toBe(2);

    // Progress is written after each file: watch the row while the job runs.
    const seen = new Set<number>();
    let running = true;
    const watch = (async () => {
      while (running) {
        seen.add((await db().districtImport.findUniqueOrThrow({ where: { id } })).progress);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    expect(await runDistrictUpload(id)).toEqual({ status: "done" });
    running = false;
    await watch;
    expect([...seen].some((p) => p > 0 && p < 100)).toBe(true);

    const run = await getDistrictImport(admin, id);
    expect(run).toMatchObject({ status: "done", progress: 100, error: null });
    expect(run.added).toBe(await db().district.count());
    expect(run.added).toBeGreaterThan(20);
    expect(run.unmatched).toBeGreaterThan(0);
    expect(run.files.map((f) => f.kind).sort()).toEqual(["ccd-directory", "edge-geocode"]);
    expect(run.finishedAt).not.toBeNull();
    // The stored files are gone, and a second run of the same job does nothing.
    expect(await db().districtImportUpload.count({ where: { importId: id } })).toBe(0);
    expect(await runDistrictUpload(id)).toBeNull();
    expect((await listDistrictImports(admin)).runs[0].id).toBe(id);
  });

  it("fails a run with an unreadable file by its name, writing nothing", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    const before = await db().district.count();
    const { id } = await queueDistrictUpload(admin, [
      fixture("ccd_lea_029_2324_w_sample.csv"),
      { name: "notes.csv", bytes: new TextEncoder().encode("hello,world\n1,2\n") },
    ]);
    expect(await runDistrictUpload(id)).toEqual({ status: "failed" });
    const run = await getDistrictImport(admin, id);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/^notes\.csv: not a CCD LEA directory or membership file/);
    expect(await db().district.count()).toBe(before);
  });

  it("refuses bad uploads with a message, and anyone but an admin", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    await expect(queueDistrictUpload(admin, [])).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(queueDistrictUpload(admin, [{ name: "../etc/passwd", bytes: new Uint8Array([1]) }])).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(queueDistrictUpload(admin, [{ name: "a.csv", bytes: new Uint8Array(0) }])).rejects.toThrow(/empty/);
    await expect(queueDistrictUpload(admin, [{ name: "big.csv", bytes: new Uint8Array(10 * 1024 * 1024 + 1) }])).rejects.toThrow(
      /npm run districts:import/,
    );
    const client = actorFor(await createClient(), ["client"]);
    await expect(queueDistrictUpload(client, [fixture("ccd_lea_029_2223_w_sample.csv")])).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listDistrictImports(client)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(getDistrictImport(admin, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
