"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { defineAction, defineFormAction } from "@/lib/accounts/action";
import { changeMemberRole, leaveOrganization, removeMember } from "@/lib/organizations/members";
import { acceptWithNewAccount, inviteMember, joinOrganization, resendInvitation, revokeInvitation } from "@/lib/organizations/invitations";
import {
  acceptWithAccountSchema,
  changeRoleSchema,
  emptySchema,
  invitationIdSchema,
  inviteMemberSchema,
  joinOrganizationSchema,
  removeMemberSchema,
} from "@/lib/organizations/schemas/organizations";
import { requestMeta } from "@/lib/platform/request";

// The organization page's actions (/client/organization) and the invitation page's
// (/invitations/[token]). Each service re-reads the caller's membership and role in its own
// transaction, so these only parse and pass the actor on.

const PAGE = "/client/organization";
const CLIENTS: ("client" | "admin")[] = ["client", "admin"];

export const changeMemberRoleAction = defineAction(
  { schema: changeRoleSchema, roles: CLIENTS, failure: "Failed to change the role" },
  async (input, actor) => {
    const result = await changeMemberRole(actor, input);
    revalidatePath(PAGE);
    return result;
  },
);

export const removeMemberAction = defineAction(
  { schema: removeMemberSchema, roles: CLIENTS, failure: "Failed to remove the member" },
  async (input, actor) => {
    const result = await removeMember(actor, input);
    revalidatePath(PAGE);
    revalidatePath("/client/projects");
    return result;
  },
);

export const leaveOrganizationAction = defineAction(
  { schema: emptySchema, roles: CLIENTS, failure: "Failed to leave the organization" },
  async (_input, actor) => {
    const result = await leaveOrganization(actor);
    revalidatePath(PAGE);
    return { organizationId: result.organizationId };
  },
);

export const inviteMemberAction = defineFormAction(
  { schema: inviteMemberSchema, roles: CLIENTS, failure: "Failed to send the invitation" },
  async (input, actor) => {
    // The link itself goes only to the invited address, never back to the page.
    const { id, email, role, expiresAt } = await inviteMember(actor, input);
    revalidatePath(PAGE);
    return { id, email, role, expiresAt };
  },
);

export const revokeInvitationAction = defineAction(
  { schema: invitationIdSchema, roles: CLIENTS, failure: "Failed to revoke the invitation" },
  async (input, actor) => {
    const result = await revokeInvitation(actor, input.invitationId);
    revalidatePath(PAGE);
    return result;
  },
);

export const resendInvitationAction = defineAction(
  { schema: invitationIdSchema, roles: CLIENTS, failure: "Failed to resend the invitation" },
  async (input, actor) => {
    const { id, expiresAt } = await resendInvitation(actor, input.invitationId);
    revalidatePath(PAGE);
    return { id, expiresAt };
  },
);

/** A signed-in account with the invited address joins (its own empty organization, if any, is deleted). */
export const joinOrganizationAction = defineAction(
  { schema: joinOrganizationSchema, roles: [], failure: "Failed to accept the invitation" },
  async (input, actor) => {
    const result = await joinOrganization(actor, input.token);
    revalidatePath(PAGE);
    return result;
  },
);

/** Someone without an account accepts: the account is created and joined; the browser then signs in. */
export const acceptWithNewAccountAction = defineFormAction(
  { schema: acceptWithAccountSchema, roles: null, failure: "Failed to create your account. Please try again." },
  async (input) => {
    const { email, organizationName } = await acceptWithNewAccount(input, requestMeta(await headers()));
    return { email, organizationName };
  },
);
