import type { Metadata } from "next";
import { PolicyPage } from "@/components/public/policy-page";
import { EXPERT_AGREEMENT } from "@/lib/site/content/policies";

export const metadata: Metadata = {
  title: EXPERT_AGREEMENT.title,
  description: EXPERT_AGREEMENT.description,
  alternates: { canonical: "/expert-agreement" },
};

export default function ExpertAgreementPage() {
  return <PolicyPage policy={EXPERT_AGREEMENT} />;
}
