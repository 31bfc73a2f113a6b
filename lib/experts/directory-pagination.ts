// Pagination maths for the directory: first page, last page and the pages within
// 2 of the current one, with an ellipsis for every gap. Pure, so it is unit-tested.

export type PageItem = number | "ellipsis-start" | "ellipsis-end";

export function totalPages(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

export function pageItems(current: number, pages: number): PageItem[] {
  if (pages <= 1) return [1];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), pages);
  const items: PageItem[] = [1];
  const from = Math.max(2, page - 2);
  const to = Math.min(pages - 1, page + 2);
  if (from > 2) items.push("ellipsis-start");
  for (let p = from; p <= to; p++) items.push(p);
  if (to < pages - 1) items.push("ellipsis-end");
  items.push(pages);
  return items;
}
