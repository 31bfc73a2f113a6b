import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Users } from "@/components/ui/icons";
import { Users as LucideUsers } from "lucide-react";

// Server components draw icons as plain SVG: the same drawing as lucide-react's, without its client component.

describe("server icons", () => {
  it("draw lucide's SVG with its defaults, hidden from assistive technology unless labelled", () => {
    const ours = renderToStaticMarkup(createElement(Users, { className: "size-4" }));
    const theirs = renderToStaticMarkup(createElement(LucideUsers, { className: "size-4" }));
    expect(ours).toBe(theirs);
    expect(ours).toContain('aria-hidden="true"');
    const labelled = renderToStaticMarkup(createElement(Users, { "aria-label": "People" }));
    expect(labelled).not.toContain("aria-hidden");
    expect(labelled).toContain('aria-label="People"');
  });

  it("is not a client component: a function of its props, with no hooks", () => {
    expect(typeof Users).toBe("function");
    expect(Users({ size: 16 })).toMatchObject({ type: "svg", props: { width: 16, height: 16 } });
  });
});
