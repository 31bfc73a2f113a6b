// Which public file a file is, from its header row (or, for the SAIPE text release, which has no
// header, from the shape of its first line), and its records from there on.
import path from "node:path";
import { delimiterOf, readLines, readRecords, splitLine } from "./csv";
import { ccdDirectory } from "./ccd-directory";
import { ccdMembership } from "./ccd-membership";
import { edgeGeocode } from "./edge-geocode";
import { isSaipeTextLine, saipe, saipeTextRecord } from "./saipe";
import type { FileParser } from "./types";

export const PARSERS: FileParser[] = [ccdDirectory, ccdMembership, edgeGeocode, saipe];

/** Spreadsheet exports put title lines above the header; look this far for it. */
const HEADER_SEARCH_LINES = 5;

export type OpenedFile = { parser: FileParser; schoolYear: string; records: AsyncIterable<Record<string, string>> };

export class UnknownFileError extends Error {}

async function* saipeTextRecords(first: string, rest: AsyncIterator<string>): AsyncGenerator<Record<string, string>> {
  let line: string | undefined = first;
  while (line !== undefined) {
    const record = saipeTextRecord(line);
    if (record) yield record;
    else if (line.trim()) yield {};
    const next = await rest.next();
    line = next.done ? undefined : next.value;
  }
}

async function* remaining(lines: AsyncIterator<string>, wanted: (line: string) => boolean): AsyncGenerator<string> {
  for (let next = await lines.next(); !next.done; next = await lines.next()) if (wanted(next.value)) yield next.value;
}

/** Opens a file as one of the known layouts, or throws naming the file and what was expected. */
export async function openDistrictFile(file: string): Promise<OpenedFile> {
  const lines = readLines(file)[Symbol.asyncIterator]();
  for (let i = 0; i < HEADER_SEARCH_LINES; i++) {
    const next = await lines.next();
    if (next.done) break;
    const line = next.value;
    if (isSaipeTextLine(line)) {
      return withYear(file, saipe, saipeTextRecords(line, lines));
    }
    const delimiter = delimiterOf(line);
    const columns = splitLine(line, delimiter);
    const parser = PARSERS.find((p) => p.matches(columns));
    if (parser) return withYear(file, parser, readRecords(remaining(lines, parser.wantsLine ?? (() => true)), columns, delimiter));
  }
  throw new UnknownFileError(
    `${path.basename(file)}: not a CCD LEA directory or membership file, an EDGE LEA geocode file or a SAIPE school district file`,
  );
}

/** The school year comes from the first record (or the file name), so that record is read ahead. */
async function withYear(file: string, parser: FileParser, records: AsyncIterable<Record<string, string>>): Promise<OpenedFile> {
  const iterator = records[Symbol.asyncIterator]();
  const first = await iterator.next();
  const firstRecord = first.done ? null : first.value;
  const schoolYear = parser.schoolYear(file, firstRecord);
  if (!schoolYear) throw new UnknownFileError(`${path.basename(file)}: no school year in its rows or its published file name`);
  async function* all() {
    if (firstRecord) yield firstRecord;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { parser, schoolYear, records: all() };
}
