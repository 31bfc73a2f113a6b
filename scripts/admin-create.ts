// `npm run admin:create -- --email E --password P`: an admin for a real deployment.
import { parseArgs } from "node:util";
import { z } from "zod";
import { createAdmin } from "@/lib/accounts/registration";
import { db } from "@/lib/platform/db";
import { normalizeEmail } from "@/lib/accounts/schemas/auth-rules";
import { PASSWORD_MIN_LENGTH } from "@/lib/accounts/constants";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, "first-name": { type: "string" }, "last-name": { type: "string" } },
});
const parsed = z
  .object({
    email: z.string({ error: "--email is required" }).transform(normalizeEmail).pipe(z.email("--email must be an e-mail address")),
    password: z
      .string({ error: "--password is required" })
      .min(PASSWORD_MIN_LENGTH, `--password must be at least ${PASSWORD_MIN_LENGTH} characters`),
  })
  .safeParse(values);
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => i.message).join("\n"));
  process.exit(2);
}
const user = await createAdmin({ ...parsed.data, firstName: values["first-name"], lastName: values["last-name"] });
console.log(`[k12] Admin ready: ${user.email}`);
await db().$disconnect();
