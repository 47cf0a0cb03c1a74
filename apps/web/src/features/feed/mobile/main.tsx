import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FEED_MESSAGES } from '@field-portal/shared';
import { addLabels, addMessages } from '@/lib/i18n';
import * as feedLabels from '@/lib/i18n/labels/feed';
import '@/styles/global.css';
import { MobileApp } from './MobileApp';

// The phone page shows the feed's labels and messages only (bundle budgets, docs/decisions/0016).
addLabels(feedLabels);
addMessages(FEED_MESSAGES);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MobileApp />
    </StrictMode>,
  );
}
