/**
 * The id a person quotes to support. On the error screens it is the server's digest, which the
 * server logs with the stack (instrumentation.ts), so `grep <id>` finds what happened.
 */
export function ErrorId({ id }: { id: string }) {
  return (
    <p className="rounded bg-muted px-3 py-1 font-mono text-sm" data-testid="error-id">
      Error ID: {id}
    </p>
  );
}
