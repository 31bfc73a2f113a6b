import * as React from "react";

import { cn } from "@/lib/platform/utils";

type TableProps = React.ComponentProps<"table"> & {
  /** Classes for the overflow-x-auto wrapper div. */
  containerClassName?: string;
  /**
   * Below the `sm` width each row becomes a card of "label: value" lines (each cell's `label`),
   * so no column, such as a status or an amount, is cut off on a phone.
   */
  stacked?: boolean;
};

// The rows' and cells' own look is set once on the table, not on every row and cell: a long
// table (an admin list of 200 people) otherwise repeats the same classes in its HTML and again in
// its RSC payload for each of its thousands of cells.
const ROWS_AND_CELLS =
  "[&_tr]:border-b [&_tr]:border-border [&_tr]:transition-colors [&_tr:hover]:bg-muted/50 [&_tr[data-state=selected]]:bg-muted " +
  "[&_td]:px-3 [&_td]:py-2 [&_td]:align-middle [&_td:has([role=checkbox])]:pr-0";

/** The table scrolls inside its own container, so narrow (375 px) pages never scroll horizontally. */
function Table({ className, containerClassName, stacked, ...props }: TableProps) {
  return (
    <div data-slot="table-container" className={cn("relative w-full max-w-full overflow-x-auto", containerClassName)}>
      <table
        data-slot="table"
        data-stacked={stacked ? "" : undefined}
        className={cn("w-full caption-bottom border-collapse text-sm", ROWS_AND_CELLS, className)}
        {...props}
      />
    </div>
  );
}

function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead data-slot="table-header" className={cn("[&_tr]:border-b", className)} {...props} />;
}

function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody data-slot="table-body" className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

/** Styled by its table (ROWS_AND_CELLS). */
function TableRow(props: React.ComponentProps<"tr">) {
  return <tr {...props} />;
}

function TableHead({ className, scope = "col", ...props }: React.ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      scope={scope}
      className={cn(
        "h-10 whitespace-nowrap px-3 text-left align-middle font-medium text-muted-foreground [&:has([role=checkbox])]:pr-0",
        className,
      )}
      {...props}
    />
  );
}

/** Styled by its table (ROWS_AND_CELLS). `label`: the column's name, shown beside the value when a `stacked` table is narrow. */
function TableCell({ label, ...props }: React.ComponentProps<"td"> & { label?: string }) {
  return <td data-label={label} {...props} />;
}

function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return <caption data-slot="table-caption" className={cn("mt-4 text-sm text-muted-foreground", className)} {...props} />;
}

export { Table, TableHeader, TableBody, TableRow, TableHead, TableCell, TableCaption, type TableProps };
