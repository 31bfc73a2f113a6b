import "server-only";
import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const ARGON2ID = 2;

// argon2id with OWASP's minimum parameters (19 MiB, 2 passes): ~100 ms a hash here.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string) {
  return hash(password, OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string) {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

// Verified when the e-mail is unknown, so a miss costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string) {
  dummyHash ??= hashPassword("not-a-real-password-for-timing");
  await verifyPassword(await dummyHash, password);
}
