// /admin/dashboard and unknown /admin/* paths show the admin dashboard.
export { default, metadata } from "@/app/admin/page";
