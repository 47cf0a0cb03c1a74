import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { addLabels } from '@/lib/i18n';
import * as feedLabels from '@/lib/i18n/labels/feed';
import '@/styles/global.css';
import { MobileApp } from './MobileApp';

// The phone page shows the feed's labels only (bundle budgets, docs/decisions/0016).
addLabels(feedLabels);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MobileApp />
    </StrictMode>,
  );
}
