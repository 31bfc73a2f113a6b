import { SectionNav, type SectionLink } from "@/components/layout/section-nav";

const LINKS: SectionLink[] = [
  { href: "/admin", label: "Dashboard", paths: ["/admin", "/admin/dashboard", "/admin/experts/*"] },
  { href: "/admin/trends", label: "Trends", paths: ["/admin/trends/*"] },
  { href: "/admin/users", label: "Users", paths: ["/admin/users/*"] },
  { href: "/admin/organizations", label: "Organizations", paths: ["/admin/organizations/*"] },
  { href: "/admin/invites", label: "Invites", paths: ["/admin/invites/*"] },
  { href: "/admin/payouts", label: "Payouts", paths: ["/admin/payouts/*"] },
  { href: "/admin/donations", label: "Donations", paths: ["/admin/donations/*"] },
  { href: "/admin/disputes", label: "Disputes", paths: ["/admin/disputes/*"] },
  { href: "/admin/billing", label: "Billing", paths: ["/admin/billing/*"] },
  { href: "/admin/money", label: "Money checks", paths: ["/admin/money/*"] },
  { href: "/admin/ratings", label: "Low ratings", paths: ["/admin/ratings/*"] },
  { href: "/admin/tax", label: "Tax", paths: ["/admin/tax/*"] },
  { href: "/admin/trust", label: "School e-mails", paths: ["/admin/trust/*"] },
  { href: "/admin/districts", label: "Districts", paths: ["/admin/districts/*"] },
  { href: "/admin/messages", label: "Messages", paths: ["/admin/messages/*"] },
];

export function AdminNav() {
  return <SectionNav label="Admin" links={LINKS} />;
}
