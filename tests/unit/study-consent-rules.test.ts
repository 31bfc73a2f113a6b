// The pure rules of a study's consent: what counts as a PDF, the typed name, the PDF made in code,
// and the one kind of answer this site's own pages may frame.
import { describe, expect, it } from "vitest";
import { isPdf, nameMatches, sha256Hex, simplePdf } from "@/lib/engagements/consent/pdf";
import { contentSecurityPolicy, isSelfFramed, staticSecurityHeaders } from "@/lib/platform/security-headers.mjs";

describe("study consent rules", () => {
  it("a PDF is known by its first bytes, not its name", () => {
    expect(isPdf(simplePdf(["x"]))).toBe(true);
    expect(isPdf(new TextEncoder().encode("%PDF"))).toBe(false);
    expect(isPdf(new TextEncoder().encode("<html>%PDF-1.4"))).toBe(false);
  });

  it("the typed name matches the account's whatever its case and spaces, and nothing else", () => {
    expect(nameMatches("  ana   MARÍA  ruiz ", "Ana María", "Ruiz")).toBe(true);
    expect(nameMatches("Ana Ruiz", "Ana María", "Ruiz")).toBe(false);
    expect(nameMatches("   ", "", "")).toBe(false);
  });

  it("the PDF made in code has a cross-reference table pointing at each object", () => {
    const bytes = simplePdf(["Informed consent", "Line (two) \\ three"]);
    const text = Buffer.from(bytes).toString("latin1");
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((o, i) => expect(text.slice(o, o + 7)).toBe(`${i + 1} 0 obj`));
    expect(Number(/startxref\n(\d+)/.exec(text)![1])).toBe(text.indexOf("xref\n"));
    expect(sha256Hex(bytes)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("only a study document may be framed, and only by this site", () => {
    expect(isSelfFramed("/api/study-documents/abc")).toBe(true);
    expect(isSelfFramed("/dashboard")).toBe(false);
    expect(contentSecurityPolicy({ nonce: "n", selfFramed: true })).toContain("frame-ancestors 'self'");
    expect(contentSecurityPolicy({ nonce: "n" })).toContain("frame-ancestors 'none'");
    const frame = (h: { key: string; value: string }[]) => h.find((x) => x.key === "X-Frame-Options")?.value;
    expect(frame(staticSecurityHeaders({ selfFramed: true }))).toBe("SAMEORIGIN");
    expect(frame(staticSecurityHeaders())).toBe("DENY");
  });
});
