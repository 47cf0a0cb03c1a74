import { DataText } from '@/components/DataText';
import { useEffect, useRef, useState } from 'react';
import { Spin, Typography } from 'antd';
import type { AreaNetwork } from '@field-portal/shared';
import { useIntelligenceWords } from '@/features/intelligence/i18n';
import { AREA_SIGMA_SETTINGS, fillAreaGraph, type AreaEdgeAttributes, type AreaNodeAttributes } from './area-graph';
import { EmptyState } from '@/components/EmptyState';

const { Text } = Typography;

type Hovered = { name: string; hospital: string } | null;

/**
 * The whole-area map drawn with sigma.js (WebGL). sigma and graphology are loaded here, on first
 * use, so no other screen downloads them. When the first frame is drawn the container carries
 * `data-rendered="true"`, the node count, and where the most central doctor (the first node: the
 * server sorts by PageRank) sits on screen (`data-focus-x/y`, CSS pixels inside the container).
 */
export function AreaMap({ area, height = 600, onNodeClick }: { area: AreaNetwork; height?: number; onNodeClick: (id: number, name: string) => void }) {
  const { t } = useIntelligenceWords();
  const ref = useRef<HTMLDivElement>(null);
  const click = useRef(onNodeClick);
  const [state, setState] = useState<'loading' | 'ready' | 'noWebgl'>('loading');
  const [hovered, setHovered] = useState<Hovered>(null);
  useEffect(() => {
    click.current = onNodeClick;
  }, [onNodeClick]);

  useEffect(() => {
    const container = ref.current;
    if (!container) return undefined;
    let cancelled = false;
    let kill: (() => void) | undefined;
    setState('loading');
    delete container.dataset.rendered;
    void Promise.all([import('sigma'), import('graphology')])
      .then(([{ default: Sigma }, { default: Graph }]) => {
        if (cancelled) return;
        const graph = fillAreaGraph(new Graph<AreaNodeAttributes, AreaEdgeAttributes>({ type: 'undirected' }), area);
        const renderer = new Sigma(graph, container, AREA_SIGMA_SETTINGS);
        kill = () => renderer.kill();
        renderer.on('clickNode', ({ node }) => click.current(Number(node), graph.getNodeAttribute(node, 'label')));
        renderer.on('enterNode', ({ node }) => {
          container.style.cursor = 'pointer';
          setHovered({ name: graph.getNodeAttribute(node, 'label'), hospital: graph.getNodeAttribute(node, 'hospital') });
        });
        renderer.on('leaveNode', () => {
          container.style.cursor = '';
          setHovered(null);
        });
        // The constructor has drawn the first frame synchronously.
        const first = area.nodes[0];
        if (first) {
          const at = renderer.graphToViewport({ x: first.x, y: first.y });
          container.dataset.focusId = String(first.id);
          container.dataset.focusX = String(Math.round(at.x));
          container.dataset.focusY = String(Math.round(at.y));
        }
        container.dataset.nodes = String(graph.order);
        container.dataset.rendered = 'true';
        setState('ready');
      })
      .catch(() => {
        // No WebGL context (sigma throws): say so instead of an empty box.
        if (!cancelled) setState('noWebgl');
      });
    return () => {
      cancelled = true;
      kill?.();
      delete container.dataset.rendered;
    };
  }, [area]);

  return (
    <div>
      <div style={{ position: 'relative', width: '100%', height }}>
        <div ref={ref} data-testid="area-map" style={{ position: 'absolute', inset: 0, background: '#fafbfc', borderRadius: 6 }} />
        {state === 'loading' ? (
          <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
            <Spin />
          </div>
        ) : null}
        {state === 'noWebgl' ? (
          <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', background: '#fff' }}>
            <EmptyState description={t('intel.area.noWebgl')} />
          </div>
        ) : null}
      </div>
      <Text type="secondary" data-testid="area-hovered" style={{ display: 'block', minHeight: 22, marginTop: 8 }}>
        {hovered ? <DataText>{`${hovered.name} · ${hovered.hospital}`}</DataText> : t('intel.area.hint')}
      </Text>
    </div>
  );
}
