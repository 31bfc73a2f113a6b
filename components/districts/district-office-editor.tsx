import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { DistrictPolicyView } from "@/lib/districts/research-policies";
import { PolicyForm } from "./policy-form";
import { PolicyWords } from "./policy-words";
import { OfficerGrantForm } from "./officer-grant-form";

type Officer = { id: string; name: string; email: string };

/** One district's policy (as staff read it, and the form) and its research officers. */
export function DistrictOfficeEditor({
  view,
  officers,
  grantLabel,
}: {
  view: DistrictPolicyView;
  officers: Officer[];
  grantLabel: string;
}) {
  const today = new Date().toISOString().slice(0, 10);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold break-words">
          {view.name}, {view.state}
        </h1>
        <p className="text-sm text-muted-foreground">NCES ID {view.leaid}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2">What staff read</CardTitle>
        </CardHeader>
        <CardContent>
          <PolicyWords district={view.name} policy={view.policy} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Research policy</CardTitle>
        </CardHeader>
        <CardContent>
          <PolicyForm leaid={view.leaid} policy={view.policy} today={today} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Research officers</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm">
          {officers.length === 0 ? (
            <p className="text-muted-foreground">No officer yet: requests go to the office&apos;s e-mail as a review link.</p>
          ) : (
            <ul className="space-y-1">
              {officers.map((o) => (
                <li key={o.id} className="break-words">
                  {o.name} ({o.email})
                </li>
              ))}
            </ul>
          )}
          <p className="text-muted-foreground">An officer&apos;s account needs a verified school e-mail on this district&apos;s domain.</p>
          <OfficerGrantForm leaid={view.leaid} label={grantLabel} />
        </CardContent>
      </Card>
    </div>
  );
}
