import Link from "next/link";

const COLUMNS = [
  {
    title: "For Experts",
    links: [
      { href: "/register", label: "Join as an Expert" },
      { href: "/expert/login", label: "Expert Login" },
      { href: "/how-it-works", label: "How It Works" },
      { href: "/payments", label: "Payments" },
      { href: "/expert-agreement", label: "Expert Agreement" },
    ],
  },
  {
    title: "For Clients",
    links: [
      { href: "/experts", label: "Find Experts" },
      { href: "/client/login", label: "Client Login" },
      { href: "/join", label: "Register as a Client" },
      { href: "/payment-policy", label: "Payment Policy" },
    ],
  },
  {
    title: "Support",
    links: [
      { href: "/help-center", label: "Help Center" },
      { href: "/contact", label: "Contact Us" },
      { href: "/privacy-data", label: "Privacy & Data" },
      { href: "/terms", label: "Terms of Service" },
      { href: "/cookies", label: "Cookie Policy" },
      { href: "/api-status", label: "System Status" },
      { href: "/sitemap", label: "Sitemap" },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t bg-muted">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6">
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold text-foreground">{col.title}</h2>
            <ul className="mt-3 space-y-2">
              {col.links.map((l) => (
                <li key={l.href}>
                  <Link href={l.href} className="text-sm text-muted-foreground hover:text-foreground hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t px-4 py-4 text-center text-sm text-muted-foreground">
        © {new Date().getUTCFullYear()} K12 Experts. All rights reserved.
      </p>
    </footer>
  );
}
