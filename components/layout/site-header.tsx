import Link from "next/link";
import { GraduationCap } from "@/components/ui/icons";
import { AccountMenu } from "@/components/layout/account-menu";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 rounded-md font-semibold text-foreground">
          <GraduationCap aria-hidden className="size-7 text-primary" />
          <span className="text-lg">K12 Experts</span>
        </Link>
        <nav aria-label="Account" className="flex items-center gap-2">
          <AccountMenu />
        </nav>
      </div>
    </header>
  );
}
