/** The look of the account area's links and buttons (account-nav.tsx and signed-in-nav.tsx). */
export const NAV_ITEM =
  'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900';
