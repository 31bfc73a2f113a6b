import Link from "next/link";
import { Landmark } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { POLICY_NOT_ON_FILE } from "@/lib/districts/research-policy-words";
import type { DistrictPolicyView } from "@/lib/districts/research-policies";
import { PolicyWords } from "./policy-words";

/** The expert's own district's research policy, in plain words (their verified school e-mail names the district). */
export function OwnDistrictPolicyCard({ view, officer }: { view: DistrictPolicyView; officer: boolean }) {
  const known = view.policy && view.policy.approvalRequired !== "unknown";
  return (
    <Card className="lg:self-start">
      <CardHeader className="flex flex-row items-center gap-2">
        <Landmark className="size-5 text-primary" aria-hidden="true" />
        <CardTitle as="h2">Your district&apos;s research policy</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        {known ? <PolicyWords district={view.name} policy={view.policy} /> : <p>{POLICY_NOT_ON_FILE}.</p>}
        {officer ? (
          <Link href="/district-office" className="text-primary underline underline-offset-4">
            Open your district research office
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
