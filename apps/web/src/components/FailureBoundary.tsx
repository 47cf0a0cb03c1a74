import { Component, type ReactNode } from 'react';
import { useI18n } from '@/lib/i18n';
import { failureDetail, isLoadFailure } from './page-failure';

/** What the user reads: in their language, what happened, and the one thing that helps (a reload). */
function PageFailure({ error }: { error: unknown }) {
  const { t } = useI18n();
  const load = isLoadFailure(error);
  const detail = failureDetail(error);
  return (
    <div className="fp-page-failure" role="alert">
      <h2>{t(load ? 'error.load.title' : 'error.page.title')}</h2>
      <p>{t(load ? 'error.load.desc' : 'error.page.desc')}</p>
      {load ? null : <pre className="fp-page-failure-detail">{detail}</pre>}
      <button type="button" className="fp-btn is-primary" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </div>
  );
}

interface FailureBoundaryProps {
  /** Where the user is (a page's address, a card's id): going elsewhere leaves the failure behind. */
  at: string;
  /** What holds the message, for a boundary whose content draws its own frame (the phone's card reader). */
  frame?: (failure: ReactNode) => ReactNode;
  children: ReactNode;
}

/**
 * A screen that fails to render, or whose code cannot be loaded, says so in the user's words with a
 * reload, instead of an empty window (docs/decisions/0081). Inside the layout it stands in for the
 * page alone, so the menus stay and lead elsewhere; around the routes it catches what fails outside
 * the layout; on the phone page, around the card reader. It needs no antd: the failure may be antd's
 * file itself.
 */
export class FailureBoundary extends Component<FailureBoundaryProps, { error: unknown; at: string | undefined }> {
  override state: { error: unknown; at: string | undefined } = { error: undefined, at: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(props: FailureBoundaryProps, state: { error: unknown; at: string | undefined }) {
    if (state.error === undefined) return null;
    if (state.at === undefined) return { at: props.at };
    return props.at === state.at ? null : { error: undefined, at: undefined };
  }
  override render() {
    if (this.state.error === undefined) return this.props.children;
    const failure = <PageFailure error={this.state.error} />;
    return this.props.frame ? this.props.frame(failure) : failure;
  }
}
