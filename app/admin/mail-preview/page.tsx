import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/accounts/session";
import { MAIL_SAMPLES, mailPreviewOpen } from "@/app/admin/mail-preview/samples";

export const metadata: Metadata = { title: "E-mail preview", robots: { index: false } };

/** Every kind of e-mail with made-up facts: its subject, and its HTML and text parts one click away. */
export default async function MailPreviewPage() {
  await requirePageRole(["admin"], "/login", "/admin/mail-preview");
  if (!mailPreviewOpen()) notFound();
  const groups = [...new Set(MAIL_SAMPLES.map((s) => s.group))];
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">E-mail preview</h1>
        <p className="text-sm text-muted-foreground">
          Every e-mail the app sends, written from made-up facts. Shown in development and the demo only.
        </p>
      </div>
      {groups.map((group) => (
        <section key={group} aria-labelledby={`mail-group-${group}`} className="space-y-2">
          <h2 id={`mail-group-${group}`} className="text-lg font-semibold">
            {group}
          </h2>
          <ul className="divide-y rounded-md border">
            {MAIL_SAMPLES.filter((s) => s.group === group).map((s) => (
              <li key={s.kind} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-mono text-xs text-muted-foreground">{s.kind}</p>
                  <p className="break-words text-sm">{s.mail().subject}</p>
                </div>
                <div className="flex shrink-0 gap-4 text-sm">
                  <Link
                    prefetch={false}
                    className="text-primary underline-offset-4 hover:underline"
                    href={`/api/admin/mail-preview/${s.kind}`}
                  >
                    HTML<span className="sr-only"> of {s.kind}</span>
                  </Link>
                  <Link
                    prefetch={false}
                    className="text-primary underline-offset-4 hover:underline"
                    href={`/api/admin/mail-preview/${s.kind}?part=text`}
                  >
                    Text<span className="sr-only"> of {s.kind}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
