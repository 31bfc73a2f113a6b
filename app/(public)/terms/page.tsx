import type { Metadata } from "next";
import { PolicyPage } from "@/components/public/policy-page";
import { TERMS } from "@/lib/site/content/policies";

export const metadata: Metadata = { title: TERMS.title, description: TERMS.description, alternates: { canonical: "/terms" } };

export default function TermsPage() {
  return <PolicyPage policy={TERMS} />;
}
