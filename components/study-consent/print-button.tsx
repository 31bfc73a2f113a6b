"use client";

import { Printer } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Opens the browser's print dialog (save as PDF there) for the records page. */
export function PrintButton() {
  return (
    <Button size="sm" variant="outline" onClick={() => window.print()} className="print:hidden">
      <Printer aria-hidden="true" className="size-4" /> Print or save as PDF
    </Button>
  );
}
