// `npm run districts:import -- <files…>`: imports NCES and Census district files (each file's kind
// is read from its header row) and prints what changed.
import path from "node:path";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { importDistrictFiles, type ImportReport } from "@/lib/districts/import";
import { UnknownFileError } from "@/lib/districts/detect";

const files = z
  .array(z.string().min(1))
  .min(1, "Name the files to import: npm run districts:import -- <files…>")
  .safeParse(process.argv.slice(2));
if (!files.success) {
  console.error(files.error.issues.map((i) => i.message).join("\n"));
  process.exit(2);
}

// npm runs scripts from the project folder; paths are meant from where the command was typed.
const base = process.env.INIT_CWD ?? process.cwd();

function print(report: ImportReport) {
  for (const f of report.files) {
    console.log(
      `${f.file} (${f.kind}, ${f.schoolYear}): ${f.rows} rows, ${f.added} added, ${f.changed} changed, ${f.closed} closed, ` +
        `${f.unmatched} unmatched, ${f.skipped} skipped` +
        (f.unmatchedSample.length ? ` (unmatched e.g. ${f.unmatchedSample.join(", ")})` : ""),
    );
  }
  console.log(
    `Total: ${report.added} added, ${report.changed} changed, ${report.closed} closed, ${report.unmatched} unmatched (import ${report.id})`,
  );
}

try {
  print(await importDistrictFiles(files.data.map((f) => path.resolve(base, f))));
} catch (error) {
  if (!(error instanceof UnknownFileError)) throw error;
  console.error(error.message);
  process.exitCode = 2;
} finally {
  await db().$disconnect();
}
