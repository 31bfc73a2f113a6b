"use client";

import * as React from "react";
import { Tabs as TabsPrimitive } from "radix-ui";
import { ChevronLeft, ChevronRight } from "lucide-react";

import { cn } from "@/lib/platform/utils";

function Tabs({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root data-slot="tabs" className={cn("flex flex-col gap-2", className)} {...props} />;
}

function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn(
        "inline-flex h-10 w-fit max-w-full items-center justify-start overflow-x-auto rounded-md bg-muted p-1 text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

/**
 * A tab list that may be wider than the screen (six tabs on a phone): it scrolls sideways, and
 * an edge with more tabs beyond it fades out under a chevron, so the tabs out of view are seen
 * to be there. The chevrons scroll by a screenful for a pointer; keyboard users reach every tab
 * with the arrow keys, Home and End (a focused tab scrolls into view), so the chevrons stay out
 * of the tab order and the accessibility tree. The selected tab is kept in view when it changes.
 */
function ScrollableTabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  const ref = React.useRef<HTMLDivElement>(null);
  const [more, setMore] = React.useState({ before: false, after: false });

  React.useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const measure = () => {
      const before = list.scrollLeft > 1;
      const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
      setMore((m) => (m.before === before && m.after === after ? m : { before, after }));
    };
    const keepSelectedInView = () => {
      const selected = list.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
      if (!selected) return;
      const box = list.getBoundingClientRect();
      const tab = selected.getBoundingClientRect();
      // Past either edge, or under the fade and chevron that cover the last 2.5rem of it.
      const cover = 40;
      if (tab.left < box.left + (list.scrollLeft > 1 ? cover : 0)) list.scrollLeft -= box.left + cover - tab.left;
      else if (tab.right > box.right - cover) list.scrollLeft += tab.right - box.right + cover;
      measure();
    };
    keepSelectedInView();
    list.addEventListener("scroll", measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(list);
    const selection = new MutationObserver(keepSelectedInView);
    selection.observe(list, { attributes: true, attributeFilter: ["data-state"], subtree: true });
    return () => {
      list.removeEventListener("scroll", measure);
      resized.disconnect();
      selection.disconnect();
    };
  }, []);

  const page = (direction: 1 | -1) => ref.current?.scrollBy({ left: direction * ref.current.clientWidth * 0.8, behavior: "smooth" });
  const cue = "absolute inset-y-0 flex w-10 items-center text-foreground from-muted from-40% to-transparent";
  return (
    <div className="relative w-full max-w-full sm:w-fit" data-slot="scrollable-tabs-list">
      <TabsList ref={ref} className={cn("flex w-full [scrollbar-width:none] [&::-webkit-scrollbar]:hidden", className)} {...props} />
      {more.before ? (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="tabs-more-before"
          onClick={() => page(-1)}
          className={cn(cue, "left-0 justify-start rounded-l-md bg-gradient-to-r pl-1")}
        >
          <ChevronLeft className="size-4" />
        </button>
      ) : null}
      {more.after ? (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="tabs-more-after"
          onClick={() => page(1)}
          className={cn(cue, "right-0 justify-end rounded-r-md bg-gradient-to-l pr-1")}
        >
          <ChevronRight className="size-4" />
        </button>
      ) : null}
    </div>
  );
}

function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(
        "inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-colors hover:text-foreground focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4 [&_svg]:shrink-0",
        className,
      )}
      {...props}
    />
  );
}

function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn(
        "rounded-md focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
        className,
      )}
      {...props}
    />
  );
}

export { Tabs, TabsList, ScrollableTabsList, TabsTrigger, TabsContent };
