import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { listOrganizationsForAdmin } from "@/lib/organizations/admin";
import { listAdminUsers } from "@/lib/admin/users";
import { EXACT_TOTAL_UP_TO, totalText } from "@/lib/platform/list-total";
import { actorFor, createAdmin, createUser } from "../factories";

// The admin lists' totals cost the same at any size: counted up to a bound, then read from the
// planner's statistics (a whole list) or said as "more than" the bound (a search).

describe("admin list totals", () => {
  it("count a search up to the bound and say 'more than' past it; a whole list past it says 'about' the table's statistics", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    await db().$executeRaw`
      INSERT INTO organizations (id, name, created_at, updated_at)
      SELECT gen_random_uuid(), 'Boundtest ' || i, now() - i * interval '1 second', now() FROM generate_series(1, ${EXACT_TOTAL_UP_TO + 5}) i`;
    await db().$executeRaw`ANALYZE organizations`;

    const searched = await listOrganizationsForAdmin(admin, "boundtest");
    expect(searched).toMatchObject({ total: EXACT_TOTAL_UP_TO + 1, exact: false });
    expect(searched.rows).toHaveLength(50);
    expect(totalText(searched, "organization", "organizations")).toBe("More than 1,000 organizations");

    const whole = await listOrganizationsForAdmin(admin);
    expect(whole.exact).toBe(false);
    expect(whole.total).toBeGreaterThanOrEqual(EXACT_TOTAL_UP_TO + 5);
    expect(totalText(whole, "organization", "organizations")).toMatch(/^About 1,0\d0 organizations$/);

    const few = await listOrganizationsForAdmin(admin, "boundtest 1000");
    expect(few).toMatchObject({ total: 1, exact: true });
    expect(totalText(few, "organization", "organizations")).toBe("1 organization");
  });

  it("a small list's total is exact", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    await createUser({ firstName: "Exacttotal" });
    await createUser({ firstName: "Exacttotal" });
    const found = await listAdminUsers(admin, "exacttotal");
    expect(found).toMatchObject({ total: 2, exact: true });
    expect(totalText(found, "user", "users")).toBe("2 users");
    expect(totalText({ total: 1234567, exact: false }, "user", "users")).toBe("About 1,230,000 users");
  });
});
