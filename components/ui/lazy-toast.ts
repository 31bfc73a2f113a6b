// toast.success / toast.error for the public forms without sonner in their pages' first load:
// the module arrives with the lazily mounted Toaster (components/layout/lazy-toaster.tsx), so
// by the time someone submits a form the import resolves at once.
type ToastOptions = { description?: string };

const show = (kind: "success" | "error", title: string, options?: ToastOptions) =>
  void import("sonner").then(({ toast }) => toast[kind](title, options));

export const lazyToast = {
  success: (title: string, options?: ToastOptions) => show("success", title, options),
  error: (title: string, options?: ToastOptions) => show("error", title, options),
};
