import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor, createExpert } from "@/tests/factories";
import { createStudy, engagementIn } from "@/tests/studies";
import { getImpact } from "@/lib/experts/dashboard/impact";
import { getSettings, setMonthlyGoal } from "@/lib/experts/dashboard/settings";
import { MONTHLY_GOAL_MESSAGE, monthlyGoalSchema } from "@/lib/experts/schemas/dashboard";

const asExpert = (user: { id: string; email: string }) => actorFor(user, ["expert"]);

describe("the monthly goal is the expert's own setting", () => {
  it("accepts a whole number from 1 to 50 (the form's text too) and refuses anything else with one clear message", () => {
    expect(monthlyGoalSchema.parse({ monthlyGoal: "12" })).toEqual({ monthlyGoal: 12 });
    expect(monthlyGoalSchema.parse({ monthlyGoal: 1 })).toEqual({ monthlyGoal: 1 });
    expect(monthlyGoalSchema.parse({ monthlyGoal: 50 })).toEqual({ monthlyGoal: 50 });
    for (const bad of [0, 51, 7.5, -3, "", "ten", null, undefined]) {
      const parsed = monthlyGoalSchema.safeParse({ monthlyGoal: bad });
      expect(parsed.success, `${String(bad)} is refused`).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(MONTHLY_GOAL_MESSAGE);
    }
  });

  it("starts at 8, and the impact panel counts this month's completions against the goal the expert saves", async () => {
    const { user, expert } = await createExpert();
    const me = asExpert(user);
    expect((await getSettings(me)).monthlyGoal).toBe(8);
    expect((await getImpact(me)).monthlyGoal).toBe(8);

    await engagementIn("completed", await createStudy({ title: "Done this month" }), expert.id);
    expect(await setMonthlyGoal(me, { monthlyGoal: 3 })).toEqual({ monthlyGoal: 3 });
    expect(await getImpact(me)).toMatchObject({ monthlyGoal: 3, completedThisMonth: 1 });
    expect((await getSettings(me)).monthlyGoal).toBe(3);
  });

  it("writes only the signed-in expert's row; a client cannot set one", async () => {
    const mine = await createExpert();
    const theirs = await createExpert();
    await setMonthlyGoal(asExpert(theirs.user), { monthlyGoal: 20 });
    await setMonthlyGoal(asExpert(mine.user), { monthlyGoal: 5 });

    const goals = await db().expert.findMany({
      where: { id: { in: [mine.expert.id, theirs.expert.id] } },
      select: { id: true, monthlyGoal: true },
    });
    expect(Object.fromEntries(goals.map((g) => [g.id, g.monthlyGoal]))).toEqual({ [mine.expert.id]: 5, [theirs.expert.id]: 20 });

    await expect(setMonthlyGoal(actorFor(mine.user, ["client"]), { monthlyGoal: 9 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await db().expert.findUniqueOrThrow({ where: { id: mine.expert.id } })).monthlyGoal).toBe(5);
  });

  it("the database refuses a goal outside 1–50 even past the schema", async () => {
    const { user } = await createExpert();
    await expect(setMonthlyGoal(asExpert(user), { monthlyGoal: 51 })).rejects.toThrow();
    await expect(setMonthlyGoal(asExpert(user), { monthlyGoal: 0 })).rejects.toThrow();
  });
});
