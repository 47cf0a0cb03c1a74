import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isLang } from '@field-portal/shared';
import { i18n } from '@/lib/i18n';
import '@/lib/dayjs-locale';
import '@/styles/global.css';
import { BiApp } from './BiApp';

// The share page shows the analytics area's words only, which come with its screens (bundle budgets,
// docs/decisions/0016, 0031 and 0048); a refusal shows the server's own text.
// The link's language before the first render, so the first call and any refusal speak it.
const lang = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('lang');
if (isLang(lang) && lang !== i18n.language) void i18n.changeLanguage(lang);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BiApp />
    </StrictMode>,
  );
}
