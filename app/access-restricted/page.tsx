import type { Metadata } from "next";
import { AccessRestricted } from "@/components/auth/access-restricted";

export const metadata: Metadata = {
  title: "Access Restricted",
  description: "This area of K12 Experts needs a different kind of account.",
  robots: { index: false },
};

export default function AccessRestrictedPage() {
  return <AccessRestricted />;
}
