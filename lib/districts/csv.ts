// Line-by-line reading of the delimited text files NCES and the Census publish. The membership
// file runs to millions of rows, so files are streamed, never read whole.
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";

/** Every line of a file, without the byte-order mark some exports start with. */
export async function* readLines(file: string): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  let first = true;
  for await (const line of lines) {
    yield first ? line.replace(/^\uFEFF/, "") : line;
    first = false;
  }
}

/** The delimiter of a header line: NCES ships comma files and tab or pipe text files. */
export function delimiterOf(header: string): string {
  if (header.includes("\t")) return "\t";
  if (header.includes("|") && !header.includes(",")) return "|";
  return ",";
}

/** One delimited line split into fields, honouring double quotes and doubled quotes inside them. */
export function splitLine(line: string, delimiter: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === delimiter) {
      fields.push(field);
      field = "";
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** Rows of a delimited file as objects keyed by the header's column names (upper-cased). */
export async function* readRecords(
  lines: AsyncIterable<string>,
  header: string[],
  delimiter: string,
): AsyncGenerator<Record<string, string>> {
  const names = header.map((h) => h.trim().toUpperCase());
  for await (const line of lines) {
    if (!line.trim()) continue;
    const fields = splitLine(line, delimiter);
    const record: Record<string, string> = {};
    names.forEach((name, i) => (record[name] = fields[i] ?? ""));
    yield record;
  }
}
