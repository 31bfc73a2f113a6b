import type { Metadata } from "next";
import { PolicyPage } from "@/components/public/policy-page";
import { PRIVACY_POLICY } from "@/lib/site/content/policies";

export const metadata: Metadata = {
  title: PRIVACY_POLICY.title,
  description: PRIVACY_POLICY.description,
  alternates: { canonical: "/privacy-data" },
};

export default function PrivacyDataPage() {
  return <PolicyPage policy={PRIVACY_POLICY} />;
}
