// `node --import ./scripts/bench/server-only-hook.mjs`: lets a script call the services outside
// Next, as the Vitest config does. `server-only` throws unless React's server build is loaded,
// and that build cannot load the modules some services reach (next/navigation via the session).
import { register } from "node:module";

const hook = `export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: "data:text/javascript,", shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
