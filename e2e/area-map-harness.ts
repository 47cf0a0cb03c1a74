/**
 * Browser side of the whole-area map benchmark (bench/area-map.bench.ts): bundled with esbuild and
 * loaded into an empty page, it draws one AreaNetwork either with sigma.js, exactly as the portal's
 * map does (components/area-graph.ts), or with ECharts' graph series as the ego network does
 * (server positions, no force layout), and resolves with the milliseconds from receiving the data
 * to the first drawn frame.
 */
import Graph from 'graphology';
import Sigma from 'sigma';
import * as echarts from 'echarts/core';
import { GraphChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { AreaNetwork } from '@field-portal/shared';
import {
  AREA_SIGMA_SETTINGS,
  communityColor,
  fillAreaGraph,
  type AreaEdgeAttributes,
  type AreaNodeAttributes,
} from '../apps/web/src/features/intelligence/components/area-graph';

echarts.use([GraphChart, TooltipComponent, CanvasRenderer]);

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function freshContainer(): HTMLDivElement {
  document.body.replaceChildren();
  const div = document.createElement('div');
  div.style.cssText = 'width: 1280px; height: 720px';
  document.body.appendChild(div);
  return div;
}

async function renderSigma(area: AreaNetwork): Promise<number> {
  const container = freshContainer();
  const started = performance.now();
  const graph = fillAreaGraph(new Graph<AreaNodeAttributes, AreaEdgeAttributes>({ type: 'undirected' }), area);
  const renderer = new Sigma(graph, container, AREA_SIGMA_SETTINGS);
  await nextFrame();
  const ms = performance.now() - started;
  renderer.kill();
  return ms;
}

async function renderECharts(area: AreaNetwork): Promise<number> {
  const container = freshContainer();
  const started = performance.now();
  const chart = echarts.init(container, undefined, { renderer: 'canvas' });
  const finished = new Promise<void>((resolve) => chart.on('finished', () => resolve()));
  chart.setOption({
    tooltip: {},
    series: [
      {
        type: 'graph',
        layout: 'none',
        roam: true,
        animation: false,
        label: { show: false },
        lineStyle: { color: '#c8d1dc', opacity: 0.6 },
        data: area.nodes.map((n) => ({
          id: String(n.id),
          name: n.name,
          x: n.x,
          y: n.y,
          symbolSize: n.size,
          itemStyle: { color: communityColor(n.community) },
        })),
        links: area.edges.map((e) => ({ source: String(e.source), target: String(e.target) })),
      },
    ],
  });
  await finished;
  await nextFrame();
  const ms = performance.now() - started;
  chart.dispose();
  return ms;
}

Object.assign(window, { renderSigma, renderECharts });
