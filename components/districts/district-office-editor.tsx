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
  invites,
}: {
  view: DistrictPolicyView;
  officers: Officer[];
  grantLabel: string;
  /** The officer's page invites colleagues by e-mail (these wait for their school e-mail); the admin's grants. */
  invites?: { id: string; email: string }[];
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
          {invites && invites.length > 0 ? (
            <div>
              <p>Invited, waiting for their school e-mail:</p>
              <ul className="space-y-1" data-testid="officer-invites">
                {invites.map((i) => (
                  <li key={i.id} className="break-words">
                    {i.email}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <p className="text-muted-foreground">
            {invites
              ? "Invite a colleague by their school e-mail on this district's domain. Someone without an account becomes an officer once they sign up and verify that school e-mail."
              : "An officer's account needs a verified school e-mail on this district's domain."}
          </p>
          <OfficerGrantForm leaid={view.leaid} label={grantLabel} invite={!!invites} />
        </CardContent>
      </Card>
    </div>
  );
}
