import Link from "next/link";
import { UserX } from "@/components/ui/icons";
import { Button } from "@/components/ui/button";

/** Expert Not Found: a missing, hidden, unverified or malformed profile; the response is a 404. */
export default function ExpertNotFound() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <UserX className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold">Expert Not Found</h1>
      <p className="mt-2 text-muted-foreground">This expert profile does not exist or is not public.</p>
      <Button asChild className="mt-6">
        <Link href="/experts">Back to Experts</Link>
      </Button>
    </div>
  );
}
