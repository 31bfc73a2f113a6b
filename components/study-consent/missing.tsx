import Link from "next/link";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

/** A consent page or receipt that does not reach the expert: said on the page, with the way back. */
export function Missing({ text }: { text: string }) {
  return (
    <div className="mx-auto grid max-w-3xl gap-4 px-4 py-8">
      <Alert variant="destructive">
        <AlertTitle>Not found</AlertTitle>
        <AlertDescription>{text}</AlertDescription>
      </Alert>
      <Link href="/dashboard?tab=opportunities" className="text-sm underline underline-offset-4">
        Back to your studies
      </Link>
    </div>
  );
}
