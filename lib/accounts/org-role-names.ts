import type { OrgRole } from "@/lib/generated/prisma/enums";

// How a sentence names a person by their organization role. "Finance" is a department, not a
// person: "You are a finance" and "join as a finance" read as mistakes, so it is "a finance member".

const PERSON: Record<OrgRole, string> = {
  owner: "owner",
  admin: "admin",
  researcher: "researcher",
  finance: "finance member",
  viewer: "viewer",
};

/** The person who holds a role, without an article: "owner", "finance member". */
export const orgRolePerson = (role: OrgRole): string => PERSON[role];

/** The person who holds a role, with its article: "an owner", "a finance member". */
export const orgRoleWithArticle = (role: OrgRole): string => {
  const person = PERSON[role];
  return `${/^[aeiou]/.test(person) ? "an" : "a"} ${person}`;
};
