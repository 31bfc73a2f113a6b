"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { decideBonus, payBonuses, setBonusApprovalThreshold } from "@/lib/engagements/bonuses";
import { resolveBonusLines } from "@/lib/engagements/bonus-lines";
import { bonusCsvSchema, bonusSchema, bonusThresholdSchema, decideBonusSchema } from "@/lib/engagements/schemas/bonuses";

// A client pays bonuses: one expert from their card, or many from a list. Each batch carries
// the key the dialog made when it opened, so a second click pays nothing twice.

const CLIENT: ("client" | "admin")[] = ["client", "admin"];

const refresh = () => {
  revalidatePath("/client/projects/[id]", "page");
  revalidatePath("/client/billing");
};

export const payBonusAction = defineAction(
  { schema: bonusSchema, roles: CLIENT, failure: "Failed to pay the bonus. Please try again." },
  async (input, actor) => {
    const result = await payBonuses(actor, {
      batchKey: input.batchKey,
      items: [{ engagementId: input.engagementId, cents: input.amount }],
      note: input.note,
    });
    refresh();
    return result;
  },
);

export const payBonusesCsvAction = defineAction(
  { schema: bonusCsvSchema, roles: CLIENT, failure: "Failed to pay the bonuses. Please try again." },
  async (input, actor) => {
    const items = await resolveBonusLines(actor, input.csv);
    const result = await payBonuses(actor, { batchKey: input.batchKey, items, note: input.note });
    refresh();
    return result;
  },
);

/** A billing member approves or declines a bonus waiting for approval. */
export const decideBonusAction = defineAction(
  { schema: decideBonusSchema, roles: CLIENT, failure: "Failed to decide the bonus. Please try again." },
  async (input, actor) => {
    const result = await decideBonus(actor, input);
    refresh();
    return result;
  },
);

/** The organization's bonus approval threshold (billing roles). */
export const setBonusThresholdAction = defineAction(
  { schema: bonusThresholdSchema, roles: CLIENT, failure: "Failed to save the threshold. Please try again." },
  async (input, actor) => {
    const result = await setBonusApprovalThreshold(actor, input.threshold);
    revalidatePath("/client/billing");
    return result;
  },
);
