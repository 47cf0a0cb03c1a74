import { BarsChart } from '@/components/charts/BarsChart';
import { abbreviate, formatCount } from '@/lib/format';

export interface TopTenItem {
  name: string;
  value: number;
}

/** A top-10 distribution (spec 001 section 9) as horizontal bars, largest on top (SVG, components/charts). */
export default function TopTenChart({ items, label }: { items: TopTenItem[]; label: string }) {
  // The first category is drawn at the bottom: reversed, the largest is on top.
  const rows = [...items].reverse();
  return (
    <BarsChart
      className="fp-cust-chart"
      horizontal
      categories={rows.map((r) => r.name)}
      series={[{ name: label, values: rows.map((r) => r.value), color: '#1d5fd1' }]}
      barMaxWidth={16}
      barRadius={4}
      labels={abbreviate}
      labelColor="#6b7585"
      axisFormat={abbreviate}
      valueFormat={formatCount}
      pointer="shadow"
      label={label}
    />
  );
}
