import { SectionNav } from "@/components/layout/section-nav";
import type { ClientPage } from "@/lib/organizations/member-access";

// Every client page the person can open is one tap from the others; pages their organization
// role cannot open are left out (the layout asks clientPagesFor). On a phone the links fold into
// a menu, so Billing and Organization are not off-screen.
export function ClientNav({ pages }: { pages: readonly ClientPage[] }) {
  if (pages.length === 0) return null;
  return <SectionNav label="Client" links={pages.map(({ href, label, paths }) => ({ href, label, paths }))} phoneMenu />;
}
