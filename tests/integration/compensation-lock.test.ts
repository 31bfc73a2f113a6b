import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createExpert } from "@/tests/factories";
import { createStudy, engagementIn } from "@/tests/studies";
import { COMPENSATION_LOCKED_MESSAGE, updateProject } from "@/lib/services/client-projects";

// The payment policy promises: "The amount for each opportunity is shown before you apply and is
// never lowered once you are accepted."
const edit = (study: Awaited<ReturnType<typeof createStudy>>, compensation: number) =>
  updateProject(study.client, {
    projectId: study.project.id,
    title: study.project.title,
    description: study.project.description,
    projectType: study.project.projectType,
    compensation,
    durationMinutes: study.project.estimatedDurationMinutes,
    locationType: "video",
    deadline: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
    quota: study.project.quota,
    timeZone: study.project.timeZone,
    visibility: study.project.visibility,
    screener: null,
  });

describe("an accepted expert's pay", () => {
  it("may be lowered while nobody is accepted, raised at any time, and never lowered after an acceptance", async () => {
    const study = await createStudy();
    const { expert } = await createExpert();
    await edit(study, 120);
    await engagementIn("invited", study, expert.id);
    await edit(study, 100);

    await db().engagement.updateMany({ where: { projectId: study.project.id }, data: { state: "accepted" } });
    await expect(edit(study, 90)).rejects.toMatchObject({ code: "CONFLICT", message: COMPENSATION_LOCKED_MESSAGE });
    await edit(study, 175);
    const project = await db().project.findUniqueOrThrow({ where: { id: study.project.id }, include: { opportunity: true } });
    expect(project.compensationCents).toBe(17_500);
    expect(project.opportunity?.compensationCents).toBe(17_500);
  });
});
