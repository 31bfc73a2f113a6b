import { policySentences, sourceLine, type PolicyFacts } from "@/lib/districts/research-policy-words";

/** A district's research policy in plain words, with its source and date. */
export function PolicyWords({
  district,
  policy,
  showSource = true,
}: {
  district: string;
  policy: PolicyFacts | null;
  showSource?: boolean;
}) {
  return (
    <div className="space-y-1 text-sm">
      {policySentences(district, policy).map((s) => (
        <p key={s}>{s}</p>
      ))}
      {policy?.officeUrl ? (
        <p>
          <a
            href={policy.officeUrl}
            className="text-primary underline underline-offset-4 break-words"
            rel="noopener noreferrer"
            target="_blank"
          >
            The research office&apos;s web page
          </a>
        </p>
      ) : null}
      {showSource && policy ? <p className="text-muted-foreground">{sourceLine(policy)}</p> : null}
    </div>
  );
}
