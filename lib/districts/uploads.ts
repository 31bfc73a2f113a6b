// Admin › Districts: the public files uploaded in the browser, imported on the job queue. The
// files wait in the database (whichever instance runs the job reads them there), the run reports
// its progress file by file on its district_imports row, and a failure (an unreadable file names
// itself) is recorded there for the page rather than retried.
import "server-only";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { enqueueJob } from "@/lib/platform/jobs/enqueue";
import { requirePermission } from "@/lib/accounts/permissions";
import type { Actor } from "@/lib/accounts/actor";
import { loggerFor } from "@/lib/platform/log.mjs";
import { newestFirstPage, type PageRequest } from "@/lib/platform/keyset";
import { boundedTotal } from "@/lib/platform/list-total";
import { importDistrictFiles, type FileReport } from "./import";
import { UnknownFileError } from "./detect";

const log = loggerFor("districts");

/** The request body is capped at 11 MB (next.config.mjs); the files share what is left of it. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 8;
/** A published name: letters, digits, dots, dashes and underscores (the SAIPE year is read from it). */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export type UploadedFile = { name: string; bytes: Uint8Array };

/** Checks the upload, stores its files and queues the run, in one transaction. */
export async function queueDistrictUpload(actor: Actor, files: UploadedFile[]) {
  requirePermission(actor, "manage:platform:any");
  if (files.length === 0)
    throw new AppError("BAD_REQUEST", "Choose at least one file to import.", { files: ["Choose at least one file."] });
  if (files.length > UPLOAD_MAX_FILES)
    throw new AppError("BAD_REQUEST", `Upload at most ${UPLOAD_MAX_FILES} files at a time.`, { files: ["Too many files."] });
  const size = files.reduce((sum, f) => sum + f.bytes.byteLength, 0);
  if (size > UPLOAD_MAX_BYTES)
    throw new AppError(
      "BAD_REQUEST",
      "The files are larger than 10 MB together: import the national membership file with npm run districts:import instead.",
      { files: ["Larger than 10 MB together."] },
    );
  for (const f of files) {
    if (!FILE_NAME.test(f.name))
      throw new AppError("BAD_REQUEST", `${f.name.slice(0, 60)}: keep the published file name (letters, digits, dots, dashes).`, {
        files: ["Keep the published file name."],
      });
    if (f.bytes.byteLength === 0) throw new AppError("BAD_REQUEST", `${f.name}: the file is empty.`, { files: ["A file is empty."] });
  }
  if (new Set(files.map((f) => f.name)).size !== files.length)
    throw new AppError("BAD_REQUEST", "The same file name is there twice.", { files: ["A file name is there twice."] });
  return db().$transaction(async (tx) => {
    const run = await tx.districtImport.create({
      data: {
        status: "queued",
        progress: 0,
        files: files.map((f) => ({ file: f.name })),
        createdById: actor.realUserId,
      },
    });
    await tx.districtImportUpload.createMany({
      data: files.map((f) => ({ importId: run.id, name: f.name, content: Buffer.from(f.bytes) })),
    });
    // Once only: a half-written run is recorded as failed rather than replayed over itself.
    await enqueueJob("import-districts", { importId: run.id }, { maxAttempts: 1 }, tx);
    return { id: run.id };
  });
}

/** The job: runs a queued upload once. Null when the run is not waiting (already taken or gone). */
export async function runDistrictUpload(importId: string) {
  const claimed = await db().districtImport.updateMany({ where: { id: importId, status: "queued" }, data: { status: "running" } });
  if (claimed.count !== 1) return null;
  const dir = await mkdtemp(path.join(tmpdir(), "district-upload-"));
  try {
    const uploads = await db().districtImportUpload.findMany({ where: { importId }, select: { name: true, content: true } });
    const files: string[] = [];
    for (const u of uploads) {
      const file = path.join(dir, path.basename(u.name));
      await writeFile(file, u.content);
      files.push(file);
    }
    await importDistrictFiles(files, {
      importId,
      // The last step (the poverty quartiles) is what is left after the last file.
      onProgress: async (done, total) => {
        await db().districtImport.update({ where: { id: importId }, data: { progress: Math.floor((done / (total + 1)) * 100) } });
      },
    });
    return { status: "done" as const };
  } catch (e) {
    const message =
      e instanceof UnknownFileError
        ? e.message
        : "The import stopped on an unexpected error and wrote nothing more; the files imported before it stay.";
    if (!(e instanceof UnknownFileError)) log.error({ err: e, importId }, "district import failed");
    await db().districtImport.update({ where: { id: importId }, data: { status: "failed", error: message, finishedAt: new Date() } });
    return { status: "failed" as const };
  } finally {
    await db().districtImportUpload.deleteMany({ where: { importId } });
    await rm(dir, { recursive: true, force: true });
  }
}

export type DistrictImportView = {
  id: string;
  status: "queued" | "running" | "done" | "failed";
  progress: number;
  error: string | null;
  files: { file: string; kind?: string; schoolYear?: string; added?: number; changed?: number; closed?: number; unmatched?: number }[];
  added: number;
  changed: number;
  closed: number;
  unmatched: number;
  createdAt: Date;
  finishedAt: Date | null;
};

/** The imports list shows this many runs a page, newest first. */
export const DISTRICT_IMPORTS_PAGE_SIZE = 25;

const VIEW_SELECT = {
  id: true,
  status: true,
  progress: true,
  error: true,
  files: true,
  added: true,
  changed: true,
  closed: true,
  unmatched: true,
  createdAt: true,
  finishedAt: true,
} as const;

const toView = (r: { files: unknown } & Omit<DistrictImportView, "files">): DistrictImportView => ({
  ...r,
  files: Array.isArray(r.files) ? (r.files as Partial<FileReport>[]).map((f) => ({ ...f, file: String(f.file ?? "") })) : [],
});

/** Admin: the runs, newest first, a page at a time, and how many districts are on file. */
export async function listDistrictImports(actor: Actor, page: PageRequest = {}) {
  requirePermission(actor, "manage:platform:any");
  const [found, districts] = await Promise.all([
    newestFirstPage(
      page,
      (keyset) => db().districtImport.findMany({ where: keyset.where, orderBy: keyset.orderBy, take: keyset.take, select: VIEW_SELECT }),
      DISTRICT_IMPORTS_PAGE_SIZE,
    ),
    // About 19,000 districts on file: counted up to the bound, then the planner's statistics.
    boundedTotal((take) => db().district.count({ take }), "districts"),
  ]);
  return { runs: found.rows.map(toView), after: found.after, before: found.before, districts };
}

/** Admin: one run, for the page's progress bar. */
export async function getDistrictImport(actor: Actor, id: string) {
  requirePermission(actor, "manage:platform:any");
  const row = await db().districtImport.findUnique({ where: { id }, select: VIEW_SELECT });
  if (!row) throw new AppError("NOT_FOUND", "Import not found.");
  return toView(row);
}
