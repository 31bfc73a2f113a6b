import { apiRoute } from "@/lib/accounts/api-handler";
import { searchForPlan } from "@/lib/projects/directory-page";
import { directoryFiltersSchema } from "@/lib/experts/schemas/directory";
import { z } from "@/lib/platform/validation/zod";

const bodySchema = directoryFiltersSchema.and(
  z.object({ variant: z.enum(["directory", "client"], { error: "must be directory or client" }).default("directory") }),
);

/**
 * POST /api/experts-search: the directory's filters in the body → { experts, total, approximate, page };
 * `approximate` marks an estimated total. With `recruitingFor` (a project of the caller's
 * organization with a sample plan) the experts in its open cells come first and `recruiting` says
 * where each listed expert lands in the plan.
 */
export const POST = apiRoute(
  { roles: ["client", "admin"], body: bodySchema, failure: "Failed to search experts" },
  async ({ actor, input }) => {
    const { variant, ...filters } = input;
    const { page: result, recruiting } = await searchForPlan(actor, directoryFiltersSchema.parse(filters), variant);
    return {
      experts: result.experts,
      total: result.total,
      approximate: result.approximate,
      page: result.page,
      pageSize: result.pageSize,
      ...(recruiting ? { recruiting } : {}),
    };
  },
);
