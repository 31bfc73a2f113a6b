import { z } from "zod";

// The one zod the validation schemas use. In the browser, pages run under a CSP without eval:
// zod would otherwise probe `Function("")` to decide whether to compile its parsers, and the
// refused probe is reported as a policy violation on every page with a form.
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
