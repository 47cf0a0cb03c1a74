import { describe, expect, it } from 'vitest';
import { RequestDurations } from './request-durations.js';

describe('request durations (the /metrics histogram kept outside prom-client)', () => {
  it('writes cumulative buckets, +Inf, sum and count per method, route and status class', () => {
    const durations = new RequestDurations('portal_http_request_duration_seconds', 'HTTP requests');
    durations.observe('GET', '/API-SYSTEM/user/info', 200, 0.003);
    durations.observe('GET', '/API-SYSTEM/user/info', 204, 0.02);
    durations.observe('GET', '/API-SYSTEM/user/info', 200, 30);
    durations.observe('POST', '/API-SYSTEM/login', 401, 0.3);
    const lines = durations.text().split('\n');
    const info = 'method="GET",route="/API-SYSTEM/user/info",status_class="2xx"';
    expect(lines.slice(0, 2)).toEqual(['# HELP portal_http_request_duration_seconds HTTP requests', '# TYPE portal_http_request_duration_seconds histogram']);
    expect(lines).toContain(`portal_http_request_duration_seconds_bucket{le="0.005",${info}} 1`);
    expect(lines).toContain(`portal_http_request_duration_seconds_bucket{le="0.01",${info}} 1`);
    expect(lines).toContain(`portal_http_request_duration_seconds_bucket{le="0.025",${info}} 2`);
    expect(lines).toContain(`portal_http_request_duration_seconds_bucket{le="10",${info}} 2`);
    expect(lines).toContain(`portal_http_request_duration_seconds_bucket{le="+Inf",${info}} 3`);
    expect(lines).toContain(`portal_http_request_duration_seconds_count{${info}} 3`);
    expect(Number(lines.find((l) => l.startsWith(`portal_http_request_duration_seconds_sum{${info}}`))?.split(' ')[1])).toBeCloseTo(30.023, 9);
    expect(lines).toContain('portal_http_request_duration_seconds_count{method="POST",route="/API-SYSTEM/login",status_class="4xx"} 1');
    expect(lines.filter((l) => l.includes('_bucket{')).length).toBe(2 * 12);
  });

  it('escapes a label value as the text format asks', () => {
    const durations = new RequestDurations('d', 'h');
    durations.observe('GET', '/a"b\\c\nd', 500, 1);
    expect(durations.text()).toContain('d_count{method="GET",route="/a\\"b\\\\c\\nd",status_class="5xx"} 1');
  });

  it('writes only its header before the first request', () => {
    expect(new RequestDurations('d', 'h').text()).toBe('# HELP d h\n# TYPE d histogram\n');
  });
});
