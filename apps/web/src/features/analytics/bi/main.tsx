import { isLang } from '@field-portal/shared';
import { showPageFailure } from '@/components/page-failure';
import '@/styles/global.css';
import { savedLang } from '@/lib/i18n/saved-lang';
import { readShareFragment } from '../report-rules';
import { dashboardIdOfShare, fetchDashboard } from './share-api';

// The dashboard's data is asked for as this small entry runs, before React, antd and the page's
// own code are evaluated (a second or more of a phone's CPU): the call and the evaluation go on
// side by side, and the first render finds the data (docs/decisions/0055).
const link = readShareFragment(window.location.hash);
// The link's language, also where the link is incomplete (its refusal speaks it).
const asked = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('lang');
const lang = isLang(asked) ? asked : savedLang();
const id = link ? dashboardIdOfShare(link.share) : undefined;
const first = link && id !== undefined ? fetchDashboard(id, link.share, link.token, {}, lang) : undefined;
// Handled where the page reads it; until then a refusal is not an unhandled rejection.
first?.catch(() => undefined);

// Code that does not arrive (the network lost in that moment) says so, in the link's language, with
// a reload, instead of leaving the frame blank (docs/decisions/0081).
import('./start')
  .then((m) => m.start(lang, link, first))
  .catch((error: unknown) => {
    const root = document.getElementById('root');
    if (root) showPageFailure(root, lang, error);
  });
