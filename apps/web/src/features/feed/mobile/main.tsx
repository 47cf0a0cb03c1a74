import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/styles/global.css';
import { MobileApp } from './MobileApp';

// The phone page shows the feed's words only, which come with its screens (bundle budgets, docs/decisions/0016 and 0048).
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MobileApp />
    </StrictMode>,
  );
}
