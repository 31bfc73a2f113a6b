"use server";

import { revalidatePath } from "next/cache";
import { z } from "@/lib/platform/validation/zod";
import { defineAction } from "@/lib/accounts/action";
import { addToShortlist, removeFromShortlist } from "@/lib/projects/shortlists";
import { inviteExpert } from "@/lib/engagements/transitions";
import { createProject, getProject, setProjectBudget, setProjectStatus, updateProject } from "@/lib/projects/projects";
import { getInviteChoices } from "@/lib/projects/invite-choices";
import { getExpertEmailForAdmin, getNextOpenSlots } from "@/lib/experts/directory";
import { headers } from "next/headers";
import { requestMeta } from "@/lib/platform/request";
import {
  newProjectSchema,
  inviteSchema,
  projectBudgetSchema,
  projectStatusSchema,
  shortlistSchema,
  updateProjectSchema,
} from "@/lib/projects/schemas/client";

// Client actions, used by the directory, the client search, the shortlist page, the client
// dashboard and the public profile's islands.

export const shortlistExpertAction = defineAction(
  { schema: shortlistSchema, roles: ["client", "admin"], failure: "Failed to add to shortlist" },
  async (input, actor) => {
    const result = await addToShortlist(actor, input.expertId);
    revalidatePath("/client/dashboard");
    return result;
  },
);

export const removeShortlistAction = defineAction(
  { schema: shortlistSchema, roles: ["client", "admin"], failure: "Failed to remove from shortlist" },
  async (input, actor) => {
    const result = await removeFromShortlist(actor, input.expertId);
    revalidatePath("/client/shortlist");
    return result;
  },
);

export const sendInviteAction = defineAction(
  { schema: inviteSchema, roles: ["client", "admin"], failure: "Failed to send invite" },
  async (input, actor) => {
    const result = await inviteExpert(actor, input);
    revalidatePath("/client/dashboard");
    revalidatePath(`/client/projects/${input.projectId}`);
    return result;
  },
);

export const createProjectAction = defineAction(
  { schema: newProjectSchema, roles: ["client", "admin"], failure: "Failed to create project" },
  async (input, actor) => {
    const { project } = await createProject(actor, input, requestMeta(await headers()));
    revalidatePath("/client/dashboard");
    revalidatePath("/client/projects");
    return { id: project.id, title: project.title };
  },
);

/** Returns the screener's version after the save: a higher one means experts had answered, so a new version was made. */
export const updateProjectAction = defineAction(
  { schema: updateProjectSchema, roles: ["client", "admin"], failure: "Failed to save the project" },
  async (input, actor) => {
    const result = await updateProject(actor, input);
    const saved = await getProject(actor, result.id);
    revalidatePath("/client/projects");
    revalidatePath(`/client/projects/${input.projectId}`);
    return { id: result.id, screenerVersion: saved.screener?.version ?? null };
  },
);

/** Pause, reopen or close a project. */
export const projectStatusAction = defineAction(
  { schema: projectStatusSchema, roles: ["client", "admin"], failure: "Failed to change the project's status" },
  async (input, actor) => {
    const result = await setProjectStatus(actor, input);
    revalidatePath("/client/projects");
    revalidatePath(`/client/projects/${input.projectId}`);
    revalidatePath("/client/dashboard");
    return result;
  },
);

/** The invite dialog's projects for one expert, with where the expert already stands and any cap that would refuse the invite. */
export const inviteProjectChoicesAction = defineAction(
  {
    schema: z.object({ expertId: z.uuid("Expert is not valid") }),
    roles: ["client", "admin"],
    failure: "Failed to load projects",
    readOnly: true,
  },
  async (input, actor) => getInviteChoices(actor, input.expertId),
);

export const nextOpenSlotsAction = defineAction(
  { schema: shortlistSchema, roles: null, failure: "Failed to load availability" },
  async (input) => getNextOpenSlots(input.expertId),
);

export const expertEmailForAdminAction = defineAction(
  { schema: shortlistSchema, roles: ["admin"], failure: "Failed to load expert details", readOnly: true },
  async (input, actor) => getExpertEmailForAdmin(actor, input.expertId),
);

/** A billing member (owner, admin, finance) sets or clears a project's budget. */
export const setProjectBudgetAction = defineAction(
  { schema: projectBudgetSchema, roles: ["client", "admin"], failure: "Failed to save the budget. Please try again." },
  async (input, actor) => {
    const result = await setProjectBudget(actor, {
      projectId: input.projectId,
      budgetCents: input.budget === null ? null : Math.round(input.budget * 100),
    });
    revalidatePath("/client/billing");
    revalidatePath("/client/projects/[id]", "page");
    return result;
  },
);
