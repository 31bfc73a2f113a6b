import { apiRoute } from "@/lib/accounts/api-handler";
import { searchDirectory } from "@/lib/experts/directory";
import { directoryFiltersSchema } from "@/lib/experts/schemas/directory";
import { z } from "zod";

const bodySchema = directoryFiltersSchema.and(
  z.object({ variant: z.enum(["directory", "client"], { error: "must be directory or client" }).default("directory") }),
);

/** POST /api/experts-search: the directory's filters in the body → { experts, total, approximate, page }; `approximate` marks an estimated total. */
export const POST = apiRoute(
  { roles: ["client", "admin"], body: bodySchema, failure: "Failed to search experts" },
  async ({ actor, input }) => {
    const { variant, ...filters } = input;
    const result = await searchDirectory(actor, directoryFiltersSchema.parse(filters), variant);
    return { experts: result.experts, total: result.total, approximate: result.approximate, page: result.page, pageSize: result.pageSize };
  },
);
