import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { listAdminUsers } from "@/lib/admin/users";
import { listOrganizationsForAdmin } from "@/lib/organizations/admin";
import { ADMIN_PAGE_SIZE, edgeToken, newestFirstPage, readEdgeToken } from "@/lib/platform/keyset";
import { actorFor, createAdmin, createUser, joinOrganization } from "../factories";

// The admin's lists show a page at a time, newest first, found from the row at the page's edge.

const MARK = "Pagingtest";
const FIFTY = "Fiftypaging";

async function usersAt(times: Date[], mark = MARK) {
  const made = [];
  for (const [i, at] of times.entries()) {
    const user = await createUser({ firstName: `${mark}${String(i).padStart(3, "0")}` });
    made.push(await db().user.update({ where: { id: user.id }, data: { createdAt: at } }));
  }
  return made;
}

describe("newest-first keyset pages", () => {
  it("walks every row once, older and back newer, through rows created at the same instant", async () => {
    const t = (min: number) => new Date(Date.UTC(2026, 10, 1, 9, min));
    // Seven rows, three of them at one instant: ties are ordered by id.
    await usersAt([t(1), t(2), t(3), t(3), t(3), t(4), t(5)]);
    const fetch = (keyset: { where: object; orderBy: object[]; take: number }) =>
      db().user.findMany({
        where: { AND: [{ firstName: { startsWith: MARK } }, keyset.where] },
        orderBy: keyset.orderBy as never,
        take: keyset.take,
        select: { id: true, createdAt: true },
      });
    const expected = (
      await db().user.findMany({
        where: { firstName: { startsWith: MARK } },
        orderBy: [{ createdAt: "desc" }, { id: "asc" }],
        select: { id: true },
      })
    ).map((u) => u.id);

    const pages: string[][] = [];
    let page = await newestFirstPage({}, fetch, 3);
    expect(page.before).toBeNull();
    pages.push(page.rows.map((r) => r.id));
    while (page.after) {
      page = await newestFirstPage({ after: page.after }, fetch, 3);
      pages.push(page.rows.map((r) => r.id));
    }
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(expected);

    // Back from the last page: the same pages, newest at the top, and no Newer link on the first.
    let back = await newestFirstPage({ before: page.before! }, fetch, 3);
    expect(back.rows.map((r) => r.id)).toEqual(pages[1]);
    back = await newestFirstPage({ before: back.before! }, fetch, 3);
    expect(back.rows.map((r) => r.id)).toEqual(pages[0]);
    expect(back.before).toBeNull();
    expect(back.after).not.toBeNull();
  });

  it("reads a hand-edited or foreign token as the first page, never as an error", async () => {
    expect(readEdgeToken("not-a-token")).toBeNull();
    expect(readEdgeToken(Buffer.from('{"createdAt":"yesterday","id":"x"}').toString("base64url"))).toBeNull();
    expect(readEdgeToken(Buffer.from("{}").toString("base64url").repeat(100))).toBeNull();
    const edge = { createdAt: new Date("2026-11-01T09:00:00Z"), id: "099624f1-5e97-571c-a52a-df67fbd04b63" };
    expect(readEdgeToken(edgeToken(edge))).toEqual(edge);
    const admin = actorFor(await createAdmin(), ["admin"]);
    const first = await listAdminUsers(admin, undefined, {});
    const garbled = await listAdminUsers(admin, undefined, { after: "%%%", before: "'; DROP TABLE users; --" });
    expect(garbled.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
  });

  it("the users list shows fifty a page with the total, and the search holds across pages", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    const base = Date.UTC(2026, 9, 1);
    await usersAt(
      Array.from({ length: ADMIN_PAGE_SIZE + 2 }, (_, i) => new Date(base + i * 60_000)),
      FIFTY,
    );
    const first = await listAdminUsers(admin, FIFTY);
    expect(first.total).toBe(ADMIN_PAGE_SIZE + 2);
    expect(first.rows).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.rows[0].firstName).toBe(`${FIFTY}${String(ADMIN_PAGE_SIZE + 1).padStart(3, "0")}`);
    const second = await listAdminUsers(admin, FIFTY, { after: first.after! });
    expect(second.rows.map((r) => r.firstName)).toEqual([`${FIFTY}001`, `${FIFTY}000`]);
    expect(second.after).toBeNull();
    expect(second.before).not.toBeNull();
  });

  it("organizations page the same way, and only an admin reads them", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    const owner = await createUser();
    await joinOrganization(owner.id, "owner", undefined, `${MARK} Org`);
    const found = await listOrganizationsForAdmin(admin, MARK);
    expect(found.rows.map((r) => r.name)).toEqual([`${MARK} Org`]);
    expect(found.after).toBeNull();
    await expect(listOrganizationsForAdmin(actorFor(owner, ["client"]), MARK)).rejects.toBeTruthy();
  });
});
