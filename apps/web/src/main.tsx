import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startProductionExtras } from './app/production-extras.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// As a transition the first render (a whole page of results, from the data in the HTML) is done in
// slices between which the browser stays responsive, instead of one long task on a slow phone.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// An item popup's address: its code (a chunk of its own) downloads alongside the first render
// instead of after it. A failure here is left to the popup's own loading, which shows it.
if (/^\/category\/[^/]+\/item\/[^/]+/.test(window.location.pathname)) {
  void import('./features/item-detail/item-detail-popup.tsx').catch(() => undefined);
}

startProductionExtras();
