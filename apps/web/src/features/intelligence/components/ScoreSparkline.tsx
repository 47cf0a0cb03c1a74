import { useIntelligenceWords } from '@/features/intelligence/i18n';
import { formatTime } from '@/lib/format';
import { Sparkline } from '@/components/charts/Sparkline';
import { formatScore } from '../score';

/**
 * A small line of one score over the kept recompute runs (the 360 view's impact table), drawn as
 * SVG (components/charts). The 360 page imports it lazily, when a doctor has a trend to draw.
 */
export function ScoreSparkline({ history, testId }: { history: readonly { at: string; score: number }[]; testId?: string }) {
  const { t } = useIntelligenceWords();
  const scores = history.map((p) => p.score);
  const low = Math.min(...scores);
  const high = Math.max(...scores);
  // Keep a flat or nearly flat line in the middle rather than on an edge.
  const pad = Math.max(2, (high - low) * 0.2);
  return (
    <Sparkline
      width={140}
      height={44}
      testId={testId}
      min={Math.max(0, Math.floor(low - pad))}
      max={Math.min(100, Math.ceil(high + pad))}
      labels={history.map((p) => formatTime(p.at, 'day'))}
      name={t('intel.score')}
      values={scores}
      valueFormat={formatScore}
    />
  );
}
