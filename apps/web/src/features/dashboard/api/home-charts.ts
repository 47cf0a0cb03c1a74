import { queryOptions } from '@tanstack/react-query';
import { API, type HomeChartSeries } from '@field-portal/shared';
import { getResult } from '@/lib/http';

/** The home page's charts (data management's home charts). */
export const homeChartsQuery = queryOptions({
  queryKey: ['dashboard', 'charts'],
  queryFn: () => getResult<HomeChartSeries[]>(API.apps.data.homeCharts),
});
