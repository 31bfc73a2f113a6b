// Small display helpers shared by the admin tables.
const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });

export const formatDate = (d: Date) => dateFormat.format(d);
export const formatDateTime = (d: Date) => dateTimeFormat.format(d);
export const formatMoney = (cents: number) => (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });
export const fullName = (first: string, last: string) => `${first} ${last}`.trim();
