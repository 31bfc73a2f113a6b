import { can, type Permission } from "@/lib/accounts/permissions";

// What a member is offered, read from the same role table (lib/accounts/permissions.ts) that
// the services ask before they act. A page or button a role cannot use is left out rather than
// refused after the click; the services keep refusing it all the same. Pure, so the header's
// navigation and the pages ask the same function the tests do.

type Subject = Parameters<typeof can>[0];

/** A page of the client area and the permission that page asks before it shows anything. */
export type ClientPage = { href: string; label: string; paths: readonly string[]; permission: Permission };

/** Every client page in navigation order. Dashboard, Find Experts and Organization open for every client. */
export const CLIENT_PAGES: readonly ClientPage[] = [
  { href: "/client/dashboard", label: "Dashboard", paths: ["/client", "/client/dashboard"], permission: "search:expert:any" },
  { href: "/client/projects", label: "Projects", paths: ["/client/projects/*"], permission: "read:project:org" },
  { href: "/client/experts", label: "Find Experts", paths: ["/client/experts/*"], permission: "search:expert:any" },
  { href: "/client/shortlist", label: "Shortlist", paths: ["/client/shortlist/*"], permission: "read:project:org" },
  { href: "/client/calendar", label: "Calendar", paths: ["/client/calendar/*"], permission: "read:project:org" },
  { href: "/client/billing", label: "Billing", paths: ["/client/billing/*"], permission: "read:billing:org" },
  { href: "/client/organization", label: "Organization", paths: ["/client/organization/*"], permission: "search:expert:any" },
];

/** The client pages this person can open, for their navigation. */
export function clientPagesFor(actor: Subject): ClientPage[] {
  return CLIENT_PAGES.filter((p) => can(actor, p.permission));
}

const covers = (paths: readonly string[], pathname: string) =>
  paths.some((p) => (p.endsWith("/*") ? pathname === p.slice(0, -2) || pathname.startsWith(p.slice(0, -1)) : pathname === p));

/** The client page an in-app path belongs to ("/client/projects/42" → Projects), if any. */
export const clientPageOf = (pathname: string): ClientPage | undefined => CLIENT_PAGES.find((p) => covers(p.paths, pathname));

/**
 * Whether a link to `href` may be offered: a client page only to a role that can open it; any
 * other path is not this table's to judge.
 */
export function mayOpen(actor: Subject, href: string): boolean {
  const page = clientPageOf(href.split(/[?#]/)[0]);
  return page ? can(actor, page.permission) : true;
}

/** What a project page offers: `run` every change to the project and its pipeline, `budget` its budget. */
export type ProjectAbilities = { run: boolean; budget: boolean; seeBilling: boolean };

export function projectAbilitiesFor(actor: Subject): ProjectAbilities {
  return {
    run: can(actor, "manage:project:org"),
    budget: can(actor, "manage:billing:org"),
    seeBilling: can(actor, "read:billing:org"),
  };
}

/**
 * What the client dashboard shows, led by what the role does: `toDo` the research work waiting
 * (applications, sessions to mark, times, responses), `projects` the projects and their progress,
 * `money` the balance, invoices and spend, `create` the Create Project card. A platform admin
 * with no organization sees the research layout, whose counts are then empty.
 */
export type DashboardSections = { toDo: boolean; projects: boolean; money: boolean; create: boolean };

export function dashboardSectionsFor(actor: Subject): DashboardSections {
  const inOrganization = Boolean(actor?.membership);
  return {
    toDo: can(actor, "manage:project:org"),
    projects: can(actor, "read:project:org") || !inOrganization,
    money: can(actor, "read:billing:org"),
    create: can(actor, "manage:project:org"),
  };
}
