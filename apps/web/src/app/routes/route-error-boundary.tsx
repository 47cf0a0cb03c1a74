import { Component, type ReactNode } from 'react';

/**
 * A screen that fails to render shows what React Router's data router showed by default, instead
 * of an empty window; like there, going to another page leaves the error behind.
 */
export class RouteErrorBoundary extends Component<{ at: string; children: ReactNode }, { error: unknown; at: string | undefined }> {
  override state: { error: unknown; at: string | undefined } = { error: undefined, at: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(props: { at: string }, state: { error: unknown; at: string | undefined }) {
    if (state.error === undefined) return null;
    if (state.at === undefined) return { at: props.at };
    return props.at === state.at ? null : { error: undefined, at: undefined };
  }
  override render() {
    if (this.state.error === undefined) return this.props.children;
    const { error } = this.state;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{error instanceof Error ? error.message : JSON.stringify(error)}</h3>
      </>
    );
  }
}
