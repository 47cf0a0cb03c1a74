import { queryOptions } from '@tanstack/react-query';
import { API, type HomeStatistics } from '@field-portal/shared';
import { getResult } from '@/lib/http';

/** GET /API-SYSTEM/home/statistics: platform figures and the dashboard tiles. */
export const homeStatisticsQuery = queryOptions({
  queryKey: ['dashboard', 'statistics'],
  queryFn: () => getResult<HomeStatistics>(API.system.homeStatistics),
});
