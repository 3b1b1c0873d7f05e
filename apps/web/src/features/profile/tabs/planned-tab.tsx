/** A tab whose feature is not built yet, said plainly instead of sample numbers. */
export function PlannedTab({ text }: { text: string }) {
  return <p className="max-w-2xl text-slate-700">{text}</p>;
}
