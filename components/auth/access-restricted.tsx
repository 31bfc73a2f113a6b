"use client";

import { Suspense, useEffect } from "react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { ShieldAlert } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { accessRestrictedMessage } from "@/lib/accounts/route-rules";
import type { AppRole } from "@/lib/accounts/constants";

const REDIRECT_DELAY_MS = 3_000;
const ROLES = new Set(["admin", "client", "expert"]);

function Notice() {
  const params = useSearchParams();
  const need = (params.get("need") ?? "").split(",").filter((r) => ROLES.has(r)) as AppRole[];
  const as = ROLES.has(params.get("as") ?? "") ? params.get("as")! : "an account without a role";
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign("/login"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Alert variant="destructive">
      <ShieldAlert aria-hidden className="size-4" />
      <AlertTitle>Access Restricted</AlertTitle>
      <AlertDescription>
        <p>{accessRestrictedMessage(need.length ? need : ["another"], as)}</p>
        <p className="mt-2">Taking you to the login page…</p>
        <Button asChild size="sm" variant="outline" className="mt-3">
          <Link href="/login">Go to Login</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}

export function AccessRestricted() {
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <h1 className="sr-only">Access Restricted</h1>
      <Suspense>
        <Notice />
      </Suspense>
    </div>
  );
}
