import { SectionNav, type SectionLink } from "@/components/layout/section-nav";

// Every client page is one tap from the others. Unknown /client/* paths show the dashboard.
const LINKS: SectionLink[] = [
  { href: "/client/dashboard", label: "Dashboard", paths: ["/client", "/client/dashboard"] },
  { href: "/client/projects", label: "Projects", paths: ["/client/projects/*"] },
  { href: "/client/experts", label: "Find Experts", paths: ["/client/experts/*"] },
  { href: "/client/shortlist", label: "Shortlist", paths: ["/client/shortlist/*"] },
  { href: "/client/calendar", label: "Calendar", paths: ["/client/calendar/*"] },
  { href: "/client/billing", label: "Billing", paths: ["/client/billing/*"] },
  { href: "/client/organization", label: "Organisation", paths: ["/client/organization/*"] },
];

export function ClientNav() {
  return <SectionNav label="Client" links={LINKS} />;
}
