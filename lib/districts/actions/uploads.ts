"use server";

import { revalidatePath } from "next/cache";
import { z } from "@/lib/platform/validation/zod";
import { defineAction } from "@/lib/accounts/action";
import { getDistrictImport, queueDistrictUpload } from "@/lib/districts/uploads";

/** Admin › Districts: the chosen files (the form's `files` entries), queued for import. */
export const uploadDistrictFilesAction = defineAction(
  { schema: z.instanceof(FormData, { error: "Choose the files to import." }), roles: ["admin"], failure: "Failed to upload the files" },
  async (form, actor) => {
    const entries = form.getAll("files").filter((f): f is File => typeof f !== "string" && (f.size > 0 || f.name !== ""));
    const files = await Promise.all(entries.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
    const queued = await queueDistrictUpload(actor, files);
    revalidatePath("/admin/districts");
    return queued;
  },
);

/** The page's progress bar asks how a run stands. */
export const districtImportAction = defineAction(
  {
    schema: z.object({ id: z.uuid({ error: "Import not found." }) }),
    roles: ["admin"],
    failure: "Failed to load the import",
    readOnly: true,
  },
  async ({ id }, actor) => getDistrictImport(actor, id),
);
