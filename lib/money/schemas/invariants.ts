import { z } from "../../platform/validation/zod";

// Admin › Money checks: running the money's invariant checks now takes no input.
export const runMoneyChecksSchema = z.object({});
