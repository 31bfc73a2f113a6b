import "server-only";
import type { Tx } from "@/lib/platform/db";

// Every client account belongs to an organization from the moment it exists: registration founds
// one (joining an existing one takes an invitation), and so does anything else that makes an
// account able to run projects. Part of making the account, so it lives with accounts; what
// members may do in it is lib/organizations.

/** A new organization with its first member as owner (client registration, a member removed or leaving). */
export async function createOrganization(tx: Tx, input: { name: string; ownerUserId: string }): Promise<string> {
  const org = await tx.organization.create({
    data: { name: input.name, members: { create: { userId: input.ownerUserId, role: "owner" } } },
  });
  return org.id;
}

/** An organization for an account that runs projects but has none yet (a new admin, a demo client). */
export async function ensureOrganization(tx: Tx, input: { name: string; ownerUserId: string }): Promise<string> {
  const member = await tx.organizationMember.findUnique({ where: { userId: input.ownerUserId }, select: { organizationId: true } });
  return member?.organizationId ?? createOrganization(tx, input);
}
