"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils";

const LINKS = [
  { href: "/admin", label: "Dashboard", match: (p: string) => p === "/admin" || p === "/admin/dashboard" || p.startsWith("/admin/experts") },
  { href: "/admin/trends", label: "Trends", match: (p: string) => p.startsWith("/admin/trends") },
  { href: "/admin/users", label: "Users", match: (p: string) => p.startsWith("/admin/users") },
  { href: "/admin/invites", label: "Invites", match: (p: string) => p.startsWith("/admin/invites") },
  { href: "/admin/payouts", label: "Payouts", match: (p: string) => p.startsWith("/admin/payouts") },
  { href: "/admin/disputes", label: "Disputes", match: (p: string) => p.startsWith("/admin/disputes") },
  { href: "/admin/billing", label: "Billing", match: (p: string) => p.startsWith("/admin/billing") },
  { href: "/admin/ratings", label: "Low ratings", match: (p: string) => p.startsWith("/admin/ratings") },
  { href: "/admin/tax", label: "Tax", match: (p: string) => p.startsWith("/admin/tax") },
  { href: "/admin/trust", label: "School e-mails", match: (p: string) => p.startsWith("/admin/trust") },
];

export function AdminNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Admin" className="mb-6 flex gap-1 overflow-x-auto border-b">
      {LINKS.map((l) => {
        const active = l.match(pathname);
        return (
          <Link
            key={l.href}
            href={l.href}
            aria-current={active ? "page" : undefined}
            className={cn("-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium", active ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground")}
          >
            {l.label}
          </Link>
        );
      })}
    </nav>
  );
}
