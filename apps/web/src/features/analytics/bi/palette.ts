/** The share page's chart colours, series by series (also the benchmarks' library charts: bench/charts.bench.ts). */
export const PALETTE = ['#1d5fd1', '#36b37e', '#f5a623', '#8e6cd8', '#e5484d', '#13a8a8', '#8c8c8c', '#d46b08'];
