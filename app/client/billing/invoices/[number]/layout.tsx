import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { loadInvoice } from "./load-invoice";

/** Answers "not found" (404) for an invoice the caller may not read, ahead of the page. */
export default async function InvoiceLayout({ children, params }: { children: ReactNode; params: Promise<{ number: string }> }) {
  const { number } = await params;
  if (!(await loadInvoice(number))) notFound();
  return children;
}
