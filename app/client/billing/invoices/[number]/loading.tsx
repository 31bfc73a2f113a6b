import { Skeleton } from "@/components/ui/skeleton";

export default function InvoiceLoading() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8" role="status" aria-label="Loading the invoice">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-4 h-96" />
    </div>
  );
}
