import { describe, expect, it } from "vitest";
import {
  can,
  hasAnyRole,
  ORG_ROLES,
  orgRolesWith,
  refusalFor,
  requirePermission,
  rolesWith,
  type OrgPermission,
} from "@/lib/accounts/permissions";
import type { OrgRole } from "@/lib/generated/prisma/enums";

const as = (roles: ("admin" | "client" | "expert")[], impersonating = false) => ({ roles, primaryRole: roles[0], impersonating });

describe("the permission table", () => {
  it("gives each role its own areas and nothing else", () => {
    expect(can(as(["expert"]), "update:expert:own")).toBe(true);
    expect(can(as(["expert"]), "search:expert:any")).toBe(false);
    expect(can(as(["client"]), "search:expert:any")).toBe(true);
    expect(can(as(["client"]), "review:expert:any")).toBe(false);
    expect(can(as(["admin"]), "review:expert:any")).toBe(true);
    expect(can(as(["admin"]), "update:expert:own")).toBe(false);
    expect(can(as(["admin"]), "manage:platform:any")).toBe(true);
    for (const role of ["expert", "client"] as const) expect(can(as([role]), "manage:platform:any")).toBe(false);
    for (const role of ["expert", "client", "admin"] as const) expect(can(as([role]), "manage:account:own")).toBe(true);
    expect(can(null, "manage:account:own")).toBe(false);
  });

  it("an admin viewing as an expert acts as the expert, but may still stop impersonating", () => {
    const viewing = as(["expert"], true);
    expect(can(viewing, "update:expert:own")).toBe(true);
    expect(can(viewing, "review:expert:any")).toBe(false);
    expect(can(viewing, "manage:platform:any")).toBe(false);
    expect(can(viewing, "impersonate:user:any")).toBe(true);
    expect(can(as(["client"]), "impersonate:user:any")).toBe(false);
  });

  it("message moderation is its own admin permission, not impersonation's", () => {
    expect(rolesWith("moderate:message:any")).toEqual(["admin"]);
    expect(can(as(["admin"]), "moderate:message:any")).toBe(true);
    for (const role of ["expert", "client"] as const) expect(can(as([role]), "moderate:message:any")).toBe(false);
    expect(can(as(["expert"], true), "moderate:message:any")).toBe(true);
  });

  it("refuses with one wording: 401 signed out, 403 naming the roles that may", () => {
    expect(() => requirePermission(null, "update:expert:own")).toThrow("No authentication token");
    expect(() => requirePermission(as(["expert"]), "search:expert:any")).toThrow(
      "This area requires client or admin access. You are signed in as expert.",
    );
    expect(rolesWith("review:expert:any")).toEqual(["admin"]);
    expect(() => requirePermission(as(["client"]), "search:expert:any")).not.toThrow();
  });

  it("gates an area by role list (requireActor, apiRoute) with the same refusal wording", () => {
    expect(hasAnyRole(as(["client", "expert"]), ["expert"])).toBe(true);
    expect(hasAnyRole(as(["client"]), ["expert", "admin"])).toBe(false);
    expect(hasAnyRole(null, ["expert"])).toBe(false);
    expect(refusalFor(null, ["expert"])).toMatchObject({ code: "UNAUTHENTICATED", message: "No authentication token" });
    expect(refusalFor(as(["client"]), ["expert", "admin"])).toMatchObject({
      code: "FORBIDDEN",
      message: "This area requires expert or admin access. You are signed in as client.",
    });
  });
});

describe("the organization's role table", () => {
  const member = (role: OrgRole, roles: ("admin" | "client" | "expert")[] = ["client"]) => ({
    roles,
    primaryRole: roles[0],
    membership: { organizationId: "00000000-0000-4000-8000-000000000001", role },
  });
  // What each role may do, written out from the roles' descriptions: owner everything; admin
  // members and billing; researcher the research; finance billing only; viewer reads.
  const MATRIX: Record<OrgPermission, OrgRole[]> = {
    "read:project:org": ["owner", "admin", "researcher", "viewer"],
    "manage:project:org": ["owner", "researcher"],
    "read:billing:org": ["owner", "admin", "finance"],
    "manage:billing:org": ["owner", "admin", "finance"],
    "manage:member:org": ["owner", "admin"],
    "manage:role:org": ["owner"],
    "close:organization:org": ["owner"],
  };

  it("grants each role exactly its cells (role × action)", () => {
    for (const [permission, allowed] of Object.entries(MATRIX) as [OrgPermission, OrgRole[]][]) {
      for (const role of ORG_ROLES) expect(can(member(role), permission), `${role} ${permission}`).toBe(allowed.includes(role));
      expect(orgRolesWith(permission)).toEqual(allowed);
    }
  });

  it("needs a membership and a client or admin account: an expert or a client without one holds no org permission", () => {
    for (const permission of Object.keys(MATRIX) as OrgPermission[]) {
      expect(can({ roles: ["client"], primaryRole: "client", membership: null }, permission)).toBe(false);
      expect(can(member("owner", ["expert"]), permission)).toBe(false);
      expect(can(null, permission)).toBe(false);
    }
    expect(can(member("owner", ["admin"]), "manage:project:org")).toBe(true);
  });

  it("refuses with the roles that may and the member's own role", () => {
    expect(() => requirePermission(member("viewer"), "manage:project:org")).toThrow(
      "This needs the owner or researcher role in your organization. You are a viewer.",
    );
    expect(() => requirePermission(member("admin"), "manage:role:org")).toThrow(
      "This needs the owner role in your organization. You are an admin.",
    );
    expect(() => requirePermission(member("researcher"), "read:billing:org")).toThrow(
      "This needs the owner, admin or finance role in your organization. You are a researcher.",
    );
    expect(() => requirePermission({ roles: ["client"], primaryRole: "client", membership: null }, "read:project:org")).toThrow(
      "You are not a member of an organization.",
    );
    expect(() => requirePermission({ roles: ["expert"], primaryRole: "expert" }, "read:project:org")).toThrow(
      "This area requires client or admin access. You are signed in as expert.",
    );
  });
});
