import { useNavigate } from 'react-router';
import { Button } from 'antd';
import {
  ApartmentOutlined,
  LoginOutlined,
  CommentOutlined,
  DeploymentUnitOutlined,
  ExperimentOutlined,
  SolutionOutlined,
  StarOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { DataUseNotice } from '@/components/DataUseNotice';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { TenantFooter } from '@/components/TenantFooter';
import { useI18n, type LabelKey } from '@/lib/i18n';
import { LOGIN_PATH } from '@/lib/paths';
import { hasAccessToken } from '@/lib/session/local-session';
import './landing.css';
import { withAntd } from '@/lib/providers/antd-providers';

/** The advertised functions of spec 001 section 1. */
const FUNCTIONS: { key: LabelKey; icon: ReactNode }[] = [
  { key: 'home.functions.opinion', icon: <CommentOutlined /> },
  { key: 'home.functions.attitude', icon: <ExperimentOutlined /> },
  { key: 'home.functions.doctor360', icon: <DeploymentUnitOutlined /> },
  { key: 'home.functions.focus', icon: <StarOutlined /> },
  { key: 'home.functions.kol', icon: <ApartmentOutlined /> },
  { key: 'home.functions.lecturer', icon: <SolutionOutlined /> },
  { key: 'home.functions.patients', icon: <TeamOutlined /> },
];

const COVERS: LabelKey[] = [
  'home.covers.customers',
  'home.covers.tasks',
  'home.covers.content',
  'home.covers.messages',
  'home.covers.cards',
  'home.covers.reports',
  'home.covers.admin',
];

/** /home: a public page that says what the portal is, with the way in. */
function LandingScreen() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [signedIn] = useState(hasAccessToken);
  const enter = () => void navigate(signedIn ? '/' : LOGIN_PATH);
  const action = signedIn ? t('home.enter') : t('home.signIn');

  return (
    <div className="fp-landing">
      <header className="fp-landing-bar">
        <div className="fp-landing-brand">
          <span className="fp-landing-logo">FP</span>
          {t('app.name')}
        </div>
        <div className="fp-landing-bar-actions">
          <LanguageSwitch size="small" />
          <Button type="primary" onClick={enter}>
            {action}
          </Button>
        </div>
      </header>
      <section className="fp-landing-hero">
        <h1>{t('app.name')}</h1>
        <p>{t('app.tagline')}</p>
        <Button type="primary" size="large" icon={<LoginOutlined />} onClick={enter}>
          {action}
        </Button>
      </section>
      <main className="fp-landing-body">
        <h2>{t('home.functionsTitle')}</h2>
        <ul className="fp-landing-grid">
          {FUNCTIONS.map((f) => (
            <li key={f.key} className="fp-landing-card">
              <span className="fp-landing-icon">{f.icon}</span>
              <span>{t(f.key)}</span>
            </li>
          ))}
        </ul>
        <h2>{t('home.coversTitle')}</h2>
        <ul className="fp-landing-covers">
          {COVERS.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
        <DataUseNotice />
      </main>
      <TenantFooter />
    </div>
  );
}

export const LandingPage = withAntd(LandingScreen);
