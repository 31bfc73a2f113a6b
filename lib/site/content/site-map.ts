// Every public route, grouped for the HTML sitemap.
export const SITE_MAP: { title: string; links: { href: string; label: string }[] }[] = [
  {
    title: "For Experts",
    links: [
      { href: "/", label: "Home" },
      { href: "/how-it-works", label: "How It Works" },
      { href: "/register", label: "Join as an Expert" },
      { href: "/expert/login", label: "Expert Login" },
      { href: "/payments", label: "Payments" },
    ],
  },
  {
    title: "For Clients",
    links: [
      { href: "/experts", label: "Find Experts" },
      { href: "/join", label: "Register" },
      { href: "/client/login", label: "Client Login" },
      { href: "/login", label: "General Login" },
      { href: "/reset-password", label: "Reset Password" },
    ],
  },
  {
    title: "Support",
    links: [
      { href: "/help-center", label: "Help Center" },
      { href: "/help", label: "Help" },
      { href: "/contact", label: "Contact Us" },
      { href: "/api-status", label: "System Status" },
    ],
  },
  {
    title: "Legal",
    links: [
      { href: "/privacy-data", label: "Privacy & Data Policy" },
      { href: "/terms", label: "Terms of Service" },
      { href: "/payment-policy", label: "Payment Policy" },
      { href: "/cookies", label: "Cookie Policy" },
      { href: "/sitemap.xml", label: "XML Sitemap" },
    ],
  },
];
