// The district import: reads the public files, writes one row per district in one transaction per
// file, and reports what changed. Directory files go first whatever order they are given in, since
// only they add districts; the other files' rows for districts not on file are counted unmatched.
import "server-only";
import path from "node:path";
import { db } from "@/lib/platform/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { openDistrictFile, PARSERS } from "./detect";
import { mergeDistrict } from "./merge";
import { currentStatus } from "./status";
import { storedDistrict, writeDistricts } from "./stored";
import type { DistrictValues, FileKind, ParsedRow } from "./types";

export type FileReport = {
  file: string;
  kind: FileKind;
  schoolYear: string;
  /** What the file gave: one per district (for membership, its total rows) plus the skipped rows. */
  rows: number;
  added: number;
  changed: number;
  closed: number;
  unmatched: number;
  skipped: number;
  /** A few unmatched LEAIDs, so an operator can look them up. */
  unmatchedSample: string[];
};

export type ImportReport = { id: string; files: FileReport[]; added: number; changed: number; closed: number; unmatched: number };

const UNMATCHED_SAMPLE = 10;

const closedIn = (values: DistrictValues) => !!values.status && currentStatus(values.status) === "closed";
/** A national directory file is about 19,000 agencies: give its transaction room. */
const FILE_TRANSACTION_MS = 10 * 60_000;

/**
 * `addedThisRun` holds the districts this run created: the later files filling in their values are
 * part of adding them, not changes.
 */
async function importFile(
  file: string,
  opened: Awaited<ReturnType<typeof openDistrictFile>>,
  addedThisRun: Set<string>,
): Promise<FileReport> {
  const { parser, schoolYear, records } = opened;
  const source = { year: schoolYear, file: path.basename(file) };
  const report: FileReport = {
    file: source.file,
    kind: parser.kind,
    schoolYear,
    rows: 0,
    added: 0,
    changed: 0,
    closed: 0,
    unmatched: 0,
    skipped: 0,
    unmatchedSample: [],
  };
  // A district listed twice in one file counts once, with its last row.
  const parsed = new Map<string, ParsedRow>();
  for await (const row of parser.rows(records)) {
    report.rows++;
    if ("skipped" in row) report.skipped++;
    else parsed.set(row.leaid, row);
  }

  await db().$transaction(
    async (tx) => {
      const existing = new Map((await tx.district.findMany({ where: { leaid: { in: [...parsed.keys()] } } })).map((d) => [d.leaid, d]));
      const writes: Parameters<typeof writeDistricts>[1] = [];
      for (const row of parsed.values()) {
        const current = existing.get(row.leaid);
        if (!current) {
          if (parser.kind !== "ccd-directory" || !row.values.identity) {
            report.unmatched++;
            if (report.unmatchedSample.length < UNMATCHED_SAMPLE) report.unmatchedSample.push(row.leaid);
            continue;
          }
          const merged = mergeDistrict({ values: {}, sources: {} }, row.values, source);
          writes.push({ leaid: row.leaid, values: merged.values, sources: merged.sources });
          report.added++;
          addedThisRun.add(row.leaid);
          if (closedIn(merged.values)) report.closed++;
          continue;
        }
        const stored = storedDistrict(current);
        const merged = mergeDistrict(stored, row.values, source);
        if (!merged.valuesChanged && !merged.sourcesChanged) continue;
        if (merged.valuesChanged && !addedThisRun.has(row.leaid)) report.changed++;
        if (closedIn(merged.values) && !closedIn(stored.values)) report.closed++;
        writes.push({ leaid: row.leaid, values: merged.values, sources: merged.sources });
      }
      await writeDistricts(tx, writes);
    },
    { timeout: FILE_TRANSACTION_MS, maxWait: 30_000 },
  );
  return report;
}

/**
 * Poverty quartiles over every district on file with a known share: 1 is the lowest quarter.
 * Districts with equal shares share a quartile (cumulative distribution, not row numbers).
 */
async function updatePovertyQuartiles() {
  await db().$executeRaw`
    UPDATE districts d SET poverty_quartile = q.quartile
    FROM (
      SELECT leaid, CEIL(CUME_DIST() OVER (ORDER BY poverty_share) * 4)::smallint AS quartile
      FROM districts WHERE poverty_share IS NOT NULL
    ) q
    WHERE d.leaid = q.leaid AND d.poverty_quartile IS DISTINCT FROM q.quartile`;
  await db().$executeRaw`UPDATE districts SET poverty_quartile = NULL WHERE poverty_share IS NULL AND poverty_quartile IS NOT NULL`;
}

const KIND_ORDER = PARSERS.map((p) => p.kind);

export type ImportOptions = {
  /** A run already recorded (an admin's upload, queued): its row gets the report instead of a new one. */
  importId?: string;
  /** After each file is written: how many of the run's files are done, of how many. */
  onProgress?: (done: number, total: number) => Promise<void>;
};

/** Imports the files (any order, any mix of kinds) and records the run in district_imports. */
export async function importDistrictFiles(files: string[], options: ImportOptions = {}): Promise<ImportReport> {
  const opened = await Promise.all(files.map(async (file) => ({ file, opened: await openDistrictFile(file) })));
  // Within a kind, older school years first, so the newest file's values are the ones left.
  opened.sort(
    (a, b) =>
      KIND_ORDER.indexOf(a.opened.parser.kind) - KIND_ORDER.indexOf(b.opened.parser.kind) ||
      a.opened.schoolYear.localeCompare(b.opened.schoolYear),
  );
  const reports: FileReport[] = [];
  const addedThisRun = new Set<string>();
  for (const { file, opened: o } of opened) {
    reports.push(await importFile(file, o, addedThisRun));
    await options.onProgress?.(reports.length, opened.length);
  }
  await updatePovertyQuartiles();

  const total = (key: "added" | "changed" | "closed" | "unmatched") => reports.reduce((sum, r) => sum + r[key], 0);
  const data = {
    files: reports as unknown as Prisma.InputJsonValue,
    added: total("added"),
    changed: total("changed"),
    closed: total("closed"),
    unmatched: total("unmatched"),
    status: "done" as const,
    progress: 100,
    finishedAt: new Date(),
  };
  const run = options.importId
    ? await db().districtImport.update({ where: { id: options.importId }, data })
    : await db().districtImport.create({ data });
  return { id: run.id, files: reports, added: run.added, changed: run.changed, closed: run.closed, unmatched: run.unmatched };
}
