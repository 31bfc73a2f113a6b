import Link from "next/link";

export type Portal = "general" | "client" | "expert";

/** Under the sign-in form: a forgotten password, contact, the other portal and registration. */
export function LoginLinks({ portal }: { portal: Portal }) {
  return (
    <>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Link href="/reset-password" className="text-primary underline-offset-4 hover:underline">
          Forgot password?
        </Link>
        <Link href="/contact" className="text-primary underline-offset-4 hover:underline">
          Contact us
        </Link>
      </div>
      <div className="space-y-1 border-t pt-4 text-center text-sm text-muted-foreground">
        {portal === "client" && (
          <p>
            Not a client?{" "}
            <Link href="/login" className="text-primary underline underline-offset-4">
              Use the general login
            </Link>
          </p>
        )}
        {portal === "expert" && (
          <p>
            Research client?{" "}
            <Link href="/client/login" className="text-primary underline underline-offset-4">
              Client login
            </Link>
          </p>
        )}
        <p>
          New to K12 Experts?{" "}
          <Link href="/register" className="text-primary underline underline-offset-4">
            Create an account
          </Link>
        </p>
      </div>
    </>
  );
}
