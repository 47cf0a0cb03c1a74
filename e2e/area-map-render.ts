import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import type { AreaNetwork } from '@field-portal/shared';

/**
 * The whole-area map drawn in headless Chromium by sigma.js and by ECharts from the same data
 * (e2e/area-map-harness.ts, bundled here with esbuild): a fresh page for every drawing, so neither
 * profits from the other's warm-up. bench/area-map.bench.ts prints the figures.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
export type AreaRenderer = 'sigma' | 'echarts';

let bundled: string | undefined;
async function harnessScript(): Promise<string> {
  if (bundled) return bundled;
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [path.join(here, 'area-map-harness.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    target: 'es2022',
    logLevel: 'silent',
  });
  bundled = out.outputFiles[0]!.text;
  return bundled;
}

/** Milliseconds from handing `area` to the renderer to its first drawn frame; `timeoutMs` caps a renderer that does not finish. */
export async function renderTime(browser: Browser, area: AreaNetwork, renderer: AreaRenderer, timeoutMs = 120_000): Promise<number> {
  const script = await harnessScript();
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  try {
    await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0"></body></html>');
    await page.addScriptTag({ content: script });
    page.setDefaultTimeout(timeoutMs);
    const fn = renderer === 'sigma' ? 'renderSigma' : 'renderECharts';
    // Types of the page's globals stay out of this file: the benchmarks compile it without the DOM library.
    return await page.evaluate(
      ([name, data, cap]) =>
        Promise.race([
          (globalThis as unknown as Record<string, (a: AreaNetwork) => Promise<number>>)[name]!(data),
          new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), cap)),
        ]),
      [fn, area, timeoutMs] as const,
    );
  } finally {
    await page.close();
  }
}

/** Whether this browser gives sigma.js a WebGL context, and which renderer answers (SwiftShader without a GPU). */
export async function webglRenderer(browser: Browser): Promise<string> {
  const page = await browser.newPage();
  try {
    return await page.evaluate<string>(`(() => {
      const canvas = document.createElement('canvas');
      const gl = canvas.getContext('webgl2') || canvas.getContext('webgl');
      if (!gl) return 'no WebGL';
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      return (gl instanceof WebGL2RenderingContext ? 'WebGL 2: ' : 'WebGL 1: ') + String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    })()`);
  } finally {
    await page.close();
  }
}
