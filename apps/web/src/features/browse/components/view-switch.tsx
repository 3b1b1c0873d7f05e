import { useSearchParams } from '../../../lib/router/index.ts';
import { withView, type BrowseView } from '../filter-params.ts';
import { useUpdateParams } from '../use-filter-url.ts';

/** List or Map: in the address as `view=map`, so it survives a reload and Back. */
export function ViewSwitch() {
  const [params] = useSearchParams();
  const updateParams = useUpdateParams();
  const view: BrowseView = params.get('view') === 'map' ? 'map' : 'list';
  const button = (value: BrowseView, label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => updateParams((p) => withView(p, value))}
      className={`px-3 py-1.5 text-sm font-semibold first:rounded-l-md last:rounded-r-md ${
        view === value ? 'bg-emerald-700 text-white' : 'bg-white text-slate-800 hover:bg-slate-100'
      }`}
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="Show results as" className="inline-flex rounded-md border border-slate-400 shadow-sm">
      {button('list', 'List')}
      {button('map', 'Map')}
    </div>
  );
}
