import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import boundaries from "eslint-plugin-boundaries";
import { boundaryElements, boundaryPolicies } from "./tooling/architecture/layers.mjs";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", "node_modules/**", ".data/**", "lib/generated/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Sign-in, sign-out and impersonation changes reload the whole page on purpose, so
      // every server component and the header island see the new identity at once.
      "@next/next/no-location-assign-relative-destination": "off",
    },
  },
  {
    // The import order of docs/architecture.md (tooling/architecture/layers.mjs has the rows).
    files: ["lib/**/*.{ts,tsx,mjs}", "components/**/*.{ts,tsx}", "app/**/*.{ts,tsx}"],
    plugins: { boundaries },
    settings: {
      "boundaries/elements": boundaryElements(),
    },
    rules: {
      // Logs go through lib/platform/log.mjs, whose redaction keeps addresses and tokens out.
      "no-console": "error",
      "boundaries/dependencies": ["error", { default: "disallow", policies: boundaryPolicies() }],
      // Schemas reach the browser, which runs under a CSP without eval: the one zod module turns
      // zod's eval probe off there, so no page reports a policy violation.
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "zod", message: 'Import { z } from "@/lib/platform/validation/zod".', allowTypeImports: true }] },
      ],
    },
  },
  {
    files: ["lib/platform/validation/zod.ts"],
    rules: { "no-restricted-imports": "off" },
  },
];

export default config;
