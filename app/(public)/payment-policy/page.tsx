import type { Metadata } from "next";
import { PolicyPage } from "@/components/public/policy-page";
import { PAYMENT_POLICY } from "@/lib/site/content/policies";

export const metadata: Metadata = {
  title: PAYMENT_POLICY.title,
  description: PAYMENT_POLICY.description,
  alternates: { canonical: "/payment-policy" },
};

export default function PaymentPolicyPage() {
  return <PolicyPage policy={PAYMENT_POLICY} />;
}
