import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { COMPONENT_ROWS, LIB_ROWS } from "@/tooling/architecture/layers.mjs";

// The import order is checked by the boundaries rule in `npm run lint`. These lint planted
// files (text only, nothing is written) with the project's own config, so a rule that stops
// firing fails here rather than passing silently.

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === "boundaries/dependencies").map((m) => m.message);
}

describe("the architecture lint rule", () => {
  it("refuses an upward import between lib/ areas", async () => {
    const errors = await boundaryErrors(
      "lib/money/planted.ts",
      'import { ownExpertRow } from "@/lib/experts/dashboard/expert";\nexport const x = ownExpertRow;\n',
    );
    expect(errors).toEqual([expect.stringContaining('"lib-money" to elements of type "lib-experts"')]);
  });

  it("refuses a relative upward import too", async () => {
    const errors = await boundaryErrors(
      "lib/organizations/planted.ts",
      'import { closeOrganization } from "../projects/organization-closing";\nexport const x = closeOrganization;\n',
    );
    expect(errors).toHaveLength(1);
  });

  it("refuses an import between two folders of one row (the start of a cycle)", async () => {
    const errors = await boundaryErrors(
      "lib/admin/planted.ts",
      'import { SITEMAP_URL_LIMIT } from "@/lib/site/sitemap-xml";\nexport const x = SITEMAP_URL_LIMIT;\n',
    );
    expect(errors).toHaveLength(1);
  });

  it("refuses a component importing a feature above it, the generated Prisma client, or app/", async () => {
    const source = [
      'import { ViewAsMenu } from "@/components/layout/view-as-menu";',
      'import type { EarningState } from "@/lib/generated/prisma/enums";',
      'import RootLayout from "@/app/layout";',
      "export const x: [unknown, EarningState | null, unknown] = [ViewAsMenu, null, RootLayout];",
      "",
    ].join("\n");
    expect(await boundaryErrors("components/ui/planted.tsx", source)).toHaveLength(3);
  });

  it("refuses lib/ importing a component", async () => {
    const errors = await boundaryErrors(
      "lib/platform/planted.ts",
      'import { Button } from "@/components/ui/button";\nexport const x = Button;\n',
    );
    expect(errors).toHaveLength(1);
  });

  it("allows the downward imports the code makes", async () => {
    const source = [
      'import { ownExpertRow } from "@/lib/accounts/expert-row";',
      'import { Button } from "@/components/ui/button";',
      'import { MoneyFigures } from "@/components/ui/money-figures";',
      "export const x = [ownExpertRow, Button, MoneyFigures];",
      "",
    ].join("\n");
    expect(await boundaryErrors("components/dashboard/planted.tsx", source)).toEqual([]);
  });

  it("gives every folder of lib/ and components/ a row", async () => {
    const { readdirSync } = await import("node:fs");
    const folders = (dir: string) =>
      readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort();
    expect(LIB_ROWS.flat().sort()).toEqual(folders("lib"));
    expect(COMPONENT_ROWS.flat().sort()).toEqual(folders("components"));
  });
});
